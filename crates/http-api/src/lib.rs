//! The actix-web adapter: every JSON call of the API, the docs UI, and the
//! website around it, assembled into one `App`.

pub mod cache;
pub mod client_ip;
pub mod error;
pub mod openapi;
pub mod ops;
pub mod routes;
pub mod site;
pub mod state;
pub mod structured_data;
pub mod wire;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::http::{Method, header};
use actix_web::middleware::{Compress, DefaultHeaders, Next, from_fn};
use actix_web::{App, HttpResponse, Route, guard, web};
use tracing_actix_web::TracingLogger;
use utoipa::OpenApi;
use utoipa_swagger_ui::SwaggerUi;

use crate::error::{ApiError, json_error, path_error, query_error};
use crate::routes::{activity, admin, bookings, catalog, content, emails, exports, guest, orders, quiz};
pub use crate::state::{AdminSession, AppState, SiteConfig};

/// Largest JSON body accepted.
pub const JSON_LIMIT: usize = 256 * 1024;
/// Largest journal post body: every field at its longest, each character
/// written as a JSON escape pair (12 bytes), so any valid post fits (about
/// 790 KiB; a megabyte is still too large).
pub const ARTICLE_JSON_LIMIT: usize = {
    use domain::validation::{ARTICLE_MAX, LONG_TEXT_MAX, SHORT_TEXT_MAX, URL_MAX};
    (ARTICLE_MAX + LONG_TEXT_MAX + SHORT_TEXT_MAX + domain::content::SLUG_MAX + URL_MAX) * 12 + 1024
};

fn json_config(limit: usize) -> web::JsonConfig {
    web::JsonConfig::default().limit(limit).error_handler(json_error)
}

/// Fits the app: everything from this origin; images and videos may also come
/// from https hosts an admin links to; inline styles for the UI library's
/// positioning; no inline scripts; never framed.
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
     img-src 'self' data: https:; media-src 'self' https:; font-src 'self'; connect-src 'self'; \
     object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

fn security_headers() -> DefaultHeaders {
    DefaultHeaders::new()
        .add(("Content-Security-Policy", CONTENT_SECURITY_POLICY))
        .add(("X-Content-Type-Options", "nosniff"))
        .add(("Referrer-Policy", "strict-origin-when-cross-origin"))
        .add(("X-Frame-Options", "DENY"))
        .add(("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()"))
        .add(("Cross-Origin-Opener-Policy", "same-origin"))
}

async fn api_not_found() -> Result<HttpResponse, ApiError> {
    Err(ApiError::new(error::ErrorCode::NotFound, "No such API endpoint"))
}

/// A resource serving `routes`; any other method answers a JSON 405 whose
/// `Allow` header lists the methods it serves (RFC 9110).
fn resource(path: &str, routes: Vec<(Method, Route)>) -> actix_web::Resource {
    let allow = routes.iter().map(|(method, _)| method.as_str()).collect::<Vec<_>>().join(", ");
    routes
        .into_iter()
        .fold(web::resource(path), |resource, (_, route)| resource.route(route))
        .default_service(web::to(move || {
            let allow = allow.clone();
            async move { Err::<HttpResponse, _>(ApiError::method_not_allowed(allow)) }
        }))
}

/// `resource!("/path", GET => handler, POST => handler)`.
macro_rules! resource {
    ($path:expr, $($method:ident => $handler:expr),+ $(,)?) => {
        resource($path, vec![$((Method::$method, web::method(Method::$method).to($handler))),+])
    };
}

