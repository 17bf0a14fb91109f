//! The website around the API: every page of the browser app with its head
//! tags and structured data, the public pages rendered on the server and
//! kept as sent (compressed once per catalogue change), the sitemap and
//! robots.txt, the journal's feed, the build's assets and the media with their right-sized
//! copies. It reads the catalogue through the catalogue read model, as the
//! JSON API does, and knows nothing of the API's handlers.

pub mod document;
pub mod feed;
pub mod files;
pub mod head;
pub mod info;
pub mod kept;
pub mod pages;
pub mod render;
pub mod seo;
pub mod state;
pub mod structured_data;

use actix_web::{Route, guard, web};

pub use info::{SiteDoc, SiteInfo};
pub use state::{SiteConfig, SiteState};

/// Where the frontend build puts its server bundle, inside the frontend
/// directory (a hidden folder: never served as a file).
pub const SERVER_BUNDLE: &str = ".server/render.js";

/// GET, and HEAD of the same page (HTTP requires both; crawlers and link
/// checkers send HEAD). The server sends no body for HEAD.
fn get_or_head() -> Route {
    web::route().guard(guard::Any(guard::Get()).or(guard::Head()))
}

/// The site's calls inside the API's scope (`/api/site`).
pub fn configure_api(config: &mut web::ServiceConfig) {
    config.service(http_common::resource!("/site", GET => info::site));
}

/// The site's routes, after the API's: media, assets, search engines' files,
/// the pages, and the build's other files (falling back to the not-found page).
pub fn configure(state: &SiteState) -> impl FnOnce(&mut web::ServiceConfig) + use<> {
    let media = files::media(state);
    let root_files = files::root_files(state);
    move |config| {
        config
            .service(media)
            .service(files::assets())
            .route("/sitemap.xml", get_or_head().to(seo::sitemap))
            .route("/robots.txt", get_or_head().to(seo::robots))
            // Before the posts' pages: "feed.xml" is no post's slug.
            .route(feed::FEED_PATH, get_or_head().to(feed::journal_feed))
            .route("/blog/{slug}", get_or_head().to(document::blog_post_page))
            .route("/", get_or_head().to(document::app_page))
            // Not the raw template from the files below: the rendered home page.
            .route("/index.html", get_or_head().to(document::app_page))
            .route("/bookings/manage/{token}", get_or_head().to(document::manage_booking_page));
        // One route per page of the browser app (with and without a trailing
        // slash), so every page has a name of its own in the metrics.
        for page in pages::PAGES.iter().filter(|page| page.path != "/") {
            config
                .route(page.path, get_or_head().to(document::app_page))
                .route(&format!("{}/", page.path), get_or_head().to(document::app_page));
        }
        config.service(root_files);
    }
}
