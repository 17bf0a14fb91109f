//! Products, product media and services.

use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;
use utoipa::ToSchema;
use uuid::Uuid;

use catalogue::CatalogueRead;
use catalogue::model::{Product, ProductMedia, Service, published};
use domain::catalog as model;
use domain::validation as rule;
use http_common::{ApiError, ErrorBody, ValidationErrors};

use crate::extract::{JsonBody, OwnerSession};
use crate::state::ApiState;
use crate::wire::fields::{
    BookingKeyChoice, DepositAmount, DepositPercent, DurationMinutes, LongText, MediaUrl, Money,
    OptionalShortText, ShortText, SortOrder, StockQuantity,
};
use crate::wire::messages::*;
use crate::wire::{self, amount_text, chosen, form_whole, whole_number};
use domain::payment::DepositPolicy;

/// Product fields for create and update (a full replacement, but for
/// `stock`: not sent, it stays as it is on update and is unlimited on create).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductInput {
    #[serde(default)]
    #[schema(required = true)]
    pub name: ShortText,
    #[serde(default)]
    #[schema(required = true, value_type = catalogue::model::ProductCategory)]
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
    /// The product to store; a save without `stock` keeps the stock.
    pub fn try_into_domain(self) -> Result<model::NewProduct, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let name = errors.field("name", rule::ShortText::parse(&self.name.0), NAME_REQUIRED);
        let category =
            errors.take("category", model::ProductCategory::from_text(&self.category).ok_or(CATEGORY_CHOICE));
        let price = price(&mut errors, &self.price.0);
        let description =
            errors.field("description", rule::LongText::parse(&self.description.0), DESCRIPTION_REQUIRED);
        let image = errors.field("image", rule::MediaUrl::parse(&self.image.0), IMAGE_REQUIRED);
        let stock = errors.take(
            "stock",
            match self.stock.map(StockQuantity::into_inner) {
                None => Ok(model::StockUpdate::Keep),
                Some(serde_json::Value::Null) => Ok(model::StockUpdate::Set(None)),
                Some(value) => form_whole(&value)
                    .ok_or(model::StockError)
                    .and_then(model::stock_quantity)
                    .map(|left| model::StockUpdate::Set(Some(left))),
            },
        );
        match (name, category, price, description, image, stock) {
            (Some(name), Some(category), Some(price), Some(description), Some(image), Some(stock)) => {
                Ok(model::NewProduct { name, category, price, description, image, stock })
            }
            _ => Err(errors),
        }
    }
}

