//! What the site's handlers reach, and where its files are. Built once by
//! the server binary.

use std::path::PathBuf;
use std::sync::Arc;

use catalogue::Catalogue;
use page_render::PageRenderer;

use crate::kept::KeptPages;

/// Where the site's files are and how it is addressed from outside.
#[derive(Debug, Clone)]
pub struct SiteConfig {
    /// The built frontend (`frontend/dist`); the API works without it.
    pub frontend_dir: PathBuf,
    /// Demo and uploaded media, served at `/media`.
    pub media_dir: PathBuf,
    /// Absolute base URL for sitemap and Open Graph links, no trailing slash.
    pub public_url: String,
    /// The retreat's IANA time zone, for the browser app's "today".
    pub time_zone: String,
}

/// What the site's handlers reach. Built once by the server binary.
pub struct SiteState {
    /// The catalogue as published (the same answers the JSON API gives).
    pub catalogue: Arc<Catalogue>,
    /// The public pages' server rendering; `None` when the frontend's server
    /// bundle is missing: pages then go out as the bare app shell and the
    /// browser renders them.
    pub renderer: Option<PageRenderer>,
    pub config: SiteConfig,
    pub(crate) kept: KeptPages,
    /// Pages rendered by the server bundle (`golden_pine_pages_rendered_total`):
    /// it moves only when a page is made, after a start or a change of the catalogue.
    pub(crate) pages_made: prometheus::IntCounter,
    /// Uploaded files (`/media/uploads/…`): the local store's folder, or
    /// this process's copies of a shared store's files.
    pub(crate) uploads_dir: Option<PathBuf>,
    /// The shared store copies are fetched from on first request; `None`
    /// when the files are in `uploads_dir` already (the local store).
    pub(crate) remote_uploads: Option<Arc<dyn ports::MediaStore>>,
}

impl SiteState {
    /// The site's state, its counter registered with the server's metrics.
    pub fn new(
        catalogue: Arc<Catalogue>,
        renderer: Option<PageRenderer>,
        config: SiteConfig,
        metrics: &prometheus::Registry,
    ) -> Result<Self, prometheus::Error> {
        let pages_made = prometheus::IntCounter::new(
            "golden_pine_pages_rendered_total",
            "Pages rendered by the server bundle (once per page and catalogue change)",
        )?;
        metrics.register(Box::new(pages_made.clone()))?;
        Ok(Self {
            catalogue,
            renderer,
            config,
            kept: KeptPages::default(),
            pages_made,
            uploads_dir: None,
            remote_uploads: None,
        })
    }

    /// Uploads are served from `dir`; with a `remote` store, a file missing
    /// there is fetched from it first (and kept: its name is its content's).
    pub fn with_uploads(mut self, dir: PathBuf, remote: Option<Arc<dyn ports::MediaStore>>) -> Self {
        self.uploads_dir = Some(dir);
        self.remote_uploads = remote;
        self
    }
}
