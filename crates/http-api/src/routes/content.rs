//! The journal, contact messages and newsletter sign-ups.

use actix_web::{HttpRequest, HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use domain::content as model;

use crate::cache;
use crate::error::{ApiError, ErrorBody, JsonBody};
use crate::state::{AdminSession, AppState, PublicWrite};
use crate::wire::fields::{
    ArticleText, EmailAddress, Honeypot, InterestChoice, LongText, MediaUrl, ShortText, SlugText,
};
use crate::wire::{self, Pictured};

/// A journal post. `content` is plain text: paragraphs are separated by a
/// blank line and a paragraph starting with "## " is a subheading.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlogPost {
    pub id: Uuid,
    pub title: String,
    pub slug: String,
    pub excerpt: String,
    pub content: String,
    pub image: String,
    /// The image's intrinsic size when it is one of the site's media files
    /// (null for an external URL or a missing file). Answers only.
    #[serde(default)]
    pub image_size: Option<wire::ImageSize>,
    pub published_at: DateTime<Utc>,
}

impl From<model::BlogPost> for BlogPost {
    fn from(p: model::BlogPost) -> Self {
        Self {
            id: p.id,
            title: p.title,
            slug: p.slug.into_string(),
            excerpt: p.excerpt,
            content: p.content,
            image: p.image,
            image_size: None,
            published_at: p.published_at,
        }
    }
}

impl wire::Pictured for BlogPost {
    fn sized(self, images: &image_variants::ImageLibrary) -> Self {
        Self { image_size: wire::image_size(images, &self.image), ..self }
    }
}

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
    fn into_domain(self) -> Result<model::NewBlogPost, ApiError> {
        Ok(model::BlogPostForm {
            title: self.title.into_inner(),
            slug: self.slug.into_inner(),
            excerpt: self.excerpt.into_inner(),
            content: self.content.into_inner(),
            image: self.image.into_inner(),
        }
        .validate()?)
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
pub async fn list_posts(req: HttpRequest, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    Ok(cache::respond(&req, posts_answer(&state).await?))
}

/// The JSON of `GET /api/blog-posts`.
pub(crate) async fn posts_answer(state: &AppState) -> Result<cache::Answer, ApiError> {
    let load = || async {
        Ok(state
            .content
            .list_posts()
            .await?
            .into_iter()
            .map(|post| BlogPost::from(post).sized(&state.images))
            .collect::<Vec<_>>())
    };
    state.cache.kept("posts", load).await
}

#[utoipa::path(get, path = "/api/blog-posts/{slug}", tag = "Journal",
    params(("slug" = String, Path, description = "The post's slug", max_length = 120, pattern = r"^[a-z0-9]+(-[a-z0-9]+)*$")),
    responses(
        (status = 200, description = "The post (from memory, with a strong ETag)", body = BlogPost),
        (status = 304, description = "Not modified: If-None-Match names the current ETag"),
        (status = 404, description = "No post has this slug", body = ErrorBody)))]
pub async fn get_post(
    req: HttpRequest,
    state: web::Data<AppState>,
    slug: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    Ok(cache::respond(&req, post_answer(&state, &slug).await?))
}

/// The JSON of `GET /api/blog-posts/{slug}`; 404 for a slug that is not one.
pub(crate) async fn post_answer(state: &AppState, slug: &str) -> Result<cache::Answer, ApiError> {
    if !model::Slug::parse(slug).is_ok_and(|parsed| parsed.as_str() == slug) {
        return Err(ApiError::not_found("Post"));
    }
    let load = || async {
        let post = state.content.get_post_by_slug(slug).await.map_err(ApiError::repo("Post"))?;
        Ok(BlogPost::from(post).sized(&state.images))
    };
    state.cache.kept(&format!("post:{slug}"), load).await
}

#[utoipa::path(post, path = "/api/blog-posts", tag = "Journal", request_body = BlogPostInput,
    security(("bearer_auth" = [])),
    responses(
        (status = 201, description = "Published", body = BlogPost),
        (status = 400, description = "Invalid fields", body = ErrorBody),
        (status = 409, description = "The slug is taken", body = ErrorBody)))]
