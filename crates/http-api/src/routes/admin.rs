//! Administrator login and session.

use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;
use utoipa::ToSchema;

use domain::admin as model;

use crate::extract::JsonBody;
use crate::extract::SignedInSession;
use crate::routes::sign_in::{Admin, LoginResponse, sign_in_context};
use crate::state::ApiState;
use crate::wire::fields::{LoginEmail, LoginPassword};
use http_common::{ApiError, ErrorBody, ValidationErrors};

#[derive(Debug, Deserialize, ToSchema)]
pub struct LoginInput {
    #[serde(default)]
    #[schema(required = true)]
    pub email: LoginEmail,
    #[serde(default)]
    #[schema(required = true)]
    pub password: LoginPassword,
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
        (status = 401, description = "\"Invalid credentials\", whatever was wrong; or, for a member with a second factor whose password was right, `second_factor_required` with the step to finish (`secondFactor`)", body = crate::routes::sign_in::LoginRefused),
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
        ports::LoginOutcome::SecondFactor(step) => Ok(crate::routes::sign_in::second_factor_required(step)),
    }
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
