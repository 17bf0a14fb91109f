//! The actix-web adapter: every JSON call of the API, the docs UI, and the
//! website around it, assembled into one `App`.

pub mod error;
pub mod openapi;
pub mod routes;
pub mod site;
pub mod state;
pub mod wire;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::middleware::{Compress, DefaultHeaders};
use actix_web::{App, HttpResponse, Route, guard, web};
use tracing_actix_web::TracingLogger;
use utoipa::OpenApi;
use utoipa_swagger_ui::SwaggerUi;

use crate::error::{ApiError, json_error, path_error, query_error};
use crate::routes::{admin, bookings, catalog, content, orders, quiz};
pub use crate::state::{AdminSession, AppState, SiteConfig};

/// Largest JSON body accepted (a long journal post fits; 1 MB does not).
pub const JSON_LIMIT: usize = 256 * 1024;

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
    Err(ApiError::NotFound("No such API endpoint".to_owned()))
}

async fn method_not_allowed() -> HttpResponse {
    HttpResponse::MethodNotAllowed()
        .json(error::ErrorBody { message: "Method not allowed for this endpoint".to_owned(), errors: None })
}

/// A resource whose unsupported methods answer a JSON 405.
fn resource(path: &str, routes: Vec<Route>) -> actix_web::Resource {
    routes
        .into_iter()
        .fold(web::resource(path), |resource, route| resource.route(route))
        .default_service(web::to(method_not_allowed))
}

fn api_routes(cfg: &mut web::ServiceConfig) {
    use web::{delete, get, post, put};
    cfg.service(resource(
        "/services",
        vec![get().to(catalog::list_services), post().to(catalog::create_service)],
    ))
    .service(resource(
        "/admin/services/{id}",
        vec![put().to(catalog::update_service), delete().to(catalog::delete_service)],
    ))
    .service(resource(
        "/products",
        vec![get().to(catalog::list_products), post().to(catalog::create_product)],
    ))
    .service(resource("/products/{id}", vec![get().to(catalog::get_product)]))
    .service(resource(
        "/admin/products/{id}",
        vec![put().to(catalog::update_product), delete().to(catalog::delete_product)],
    ))
    .service(resource(
        "/products/{id}/media",
        vec![get().to(catalog::list_media), post().to(catalog::add_media)],
    ))
    .service(resource(
        "/product-media/{id}",
        vec![put().to(catalog::update_media), delete().to(catalog::delete_media)],
    ))
    .service(resource("/blog-posts", vec![get().to(content::list_posts), post().to(content::create_post)]))
    .service(resource("/blog-posts/{slug}", vec![get().to(content::get_post)]))
    .service(resource(
        "/admin/blog-posts/{id}",
        vec![put().to(content::update_post), delete().to(content::delete_post)],
    ))
    .service(resource(
        "/contact-messages",
        vec![get().to(content::list_messages), post().to(content::create_message)],
    ))
    .service(resource("/admin/contact-messages/{id}", vec![delete().to(content::delete_message)]))
    .service(resource("/newsletter-subscriptions", vec![post().to(content::subscribe)]))
    .service(resource("/admin/newsletter-subscriptions", vec![get().to(content::list_subscriptions)]))
    .service(resource("/orders", vec![get().to(orders::list_orders), post().to(orders::place_order)]))
    .service(resource("/admin/orders/{id}/status", vec![put().to(orders::set_order_status)]))
    .service(resource("/check-availability", vec![get().to(bookings::check_availability)]))
    .service(resource(
        "/bookings",
        vec![get().to(bookings::list_bookings), post().to(bookings::create_booking)],
    ))
    .service(resource(
        "/admin/bookings/{id}",
        vec![put().to(bookings::set_booking_status), delete().to(bookings::delete_booking)],
    ))
    .service(resource(
        "/admin/blackout-dates",
        vec![get().to(bookings::list_blackouts), post().to(bookings::create_blackout)],
    ))
    .service(resource("/admin/blackout-dates/{id}", vec![delete().to(bookings::delete_blackout)]))
    .service(resource(
        "/admin/availability",
        vec![get().to(bookings::list_availability), post().to(bookings::upsert_availability)],
    ))
    .service(resource("/admin/availability/{id}", vec![delete().to(bookings::delete_availability)]))
    .service(resource("/quiz/recommendation", vec![post().to(quiz::recommend)]))
    .service(resource("/admin/login", vec![post().to(admin::login)]))
    .service(resource("/admin/me", vec![get().to(admin::me)]));
}

/// GET, and HEAD of the same page (HTTP requires both; crawlers and link
/// checkers send HEAD). The server sends no body for HEAD.
fn get_or_head() -> Route {
    web::route().guard(guard::Any(guard::Get()).or(guard::Head()))
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
    let assets = site::assets(&state);
    let media = site::media(&state);
    let root_files = site::root_files(&state);
    App::new()
        .wrap(Compress::default())
        .wrap(security_headers())
        .wrap(TracingLogger::default())
        .app_data(state)
        .app_data(web::JsonConfig::default().limit(JSON_LIMIT).error_handler(json_error))
        .app_data(web::QueryConfig::default().error_handler(query_error))
        .app_data(web::PathConfig::default().error_handler(path_error))
        // The docs UI must come before the /api scope, which would swallow it.
        .service(web::redirect("/api/docs", "/api/docs/"))
        .service(SwaggerUi::new("/api/docs/{_:.*}").url("/api/openapi.json", openapi::ApiDoc::openapi()))
        .service(web::scope("/api").configure(api_routes).default_service(web::to(api_not_found)))
        .service(media)
        .service(assets)
        .route("/sitemap.xml", get_or_head().to(site::sitemap))
        .route("/robots.txt", get_or_head().to(site::robots))
        .route("/blog/{slug}", get_or_head().to(site::blog_post_page))
        .route("/", get_or_head().to(site::app_page))
        // Not the raw template from the files below: the rendered, uncached home page.
        .route("/index.html", get_or_head().to(site::app_page))
        .route(
            "/{page:(services|products|blog|contact|checkout|wellness-quiz|admin/login|admin/dashboard)/?}",
            get_or_head().to(site::app_page),
        )
        .service(root_files)
}
