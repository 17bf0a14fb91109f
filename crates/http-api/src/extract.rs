//! What handlers take from a request before their work: the admin session
//! (bearer token), the client's address, the public-write limit, the
//! idempotency key, and the JSON body (an object, with its fingerprint).

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, web};
use futures_util::future::LocalBoxFuture;

use domain::admin::Admin;
use domain::limits::Limit;
use http_common::{ApiError, ErrorCode};
use ports::Authenticated;

use crate::state::ApiState;

/// The authenticated administrator of a request, whatever their role, and
/// the signed-in device (session) the token belongs to. Extracting it is
/// what makes a handler admin-only: a missing, malformed, forged or expired
/// token, an ended session, or a deactivated admin, ends the request with
/// 401. Handlers every role may use take this; the owner's take
/// [`OwnerSession`] (docs/decisions.md §18).
pub struct AdminSession(pub Admin, pub uuid::Uuid);

impl AdminSession {
    /// The admin as the audit trail names them.
    pub fn actor(&self) -> domain::audit::Actor {
        domain::audit::Actor::admin(&self.0)
    }

    pub fn session_id(&self) -> uuid::Uuid {
        self.1
    }
}

impl FromRequest for AdminSession {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let signed_in = authenticated(req);
        Box::pin(async move {
            let Authenticated { admin, session_id, must_enroll } = signed_in.await?;
            if must_enroll {
                return Err(ApiError::new(ErrorCode::TwoFactorSetupRequired, TWO_FACTOR_SETUP_MESSAGE));
            }
            Ok(AdminSession(admin, session_id))
        })
    }
}

pub const TWO_FACTOR_SETUP_MESSAGE: &str = "The owner asks every member to sign in with a second factor. Add a passkey or an authenticator app in Security first.";

/// An authenticated administrator, whether or not they still owe the team
/// a second factor: what `me`, logout and the Security view's own calls
/// take, so a member the owner's rule holds back can set one up.
pub struct SignedInSession(pub Admin, pub uuid::Uuid);

impl SignedInSession {
    pub fn session_id(&self) -> uuid::Uuid {
        self.1
    }
}

impl FromRequest for SignedInSession {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let signed_in = authenticated(req);
        Box::pin(async move {
            let Authenticated { admin, session_id, .. } = signed_in.await?;
            Ok(SignedInSession(admin, session_id))
        })
    }
}

/// The request's bearer token checked: its admin, session, and whether the
/// owner's rule holds them to Security (one read of the database).
fn authenticated(req: &HttpRequest) -> LocalBoxFuture<'static, Result<Authenticated, ApiError>> {
    let state = req.app_data::<web::Data<ApiState>>().cloned();
    let token = bearer_token(req);
    Box::pin(async move {
        let state = state.ok_or_else(|| ApiError::internal("application state missing"))?;
        let token = token.ok_or_else(|| ApiError::unauthenticated("Authentication required"))?;
        Ok(state.auth.authenticate(&token).await?)
    })
}

pub const OWNER_ONLY_MESSAGE: &str = "Only an owner can do this.";

/// An authenticated administrator whose role is *owner*: staff get 403
/// `forbidden` (after the token is checked, so a bad token is still 401).
pub struct OwnerSession(pub Admin, pub uuid::Uuid);

impl OwnerSession {
    pub fn actor(&self) -> domain::audit::Actor {
        domain::audit::Actor::admin(&self.0)
    }
}

