//! The journal, contact messages and newsletter sign-ups.

use actix_web::{HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use domain::content as model;

use crate::error::{ApiError, ErrorBody, JsonBody};
use crate::state::{AdminSession, AppState};
use crate::wire;

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
            published_at: p.published_at,
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlogPostInput {
    #[serde(default)]
    pub title: String,
    /// Lowercase letters, digits and hyphens; spaces become hyphens.
    #[serde(default)]
    pub slug: String,
    #[serde(default)]
    pub excerpt: String,
    #[serde(default)]
    pub content: String,
    #[serde(default)]
    pub image: String,
}

impl BlogPostInput {
    fn into_domain(self) -> Result<model::NewBlogPost, ApiError> {
        Ok(model::BlogPostForm {
            title: self.title,
            slug: self.slug,
            excerpt: self.excerpt,
            content: self.content,
            image: self.image,
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
    pub first_name: String,
    #[serde(default)]
    pub last_name: String,
    #[serde(default)]
    pub email: String,
    /// Optional; blank means none.
    #[serde(default)]
    #[schema(value_type = Option<wire::Interest>)]
    pub interest: Option<String>,
    #[serde(default)]
    pub message: String,
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
    pub email: String,
}

#[utoipa::path(get, path = "/api/blog-posts", tag = "Journal",
    responses((status = 200, description = "Every post, newest first", body = [BlogPost])))]
pub async fn list_posts(state: web::Data<AppState>) -> Result<web::Json<Vec<BlogPost>>, ApiError> {
    Ok(web::Json(state.content.list_posts().await?.into_iter().map(BlogPost::from).collect()))
}

#[utoipa::path(get, path = "/api/blog-posts/{slug}", tag = "Journal",
    params(("slug" = String, Path, description = "The post's slug")),
    responses(
        (status = 200, description = "The post", body = BlogPost),
        (status = 404, description = "No post has this slug", body = ErrorBody)))]
pub async fn get_post(
    state: web::Data<AppState>,
    slug: web::Path<String>,
) -> Result<web::Json<BlogPost>, ApiError> {
    if !model::Slug::parse(&slug).is_ok_and(|parsed| parsed.as_str() == slug.as_str()) {
        return Err(ApiError::NotFound("Post not found".to_owned()));
    }
    let post = state.content.get_post_by_slug(&slug).await.map_err(ApiError::repo("Post"))?;
    Ok(web::Json(post.into()))
}

#[utoipa::path(post, path = "/api/blog-posts", tag = "Journal", request_body = BlogPostInput,
    security(("bearer_auth" = [])),
    responses(
        (status = 201, description = "Published", body = BlogPost),
        (status = 400, description = "Invalid fields", body = ErrorBody),
        (status = 401, description = "Not an admin", body = ErrorBody),
        (status = 409, description = "The slug is taken", body = ErrorBody)))]
pub async fn create_post(
    _admin: AdminSession,
    state: web::Data<AppState>,
    input: JsonBody<BlogPostInput>,
) -> Result<HttpResponse, ApiError> {
    let post = state.content.create_post(input.into_inner().into_domain()?).await?;
    Ok(HttpResponse::Created().json(BlogPost::from(post)))
}

#[utoipa::path(put, path = "/api/admin/blog-posts/{id}", tag = "Journal", request_body = BlogPostInput,
    params(("id" = Uuid, Path, description = "Post id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Updated", body = BlogPost),
        (status = 400, description = "Invalid fields", body = ErrorBody),
        (status = 401, description = "Not an admin", body = ErrorBody),
        (status = 404, description = "No such post", body = ErrorBody),
        (status = 409, description = "The slug is taken", body = ErrorBody)))]
pub async fn update_post(
    _admin: AdminSession,
    state: web::Data<AppState>,
    id: web::Path<Uuid>,
    input: JsonBody<BlogPostInput>,
) -> Result<web::Json<BlogPost>, ApiError> {
    let post = input.into_inner().into_domain()?;
    let post = state.content.update_post(*id, post).await.map_err(ApiError::repo("Post"))?;
    Ok(web::Json(post.into()))
}

#[utoipa::path(delete, path = "/api/admin/blog-posts/{id}", tag = "Journal",
    params(("id" = Uuid, Path, description = "Post id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 204, description = "Deleted"),
        (status = 401, description = "Not an admin", body = ErrorBody),
        (status = 404, description = "No such post", body = ErrorBody)))]
pub async fn delete_post(
    _admin: AdminSession,
    state: web::Data<AppState>,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    state.content.delete_post(*id).await.map_err(ApiError::repo("Post"))?;
    Ok(HttpResponse::NoContent().finish())
}

#[utoipa::path(post, path = "/api/contact-messages", tag = "Contact", request_body = ContactMessageInput,
    responses(
        (status = 201, description = "Received", body = ContactMessage),
        (status = 400, description = "Invalid fields", body = ErrorBody)))]
pub async fn create_message(
    state: web::Data<AppState>,
    input: JsonBody<ContactMessageInput>,
) -> Result<HttpResponse, ApiError> {
    let input = input.into_inner();
    let message = model::ContactForm {
        first_name: input.first_name,
        last_name: input.last_name,
        email: input.email,
        interest: input.interest,
        message: input.message,
    }
    .validate()?;
    let message = state.content.create_message(message).await?;
    Ok(HttpResponse::Created().json(ContactMessage::from(message)))
}

#[utoipa::path(get, path = "/api/contact-messages", tag = "Contact",
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Every message, newest first", body = [ContactMessage]),
        (status = 401, description = "Not an admin", body = ErrorBody)))]
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
        (status = 401, description = "Not an admin", body = ErrorBody),
        (status = 404, description = "No such message", body = ErrorBody)))]
pub async fn delete_message(
    _admin: AdminSession,
    state: web::Data<AppState>,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    state.content.delete_message(*id).await.map_err(ApiError::repo("Message"))?;
    Ok(HttpResponse::NoContent().finish())
}

#[utoipa::path(post, path = "/api/newsletter-subscriptions", tag = "Newsletter", request_body = NewsletterInput,
    responses(
        (status = 201, description = "Subscribed (also when already subscribed)", body = NewsletterSubscription),
        (status = 400, description = "Invalid email", body = ErrorBody)))]
pub async fn subscribe(
    state: web::Data<AppState>,
    input: JsonBody<NewsletterInput>,
) -> Result<HttpResponse, ApiError> {
    let email = domain::Email::parse(&input.email)
        .map_err(|message| ApiError::Validation(domain::ValidationErrors::single("email", message)))?;
    let subscription = state.content.subscribe(email).await?;
    Ok(HttpResponse::Created().json(NewsletterSubscription::from(subscription)))
}

#[utoipa::path(get, path = "/api/admin/newsletter-subscriptions", tag = "Newsletter",
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Every subscriber, newest first", body = [NewsletterSubscription]),
        (status = 401, description = "Not an admin", body = ErrorBody)))]
pub async fn list_subscriptions(
    _admin: AdminSession,
    state: web::Data<AppState>,
) -> Result<web::Json<Vec<NewsletterSubscription>>, ApiError> {
    Ok(web::Json(
        state.content.list_subscriptions().await?.into_iter().map(NewsletterSubscription::from).collect(),
    ))
}
