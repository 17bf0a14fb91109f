//! Wire helpers shared by the handlers: enums as the API spells them, and
//! lenient readers for numbers that browsers send as strings.

pub mod fields;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

/// Declares the wire twin of a domain enum: same variants, same text.
macro_rules! wire_enum {
    ($(#[$meta:meta])* $name:ident mirrors $domain:path { $($variant:ident = $text:tt),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
        pub enum $name { $(#[serde(rename = $text)] $variant),+ }

        impl From<$domain> for $name {
            fn from(value: $domain) -> Self {
                use $domain as D;
                match value { $(D::$variant => $name::$variant),+ }
            }
        }

        impl From<$name> for $domain {
            fn from(value: $name) -> Self {
                use $domain as D;
                match value { $($name::$variant => D::$variant),+ }
            }
        }
    };
}

wire_enum! {
    /// What an audit record is about.
    ActivityEntity mirrors domain::audit::AuditEntity {
        Product = "product", ProductMedia = "product_media", Service = "service", BlogPost = "blog_post",
        ContactMessage = "contact_message", Order = "order", Booking = "booking", Blackout = "blackout",
        Availability = "availability", Email = "email", Session = "session",
    }
}
wire_enum! {
    /// What an audit record says happened.
    ActivityAction mirrors domain::audit::AuditAction {
        Created = "created", Updated = "updated", Deleted = "deleted", StatusChanged = "status_changed",
        Resent = "resent", LoginSucceeded = "login_succeeded", LoginFailed = "login_failed",
        LoggedOut = "logged_out",
    }
}
wire_enum! {
    /// Product category.
    ProductCategory mirrors domain::catalog::ProductCategory { Skincare = "skincare", Candles = "candles", Teas = "teas" }
}
wire_enum! {
    /// Kind of product media.
    MediaType mirrors domain::catalog::MediaType { Image = "image", Video = "video" }
}
wire_enum! {
    /// Order fulfilment status.
    OrderStatus mirrors domain::order::OrderStatus {
        Pending = "pending", Processing = "processing", Shipped = "shipped", Delivered = "delivered", Cancelled = "cancelled",
    }
}
wire_enum! {
    /// Booking status.
    BookingStatus mirrors domain::booking::BookingStatus {
        Pending = "pending", Confirmed = "confirmed", Completed = "completed", Cancelled = "cancelled",
    }
}
wire_enum! {
    /// What a guest books; the price is that of the service record carrying the key.
    ServiceKey mirrors domain::booking::ServiceKey {
        Massage = "massage", Spa = "spa", Accommodation = "accommodation", Package = "package",
    }
}
wire_enum! {
    /// Appointment time.
    TimeSlot mirrors domain::booking::TimeSlot {
        NineAm = "9:00", ElevenAm = "11:00", OnePm = "13:00", ThreePm = "15:00", FivePm = "17:00",
    }
}
/// A time slot as a request may name it: one of the five, or "09:00" (what
/// `<input type=time>` sends for 9:00).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum TimeSlotInput {
    #[serde(rename = "9:00")]
    NineAm,
    #[serde(rename = "09:00")]
    NineAmPadded,
    #[serde(rename = "11:00")]
    ElevenAm,
    #[serde(rename = "13:00")]
    OnePm,
    #[serde(rename = "15:00")]
    ThreePm,
    #[serde(rename = "17:00")]
    FivePm,
}

wire_enum! {
    /// What a blackout closes.
    BlackoutType mirrors domain::booking::BlackoutType {
        All = "all", Services = "services", TinyHome = "tiny_home", Retreat = "retreat",
    }
}
wire_enum! {
    /// Accommodation an availability entry is about.
    AccommodationType mirrors domain::booking::AccommodationType { TinyHome = "tiny_home", Retreat = "retreat" }
}
wire_enum! {
    /// Contact-form interest.
    Interest mirrors domain::content::Interest {
        Massage = "massage", Spa = "spa", Accommodation = "accommodation", Package = "package", Products = "products",
        General = "general",
    }
}

wire_enum! {
    /// The quiz's first question.
    WellnessGoal mirrors domain::quiz::WellnessGoal {
        StressRelief = "stress-relief", PhysicalHealing = "physical-healing", SpiritualGrowth = "spiritual-growth",
        SelfCare = "self-care",
    }
}
wire_enum! {
    /// The quiz's second question.
    StressLevel mirrors domain::quiz::StressLevel { Low = "low", Moderate = "moderate", High = "high", Burnout = "burnout" }
}
wire_enum! {
    /// The quiz's third question.
    TimePreference mirrors domain::quiz::TimePreference {
        Quick = "quick", HalfDay = "half-day", FullDay = "full-day", Overnight = "overnight",
    }
}
wire_enum! {
    /// The quiz's fourth question.
    ExperienceType mirrors domain::quiz::ExperienceType {
        HandsOn = "hands-on", Passive = "passive", Active = "active", Holistic = "holistic",
    }
}
wire_enum! {
    /// The quiz's fifth question.
    ProductInterest mirrors domain::quiz::ProductInterest {
        Skincare = "skincare", Aromatherapy = "aromatherapy", Teas = "teas", All = "all",
    }
}

/// An image's intrinsic size in pixels, so a page can reserve its box before
/// the picture arrives (`width`/`height`) and offer right-sized copies
/// (`{url}?w=…`, see `site::media`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ImageSize {
    pub width: u32,
    pub height: u32,
}

/// The size of the image a URL names when it is one of the site's media
/// files; `None` for an external URL, a video or a missing file.
pub fn image_size(images: &image_variants::ImageLibrary, url: &str) -> Option<ImageSize> {
    images.size_of_url(url).map(|size| ImageSize { width: size.width, height: size.height })
}

/// A wire value that names pictures, given their intrinsic sizes.
pub trait Pictured: Sized {
    fn sized(self, images: &image_variants::ImageLibrary) -> Self;
}

impl<T: Pictured> Pictured for Vec<T> {
    fn sized(self, images: &image_variants::ImageLibrary) -> Self {
        self.into_iter().map(|item| item.sized(images)).collect()
    }
}

impl<T: Pictured> Pictured for Option<T> {
    fn sized(self, images: &image_variants::ImageLibrary) -> Self {
        self.map(|item| item.sized(images))
    }
}

/// A money amount as sent: a string ("24.00") or a JSON number (24).
/// Anything else becomes text that the domain rejects with a clear message.
pub fn amount_text(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        Value::Number(number) => number.to_string(),
        Value::Null => String::new(),
        other => format!("{other}"),
    }
}

