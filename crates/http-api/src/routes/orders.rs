//! Orders: placed by guests, priced by the server, managed by admins.

use actix_web::{HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use domain::order as model;
use domain::validation as rule;
use ports::IdempotencyKey;

use http_common::{ApiError, ErrorBody, ValidationErrors};

use crate::extract::{
    AdminSession, IdempotencyKeyHeader, IdempotencyKeyParam, JsonBody, PublicWrite, created_response,
};
use crate::state::ApiState;
use crate::wire::fields::{
    EmailAddress, Honeypot, Money, OptionalGiftCardCode, OptionalMoney, OptionalPromoCode, OrderItems,
    PhoneText, ShortText,
};
use crate::wire::messages::*;
use crate::wire::paging::{ListSearch, PageParams, Paged};
use crate::wire::{self, amount_text};

/// A stored order.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Order {
    pub id: Uuid,
    /// `goods` to ship, or a `gift_card` bought: delivered by mail (never
    /// shipped), it shows as delivered once its mail goes out. Additive.
    pub kind: wire::OrderKind,
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
    /// The same lines as `items`, as a list.
    pub lines: Vec<OrderLine>,
    #[schema(example = "68.00")]
    pub subtotal: String,
    /// What a promo code took off the subtotal ("0.00" without one). Additive.
    #[schema(example = "0.00")]
    pub discount: String,
    /// The promo code used, or null. Additive.
    pub promo_code: Option<String>,
    #[schema(example = "5.44")]
    pub tax: String,
    #[schema(example = "15.00")]
    pub shipping: String,
    #[schema(example = "88.44")]
    pub total: String,
    /// What a gift card paid of the total ("0.00" without one); the payment
    /// is for the rest. Additive.
    #[schema(example = "0.00")]
    pub gift_card_amount: String,
    /// The last four characters of the gift card that paid, or null. Additive.
    pub gift_card_last_four: Option<String>,
    pub status: wire::OrderStatus,
    pub created_at: DateTime<Utc>,
    /// Whether it is paid (docs/decisions.md §14). Additive.
    pub payment: OrderPayment,
    /// Given only to the browser that placed it, when payments are on: it
    /// pays the order (`POST /api/orders/{id}/payment`) and reads its payment.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payment_token: Option<String>,
}

/// An order's payment.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderPayment {
    pub state: wire::PaymentState,
    /// What is (to be) charged by card: the order's total less what a gift card paid.
    #[schema(example = "88.44")]
    pub amount: String,
    /// What was given back so far.
    #[schema(example = "0.00")]
    pub refunded: String,
    /// Why the last attempt failed, in the bank's words.
    pub last_error: Option<String>,
}

/// One line of an order, with the name and price the server charged.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderLine {
    pub product_id: Uuid,
    pub product_name: String,
    /// The unit price charged, in dollars.
    #[schema(example = "34.00")]
    pub price: String,
    pub quantity: u32,
}

impl From<&model::OrderItem> for OrderLine {
    fn from(item: &model::OrderItem) -> Self {
        Self {
            product_id: item.product_id,
            product_name: item.product_name.clone(),
            price: item.price.to_string(),
            quantity: item.quantity,
        }
    }
}

