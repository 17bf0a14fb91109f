//! Promo codes (docs/decisions.md §15): the owner's codes in the dashboard,
//! and the checkout's quote, which prices a cart with a code by the same
//! rules that price the order (the browser never computes a discount).

use actix_web::{HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use uuid::Uuid;

use domain::order as model;
use domain::promo::{self, PromoCode as DomainPromo, PromoScope, PromoSetupError, PromoValue};
use domain::validation as rule;
use http_common::{ApiError, ErrorBody, ValidationErrors};
use ports::PromoCodeEntry;

use crate::extract::{JsonBody, OwnerSession, PublicWrite};
use crate::state::ApiState;
use crate::wire::amount_text;
use crate::wire::fields::{
    OptionalCalendarDate, OptionalMoney, OptionalPercent, OptionalPromoCode, OptionalUseLimit, OrderItems,
    PromoCodeName,
};

/// A promo code, with what it brought.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PromoCode {
    pub id: Uuid,
    #[schema(example = "SPRING-10")]
    pub code: String,
    /// Percent off (1–100), or null for an amount off.
    pub percent_off: Option<u8>,
    /// Dollars off, or null for a percent off.
    #[schema(example = "10.00")]
    pub amount_off: Option<String>,
    pub applies_to: PromoScopeChoice,
    /// The subtotal (before the discount) a purchase must reach.
    pub min_subtotal: Option<String>,
    /// First day it applies (the retreat's calendar), or null.
    pub starts_on: Option<String>,
    /// Last day it applies, or null.
    pub ends_on: Option<String>,
    pub max_uses: Option<u32>,
    pub max_uses_per_guest: Option<u32>,
    /// The products it applies to (empty: every product).
    pub product_ids: Vec<Uuid>,
    /// The services it applies to (empty: every service).
    pub service_ids: Vec<Uuid>,
    pub active: bool,
    pub created_at: DateTime<Utc>,
    /// Orders that used it and stand (a cancelled order gives its use back).
    pub uses: u32,
    /// The discounts it gave, in all.
    #[schema(example = "42.50")]
    pub discount_given: String,
    /// The totals of the orders that used it, in all.
    #[schema(example = "512.40")]
    pub revenue: String,
}

http_common::wire_enum! {
    /// What a code is good for.
    PromoScopeChoice mirrors domain::promo::PromoScope { Shop = "shop", Bookings = "bookings", Both = "both" }
}

impl From<PromoCodeEntry> for PromoCode {
    fn from(entry: PromoCodeEntry) -> Self {
        let p = entry.promo;
        let (percent_off, amount_off) = match p.value {
            PromoValue::Percent(percent) => (Some(percent), None),
            PromoValue::Fixed(amount) => (None, Some(amount.to_string())),
        };
        Self {
            id: p.id,
            code: p.code.as_str().to_owned(),
            percent_off,
            amount_off,
            applies_to: p.scope.into(),
            min_subtotal: p.min_subtotal.map(|m| m.to_string()),
            starts_on: p.starts_on.map(|d| d.to_string()),
            ends_on: p.ends_on.map(|d| d.to_string()),
            max_uses: p.max_uses,
            max_uses_per_guest: p.max_uses_per_guest,
            product_ids: p.products,
            service_ids: p.services,
            active: p.active,
            created_at: entry.created_at,
            uses: entry.stats.uses,
            discount_given: entry.stats.discount_given.to_string(),
            revenue: entry.stats.revenue.to_string(),
        }
    }
}

/// A promo code as the owner sets it up: a percent off or an amount off
/// (exactly one of them).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PromoCodeInput {
    #[serde(default)]
    #[schema(required = true)]
    pub code: PromoCodeName,
    /// Percent off; give this or `amountOff`.
    #[serde(default)]
    pub percent_off: OptionalPercent,
    /// Dollars off (more than 0); give this or `percentOff`.
    #[serde(default)]
    pub amount_off: OptionalMoney,
    #[serde(default)]
    pub applies_to: crate::wire::fields::PromoScopeField,
    /// The subtotal a purchase must reach (before the discount); null or 0 for none.
    #[serde(default)]
    pub min_subtotal: OptionalMoney,
    #[serde(default)]
    pub starts_on: OptionalCalendarDate,
    /// On or after `startsOn`.
    #[serde(default)]
    pub ends_on: OptionalCalendarDate,
    #[serde(default)]
    pub max_uses: OptionalUseLimit,
    #[serde(default)]
    pub max_uses_per_guest: OptionalUseLimit,
    /// The products it applies to; empty or left out for every product.
    #[serde(default)]
    pub product_ids: Vec<Uuid>,
    /// The services it applies to; empty or left out for every service.
    #[serde(default)]
    pub service_ids: Vec<Uuid>,
    /// Left out: active.
    #[serde(default)]
    pub active: Option<bool>,
}

