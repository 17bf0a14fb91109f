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

use super::emails::EmailState;
use crate::extract::JsonBody;
use crate::extract::{AdminSession, OwnerSession, PublicWrite};
use crate::state::ApiState;
use crate::wire;
use crate::wire::fields::{
    ArticleText, EmailAddress, Honeypot, InterestChoice, LongText, MediaUrl, ShortText, SlugText,
};
use crate::wire::messages::*;
use crate::wire::paging::{ListSearch, PageParams, Paged};
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
    /// From `readAt` and `answeredAt`.
    pub state: wire::MessageState,
    /// When the owner first opened it; null while it is new.
    pub read_at: Option<DateTime<Utc>>,
    /// When it was answered (a reply, or marked answered); null until then.
    pub answered_at: Option<DateTime<Utc>>,
}

impl From<model::ContactMessage> for ContactMessage {
    fn from(m: model::ContactMessage) -> Self {
        Self {
            id: m.id,
            state: m.state().into(),
            first_name: m.first_name,
            last_name: m.last_name,
            email: m.email,
            interest: m.interest,
            message: m.message,
            created_at: m.created_at,
            read_at: m.read_at,
            answered_at: m.answered_at,
        }
    }
}

/// The owner's answer to a message, kept with it.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContactMessageReply {
    pub id: Uuid,
    /// The reply's text, line breaks kept.
    pub message: String,
    /// The admin who sent it (their e-mail at the time).
    pub sent_by: String,
    pub created_at: DateTime<Utc>,
    /// Its mail to the guest (`GET /api/admin/emails/{id}`); null once that
    /// mail is gone from the outbox.
    pub email_id: Option<Uuid>,
    /// Where that mail stands: `queued`, `sending`, `sent` or `failed`.
    pub email_state: Option<EmailState>,
}

impl From<model::ContactReply> for ContactMessageReply {
    fn from(r: model::ContactReply) -> Self {
        Self {
            id: r.id,
            message: r.text,
            sent_by: r.sent_by,
            created_at: r.created_at,
            email_id: r.mail.map(|mail| mail.id),
            email_state: r.mail.map(|mail| mail.state.into()),
        }
    }
}

/// A message with every reply to it, oldest first.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContactMessageThread {
    #[serde(flatten)]
    pub message: ContactMessage,
    pub replies: Vec<ContactMessageReply>,
}

impl From<model::MessageThread> for ContactMessageThread {
    fn from(thread: model::MessageThread) -> Self {
        Self {
            message: thread.message.into(),
            replies: thread.replies.into_iter().map(ContactMessageReply::from).collect(),
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct MessageStateInput {
    #[serde(default)]
    #[schema(required = true, value_type = wire::MessageState)]
    pub state: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ReplyInput {
    /// The answer mailed to the guest, who gets their own message quoted below it.
    #[serde(default)]
    #[schema(required = true)]
    pub message: LongText,
}

impl ReplyInput {
    pub fn try_into_domain(self) -> Result<model::ReplyText, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        errors.field("message", model::ReplyText::parse(&self.message.0), REPLY_REQUIRED).ok_or(errors)
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
        (status = 403, description = "Only an owner may do this (docs/decisions.md §18)", body = ErrorBody),
        (status = 201, description = "Published", body = BlogPost),
        (status = 400, description = "Invalid fields", body = ErrorBody),
        (status = 409, description = "The slug is taken", body = ErrorBody)))]
pub async fn create_post(
    admin: OwnerSession,
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
        (status = 403, description = "Only an owner may do this (docs/decisions.md §18)", body = ErrorBody),
        (status = 200, description = "Updated", body = BlogPost),
        (status = 400, description = "Invalid fields", body = ErrorBody),
        (status = 404, description = "No such post", body = ErrorBody),
        (status = 409, description = "The slug is taken", body = ErrorBody)))]
pub async fn update_post(
    admin: OwnerSession,
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
        (status = 403, description = "Only an owner may do this (docs/decisions.md §18)", body = ErrorBody),
        (status = 204, description = "Deleted"),
        (status = 404, description = "No such post", body = ErrorBody)))]
pub async fn delete_post(
    admin: OwnerSession,
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

/// The Messages tab's filter (beside its search, days and page: `wire::paging`).
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MessageFilter {
    #[param(value_type = Option<wire::MessageState>)]
    pub state: Option<wire::MessageState>,
}

/// `GET /api/admin/contact-messages`: what the dashboard reads (the
/// specification's `GET /api/contact-messages` still answers every message).
#[utoipa::path(get, path = "/api/admin/contact-messages", tag = "Contact", params(ListSearch, MessageFilter, PageParams),
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "A page of the matching messages, newest first", body = Paged<ContactMessage>),
        (status = 400, description = "A search, date, state, page link or limit that cannot be read", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody)))]
pub async fn page_messages(
    _admin: AdminSession,
    state: web::Data<ApiState>,
    search: web::Query<ListSearch>,
    filter: web::Query<MessageFilter>,
    page: web::Query<PageParams>,
) -> Result<web::Json<Paged<ContactMessage>>, ApiError> {
    let query = message_query(
        search.into_inner(),
        filter.into_inner(),
        Some(page.into_inner()),
        state.clock.as_ref(),
    )?;
    let page = state.content_store.page_messages(query).await?;
    Ok(web::Json(Paged::of(page)))
}

