//! The catalogue read model (docs/decisions.md §13): the JSON of
//! `GET /api/products`, `/api/services`, `/api/blog-posts`,
//! `/api/blog-posts/{slug}`, `/api/products/{id}/media` and
//! `/api/gift-cards/options` (the treatments are service records) and
//! `/api/privacy/terms` (how long health answers are kept), kept serialised
//! with a strong `ETag`, so a read costs no query and a browser's revalidation
//! (`If-None-Match`) costs no body. The JSON API answers these calls from it,
//! and the site renders its pages from the same answers. (The gift card
//! options' handler still reads the services itself; the server-rendering
//! tests hold its answer and the kept one to the same JSON.)
//!
//! Invalidation: the writes that change what it publishes say so
//! ([`Catalogue::changed`], [`Catalogue::stock_moved`]), and the store's
//! change feed says so when any process's transaction changes a catalogue
//! table (PostgreSQL NOTIFY). A generation number keeps an answer read
//! before a change from being stored after it; the site's kept pages carry
//! the generation they were made from.

pub mod model;

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, RwLock};

use bytes::Bytes;
use uuid::Uuid;

use domain::catalog;
use domain::content::{BlogPost, Slug};
use image_variants::ImageLibrary;
use ports::{CatalogRepository, ContentRepository, RepoError, RepoResult};

use crate::model::{published, published_list};

/// One read of the catalogue, as the API's calls name them.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum CatalogueRead {
    /// Every product, by name.
    Products,
    /// Every service, by price.
    Services,
    /// Every journal post, newest first.
    Posts,
    /// One post, by its slug.
    Post(String),
    /// One product's media, in gallery order.
    Media(Uuid),
    /// What a gift card may be bought for: the amounts and the treatments.
    GiftCardOptions,
    /// Each service's ratings as the site shows them.
    Ratings,
    /// What the privacy page promises that the owner sets: how long health answers are kept.
    PrivacyTerms,
}

impl CatalogueRead {
    /// The read a catalogue GET path names, as the frontend's route table
    /// lists what a page needs (`/api/products`, `/api/blog-posts/{slug}`,
    /// `/api/products/{id}/media`); the query string does not change it.
    pub fn from_api_path(path: &str) -> Option<Self> {
        let path = path.split_once('?').map_or(path, |(path, _)| path);
        let segments: Vec<&str> = path.strip_prefix("/api/")?.split('/').collect();
        match segments.as_slice() {
            ["products"] => Some(Self::Products),
            ["services"] => Some(Self::Services),
            ["blog-posts"] => Some(Self::Posts),
            ["blog-posts", slug] => Some(Self::Post((*slug).to_owned())),
            ["products", id, "media"] => Uuid::parse_str(id).ok().map(Self::Media),
            ["gift-cards", "options"] => Some(Self::GiftCardOptions),
            ["ratings"] => Some(Self::Ratings),
            ["privacy", "terms"] => Some(Self::PrivacyTerms),
            _ => None,
        }
    }
}

/// A kept answer: the JSON and its strong validator.
#[derive(Debug, Clone)]
pub struct Answer {
    pub body: Bytes,
    pub etag: String,
}

impl Answer {
    fn of(value: &impl serde::Serialize) -> RepoResult<Self> {
        let body = serde_json::to_vec(value).map_err(RepoError::storage)?;
        Ok(Self { etag: http_common::conditional::strong_etag(&body), body: body.into() })
    }
}

#[derive(Default)]
struct Kept {
    generation: u64,
    answers: HashMap<CatalogueRead, Answer>,
    /// The products with a limited stock, as the kept products answer shows
    /// them: an order for any of them changes what is published.
    limited_stock: HashSet<Uuid>,
}

/// The catalogue as published, read through the store and kept in memory.
pub struct Catalogue {
    products: Arc<dyn CatalogRepository>,
    journal: Arc<dyn ContentRepository>,
    ratings: Arc<dyn ports::AfterVisitRepository>,
    /// The intake settings: the privacy page states how long answers are kept.
    intake: Arc<dyn ports::IntakeRepository>,
    /// The retreat's time zone: a rating's date is the retreat's day.
    time_zone: chrono_tz::Tz,
    images: Arc<ImageLibrary>,
    kept: RwLock<Kept>,
}

impl Catalogue {
    pub fn new(
        products: Arc<dyn CatalogRepository>,
        journal: Arc<dyn ContentRepository>,
        ratings: Arc<dyn ports::AfterVisitRepository>,
        intake: Arc<dyn ports::IntakeRepository>,
        time_zone: chrono_tz::Tz,
        images: Arc<ImageLibrary>,
    ) -> Self {
        Self { products, journal, ratings, intake, time_zone, images, kept: RwLock::default() }
    }

    /// The media images' sizes and right-sized copies.
    pub fn images(&self) -> &Arc<ImageLibrary> {
        &self.images
    }

    fn read(&self) -> std::sync::RwLockReadGuard<'_, Kept> {
        self.kept.read().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn write(&self) -> std::sync::RwLockWriteGuard<'_, Kept> {
        self.kept.write().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Moves on with every change of what is published: whatever was made
    /// from an earlier generation is stale.
    pub fn generation(&self) -> u64 {
        self.read().generation
    }

