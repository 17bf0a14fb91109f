//! The journal, contact messages and newsletter sign-ups.

use actix_web::{HttpRequest, HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use catalogue::CatalogueRead;
use catalogue::model::{BlogPost, published};
use domain::content as model;
use domain::validation as rule;

use crate::extract::JsonBody;
use crate::extract::{AdminSession, PublicWrite};
use crate::state::ApiState;
use crate::wire;
use crate::wire::fields::{
    ArticleText, CalendarDate, EmailAddress, Honeypot, InterestChoice, LongText, MediaUrl, ShortText,
    SlugText,
};
use crate::wire::messages::*;
use crate::wire::paging::ListParams;
use http_common::{ApiError, ErrorBody, ValidationErrors};

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlogPostInput {
    #[serde(default)]
    #[schema(required = true)]
    pub title: ShortText,
    /// Unique among posts (otherwise 409 `duplicate_slug`).
    #[serde(default)]
    #[schema(required = true)]
    pub slug: SlugText,
    #[serde(default)]
    #[schema(required = true)]
    pub excerpt: LongText,
    /// Plain text: a blank line starts a paragraph, "## " a subheading.
    #[serde(default)]
    #[schema(required = true)]
    pub content: ArticleText,
    #[serde(default)]
    #[schema(required = true)]
    pub image: MediaUrl,
}

impl BlogPostInput {
    pub fn try_into_domain(self) -> Result<model::NewBlogPost, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let title = errors.field("title", rule::ShortText::parse(&self.title.0), TITLE_REQUIRED);
        let slug = errors.take("slug", model::Slug::parse(&self.slug.0));
        let excerpt = errors.field("excerpt", rule::LongText::parse(&self.excerpt.0), EXCERPT_REQUIRED);
        let content = errors.field("content", rule::ArticleText::parse(&self.content.0), CONTENT_REQUIRED);
        let image = errors.field("image", rule::MediaUrl::parse(&self.image.0), IMAGE_REQUIRED);
        match (title, slug, excerpt, content, image) {
            (Some(title), Some(slug), Some(excerpt), Some(content), Some(image)) => {
                Ok(model::NewBlogPost { title, slug, excerpt, content, image })
            }
            _ => Err(errors),
        }
    }
}

/// A message sent through the contact form.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContactMessage {
    pub id: Uuid,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    #[schema(value_type = Option<wire::Interest>)]
    pub interest: Option<String>,
    pub message: String,
    pub created_at: DateTime<Utc>,
    /// Where the owner is with it (additive).
    pub state: wire::MessageState,
    /// When the owner first opened it (additive).
    pub read_at: Option<DateTime<Utc>>,
    /// When it was answered (additive).
    pub answered_at: Option<DateTime<Utc>>,
}

