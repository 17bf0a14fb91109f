//! The website around the API: the built single-page app with per-page
//! titles and Open Graph tags in the HTML the server sends, hashed assets with
//! long-lived caching, media, the sitemap and robots.txt.

use actix_files::{Files, NamedFile};
use actix_web::dev::{HttpServiceFactory, ServiceRequest, ServiceResponse, fn_service};
use actix_web::http::StatusCode;
use actix_web::http::header::{self, CacheControl, CacheDirective, ContentEncoding, Encoding};
use actix_web::middleware::DefaultHeaders;
use actix_web::{HttpRequest, HttpResponse, ResponseError, guard, web};

use std::future::Future;
use std::sync::Arc;

use page_render::RenderedPage;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::cache::{Answer, Keep, SentPage, ShellVersion, preferred_encoding};
use crate::error::ApiError;
use crate::routes::{catalog, content};
use crate::state::{AppState, SiteConfig};
use crate::structured_data;

/// Marker in `frontend/index.html` replaced by the page's head tags.
pub const HEAD_MARKER: &str = "<!--app-head-->";
/// The app's empty root element in `frontend/index.html`, filled with the
/// server-rendered page.
pub const ROOT_ELEMENT: &str = r#"<div id="root"></div>"#;
/// Where the frontend build puts its server bundle, inside the frontend
/// directory (a hidden folder: never served as a file).
pub const SERVER_BUNDLE: &str = ".server/render.js";

/// The pages rendered on the server besides each journal post and the
/// not-found page. Guest links (booking, unsubscribe) and the admin are not:
/// they show one person's records, never shared or indexed.
const SERVER_RENDERED: [&str; 7] =
    ["/", "/services", "/products", "/blog", "/contact", "/wellness-quiz", "/checkout"];
/// The one cache key of the not-found page, whatever the unknown path.
const NOT_FOUND_PAGE_KEY: &str = "not-found";
pub const SITE_NAME: &str = "Golden Pine Wellness Retreat";

struct PageMeta {
    title: String,
    description: String,
    /// Site-relative path of the page.
    path: String,
    /// Site-relative or absolute image for social cards.
    image: Option<String>,
    og_type: &'static str,
    indexable: bool,
}

fn page(title: &str, description: &str, path: &str) -> PageMeta {
    PageMeta {
        title: title.to_owned(),
        description: description.to_owned(),
        path: path.to_owned(),
        image: None,
        og_type: "website",
        indexable: true,
    }
}

/// The public pages, for their head tags and the sitemap.
fn static_page(path: &str) -> Option<PageMeta> {
    let meta = match path {
        "/" | "/index.html" => page(
            "Golden Pine Wellness Retreat | Mountain Spa & Tiny Home Stays in Idyllwild, California",
            "A boutique mountain wellness retreat in Idyllwild, California: massage therapy, rustic spa \
             treatments, tiny-home stays under the stars and wellness packages among the pines.",
            "/",
        ),
        "/services" => page(
            "Experiences | Golden Pine Wellness Retreat",
            "Massage therapy, rustic spa treatments, tiny-home retreats and wellness packages in the San \
             Jacinto mountains. Book your sanctuary.",
            "/services",
        ),
        "/products" => page(
            "Shop Skincare, Candles & Teas | Golden Pine Wellness Retreat",
            "Take the retreat home: botanical skincare, hand-poured candles and herbal teas made in small \
             batches in the mountains of California.",
            "/products",
        ),
        "/blog" => page(
            "The Wellness Journal | Golden Pine Wellness Retreat",
            "Stories, rituals and seasonal guides from our mountain retreat: forest bathing, self-care, \
             herbal teas and slow living.",
            "/blog",
        ),
        "/contact" => page(
            "Contact & Visit | Golden Pine Wellness Retreat",
            "Write to us or plan your visit to our retreat in Idyllwild, California. Open Mon-Fri 9:00 \
             AM-6:00 PM, Sat-Sun 8:00 AM-7:00 PM.",
            "/contact",
        ),
        "/wellness-quiz" => page(
            "Wellness Quiz | Golden Pine Wellness Retreat",
            "Five questions to your personal wellness profile, with the experience and take-home rituals \
             that suit you best.",
            "/wellness-quiz",
        ),
        "/checkout" => PageMeta {
            indexable: false,
            ..page("Checkout | Golden Pine Wellness Retreat", "Complete your order.", "/checkout")
        },
        // Reached from links in guests' mail; never indexed.
        "/bookings/manage" => PageMeta {
            indexable: false,
            ..page("Your Booking | Golden Pine Wellness Retreat", "See or cancel your booking.", path)
        },
        "/newsletter/unsubscribe" => PageMeta {
            indexable: false,
            ..page(
                "Newsletter | Golden Pine Wellness Retreat",
                "Unsubscribe from the Golden Pine journal.",
                path,
            )
        },
        "/admin/login" | "/admin/dashboard" => PageMeta {
            indexable: false,
            ..page("Admin | Golden Pine Wellness Retreat", "Administration.", path)
        },
        _ => return None,
    };
    Some(meta)
}