/// A price field: "Price is required" when blank, else an exact amount.
fn price(errors: &mut ValidationErrors, sent: &serde_json::Value) -> Option<domain::Money> {
    match model::parse_price(&amount_text(sent)) {
        Ok(price) => Some(price),
        Err(model::PriceError::Blank) => {
            errors.add("price", PRICE_REQUIRED);
            None
        }
        Err(model::PriceError::Amount(reason)) => {
            errors.add("price", format!("Price: {}", reason.to_string().to_lowercase()));
            None
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MediaInput {
    #[serde(default)]
    #[schema(required = true)]
    pub url: MediaUrl,
    #[serde(default, rename = "type")]
    #[schema(required = true, value_type = catalogue::model::MediaType)]
    pub media_type: String,
    #[serde(default)]
    pub title: OptionalShortText,
    /// Position in the gallery (the dashboard sends the current media count);
    /// left out or null: 0.
    #[serde(default)]
    pub sort_order: Option<SortOrder>,
}

impl MediaInput {
    pub fn try_into_domain(self) -> Result<model::NewMedia, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let url = errors.field("url", rule::MediaUrl::parse(&self.url.0), MEDIA_URL_REQUIRED);
        let media_type =
            errors.take("type", model::MediaType::from_text(&self.media_type).ok_or(MEDIA_TYPE_CHOICE));
        let title = errors.take("title", rule::ShortText::parse_optional(self.title.0.as_deref()));
        let sort_order = errors.take(
            "sortOrder",
            model::sort_order(self.sort_order.and_then(|order| form_whole(&order.0)).unwrap_or(0)),
        );
        match (url, media_type, title, sort_order) {
            (Some(url), Some(media_type), Some(title), Some(sort_order)) => {
                Ok(model::NewMedia { url, media_type, title, sort_order })
            }
            _ => Err(errors),
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MediaOrderInput {
    #[serde(default)]
    #[schema(required = true)]
    pub sort_order: SortOrder,
}

impl MediaOrderInput {
    /// The new gallery position.
    pub fn try_into_domain(self) -> Result<i32, ValidationErrors> {
        let sort_order = match wire::whole_number(&self.sort_order.0) {
            Ok(Some(value)) => model::sort_order(value),
            _ => Err(model::SortOrderError),
        };
        sort_order.map_err(|error| ValidationErrors::single("sortOrder", error.to_string()))
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
    /// The deposit a booking asks for when payments are on: a fixed amount
    /// or a percentage of the booking's price (a stay's: all its nights),
    /// one or the other; 0 for none. Both left out, an update keeps it.
    #[serde(default)]
    pub deposit_amount: Option<DepositAmount>,
    #[serde(default)]
    pub deposit_percent: Option<DepositPercent>,
}

/// The deposit a service save names: `None` when it names none (keep).
fn deposit_policy(
    errors: &mut ValidationErrors,
    amount: Option<&serde_json::Value>,
    percent: Option<&serde_json::Value>,
) -> Option<Option<DepositPolicy>> {
    let amount = match amount.filter(|value| !value.is_null()) {
        None => Some(None),
        Some(value) => errors.take(
            "depositAmount",
            match domain::Money::parse(&amount_text(value)) {
                Ok(amount) if amount == domain::Money::ZERO => Ok(Some(DepositPolicy::None)),
                Ok(amount) => Ok(Some(DepositPolicy::Fixed(amount))),
                Err(reason) => Err(format!("Deposit: {}", reason.to_string().to_lowercase())),
            },
        ),
    };
    let percent = match percent.filter(|value| !value.is_null()) {
        None => Some(None),
        Some(value) => errors.take(
            "depositPercent",
            match whole_number(value) {
                Ok(Some(number)) => {
                    DepositPolicy::percent(number).map(Some).map_err(|error| error.to_string())
                }
                _ => Err(domain::payment::PercentError.to_string()),
            },
        ),
    };
    match (amount?, percent?) {
        (None, None) => Some(None),
        (Some(policy), None) | (None, Some(policy)) => Some(Some(policy)),
        (Some(DepositPolicy::None), Some(policy)) | (Some(policy), Some(DepositPolicy::None)) => {
            Some(Some(policy))
        }
        (Some(_), Some(_)) => {
            errors.add("depositAmount", DEPOSIT_ONE_WAY);
            None
        }
    }
}

/// Both deposit fields set.
const DEPOSIT_ONE_WAY: &str = "A deposit is an amount or a percentage, not both";

impl ServiceInput {
    /// The service to store; a save without `bookingKey` keeps the key.
    pub fn try_into_domain(self) -> Result<model::NewService, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let name = errors.field("name", rule::ShortText::parse(&self.name.0), NAME_REQUIRED);
        let description =
            errors.field("description", rule::LongText::parse(&self.description.0), DESCRIPTION_REQUIRED);
        let price = price(&mut errors, &self.price.0);
        let duration = errors.take(
            "duration",
            match form_whole(&self.duration.0) {
                None => Err(DURATION_REQUIRED.to_owned()),
                Some(minutes) => model::duration_minutes(minutes).map_err(|error| error.to_string()),
            },
        );
        let image = errors.field("image", rule::MediaUrl::parse(&self.image.0), IMAGE_REQUIRED);
        let booking_key = errors.take(
            "bookingKey",
            match self.booking_key.0 {
                None => Ok(model::BookingKeyChange::Keep),
                Some(text) => match chosen(text.as_deref().map(str::trim)) {
                    None => Ok(model::BookingKeyChange::Set(None)),
                    Some(text) => domain::booking::ServiceKey::from_text(text)
                        .map(|key| model::BookingKeyChange::Set(Some(key)))
                        .ok_or(BOOKING_KEY_CHOICE),
                },
            },
        );
        let deposit = deposit_policy(
            &mut errors,
            self.deposit_amount.as_ref().map(|amount| &amount.0),
            self.deposit_percent.as_ref().map(|percent| &percent.0),
        );
        match (name, description, price, duration, image, booking_key, deposit) {
            (
                Some(name),
                Some(description),
                Some(price),
                Some(duration_minutes),
                Some(image),
                Some(booking_key),
                Some(deposit),
            ) => Ok(model::NewService {
                name,
                description,
                price,
                duration_minutes,
                image,
                booking_key,
                deposit,
            }),
            _ => Err(errors),
        }
    }
}

#[utoipa::path(get, path = "/api/products", tag = "Products",
    responses(
        (status = 200, description = "Every product, by name (from memory, with a strong ETag)", body = [Product]),
        (status = 304, description = "Not modified: If-None-Match names the current ETag"),))]
pub async fn list_products(req: HttpRequest, state: web::Data<ApiState>) -> Result<HttpResponse, ApiError> {
    super::catalogue_answer(&req, &state, &CatalogueRead::Products, "Product").await
}

#[utoipa::path(get, path = "/api/products/{id}", tag = "Products",
    params(("id" = Uuid, Path, description = "Product id")),
    responses(
        (status = 200, description = "The product", body = Product),
        (status = 404, description = "No such product", body = ErrorBody)))]
pub async fn get_product(
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
) -> Result<web::Json<Product>, ApiError> {
    let product = state.catalog_store.get_product(*id).await.map_err(ApiError::repo("Product"))?;
    Ok(web::Json(published(product, state.catalogue.images())))
}

#[utoipa::path(post, path = "/api/products", tag = "Products", request_body = ProductInput,
    security(("bearer_auth" = [])),
    responses(
        (status = 403, description = "Only an owner may do this (docs/decisions.md §18)", body = ErrorBody),
        (status = 201, description = "Created", body = Product),
        (status = 400, description = "Invalid fields", body = ErrorBody)))]
