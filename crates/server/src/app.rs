//! The one `App`: the operators' endpoints, the API's documentation, the
//! JSON API (`http-api`, with the site's `/api/site`), and the website
//! (`site`), behind the headers and middleware every answer shares.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::middleware::{Compress, DefaultHeaders};
use actix_web::{App, HttpMessage, Route, guard, web};
use tracing_actix_web::{DefaultRootSpanBuilder, RequestId, RootSpanBuilder, TracingLogger};
use utoipa_swagger_ui::SwaggerUi;

use http_api::{ApiState, JSON_LIMIT, json_config, ops};
use site::SiteState;

/// Where the payment provider's code and fields come from, when payments
/// are on: its script, the frames of its card fields and of the bank's
/// 3-D Secure step, and its API (Stripe's own CSP advice).
#[derive(Debug, Clone, Default)]
pub struct ProviderSources {
    /// Origins the provider's script comes from.
    pub scripts: Vec<String>,
    /// Origins of the provider's frames (its card fields, the bank's step).
    pub frames: Vec<String>,
    /// Origins the provider's script talks to.
    pub connect: Vec<String>,
}

/// Fits the app: everything from this origin (and the payment provider's
/// script, frames and API when payments are on); images and videos may also
/// come from https hosts an admin links to; inline styles for the UI
/// library's positioning; no inline scripts; never framed.
pub fn content_security_policy(provider: &ProviderSources) -> String {
    let with = |own: &str, extra: &[String]| {
        std::iter::once(own.to_owned()).chain(extra.iter().cloned()).collect::<Vec<_>>().join(" ")
    };
    let frames = if provider.frames.is_empty() {
        String::new()
    } else {
        format!("frame-src {}; ", provider.frames.join(" "))
    };
    format!(
        "default-src 'self'; script-src {}; style-src 'self' 'unsafe-inline'; \
         img-src 'self' data: https:; media-src 'self' https:; font-src 'self'; connect-src {}; \
         {frames}object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
        with("'self'", &provider.scripts),
        with("'self'", &provider.connect),
    )
}

/// Who may use the Payment Request API: nobody, or the provider's card
/// fields when payments are on.
pub fn permissions_policy(provider: &ProviderSources) -> String {
    let payment = if provider.frames.is_empty() {
        "payment=()".to_owned()
    } else {
        format!(
            "payment=(self {})",
            provider.frames.iter().map(|origin| format!("\"{origin}\"")).collect::<Vec<_>>().join(" ")
        )
    };
    format!("camera=(), microphone=(), geolocation=(), {payment}")
}

/// The answers' security headers for these provider sources.
#[derive(Debug, Clone)]
pub struct SecurityPolicy {
    pub content: String,
    pub permissions: String,
}

impl SecurityPolicy {
    pub fn for_provider(provider: &ProviderSources) -> Self {
        Self { content: content_security_policy(provider), permissions: permissions_policy(provider) }
    }
}

fn security_headers(policy: &SecurityPolicy) -> DefaultHeaders {
    DefaultHeaders::new()
        .add(("Content-Security-Policy", policy.content.clone()))
        .add(("X-Content-Type-Options", "nosniff"))
        .add(("Referrer-Policy", "strict-origin-when-cross-origin"))
        .add(("X-Frame-Options", "DENY"))
        .add(("Permissions-Policy", policy.permissions.clone()))
        .add(("Cross-Origin-Opener-Policy", "same-origin"))
}

/// GET, and HEAD of the same path (crawlers and link checkers send HEAD).
fn get_or_head() -> Route {
    web::route().guard(guard::Any(guard::Get()).or(guard::Head()))
}

/// The private metrics address: `/metrics` without a token, nothing else.
pub fn build_metrics_app(
    api: web::Data<ApiState>,
) -> App<
    impl ServiceFactory<
        ServiceRequest,
        Config = (),
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    App::new().app_data(api).route("/metrics", web::get().to(ops::metrics_open))
}

/// The whole application: API, docs, media and the website.
pub fn build_app(
    api: web::Data<ApiState>,
    site: web::Data<SiteState>,
    policy: SecurityPolicy,
) -> App<
    impl ServiceFactory<
        ServiceRequest,
        Config = (),
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    let metrics = api.metrics.middleware();
    let website = site::configure(&site);
    App::new()
        // gzip at level 1 for what is made per request (the workspace's
        // actix-web features): pages and scripts carry their brotli copies.
        .wrap(Compress::default())
        .wrap(security_headers(&policy))
        .wrap(TracingLogger::<GuardedSpans>::new())
        .wrap(metrics)
        .app_data(api)
        .app_data(site)
        .app_data(json_config(JSON_LIMIT))
        .app_data(web::QueryConfig::default().error_handler(http_common::error::query_error))
        .app_data(web::PathConfig::default().error_handler(http_common::error::path_error))
        .route("/healthz", get_or_head().to(ops::healthz))
        .route("/readyz", get_or_head().to(ops::readyz))
        .route("/metrics", web::get().to(ops::metrics))
        // The docs UI must come before the /api scope, which would swallow it.
        .service(web::redirect("/api/docs", "/api/docs/"))
        .service(SwaggerUi::new("/api/docs/{_:.*}").url("/api/openapi.json", crate::openapi::document()))
        .service(
            web::scope("/api")
                .wrap(DefaultHeaders::new().add((header::CACHE_CONTROL, "no-store")))
                .configure(http_api::configure)
                .configure(site::configure_api)
                .default_service(web::to(http_api::api_not_found)),
        )
        .configure(website)
}