const SITEMAP_PATHS: [&str; 6] = ["/", "/services", "/products", "/blog", "/wellness-quiz", "/contact"];

/// Every page the browser app can show, for its titles.
pub const APP_PAGES: [&str; 11] = [
    "/",
    "/services",
    "/products",
    "/blog",
    "/contact",
    "/checkout",
    "/wellness-quiz",
    "/bookings/manage",
    "/newsletter/unsubscribe",
    "/admin/login",
    "/admin/dashboard",
];

/// What a journal post's title is followed by ("Forest Bathing | Golden Pine Journal").
pub const POST_TITLE_SUFFIX: &str = " | Golden Pine Journal";

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
        pages: APP_PAGES
            .iter()
            .filter_map(|path| static_page(path))
            .map(|meta| PageInfo { path: meta.path, title: meta.title, description: meta.description })
            .collect(),
        post_title_suffix: POST_TITLE_SUFFIX.to_owned(),
        not_found_title: not_found_meta("/").title,
    }
}

/// The site information as a JSON data block for the page's head, so the
/// app has it before its first render. `<` is escaped so no text can close
/// the element.
fn site_info_tag(config: &SiteConfig) -> String {
    let json = script_safe(&serde_json::to_string(&site_info(config)).unwrap_or_default());
    format!(r#"<script id="site-info" type="application/json">{json}</script>"#)
}

#[utoipa::path(get, path = "/api/site", tag = "Site",
    responses((status = 200, description = "The retreat's time zone and the pages' titles", body = SiteInfo)))]
pub async fn site(state: web::Data<AppState>) -> web::Json<SiteInfo> {
    web::Json(site_info(&state.site))
}

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

fn absolute(public_url: &str, url: &str) -> String {
    if url.starts_with("http://") || url.starts_with("https://") {
        url.to_owned()
    } else {
        format!("{public_url}{url}")
    }
}