const PRODUCTS_MAX: usize = 500;

fn optional_amount(value: &Value) -> Result<Option<domain::Money>, String> {
    match value {
        Value::Null => Ok(None),
        sent => domain::Money::parse(&amount_text(sent)).map(Some).map_err(|reason| reason.to_string()),
    }
}

fn optional_whole(
    value: &Value,
    range: std::ops::RangeInclusive<i64>,
    message: &str,
) -> Result<Option<i64>, String> {
    match crate::wire::whole_number(value) {
        Ok(None) if value.is_null() => Ok(None),
        Ok(Some(n)) if range.contains(&n) => Ok(Some(n)),
        _ => Err(message.to_owned()),
    }
}

impl PromoCodeInput {
    fn try_into_domain(self, id: Uuid) -> Result<DomainPromo, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let code = errors.take("code", promo::PromoCodeText::parse(&self.code.0));
        let percent = errors.take(
            "percentOff",
            optional_whole(&self.percent_off.0, 1..=100, "A percent is a whole number from 1 to 100"),
        );
        let amount = errors.take("amountOff", optional_amount(&self.amount_off.0));
        let value = match (percent, amount) {
            (Some(Some(percent)), Some(None)) => {
                Some(PromoValue::Percent(u8::try_from(percent).unwrap_or(0)))
            }
            (Some(None), Some(Some(amount))) => Some(PromoValue::Fixed(amount)),
            (Some(Some(_)), Some(Some(_))) => {
                errors.add("amountOff", "Give a percent off or an amount off, not both");
                None
            }
            (Some(None), Some(None)) => {
                errors.add("percentOff", "Give a percent off or an amount off");
                None
            }
            _ => None,
        };
        let minimum = errors.take("minSubtotal", optional_amount(&self.min_subtotal.0));
        let starts_on = errors.take("startsOn", crate::wire::optional_date(self.starts_on.0.as_deref()));
        let ends_on = errors.take("endsOn", crate::wire::optional_date(self.ends_on.0.as_deref()));
        let scope = errors.take(
            "appliesTo",
            match self.applies_to.0.as_deref() {
                None => Ok(PromoScope::Both),
                Some(text) => PromoScope::from_text(text).ok_or("Choose shop, bookings or both"),
            },
        );
        let limit_message = format!("A limit is a whole number from 1 to {}", promo::MAX_USE_LIMIT);
        let limit_range = 1..=i64::from(promo::MAX_USE_LIMIT);
        let max_uses =
            errors.take("maxUses", optional_whole(&self.max_uses.0, limit_range.clone(), &limit_message));
        let per_guest = errors
            .take("maxUsesPerGuest", optional_whole(&self.max_uses_per_guest.0, limit_range, &limit_message));
        if self.product_ids.len() > PRODUCTS_MAX || self.service_ids.len() > PRODUCTS_MAX {
            errors.add("productIds", format!("At most {PRODUCTS_MAX} products or services"));
        }
        let limit = |n: Option<i64>| n.and_then(|n| u32::try_from(n).ok());
        let (
            Some(code),
            Some(value),
            Some(scope),
            Some(minimum),
            Some(starts_on),
            Some(ends_on),
            Some(max_uses),
            Some(per_guest),
        ) = (code, value, scope, minimum, starts_on, ends_on, max_uses, per_guest)
        else {
            return Err(errors);
        };
        if !errors.is_empty() {
            return Err(errors);
        }
        let dedup = |ids: Vec<Uuid>| {
            let mut ids = ids;
            ids.sort_unstable();
            ids.dedup();
            ids
        };
        let promo = DomainPromo {
            id,
            code,
            value,
            scope,
            min_subtotal: minimum.filter(|m| *m != domain::Money::ZERO),
            starts_on,
            ends_on,
            max_uses: limit(max_uses),
            max_uses_per_guest: limit(per_guest),
            products: dedup(self.product_ids),
            services: dedup(self.service_ids),
            active: self.active.unwrap_or(true),
        };
        promo.check().map_err(|error| {
            let field = match error {
                PromoSetupError::Percent => "percentOff",
                PromoSetupError::Amount => "amountOff",
                PromoSetupError::Dates => "endsOn",
                PromoSetupError::Limit => "maxUses",
            };
            ValidationErrors::single(field, error.to_string())
        })?;
        Ok(promo)
    }
}

