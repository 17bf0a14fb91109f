//! What the retreat sells and offers: products, their media, and services.

use uuid::Uuid;

use crate::booking::ServiceKey;
use crate::money::Money;
use crate::validation::{LongText, MediaUrl, ShortText};

crate::text_enum! {
    /// Product categories of the shop.
    ProductCategory { Skincare, Candles, Teas }
}

crate::text_enum! {
    /// Kinds of product media the carousel can show.
    MediaType { Image, Video }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Product {
    pub id: Uuid,
    pub name: String,
    pub category: ProductCategory,
    pub price: Money,
    pub description: String,
    pub image: String,
    /// How many are left; `None` is unlimited.
    pub stock: Option<u32>,
}

/// The most stock a product may hold.
pub const MAX_STOCK: u32 = 100_000;
pub const STOCK_MESSAGE: &str = "Stock must be a whole number from 0 to 100000, or empty for unlimited";

/// What a product write does to its stock. A client that does not send the
/// field (the specification's dashboard) keeps it as it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StockUpdate {
    Keep,
    Set(Option<u32>),
}

/// A stock out of range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{STOCK_MESSAGE}")]
pub struct StockError;

/// How many are left: 0 to `MAX_STOCK`.
pub fn stock_quantity(sent: i64) -> Result<u32, StockError> {
    u32::try_from(sent).ok().filter(|n| *n <= MAX_STOCK).ok_or(StockError)
}

/// A validated product, ready to be stored (create or full update).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewProduct {
    pub name: ShortText,
    pub category: ProductCategory,
    pub price: Money,
    pub description: LongText,
    pub image: MediaUrl,
    /// On create, `Keep` means unlimited.
    pub stock: StockUpdate,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProductMedia {
    pub id: Uuid,
    pub product_id: Uuid,
    pub url: String,
    pub media_type: MediaType,
    pub title: Option<String>,
    pub sort_order: i32,
    pub created_at: chrono::DateTime<chrono::Utc>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewMedia {
    pub url: MediaUrl,
    pub media_type: MediaType,
    pub title: Option<ShortText>,
    pub sort_order: i32,
}

/// Highest gallery position.
pub const MAX_SORT_ORDER: i64 = 100_000;

/// Why a price was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PriceError {
    #[error("Required")]
    Blank,
    #[error(transparent)]
    Amount(#[from] crate::money::MoneyError),
}

impl crate::validation::Refusal for PriceError {
    fn is_blank(&self) -> bool {
        matches!(self, PriceError::Blank)
    }
}

/// A required price: blank, or an exact amount.
pub fn parse_price(text: &str) -> Result<Money, PriceError> {
    if text.trim().is_empty() {
        return Err(PriceError::Blank);
    }
    Ok(Money::parse(text)?)
}

/// A gallery position out of range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("Sort order must be a whole number from 0 to {MAX_SORT_ORDER}")]
pub struct SortOrderError;

/// Positions are small non-negative integers (a gallery has a handful of items).
pub fn sort_order(value: i64) -> Result<i32, SortOrderError> {
    i32::try_from(value).ok().filter(|v| (0..=MAX_SORT_ORDER).contains(&i64::from(*v))).ok_or(SortOrderError)
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Service {
    pub id: Uuid,
    pub name: String,
    pub description: String,
    pub price: Money,
    pub duration_minutes: i32,
    pub image: String,
    /// The key guests book this service under, if it is bookable. Stable
    /// across renames: capacity, prices and the quiz find a key's record by
    /// it (docs/decisions.md §5).
    pub booking_key: Option<ServiceKey>,
    /// The deposit a booking of it asks for (taken only when payments are on).
    pub deposit: crate::payment::DepositPolicy,
}

/// What a save does to a record's booking key. The specification's dashboard
/// sends no key at all, so an update that says nothing keeps the key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum BookingKeyChange {
    #[default]
    Keep,
    Set(Option<ServiceKey>),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewService {
    pub name: ShortText,
    pub description: LongText,
    pub price: Money,
    pub duration_minutes: i32,
    pub image: MediaUrl,
    /// On create, `Keep` means no key.
    pub booking_key: BookingKeyChange,
    /// `None` keeps the deposit the service asks for (none, on create): the
    /// specification's dashboard sends no deposit.
    pub deposit: Option<crate::payment::DepositPolicy>,
}

/// A week: the longest stay a single service describes.
pub const MAX_DURATION_MINUTES: i64 = 10_080;

/// A service's length out of range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("Duration must be from 1 to {MAX_DURATION_MINUTES} minutes")]
pub struct DurationError;

/// A service's length: 1 minute to a week.
pub fn duration_minutes(sent: i64) -> Result<i32, DurationError> {
    if (1..=MAX_DURATION_MINUTES).contains(&sent) {
        i32::try_from(sent).map_err(|_| DurationError)
    } else {
        Err(DurationError)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stock_durations_and_positions_have_their_bounds() {
        assert_eq!(stock_quantity(0), Ok(0));
        assert_eq!(stock_quantity(100_000), Ok(100_000));
        for bad in [-1, 100_001, i64::MAX] {
            assert_eq!(stock_quantity(bad), Err(StockError), "{bad}");
        }
        assert_eq!(StockError.to_string(), STOCK_MESSAGE);
        assert_eq!(duration_minutes(60), Ok(60));
        for bad in [0, -5, 10_081, i64::MAX] {
            assert_eq!(duration_minutes(bad), Err(DurationError), "{bad}");
        }
        assert_eq!(sort_order(0), Ok(0));
        assert_eq!(sort_order(-1), Err(SortOrderError));
        assert_eq!(sort_order(MAX_SORT_ORDER + 1), Err(SortOrderError));
    }

    #[test]
    fn prices_are_exact_amounts() {
        assert_eq!(parse_price("32.5").map(|p| p.to_string()), Ok("32.50".to_owned()));
        for price in ["-1.00", "1.001", "1e9", "999999999", ""] {
            assert!(parse_price(price).is_err(), "{price}");
        }
        assert_eq!(parse_price(" "), Err(PriceError::Blank));
    }
}