impl From<model::ContactMessage> for ContactMessage {
    fn from(m: model::ContactMessage) -> Self {
        Self {
            state: m.state().into(),
            read_at: m.read_at,
            answered_at: m.answered_at,
            id: m.id,
            first_name: m.first_name,
            last_name: m.last_name,
            email: m.email,
            interest: m.interest,
            message: m.message,
            created_at: m.created_at,
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContactMessageInput {
    #[serde(default)]
    #[schema(required = true)]
    pub first_name: ShortText,
    #[serde(default)]
    #[schema(required = true)]
    pub last_name: ShortText,
    #[serde(default)]
    #[schema(required = true)]
    pub email: EmailAddress,
    #[serde(default)]
    pub interest: InterestChoice,
    #[serde(default)]
    #[schema(required = true)]
    pub message: LongText,
    #[serde(default)]
    pub website: Honeypot,
}

impl ContactMessageInput {
    pub fn try_into_domain(self) -> Result<model::NewContactMessage, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let first_name =
            errors.field("firstName", rule::PersonName::parse(&self.first_name.0), FIRST_NAME_REQUIRED);
        let last_name =
            errors.field("lastName", rule::PersonName::parse(&self.last_name.0), LAST_NAME_REQUIRED);
        let email = errors.take("email", rule::Email::parse(&self.email.0));
        let interest = errors.take(
            "interest",
            match self.interest.0.as_deref() {
                None | Some("") => Ok(None),
                Some(text) => model::Interest::from_text(text).map(Some).ok_or(INTEREST_CHOICE),
            },
        );
        let message = errors.field("message", rule::LongText::parse(&self.message.0), MESSAGE_REQUIRED);
        match (first_name, last_name, email, interest, message) {
            (Some(first_name), Some(last_name), Some(email), Some(interest), Some(message)) => {
                Ok(model::NewContactMessage { first_name, last_name, email, interest, message })
            }
            _ => Err(errors),
        }
    }
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewsletterSubscription {
    pub id: Uuid,
    pub email: String,
    pub created_at: DateTime<Utc>,
}

impl From<model::NewsletterSubscription> for NewsletterSubscription {
    fn from(s: model::NewsletterSubscription) -> Self {
        Self { id: s.id, email: s.email, created_at: s.created_at }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NewsletterInput {
    #[serde(default)]
    #[schema(required = true)]
    pub email: EmailAddress,
    #[serde(default)]
    pub website: Honeypot,
}

#[utoipa::path(get, path = "/api/blog-posts", tag = "Journal",
    responses(
        (status = 200, description = "Every post, newest first (from memory, with a strong ETag)", body = [BlogPost]),
        (status = 304, description = "Not modified: If-None-Match names the current ETag"),))]
pub async fn list_posts(req: HttpRequest, state: web::Data<ApiState>) -> Result<HttpResponse, ApiError> {
    super::catalogue_answer(&req, &state, &CatalogueRead::Posts, "Post").await
}

#[utoipa::path(get, path = "/api/blog-posts/{slug}", tag = "Journal",
    params(("slug" = String, Path, description = "The post's slug", max_length = 120, pattern = r"^[a-z0-9]+(-[a-z0-9]+)*$")),
    responses(
        (status = 200, description = "The post (from memory, with a strong ETag)", body = BlogPost),
        (status = 304, description = "Not modified: If-None-Match names the current ETag"),
        (status = 404, description = "No post has this slug", body = ErrorBody)))]
pub async fn get_post(
    req: HttpRequest,
    state: web::Data<ApiState>,
    slug: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    super::catalogue_answer(&req, &state, &CatalogueRead::Post(slug.into_inner()), "Post").await
}

#[utoipa::path(post, path = "/api/blog-posts", tag = "Journal", request_body = BlogPostInput,
    security(("bearer_auth" = [])),
    responses(
        (status = 201, description = "Published", body = BlogPost),
        (status = 400, description = "Invalid fields", body = ErrorBody),
        (status = 409, description = "The slug is taken", body = ErrorBody)))]
pub async fn create_post(
    admin: AdminSession,
    state: web::Data<ApiState>,
    input: JsonBody<BlogPostInput>,
) -> Result<HttpResponse, ApiError> {
    let post = state.content_store.create_post(input.into_inner().try_into_domain()?, admin.actor()).await?;
    state.catalogue.changed();
    Ok(HttpResponse::Created().json(published::<_, BlogPost>(post, state.catalogue.images())))
}

#[utoipa::path(put, path = "/api/admin/blog-posts/{id}", tag = "Journal", request_body = BlogPostInput,
    params(("id" = Uuid, Path, description = "Post id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Updated", body = BlogPost),
        (status = 400, description = "Invalid fields", body = ErrorBody),
        (status = 404, description = "No such post", body = ErrorBody),
        (status = 409, description = "The slug is taken", body = ErrorBody)))]
pub async fn update_post(
    admin: AdminSession,
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
    input: JsonBody<BlogPostInput>,
) -> Result<web::Json<BlogPost>, ApiError> {
    let post = input.into_inner().try_into_domain()?;
    let post =
        state.content_store.update_post(*id, post, admin.actor()).await.map_err(ApiError::repo("Post"))?;
    state.catalogue.changed();
    Ok(web::Json(published(post, state.catalogue.images())))
}

