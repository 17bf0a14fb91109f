//! What every handler can reach: the ports, the auth service and the site's
//! settings. Built once by the server binary.

use std::path::PathBuf;
use std::sync::Arc;

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, web};
use futures_util::future::LocalBoxFuture;

use domain::admin::Admin;
use domain::limits::Limit;
use ports::{
    AuditRepository, AuthService, BookingRepository, BookingService, CatalogRepository, Clock,
    ContentRepository, LimitRepository, OrderRepository, StoreHealth,
};

use crate::error::ApiError;

pub struct AppState {
    pub catalog: Arc<dyn CatalogRepository>,
    pub content: Arc<dyn ContentRepository>,
    pub orders: Arc<dyn OrderRepository>,
    /// Blackouts and availability entries (the calendar's records).
    pub bookings: Arc<dyn BookingRepository>,
    /// Availability answers and booking requests, changes and removals.
    pub booking: BookingService,
    pub auth: AuthService,
    pub clock: Arc<dyn Clock>,
    pub health: Arc<dyn StoreHealth>,
    pub metrics: crate::ops::Metrics,
    /// The catalogue's answers kept in memory (`crate::cache`).
    pub cache: Arc<crate::cache::CatalogueCache>,
    /// The public pages' server rendering (`crate::site`); `None` when the
    /// frontend's server bundle is missing: pages then go out as the bare
    /// app shell and the browser renders them.
    pub pages: Option<page_render::PageRenderer>,
    /// The media images' sizes and right-sized copies (`site::media`).
    pub images: Arc<image_variants::ImageLibrary>,
    /// The audit trail's reading side (the Activity view).
    pub audit: Arc<dyn AuditRepository>,
    /// Public-write counts, shared by every process.
    pub limits: Arc<dyn LimitRepository>,
    pub guard: Guard,
    pub mail: MailState,
    pub site: SiteConfig,
}

/// Mail: the outbox, the composer (for previews), guest links, and settings.
pub struct MailState {
    pub outbox: Arc<dyn ports::OutboxRepository>,
    pub composer: Arc<dyn ports::MailComposer>,
    pub links: Arc<dyn ports::GuestLinks>,
    /// Whether a delivery worker is sending (SMTP_URL is set).
    pub delivering: bool,
    pub from: String,
    pub notify: Option<String>,
    pub guest_cancel_cutoff_hours: i64,
}

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

/// The authenticated administrator of a request. Extracting it is what makes
/// a handler admin-only: a missing, malformed, forged or expired token, or a
/// deactivated admin, ends the request with 401.
pub struct AdminSession(pub Admin);

impl AdminSession {
    /// The admin as the audit trail names them.
    pub fn actor(&self) -> domain::audit::Actor {
        domain::audit::Actor::admin(&self.0)
    }
}

impl FromRequest for AdminSession {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let state = req.app_data::<web::Data<AppState>>().cloned();
        let token = bearer_token(req);
        Box::pin(async move {
            let state = state.ok_or_else(|| ApiError::internal("application state missing"))?;
            let token = token.ok_or_else(|| ApiError::unauthenticated("Authentication required"))?;
            Ok(AdminSession(state.auth.authenticate(&token).await?))
        })
    }
}

fn bearer_token(req: &HttpRequest) -> Option<String> {
    let value = req.headers().get(actix_web::http::header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.trim().split_once(' ')?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty()).then(|| token.to_owned())
}

/// Where a request comes from, with the proxies believed about it.
pub fn client_address(req: &HttpRequest) -> String {
    let trusted = req.app_data::<web::Data<AppState>>().map(|state| state.guard.trusted_proxies.clone());
    crate::client_ip::client_address(req, &trusted.unwrap_or_default())
}

/// What keeps the public writes (bookings, orders, messages, sign-ups) from
/// being flooded: a limit per client address, the proxies whose forwarding
/// headers say who the client is, and how long a body may take.
#[derive(Debug, Clone)]
pub struct Guard {
    pub public_write_limit: Limit,
    pub trusted_proxies: crate::client_ip::TrustedProxies,
    /// How long a request body may take to arrive (408 after).
    pub body_timeout: std::time::Duration,
}

pub const PUBLIC_WRITE_MESSAGE: &str = "Too many requests from your connection. Please try again later.";

/// Extracting it counts one public write for the client address and refuses
/// the request (429 `rate_limited`, `Retry-After`) past the limit, before its
/// body is read.
pub struct PublicWrite;

impl FromRequest for PublicWrite {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let state = req.app_data::<web::Data<AppState>>().cloned();
        let client = client_address(req);
        Box::pin(async move {
            let state = state.ok_or_else(|| ApiError::internal("application state missing"))?;
            let now = state.clock.now();
            let limit = state.guard.public_write_limit;
            let count = state.limits.count_public_write(&client, limit, now).await?;
            match limit.blocked_until(&count, now) {
                Some(until) => {
                    Err(ApiError::rate_limited(PUBLIC_WRITE_MESSAGE, Limit::seconds_until(until, now)))
                }
                None => Ok(PublicWrite),
            }
        })
    }
}

/// The optional `Idempotency-Key` header of a create (1 to 255 visible ASCII
/// characters). A client sends one per checkout or booking attempt and the
/// same one on every retry of it.
pub struct IdempotencyKeyHeader(pub Option<String>);

pub const IDEMPOTENCY_KEY_HEADER: &str = "Idempotency-Key";

/// The header as documented on the operations that take it.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Header)]
pub struct IdempotencyKeyParam {
    /// One key per checkout or booking attempt, the same on each retry of it: a
    /// retry with the same key and request (within 24 hours) gets the first
    /// answer again (with `Idempotent-Replayed: true`) instead of acting twice;
    /// the same key with another request is a 409 `idempotency_key_reused`.
    #[param(
        rename = "Idempotency-Key",
        required = false,
        min_length = 1,
        max_length = 255,
        pattern = r"^[!-~]+$"
    )]
    pub idempotency_key: String,
}

impl FromRequest for IdempotencyKeyHeader {
    type Error = ApiError;
    type Future = std::future::Ready<Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let value = req.headers().get(IDEMPOTENCY_KEY_HEADER);
        std::future::ready(match value {
            None => Ok(Self(None)),
            Some(value) => value
                .to_str()
                .ok()
                .filter(|key| (1..=255).contains(&key.len()) && key.bytes().all(|b| b.is_ascii_graphic()))
                .map(|key| Self(Some(key.to_owned())))
                .ok_or_else(|| {
                    ApiError::validation(domain::ValidationErrors::single(
                        "idempotencyKey",
                        "Idempotency-Key must be 1 to 255 visible ASCII characters",
                    ))
                }),
        })
    }
}

/// 201, marked `Idempotent-Replayed: true` when it repeats an earlier answer.
pub fn created_response(repeat: bool) -> actix_web::HttpResponseBuilder {
    let mut response = actix_web::HttpResponse::Created();
    if repeat {
        response.insert_header(("Idempotent-Replayed", "true"));
    }
    response
}