impl From<model::Order> for Order {
    fn from(o: model::Order) -> Self {
        let lines: Vec<OrderLine> = o.items.iter().map(OrderLine::from).collect();
        // The specification's JSON text, as it always was (keys in order).
        let items: Vec<Value> = lines
            .iter()
            .map(|line| {
                json!({
                    "productId": line.product_id,
                    "productName": line.product_name,
                    "price": line.price,
                    "quantity": line.quantity,
                })
            })
            .collect();
        let amount_due = o.amount_due();
        let c = o.customer;
        Self {
            id: o.id,
            kind: o.kind.into(),
            first_name: c.first_name,
            last_name: c.last_name,
            email: c.email.into_string(),
            phone: c.phone,
            address: c.address,
            city: c.city,
            state: c.state,
            zip: c.zip,
            items: Value::Array(items).to_string(),
            lines,
            subtotal: o.totals.subtotal.to_string(),
            discount: o.totals.discount.to_string(),
            promo_code: o.promo.map(|p| p.code.as_str().to_owned()),
            tax: o.totals.tax.to_string(),
            shipping: o.totals.shipping.to_string(),
            total: o.totals.total.to_string(),
            gift_card_amount: o
                .gift_card
                .as_ref()
                .map_or(domain::Money::ZERO, |card| card.amount)
                .to_string(),
            gift_card_last_four: o.gift_card.map(|card| card.last_four),
            status: o.status.into(),
            created_at: o.created_at,
            payment: OrderPayment {
                state: o.payment.state.into(),
                amount: amount_due.to_string(),
                refunded: o.payment.refunded.to_string(),
                last_error: o.payment.last_error,
            },
            payment_token: None,
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
    /// The promo code's discount as `POST /api/checkout/quote` answered it
    /// (the other figures are then the quote's too); null or left out for none.
    #[serde(default)]
    pub discount: OptionalMoney,
    /// A promo code; null, blank or left out for none. One that does not
    /// apply refuses the order (409 `promo_code_refused`, the message says why).
    #[serde(default)]
    pub promo_code: OptionalPromoCode,
    /// A gift card to pay (part of) the order with; null, blank or left out
    /// for none. It pays what it holds (`giftCardAmount` in the answer) and
    /// the payment is for the rest; one that cannot pay refuses the order
    /// (409 `gift_card_refused`, the message says why).
    #[serde(default)]
    pub gift_card: OptionalGiftCardCode,
    #[serde(default)]
    pub website: Honeypot,
}

/// An amount field: the server's figure is compared with it.
fn amount(errors: &mut ValidationErrors, field: &'static str, sent: &Value) -> Option<domain::Money> {
    errors.take(
        field,
        domain::Money::parse(&amount_text(sent))
            .map_err(|reason| format!("{field}: {}", reason.to_string().to_lowercase())),
    )
}

impl OrderInput {
    /// The checkout's customer and cart; a cart that is not a list of lines
    /// is the only error then.
    pub fn try_into_domain(
        self,
        placed_on: chrono::NaiveDate,
    ) -> Result<model::OrderRequest, ValidationErrors> {
        let lines = crate::wire::parse::order_lines(&self.items.0)?;
        let mut errors = ValidationErrors::new();
        let first_name =
            errors.field("firstName", rule::PersonName::parse(&self.first_name.0), FIRST_NAME_REQUIRED);
        let last_name =
            errors.field("lastName", rule::PersonName::parse(&self.last_name.0), LAST_NAME_REQUIRED);
        let email = errors.take("email", rule::Email::parse(&self.email.0));
        let phone = errors.take("phone", rule::Phone::parse_optional(self.phone.0.as_deref()));
        let address = errors.field("address", rule::ShortText::parse(&self.address.0), ADDRESS_REQUIRED);
        let city = errors.field("city", rule::ShortText::parse(&self.city.0), CITY_REQUIRED);
        let state = errors.field("state", rule::ShortText::parse(&self.state.0), STATE_REQUIRED);
        let zip = errors.field("zip", rule::ShortText::parse(&self.zip.0), ZIP_REQUIRED);
        let lines = errors.take("items", model::cart_lines(&lines));
        let claimed = (
            amount(&mut errors, "subtotal", &self.subtotal.0),
            amount(&mut errors, "tax", &self.tax.0),
            amount(&mut errors, "shipping", &self.shipping.0),
            amount(&mut errors, "total", &self.total.0),
        );
        let discount = match &self.discount.0 {
            Value::Null => Some(domain::Money::ZERO),
            sent => amount(&mut errors, "discount", sent),
        };
        let promo = errors.take("promoCode", crate::wire::parse::promo_code(self.promo_code.0.as_deref()));
        let gift_card =
            errors.take("giftCard", crate::wire::parse::gift_card_code(self.gift_card.0.as_deref()));
        let (Some(discount), Some(promo), Some(gift_card)) = (discount, promo, gift_card) else {
            return Err(errors);
        };
        match (first_name, last_name, email, phone, address, city, state, zip, lines, claimed) {
            (
                Some(first_name),
                Some(last_name),
                Some(email),
                Some(phone),
                Some(address),
                Some(city),
                Some(state),
                Some(zip),
                Some(lines),
                (Some(subtotal), Some(tax), Some(shipping), Some(total)),
            ) => Ok(model::OrderRequest {
                customer: model::Customer {
                    first_name: first_name.into(),
                    last_name: last_name.into(),
                    email,
                    phone: phone.map(Into::into),
                    address: address.into(),
                    city: city.into(),
                    state: state.into(),
                    zip: zip.into(),
                },
                lines,
                claimed: model::OrderTotals { subtotal, discount, tax, shipping, total },
                promo,
                placed_on,
                gift_card,
            }),
            _ => Err(errors),
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct OrderStatusInput {
    #[serde(default)]
    #[schema(required = true, value_type = wire::OrderStatus)]
    pub status: String,
    /// Cancelling an order paid by card: `refund` gives back all that is
    /// left of its payment (the guest is mailed), `keep` keeps it (written in
    /// the audit trail). Without it such a cancellation is refused (409
    /// `order_holds_money`). Ignored otherwise. Additive.
    #[serde(default)]
    #[schema(value_type = Option<PaymentOnCancel>)]
    pub payment: Option<String>,
}

/// What becomes of a paid order's card payment when it is cancelled.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PaymentOnCancel {
    Refund,
    Keep,
}

impl OrderStatusInput {
    /// The status and the owner's word on the payment, each checked.
    pub fn try_into_domain(
        self,
    ) -> Result<(model::OrderStatus, Option<domain::settlement::PaymentOnCancel>), ValidationErrors> {
        use domain::settlement::PaymentOnCancel as Word;
        let mut errors = ValidationErrors::new();
        let status =
            errors.take("status", model::OrderStatus::from_text(&self.status).ok_or(ORDER_STATUS_CHOICE));
        let word = errors.take(
            "payment",
            match self.payment.as_deref() {
                None | Some("") => Ok(None),
                Some("refund") => Ok(Some(Word::Refund)),
                Some("keep") => Ok(Some(Word::Keep)),
                Some(_) => Err("Please choose refund or keep"),
            },
        );
        match (status, word) {
            (Some(status), Some(word)) => Ok((status, word)),
            _ => Err(errors),
        }
    }
}

#[utoipa::path(post, path = "/api/orders", tag = "Orders", request_body = OrderInput,
    params(IdempotencyKeyParam),
    responses(
        (status = 201, description = "Placed. With payments on, it awaits payment (`POST /api/orders/{id}/payment` \
            with its `paymentToken`) and its confirmation is mailed once paid; with payments off it is unpaid and \
            mailed at once", body = Order),
        (status = 400, description = "Invalid fields, unknown products or quantities outside 1..=999", body = ErrorBody),
        (status = 409, description = "The totals differ from the server's: \"Prices have changed, please review your \
            cart\" (`prices_changed`); or the Idempotency-Key was used for another request; or the gift card \
            cannot pay (`gift_card_refused`; the message says why)", body = ErrorBody),
        (status = 404, description = "No gift card has the code given (`gift_card_not_found`)", body = ErrorBody),
        (status = 429, description = "Too many requests from this address (`rate_limited`); see Retry-After", body = ErrorBody)))]
pub async fn place_order(
    _limit: PublicWrite,
    req: actix_web::HttpRequest,
    key: IdempotencyKeyHeader,
    state: web::Data<ApiState>,
    input: JsonBody<OrderInput>,
) -> Result<HttpResponse, ApiError> {
    let key = key.0.map(|key| IdempotencyKey { key, fingerprint: input.fingerprint().to_owned() });
    let input = input.into_inner();
    input.website.check()?;
    if input.gift_card.0.as_deref().is_some_and(|code| !code.trim().is_empty()) {
        crate::extract::count_gift_card_lookup(&req, &state).await?;
    }
    let placed_on = state.clock.local_now().date;
    let created = state.orders.place(input.try_into_domain(placed_on)?, key).await?;
    let repeat = created.is_repeat();
    let order = created.into_inner();
    // Taken through the provider when payments are on: the browser pays it with this.
    let token = state.orders.payments_on().then(|| state.mail.links.order_token(order.id));
    Ok(created_response(repeat).json(Order { payment_token: token, ..Order::from(order) }))
}

#[utoipa::path(get, path = "/api/orders", tag = "Orders",
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Every order, newest first", body = [Order])))]
pub async fn list_orders(
    _admin: AdminSession,
    state: web::Data<ApiState>,
) -> Result<web::Json<Vec<Order>>, ApiError> {
    Ok(web::Json(state.order_store.list_orders().await?.into_iter().map(Order::from).collect()))
}

/// The Orders tab's filter (beside its search and page: `wire::paging`).
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OrderFilter {
    #[param(value_type = Option<wire::OrderStatus>)]
    pub status: Option<wire::OrderStatus>,
    /// `counted`: the orders paid or placed with payments off (what the
    /// stat cards count; the dashboard's default with payments on);
    /// `never_paid`: those awaiting payment, at the bank's step or expired.
    /// Left out: both. Additive.
    #[param(value_type = Option<OrderPaymentFilter>)]
    pub payment: Option<OrderPaymentFilter>,
}

/// Which orders by their payment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum OrderPaymentFilter {
    Counted,
    NeverPaid,
}

/// `GET /api/admin/orders`: what the dashboard reads (the specification's
/// `GET /api/orders` still answers every order, for existing clients).
#[utoipa::path(get, path = "/api/admin/orders", tag = "Orders", params(ListSearch, OrderFilter, PageParams),
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "A page of the matching orders, newest first", body = Paged<Order>),
        (status = 400, description = "A search, date, status, page link or limit that cannot be read", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody)))]