#[utoipa::path(delete, path = "/api/admin/blog-posts/{id}", tag = "Journal",
    params(("id" = Uuid, Path, description = "Post id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 204, description = "Deleted"),
        (status = 404, description = "No such post", body = ErrorBody)))]
pub async fn delete_post(
    admin: AdminSession,
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    state.content_store.delete_post(*id, admin.actor()).await.map_err(ApiError::repo("Post"))?;
    state.catalogue.changed();
    Ok(HttpResponse::NoContent().finish())
}

#[utoipa::path(post, path = "/api/contact-messages", tag = "Contact", request_body = ContactMessageInput,
    responses(
        (status = 201, description = "Received", body = ContactMessage),
        (status = 400, description = "Invalid fields", body = ErrorBody),
        (status = 429, description = "Too many requests from this address (`rate_limited`); see Retry-After", body = ErrorBody)))]
pub async fn create_message(
    _limit: PublicWrite,
    state: web::Data<ApiState>,
    input: JsonBody<ContactMessageInput>,
) -> Result<HttpResponse, ApiError> {
    let input = input.into_inner();
    input.website.check()?;
    let message = input.try_into_domain()?;
    let message = state.content_store.create_message(message).await?;
    Ok(HttpResponse::Created().json(ContactMessage::from(message)))
}

#[utoipa::path(get, path = "/api/contact-messages", tag = "Contact",
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Every message, newest first", body = [ContactMessage])))]
pub async fn list_messages(
    _admin: AdminSession,
    state: web::Data<ApiState>,
) -> Result<web::Json<Vec<ContactMessage>>, ApiError> {
    Ok(web::Json(state.content_store.list_messages().await?.into_iter().map(ContactMessage::from).collect()))
}

/// The Messages tab's query: a page of messages, newest first.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MessageListQuery {
    /// A name, an e-mail or words of the message (at least 3 characters).
    #[param(max_length = 100)]
    pub q: Option<String>,
    #[param(value_type = Option<wire::MessageState>)]
    pub state: Option<wire::MessageState>,
    /// Received on this day or later (yyyy-MM-dd, the retreat's time zone).
    #[param(value_type = Option<CalendarDate>)]
    pub from: Option<String>,
    /// Received on this day or earlier (yyyy-MM-dd, the retreat's time zone).
    #[param(value_type = Option<CalendarDate>)]
    pub to: Option<String>,
    /// The `next` of the page before: the page of older ones.
    #[param(max_length = 64)]
    pub after: Option<String>,
    /// The `previous` of the page after: the page of newer ones (not with `after`).
    #[param(max_length = 64)]
    pub before: Option<String>,
    /// Messages per page (default 50).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<i64>,
}

/// A page of contact messages.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContactMessagePage {
    /// Newest first.
    pub items: Vec<ContactMessage>,
    /// The `after` of the next (older) page; null on the last page.
    pub next: Option<String>,
    /// The `before` of the previous (newer) page; null on the first page.
    pub previous: Option<String>,
    /// How many match (at most 10,000 are counted: see `totalExact`).
    pub total: i64,
    /// False when more than 10,000 match: `total` is then "at least".
    pub total_exact: bool,
}

/// `GET /api/admin/contact-messages`: what the dashboard reads (the
/// specification's `GET /api/contact-messages` still answers every message).
#[utoipa::path(get, path = "/api/admin/contact-messages", tag = "Contact", params(MessageListQuery),
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "A page of the matching messages, newest first", body = ContactMessagePage),
        (status = 400, description = "A search, date, state, page link or limit that cannot be read", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody)))]
pub async fn page_messages(
    _admin: AdminSession,
    state: web::Data<ApiState>,
    query: web::Query<MessageListQuery>,
) -> Result<web::Json<ContactMessagePage>, ApiError> {
    let page =
        state.content_store.page_messages(message_query(query.into_inner(), state.clock.as_ref())?).await?;
    Ok(web::Json(ContactMessagePage {
        next: page.next.map(|cursor| cursor.encode()),
        previous: page.previous.map(|cursor| cursor.encode()),
        total: page.total.map_or(0, |total| total.count),
        total_exact: page.total.is_none_or(|total| total.exact),
        items: page.items.into_iter().map(ContactMessage::from).collect(),
    }))
}

