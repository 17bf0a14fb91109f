//! Two-factor sign-in (docs/decisions.md §20): the step after the password
//! (a code or a passkey), sign-in with a passkey alone, each member's own
//! factors (Security view) and the owner's rule that everyone has one.
//! Secrets travel in bodies, never in paths.

use actix_web::{HttpRequest, HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::extract::{OwnerSession, PublicWrite, SignedInSession};
use crate::routes::sign_in::{Admin, LoginResponse, sign_in_context};
use crate::state::ApiState;
use crate::wire::fields::{ChallengeToken, OptionalShortText, SecondFactorCodeText, WebauthnCredential};
use http_common::{ApiError, ErrorBody, ErrorCode, ValidationErrors};

#[derive(Debug, Deserialize, ToSchema)]
pub struct CodeSignInInput {
    #[serde(default)]
    #[schema(required = true)]
    pub challenge: ChallengeToken,
    #[serde(default)]
    #[schema(required = true)]
    pub code: SecondFactorCodeText,
}

/// A Security call's refusal. The member is signed in, so a wrong code or a
/// refused passkey is a 409 `code_refused` and an ended ceremony a 409
/// `conflict`: a 401 would tell the dashboard the session had ended.
fn security_refusal(error: ports::AuthError) -> ApiError {
    use domain::two_factor::TwoFactorError as F;
    match error {
        ports::AuthError::TwoFactor(refusal @ (F::WrongCode | F::Replayed | F::PasskeyRefused)) => {
            ApiError::new(ErrorCode::CodeRefused, refusal.to_string())
        }
        ports::AuthError::TwoFactor(F::SignInExpired) => {
            ApiError::new(ErrorCode::Conflict, "This passkey setup has expired. Please try again.")
        }
        other => other.into(),
    }
}

fn required(field: &'static str, value: &str, message: &str) -> Result<(), ValidationErrors> {
    if value.trim().is_empty() {
        let mut errors = ValidationErrors::new();
        errors.add(field, message);
        return Err(errors);
    }
    Ok(())
}

#[utoipa::path(post, path = "/api/admin/login/code", tag = "Admin", request_body = CodeSignInInput,
    responses(
        (status = 200, description = "Signed in: a code from the authenticator app (each works once) or a recovery code (each works once)", body = LoginResponse),
        (status = 400, description = "No code", body = ErrorBody),
        (status = 401, description = "`invalid_code`: wrong, or used before; `sign_in_expired`: the step is over (5 minutes, 5 wrong codes, or used): log in again", body = ErrorBody),
        (status = 429, description = "Too many failed sign-ins from this address or for this account; see Retry-After", body = ErrorBody)))]
pub async fn login_with_code(
    req: HttpRequest,
    _limit: PublicWrite,
    state: web::Data<ApiState>,
    input: crate::extract::JsonBody<CodeSignInInput>,
) -> Result<web::Json<LoginResponse>, ApiError> {
    let input = input.into_inner();
    required("code", &input.code.0, "Enter the code from your authenticator app, or a recovery code")?;
    let signed_in =
        state.auth.login_with_code(&input.challenge.0, &input.code.0, &sign_in_context(&req)).await?;
    Ok(web::Json(signed_in.into()))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct PasskeySignInStart {
    /// The second step's challenge after a password; none to sign in with a passkey alone.
    #[serde(default)]
    pub challenge: Option<ChallengeToken>,
}

/// A WebAuthn ceremony's options: give `publicKey` to
/// `PublicKeyCredential.parseRequestOptionsFromJSON` (or
/// `parseCreationOptionsFromJSON`), and send `challenge` back with the answer.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PasskeyOptions {
    pub challenge: String,
    #[schema(value_type = Object)]
    pub public_key: Value,
}

fn passkey_options(challenge: String, options: &str) -> Result<PasskeyOptions, ApiError> {
    let options: Value =
        serde_json::from_str(options).map_err(|e| ApiError::internal(format!("passkey options: {e}")))?;
    let public_key = options.get("publicKey").cloned().unwrap_or(Value::Null);
    Ok(PasskeyOptions { challenge, public_key })
}

