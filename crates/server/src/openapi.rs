//! The whole OpenAPI document: the JSON API's operations and the site's,
//! with the conventions every operation shares. Committed as `openapi.json`
//! (the frontend's types are generated from it) and served at
//! `/api/openapi.json`.

use utoipa::OpenApi;

pub fn document() -> utoipa::openapi::OpenApi {
    let mut document = http_api::openapi::ApiDoc::openapi();
    document.merge(site::SiteDoc::openapi());
    http_common::openapi::apply_conventions(&mut document);
    document
}

/// The document as committed in `openapi.json` (pretty, trailing newline).
pub fn document_json() -> String {
    let mut text = document().to_pretty_json().unwrap_or_default();
    text.push('\n');
    text
}
