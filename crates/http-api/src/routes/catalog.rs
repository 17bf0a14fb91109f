//! Products, product media and services.

use actix_web::{HttpRequest, HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use domain::catalog as model;

use crate::cache;
use crate::error::{ApiError, ErrorBody, JsonBody};
use crate::state::{AdminSession, AppState};
use crate::wire::fields::{
    BookingKeyChoice, DurationMinutes, LongText, MediaUrl, Money, OptionalShortText, ShortText, SortOrder,
    StockQuantity,
};
use crate::wire::{self, Pictured, amount_text, form_whole};
use image_variants::ImageLibrary;

/// A product of the shop.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Product {
    pub id: Uuid,
    pub name: String,
    pub category: wire::ProductCategory,
    /// Price in dollars with two decimals.
    #[schema(example = "38.00")]
    pub price: String,
    pub description: String,
    /// Image URL (site-relative or absolute).
    pub image: String,
    /// The image's intrinsic size when it is one of the site's media files
    /// (null for an external URL or a missing file). Answers only; ignored
    /// in writes.
    #[serde(default)]
    pub image_size: Option<wire::ImageSize>,
    /// How many are left; null is unlimited. The shop says "Only N left" from
    /// 5 down and "Sold out" at 0.
    pub stock: Option<u32>,
}

impl From<model::Product> for Product {
    fn from(p: model::Product) -> Self {
        Self {
            id: p.id,
            name: p.name,
            category: p.category.into(),
            price: p.price.to_string(),
            description: p.description,
            image: p.image,
            image_size: None,
            stock: p.stock,
        }
    }
}

impl wire::Pictured for Product {
    fn sized(self, images: &image_variants::ImageLibrary) -> Self {
        Self { image_size: wire::image_size(images, &self.image), ..self }
    }
}

/// Product fields for create and update (a full replacement, but for
/// `stock`: not sent, it stays as it is on update and is unlimited on create).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductInput {
    #[serde(default)]
    #[schema(required = true)]
    pub name: ShortText,
    #[serde(default)]
    #[schema(required = true, value_type = wire::ProductCategory)]
    pub category: String,
    #[serde(default)]
    #[schema(required = true)]
    pub price: Money,
    #[serde(default)]
    #[schema(required = true)]
    pub description: LongText,
    /// The main picture, shown first in the carousel.
    #[serde(default)]
    #[schema(required = true)]
    pub image: MediaUrl,
    /// How many are left (0 to 100000), or null for unlimited.
    #[serde(default, deserialize_with = "wire::present")]
    pub stock: Option<StockQuantity>,
}

impl ProductInput {
    fn into_domain(self) -> Result<model::NewProduct, ApiError> {
        Ok(model::ProductForm {
            name: self.name.into_inner(),
            category: self.category,
            price: amount_text(&self.price.into_inner()),
            description: self.description.into_inner(),
            image: self.image.into_inner(),
            stock: match self.stock.map(StockQuantity::into_inner) {
                None => model::StockForm::Absent,
                Some(serde_json::Value::Null) => model::StockForm::Unlimited,
                Some(value) => model::StockForm::Quantity(form_whole(&value)),
            },
        }
        .validate()?)
    }
}

/// An image or video of a product, shown after its main image.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductMedia {
    pub id: Uuid,
    pub product_id: Uuid,
    pub url: String,
    /// An image's intrinsic size when it is one of the site's media files
    /// (null for a video, an external URL or a missing file).
    #[serde(default)]
    pub size: Option<wire::ImageSize>,
    #[serde(rename = "type")]
    pub media_type: wire::MediaType,
    pub title: Option<String>,
    pub sort_order: i32,
    pub created_at: DateTime<Utc>,
}

impl From<model::ProductMedia> for ProductMedia {
    fn from(m: model::ProductMedia) -> Self {
        Self {
            id: m.id,
            product_id: m.product_id,
            url: m.url,
            size: None,
            media_type: m.media_type.into(),
            title: m.title,
            sort_order: m.sort_order,
            created_at: m.created_at,
        }
    }
}

