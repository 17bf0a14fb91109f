//! JSON-LD (schema.org) for the public pages, so search engines and link
//! previews read the retreat, its services, products and posts as data: the
//! retreat as a DaySpa (a LocalBusiness) with address, geo and opening hours;
//! services as Service offers; products as Product with an Offer whose
//! availability follows stock; posts as BlogPosting; and breadcrumbs.

use serde_json::{Value, json};

use domain::catalog::{Product, Service};
use domain::content::BlogPost;

use crate::head::{absolute, script_safe};

/// The retreat, as the site's footer and contact page show it.
pub mod retreat {
    pub const NAME: &str = "Golden Pine Wellness Retreat";
    pub const DESCRIPTION: &str = "A boutique mountain wellness retreat among the pines of Idyllwild, \
        California: massage, rustic spa rituals, a hand-built tiny home and small-batch botanicals.";
    pub const STREET: &str = "54200 Pine Crest Road";
    pub const LOCALITY: &str = "Idyllwild";
    pub const REGION: &str = "CA";
    pub const POSTAL_CODE: &str = "92549";
    pub const TELEPHONE: &str = "+1-951-555-0148";
    pub const EMAIL: &str = "stay@goldenpineretreat.com";
    /// Idyllwild, in the San Jacinto mountains.
    pub const LATITUDE: f64 = 33.7400;
    pub const LONGITUDE: f64 = -116.7189;
}

/// The retreat itself (home and contact pages).
pub fn business(public_url: &str) -> Value {
    json!({
        "@context": "https://schema.org",
        "@type": "DaySpa",
        "@id": format!("{public_url}/#retreat"),
        "name": retreat::NAME,
        "description": retreat::DESCRIPTION,
        "url": format!("{public_url}/"),
        "image": format!("{public_url}/og-image.jpg"),
        "telephone": retreat::TELEPHONE,
        "email": retreat::EMAIL,
        "priceRange": "$$",
        "address": {
            "@type": "PostalAddress",
            "streetAddress": retreat::STREET,
            "addressLocality": retreat::LOCALITY,
            "addressRegion": retreat::REGION,
            "postalCode": retreat::POSTAL_CODE,
            "addressCountry": "US",
        },
        "geo": {"@type": "GeoCoordinates", "latitude": retreat::LATITUDE, "longitude": retreat::LONGITUDE},
        "openingHoursSpecification": [
            {"@type": "OpeningHoursSpecification",
             "dayOfWeek": ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
             "opens": "09:00", "closes": "18:00"},
            {"@type": "OpeningHoursSpecification", "dayOfWeek": ["Saturday", "Sunday"],
             "opens": "08:00", "closes": "19:00"},
        ],
    })
}

/// Home › `name` (and › `leaf` for a post).
pub fn breadcrumbs(public_url: &str, trail: &[(&str, &str)]) -> Value {
    let mut items = vec![("Home".to_owned(), format!("{public_url}/"))];
    items.extend(trail.iter().map(|(name, path)| ((*name).to_owned(), absolute(public_url, path))));
    json!({
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        "itemListElement": items.iter().enumerate().map(|(index, (name, url))| json!({
            "@type": "ListItem", "position": index + 1, "name": name, "item": url,
        })).collect::<Vec<_>>(),
    })
}

/// Every service as an offer of the retreat.
pub fn services(public_url: &str, services: &[Service]) -> Value {
    json!({
        "@context": "https://schema.org",
        "@type": "ItemList",
        "itemListElement": services.iter().enumerate().map(|(index, service)| json!({
            "@type": "ListItem",
            "position": index + 1,
            "item": {
                "@type": "Service",
                "name": service.name,
                "description": service.description,
                "image": absolute(public_url, &service.image),
                "provider": {"@id": format!("{public_url}/#retreat")},
                "offers": {
                    "@type": "Offer",
                    "price": service.price.to_string(),
                    "priceCurrency": "USD",
                    "url": format!("{public_url}/services"),
                },
            },
        })).collect::<Vec<_>>(),
    })
}

/// schema.org availability for a stock level (`None` is unlimited).
pub fn availability(stock: Option<u32>) -> &'static str {
    match stock {
        None => "https://schema.org/InStock",
        Some(0) => "https://schema.org/OutOfStock",
        Some(left) if left <= 5 => "https://schema.org/LimitedAvailability",
        Some(_) => "https://schema.org/InStock",
    }
}

/// Every product with its offer.
pub fn products(public_url: &str, products: &[Product]) -> Value {
    json!({
        "@context": "https://schema.org",
        "@type": "ItemList",
        "itemListElement": products.iter().enumerate().map(|(index, product)| json!({
            "@type": "ListItem",
            "position": index + 1,
            "item": {
                "@type": "Product",
                "name": product.name,
                "description": product.description,
                "image": absolute(public_url, &product.image),
                "category": product.category.as_str(),
                "brand": {"@type": "Brand", "name": retreat::NAME},
                "offers": {
                    "@type": "Offer",
                    "price": product.price.to_string(),
                    "priceCurrency": "USD",
                    "availability": availability(product.stock),
                    "url": format!("{public_url}/products"),
                },
            },
        })).collect::<Vec<_>>(),
    })
}

/// One journal post.
pub fn blog_post(public_url: &str, post: &BlogPost) -> Value {
    let url = format!("{public_url}/blog/{}", post.slug.as_str());
    json!({
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        "headline": post.title,
        "description": post.excerpt,
        "image": absolute(public_url, &post.image),
        "datePublished": post.published_at.to_rfc3339(),
        "url": url,
        "mainEntityOfPage": url,
        "author": {"@type": "Organization", "name": retreat::NAME},
        "publisher": {"@id": format!("{public_url}/#retreat"), "@type": "Organization", "name": retreat::NAME},
    })
}

/// The `<script type="application/ld+json">` elements for the page's head.
/// Their JSON is script-safe (`head::script_safe`).
pub fn script_tags(graphs: &[Value]) -> String {
    graphs
        .iter()
        .map(|graph| {
            let json = script_safe(&serde_json::to_string(graph).unwrap_or_default());
            format!(r#"<script type="application/ld+json">{json}</script>"#)
        })
        .collect::<Vec<_>>()
        .join("\n    ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stock_maps_to_schema_org_availability() {
        assert_eq!(availability(None), "https://schema.org/InStock");
        assert_eq!(availability(Some(0)), "https://schema.org/OutOfStock");
        assert_eq!(availability(Some(5)), "https://schema.org/LimitedAvailability");
        assert_eq!(availability(Some(6)), "https://schema.org/InStock");
    }

    #[test]
    fn no_text_can_close_the_script_element() {
        let tags = script_tags(&[json!({"headline": "</script><script>alert(1)</script>"})]);
        assert_eq!(tags.matches("</script>").count(), 1, "{tags}");
        let inner =
            tags.trim_start_matches(r#"<script type="application/ld+json">"#).trim_end_matches("</script>");
        let parsed: Value = serde_json::from_str(inner).expect("still JSON");
        assert_eq!(parsed["headline"], "</script><script>alert(1)</script>");
    }
}