#[utoipa::path(post, path = "/api/admin/login/passkey/options", tag = "Admin", request_body = PasskeySignInStart,
    responses(
        (status = 200, description = "The browser's options for `navigator.credentials.get`", body = PasskeyOptions),
        (status = 401, description = "`sign_in_expired`: the step named is over", body = ErrorBody),
        (status = 409, description = "`passkeys_unavailable`: the site has no domain name; `conflict`: the member has no passkey", body = ErrorBody),
        (status = 429, description = "Too many requests from this address", body = ErrorBody)))]
pub async fn passkey_sign_in_options(
    _limit: PublicWrite,
    state: web::Data<ApiState>,
    input: crate::extract::JsonBody<PasskeySignInStart>,
) -> Result<web::Json<PasskeyOptions>, ApiError> {
    let challenge = input.into_inner().challenge.map(|token| token.0);
    let (secret, options) = state.auth.passkey_sign_in_options(challenge.as_deref()).await?;
    Ok(web::Json(passkey_options(secret, &options)?))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct PasskeySignInInput {
    #[serde(default)]
    #[schema(required = true)]
    pub challenge: ChallengeToken,
    #[serde(default)]
    #[schema(required = true)]
    pub credential: WebauthnCredential,
}

#[utoipa::path(post, path = "/api/admin/login/passkey", tag = "Admin", request_body = PasskeySignInInput,
    responses(
        (status = 200, description = "Signed in with the passkey", body = LoginResponse),
        (status = 401, description = "`invalid_code`: the passkey's answer was refused; `sign_in_expired`: the ceremony is over", body = ErrorBody),
        (status = 409, description = "`passkeys_unavailable`: the site has no domain name", body = ErrorBody),
        (status = 429, description = "Too many requests from this address", body = ErrorBody)))]
pub async fn login_with_passkey(
    req: HttpRequest,
    _limit: PublicWrite,
    state: web::Data<ApiState>,
    input: crate::extract::JsonBody<PasskeySignInInput>,
) -> Result<web::Json<LoginResponse>, ApiError> {
    let input = input.into_inner();
    let credential = input.credential.0.to_string();
    let signed_in =
        state.auth.login_with_passkey(&input.challenge.0, &credential, &sign_in_context(&req)).await?;
    Ok(web::Json(signed_in.into()))
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Passkey {
    pub id: Uuid,
    pub name: String,
    pub created_at: DateTime<Utc>,
    pub last_used_at: Option<DateTime<Utc>>,
}

impl From<ports::StoredPasskey> for Passkey {
    fn from(key: ports::StoredPasskey) -> Self {
        Self { id: key.id, name: key.name, created_at: key.created_at, last_used_at: key.last_used_at }
    }
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TwoFactorStatus {
    pub authenticator_app: bool,
    pub passkeys: Vec<Passkey>,
    /// Unused recovery codes (each works once).
    pub recovery_codes_left: i64,
    /// The owner requires a second factor of every member.
    pub required: bool,
    /// Required, and this member has none yet: until they add one, only these calls answer.
    pub must_enroll: bool,
    /// Passkeys work on this site (it is served from a domain name).
    pub passkeys_available: bool,
}

#[utoipa::path(get, path = "/api/admin/two-factor", tag = "Security",
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "The signed-in member's second factors and the team's rule", body = TwoFactorStatus),
        (status = 401, description = "Not signed in", body = ErrorBody)))]
pub async fn status(
    admin: SignedInSession,
    state: web::Data<ApiState>,
) -> Result<web::Json<TwoFactorStatus>, ApiError> {
    let status = state.auth.two_factor_status(&admin.0).await?;
    Ok(web::Json(TwoFactorStatus {
        authenticator_app: status.authenticator,
        passkeys: status.passkeys.into_iter().map(Passkey::from).collect(),
        recovery_codes_left: status.recovery_codes_left,
        required: status.required,
        must_enroll: domain::two_factor::must_enroll(status.required, admin.0.two_factor),
        passkeys_available: status.passkeys_available,
    }))
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuthenticatorSetup {
    /// The shared secret in base32, for typing into the app by hand.
    pub secret: String,
    /// The `otpauth://` address the QR code carries.
    pub uri: String,
    /// The QR code as an SVG document.
    pub qr_svg: String,
}

fn qr_svg(uri: &str) -> Result<String, ApiError> {
    let code =
        qrcode::QrCode::new(uri.as_bytes()).map_err(|e| ApiError::internal(format!("QR code: {e}")))?;
    Ok(code
        .render::<qrcode::render::svg::Color>()
        .min_dimensions(200, 200)
        .quiet_zone(true)
        .dark_color(qrcode::render::svg::Color("#111111"))
        .light_color(qrcode::render::svg::Color("#ffffff"))
        .build())
}

#[utoipa::path(post, path = "/api/admin/two-factor/authenticator", tag = "Security",
    security(("bearer_auth" = [])),
    responses(
        (status = 201, description = "A new secret to scan; it works once confirmed with a first code (an unconfirmed one is replaced)", body = AuthenticatorSetup),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 409, description = "An authenticator app is already set up", body = ErrorBody)))]