impl wire::Pictured for ProductMedia {
    fn sized(self, images: &image_variants::ImageLibrary) -> Self {
        let size = match self.media_type {
            wire::MediaType::Image => wire::image_size(images, &self.url),
            wire::MediaType::Video => None,
        };
        Self { size, ..self }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MediaInput {
    #[serde(default)]
    #[schema(required = true)]
    pub url: MediaUrl,
    #[serde(default, rename = "type")]
    #[schema(required = true, value_type = wire::MediaType)]
    pub media_type: String,
    #[serde(default)]
    pub title: OptionalShortText,
    /// Position in the gallery (the dashboard sends the current media count);
    /// left out or null: 0.
    #[serde(default)]
    pub sort_order: Option<SortOrder>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MediaOrderInput {
    #[serde(default)]
    #[schema(required = true)]
    pub sort_order: SortOrder,
}

/// A bookable service.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Service {
    pub id: Uuid,
    pub name: String,
    pub description: String,
    #[schema(example = "120.00")]
    pub price: String,
    /// Minutes.
    pub duration: i32,
    pub image: String,
    /// The image's intrinsic size when it is one of the site's media files
    /// (null for an external URL or a missing file). Answers only; ignored
    /// in writes.
    #[serde(default)]
    pub image_size: Option<wire::ImageSize>,
    /// The key guests book this service under (the booking dialog's choice),
    /// or null when it is not bookable online. Each key is on at most one
    /// service; capacity, prices and the quiz find a key's service by it.
    pub booking_key: Option<wire::ServiceKey>,
}

impl From<model::Service> for Service {
    fn from(s: model::Service) -> Self {
        Self {
            id: s.id,
            name: s.name,
            description: s.description,
            price: s.price.to_string(),
            duration: s.duration_minutes,
            image: s.image,
            image_size: None,
            booking_key: s.booking_key.map(Into::into),
        }
    }
}

impl wire::Pictured for Service {
    fn sized(self, images: &image_variants::ImageLibrary) -> Self {
        Self { image_size: wire::image_size(images, &self.image), ..self }
    }
}

/// Service fields for create and update (a full replacement, but for
/// `bookingKey`, which an update that leaves it out keeps).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ServiceInput {
    #[serde(default)]
    #[schema(required = true)]
    pub name: ShortText,
    #[serde(default)]
    #[schema(required = true)]
    pub description: LongText,
    /// Per person, or per night for a stay.
    #[serde(default)]
    #[schema(required = true)]
    pub price: Money,
    #[serde(default)]
    #[schema(required = true)]
    pub duration: DurationMinutes,
    #[serde(default)]
    #[schema(required = true)]
    pub image: MediaUrl,
    #[serde(default)]
    pub booking_key: BookingKeyChoice,
}

impl ServiceInput {
    fn into_domain(self) -> Result<model::NewService, ApiError> {
        Ok(model::ServiceForm {
            name: self.name.into_inner(),
            description: self.description.into_inner(),
            price: amount_text(&self.price.into_inner()),
            duration: form_whole(&self.duration.into_inner()),
            image: self.image.into_inner(),
            booking_key: self.booking_key.0,
        }
        .validate()?)
    }
}

/// Wire values of domain values, with their pictures' sizes.
fn list<T, U: From<T> + Pictured>(items: Vec<T>, images: &ImageLibrary) -> Vec<U> {
    items.into_iter().map(|item| U::from(item).sized(images)).collect()
}

/// One wire value of a domain value, with its pictures' sizes.
fn one<T, U: From<T> + Pictured>(item: T, images: &ImageLibrary) -> U {
    U::from(item).sized(images)
}

#[utoipa::path(get, path = "/api/products", tag = "Products",
    responses(
        (status = 200, description = "Every product, by name (from memory, with a strong ETag)", body = [Product]),
        (status = 304, description = "Not modified: If-None-Match names the current ETag"),))]
pub async fn list_products(req: HttpRequest, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    Ok(cache::respond(&req, products_answer(&state).await?))
}

/// The JSON of `GET /api/products` (server-rendered pages read it too).
pub(crate) async fn products_answer(state: &AppState) -> Result<cache::Answer, ApiError> {
    state
        .cache
        .kept("products", || async {
            Ok(list::<_, Product>(state.catalog.list_products().await?, &state.images))
        })
        .await
}

#[utoipa::path(get, path = "/api/products/{id}", tag = "Products",
    params(("id" = Uuid, Path, description = "Product id")),
    responses(
        (status = 200, description = "The product", body = Product),
        (status = 404, description = "No such product", body = ErrorBody)))]