/// The query as the store takes it (the CSV export reads the same parameters).
pub(crate) fn message_query(
    query: MessageListQuery,
    clock: &dyn ports::Clock,
) -> Result<model::MessageQuery, ApiError> {
    let mut errors = ValidationErrors::default();
    let list = ListParams {
        q: query.q,
        from: query.from,
        to: query.to,
        after: query.after,
        before: query.before,
        limit: query.limit,
    }
    .read(&mut errors);
    errors.into_result(|| ())?;
    Ok(model::MessageQuery {
        search: list.search,
        state: query.state.map(Into::into),
        received_from: list.from.map(|day| clock.start_of_local_day(day)),
        received_until: list.to.and_then(|day| day.succ_opt()).map(|day| clock.start_of_local_day(day)),
        page: list.page,
    })
}

#[utoipa::path(delete, path = "/api/admin/contact-messages/{id}", tag = "Contact",
    params(("id" = Uuid, Path, description = "Message id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 204, description = "Deleted"),
        (status = 404, description = "No such message", body = ErrorBody)))]
pub async fn delete_message(
    admin: AdminSession,
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    state.content_store.delete_message(*id, admin.actor()).await.map_err(ApiError::repo("Message"))?;
    Ok(HttpResponse::NoContent().finish())
}

#[utoipa::path(post, path = "/api/newsletter-subscriptions", tag = "Newsletter", request_body = NewsletterInput,
    responses(
        (status = 201, description = "Subscribed. A new address and one already subscribed get the same answer \
            (the sign-up is renewed: its time is now), so it never tells whether someone is subscribed.", body = NewsletterSubscription),
        (status = 400, description = "Invalid email", body = ErrorBody),
        (status = 429, description = "Too many requests from this address (`rate_limited`); see Retry-After", body = ErrorBody)))]
pub async fn subscribe(
    _limit: PublicWrite,
    state: web::Data<ApiState>,
    input: JsonBody<NewsletterInput>,
) -> Result<HttpResponse, ApiError> {
    let input = input.into_inner();
    input.website.check()?;
    let email = rule::Email::parse(&input.email.0)
        .map_err(|error| ValidationErrors::single("email", error.to_string()))?;
    let subscription = state.content_store.subscribe(email).await?;
    Ok(HttpResponse::Created().json(NewsletterSubscription::from(subscription)))
}

#[utoipa::path(get, path = "/api/admin/newsletter-subscriptions", tag = "Newsletter",
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Every subscriber, newest first", body = [NewsletterSubscription])))]
pub async fn list_subscriptions(
    _admin: AdminSession,
    state: web::Data<ApiState>,
) -> Result<web::Json<Vec<NewsletterSubscription>>, ApiError> {
    Ok(web::Json(
        state
            .content_store
            .list_subscriptions()
            .await?
            .into_iter()
            .map(NewsletterSubscription::from)
            .collect(),
    ))
}

/// The subscribers' list: a page of them, newest sign-up first.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SubscriberListQuery {
    /// Part of an e-mail address (at least 3 characters).
    #[param(max_length = 100)]
    pub q: Option<String>,
    /// Signed up on this day or later (yyyy-MM-dd).
    #[param(value_type = Option<CalendarDate>)]
    pub from: Option<String>,
    /// Signed up on this day or earlier (yyyy-MM-dd).
    #[param(value_type = Option<CalendarDate>)]
    pub to: Option<String>,
    /// The `next` of the page before: the page of older ones.
    #[param(max_length = 64)]
    pub after: Option<String>,
    /// The `previous` of the page after: the page of newer ones (not with `after`).
    #[param(max_length = 64)]
    pub before: Option<String>,
    /// Subscribers per page (default 50).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<i64>,
}