/// The value is not a whole number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotWhole;

/// A whole number as sent: a JSON integer, an integral float (60.0) or a
/// digit string ("60"). `Ok(None)` when absent.
pub fn whole_number(value: &Value) -> Result<Option<i64>, NotWhole> {
    match value {
        Value::Null => Ok(None),
        Value::Number(number) => match (number.as_i64(), number.as_f64()) {
            (Some(n), _) => Ok(Some(n)),
            (None, Some(f)) if f.fract() == 0.0 && f.abs() < 9.0e15 => Ok(Some(f as i64)),
            _ => Err(NotWhole),
        },
        Value::String(text) if !text.trim().is_empty() => text.trim().parse().map(Some).map_err(|_| NotWhole),
        Value::String(_) => Ok(None),
        _ => Err(NotWhole),
    }
}

/// A whole-number field for a domain form. A value that is not a whole number
/// becomes one out of every range, so the domain's range message answers it.
/// For a field whose absence means something else than its `null`: absent
/// stays `None` (with `#[serde(default)]`), `null` arrives as `Some(null)`.
pub fn present<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: serde::Deserialize<'de>,
{
    T::deserialize(deserializer).map(Some)
}

pub fn form_whole(value: &Value) -> Option<i64> {
    whole_number(value).unwrap_or(Some(i64::MIN))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn whole_numbers_accept_integers_integral_floats_and_digit_strings() {
        assert_eq!(whole_number(&json!(60)), Ok(Some(60)));
        assert_eq!(whole_number(&json!(60.0)), Ok(Some(60)));
        assert_eq!(whole_number(&json!("60")), Ok(Some(60)));
        assert_eq!(whole_number(&json!(null)), Ok(None));
        assert_eq!(whole_number(&json!(1.5)), Err(NotWhole));
        assert_eq!(whole_number(&json!("sixty")), Err(NotWhole));
        assert_eq!(whole_number(&json!([1])), Err(NotWhole));
        assert_eq!(whole_number(&json!(1e300)), Err(NotWhole));
    }

    #[test]
    fn amounts_keep_their_text() {
        assert_eq!(amount_text(&json!("24.50")), "24.50");
        assert_eq!(amount_text(&json!(24.5)), "24.5");
        assert_eq!(amount_text(&json!(null)), "");
        assert_eq!(amount_text(&json!(true)), "true");
    }
}