pub async fn create_product(
    admin: OwnerSession,
    state: web::Data<ApiState>,
    input: JsonBody<ProductInput>,
) -> Result<HttpResponse, ApiError> {
    let product =
        state.catalog_store.create_product(input.into_inner().try_into_domain()?, admin.actor()).await?;
    state.catalogue.changed();
    Ok(HttpResponse::Created().json(published::<_, Product>(product, state.catalogue.images())))
}

#[utoipa::path(put, path = "/api/admin/products/{id}", tag = "Products", request_body = ProductInput,
    params(("id" = Uuid, Path, description = "Product id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 403, description = "Only an owner may do this (docs/decisions.md §18)", body = ErrorBody),
        (status = 200, description = "Updated", body = Product),
        (status = 400, description = "Invalid fields", body = ErrorBody),
        (status = 404, description = "No such product", body = ErrorBody)))]
pub async fn update_product(
    admin: OwnerSession,
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
    input: JsonBody<ProductInput>,
) -> Result<web::Json<Product>, ApiError> {
    let product = input.into_inner().try_into_domain()?;
    let product = state
        .catalog_store
        .update_product(*id, product, admin.actor())
        .await
        .map_err(ApiError::repo("Product"))?;
    state.catalogue.changed();
    Ok(web::Json(published(product, state.catalogue.images())))
}

#[utoipa::path(delete, path = "/api/admin/products/{id}", tag = "Products",
    params(("id" = Uuid, Path, description = "Product id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 403, description = "Only an owner may do this (docs/decisions.md §18)", body = ErrorBody),
        (status = 204, description = "Deleted with its media"),
        (status = 404, description = "No such product", body = ErrorBody)))]
pub async fn delete_product(
    admin: OwnerSession,
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    state.catalog_store.delete_product(*id, admin.actor()).await.map_err(ApiError::repo("Product"))?;
    state.catalogue.changed();
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
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    super::catalogue_answer(&req, &state, &CatalogueRead::Media(*id), "Product").await
}

#[utoipa::path(post, path = "/api/products/{id}/media", tag = "Product media", request_body = MediaInput,
    params(("id" = Uuid, Path, description = "Product id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 403, description = "Only an owner may do this (docs/decisions.md §18)", body = ErrorBody),
        (status = 201, description = "Added", body = ProductMedia),
        (status = 400, description = "Invalid fields", body = ErrorBody),
        (status = 404, description = "No such product", body = ErrorBody)))]
pub async fn add_media(
    admin: OwnerSession,
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
    input: JsonBody<MediaInput>,
) -> Result<HttpResponse, ApiError> {
    let media = input.into_inner().try_into_domain()?;
    let media =
        state.catalog_store.add_media(*id, media, admin.actor()).await.map_err(ApiError::repo("Product"))?;
    state.catalogue.changed();
    Ok(HttpResponse::Created().json(published::<_, ProductMedia>(media, state.catalogue.images())))
}

#[utoipa::path(put, path = "/api/product-media/{id}", tag = "Product media", request_body = MediaOrderInput,
    params(("id" = Uuid, Path, description = "Media id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 403, description = "Only an owner may do this (docs/decisions.md §18)", body = ErrorBody),
        (status = 200, description = "Moved", body = ProductMedia),
        (status = 400, description = "Invalid sort order", body = ErrorBody),
        (status = 404, description = "No such media", body = ErrorBody)))]
pub async fn update_media(
    admin: OwnerSession,
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
    input: JsonBody<MediaOrderInput>,
) -> Result<web::Json<ProductMedia>, ApiError> {
    let sort_order = input.into_inner().try_into_domain()?;
    let media = state
        .catalog_store
        .set_media_sort_order(*id, sort_order, admin.actor())
        .await
        .map_err(ApiError::repo("Media"))?;
    state.catalogue.changed();
    Ok(web::Json(published(media, state.catalogue.images())))
}