/// The query as the store takes it (the CSV export reads the same parameters).
pub(crate) fn message_query(
    search: ListSearch,
    filter: MessageFilter,
    page: Option<PageParams>,
    clock: &dyn ports::Clock,
) -> Result<model::MessageQuery, ApiError> {
    let mut errors = ValidationErrors::default();
    let list = search.read(page, &mut errors);
    errors.into_result(|| ())?;
    Ok(model::MessageQuery {
        search: list.search,
        state: filter.state.map(Into::into),
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

#[utoipa::path(get, path = "/api/admin/contact-messages/{id}", tag = "Contact",
    params(("id" = Uuid, Path, description = "Message id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "The message with its replies, oldest first, each with its mail's state", body = ContactMessageThread),
        (status = 404, description = "No such message", body = ErrorBody)))]
pub async fn get_message(
    _admin: AdminSession,
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
) -> Result<web::Json<ContactMessageThread>, ApiError> {
    let thread = state.content_store.get_message(*id).await.map_err(ApiError::repo("Message"))?;
    Ok(web::Json(thread.into()))
}

#[utoipa::path(put, path = "/api/admin/contact-messages/{id}/state", tag = "Contact", request_body = MessageStateInput,
    params(("id" = Uuid, Path, description = "Message id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Marked. `read` and `answered` keep the time a message was first read or \
            answered (`answered` by hand is for a message answered another way, such as by phone); `read` forgets \
            an answer; `new` (unread) clears both times", body = ContactMessage),
        (status = 400, description = "Unknown state", body = ErrorBody),
        (status = 404, description = "No such message", body = ErrorBody)))]
pub async fn set_message_state(
    admin: AdminSession,
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
    input: JsonBody<MessageStateInput>,
) -> Result<web::Json<ContactMessage>, ApiError> {
    let marked = model::MessageState::from_text(&input.state)
        .ok_or_else(|| ValidationErrors::single("state", MESSAGE_STATE_CHOICE))?;
    let message = state
        .content_store
        .set_message_state(*id, marked, state.clock.now(), admin.actor())
        .await
        .map_err(ApiError::repo("Message"))?;
    Ok(web::Json(message.into()))
}

#[utoipa::path(post, path = "/api/admin/contact-messages/{id}/replies", tag = "Contact", request_body = ReplyInput,
    params(("id" = Uuid, Path, description = "Message id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 201, description = "Kept with the message and queued in the mail outbox to the guest (their \
            message quoted below it); the message is now answered", body = ContactMessageReply),
        (status = 400, description = "Blank or too long a reply", body = ErrorBody),
        (status = 404, description = "No such message", body = ErrorBody)))]
pub async fn reply_to_message(
    admin: AdminSession,
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
    input: JsonBody<ReplyInput>,
) -> Result<HttpResponse, ApiError> {
    let text = input.into_inner().try_into_domain()?;
    let reply = state
        .content_store
        .reply_to_message(*id, text, state.clock.now(), admin.actor())
        .await
        .map_err(ApiError::repo("Message"))?;
    Ok(HttpResponse::Created().json(ContactMessageReply::from(reply)))
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
        (status = 403, description = "Only an owner may do this (docs/decisions.md §18)", body = ErrorBody),
        (status = 200, description = "Every subscriber, newest first", body = [NewsletterSubscription])))]
pub async fn list_subscriptions(
    _admin: OwnerSession,
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

/// `GET /api/admin/subscribers`: the newsletter's list a page at a time
/// (`GET /api/admin/newsletter-subscriptions` still answers every one).
#[utoipa::path(get, path = "/api/admin/subscribers", tag = "Newsletter", params(ListSearch, PageParams),
    security(("bearer_auth" = [])),
    responses(
        (status = 403, description = "Only an owner may do this (docs/decisions.md §18)", body = ErrorBody),
        (status = 200, description = "A page of the matching subscribers, newest first", body = Paged<NewsletterSubscription>),
        (status = 400, description = "A search, date, page link or limit that cannot be read", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody)))]
pub async fn page_subscribers(
    _admin: OwnerSession,
    state: web::Data<ApiState>,
    search: web::Query<ListSearch>,
    page: web::Query<PageParams>,
) -> Result<web::Json<Paged<NewsletterSubscription>>, ApiError> {
    let query = subscriber_query(search.into_inner(), Some(page.into_inner()), state.clock.as_ref())?;
    let page = state.content_store.page_subscriptions(query).await?;
    Ok(web::Json(Paged::of(page)))
}

/// The query as the store takes it (the CSV export reads the same parameters).
pub(crate) fn subscriber_query(
    search: ListSearch,
    page: Option<PageParams>,
    clock: &dyn ports::Clock,
) -> Result<model::SubscriberQuery, ApiError> {
    let mut errors = ValidationErrors::default();
    let list = search.read(page, &mut errors);
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
    fn a_reply_is_required_and_at_most_long_text() {
        let reply = |body: serde_json::Value| {
            serde_json::from_value::<ReplyInput>(body).expect("shape").try_into_domain()
        };
        for blank in [json!({}), json!({"message": ""}), json!({"message": " \n\t "})] {
            assert_eq!(reply(blank).expect_err("blank").message_for("message"), Some(REPLY_REQUIRED));
        }
        let long = reply(json!({"message": "a".repeat(5_001)})).expect_err("too long");
        assert_eq!(long.message_for("message"), Some("Must be at most 5000 characters"));
        assert_eq!(reply(json!({"message": " Yes.\nOlive "})).expect("valid").as_str(), "Yes.\nOlive");
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
