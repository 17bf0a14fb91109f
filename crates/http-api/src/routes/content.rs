//! The journal, contact messages and newsletter sign-ups.

use actix_web::{HttpRequest, HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
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
    ArticleText, EmailAddress, Honeypot, InterestChoice, LongText, MediaUrl, ShortText, SlugText,
};
use crate::wire::messages::*;
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
}

impl From<model::ContactMessage> for ContactMessage {
    fn from(m: model::ContactMessage) -> Self {
        Self {
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