impl FromRequest for OwnerSession {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let session = AdminSession::from_request(req, payload);
        Box::pin(async move {
            let AdminSession(admin, id) = session.await?;
            if admin.role.is_owner() {
                Ok(OwnerSession(admin, id))
            } else {
                Err(ApiError::new(ErrorCode::Forbidden, OWNER_ONLY_MESSAGE))
            }
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
    let trusted = req.app_data::<web::Data<ApiState>>().map(|state| state.guard.trusted_proxies.clone());
    crate::client_ip::client_address(req, &trusted.unwrap_or_default())
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
        let state = req.app_data::<web::Data<ApiState>>().cloned();
        let client = client_address(req);
        Box::pin(async move {
            let state = state.ok_or_else(|| ApiError::internal("application state missing"))?;
            let now = state.clock.now();
            let limit = state.guard.public_write_limit;
            let count = state.write_limits.count_public_write(&client, limit, now).await?;
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
                    ApiError::validation(http_common::ValidationErrors::single(
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

/// How long a request body may take to arrive, unless configured.
pub const DEFAULT_BODY_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

/// A JSON request body that must be an object. serde would otherwise accept
/// a JSON array as a struct's fields by position. It also keeps a fingerprint
/// of the body (what an idempotency key is compared by).
pub struct JsonBody<T>(pub T, String);

impl<T> JsonBody<T> {
    pub fn into_inner(self) -> T {
        self.0
    }

    /// SHA-256 of the body's canonical JSON (keys sorted, no spaces): the
    /// same request however its keys are ordered or spaced.
    pub fn fingerprint(&self) -> &str {
        &self.1
    }
}

fn fingerprint(value: &serde_json::Value) -> String {
    use sha2::{Digest, Sha256};
    // serde_json's maps are ordered by key (no `preserve_order`), so this
    // text is canonical; a test holds it to that.
    let canonical = value.to_string();
    Sha256::digest(canonical.as_bytes()).iter().map(|byte| format!("{byte:02x}")).collect()
}

impl<T> std::ops::Deref for JsonBody<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: serde::de::DeserializeOwned + 'static> actix_web::FromRequest for JsonBody<T> {
    type Error = actix_web::Error;
    type Future = futures_util::future::LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, payload: &mut actix_web::dev::Payload) -> Self::Future {
        let value = actix_web::web::Json::<serde_json::Value>::from_request(req, payload);
        let limit = req
            .app_data::<actix_web::web::Data<ApiState>>()
            .map_or(DEFAULT_BODY_TIMEOUT, |state| state.guard.body_timeout);
        Box::pin(async move {
            // Headers time out on their own (actix); a body that stalls would
            // hold its connection open for as long as the client likes.
            let Ok(value) = tokio::time::timeout(limit, value).await else {
                return Err(ApiError::new(
                    ErrorCode::RequestTimeout,
                    "The request body took too long to arrive",
                )
                .into());
            };
            let actix_web::web::Json(value) = value?;
            if !value.is_object() {
                return Err(ApiError::new(ErrorCode::InvalidJson, "The body must be a JSON object").into());
            }
            let print = fingerprint(&value);
            serde_json::from_value(value).map(|body| JsonBody(body, print)).map_err(|error| {
                ApiError::new(ErrorCode::InvalidJson, format!("Invalid JSON: {error}")).into()
            })
        })
    }
}

/// Counts one look-up of a code for the client address, past the limit a
/// 429: codes cannot be enumerated (docs/decisions.md §16).
pub async fn count_gift_card_lookup(req: &HttpRequest, state: &ApiState) -> Result<(), ApiError> {
    count_secret_lookup(req, state, "gift-card").await
}

/// Counts one look-up of a secret of `kind` (a gift card's code, a calendar
/// feed's address) for the client address under the gift card look-ups'
/// limit, each kind on its own count; past it, a 429.
pub async fn count_secret_lookup(req: &HttpRequest, state: &ApiState, kind: &str) -> Result<(), ApiError> {
    let client = format!("{kind}:{}", client_address(req));
    let now = state.clock.now();
    let limit = state.guard.gift_card_lookup_limit;
    let count = state.write_limits.count_public_write(&client, limit, now).await?;
    match limit.blocked_until(&count, now) {
        Some(until) => Err(ApiError::rate_limited(PUBLIC_WRITE_MESSAGE, Limit::seconds_until(until, now))),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fingerprint_ignores_key_order_and_spacing() {
        let a: serde_json::Value =
            serde_json::from_str(r#"{"b": 1, "a": {"y": [1, 2], "x": "z"}}"#).expect("json");
        let b: serde_json::Value = serde_json::from_str(r#"{"a":{"x":"z","y":[1,2]},"b":1}"#).expect("json");
        let c: serde_json::Value = serde_json::from_str(r#"{"a":{"x":"z","y":[2,1]},"b":1}"#).expect("json");
        assert_eq!(fingerprint(&a), fingerprint(&b));
        assert_ne!(fingerprint(&a), fingerprint(&c));
    }
}
