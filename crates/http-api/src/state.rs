//! What every handler can reach: the ports, the auth service and the site's
//! settings. Built once by the server binary.

use std::path::PathBuf;
use std::sync::Arc;

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, web};
use futures_util::future::LocalBoxFuture;

use domain::admin::Admin;
use ports::{AuthService, BookingRepository, CatalogRepository, Clock, ContentRepository, OrderRepository};

use crate::error::ApiError;

pub struct AppState {
    pub catalog: Arc<dyn CatalogRepository>,
    pub content: Arc<dyn ContentRepository>,
    pub orders: Arc<dyn OrderRepository>,
    pub bookings: Arc<dyn BookingRepository>,
    pub auth: AuthService,
    pub clock: Arc<dyn Clock>,
    pub site: SiteConfig,
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
}

/// The authenticated administrator of a request. Extracting it is what makes
/// a handler admin-only: a missing, malformed, forged or expired token, or a
/// deactivated admin, ends the request with 401.
pub struct AdminSession(pub Admin);

impl FromRequest for AdminSession {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let state = req.app_data::<web::Data<AppState>>().cloned();
        let token = bearer_token(req);
        Box::pin(async move {
            let state = state.ok_or_else(|| ApiError::Internal("application state missing".to_owned()))?;
            let token = token.ok_or_else(|| ApiError::Unauthorized("Authentication required".to_owned()))?;
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

/// The client's address as this server sees it (the TCP peer). Proxies'
/// forwarding headers are not trusted, so they cannot dodge the throttle.
pub fn client_address(req: &HttpRequest) -> String {
    req.peer_addr().map_or_else(|| "unknown".to_owned(), |addr| addr.ip().to_string())
}