pub async fn begin_authenticator(
    admin: SignedInSession,
    state: web::Data<ApiState>,
) -> Result<HttpResponse, ApiError> {
    let setup = state.auth.begin_authenticator(&admin.0).await?;
    let qr_svg = qr_svg(&setup.uri)?;
    Ok(HttpResponse::Created().json(AuthenticatorSetup { secret: setup.secret, uri: setup.uri, qr_svg }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct CodeInput {
    #[serde(default)]
    #[schema(required = true)]
    pub code: SecondFactorCodeText,
}

/// New recovery codes, shown this once: each works once, in place of a
/// code or a passkey.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecoveryCodes {
    /// Empty when the member already had unused codes (they still work).
    pub codes: Vec<String>,
}

#[utoipa::path(post, path = "/api/admin/two-factor/authenticator/confirm", tag = "Security", request_body = CodeInput,
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "The app is set up; with the member's first factor, their recovery codes", body = RecoveryCodes),
        (status = 400, description = "No code", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 409, description = "`code_refused`: the code does not match; `conflict`: nothing is being set up, or an app already is", body = ErrorBody)))]
pub async fn confirm_authenticator(
    admin: SignedInSession,
    state: web::Data<ApiState>,
    input: crate::extract::JsonBody<CodeInput>,
) -> Result<web::Json<RecoveryCodes>, ApiError> {
    let code = input.into_inner().code.0;
    required("code", &code, "Enter the 6-digit code the app shows")?;
    let codes = state.auth.confirm_authenticator(&admin.0, &code).await.map_err(security_refusal)?;
    Ok(web::Json(RecoveryCodes { codes }))
}

#[utoipa::path(delete, path = "/api/admin/two-factor/authenticator", tag = "Security",
    security(("bearer_auth" = [])),
    responses(
        (status = 204, description = "The app no longer signs in (with no factor left, the recovery codes go too)"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No authenticator app is set up", body = ErrorBody)))]
pub async fn remove_authenticator(
    admin: SignedInSession,
    state: web::Data<ApiState>,
) -> Result<HttpResponse, ApiError> {
    state.auth.remove_authenticator(&admin.0).await?;
    Ok(HttpResponse::NoContent().finish())
}

#[utoipa::path(post, path = "/api/admin/two-factor/recovery-codes", tag = "Security",
    security(("bearer_auth" = [])),
    responses(
        (status = 201, description = "A new set of 10; the old codes stop working", body = RecoveryCodes),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 409, description = "The member has no second factor", body = ErrorBody)))]
pub async fn renew_recovery_codes(
    admin: SignedInSession,
    state: web::Data<ApiState>,
) -> Result<HttpResponse, ApiError> {
    let codes = state.auth.renew_recovery_codes(&admin.0).await?;
    Ok(HttpResponse::Created().json(RecoveryCodes { codes }))
}