pub async fn create_post(
    admin: AdminSession,
    state: web::Data<AppState>,
    input: JsonBody<BlogPostInput>,
) -> Result<HttpResponse, ApiError> {
    let post = state.content.create_post(input.into_inner().into_domain()?, admin.actor()).await?;
    Ok(HttpResponse::Created().json(BlogPost::from(post).sized(&state.images)))
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
    state: web::Data<AppState>,
    id: web::Path<Uuid>,
    input: JsonBody<BlogPostInput>,
) -> Result<web::Json<BlogPost>, ApiError> {
    let post = input.into_inner().into_domain()?;
    let post = state.content.update_post(*id, post, admin.actor()).await.map_err(ApiError::repo("Post"))?;
    Ok(web::Json(BlogPost::from(post).sized(&state.images)))
}

#[utoipa::path(delete, path = "/api/admin/blog-posts/{id}", tag = "Journal",
    params(("id" = Uuid, Path, description = "Post id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 204, description = "Deleted"),
        (status = 404, description = "No such post", body = ErrorBody)))]
pub async fn delete_post(
    admin: AdminSession,
    state: web::Data<AppState>,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    state.content.delete_post(*id, admin.actor()).await.map_err(ApiError::repo("Post"))?;
    Ok(HttpResponse::NoContent().finish())
}

#[utoipa::path(post, path = "/api/contact-messages", tag = "Contact", request_body = ContactMessageInput,
    responses(
        (status = 201, description = "Received", body = ContactMessage),
        (status = 400, description = "Invalid fields", body = ErrorBody),
        (status = 429, description = "Too many requests from this address (`rate_limited`); see Retry-After", body = ErrorBody)))]
pub async fn create_message(
    _limit: PublicWrite,
    state: web::Data<AppState>,
    input: JsonBody<ContactMessageInput>,
) -> Result<HttpResponse, ApiError> {
    let input = input.into_inner();
    input.website.check()?;
    let message = model::ContactForm {
        first_name: input.first_name.into_inner(),
        last_name: input.last_name.into_inner(),
        email: input.email.into_inner(),
        interest: input.interest.into_inner(),
        message: input.message.into_inner(),
    }
    .validate()?;
    let message = state.content.create_message(message).await?;
    Ok(HttpResponse::Created().json(ContactMessage::from(message)))
}

#[utoipa::path(get, path = "/api/contact-messages", tag = "Contact",
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Every message, newest first", body = [ContactMessage])))]
pub async fn list_messages(
    _admin: AdminSession,
    state: web::Data<AppState>,
) -> Result<web::Json<Vec<ContactMessage>>, ApiError> {
    Ok(web::Json(state.content.list_messages().await?.into_iter().map(ContactMessage::from).collect()))
}

#[utoipa::path(delete, path = "/api/admin/contact-messages/{id}", tag = "Contact",
    params(("id" = Uuid, Path, description = "Message id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 204, description = "Deleted"),
        (status = 404, description = "No such message", body = ErrorBody)))]
pub async fn delete_message(
    admin: AdminSession,
    state: web::Data<AppState>,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    state.content.delete_message(*id, admin.actor()).await.map_err(ApiError::repo("Message"))?;
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
    state: web::Data<AppState>,
    input: JsonBody<NewsletterInput>,
) -> Result<HttpResponse, ApiError> {
    let input = input.into_inner();
    input.website.check()?;
    let email = domain::Email::parse(&input.email.into_inner())
        .map_err(|message| ApiError::validation(domain::ValidationErrors::single("email", message)))?;
    let subscription = state.content.subscribe(email).await?;
    Ok(HttpResponse::Created().json(NewsletterSubscription::from(subscription)))
}

#[utoipa::path(get, path = "/api/admin/newsletter-subscriptions", tag = "Newsletter",
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Every subscriber, newest first", body = [NewsletterSubscription])))]
pub async fn list_subscriptions(
    _admin: AdminSession,
    state: web::Data<AppState>,
) -> Result<web::Json<Vec<NewsletterSubscription>>, ApiError> {
    Ok(web::Json(
        state.content.list_subscriptions().await?.into_iter().map(NewsletterSubscription::from).collect(),
    ))
}
