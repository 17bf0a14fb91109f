//! The demo catalogue (`demo/catalogue.json`), validated by the same domain
//! rules as anything an admin enters.

use std::path::Path;

use anyhow::{Context, bail};
use chrono::{DateTime, Utc};
use serde::Deserialize;

use domain::catalog::{MediaForm, ProductForm, ServiceForm};
use domain::content::BlogPostForm;
use ports::{DemoCatalogue, DemoPost, DemoProduct};

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct CatalogueFile {
    services: Vec<ServiceEntry>,
    products: Vec<ProductEntry>,
    blog_posts: Vec<PostEntry>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ServiceEntry {
    name: String,
    description: String,
    price: String,
    duration: i64,
    image: String,
    /// The booking key guests book this service under, if any.
    booking_key: Option<String>,
}

#[derive(Deserialize)]
struct ProductEntry {
    name: String,
    category: String,
    price: String,
    description: String,
    image: String,
    #[serde(default)]
    media: Vec<MediaEntry>,
}

#[derive(Deserialize)]
struct MediaEntry {
    url: String,
    #[serde(rename = "type")]
    media_type: String,
    title: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PostEntry {
    title: String,
    slug: String,
    excerpt: String,
    content: String,
    image: String,
    published_at: DateTime<Utc>,
}

pub fn load(demo_dir: &Path) -> anyhow::Result<DemoCatalogue> {
    let path = demo_dir.join("catalogue.json");
    let text = std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    parse(&text).with_context(|| format!("in {}", path.display()))
}

pub fn parse(text: &str) -> anyhow::Result<DemoCatalogue> {
    let file: CatalogueFile = serde_json::from_str(text)?;
    let mut catalogue = DemoCatalogue::default();
    for s in file.services {
        let name = s.name.clone();
        let service = ServiceForm {
            name: s.name,
            description: s.description,
            price: s.price,
            duration: Some(s.duration),
            image: s.image,
            booking_key: Some(s.booking_key),
        }
        .validate()
        .map_err(|e| anyhow::anyhow!("service {name:?}: {e}"))?;
        catalogue.services.push(service);
    }
    for p in file.products {
        let name = p.name.clone();
        let product = ProductForm {
            name: p.name,
            category: p.category,
            price: p.price,
            description: p.description,
            image: p.image,
            // The demo shop sells without stock limits (set them in the dashboard).
            stock: domain::catalog::StockForm::Absent,
        }
        .validate()
        .map_err(|e| anyhow::anyhow!("product {name:?}: {e}"))?;
        let media = p
            .media
            .into_iter()
            .enumerate()
            .map(|(position, m)| {
                MediaForm {
                    url: m.url,
                    media_type: m.media_type,
                    title: m.title,
                    sort_order: i64::try_from(position).ok(),
                }
                .validate()
                .map_err(|e| anyhow::anyhow!("media of {name:?}: {e}"))
            })
            .collect::<anyhow::Result<Vec<_>>>()?;
        catalogue.products.push(DemoProduct { product, media });
    }
    for p in file.blog_posts {
        let title = p.title.clone();
        let post = BlogPostForm {
            title: p.title,
            slug: p.slug,
            excerpt: p.excerpt,
            content: p.content,
            image: p.image,
        }
        .validate()
        .map_err(|e| anyhow::anyhow!("post {title:?}: {e}"))?;
        catalogue.posts.push(DemoPost { post, published_at: p.published_at });
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
            assert_eq!(service.name, key.service_name());
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
            .map(|s| s.image.clone())
            .chain(catalogue.products.iter().flat_map(|p| {
                std::iter::once(p.product.image.clone()).chain(p.media.iter().map(|m| m.url.clone()))
            }))
            .chain(catalogue.posts.iter().map(|p| p.post.image.clone()));
        for url in urls {
            let relative = url.strip_prefix("/media/").expect("served from /media");
            assert!(media_dir.join(relative).is_file(), "missing {url}");
        }
    }
}
