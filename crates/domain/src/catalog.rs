//! What the retreat sells and offers: products, their media, and services.

use uuid::Uuid;

use crate::booking::ServiceKey;
use crate::money::Money;
use crate::validation::{
    LONG_TEXT_MAX, SHORT_TEXT_MAX, ValidationErrors, media_url, optional_text, required_text,
};

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

/// The stock field as a client sent it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum StockForm {
    /// Not sent.
    #[default]
    Absent,
    /// Sent empty (null): unlimited.
    Unlimited,
    /// Sent as a number (`None` when it was not a whole number).
    Quantity(Option<i64>),
}

impl StockForm {
    fn validate(self) -> Result<StockUpdate, String> {
        match self {
            StockForm::Absent => Ok(StockUpdate::Keep),
            StockForm::Unlimited => Ok(StockUpdate::Set(None)),
            StockForm::Quantity(Some(n)) if (0..=i64::from(MAX_STOCK)).contains(&n) => {
                Ok(StockUpdate::Set(u32::try_from(n).ok()))
            }
            StockForm::Quantity(_) => Err(STOCK_MESSAGE.to_owned()),
        }
    }
}

/// A validated product, ready to be stored (create or full update).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewProduct {
    pub name: String,
    pub category: ProductCategory,
    pub price: Money,
    pub description: String,
    pub image: String,
    /// On create, `Keep` means unlimited.
    pub stock: StockUpdate,
}

/// Product fields as a client sent them.
#[derive(Debug, Clone, Default)]
pub struct ProductForm {
    pub name: String,
    pub category: String,
    pub price: String,
    pub description: String,
    pub image: String,
    pub stock: StockForm,
}

impl ProductForm {
    pub fn validate(self) -> Result<NewProduct, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let name = errors.take("name", required_text(&self.name, SHORT_TEXT_MAX, "Name is required"));
        let category = errors.take(
            "category",
            ProductCategory::from_text(&self.category)
                .ok_or_else(|| "Please choose a category: skincare, candles or teas".to_owned()),
        );
        let price = errors.take("price", parse_price(&self.price));
        let description = errors
            .take("description", required_text(&self.description, LONG_TEXT_MAX, "Description is required"));
        let image = errors.take("image", media_url(&self.image, "Image URL is required"));
        let stock = errors.take("stock", self.stock.validate());
        match (name, category, price, description, image, stock) {
            (Some(name), Some(category), Some(price), Some(description), Some(image), Some(stock)) => {
                Ok(NewProduct { name, category, price, description, image, stock })
            }
            _ => Err(errors),
        }
    }
}

/// A required price: "Price is required" when blank, else an exact amount.
pub fn parse_price(text: &str) -> Result<Money, String> {
    if text.trim().is_empty() {
        return Err("Price is required".to_owned());
    }
    Money::parse(text).map_err(|reason| format!("Price: {}", reason.to_lowercase()))
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
    pub url: String,
    pub media_type: MediaType,
    pub title: Option<String>,
    pub sort_order: i32,
}

#[derive(Debug, Clone, Default)]
pub struct MediaForm {
    pub url: String,
    pub media_type: String,
    pub title: Option<String>,
    pub sort_order: Option<i64>,
}

pub const MEDIA_URL_MESSAGE: &str = "Please provide a media URL";

impl MediaForm {
    pub fn validate(self) -> Result<NewMedia, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let url = errors.take("url", media_url(&self.url, MEDIA_URL_MESSAGE));
        let media_type = errors.take(
            "type",
            MediaType::from_text(&self.media_type).ok_or_else(|| "Type must be image or video".to_owned()),
        );
        let title = errors.take("title", optional_text(self.title.as_deref(), SHORT_TEXT_MAX));
        let sort_order = errors.take("sortOrder", parse_sort_order(self.sort_order.unwrap_or(0)));
        match (url, media_type, title, sort_order) {
            (Some(url), Some(media_type), Some(title), Some(sort_order)) => {
                Ok(NewMedia { url, media_type, title, sort_order })
            }
            _ => Err(errors),
        }
    }
}

/// Highest gallery position.
pub const MAX_SORT_ORDER: i64 = 100_000;

/// Positions are small non-negative integers (a gallery has a handful of items).
pub fn parse_sort_order(value: i64) -> Result<i32, String> {
    i32::try_from(value)
        .ok()
        .filter(|v| (0..=MAX_SORT_ORDER).contains(&i64::from(*v)))
        .ok_or_else(|| format!("Sort order must be a whole number from 0 to {MAX_SORT_ORDER}"))
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
    pub name: String,
    pub description: String,
    pub price: Money,
    pub duration_minutes: i32,
    pub image: String,
    /// On create, `Keep` means no key.
    pub booking_key: BookingKeyChange,
}

#[derive(Debug, Clone, Default)]
pub struct ServiceForm {
    pub name: String,
    pub description: String,
    pub price: String,
    pub duration: Option<i64>,
    pub image: String,
    /// `None`: not sent; `Some(None)`: sent as null or "none"; otherwise the key's text.
    pub booking_key: Option<Option<String>>,
}

/// A week: the longest stay a single service describes.
pub const MAX_DURATION_MINUTES: i64 = 10_080;

