//! The demo catalogue (`demo/catalogue.json`), read with the API's own wire
//! types and parsed by the same rules as anything an admin enters.

use std::path::Path;

use anyhow::{Context, bail};
use chrono::{DateTime, Utc};
use serde::Deserialize;
use serde_json::Value;

use http_api::routes::catalog::{MediaInput, ProductInput, ServiceInput};
use http_api::routes::content::BlogPostInput;
use http_api::routes::schedule::ScheduleInput;
use ports::{DemoCatalogue, DemoPost, DemoProduct};

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct CatalogueFile {
    services: Vec<Value>,
    products: Vec<ProductEntry>,
    blog_posts: Vec<PostEntry>,
    /// The retreat's standing schedule, as the dashboard saves it.
    #[serde(default)]
    schedule: Option<Value>,
}

/// A product as the dashboard saves it, with its gallery.
#[derive(Deserialize)]
struct ProductEntry {
    #[serde(flatten)]
    product: Value,
    #[serde(default)]
    media: Vec<Value>,
}

/// A post as the dashboard saves it, with the day it was published.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PostEntry {
    #[serde(flatten)]
    post: Value,
    published_at: DateTime<Utc>,
}

/// What `value` says of itself, for an error message.
fn named(value: &Value, field: &str) -> String {
    value.get(field).and_then(Value::as_str).unwrap_or("?").to_owned()
}

pub fn load(demo_dir: &Path) -> anyhow::Result<DemoCatalogue> {
    let path = demo_dir.join("catalogue.json");
    let text = std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    parse(&text).with_context(|| format!("in {}", path.display()))
}

pub fn parse(text: &str) -> anyhow::Result<DemoCatalogue> {
    let file: CatalogueFile = serde_json::from_str(text)?;
    let mut catalogue = DemoCatalogue::default();
    for entry in file.services {
        let name = named(&entry, "name");
        let input: ServiceInput = serde_json::from_value(entry)?;
        let service = input.try_into_domain().map_err(|e| anyhow::anyhow!("service {name:?}: {e}"))?;
        catalogue.services.push(service);
    }
    for entry in file.products {
        let name = named(&entry.product, "name");
        // The demo shop sells without stock limits (set them in the dashboard).
        let input: ProductInput = serde_json::from_value(entry.product)?;
        let product = input.try_into_domain().map_err(|e| anyhow::anyhow!("product {name:?}: {e}"))?;
        let media = entry
            .media
            .into_iter()
            .enumerate()
            .map(|(position, entry)| {
                let input: MediaInput = serde_json::from_value(entry)?;
                let mut media =
                    input.try_into_domain().map_err(|e| anyhow::anyhow!("media of {name:?}: {e}"))?;
                media.sort_order = i32::try_from(position)?;
                Ok(media)
            })
            .collect::<anyhow::Result<Vec<_>>>()?;
        catalogue.products.push(DemoProduct { product, media });
    }
    for entry in file.blog_posts {
        let title = named(&entry.post, "title");
        let input: BlogPostInput = serde_json::from_value(entry.post)?;
        let post = input.try_into_domain().map_err(|e| anyhow::anyhow!("post {title:?}: {e}"))?;
        catalogue.posts.push(DemoPost { post, published_at: entry.published_at });
    }
    if let Some(entry) = file.schedule {
        let input: ScheduleInput = serde_json::from_value(entry)?;
        catalogue.schedule = Some(input.try_into_domain().map_err(|e| anyhow::anyhow!("schedule: {e}"))?);
    }
    if catalogue.services.is_empty() {
        bail!("the demo catalogue has no services");
    }
    Ok(catalogue)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The committed catalogue is valid and as large as the issue asks.
    #[test]
    fn committed_catalogue_is_valid_and_complete() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../demo");
        let catalogue = load(&dir).expect("demo catalogue loads");
        // Every booking key has its record, with the specification's name and price.
        let prices =
            [("massage", "120.00"), ("spa", "85.00"), ("accommodation", "180.00"), ("package", "450.00")];
        for (key, price) in prices {
            let key = domain::booking::ServiceKey::from_text(key).expect("key");
            let service = catalogue
                .services
                .iter()
                .find(|s| s.booking_key == domain::catalog::BookingKeyChange::Set(Some(key)))
                .expect("a service per booking key");
            assert_eq!(service.name.as_str(), key.service_name());
            assert_eq!(service.price.to_string(), price, "price of {}", service.name);
        }
        assert!(catalogue.products.len() >= 9);
        for category in domain::catalog::ProductCategory::ALL {
            assert!(catalogue.products.iter().any(|p| p.product.category == *category), "{category}");
        }
        assert!(catalogue.products.iter().all(|p| p.media.len() >= 2), "several media per product");
        assert!(catalogue.posts.len() >= 4);
        // Every image the catalogue names is in the repository.
        let media_dir = dir.join("media");
        let urls = catalogue
            .services
            .iter()
            .map(|s| s.image.as_str().to_owned())
            .chain(catalogue.products.iter().flat_map(|p| {
                std::iter::once(p.product.image.as_str().to_owned())
                    .chain(p.media.iter().map(|m| m.url.as_str().to_owned()))
            }))
            .chain(catalogue.posts.iter().map(|p| p.post.image.as_str().to_owned()));
        for url in urls {
            let relative = url.strip_prefix("/media/").expect("served from /media");
            assert!(media_dir.join(relative).is_file(), "missing {url}");
        }
    }
}
