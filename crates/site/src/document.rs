//! The pages themselves: the app's `index.html` with each page's head tags,
//! structured data and (for the pages the server renders) its markup and the
//! data it was rendered from, kept as sent until the catalogue changes.

use std::future::Future;

use actix_web::http::StatusCode;
use actix_web::http::header::{CacheControl, CacheDirective};
use actix_web::{HttpRequest, HttpResponse, ResponseError, web};
use page_render::RenderedPage;

use http_common::ApiError;

use crate::head::{PageMeta, head_tags, query_state_tag, site_info_tag};
use crate::kept::{Keep, SentPage, ShellVersion};
use crate::pages::{Graph, JOURNAL_CRUMB, NOT_FOUND, POST_PATH_PREFIX, POST_TITLE_SUFFIX, Page, page};
use crate::render::{markup_of, rendered};
use crate::state::SiteState;
use crate::structured_data;

/// Marker in `frontend/index.html` replaced by the page's head tags.
pub const HEAD_MARKER: &str = "<!--app-head-->";
/// The app's empty root element in `frontend/index.html`, filled with the
/// server-rendered page.
pub const ROOT_ELEMENT: &str = r#"<div id="root"></div>"#;
/// The one key of the not-found page's markup, whatever the unknown path.
const NOT_FOUND_KEY: &str = "not-found";

fn not_found_meta(path: &str) -> PageMeta {
    PageMeta::of(&NOT_FOUND, path)
}

fn not_built() -> HttpResponse {
    HttpResponse::ServiceUnavailable()
        .content_type("text/plain; charset=utf-8")
        .body("The website has not been built yet. Run `just build` (or `just run`), then reload.")
}

async fn read_file(path: std::path::PathBuf) -> Option<String> {
    web::block(move || std::fs::read_to_string(path)).await.ok()?.ok()
}