pub async fn get_product(
    state: web::Data<AppState>,
    id: web::Path<Uuid>,
) -> Result<web::Json<Product>, ApiError> {
    let product = state.catalog.get_product(*id).await.map_err(ApiError::repo("Product"))?;
    Ok(web::Json(one(product, &state.images)))
}

#[utoipa::path(post, path = "/api/products", tag = "Products", request_body = ProductInput,
    security(("bearer_auth" = [])),
    responses(
        (status = 201, description = "Created", body = Product),
        (status = 400, description = "Invalid fields", body = ErrorBody)))]
pub async fn create_product(
    admin: AdminSession,
    state: web::Data<AppState>,
    input: JsonBody<ProductInput>,
) -> Result<HttpResponse, ApiError> {
    let product = state.catalog.create_product(input.into_inner().into_domain()?, admin.actor()).await?;
    Ok(HttpResponse::Created().json(one::<_, Product>(product, &state.images)))
}

#[utoipa::path(put, path = "/api/admin/products/{id}", tag = "Products", request_body = ProductInput,
    params(("id" = Uuid, Path, description = "Product id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Updated", body = Product),
        (status = 400, description = "Invalid fields", body = ErrorBody),
        (status = 404, description = "No such product", body = ErrorBody)))]
pub async fn update_product(
    admin: AdminSession,
    state: web::Data<AppState>,
    id: web::Path<Uuid>,
    input: JsonBody<ProductInput>,
) -> Result<web::Json<Product>, ApiError> {
    let product = input.into_inner().into_domain()?;
    let product =
        state.catalog.update_product(*id, product, admin.actor()).await.map_err(ApiError::repo("Product"))?;
    Ok(web::Json(one(product, &state.images)))
}

#[utoipa::path(delete, path = "/api/admin/products/{id}", tag = "Products",
    params(("id" = Uuid, Path, description = "Product id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 204, description = "Deleted with its media"),
        (status = 404, description = "No such product", body = ErrorBody)))]
pub async fn delete_product(
    admin: AdminSession,
    state: web::Data<AppState>,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    state.catalog.delete_product(*id, admin.actor()).await.map_err(ApiError::repo("Product"))?;
    Ok(HttpResponse::NoContent().finish())
}

#[utoipa::path(get, path = "/api/products/{id}/media", tag = "Product media",
    params(("id" = Uuid, Path, description = "Product id")),
    responses(
        (status = 200, description = "The product's media in sortOrder order (from memory, with a strong ETag)", body = [ProductMedia]),
        (status = 304, description = "Not modified: If-None-Match names the current ETag"),
        (status = 404, description = "No such product", body = ErrorBody)))]
pub async fn list_media(
    req: HttpRequest,
    state: web::Data<AppState>,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    Ok(cache::respond(&req, media_answer(&state, *id).await?))
}

/// The JSON of `GET /api/products/{id}/media`.
pub(crate) async fn media_answer(state: &AppState, id: Uuid) -> Result<cache::Answer, ApiError> {
    let load = || async {
        Ok(list::<_, ProductMedia>(
            state.catalog.list_media(id).await.map_err(ApiError::repo("Product"))?,
            &state.images,
        ))
    };
    state.cache.kept(&format!("media:{id}"), load).await
}

#[utoipa::path(post, path = "/api/products/{id}/media", tag = "Product media", request_body = MediaInput,
    params(("id" = Uuid, Path, description = "Product id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 201, description = "Added", body = ProductMedia),
        (status = 400, description = "Invalid fields", body = ErrorBody),
        (status = 404, description = "No such product", body = ErrorBody)))]
pub async fn add_media(
    admin: AdminSession,
    state: web::Data<AppState>,
    id: web::Path<Uuid>,
    input: JsonBody<MediaInput>,
) -> Result<HttpResponse, ApiError> {
    let input = input.into_inner();
    let media = model::MediaForm {
        url: input.url.into_inner(),
        media_type: input.media_type,
        title: input.title.into_inner(),
        sort_order: input.sort_order.and_then(|order| form_whole(&order.into_inner())),
    }
    .validate()?;
    let media =
        state.catalog.add_media(*id, media, admin.actor()).await.map_err(ApiError::repo("Product"))?;
    Ok(HttpResponse::Created().json(one::<_, ProductMedia>(media, &state.images)))
}