fn api_routes(cfg: &mut web::ServiceConfig) {
    cfg.service(resource!("/services", GET => catalog::list_services, POST => catalog::create_service))
        .service(resource!("/admin/services/{id}", PUT => catalog::update_service, DELETE => catalog::delete_service))
        .service(resource!("/products", GET => catalog::list_products, POST => catalog::create_product))
        .service(resource!("/products/{id}", GET => catalog::get_product))
        .service(resource!("/admin/products/{id}", PUT => catalog::update_product, DELETE => catalog::delete_product))
        .service(resource!("/products/{id}/media", GET => catalog::list_media, POST => catalog::add_media))
        .service(resource!("/product-media/{id}", PUT => catalog::update_media, DELETE => catalog::delete_media))
        .service(
            resource!("/blog-posts", GET => content::list_posts, POST => content::create_post)
                .app_data(json_config(ARTICLE_JSON_LIMIT)),
        )
        .service(resource!("/blog-posts/{slug}", GET => content::get_post))
        .service(
            resource!("/admin/blog-posts/{id}", PUT => content::update_post, DELETE => content::delete_post)
                .app_data(json_config(ARTICLE_JSON_LIMIT)),
        )
        .service(resource!("/contact-messages", GET => content::list_messages, POST => content::create_message))
        .service(resource!("/admin/contact-messages/{id}", DELETE => content::delete_message))
        .service(resource!("/newsletter-subscriptions", POST => content::subscribe))
        .service(resource!("/admin/newsletter-subscriptions", GET => content::list_subscriptions))
        .service(resource!("/orders", GET => orders::list_orders, POST => orders::place_order))
        .service(resource!("/admin/orders/{id}/status", PUT => orders::set_order_status))
        .service(resource!("/check-availability", GET => bookings::check_availability))
        .service(resource!("/open-times", GET => bookings::open_times))
        .service(resource!("/availability/month", GET => bookings::month_availability))
        .service(resource!("/bookings", GET => bookings::list_bookings, POST => bookings::create_booking))
        .service(resource!("/admin/bookings/{id}", PUT => bookings::set_booking_status, DELETE => bookings::delete_booking))
        .service(resource!("/admin/blackout-dates", GET => bookings::list_blackouts, POST => bookings::create_blackout))
        .service(resource!("/admin/blackout-impact", POST => bookings::blackout_impact))
        .service(resource!("/admin/blackout-dates/{id}", DELETE => bookings::delete_blackout))
        .service(resource!(
            "/admin/availability",
            GET => bookings::list_availability,
            POST => bookings::upsert_availability,
        ))
        .service(resource!("/admin/availability/{id}", DELETE => bookings::delete_availability))
        .service(resource!("/quiz/recommendation", POST => quiz::recommend))
        .service(resource!("/admin/login", POST => admin::login))
        .service(resource!("/admin/logout", POST => admin::logout))
        .service(resource!("/admin/me", GET => admin::me))
        .service(resource!("/site", GET => site::site))
        .service(resource!("/guest/bookings/{token}", GET => guest::booking))
        .service(resource!("/guest/bookings/{token}/cancel", POST => guest::cancel_booking))
        .service(resource!("/newsletter/unsubscribe", POST => guest::unsubscribe))
        .service(resource!("/admin/activity", GET => activity::list))
        .service(resource!("/admin/emails", GET => emails::list))
        .service(resource!("/admin/emails/{id}", GET => emails::detail))
        .service(resource!("/admin/emails/{id}/resend", POST => emails::resend))
        .service(resource!("/admin/email-previews", GET => emails::previews))
        .service(resource!("/admin/mail-settings", GET => emails::settings))
        .service(resource!("/admin/exports/orders.csv", GET => exports::orders))
        .service(resource!("/admin/exports/bookings.csv", GET => exports::bookings))
        .service(resource!("/admin/exports/contact-messages.csv", GET => exports::contact_messages))
        .service(resource!("/admin/exports/newsletter-subscriptions.csv", GET => exports::newsletter_subscriptions));
}

/// GET, and HEAD of the same page (HTTP requires both; crawlers and link
/// checkers send HEAD). The server sends no body for HEAD.
fn get_or_head() -> Route {
    web::route().guard(guard::Any(guard::Get()).or(guard::Head()))
}

/// The private metrics address: `/metrics` without a token, nothing else.
pub fn build_metrics_app(
    state: web::Data<AppState>,
) -> App<
    impl ServiceFactory<
        ServiceRequest,
        Config = (),
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    App::new().app_data(state).route("/metrics", web::get().to(ops::metrics_open))
}

/// The whole application: API, docs, media and the website.
pub fn build_app(
    state: web::Data<AppState>,
) -> App<
    impl ServiceFactory<
        ServiceRequest,
        Config = (),
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    let assets = site::assets();
    let media = site::media(&state);
    let root_files = site::root_files(&state);
    let metrics = state.metrics.middleware();
    App::new()
        .wrap(Compress::default())
        .wrap(security_headers())
        .wrap(TracingLogger::default())
        .wrap(metrics)
        .app_data(state)
        .app_data(json_config(JSON_LIMIT))
        .app_data(web::QueryConfig::default().error_handler(query_error))
        .app_data(web::PathConfig::default().error_handler(path_error))
        .route("/healthz", get_or_head().to(ops::healthz))
        .route("/readyz", get_or_head().to(ops::readyz))
        .route("/metrics", web::get().to(ops::metrics))
        // The docs UI must come before the /api scope, which would swallow it.
        .service(web::redirect("/api/docs", "/api/docs/"))
        .service(SwaggerUi::new("/api/docs/{_:.*}").url("/api/openapi.json", openapi::ApiDoc::openapi()))
        .service(
            web::scope("/api")
                .wrap(DefaultHeaders::new().add((header::CACHE_CONTROL, "no-store")))
                .wrap(from_fn(invalidate_after_writes))
                .configure(api_routes)
                .default_service(web::to(api_not_found)),
        )
        .service(media)
        .service(assets)
        .route("/sitemap.xml", get_or_head().to(site::sitemap))
        .route("/robots.txt", get_or_head().to(site::robots))
        .route("/blog/{slug}", get_or_head().to(site::blog_post_page))
        .route("/", get_or_head().to(site::app_page))
        // Not the raw template from the files below: the rendered, uncached home page.
        .route("/index.html", get_or_head().to(site::app_page))
        .route("/bookings/manage/{token}", get_or_head().to(site::manage_booking_page))
        .configure(app_page_routes)
        .service(root_files)
}

/// Every successful write through this process forgets the catalogue's kept
/// answers as its response leaves, so this process never serves its own
/// change stale (other processes hear of it from the store's change feed).
async fn invalidate_after_writes(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let writes = !matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    let cache = req.app_data::<web::Data<AppState>>().map(|state| state.cache.clone());
    let response = next.call(req).await?;
    if writes
        && response.status().is_success()
        && let Some(cache) = cache
    {
        cache.invalidate();
    }
    Ok(response)
}

/// One route per page of the browser app (with and without a trailing
/// slash), so every route has a name of its own in the metrics.
fn app_page_routes(config: &mut web::ServiceConfig) {
    for path in site::APP_PAGES.iter().filter(|path| **path != "/") {
        config
            .route(path, get_or_head().to(site::app_page))
            .route(&format!("{path}/"), get_or_head().to(site::app_page));
    }
}