    /// Something published changed (a product, its media, a service, a
    /// post): every answer is forgotten, and reads under way will not keep
    /// theirs.
    pub fn changed(&self) {
        let mut kept = self.write();
        kept.generation = kept.generation.wrapping_add(1);
        kept.answers.clear();
        kept.limited_stock.clear();
    }

    /// An order took (or gave back) stock of these products: what is
    /// published changed only if one of them has a limited stock (the shop
    /// says "Only N left"); orders of unlimited products change nothing.
    pub fn stock_moved(&self, products: impl IntoIterator<Item = Uuid>) {
        let shown = {
            let kept = self.read();
            products.into_iter().any(|id| kept.limited_stock.contains(&id))
        };
        if shown {
            self.changed();
        }
    }

    /// The answer to `read`: from memory, or from the store (then kept,
    /// unless the catalogue changed meanwhile). Only successful answers are
    /// kept, and a post only under its own slug, so unknown ids and slugs
    /// cannot fill the memory. An unknown product or post is `NotFound`.
    pub async fn answer(&self, read: &CatalogueRead) -> RepoResult<Answer> {
        let (kept, generation) = {
            let kept = self.read();
            (kept.answers.get(read).cloned(), kept.generation)
        };
        if let Some(answer) = kept {
            return Ok(answer);
        }
        let mut limited_stock = None;
        let answer = match read {
            CatalogueRead::Products => {
                let products = self.products.list_products().await?;
                limited_stock = Some(products.iter().filter(|p| p.stock.is_some()).map(|p| p.id).collect());
                Answer::of(&published_list::<_, model::Product>(products, &self.images))?
            }
            CatalogueRead::Services => Answer::of(&published_list::<_, model::Service>(
                self.products.list_services().await?,
                &self.images,
            ))?,
            CatalogueRead::Posts => Answer::of(&published_list::<_, model::BlogPost>(
                self.journal.list_posts().await?,
                &self.images,
            ))?,
            CatalogueRead::Post(slug) => {
                Answer::of(&published::<_, model::BlogPost>(self.post(slug).await?, &self.images))?
            }
            CatalogueRead::Media(product) => Answer::of(&published_list::<_, model::ProductMedia>(
                self.products.list_media(*product).await?,
                &self.images,
            ))?,
            CatalogueRead::Ratings => {
                let zone = self.time_zone;
                Answer::of(&model::RatingSummary::of(&self.ratings.ratings().await?, |at| {
                    at.with_timezone(&zone).date_naive().to_string()
                }))?
            }
            CatalogueRead::GiftCardOptions => {
                Answer::of(&model::GiftCardOptions::with_services(self.products.list_services().await?))?
            }
            CatalogueRead::PrivacyTerms => {
                Answer::of(&model::PrivacyTerms::of(self.intake.settings().await?))?
            }
        };
        let mut kept = self.write();
        if kept.generation == generation {
            kept.answers.insert(read.clone(), answer.clone());
            if let Some(limited) = limited_stock {
                kept.limited_stock = limited;
            }
        }
        Ok(answer)
    }

    /// Every product, by name (for the pages' structured data).
    pub async fn products(&self) -> RepoResult<Vec<catalog::Product>> {
        self.products.list_products().await
    }

    /// Every service, by price (for the pages' structured data).
    pub async fn services(&self) -> RepoResult<Vec<catalog::Service>> {
        self.products.list_services().await
    }

    /// Every journal post, newest first (for the sitemap).
    pub async fn posts(&self) -> RepoResult<Vec<BlogPost>> {
        self.journal.list_posts().await
    }

    /// The post with this slug, written exactly as stored; `NotFound` for
    /// any other text (another spelling is not the post's address).
    pub async fn post(&self, slug: &str) -> RepoResult<BlogPost> {
        if !Slug::parse(slug).is_ok_and(|parsed| parsed.as_str() == slug) {
            return Err(RepoError::NotFound);
        }
        self.journal.get_post_by_slug(slug).await
    }
}

/// The order use case tells the catalogue of the stock its orders moved.
impl ports::StockEvents for Catalogue {
    fn stock_moved(&self, products: Vec<Uuid>) {
        Catalogue::stock_moved(self, products);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn api_paths_name_their_reads() {
        let id = Uuid::new_v4();
        assert_eq!(CatalogueRead::from_api_path("/api/products"), Some(CatalogueRead::Products));
        assert_eq!(CatalogueRead::from_api_path("/api/services?x=1"), Some(CatalogueRead::Services));
        assert_eq!(CatalogueRead::from_api_path("/api/blog-posts"), Some(CatalogueRead::Posts));
        assert_eq!(
            CatalogueRead::from_api_path("/api/blog-posts/forest-bathing"),
            Some(CatalogueRead::Post("forest-bathing".to_owned()))
        );
        assert_eq!(
            CatalogueRead::from_api_path(&format!("/api/products/{id}/media")),
            Some(CatalogueRead::Media(id))
        );
        assert_eq!(
            CatalogueRead::from_api_path("/api/gift-cards/options"),
            Some(CatalogueRead::GiftCardOptions)
        );
        for other in [
            "/api/orders",
            "/api/products/not-a-uuid/media",
            "/products",
            "/api/products/x/y/z",
            "/api/gift-cards",
            "/api/gift-cards/balance",
        ] {
            assert_eq!(CatalogueRead::from_api_path(other), None, "{other}");
        }
    }
}