#[utoipa::path(put, path = "/api/product-media/{id}", tag = "Product media", request_body = MediaOrderInput,
    params(("id" = Uuid, Path, description = "Media id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Moved", body = ProductMedia),
        (status = 400, description = "Invalid sort order", body = ErrorBody),
        (status = 404, description = "No such media", body = ErrorBody)))]
pub async fn update_media(
    admin: AdminSession,
    state: web::Data<AppState>,
    id: web::Path<Uuid>,
    input: JsonBody<MediaOrderInput>,
) -> Result<web::Json<ProductMedia>, ApiError> {
    let sort_order = match wire::whole_number(&input.into_inner().sort_order.into_inner()) {
        Ok(Some(value)) => model::parse_sort_order(value),
        _ => Err(format!("Sort order must be a whole number from 0 to {}", model::MAX_SORT_ORDER)),
    }
    .map_err(|message| ApiError::validation(domain::ValidationErrors::single("sortOrder", message)))?;
    let media = state
        .catalog
        .set_media_sort_order(*id, sort_order, admin.actor())
        .await
        .map_err(ApiError::repo("Media"))?;
    Ok(web::Json(one(media, &state.images)))
}

#[utoipa::path(delete, path = "/api/product-media/{id}", tag = "Product media",
    params(("id" = Uuid, Path, description = "Media id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 204, description = "Deleted"),
        (status = 404, description = "No such media", body = ErrorBody)))]
pub async fn delete_media(
    admin: AdminSession,
    state: web::Data<AppState>,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    state.catalog.delete_media(*id, admin.actor()).await.map_err(ApiError::repo("Media"))?;
    Ok(HttpResponse::NoContent().finish())
}

#[utoipa::path(get, path = "/api/services", tag = "Services",
    responses(
        (status = 200, description = "Every service, by price (from memory, with a strong ETag)", body = [Service]),
        (status = 304, description = "Not modified: If-None-Match names the current ETag"),))]
pub async fn list_services(req: HttpRequest, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    Ok(cache::respond(&req, services_answer(&state).await?))
}

/// The JSON of `GET /api/services`.
pub(crate) async fn services_answer(state: &AppState) -> Result<cache::Answer, ApiError> {
    state
        .cache
        .kept("services", || async {
            Ok(list::<_, Service>(state.catalog.list_services().await?, &state.images))
        })
        .await
}

#[utoipa::path(post, path = "/api/services", tag = "Services", request_body = ServiceInput,
    security(("bearer_auth" = [])),
    responses(
        (status = 201, description = "Created", body = Service),
        (status = 400, description = "Invalid fields", body = ErrorBody),
        (status = 409, description = "Another service carries the booking key (`booking_key_taken`)", body = ErrorBody)))]
pub async fn create_service(
    admin: AdminSession,
    state: web::Data<AppState>,
    input: JsonBody<ServiceInput>,
) -> Result<HttpResponse, ApiError> {
    let service = state.catalog.create_service(input.into_inner().into_domain()?, admin.actor()).await?;
    Ok(HttpResponse::Created().json(one::<_, Service>(service, &state.images)))
}

#[utoipa::path(put, path = "/api/admin/services/{id}", tag = "Services", request_body = ServiceInput,
    params(("id" = Uuid, Path, description = "Service id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Updated", body = Service),
        (status = 400, description = "Invalid fields", body = ErrorBody),
        (status = 404, description = "No such service", body = ErrorBody),
        (status = 409, description = "Another service carries the booking key (`booking_key_taken`)", body = ErrorBody)))]
pub async fn update_service(
    admin: AdminSession,
    state: web::Data<AppState>,
    id: web::Path<Uuid>,
    input: JsonBody<ServiceInput>,
) -> Result<web::Json<Service>, ApiError> {
    let service = input.into_inner().into_domain()?;
    let service =
        state.catalog.update_service(*id, service, admin.actor()).await.map_err(ApiError::repo("Service"))?;
    Ok(web::Json(one(service, &state.images)))
}

#[utoipa::path(delete, path = "/api/admin/services/{id}", tag = "Services",
    params(("id" = Uuid, Path, description = "Service id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 204, description = "Deleted with its availability entries"),
        (status = 404, description = "No such service", body = ErrorBody)))]
pub async fn delete_service(
    admin: AdminSession,
    state: web::Data<AppState>,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    state.catalog.delete_service(*id, admin.actor()).await.map_err(ApiError::repo("Service"))?;
    Ok(HttpResponse::NoContent().finish())
}