#[utoipa::path(get, path = "/api/admin/promo-codes", tag = "Promo codes",
    security(("bearer_auth" = [])),
    responses(
        (status = 403, description = "Only an owner may do this (docs/decisions.md §18)", body = ErrorBody),
        (status = 200, description = "Every promo code, newest first, with its uses and the revenue it brought", body = [PromoCode])))]
pub async fn list_promo_codes(
    _admin: OwnerSession,
    state: web::Data<ApiState>,
) -> Result<web::Json<Vec<PromoCode>>, ApiError> {
    Ok(web::Json(state.promo_store.list_promo_codes().await?.into_iter().map(PromoCode::from).collect()))
}

#[utoipa::path(post, path = "/api/admin/promo-codes", tag = "Promo codes", request_body = PromoCodeInput,
    security(("bearer_auth" = [])),
    responses(
        (status = 403, description = "Only an owner may do this (docs/decisions.md §18)", body = ErrorBody),
        (status = 201, description = "Created", body = PromoCode),
        (status = 400, description = "Invalid fields", body = ErrorBody),
        (status = 409, description = "Another code has this name (`duplicate_promo_code`)", body = ErrorBody)))]
pub async fn create_promo_code(
    admin: OwnerSession,
    state: web::Data<ApiState>,
    input: JsonBody<PromoCodeInput>,
) -> Result<HttpResponse, ApiError> {
    let promo = input.into_inner().try_into_domain(Uuid::nil())?;
    let created = state.promo_store.create_promo_code(promo, admin.actor()).await?;
    Ok(HttpResponse::Created().json(PromoCode::from(created)))
}

#[utoipa::path(put, path = "/api/admin/promo-codes/{id}", tag = "Promo codes", request_body = PromoCodeInput,
    params(("id" = Uuid, Path, description = "Promo code id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 403, description = "Only an owner may do this (docs/decisions.md §18)", body = ErrorBody),
        (status = 200, description = "Saved (its uses so far are kept)", body = PromoCode),
        (status = 400, description = "Invalid fields", body = ErrorBody),
        (status = 404, description = "No such promo code", body = ErrorBody),
        (status = 409, description = "Another code has this name (`duplicate_promo_code`)", body = ErrorBody)))]
pub async fn update_promo_code(
    admin: OwnerSession,
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
    input: JsonBody<PromoCodeInput>,
) -> Result<web::Json<PromoCode>, ApiError> {
    let promo = input.into_inner().try_into_domain(*id)?;
    Ok(web::Json(state.promo_store.update_promo_code(promo, admin.actor()).await?.into()))
}

/// A cart to price, with a promo code (and the guest's address, once known,
/// for a code's per-guest limit).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuoteInput {
    #[serde(default)]
    #[schema(required = true)]
    pub items: OrderItems,
    #[serde(default)]
    pub promo_code: OptionalPromoCode,
    /// A gift card to pay with (a look-up, throttled per address as the
    /// balance check is); null, blank or left out for none.
    #[serde(default)]
    pub gift_card: crate::wire::fields::OptionalGiftCardCode,
    /// The guest's address, when the checkout has it (for a code's limit per
    /// guest; text that is not an address is ignored, the order checks again).
    #[serde(default)]
    pub email: crate::wire::fields::OptionalShortText,
}