#[utoipa::path(delete, path = "/api/product-media/{id}", tag = "Product media",
    params(("id" = Uuid, Path, description = "Media id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 403, description = "Only an owner may do this (docs/decisions.md §18)", body = ErrorBody),
        (status = 204, description = "Deleted"),
        (status = 404, description = "No such media", body = ErrorBody)))]
pub async fn delete_media(
    admin: OwnerSession,
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    state.catalog_store.delete_media(*id, admin.actor()).await.map_err(ApiError::repo("Media"))?;
    state.catalogue.changed();
    Ok(HttpResponse::NoContent().finish())
}

#[utoipa::path(get, path = "/api/services", tag = "Services",
    responses(
        (status = 200, description = "Every service, by price (from memory, with a strong ETag)", body = [Service]),
        (status = 304, description = "Not modified: If-None-Match names the current ETag"),))]
pub async fn list_services(req: HttpRequest, state: web::Data<ApiState>) -> Result<HttpResponse, ApiError> {
    super::catalogue_answer(&req, &state, &CatalogueRead::Services, "Service").await
}

#[utoipa::path(post, path = "/api/services", tag = "Services", request_body = ServiceInput,
    security(("bearer_auth" = [])),
    responses(
        (status = 403, description = "Only an owner may do this (docs/decisions.md §18)", body = ErrorBody),
        (status = 201, description = "Created", body = Service),
        (status = 400, description = "Invalid fields", body = ErrorBody),
        (status = 409, description = "Another service carries the booking key (`booking_key_taken`)", body = ErrorBody)))]
pub async fn create_service(
    admin: OwnerSession,
    state: web::Data<ApiState>,
    input: JsonBody<ServiceInput>,
) -> Result<HttpResponse, ApiError> {
    let service =
        state.catalog_store.create_service(input.into_inner().try_into_domain()?, admin.actor()).await?;
    state.catalogue.changed();
    Ok(HttpResponse::Created().json(published::<_, Service>(service, state.catalogue.images())))
}

#[utoipa::path(put, path = "/api/admin/services/{id}", tag = "Services", request_body = ServiceInput,
    params(("id" = Uuid, Path, description = "Service id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 403, description = "Only an owner may do this (docs/decisions.md §18)", body = ErrorBody),
        (status = 200, description = "Updated", body = Service),
        (status = 400, description = "Invalid fields", body = ErrorBody),
        (status = 404, description = "No such service", body = ErrorBody),
        (status = 409, description = "Another service carries the booking key (`booking_key_taken`)", body = ErrorBody)))]
pub async fn update_service(
    admin: OwnerSession,
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
    input: JsonBody<ServiceInput>,
) -> Result<web::Json<Service>, ApiError> {
    let service = input.into_inner().try_into_domain()?;
    let service = state
        .catalog_store
        .update_service(*id, service, admin.actor())
        .await
        .map_err(ApiError::repo("Service"))?;
    state.catalogue.changed();
    Ok(web::Json(published(service, state.catalogue.images())))
}

#[utoipa::path(delete, path = "/api/admin/services/{id}", tag = "Services",
    params(("id" = Uuid, Path, description = "Service id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 403, description = "Only an owner may do this (docs/decisions.md §18)", body = ErrorBody),
        (status = 204, description = "Deleted with its availability entries"),
        (status = 404, description = "No such service", body = ErrorBody)))]
pub async fn delete_service(
    admin: OwnerSession,
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    state.catalog_store.delete_service(*id, admin.actor()).await.map_err(ApiError::repo("Service"))?;
    state.catalogue.changed();
    Ok(HttpResponse::NoContent().finish())
}

#[cfg(test)]
mod tests {
    //! Products, media and services parse into the domain's types with the
    //! dashboard's messages.
    use serde_json::{Value, json};

    use super::*;

    fn product(fields: Value) -> Result<model::NewProduct, ValidationErrors> {
        let mut body = json!({"name": "Cedar Candle", "category": "candles", "price": "32.5",
            "description": "Smells like the forest.", "image": "/media/products/cedar.webp"});
        for (key, value) in fields.as_object().expect("fields") {
            body[key] = value.clone();
        }
        serde_json::from_value::<ProductInput>(body).expect("shape").try_into_domain()
    }

