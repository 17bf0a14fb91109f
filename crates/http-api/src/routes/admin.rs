//! Administrator login and session.

use actix_web::{HttpRequest, HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use domain::admin as model;

use crate::extract::JsonBody;
use crate::extract::{SignedInSession, client_address};
use crate::state::ApiState;
use crate::wire::fields::{LoginEmail, LoginPassword};
use http_common::{ApiError, ErrorBody, ValidationErrors};

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
            two_factor: a.two_factor,
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct LoginInput {
    #[serde(default)]
    #[schema(required = true)]
    pub email: LoginEmail,
    #[serde(default)]
    #[schema(required = true)]
    pub password: LoginPassword,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginResponse {
    /// Send as `Authorization: Bearer <token>` on admin calls.
    pub token: String,
    pub expires_at: DateTime<Utc>,
    pub admin: Admin,
}

impl LoginInput {
    /// The credentials to try. Only presence and length are checked: a
    /// login must never reveal which rule a stored password follows.
    pub fn try_into_domain(self) -> Result<model::Credentials, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let (email, password) = (self.email.0, self.password.0);
        if email.trim().is_empty() {
            errors.add("email", "Email is required");
        }
        if email.chars().count() > model::LOGIN_FIELD_MAX {
            errors.add("email", "Email is too long");
        }
        if password.is_empty() {
            errors.add("password", "Password is required");
        }
        if password.chars().count() > model::LOGIN_FIELD_MAX {
            errors.add("password", "Password is too long");
        }
        errors.into_result(|| model::Credentials { email, password })
    }
}

#[utoipa::path(post, path = "/api/admin/login", tag = "Admin", request_body = LoginInput,
    responses(
        (status = 200, description = "Logged in", body = LoginResponse),
        (status = 400, description = "Email or password missing", body = ErrorBody),
        (status = 401, description = "\"Invalid credentials\", whatever was wrong; or, for a member with a second factor whose password was right, `second_factor_required` with the step to finish (`secondFactor`)", body = crate::routes::two_factor::LoginRefused),
        (status = 429, description = "Too many failed logins from this client; see Retry-After", body = ErrorBody)))]
pub async fn login(
    req: HttpRequest,
    state: web::Data<ApiState>,
    input: JsonBody<LoginInput>,
) -> Result<HttpResponse, ApiError> {
    let credentials = input.into_inner().try_into_domain()?;
    match state.auth.login(credentials, &sign_in_context(&req)).await? {
        ports::LoginOutcome::SignedIn(signed_in) => {
            Ok(HttpResponse::Ok().json(LoginResponse::from(signed_in)))
        }
        ports::LoginOutcome::SecondFactor(step) => {
            Ok(crate::routes::two_factor::second_factor_required(step))
        }
    }
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

#[utoipa::path(get, path = "/api/admin/me", tag = "Admin",
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "The admin the token belongs to", body = Admin)))]
pub async fn me(admin: SignedInSession) -> web::Json<Admin> {
    web::Json(admin.0.into())
}

#[utoipa::path(post, path = "/api/admin/logout", tag = "Admin",
    security(("bearer_auth" = [])),
    responses((status = 204, description = "This device's session has ended: its token no longer works (the admin's other devices stay signed in; see `/api/admin/sessions`)")))]
pub async fn logout(admin: SignedInSession, state: web::Data<ApiState>) -> Result<HttpResponse, ApiError> {
    state.auth.logout(&admin.0, admin.session_id()).await?;
    Ok(HttpResponse::NoContent().finish())
}