fn head_tags(meta: &PageMeta, public_url: &str) -> String {
    let url = absolute(public_url, &meta.path);
    let mut tags = vec![
        format!("<title>{}</title>", escape(&meta.title)),
        format!(r#"<meta name="description" content="{}">"#, escape(&meta.description)),
        format!(r#"<link rel="canonical" href="{}">"#, escape(&url)),
        format!(r#"<meta property="og:site_name" content="{SITE_NAME}">"#),
        format!(r#"<meta property="og:title" content="{}">"#, escape(&meta.title)),
        format!(r#"<meta property="og:description" content="{}">"#, escape(&meta.description)),
        format!(r#"<meta property="og:type" content="{}">"#, meta.og_type),
        format!(r#"<meta property="og:url" content="{}">"#, escape(&url)),
        r#"<meta name="twitter:card" content="summary_large_image">"#.to_owned(),
    ];
    let image = meta.image.clone().unwrap_or_else(|| "/og-image.jpg".to_owned());
    tags.push(format!(r#"<meta property="og:image" content="{}">"#, escape(&absolute(public_url, &image))));
    if !meta.indexable {
        tags.push(r#"<meta name="robots" content="noindex">"#.to_owned());
    }
    tags.join("\n    ")
}

/// The app's `index.html` with the page's head tags; never cached by
/// browsers, so a new deployment's asset names are picked up at once.
async fn render(state: &AppState, meta: &PageMeta, status: StatusCode) -> HttpResponse {
    render_with(state, meta, status, &[], None).await
}

/// [`render`] with the page's structured data and rendered markup (see
/// [`page_html`]), made for this one request (the not-found page, whose
/// head names the unknown path).
async fn render_with(
    state: &AppState,
    meta: &PageMeta,
    status: StatusCode,
    structured: &[serde_json::Value],
    page: Option<&RenderedPage>,
) -> HttpResponse {
    match page_html(state, meta, structured, page).await {
        Some(html) => HttpResponse::build(status)
            .insert_header(CacheControl(vec![CacheDirective::NoCache]))
            .content_type("text/html; charset=utf-8")
            .body(html),
        None => not_built(),
    }
}

fn not_built() -> HttpResponse {
    HttpResponse::ServiceUnavailable()
        .content_type("text/plain; charset=utf-8")
        .body("The website has not been built yet. Run `just build` (or `just run`), then reload.")
}

/// The app's `index.html` with the page's head tags, its structured data
/// (JSON-LD) and, when the server rendered it, the page itself in `#root`
/// and the data it was rendered from in the head (the app starts from it, no
/// second fetch). `None` when the frontend is not built.
async fn page_html(
    state: &AppState,
    meta: &PageMeta,
    structured: &[serde_json::Value],
    page: Option<&RenderedPage>,
) -> Option<String> {
    let index = state.site.frontend_dir.join("index.html");
    let mut head = format!("{}\n    {}", head_tags(meta, &state.site.public_url), site_info_tag(&state.site));
    if !structured.is_empty() {
        head.push_str("\n    ");
        head.push_str(&structured_data::script_tags(structured));
    }
    if let Some(page) = page {
        head.push_str("\n    ");
        head.push_str(&query_state_tag(&page.state));
    }
    let template = tokio_fs_read(&index).await?.replacen(HEAD_MARKER, &head, 1);
    Some(match page {
        Some(page) => template.replacen(ROOT_ELEMENT, &format!(r#"<div id="root">{}</div>"#, page.html), 1),
        None => template,
    })
}

/// The app shell's version, read for every page request: a `stat` of one
/// file, far cheaper than making the page again.
fn shell_version(state: &AppState) -> ShellVersion {
    let metadata = std::fs::metadata(state.site.frontend_dir.join("index.html")).ok();
    ShellVersion(metadata.and_then(|m| Some((m.modified().ok()?, m.len()))))
}

/// What a public page is made of (see [`page_html`]), and whether it may
/// be kept: not when a part of it could not be read (it goes out without
/// that part, and is made again next time).
struct PageParts {
    meta: PageMeta,
    structured: Vec<serde_json::Value>,
    page: Option<Arc<RenderedPage>>,
    keep: Keep,
}

/// A public page answered from memory (`cache::SentPage`): made from
/// `parts` on the first request after the catalogue (or the app shell)
/// changed. `parts` reads what it needs only then (after the cache noted
/// the catalogue's generation, so a change meanwhile is never kept);
/// its error response (an unknown post) is sent as it is, never kept.
async fn kept_page(
    req: &HttpRequest,
    state: &AppState,
    key: &str,
    parts: impl Future<Output = Result<PageParts, HttpResponse>>,
) -> HttpResponse {
    let shell = shell_version(state);
    let made = state
        .cache
        .sent_page(key, shell, || async {
            let PageParts { meta, structured, page, keep } = parts.await?;
            let html = page_html(state, &meta, &structured, page.as_deref()).await.ok_or_else(not_built)?;
            // Compressed here, on the worker: a page takes a millisecond or
            // two at brotli's quality 5, once per change, and a blocking
            // thread would grow an allocator arena of its own for it.
            let sent = SentPage::new(shell, html)
                .map_err(|error| ApiError::internal(format!("page compression: {error}")).error_response())?;
            Ok((sent, keep))
        })
        .await;
    match made {
        Ok(page) => page.respond(req),
        Err(response) => response,
    }
}

/// Both parts may be kept.
fn both(a: Keep, b: Keep) -> Keep {
    if a == Keep::Yes && b == Keep::Yes { Keep::Yes } else { Keep::No }
}

/// JSON made safe inside a `<script>` element: every `<` is escaped (valid
/// JSON still), so no text, such as a title with `</script>`, can end it.
pub(crate) fn script_safe(json: &str) -> String {
    json.replace('<', "\\u003c")
}

/// The rendered page's starting data as a JSON data block.
fn query_state_tag(state: &str) -> String {
    format!(r#"<script id="query-state" type="application/json">{}</script>"#, script_safe(state))
}

/// The page at `path` rendered by the app's server bundle, from memory when
/// the catalogue has not changed since. `None` (the page goes out as the bare
/// shell, the browser renders it) when there is no bundle, or it or the
/// catalogue fails; the error is logged.
async fn server_rendered(state: &AppState, path: &str, key: &str) -> Option<Arc<RenderedPage>> {
    let renderer = state.pages.as_ref()?;
    state
        .cache
        .page(key, || async {
            let logged = |error: &dyn std::fmt::Display| tracing::error!(%error, path, "server rendering");
            let needed = renderer.route_data(path).await.map_err(|e| logged(&e)).ok()?;
            let mut data = String::from("{");
            for (index, api_path) in needed.iter().enumerate() {
                let answer = catalogue_answer(state, api_path).await.map_err(|e| logged(&e)).ok()?;
                let json = std::str::from_utf8(&answer.body).map_err(|e| logged(&e)).ok()?;
                if index > 0 {
                    data.push(',');
                }
                data.push_str(&serde_json::to_string(api_path).ok()?);
                data.push(':');
                data.push_str(json);
            }
            data.push('}');
            let site_info = serde_json::to_string(&site_info(&state.site)).ok()?;
            renderer.render(path, data, site_info).await.map_err(|e| logged(&e)).ok()
        })
        .await
}

/// The page's markup when it is one the server renders, and whether the
/// page may be kept: not when rendering failed (it goes out as the bare
/// shell until it renders again), or the page is not rendered here at all.
async fn markup_of(state: &AppState, path: &str) -> (Option<Arc<RenderedPage>>, Keep) {
    let rendered = server_rendered(state, path, path).await;
    let keep = if rendered.is_some() || state.pages.is_none() { Keep::Yes } else { Keep::No };
    (rendered, keep)
}

/// The in-memory JSON of a catalogue read the server bundle asked for.
async fn catalogue_answer(state: &AppState, api_path: &str) -> Result<Answer, ApiError> {
    let path = api_path.split_once('?').map_or(api_path, |(path, _)| path);
    let segments: Vec<&str> = path.strip_prefix("/api/").unwrap_or_default().split('/').collect();
    match segments.as_slice() {
        ["products"] => catalog::products_answer(state).await,
        ["services"] => catalog::services_answer(state).await,
        ["blog-posts"] => content::posts_answer(state).await,
        ["blog-posts", slug] => content::post_answer(state, slug).await,
        ["products", id, "media"] => match Uuid::parse_str(id) {
            Ok(id) => catalog::media_answer(state, id).await,
            Err(_) => Err(ApiError::not_found("Product")),
        },
        _ => Err(ApiError::internal(format!("the server bundle asked for {api_path}, not a catalogue read"))),
    }
}

async fn tokio_fs_read(path: &std::path::Path) -> Option<String> {
    let path = path.to_owned();
    web::block(move || std::fs::read_to_string(path)).await.ok()?.ok()
}

fn not_found_meta(path: &str) -> PageMeta {
    PageMeta {
        indexable: false,
        ..page("Page Not Found | Golden Pine Wellness Retreat", "This page does not exist.", path)
    }
}

/// `GET` of a client-side route.
pub async fn app_page(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    let path = match req.path().trim_end_matches('/') {
        "" => "/",
        trimmed => trimmed,
    };
    let Some(meta) = static_page(path) else { return not_found(&state, path).await };
    let parts = async {
        let (structured, structured_kept) = page_structured_data(&state, path).await;
        let (page, page_kept) =
            if SERVER_RENDERED.contains(&path) { markup_of(&state, path).await } else { (None, Keep::Yes) };
        Ok(PageParts { meta, structured, page, keep: both(structured_kept, page_kept) })
    };
    kept_page(&req, &state, path, parts).await
}

/// The not-found page (404), rendered on the server like the others.
async fn not_found(state: &AppState, path: &str) -> HttpResponse {
    let page = server_rendered(state, path, NOT_FOUND_PAGE_KEY).await;
    render_with(state, &not_found_meta(path), StatusCode::NOT_FOUND, &[], page.as_deref()).await
}

/// A public page's JSON-LD. The catalogue is read when the page is made
/// (again after every change), so what the dashboard changed shows at once;
/// when it cannot be read, the page goes out without that part (the error
/// is logged) and is not kept.
async fn page_structured_data(state: &AppState, path: &str) -> (Vec<serde_json::Value>, Keep) {
    let base = state.site.public_url.as_str();
    let mut keep = Keep::Yes;
    let graphs = match path {
        "/" => vec![structured_data::business(base)],
        "/contact" => {
            vec![
                structured_data::business(base),
                structured_data::breadcrumbs(base, &[("Contact", "/contact")]),
            ]
        }
        "/services" => {
            let mut graphs = vec![structured_data::breadcrumbs(base, &[("Experiences", "/services")])];
            match state.catalog.list_services().await {
                Ok(services) => graphs.push(structured_data::services(base, &services)),
                Err(error) => {
                    tracing::error!(%error, "structured data: services");
                    keep = Keep::No;
                }
            }
            graphs
        }
        "/products" => {
            let mut graphs = vec![structured_data::breadcrumbs(base, &[("Shop", "/products")])];
            match state.catalog.list_products().await {
                Ok(products) => graphs.push(structured_data::products(base, &products)),
                Err(error) => {
                    tracing::error!(%error, "structured data: products");
                    keep = Keep::No;
                }
            }
            graphs
        }
        "/blog" => vec![structured_data::breadcrumbs(base, &[("Journal", "/blog")])],
        "/wellness-quiz" => vec![structured_data::breadcrumbs(base, &[("Wellness Quiz", "/wellness-quiz")])],
        _ => Vec::new(),
    };
    (graphs, keep)
}

/// `GET /bookings/manage/{token}`: a guest's booking page. Its head tags name
/// the page, never the token (no canonical or og:url carries it), so every
/// guest's page is the same shell.
pub async fn manage_booking_page(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    match static_page("/bookings/manage") {
        Some(meta) => {
            let parts = async { Ok(PageParts { meta, structured: Vec::new(), page: None, keep: Keep::Yes }) };
            kept_page(&req, &state, "/bookings/manage", parts).await
        }
        None => render(&state, &not_found_meta("/bookings/manage"), StatusCode::NOT_FOUND).await,
    }
}

/// `GET /blog/{slug}`: the post's own title, excerpt and image. Kept under
/// its path only once the post was found (under its own spelling): unknown
/// slugs are never kept, so they cannot fill the memory.
pub async fn blog_post_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    slug: web::Path<String>,
) -> HttpResponse {
    let parts = async {
        let found = match domain::content::Slug::parse(&slug) {
            Ok(slug) => state.content.get_post_by_slug(slug.as_str()).await.ok(),
            Err(_) => None,
        };
        let Some(post) = found else {
            // The app shows an unknown post on the post's own page (it asks
            // the API), so this one goes out as the bare shell.
            return Err(render(&state, &not_found_meta(req.path()), StatusCode::NOT_FOUND).await);
        };
        let meta = PageMeta {
            title: format!("{}{POST_TITLE_SUFFIX}", post.title),
            description: post.excerpt.clone(),
            path: format!("/blog/{}", post.slug.as_str()),
            image: Some(post.image.clone()),
            og_type: "article",
            indexable: true,
        };
        let base = state.site.public_url.as_str();
        let structured = vec![
            structured_data::blog_post(base, &post),
            structured_data::breadcrumbs(base, &[("Journal", "/blog"), (&post.title, &meta.path)]),
        ];
        let (page, keep) = markup_of(&state, &meta.path).await;
        // Other spellings of the slug ("Forest-Bathing") find the post too,
        // but only its own is kept: there are endless others.
        let canonical = if post.slug.as_str() == slug.as_str() { Keep::Yes } else { Keep::No };
        Ok(PageParts { meta, structured, page, keep: both(keep, canonical) })
    };
    kept_page(&req, &state, &format!("/blog/{slug}"), parts).await
}

pub async fn sitemap(state: web::Data<AppState>) -> HttpResponse {
    let base = &state.site.public_url;
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for path in SITEMAP_PATHS {
        xml.push_str(&format!("  <url><loc>{}</loc></url>\n", escape(&absolute(base, path))));
    }
    // A sitemap without posts is still a valid sitemap; the error is logged.
    match state.content.list_posts().await {
        Ok(posts) => {
            for post in posts {
                xml.push_str(&format!(
                    "  <url><loc>{}</loc><lastmod>{}</lastmod></url>\n",
                    escape(&absolute(base, &format!("/blog/{}", post.slug.as_str()))),
                    post.published_at.format("%Y-%m-%d"),
                ));
            }
        }
        Err(error) => tracing::error!(error = %error, "sitemap could not list posts"),
    }
    xml.push_str("</urlset>\n");
    HttpResponse::Ok().content_type("application/xml; charset=utf-8").body(xml)
}

pub async fn robots(state: web::Data<AppState>) -> HttpResponse {
    let body = format!(
        "User-agent: *\nAllow: /\nDisallow: /admin/\nDisallow: /api/\nDisallow: /checkout\n\nSitemap: {}/sitemap.xml\n",
        state.site.public_url
    );
    HttpResponse::Ok().content_type("text/plain; charset=utf-8").body(body)
}

/// Hashed build assets: the name changes with the content, so browsers may
/// keep them forever. Scripts and stylesheets come with a brotli copy made
/// at build time at the highest quality (`file.js.br`, frontend/build),
/// sent to browsers that take brotli: smaller than compressing each
/// response on the fly, and no work per request.
pub fn assets() -> impl HttpServiceFactory + use<> {
    web::scope("/assets")
        .wrap(DefaultHeaders::new().add((header::CACHE_CONTROL, "public, max-age=31536000, immutable")))
        .service(
            web::resource("/{name}")
                .route(web::get().to(asset))
                .route(web::head().to(asset))
                .default_service(web::to(|| async {
                    HttpResponse::MethodNotAllowed().insert_header((header::ALLOW, "GET, HEAD")).finish()
                })),
        )
}

/// A file of the build's `assets/` folder, its brotli copy when there is one
/// and the browser takes it.
async fn asset(req: HttpRequest, state: web::Data<AppState>, name: web::Path<String>) -> HttpResponse {
    // One plain file name of the build (`index-3f9a1c.js`): nothing that
    // could leave the folder.
    let plain_name = !name.starts_with('.')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    if !plain_name {
        return HttpResponse::NotFound().finish();
    }
    let folder = state.site.frontend_dir.join("assets");
    let takes_brotli = preferred_encoding(&req, &[Encoding::brotli(), Encoding::identity()])
        .is_some_and(|chosen| chosen == Encoding::brotli());
    let extension = std::path::Path::new(name.as_str()).extension().and_then(|e| e.to_str()).unwrap_or("");
    let compressed = folder.join(format!("{name}.br"));
    let file = if takes_brotli && compressed.is_file() {
        NamedFile::open(&compressed).map(|file| {
            file.set_content_type(actix_files::file_extension_to_mime(extension))
                .set_content_encoding(ContentEncoding::Brotli)
        })
    } else {
        NamedFile::open(folder.join(name.as_str()))
    };
    match file {
        Ok(file) => {
            let mut response = file.use_etag(true).disable_content_disposition().into_response(&req);
            response.headers_mut().insert(header::VARY, header::HeaderValue::from_static("Accept-Encoding"));
            response
        }
        Err(_) => HttpResponse::NotFound().finish(),
    }
}

/// Demo and uploaded media: stable names, cached for a day. An image with
/// `?w=` (one of `image_variants::WIDTHS`) is answered with its WebP copy of
/// that width, made on the first request and kept on disk.
pub fn media(state: &AppState) -> impl HttpServiceFactory + use<> {
    web::scope("/media")
        .wrap(DefaultHeaders::new().add((header::CACHE_CONTROL, "public, max-age=86400")))
        .service(
            // The tail form, not a regex segment: the metrics middleware can name it.
            web::resource("/{path}*")
                .guard(guard::fn_guard(|ctx| asks_for_width(ctx.head().uri.query())))
                .route(web::get().to(media_copy))
                .route(web::head().to(media_copy)),
        )
        .service(Files::new("", &state.site.media_dir).use_etag(true))
}

fn asks_for_width(query: Option<&str>) -> bool {
    query.is_some_and(|query| query.split('&').any(|pair| pair.starts_with("w=")))
}

#[derive(Deserialize)]
struct CopyWidth {
    w: String,
}

async fn media_copy(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<String>,
    width: web::Query<CopyWidth>,
) -> Result<HttpResponse, ApiError> {
    let width =
        width.w.parse::<u32>().ok().filter(|width| image_variants::WIDTHS.contains(width)).ok_or_else(
            || {
                ApiError::new(
                    crate::error::ErrorCode::InvalidQuery,
                    "w must be one of the widths copies are made at: 320, 640, 960, 1280 or 1920",
                )
            },
        )?;
    let images = state.images.clone();
    let relative = path.into_inner();
    // Made (or found) and opened off the event loop: both touch the disk.
    let made = web::block(move || images.variant(&relative, width).map(actix_files::NamedFile::open))
        .await
        .map_err(|error| ApiError::internal(format!("image copy: {error}")))?;
    let file = match made {
        Ok(Ok(file)) => file,
        Ok(Err(error)) => return Err(ApiError::internal(format!("image copy: {error}"))),
        Err(image_variants::VariantError::NotFound) => return Err(ApiError::not_found("Image")),
        Err(image_variants::VariantError::Unreadable(cause)) => {
            tracing::warn!(path = %req.path(), %cause, "a media file is not an image copies can be made of");
            return Err(ApiError::not_found("Image"));
        }
        Err(error) => return Err(ApiError::internal(format!("image copy: {error}"))),
    };
    let file = file.set_content_type("image/webp".parse().map_err(|_| ApiError::internal("image/webp"))?);
    Ok(file.into_response(&req))
}

/// Other files of the build (favicon, social image, fonts...), falling back
/// to the app's not-found page for every other path.
pub fn root_files(state: &AppState) -> Files {
    Files::new("/", &state.site.frontend_dir).use_etag(true).default_handler(fn_service(
        |req: ServiceRequest| async {
            let (req, _) = req.into_parts();
            let state = req.app_data::<web::Data<AppState>>().cloned();
            let response = match state {
                Some(state) => not_found(&state, req.path()).await,
                None => HttpResponse::NotFound().finish(),
            };
            Ok(ServiceResponse::new(req, response))
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn head_tags_escape_and_absolutise() {
        let meta = PageMeta {
            title: "Tea & <Tonics>".to_owned(),
            description: "\"Quoted\"".to_owned(),
            path: "/blog/tea".to_owned(),
            image: Some("/media/blog/tea.webp".to_owned()),
            og_type: "article",
            indexable: true,
        };
        let tags = head_tags(&meta, "https://goldenpine.example");
        assert!(tags.contains("<title>Tea &amp; &lt;Tonics&gt;</title>"));
        assert!(tags.contains(r#"content="&quot;Quoted&quot;""#));
        assert!(tags.contains(
            r#"<meta property="og:image" content="https://goldenpine.example/media/blog/tea.webp">"#
        ));
        assert!(tags.contains(r#"<link rel="canonical" href="https://goldenpine.example/blog/tea">"#));
        assert!(!tags.contains("noindex"));
    }

    #[test]
    fn the_site_info_tag_cannot_close_its_element() {
        let config = SiteConfig {
            frontend_dir: "dist".into(),
            media_dir: "media".into(),
            public_url: "https://goldenpine.example".to_owned(),
            time_zone: "</script><script>alert(1)</script>".to_owned(),
        };
        let tag = site_info_tag(&config);
        assert_eq!(tag.matches("</script>").count(), 1, "{tag}");
        assert!(tag.contains("\\u003c/script>\\u003cscript>alert(1)"), "{tag}");
        let info = site_info(&config);
        assert_eq!(info.pages.len(), APP_PAGES.len(), "every page has a title");
    }

    #[test]
    fn every_sitemap_page_has_meta() {
        for path in SITEMAP_PATHS {
            let meta = static_page(path).expect(path);
            assert!(meta.indexable);
            assert!(meta.description.len() > 20);
        }
    }
}