    #[test]
    fn stock_is_kept_when_not_sent_and_checked_when_sent() {
        assert_eq!(product(json!({})).map(|p| p.stock), Ok(model::StockUpdate::Keep));
        assert_eq!(product(json!({"stock": null})).map(|p| p.stock), Ok(model::StockUpdate::Set(None)));
        assert_eq!(product(json!({"stock": 0})).map(|p| p.stock), Ok(model::StockUpdate::Set(Some(0))));
        assert_eq!(
            product(json!({"stock": "100000"})).map(|p| p.stock),
            Ok(model::StockUpdate::Set(Some(100_000)))
        );
        for bad in [json!(-1), json!(100_001), json!(1.5), json!("")] {
            let errors = product(json!({ "stock": bad })).expect_err("refused");
            assert_eq!(errors.message_for("stock"), Some(model::STOCK_MESSAGE), "{bad:?}");
        }
    }

    #[test]
    fn a_valid_product_is_trimmed_and_priced_exactly() {
        let saved = product(json!({"name": "  Cedar Candle "})).expect("valid");
        assert_eq!((saved.name.as_str(), saved.price.to_string()), ("Cedar Candle", "32.50".to_owned()));
        assert_eq!(saved.category, model::ProductCategory::Candles);
    }

    #[test]
    fn every_missing_product_field_is_reported() {
        let errors = serde_json::from_value::<ProductInput>(json!({})).expect("shape").try_into_domain();
        let errors = errors.expect_err("invalid");
        assert_eq!(errors.message_for("name"), Some("Name is required"));
        assert_eq!(errors.message_for("price"), Some("Price is required"));
        assert_eq!(errors.message_for("description"), Some("Description is required"));
        assert_eq!(errors.message_for("image"), Some("Image URL is required"));
        assert_eq!(errors.message_for("category"), Some(CATEGORY_CHOICE));
    }

    #[test]
    fn negative_or_fractional_cent_prices_are_refused() {
        for price in ["-1.00", "1.001", "1e9", "999999999"] {
            assert!(product(json!({ "price": price })).is_err(), "{price}");
        }
        let errors = product(json!({"price": "1.001"})).expect_err("three decimals");
        assert_eq!(errors.message_for("price"), Some("Price: must have at most 2 decimal places"));
    }

    #[test]
    fn media_need_a_url_a_type_and_a_position_in_range() {
        let media =
            |body: Value| serde_json::from_value::<MediaInput>(body).expect("shape").try_into_domain();
        let errors = media(json!({"type": "image"})).expect_err("no url");
        assert_eq!(errors.message_for("url"), Some("Please provide a media URL"));
        let errors = media(json!({"url": "/media/a.webm", "type": "audio", "title": "  ", "sortOrder": -1}))
            .expect_err("invalid");
        assert_eq!(errors.message_for("type"), Some(MEDIA_TYPE_CHOICE));
        assert!(errors.message_for("sortOrder").is_some());
        let saved = media(json!({"url": "/media/a.webm", "type": "video", "title": "  "})).expect("valid");
        assert_eq!((saved.title, saved.sort_order), (None, 0));
    }

    fn service(fields: Value) -> Result<model::NewService, ValidationErrors> {
        let mut body = json!({"name": "Massage Therapy", "description": "Kneads.", "price": "120",
            "duration": 60, "image": "/media/s.webp"});
        for (key, value) in fields.as_object().expect("fields") {
            body[key] = value.clone();
        }
        serde_json::from_value::<ServiceInput>(body).expect("shape").try_into_domain()
    }

    #[test]
    fn a_service_s_duration_must_be_present_and_in_range() {
        assert!(service(json!({})).is_ok());
        assert_eq!(
            service(json!({"duration": null})).expect_err("missing").message_for("duration"),
            Some("Duration is required")
        );
        for duration in [json!(0), json!(-5), json!(i64::MAX), json!("sixty")] {
            assert!(service(json!({ "duration": duration })).is_err(), "{duration:?}");
        }
    }

    #[test]
    fn a_service_keeps_its_booking_key_unless_the_save_names_one() {
        let key = |value: Option<Value>| {
            let fields = value.map_or_else(|| json!({}), |value| json!({ "bookingKey": value }));
            service(fields).map(|s| s.booking_key)
        };
        assert_eq!(key(None), Ok(model::BookingKeyChange::Keep));
        assert_eq!(key(Some(Value::Null)), Ok(model::BookingKeyChange::Set(None)));
        assert_eq!(key(Some(json!("none"))), Ok(model::BookingKeyChange::Set(None)));
        assert_eq!(
            key(Some(json!("spa"))),
            Ok(model::BookingKeyChange::Set(Some(domain::booking::ServiceKey::Spa)))
        );
        assert!(key(Some(json!("Massage Therapy"))).is_err());
    }
}