/// A cart as the server prices it: the figures the order must then claim.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Quote {
    #[schema(example = "120.00")]
    pub subtotal: String,
    /// What the promo code takes off the subtotal ("0.00" without one).
    #[schema(example = "12.00")]
    pub discount: String,
    /// 8 % of the discounted subtotal.
    #[schema(example = "8.64")]
    pub tax: String,
    /// Free when the discounted subtotal is above $100.
    #[schema(example = "0.00")]
    pub shipping: String,
    #[schema(example = "116.64")]
    pub total: String,
    /// The code as applied (in capitals), or null.
    pub promo_code: Option<String>,
    /// What the gift card given pays of the total ("0.00" without one, or
    /// when it cannot pay). Additive.
    #[schema(example = "0.00")]
    pub gift_card_amount: String,
    /// What is left to pay by card: the total less the gift card's part. Additive.
    #[schema(example = "116.64")]
    pub amount_due: String,
    /// The last four characters of the gift card that pays, or null. Additive.
    pub gift_card_last_four: Option<String>,
    /// Why the gift card given cannot pay (unknown, spent, void, expired), or
    /// null. The order would be refused with it. Additive.
    pub gift_card_refusal: Option<String>,
}

impl From<model::Quote> for Quote {
    fn from(quote: model::Quote) -> Self {
        let t = quote.totals;
        Self {
            subtotal: t.subtotal.to_string(),
            discount: t.discount.to_string(),
            tax: t.tax.to_string(),
            shipping: t.shipping.to_string(),
            total: t.total.to_string(),
            promo_code: quote.promo.map(|p| p.code.as_str().to_owned()),
            gift_card_amount: domain::Money::ZERO.to_string(),
            amount_due: t.total.to_string(),
            gift_card_last_four: None,
            gift_card_refusal: None,
        }
    }
}

#[utoipa::path(post, path = "/api/checkout/quote", tag = "Orders", request_body = QuoteInput,
    responses(
        (status = 200, description = "The cart priced with the code: what `POST /api/orders` must claim (with \
            the same `promoCode`). Nothing is stored or reserved: placing the order decides again", body = Quote),
        (status = 400, description = "Invalid fields, unknown products or quantities outside 1..=999", body = ErrorBody),
        (status = 409, description = "The code does not apply (`promo_code_refused`; the message says why), or a \
            line asks for more than is left (`out_of_stock`)", body = ErrorBody),
        (status = 429, description = "Too many requests from this address (`rate_limited`); see Retry-After", body = ErrorBody)))]
pub async fn quote_cart(
    _limit: PublicWrite,
    req: actix_web::HttpRequest,
    state: web::Data<ApiState>,
    input: JsonBody<QuoteInput>,
) -> Result<web::Json<Quote>, ApiError> {
    let input = input.into_inner();
    let lines = crate::wire::parse::order_lines(&input.items.0)?;
    let mut errors = ValidationErrors::new();
    let lines = errors.take("items", model::cart_lines(&lines));
    let code = errors.take("promoCode", crate::wire::parse::promo_code(input.promo_code.0.as_deref()));
    // Text (no NUL, as every text field); an address only when it is one.
    let email = errors.take("email", rule::ShortText::parse_optional(input.email.0.as_deref()));
    let card = errors.take("giftCard", crate::wire::parse::gift_card_code(input.gift_card.0.as_deref()));
    let (Some(lines), Some(code), Some(email), Some(card)) = (lines, code, email, card) else {
        return Err(errors.into());
    };
    let guest = email.and_then(|text| rule::Email::parse(text.as_ref()).ok());
    if card.is_some() {
        crate::extract::count_gift_card_lookup(&req, &state).await?;
    }
    let answer = state.orders.quote(lines, code, guest, card).await?;
    let total = answer.quote.totals.total;
    let mut quote = Quote::from(answer.quote);
    match answer.gift_card {
        None => {}
        Some(Ok((last_four, from_card))) => {
            quote.gift_card_amount = from_card.to_string();
            quote.amount_due = total.minus(from_card).to_string();
            quote.gift_card_last_four = last_four;
        }
        Some(Err(refusal)) => quote.gift_card_refusal = Some(refusal.to_string()),
    }
    Ok(web::Json(quote))
}