pub async fn page_orders(
    _admin: AdminSession,
    state: web::Data<ApiState>,
    search: web::Query<ListSearch>,
    filter: web::Query<OrderFilter>,
    page: web::Query<PageParams>,
) -> Result<web::Json<Paged<Order>>, ApiError> {
    let query =
        order_query(search.into_inner(), filter.into_inner(), Some(page.into_inner()), state.clock.as_ref())?;
    let page = state.order_store.page_orders(query).await?;
    Ok(web::Json(Paged::of(page)))
}

/// The query as the store takes it, or every refusal by parameter (the CSV
/// export reads the same parameters).
pub(crate) fn order_query(
    search: ListSearch,
    filter: OrderFilter,
    page: Option<PageParams>,
    clock: &dyn ports::Clock,
) -> Result<model::OrderQuery, ApiError> {
    let mut errors = ValidationErrors::default();
    let list = search.read(page, &mut errors);
    errors.into_result(|| ())?;
    Ok(model::OrderQuery {
        search: list.search,
        status: filter.status.map(Into::into),
        unpaid: filter.payment.map(|payment| payment == OrderPaymentFilter::NeverPaid),
        placed_from: list.from.map(|day| clock.start_of_local_day(day)),
        placed_until: list.to.and_then(|day| day.succ_opt()).map(|day| clock.start_of_local_day(day)),
        page: list.page,
    })
}

