//! Readers of what several calls take alike: a guest's promo and gift card
//! codes, a cart's lines, a payment method's id and a range of days. Each
//! reads into the domain's types, its refusal keyed by the field.

use chrono::NaiveDate;
use serde::Deserialize;
use serde_json::Value;
use utoipa::IntoParams;
use uuid::Uuid;

use domain::booking as model;
use domain::gift_card::GiftCardCode;
use domain::promo::PromoCodeText;
use http_common::{ApiError, ValidationErrors};

use crate::wire::fields::CalendarDate;
use crate::wire::messages::{END_DATE_REQUIRED, START_DATE_REQUIRED};
use crate::wire::whole_number;

/// A guest's promo code: none when blank.
pub fn promo_code(text: Option<&str>) -> Result<Option<PromoCodeText>, &'static str> {
    match text.map(str::trim) {
        None | Some("") => Ok(None),
        Some(code) => PromoCodeText::parse(code).map(Some),
    }
}

/// A guest's gift card code: none when blank.
pub fn gift_card_code(text: Option<&str>) -> Result<Option<GiftCardCode>, &'static str> {
    match text.map(str::trim) {
        None | Some("") => Ok(None),
        Some(code) => GiftCardCode::parse(code).map(Some),
    }
}

pub const ITEMS_SHAPE: &str = "Items must be a JSON list of {productId, quantity}";

/// The cart lines as sent, accepting the JSON text the specification sends
/// (or the list itself, for API clients): each line's product (`None` when
/// its `productId` is not a hyphenated uuid) and quantity (`None` when not a
/// whole number), for the domain's rules of a cart (`domain::order::cart_lines`).
pub fn order_lines(items: &Value) -> Result<Vec<domain::order::SentLine>, ValidationErrors> {
    let shape_error = || ValidationErrors::single("items", ITEMS_SHAPE);
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
            // The hyphenated form only (36 characters), as the API documents.
            let product = object
                .get("productId")
                .and_then(Value::as_str)
                .filter(|text| text.len() == 36)
                .and_then(|text| Uuid::parse_str(text).ok());
            let quantity = object.get("quantity").and_then(|q| whole_number(q).ok().flatten());
            Ok((product, quantity))
        })
        .collect()
}

/// A payment method id as the provider writes them.
pub fn payment_method_id(text: &str) -> Result<&str, ApiError> {
    let valid =
        (1..=255).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    if valid {
        Ok(text)
    } else {
        Err(ValidationErrors::single("paymentMethodId", "Please enter your card details").into())
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RangeQuery {
    /// First day, yyyy-MM-dd.
    #[param(required = true, value_type = CalendarDate)]
    pub start: Option<String>,
    /// Last day, yyyy-MM-dd: on or after `start`, at most 366 days later.
    #[param(required = true, value_type = CalendarDate)]
    pub end: Option<String>,
}

impl RangeQuery {
    /// The first and last day of the view.
    pub fn try_into_domain(self) -> Result<(NaiveDate, NaiveDate), ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let start = errors.field(
            "start",
            model::parse_date(self.start.as_deref().unwrap_or_default()),
            START_DATE_REQUIRED,
        );
        let end = errors.field(
            "end",
            model::parse_date(self.end.as_deref().unwrap_or_default()),
            END_DATE_REQUIRED,
        );
        let (Some(start), Some(end)) = (start, end) else { return Err(errors) };
        model::view_range(start, end).map_err(|error| ValidationErrors::single("end", error.to_string()))
    }
}
