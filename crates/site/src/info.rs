//! What the browser app takes from the server instead of repeating it
//! (docs/decisions.md §11): the retreat's time zone and every page's title,
//! served as `GET /api/site` and written into each page's head.

use actix_web::web;
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::pages::{NOT_FOUND, PAGES, POST_TITLE_SUFFIX, SITE_NAME};
use crate::state::{SiteConfig, SiteState};

/// Title and description of one page.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct PageInfo {
    pub path: String,
    pub title: String,
    pub description: String,
}

/// What the browser app takes from the server instead of repeating it: the
/// retreat's time zone ("today" for bookings) and every page's title.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SiteInfo {
    pub name: String,
    /// IANA time zone of the retreat, e.g. America/Los_Angeles.
    #[schema(example = "America/Los_Angeles")]
    pub time_zone: String,
    pub pages: Vec<PageInfo>,
    /// The title of a journal post is its own title followed by this.
    pub post_title_suffix: String,
    /// The title of the not-found page.
    pub not_found_title: String,
}

pub fn site_info(config: &SiteConfig) -> SiteInfo {
    SiteInfo {
        name: SITE_NAME.to_owned(),
        time_zone: config.time_zone.clone(),
        pages: PAGES
            .iter()
            .map(|page| PageInfo {
                path: page.path.to_owned(),
                title: page.title.to_owned(),
                description: page.description.to_owned(),
            })
            .collect(),
        post_title_suffix: POST_TITLE_SUFFIX.to_owned(),
        not_found_title: NOT_FOUND.title.to_owned(),
    }
}

#[utoipa::path(get, path = "/api/site", tag = "Site",
    responses((status = 200, description = "The retreat's time zone and the pages' titles", body = SiteInfo)))]
pub async fn site(state: web::Data<SiteState>) -> web::Json<SiteInfo> {
    web::Json(site_info(&state.config))
}

/// The site's part of the API document (assembled with the API's by the server).
#[derive(OpenApi)]
#[openapi(
    paths(site),
    tags((name = "Site", description = "What the browser app takes from the server: time zone and page titles"))
)]
pub struct SiteDoc;