/// The request's span, as `tracing-actix-web`'s default one but for its
/// target: a guest's signed link (`/bookings/manage/{token}`,
/// `/api/guest/bookings/{token}…`) is logged as its route, never its token,
/// and no query string is logged (a payment's `?token=`, an unsubscribe's).
/// A line logged during the request carries the span, so a token in it
/// would reach every log collector.
pub struct GuardedSpans;

impl RootSpanBuilder for GuardedSpans {
    fn on_request_start(request: &ServiceRequest) -> tracing::Span {
        let route = request.match_pattern();
        let target = logged_target(request.path(), route.as_deref());
        let method = request.method().as_str().to_owned();
        let user_agent =
            request.headers().get(header::USER_AGENT).and_then(|value| value.to_str().ok()).unwrap_or("");
        let request_id = request.extensions().get::<RequestId>().map(ToString::to_string).unwrap_or_default();
        let connection = request.connection_info();
        tracing::info_span!(
            "HTTP request",
            http.method = %method,
            http.route = %route.as_deref().unwrap_or("default"),
            http.host = %connection.host(),
            http.client_ip = %connection.realip_remote_addr().unwrap_or(""),
            http.user_agent = %user_agent,
            http.target = %target,
            http.status_code = tracing::field::Empty,
            otel.kind = "server",
            otel.status_code = tracing::field::Empty,
            request_id = %request_id,
            exception.message = tracing::field::Empty,
            exception.details = tracing::field::Empty,
        )
    }

    fn on_request_end<B: MessageBody>(
        span: tracing::Span,
        outcome: &Result<ServiceResponse<B>, actix_web::Error>,
    ) {
        DefaultRootSpanBuilder::on_request_end(span, outcome);
    }
}

/// What a request's log lines name it by: its path without the query, or
/// its route where the path holds a secret.
fn logged_target(path: &str, route: Option<&str>) -> String {
    match route {
        Some(route) if route.contains("{token}") => route.to_owned(),
        _ => path.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_guest_s_token_and_a_query_are_never_logged() {
        let token = "eyJhbGciOiJIUzI1NiJ9.c2VjcmV0.c2lnbmVk";
        assert_eq!(
            logged_target(&format!("/bookings/manage/{token}"), Some("/bookings/manage/{token}")),
            "/bookings/manage/{token}"
        );
        assert_eq!(
            logged_target(
                &format!("/api/guest/bookings/{token}/calendar.ics"),
                Some("/api/guest/bookings/{token}/calendar.ics")
            ),
            "/api/guest/bookings/{token}/calendar.ics"
        );
        let order = "/api/admin/orders/3f9a61c4-2d7e-4b58-8a10-c6e294b70d15/payment";
        assert_eq!(
            logged_target(order, Some("/api/admin/orders/{id}/payment")),
            order,
            "ids are not secrets"
        );
        assert_eq!(logged_target("/no/such/page", None), "/no/such/page");
    }

    #[test]
    fn without_payments_the_policy_is_the_site_s_own() {
        let policy = SecurityPolicy::for_provider(&ProviderSources::default());
        assert_eq!(
            policy.content,
            "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; \
             media-src 'self' https:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; \
             form-action 'self'; frame-ancestors 'none'"
        );
        assert_eq!(policy.permissions, "camera=(), microphone=(), geolocation=(), payment=()");
    }

    #[test]
    fn with_payments_the_provider_s_script_frames_and_api_are_allowed() {
        let provider = ProviderSources {
            scripts: vec!["https://js.stripe.com".into()],
            frames: vec!["https://js.stripe.com".into(), "https://hooks.stripe.com".into()],
            connect: vec!["https://api.stripe.com".into()],
        };
        let policy = SecurityPolicy::for_provider(&provider);
        assert!(policy.content.contains("script-src 'self' https://js.stripe.com;"), "{}", policy.content);
        assert!(policy.content.contains("frame-src https://js.stripe.com https://hooks.stripe.com;"));
        assert!(policy.content.contains("connect-src 'self' https://api.stripe.com;"));
        assert!(
            policy
                .permissions
                .ends_with(r#"payment=(self "https://js.stripe.com" "https://hooks.stripe.com")"#)
        );
    }
}