impl ServiceForm {
    pub fn validate(self) -> Result<NewService, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let name = errors.take("name", required_text(&self.name, SHORT_TEXT_MAX, "Name is required"));
        let description = errors
            .take("description", required_text(&self.description, LONG_TEXT_MAX, "Description is required"));
        let price = errors.take("price", parse_price(&self.price));
        let duration = errors.take(
            "duration",
            match self.duration {
                None => Err("Duration is required".to_owned()),
                Some(minutes) if (1..=MAX_DURATION_MINUTES).contains(&minutes) => {
                    i32::try_from(minutes).map_err(|_| String::new())
                }
                Some(_) => Err(format!("Duration must be from 1 to {MAX_DURATION_MINUTES} minutes")),
            },
        );
        let image = errors.take("image", media_url(&self.image, "Image URL is required"));
        let booking_key = errors.take(
            "bookingKey",
            match self.booking_key {
                None => Ok(BookingKeyChange::Keep),
                Some(text) => match text.as_deref().map(str::trim) {
                    None | Some("" | "none") => Ok(BookingKeyChange::Set(None)),
                    Some(text) => {
                        ServiceKey::from_text(text).map(|key| BookingKeyChange::Set(Some(key))).ok_or_else(
                            || "Booking key must be massage, spa, accommodation, package or none".to_owned(),
                        )
                    }
                },
            },
        );
        match (name, description, price, duration, image, booking_key) {
            (
                Some(name),
                Some(description),
                Some(price),
                Some(duration_minutes),
                Some(image),
                Some(booking_key),
            ) => Ok(NewService { name, description, price, duration_minutes, image, booking_key }),
            _ => Err(errors),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn product_form() -> ProductForm {
        ProductForm {
            name: "Cedar Candle".into(),
            category: "candles".into(),
            price: "32.5".into(),
            description: "Smells like the forest.".into(),
            image: "/media/products/cedar.webp".into(),
            stock: StockForm::Absent,
        }
    }

    #[test]
    fn stock_is_kept_when_not_sent_and_checked_when_sent() {
        let stock = |form| ProductForm { stock: form, ..product_form() }.validate().map(|p| p.stock);
        assert_eq!(stock(StockForm::Absent), Ok(StockUpdate::Keep));
        assert_eq!(stock(StockForm::Unlimited), Ok(StockUpdate::Set(None)));
        assert_eq!(stock(StockForm::Quantity(Some(0))), Ok(StockUpdate::Set(Some(0))));
        assert_eq!(stock(StockForm::Quantity(Some(100_000))), Ok(StockUpdate::Set(Some(100_000))));
        for bad in [Some(-1), Some(100_001), None] {
            let errors = stock(StockForm::Quantity(bad)).expect_err("refused");
            assert_eq!(errors.message_for("stock"), Some(STOCK_MESSAGE), "{bad:?}");
        }
    }

    #[test]
    fn valid_product_is_trimmed_and_priced_exactly() {
        let product = product_form().validate().expect("valid");
        assert_eq!(product.price.to_string(), "32.50");
        assert_eq!(product.category, ProductCategory::Candles);
    }

    #[test]
    fn every_missing_product_field_is_reported() {
        let errors = ProductForm::default().validate().expect_err("invalid");
        assert_eq!(errors.message_for("name"), Some("Name is required"));
        assert_eq!(errors.message_for("price"), Some("Price is required"));
        assert_eq!(errors.message_for("description"), Some("Description is required"));
        assert_eq!(errors.message_for("image"), Some("Image URL is required"));
        assert!(errors.message_for("category").is_some());
    }

    #[test]
    fn negative_or_fractional_cent_prices_are_rejected() {
        for price in ["-1.00", "1.001", "1e9", "999999999"] {
            let form = ProductForm { price: price.into(), ..product_form() };
            assert!(form.validate().is_err(), "{price}");
        }
    }

    #[test]
    fn media_needs_a_url_with_the_spec_message() {
        let errors =
            MediaForm { media_type: "image".into(), ..MediaForm::default() }.validate().expect_err("invalid");
        assert_eq!(errors.message_for("url"), Some(MEDIA_URL_MESSAGE));
    }

    #[test]
    fn media_type_and_sort_order_are_bounded() {
        let form = MediaForm {
            url: "/media/a.webm".into(),
            media_type: "audio".into(),
            title: Some("  ".into()),
            sort_order: Some(-1),
        };
        let errors = form.validate().expect_err("invalid");
        assert!(errors.message_for("type").is_some());
        assert!(errors.message_for("sortOrder").is_some());
    }

    #[test]
    fn service_duration_must_be_positive_and_present() {
        let base = ServiceForm {
            name: "Massage Therapy".into(),
            description: "Kneads.".into(),
            price: "120".into(),
            duration: Some(60),
            image: "/media/s.webp".into(),
            booking_key: None,
        };
        assert!(base.clone().validate().is_ok());
        for duration in [None, Some(0), Some(-5), Some(i64::MAX)] {
            let form = ServiceForm { duration, ..base.clone() };
            assert!(form.validate().is_err(), "{duration:?}");
        }
    }

    #[test]
    fn a_service_keeps_its_booking_key_unless_the_save_names_one() {
        let base = ServiceForm {
            name: "Massage Therapy".into(),
            description: "Kneads.".into(),
            price: "120".into(),
            duration: Some(60),
            image: "/media/s.webp".into(),
            booking_key: None,
        };
        let key = |booking_key| ServiceForm { booking_key, ..base.clone() }.validate().map(|s| s.booking_key);
        assert_eq!(key(None), Ok(BookingKeyChange::Keep));
        assert_eq!(key(Some(None)), Ok(BookingKeyChange::Set(None)));
        assert_eq!(key(Some(Some("none".into()))), Ok(BookingKeyChange::Set(None)));
        assert_eq!(key(Some(Some("spa".into()))), Ok(BookingKeyChange::Set(Some(ServiceKey::Spa))));
        assert!(key(Some(Some("Massage Therapy".into()))).is_err());
    }
}
