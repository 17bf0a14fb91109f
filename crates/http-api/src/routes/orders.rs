//! Orders: placed by guests, priced by the server, managed by admins.

use actix_web::{HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use utoipa::ToSchema;
use uuid::Uuid;

use domain::order as model;
use ports::IdempotencyKey;

use crate::error::{ApiError, ErrorBody, JsonBody};
use crate::state::{
    AdminSession, AppState, IdempotencyKeyHeader, IdempotencyKeyParam, PublicWrite, created_response,
};
use crate::wire::fields::{EmailAddress, Honeypot, Money, OrderItems, PhoneText, ShortText};
use crate::wire::{self, amount_text, whole_number};

/// A stored order.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Order {
    pub id: Uuid,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone: Option<String>,
    pub address: String,
    pub city: String,
    pub state: String,
    pub zip: String,
    /// JSON text: a list of `{productId, productName, price, quantity}` with
    /// the names and prices the server charged.
    #[schema(
        example = r#"[{"productId":"…","productName":"Cedar Ember Candle","price":"34.00","quantity":2}]"#
    )]
    pub items: String,
    #[schema(example = "68.00")]
    pub subtotal: String,
    #[schema(example = "5.44")]
    pub tax: String,
    #[schema(example = "15.00")]
    pub shipping: String,
    #[schema(example = "88.44")]
    pub total: String,
    pub status: wire::OrderStatus,
    pub created_at: DateTime<Utc>,
}

impl From<model::Order> for Order {
    fn from(o: model::Order) -> Self {
        let items: Vec<Value> = o
            .items
            .iter()
            .map(|i| {
                json!({
                    "productId": i.product_id,
                    "productName": i.product_name,
                    "price": i.price.to_string(),
                    "quantity": i.quantity,
                })
            })
            .collect();
        let c = o.customer;
        Self {
            id: o.id,
            first_name: c.first_name,
            last_name: c.last_name,
            email: c.email.into_string(),
            phone: c.phone,
            address: c.address,
            city: c.city,
            state: c.state,
            zip: c.zip,
            items: Value::Array(items).to_string(),
            subtotal: o.totals.subtotal.to_string(),
            tax: o.totals.tax.to_string(),
            shipping: o.totals.shipping.to_string(),
            total: o.totals.total.to_string(),
            status: o.status.into(),
            created_at: o.created_at,
        }
    }
}

/// A checkout. Card details are never sent. The browser's figures (each
/// with at most 2 decimals) must equal the server's, or the order is refused
/// with 409 `prices_changed` and nothing is stored.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderInput {
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
    pub phone: PhoneText,
    #[serde(default)]
    #[schema(required = true)]
    pub address: ShortText,
    #[serde(default)]
    #[schema(required = true)]
    pub city: ShortText,
    #[serde(default)]
    #[schema(required = true)]
    pub state: ShortText,
    #[serde(default)]
    #[schema(required = true)]
    pub zip: ShortText,
    #[serde(default)]
    #[schema(required = true)]
    pub items: OrderItems,
    #[serde(default)]
    #[schema(required = true)]
    pub subtotal: Money,
    #[serde(default)]
    #[schema(required = true)]
    pub tax: Money,
    #[serde(default)]
    #[schema(required = true)]
    pub shipping: Money,
    #[serde(default)]
    #[schema(required = true)]
    pub total: Money,
    #[serde(default)]
    pub website: Honeypot,
}

const ITEMS_SHAPE: &str = "Items must be a JSON list of {productId, quantity}";