/// The app's `index.html` with the page's head tags, its structured data
/// (JSON-LD) and, when the server rendered it, the page itself in `#root`
/// and the data it was rendered from in the head (the app starts from it, no
/// second fetch). `None` when the frontend is not built.
async fn page_html(
    state: &SiteState,
    meta: &PageMeta,
    structured: &[serde_json::Value],
    page: Option<&RenderedPage>,
) -> Option<String> {
    let config = &state.config;
    let mut head = format!(
        "{}\n    {}\n    {}",
        head_tags(meta, &config.public_url),
        crate::feed::head_link(&config.public_url),
        site_info_tag(config)
    );
    if !structured.is_empty() {
        head.push_str("\n    ");
        head.push_str(&structured_data::script_tags(structured));
    }
    if let Some(page) = page {
        head.push_str("\n    ");
        head.push_str(&query_state_tag(&page.state));
    }
    let template = read_file(config.frontend_dir.join("index.html")).await?.replacen(HEAD_MARKER, &head, 1);
    Some(match page {
        Some(page) => template.replacen(ROOT_ELEMENT, &format!(r#"<div id="root">{}</div>"#, page.html), 1),
        None => template,
    })
}

/// A page made for this one request (the not-found page, whose head names
/// the unknown path); never cached by browsers.
async fn page_now(
    state: &SiteState,
    meta: &PageMeta,
    status: StatusCode,
    page: Option<&RenderedPage>,
) -> HttpResponse {
    match page_html(state, meta, &[], page).await {
        Some(html) => HttpResponse::build(status)
            .insert_header(CacheControl(vec![CacheDirective::NoCache]))
            .content_type("text/html; charset=utf-8")
            .body(html),
        None => not_built(),
    }
}

/// The app shell's version, read for every page request: a `stat` of one
/// file, far cheaper than making the page again.
fn shell_version(state: &SiteState) -> ShellVersion {
    let metadata = std::fs::metadata(state.config.frontend_dir.join("index.html")).ok();
    ShellVersion(metadata.and_then(|m| Some((m.modified().ok()?, m.len()))))
}

/// What a public page is made of (see [`page_html`]), and whether it may
/// be kept: not when a part of it could not be read (it goes out without
/// that part, and is made again next time).
struct PageParts {
    meta: PageMeta,
    structured: Vec<serde_json::Value>,
    page: Option<std::sync::Arc<RenderedPage>>,
    keep: Keep,
}

/// A public page answered from memory: made from `parts` on the first
/// request after the catalogue (or the app shell) changed. `parts` reads
/// what it needs only then; its error response (an unknown post) is sent as
/// it is, never kept.
async fn kept_page(
    req: &HttpRequest,
    state: &SiteState,
    key: &str,
    parts: impl Future<Output = Result<PageParts, HttpResponse>>,
) -> HttpResponse {
    let shell = shell_version(state);
    let made = state
        .kept
        .sent(
            key,
            || state.catalogue.generation(),
            shell,
            || async {
                let PageParts { meta, structured, page, keep } = parts.await?;
                let html =
                    page_html(state, &meta, &structured, page.as_deref()).await.ok_or_else(not_built)?;
                // Compressed here, on the worker: a page takes a millisecond or
                // two at brotli's quality 5, once per change.
                let sent = SentPage::new(shell, html).map_err(|error| {
                    ApiError::internal(format!("page compression: {error}")).error_response()
                })?;
                Ok((sent, keep))
            },
        )
        .await;
    match made {
        Ok(page) => page.respond(req),
        Err(response) => response,
    }
}

/// A page's JSON-LD. The catalogue is read when the page is made (again
/// after every change), so what the dashboard changed shows at once; when
/// it cannot be read, the page goes out without that part (the error is
/// logged) and is not kept.
async fn structured_data_of(state: &SiteState, page: &Page) -> (Vec<serde_json::Value>, Keep) {
    let base = state.config.public_url.as_str();
    let mut graphs = Vec::new();
    let mut keep = Keep::Yes;
    if page.graph == Graph::Business {
        graphs.push(structured_data::business(base));
    }
    if let Some(crumb) = page.crumb {
        graphs.push(structured_data::breadcrumbs(base, &[(crumb, page.path)]));
    }
    let listed = match page.graph {
        Graph::Services => {
            Some(state.catalogue.services().await.map(|s| structured_data::services(base, &s)))
        }
        Graph::Products => {
            Some(state.catalogue.products().await.map(|p| structured_data::products(base, &p)))
        }
        Graph::None | Graph::Business => None,
    };
    match listed {
        Some(Ok(graph)) => graphs.push(graph),
        Some(Err(error)) => {
            tracing::error!(%error, path = page.path, "structured data");
            keep = Keep::No;
        }
        None => {}
    }
    (graphs, keep)
}

/// `GET` of a page of the table (and the not-found page for any other path).
pub async fn app_page(req: HttpRequest, state: web::Data<SiteState>) -> HttpResponse {
    let path = match req.path().trim_end_matches('/') {
        "" => "/",
        trimmed => trimmed,
    };
    let Some(page) = page(path) else { return not_found(&state, path).await };
    let parts = async {
        let (structured, structured_kept) = structured_data_of(&state, page).await;
        let (markup, markup_kept) =
            if page.rendered { markup_of(&state, page.path).await } else { (None, Keep::Yes) };
        Ok(PageParts {
            meta: PageMeta::of(page, page.path),
            structured,
            page: markup,
            keep: structured_kept.and(markup_kept),
        })
    };
    kept_page(&req, &state, page.path, parts).await
}

/// The not-found page (404), rendered on the server like the others.
pub async fn not_found(state: &SiteState, path: &str) -> HttpResponse {
    let page = rendered(state, path, NOT_FOUND_KEY).await;
    page_now(state, &not_found_meta(path), StatusCode::NOT_FOUND, page.as_deref()).await
}

/// `GET /bookings/manage/{token}`: a guest's booking page. Its head tags name
/// the page, never the token (no canonical or og:url carries it), and its
/// markup is the page in its loading state, rendered for a placeholder link:
/// so every guest's page is the same document, kept once, and what a phone
/// paints first (the page's title and words) needs no script.
pub async fn manage_booking_page(req: HttpRequest, state: web::Data<SiteState>) -> HttpResponse {
    const PATH: &str = "/bookings/manage";
    /// Not a token: the app renders any link's page the same until it loads.
    const ANY_LINK: &str = "/bookings/manage/link";
    match page(PATH) {
        Some(page) => {
            let parts = async {
                let (markup, keep) = markup_of(&state, ANY_LINK).await;
                Ok(PageParts { meta: PageMeta::of(page, PATH), structured: Vec::new(), page: markup, keep })
            };
            kept_page(&req, &state, PATH, parts).await
        }
        None => page_now(&state, &not_found_meta(PATH), StatusCode::NOT_FOUND, None).await,
    }
}

/// `GET /blog/{slug}`: the post's own title, excerpt and image. Kept under
/// its path only once the post was found (under its own spelling): unknown
/// slugs are never kept, so they cannot fill the memory.
pub async fn blog_post_page(
    req: HttpRequest,
    state: web::Data<SiteState>,
    slug: web::Path<String>,
) -> HttpResponse {
    let parts = async {
        let found = match domain::content::Slug::parse(&slug) {
            Ok(parsed) => state.catalogue.post(parsed.as_str()).await.ok(),
            Err(_) => None,
        };
        let Some(post) = found else {
            // The app shows an unknown post on the post's own page (it asks
            // the API), so this one goes out as the bare shell.
            return Err(page_now(&state, &not_found_meta(req.path()), StatusCode::NOT_FOUND, None).await);
        };
        let meta = PageMeta {
            title: format!("{}{POST_TITLE_SUFFIX}", post.title),
            description: post.excerpt.clone(),
            path: format!("{POST_PATH_PREFIX}{}", post.slug.as_str()),
            image: Some(post.image.clone()),
            og_type: "article",
            indexable: true,
        };
        let base = state.config.public_url.as_str();
        let structured = vec![
            structured_data::blog_post(base, &post),
            structured_data::breadcrumbs(base, &[JOURNAL_CRUMB, (&post.title, &meta.path)]),
        ];
        let (markup, keep) = markup_of(&state, &meta.path).await;
        // Other spellings of the slug ("Forest-Bathing") find the post too,
        // but only its own is kept: there are endless others.
        let canonical = if post.slug.as_str() == slug.as_str() { Keep::Yes } else { Keep::No };
        Ok(PageParts { meta, structured, page: markup, keep: keep.and(canonical) })
    };
    kept_page(&req, &state, &format!("{POST_PATH_PREFIX}{slug}"), parts).await
}
