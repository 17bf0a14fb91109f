//! What every way of signing in answers (docs/decisions.md §18, §20): the
//! admin as the dashboard reads it, the session's token, the device a
//! sign-in comes from, and the 401 that asks for the second step. Shared by
//! the password login (`admin`) and the two-step routes (`two_factor`).

use actix_web::{HttpRequest, HttpResponse};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use domain::admin as model;
use http_common::ErrorCode;

use crate::extract::client_address;

/// An administrator (never with a password).
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Admin {
    pub id: Uuid,
    pub email: String,
    pub name: String,
    pub is_active: bool,
    pub created_at: DateTime<Utc>,
    pub last_login: Option<DateTime<Utc>>,
    /// What they may do: `owner` (everything) or `staff` (docs/decisions.md §18).
    pub role: crate::wire::Role,
    /// They sign in with a second factor (a passkey or an authenticator app).
    pub two_factor: bool,
    /// They may open guests' intake answers (an owner gives it; docs/decisions.md §22).
    pub can_read_intake: bool,
}

impl From<model::Admin> for Admin {
    fn from(a: model::Admin) -> Self {
        Self {
            id: a.id,
            email: a.email,
            name: a.name,
            is_active: a.is_active,
            created_at: a.created_at,
            last_login: a.last_login,
            role: a.role.into(),
            can_read_intake: a.can_read_intake,
            two_factor: a.two_factor,
        }
    }
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginResponse {
    /// Send as `Authorization: Bearer <token>` on admin calls.
    pub token: String,
    pub expires_at: DateTime<Utc>,
    pub admin: Admin,
}

impl From<ports::SignedIn> for LoginResponse {
    fn from(signed_in: ports::SignedIn) -> Self {
        Self {
            token: signed_in.token.token,
            expires_at: signed_in.token.expires_at,
            admin: signed_in.admin.into(),
        }
    }
}

/// The device and address a sign-in comes from, for the Security view.
pub fn sign_in_context(req: &HttpRequest) -> domain::team::SignInContext {
    let agent = req.headers().get(actix_web::http::header::USER_AGENT).and_then(|value| value.to_str().ok());
    domain::team::SignInContext::new(agent.unwrap_or_default(), &client_address(req))
}

/// The step a correct password leads to for a member with a second factor.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SecondFactorStep {
    /// Send back with the code (`/api/admin/login/code`) or the passkey
    /// (`/api/admin/login/passkey/options`, then `/api/admin/login/passkey`).
    pub challenge: String,
    /// The step must be finished by then (5 minutes); after 5 wrong codes it ends sooner.
    pub expires_at: DateTime<Utc>,
    /// The member has a passkey.
    pub passkey: bool,
    /// The member has an authenticator app.
    pub authenticator_app: bool,
    /// The member has unused recovery codes.
    pub recovery_code: bool,
}

impl From<ports::SecondFactorChallenge> for SecondFactorStep {
    fn from(step: ports::SecondFactorChallenge) -> Self {
        Self {
            challenge: step.secret,
            expires_at: step.expires_at,
            passkey: step.passkey,
            authenticator_app: step.authenticator,
            recovery_code: step.recovery_code,
        }
    }
}

/// A refused login: an [`ErrorBody`], with the second step when the
/// password was right and the member has a second factor.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginRefused {
    pub code: ErrorCode,
    pub message: String,
    /// Present only with `second_factor_required`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub second_factor: Option<SecondFactorStep>,
}

pub const SECOND_FACTOR_MESSAGE: &str =
    "Finish signing in with your passkey, or a code from your authenticator app.";

/// The 401 that asks for the second step.
pub fn second_factor_required(step: ports::SecondFactorChallenge) -> HttpResponse {
    HttpResponse::Unauthorized().insert_header((actix_web::http::header::WWW_AUTHENTICATE, "Bearer")).json(
        LoginRefused {
            code: ErrorCode::SecondFactorRequired,
            message: SECOND_FACTOR_MESSAGE.to_owned(),
            second_factor: Some(step.into()),
        },
    )
}