/// Reads the cart lines, accepting the JSON text the specification sends (or
/// the list itself, for API clients).
fn read_lines(items: &Value) -> Result<Vec<model::LineRequest>, ApiError> {
    let shape_error = || ApiError::validation(domain::ValidationErrors::single("items", ITEMS_SHAPE));
    let parsed;
    let list = match items {
        Value::String(text) => {
            parsed = serde_json::from_str::<Value>(text).map_err(|_| shape_error())?;
            parsed.as_array().ok_or_else(shape_error)?
        }
        Value::Array(list) => list,
        Value::Null => return Ok(Vec::new()),
        _ => return Err(shape_error()),
    };
    list.iter()
        .map(|line| {
            let object = line.as_object().ok_or_else(shape_error)?;
            Ok(model::LineRequest {
                product_id: object.get("productId").and_then(Value::as_str).unwrap_or_default().to_owned(),
                quantity: object.get("quantity").and_then(|q| whole_number(q).ok().flatten()),
            })
        })
        .collect()
}

impl OrderInput {
    fn into_domain(self) -> Result<model::OrderRequest, ApiError> {
        let items = read_lines(&self.items.into_inner())?;
        Ok(model::CheckoutForm {
            first_name: self.first_name.into_inner(),
            last_name: self.last_name.into_inner(),
            email: self.email.into_inner(),
            phone: self.phone.into_inner(),
            address: self.address.into_inner(),
            city: self.city.into_inner(),
            state: self.state.into_inner(),
            zip: self.zip.into_inner(),
            items,
            subtotal: amount_text(&self.subtotal.into_inner()),
            tax: amount_text(&self.tax.into_inner()),
            shipping: amount_text(&self.shipping.into_inner()),
            total: amount_text(&self.total.into_inner()),
        }
        .validate()?)
    }
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct OrderStatusInput {
    #[serde(default)]
    #[schema(required = true, value_type = wire::OrderStatus)]
    pub status: String,
}

#[utoipa::path(post, path = "/api/orders", tag = "Orders", request_body = OrderInput,
    params(IdempotencyKeyParam),
    responses(
        (status = 201, description = "Placed", body = Order),
        (status = 400, description = "Invalid fields, unknown products or quantities outside 1..=999", body = ErrorBody),
        (status = 409, description = "The totals differ from the server's: \"Prices have changed, please review your \
            cart\" (`prices_changed`); or the Idempotency-Key was used for another request", body = ErrorBody),
        (status = 429, description = "Too many requests from this address (`rate_limited`); see Retry-After", body = ErrorBody)))]
pub async fn place_order(
    _limit: PublicWrite,
    key: IdempotencyKeyHeader,
    state: web::Data<AppState>,
    input: JsonBody<OrderInput>,
) -> Result<HttpResponse, ApiError> {
    let key = key.0.map(|key| IdempotencyKey { key, fingerprint: input.fingerprint().to_owned() });
    let input = input.into_inner();
    input.website.check()?;
    let created = state.orders.place_order(input.into_domain()?, key).await?;
    Ok(created_response(created.is_repeat()).json(Order::from(created.into_inner())))
}

#[utoipa::path(get, path = "/api/orders", tag = "Orders",
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Every order, newest first", body = [Order])))]
pub async fn list_orders(
    _admin: AdminSession,
    state: web::Data<AppState>,
) -> Result<web::Json<Vec<Order>>, ApiError> {
    Ok(web::Json(state.orders.list_orders().await?.into_iter().map(Order::from).collect()))
}

#[utoipa::path(put, path = "/api/admin/orders/{id}/status", tag = "Orders", request_body = OrderStatusInput,
    params(("id" = Uuid, Path, description = "Order id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Updated", body = Order),
        (status = 400, description = "Unknown status", body = ErrorBody),
        (status = 404, description = "No such order", body = ErrorBody)))]
pub async fn set_order_status(
    admin: AdminSession,
    state: web::Data<AppState>,
    id: web::Path<Uuid>,
    input: JsonBody<OrderStatusInput>,
) -> Result<web::Json<Order>, ApiError> {
    let status = model::OrderStatus::from_text(&input.status).ok_or_else(|| {
        ApiError::validation(domain::ValidationErrors::single(
            "status",
            "Status must be pending, processing, shipped, delivered or cancelled",
        ))
    })?;
    let order =
        state.orders.set_order_status(*id, status, admin.actor()).await.map_err(ApiError::repo("Order"))?;
    Ok(web::Json(order.into()))
}