#[utoipa::path(put, path = "/api/admin/orders/{id}/status", tag = "Orders", request_body = OrderStatusInput,
    params(("id" = Uuid, Path, description = "Order id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Updated. Cancelling gives its stock and a gift card's part back; with \
            payments on, an order never paid has its waiting payments cancelled at the provider, and one paid by \
            card is refunded or kept as `payment` says", body = Order),
        (status = 400, description = "Unknown status, or an unknown `payment`", body = ErrorBody),
        (status = 404, description = "No such order", body = ErrorBody),
        (status = 409, description = "Cancelling an order paid by card without `payment` \
            (`order_holds_money`; the message says how much), the refund asked for was refused \
            (`refund_refused`), or `shipped` for a gift card's order (`not_a_parcel`: it is delivered by \
            mail); nothing changed", body = ErrorBody),
        (status = 503, description = "The payment provider could not be reached to refund or to cancel a \
            waiting payment (`payment_provider_unavailable`: nothing changed), or the database did not answer \
            in time (`temporarily_unavailable`); see Retry-After", body = ErrorBody)))]
pub async fn set_order_status(
    admin: AdminSession,
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
    input: JsonBody<OrderStatusInput>,
) -> Result<web::Json<Order>, ApiError> {
    let (status, word) = input.into_inner().try_into_domain()?;
    let order = state.orders.set_status(*id, status, word, admin.actor()).await?;
    Ok(web::Json(order.into()))
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::*;

    fn checkout(fields: Value) -> Result<model::OrderRequest, ValidationErrors> {
        let mut body = json!({"firstName": "Ada", "lastName": "Lovelace", "email": "ada@example.com",
            "phone": "  ", "address": "1 Pine Rd", "city": "Idyllwild", "state": "CA", "zip": "92549",
            "items": format!(r#"[{{"productId":"{}","quantity":2}}]"#, Uuid::nil()),
            "subtotal": "36.00", "tax": "2.88", "shipping": "15.00", "total": "53.88"});
        for (key, value) in fields.as_object().expect("fields") {
            body[key] = value.clone();
        }
        serde_json::from_value::<OrderInput>(body)
            .expect("shape")
            .try_into_domain(chrono::NaiveDate::from_ymd_opt(2026, 12, 1).expect("date"))
    }

    #[test]
    fn a_checkout_reads_the_cart_as_text_or_list() {
        let request = checkout(json!({})).expect("valid");
        assert_eq!((request.lines, request.customer.phone), (vec![(Uuid::nil(), 2)], None));
        let listed =
            checkout(json!({"items": [{"productId": Uuid::nil(), "quantity": "3"}]})).expect("a list");
        assert_eq!(listed.lines, [(Uuid::nil(), 3)]);
        let errors = checkout(json!({"items": "not json", "firstName": ""})).expect_err("shape");
        assert_eq!(errors.entries().len(), 1, "a cart that is not a list is the only error");
        assert_eq!(errors.message_for("items"), Some(crate::wire::parse::ITEMS_SHAPE));
    }

    #[test]
    fn the_cart_s_lines_and_the_amounts_are_checked() {
        for quantity in [json!(0), json!(-1), json!(1000), json!(1.5), Value::Null] {
            let errors = checkout(json!({"items": [{"productId": Uuid::nil(), "quantity": quantity}]}))
                .expect_err("quantity");
            assert_eq!(errors.message_for("items"), Some(model::QUANTITY_MESSAGE), "{quantity:?}");
        }
        let errors = checkout(json!({"items": []})).expect_err("empty");
        assert_eq!(errors.message_for("items"), Some(model::EMPTY_CART_MESSAGE));
        let errors =
            checkout(json!({"items": [{"productId": "3F2B8C1E6D7A4C1E9F0A2B7C8D9E0F11", "quantity": 1}]}))
                .expect_err("unhyphenated");
        assert_eq!(errors.message_for("items"), Some("Each item needs a valid productId"));
        let errors = checkout(json!({"subtotal": "abc", "tax": "-1", "shipping": "1.001", "total": ""}))
            .expect_err("amounts");
        for field in ["subtotal", "tax", "shipping", "total"] {
            assert!(errors.message_for(field).is_some(), "{field}");
        }
        assert_eq!(errors.message_for("shipping"), Some("shipping: must have at most 2 decimal places"));
    }

    #[test]
    fn a_checkout_names_each_missing_field_in_the_spec_s_words() {
        let errors = serde_json::from_value::<OrderInput>(
            json!({"items": [{"productId": Uuid::nil(), "quantity": 1}]}),
        )
        .expect("shape")
        .try_into_domain(chrono::NaiveDate::from_ymd_opt(2026, 12, 1).expect("date"))
        .expect_err("invalid");
        for (field, message) in [
            ("firstName", FIRST_NAME_REQUIRED),
            ("lastName", LAST_NAME_REQUIRED),
            ("address", ADDRESS_REQUIRED),
            ("city", CITY_REQUIRED),
            ("state", STATE_REQUIRED),
            ("zip", ZIP_REQUIRED),
        ] {
            assert_eq!(errors.message_for(field), Some(message), "{field}");
        }
    }
}