#[utoipa::path(post, path = "/api/admin/passkeys/options", tag = "Security",
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "The browser's options for `navigator.credentials.create`", body = PasskeyOptions),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 409, description = "`passkeys_unavailable`: the site has no domain name", body = ErrorBody)))]
pub async fn passkey_registration_options(
    admin: SignedInSession,
    state: web::Data<ApiState>,
) -> Result<web::Json<PasskeyOptions>, ApiError> {
    let (secret, options) = state.auth.passkey_registration_options(&admin.0).await?;
    Ok(web::Json(passkey_options(secret, &options)?))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct PasskeyInput {
    #[serde(default)]
    #[schema(required = true)]
    pub challenge: ChallengeToken,
    /// What to call it ("MacBook Touch ID"); none is "Passkey".
    #[serde(default)]
    pub name: OptionalShortText,
    #[serde(default)]
    #[schema(required = true)]
    pub credential: WebauthnCredential,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PasskeyAdded {
    pub passkey: Passkey,
    /// With the member's first factor, their recovery codes (shown this once); else empty.
    pub recovery_codes: Vec<String>,
}

#[utoipa::path(post, path = "/api/admin/passkeys", tag = "Security", request_body = PasskeyInput,
    security(("bearer_auth" = [])),
    responses(
        (status = 201, description = "The passkey signs this member in from now on", body = PasskeyAdded),
        (status = 400, description = "Invalid name", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 409, description = "`code_refused`: the browser's answer was refused (or the passkey is registered already); `conflict`: the ceremony is over (5 minutes, or used); `passkeys_unavailable`: the site has no domain name", body = ErrorBody)))]
pub async fn add_passkey(
    admin: SignedInSession,
    state: web::Data<ApiState>,
    input: crate::extract::JsonBody<PasskeyInput>,
) -> Result<HttpResponse, ApiError> {
    let input = input.into_inner();
    let name = domain::two_factor::passkey_name(input.name.0.as_deref()).map_err(|error| {
        let mut errors = ValidationErrors::new();
        errors.add("name", error.to_string());
        errors
    })?;
    let credential = input.credential.0.to_string();
    let (passkey, recovery_codes) = state
        .auth
        .add_passkey(&admin.0, &input.challenge.0, name, &credential)
        .await
        .map_err(security_refusal)?;
    Ok(HttpResponse::Created().json(PasskeyAdded { passkey: passkey.into(), recovery_codes }))
}

#[utoipa::path(delete, path = "/api/admin/passkeys/{id}", tag = "Security",
    security(("bearer_auth" = [])),
    params(("id" = Uuid, Path, description = "The passkey's id")),
    responses(
        (status = 204, description = "The passkey no longer signs in"),
        (status = 400, description = "The id is not a uuid", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such passkey of this member", body = ErrorBody)))]
pub async fn remove_passkey(
    admin: SignedInSession,
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    state.auth.remove_passkey(&admin.0, *id).await?;
    Ok(HttpResponse::NoContent().finish())
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TwoFactorPolicy {
    /// Every member must sign in with a second factor; members without one
    /// can only add one until they do.
    #[serde(default)]
    #[schema(value_type = bool, required = true)]
    pub required: Option<bool>,
}

#[utoipa::path(put, path = "/api/admin/two-factor/policy", tag = "Security", request_body = TwoFactorPolicy,
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "The team's rule is set", body = TwoFactorPolicy),
        (status = 400, description = "`required` missing", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Only an owner sets the rule", body = ErrorBody),
        (status = 409, description = "The owner has no second factor of their own yet", body = ErrorBody)))]
pub async fn set_policy(
    owner: OwnerSession,
    state: web::Data<ApiState>,
    input: crate::extract::JsonBody<TwoFactorPolicy>,
) -> Result<web::Json<TwoFactorPolicy>, ApiError> {
    let Some(required) = input.into_inner().required else {
        let mut errors = ValidationErrors::new();
        errors.add("required", "Say whether a second factor is required: true or false");
        return Err(errors.into());
    };
    state.auth.set_two_factor_required(required, &owner.0).await?;
    Ok(web::Json(TwoFactorPolicy { required: Some(required) }))
}

#[utoipa::path(delete, path = "/api/admin/team/{id}/two-factor", tag = "Security",
    params(("id" = Uuid, Path, description = "The member's admin id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Every second factor of the member is gone (passkeys, app, recovery codes) and they are signed out everywhere; they sign in with their password and set up a new one", body = Admin),
        (status = 400, description = "The id is not a uuid", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Only an owner resets a member's factors, and not their own (Security removes one's own)", body = ErrorBody),
        (status = 404, description = "No such member", body = ErrorBody)))]
pub async fn reset_member(
    owner: OwnerSession,
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
) -> Result<web::Json<Admin>, ApiError> {
    let admin = state.auth.reset_member_factors(*id, &owner.0).await?;
    Ok(web::Json(admin.into()))
}
