//! The catalogue's published shape: products, their media, services and
//! journal posts as the API answers them (and the pages are rendered from).
//! Their OpenAPI schemas are part of the API's document.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use domain::payment::DepositPolicy;
use domain::{catalog, content, gift_card};
use image_variants::ImageLibrary;

http_common::wire_enum! {
    /// Product category.
    ProductCategory mirrors domain::catalog::ProductCategory { Skincare = "skincare", Candles = "candles", Teas = "teas" }
}
http_common::wire_enum! {
    /// Kind of product media.
    MediaType mirrors domain::catalog::MediaType { Image = "image", Video = "video" }
}
http_common::wire_enum! {
    /// What a guest books; the price is that of the service record carrying the key.
    ServiceKey mirrors domain::booking::ServiceKey {
        Massage = "massage", Spa = "spa", Accommodation = "accommodation", Package = "package",
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
pub fn image_size(images: &ImageLibrary, url: &str) -> Option<ImageSize> {
    images.size_of_url(url).map(|size| ImageSize { width: size.width, height: size.height })
}

/// A published value that names pictures, given their intrinsic sizes.
pub trait Pictured: Sized {
    fn sized(self, images: &ImageLibrary) -> Self;
}

impl<T: Pictured> Pictured for Vec<T> {
    fn sized(self, images: &ImageLibrary) -> Self {
        self.into_iter().map(|item| item.sized(images)).collect()
    }
}

impl<T: Pictured> Pictured for Option<T> {
    fn sized(self, images: &ImageLibrary) -> Self {
        self.map(|item| item.sized(images))
    }
}

/// A product of the shop.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Product {
    pub id: Uuid,
    pub name: String,
    pub category: ProductCategory,
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
    pub image_size: Option<ImageSize>,
    /// How many are left; null is unlimited. The shop says "Only N left" from
    /// 5 down and "Sold out" at 0.
    pub stock: Option<u32>,
}

impl From<catalog::Product> for Product {
    fn from(p: catalog::Product) -> Self {
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

impl Pictured for Product {
    fn sized(self, images: &ImageLibrary) -> Self {
        Self { image_size: image_size(images, &self.image), ..self }
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
    pub size: Option<ImageSize>,
    #[serde(rename = "type")]
    pub media_type: MediaType,
    pub title: Option<String>,
    pub sort_order: i32,
    pub created_at: DateTime<Utc>,
}

impl From<catalog::ProductMedia> for ProductMedia {
    fn from(m: catalog::ProductMedia) -> Self {
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

impl Pictured for ProductMedia {
    fn sized(self, images: &ImageLibrary) -> Self {
        let size = match self.media_type {
            MediaType::Image => image_size(images, &self.url),
            MediaType::Video => None,
        };
        Self { size, ..self }
    }
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
    pub image_size: Option<ImageSize>,
    /// The key guests book this service under (the booking dialog's choice),
    /// or null when it is not bookable online. Each key is on at most one
    /// service; capacity, prices and the quiz find a key's service by it.
    pub booking_key: Option<ServiceKey>,
    /// The fixed deposit a booking asks for when payments are on (null: none, or a percentage).
    #[schema(example = "25.00")]
    pub deposit_amount: Option<String>,
    /// The deposit as a percentage of the booking's price (a stay's: all its
    /// nights), rounded half-up to the cent; null: none, or a fixed amount.
    pub deposit_percent: Option<u8>,
}

impl From<catalog::Service> for Service {
    fn from(s: catalog::Service) -> Self {
        Self {
            id: s.id,
            name: s.name,
            description: s.description,
            price: s.price.to_string(),
            duration: s.duration_minutes,
            image: s.image,
            image_size: None,
            booking_key: s.booking_key.map(Into::into),
            deposit_amount: match s.deposit {
                DepositPolicy::Fixed(amount) => Some(amount.to_string()),
                _ => None,
            },
            deposit_percent: match s.deposit {
                DepositPolicy::Percent(percent) => Some(percent),
                _ => None,
            },
        }
    }
}

impl Pictured for Service {
    fn sized(self, images: &ImageLibrary) -> Self {
        Self { image_size: image_size(images, &self.image), ..self }
    }
}

/// What a gift card may be bought for (`GET /api/gift-cards/options`,
/// docs/decisions.md §16): the preset amounts and a custom amount's range
/// (the rules' constants), and the treatments, from the service records. It
/// changes with the services, so it is kept and rendered like them.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GiftCardOptions {
    /// The amounts offered first.
    #[schema(example = json!(["50.00", "100.00", "150.00", "250.00"]))]
    pub presets: Vec<String>,
    /// A custom amount is whole dollars from `min` to `max`.
    #[schema(example = "25.00")]
    pub min: String,
    #[schema(example = "1000.00")]
    pub max: String,
    /// The treatments a card may be bought as ("one Massage Therapy"): its value is the price.
    pub services: Vec<GiftCardService>,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GiftCardService {
    pub id: Uuid,
    pub name: String,
    #[schema(example = "85.00")]
    pub price: String,
}

impl GiftCardOptions {
    /// The options with these services (by price, as listed): those guests
    /// can book (a booking key) are the treatments a card may hold.
    pub fn with_services(services: Vec<catalog::Service>) -> Self {
        Self {
            presets: gift_card::PRESET_AMOUNTS.iter().map(ToString::to_string).collect(),
            min: gift_card::MIN_AMOUNT.to_string(),
            max: gift_card::MAX_AMOUNT.to_string(),
            services: services
                .into_iter()
                .filter(|service| service.booking_key.is_some())
                .map(|service| GiftCardService {
                    id: service.id,
                    name: service.name,
                    price: service.price.to_string(),
                })
                .collect(),
        }
    }
}

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
    /// The image's intrinsic size when it is one of the site's media files
    /// (null for an external URL or a missing file). Answers only.
    #[serde(default)]
    pub image_size: Option<ImageSize>,
    pub published_at: DateTime<Utc>,
}

impl From<content::BlogPost> for BlogPost {
    fn from(p: content::BlogPost) -> Self {
        Self {
            id: p.id,
            title: p.title,
            slug: p.slug.into_string(),
            excerpt: p.excerpt,
            content: p.content,
            image: p.image,
            image_size: None,
            published_at: p.published_at,
        }
    }
}

impl Pictured for BlogPost {
    fn sized(self, images: &ImageLibrary) -> Self {
        Self { image_size: image_size(images, &self.image), ..self }
    }
}

/// The published value of a domain value, with its pictures' sizes.
pub fn published<T, U: From<T> + Pictured>(item: T, images: &ImageLibrary) -> U {
    U::from(item).sized(images)
}

/// The published values of domain values, with their pictures' sizes.
pub fn published_list<T, U: From<T> + Pictured>(items: Vec<T>, images: &ImageLibrary) -> Vec<U> {
    items.into_iter().map(|item| published(item, images)).collect()
}

#[cfg(test)]
mod tests {
    use domain::Money;
    use domain::booking::ServiceKey;

    use super::*;

    fn service(name: &str, price: &str, booking_key: Option<ServiceKey>) -> catalog::Service {
        catalog::Service {
            id: Uuid::new_v4(),
            name: name.to_owned(),
            description: String::new(),
            price: Money::parse(price).expect("price"),
            duration_minutes: 60,
            image: String::new(),
            booking_key,
            deposit: DepositPolicy::None,
        }
    }

    #[test]
    fn a_card_holds_the_rules_amounts_or_a_bookable_treatment_at_its_price() {
        let options = GiftCardOptions::with_services(vec![
            service("Rustic Spa Treatments", "85", Some(ServiceKey::Spa)),
            service("Cedar Sound Bath", "65", None),
            service("Massage Therapy", "120.00", Some(ServiceKey::Massage)),
        ]);
        let json = serde_json::to_value(&options).expect("json");
        assert_eq!(json["presets"], serde_json::json!(["50.00", "100.00", "150.00", "250.00"]));
        assert_eq!((json["min"].as_str(), json["max"].as_str()), (Some("25.00"), Some("1000.00")));
        let treatments: Vec<(&str, &str)> =
            options.services.iter().map(|s| (s.name.as_str(), s.price.as_str())).collect();
        assert_eq!(treatments, [("Rustic Spa Treatments", "85.00"), ("Massage Therapy", "120.00")]);
    }
}

/// The owner's public reply to a rating.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublishedReply {
    pub text: String,
    /// When the owner replied (the retreat's date), yyyy-MM-dd.
    #[schema(example = "2026-12-20")]
    pub date: String,
}

/// A quoted comment, as its author allowed it.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuotedRating {
    pub id: Uuid,
    pub stars: u8,
    pub comment: String,
    /// Her first name and initial ("Ada L.").
    pub author: String,
    /// When she rated, yyyy-MM-dd.
    #[schema(example = "2026-12-19")]
    pub date: String,
    pub reply: Option<PublishedReply>,
}

/// One service's ratings as the site shows them (docs/decisions.md §9
/// "After the visit": every rating counts; only comments their authors let
/// us quote are shown; taken-down ratings neither count nor show).
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RatingSummary {
    pub service_key: ServiceKey,
    /// The mean of its ratings' stars, to one decimal.
    #[schema(example = 4.6)]
    pub average: f64,
    pub count: usize,
    /// The newest quoted comments (at most three), newest first.
    pub quoted: Vec<QuotedRating>,
}

impl RatingSummary {
    /// The summaries of `ratings`; dates are UTC days cut to the retreat's
    /// by the caller's `day` (the rating's moment as the retreat's date).
    pub fn of(ratings: &[domain::after_visit::Rating], day: impl Fn(DateTime<Utc>) -> String) -> Vec<Self> {
        domain::after_visit::summarise(ratings)
            .into_iter()
            .map(|summary| Self {
                service_key: summary.service.into(),
                average: summary.average,
                count: summary.count,
                quoted: summary
                    .quoted
                    .iter()
                    .filter_map(|r| {
                        Some(QuotedRating {
                            id: r.id,
                            stars: r.stars,
                            comment: r.quotable_comment()?.to_owned(),
                            author: r.author.clone(),
                            date: day(r.created_at),
                            reply: r.reply.as_ref().map(|reply| PublishedReply {
                                text: reply.text.clone(),
                                date: day(reply.at),
                            }),
                        })
                    })
                    .collect(),
            })
            .collect()
    }
}

/// What the privacy page states that the owner decides (docs/decisions.md
/// §22): a guest is told the retention in force, not the default.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PrivacyTerms {
    /// Health and intake answers are deleted this many months after the guest's last visit.
    #[schema(example = 24)]
    pub intake_keep_months: i32,
}

impl PrivacyTerms {
    pub fn of(intake: domain::intake::IntakeSettings) -> Self {
        Self { intake_keep_months: intake.keep_months }
    }
}