/// A page of newsletter subscribers.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubscriberPage {
    /// Newest sign-up first.
    pub items: Vec<NewsletterSubscription>,
    /// The `after` of the next (older) page; null on the last page.
    pub next: Option<String>,
    /// The `before` of the previous (newer) page; null on the first page.
    pub previous: Option<String>,
    /// How many match (at most 10,000 are counted: see `totalExact`).
    pub total: i64,
    /// False when more than 10,000 match: `total` is then "at least".
    pub total_exact: bool,
}

/// `GET /api/admin/subscribers`: the newsletter's list a page at a time
/// (`GET /api/admin/newsletter-subscriptions` still answers every one).
#[utoipa::path(get, path = "/api/admin/subscribers", tag = "Newsletter", params(SubscriberListQuery),
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "A page of the matching subscribers, newest first", body = SubscriberPage),
        (status = 400, description = "A search, date, page link or limit that cannot be read", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody)))]
pub async fn page_subscribers(
    _admin: AdminSession,
    state: web::Data<ApiState>,
    query: web::Query<SubscriberListQuery>,
) -> Result<web::Json<SubscriberPage>, ApiError> {
    let page = state
        .content_store
        .page_subscriptions(subscriber_query(query.into_inner(), state.clock.as_ref())?)
        .await?;
    Ok(web::Json(SubscriberPage {
        next: page.next.map(|cursor| cursor.encode()),
        previous: page.previous.map(|cursor| cursor.encode()),
        total: page.total.map_or(0, |total| total.count),
        total_exact: page.total.is_none_or(|total| total.exact),
        items: page.items.into_iter().map(NewsletterSubscription::from).collect(),
    }))
}

/// The query as the store takes it (the CSV export reads the same parameters).
pub(crate) fn subscriber_query(
    query: SubscriberListQuery,
    clock: &dyn ports::Clock,
) -> Result<model::SubscriberQuery, ApiError> {
    let mut errors = ValidationErrors::default();
    let list = ListParams {
        q: query.q,
        from: query.from,
        to: query.to,
        after: query.after,
        before: query.before,
        limit: query.limit,
    }
    .read(&mut errors);
    errors.into_result(|| ())?;
    Ok(model::SubscriberQuery {
        search: list.search,
        joined_from: list.from.map(|day| clock.start_of_local_day(day)),
        joined_until: list.to.and_then(|day| day.succ_opt()).map(|day| clock.start_of_local_day(day)),
        page: list.page,
    })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn a_contact_message_uses_the_spec_messages() {
        let input: ContactMessageInput = serde_json::from_value(json!({})).expect("shape");
        let errors = input.try_into_domain().expect_err("invalid");
        assert_eq!(errors.message_for("firstName"), Some(FIRST_NAME_REQUIRED));
        assert_eq!(errors.message_for("lastName"), Some(LAST_NAME_REQUIRED));
        assert_eq!(errors.message_for("email"), Some("Please enter a valid email address"));
        assert_eq!(errors.message_for("message"), Some(MESSAGE_REQUIRED));
        assert_eq!(errors.message_for("interest"), None);
    }

    #[test]
    fn a_contact_interest_is_optional_but_closed() {
        let message = |interest: &str| {
            let body = json!({"firstName": "Ada", "lastName": "Lovelace", "email": "ada@example.com",
                "interest": interest, "message": "Hello"});
            serde_json::from_value::<ContactMessageInput>(body).expect("shape").try_into_domain()
        };
        assert_eq!(message("").expect("valid").interest, None);
        assert_eq!(message("spa").expect("valid").interest, Some(model::Interest::Spa));
        assert!(message("'; DROP TABLE").is_err());
    }

    #[test]
    fn a_post_names_each_missing_field() {
        let input: BlogPostInput = serde_json::from_value(json!({})).expect("shape");
        let errors = input.try_into_domain().expect_err("invalid");
        for (field, message) in [
            ("title", TITLE_REQUIRED),
            ("slug", "Slug is required"),
            ("excerpt", EXCERPT_REQUIRED),
            ("content", CONTENT_REQUIRED),
            ("image", IMAGE_REQUIRED),
        ] {
            assert_eq!(errors.message_for(field), Some(message), "{field}");
        }
    }
}
