//! The owner's team (issue 24): members and their roles, invitations by
//! e-mail, each person's signed-in devices, and "forgot password".
//! Link secrets travel in request bodies, never in paths, so no access log
//! holds one.

use actix_web::{HttpRequest, HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use domain::admin::Password;
use domain::team::{self as model, MemberChange, NewInvitation};
use domain::validation::{Email, PersonName};

use crate::extract::{AdminSession, JsonBody, OwnerSession, PublicWrite};
use crate::routes::sign_in::{Admin, LoginResponse, sign_in_context};
use crate::state::ApiState;
use crate::wire::Role;
use crate::wire::fields::{EmailAddress, LinkToken, LoginPassword, ShortText};
use http_common::{ApiError, ErrorBody, ValidationErrors};

/// An invitation still waiting for its answer.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Invitation {
    pub id: Uuid,
    pub email: String,
    pub name: String,
    pub role: Role,
    /// The name of the owner who sent it.
    pub invited_by: Option<String>,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    /// Past its time: the link no longer works; send a new one.
    pub expired: bool,
}

impl Invitation {
    fn from_domain(invitation: model::Invitation, now: DateTime<Utc>) -> Self {
        Self {
            id: invitation.id,
            email: invitation.email,
            name: invitation.name,
            role: invitation.role.into(),
            invited_by: invitation.invited_by,
            created_at: invitation.created_at,
            expires_at: invitation.expires_at,
            expired: invitation.expires_at <= now,
        }
    }
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Team {
    /// Everyone who has an account, active or not: owners first, then by name.
    pub members: Vec<Admin>,
    /// Invitations neither accepted nor withdrawn, newest first.
    pub invitations: Vec<Invitation>,
}

#[utoipa::path(get, path = "/api/admin/team", tag = "Team",
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "The team and its open invitations", body = Team),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Only an owner sees the team", body = ErrorBody)))]
pub async fn team(_owner: OwnerSession, state: web::Data<ApiState>) -> Result<web::Json<Team>, ApiError> {
    let team = state.auth.team().await?;
    let now = state.clock.now();
    Ok(web::Json(Team {
        members: team.members.into_iter().map(Admin::from).collect(),
        invitations: team.invitations.into_iter().map(|i| Invitation::from_domain(i, now)).collect(),
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct InvitationInput {
    #[serde(default)]
    #[schema(required = true)]
    pub email: EmailAddress,
    /// How they are greeted in the mail and shown in the team.
    #[serde(default)]
    #[schema(required = true)]
    pub name: ShortText,
    #[serde(default)]
    #[schema(value_type = Role, required = true)]
    pub role: Option<Role>,
}

impl InvitationInput {
    fn try_into_domain(self) -> Result<NewInvitation, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let email = errors.take("email", Email::parse(&self.email.0));
        let name = errors.field("name", PersonName::parse(&self.name.0), "Name is required");
        let role = errors.take("role", self.role.ok_or("Choose a role: owner or staff"));
        match (email, name, role) {
            (Some(email), Some(name), Some(role)) => Ok(NewInvitation { email, name, role: role.into() }),
            _ => Err(errors),
        }
    }
}

#[utoipa::path(post, path = "/api/admin/team/invitations", tag = "Team", request_body = InvitationInput,
    security(("bearer_auth" = [])),
    responses(
        (status = 201, description = "Invited: the link is mailed (it works once, for 7 days); an open invitation to the same address is withdrawn", body = Invitation),
        (status = 400, description = "Invalid email or name", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Only an owner invites", body = ErrorBody),
        (status = 409, description = "`already_member`: someone with this email is on the team", body = ErrorBody)))]
pub async fn invite(
    owner: OwnerSession,
    state: web::Data<ApiState>,
    input: JsonBody<InvitationInput>,
) -> Result<HttpResponse, ApiError> {
    let new = input.into_inner().try_into_domain()?;
    let invitation = state.auth.invite(new, &owner.0).await?;
    Ok(HttpResponse::Created().json(Invitation::from_domain(invitation, state.clock.now())))
}

#[utoipa::path(delete, path = "/api/admin/team/invitations/{id}", tag = "Team",
    params(("id" = Uuid, Path, description = "Invitation id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 204, description = "Withdrawn: its link no longer works"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Only an owner withdraws invitations", body = ErrorBody),
        (status = 404, description = "No open invitation with this id", body = ErrorBody)))]
pub async fn revoke_invitation(
    owner: OwnerSession,
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    state.auth.revoke_invitation(*id, &owner.0).await?;
    Ok(HttpResponse::NoContent().finish())
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MemberInput {
    /// A new role, if it changes.
    #[serde(default)]
    pub role: Option<Role>,
    /// `false` deactivates (every session ends at once), `true` lets them sign in again.
    #[serde(default)]
    pub is_active: Option<bool>,
}

#[utoipa::path(put, path = "/api/admin/team/{id}", tag = "Team", request_body = MemberInput,
    params(("id" = Uuid, Path, description = "The member's admin id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Changed", body = Admin),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Only an owner changes the team, and not their own role or access", body = ErrorBody),
        (status = 404, description = "No such member", body = ErrorBody),
        (status = 409, description = "`last_owner`: the team must keep an active owner", body = ErrorBody)))]
pub async fn change_member(
    owner: OwnerSession,
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
    input: JsonBody<MemberInput>,
) -> Result<web::Json<Admin>, ApiError> {
    let input = input.into_inner();
    let change = MemberChange { role: input.role.map(Into::into), active: input.is_active };
    Ok(web::Json(state.auth.change_member(*id, change, &owner.0).await?.into()))
}

/// A signed-in device.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignedInDevice {
    pub id: Uuid,
    /// "Chrome on macOS", from what the browser said it was.
    pub device: String,
    pub user_agent: String,
    /// The network address it signed in from.
    pub address: String,
    /// "This computer", "Private network" or "Internet" (no location database is used).
    pub place: String,
    pub signed_in_at: DateTime<Utc>,
    pub last_seen_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    /// The device making this request.
    pub current: bool,
}

#[utoipa::path(get, path = "/api/admin/sessions", tag = "Team",
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Your signed-in devices, the most recently seen first", body = [SignedInDevice]),
        (status = 401, description = "Not signed in", body = ErrorBody)))]
pub async fn sessions(
    admin: AdminSession,
    state: web::Data<ApiState>,
) -> Result<web::Json<Vec<SignedInDevice>>, ApiError> {
    let sessions = state.auth.sessions(&admin.0).await?;
    Ok(web::Json(
        sessions
            .into_iter()
            .map(|session| SignedInDevice {
                id: session.id,
                device: model::describe_device(&session.user_agent),
                place: model::describe_place(&session.client_address).to_owned(),
                address: session.client_address,
                user_agent: session.user_agent,
                signed_in_at: session.created_at,
                last_seen_at: session.last_seen_at,
                expires_at: session.expires_at,
                current: session.id == admin.session_id(),
            })
            .collect(),
    ))
}

#[utoipa::path(delete, path = "/api/admin/sessions/{id}", tag = "Team",
    params(("id" = Uuid, Path, description = "Session id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 204, description = "That device is signed out: its token no longer works"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "None of your open sessions has this id", body = ErrorBody),
        (status = 409, description = "`conflict`: this is the device making the request (log out instead)", body = ErrorBody)))]
pub async fn end_session(
    admin: AdminSession,
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    state.auth.end_session(&admin.0, *id, admin.session_id()).await?;
    Ok(HttpResponse::NoContent().finish())
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct SessionsEnded {
    /// How many devices were signed out.
    pub ended: u64,
}

#[utoipa::path(post, path = "/api/admin/sessions/end-others", tag = "Team",
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Every other device is signed out; this one stays", body = SessionsEnded),
        (status = 401, description = "Not signed in", body = ErrorBody)))]
pub async fn end_other_sessions(
    admin: AdminSession,
    state: web::Data<ApiState>,
) -> Result<web::Json<SessionsEnded>, ApiError> {
    let ended = state.auth.end_other_sessions(&admin.0, admin.session_id()).await?;
    Ok(web::Json(SessionsEnded { ended }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct LinkInput {
    /// The secret after `#` in the mailed link.
    #[serde(default)]
    #[schema(required = true)]
    pub token: LinkToken,
}

/// What an invitation link opens, for the page that accepts it.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvitationDetails {
    pub email: String,
    pub name: String,
    pub role: Role,
    pub invited_by: Option<String>,
    pub expires_at: DateTime<Utc>,
}

#[utoipa::path(post, path = "/api/admin/invitation", tag = "Team", request_body = LinkInput,
    responses(
        (status = 200, description = "The invitation the link opens", body = InvitationDetails),
        (status = 400, description = "No token", body = ErrorBody),
        (status = 404, description = "`invalid_link`: unknown, used, withdrawn or expired", body = ErrorBody),
        (status = 429, description = "Too many requests from this address", body = ErrorBody)))]
pub async fn invitation(
    _limit: PublicWrite,
    state: web::Data<ApiState>,
    input: JsonBody<LinkInput>,
) -> Result<web::Json<InvitationDetails>, ApiError> {
    let invitation = state.auth.invitation(&input.into_inner().token.0).await?;
    Ok(web::Json(InvitationDetails {
        email: invitation.email,
        name: invitation.name,
        role: invitation.role.into(),
        invited_by: invitation.invited_by,
        expires_at: invitation.expires_at,
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct LinkPasswordInput {
    /// The secret after `#` in the mailed link.
    #[serde(default)]
    #[schema(required = true)]
    pub token: LinkToken,
    /// The new password: at least 12 characters, at most 72 bytes.
    #[serde(default)]
    #[schema(required = true)]
    pub password: LoginPassword,
}

/// The new password, checked once the link is known to work (so a stale
/// link is what its holder hears about first).
fn new_password(text: &str) -> Result<Password, ValidationErrors> {
    Password::parse(text).map_err(|error| {
        let mut errors = ValidationErrors::new();
        errors.add("password", error.to_string());
        errors
    })
}

#[utoipa::path(post, path = "/api/admin/invitation/accept", tag = "Team", request_body = LinkPasswordInput,
    responses(
        (status = 200, description = "Joined: the link is spent and this device is signed in", body = LoginResponse),
        (status = 400, description = "The password does not meet the policy", body = ErrorBody),
        (status = 404, description = "`invalid_link`: unknown, used, withdrawn or expired", body = ErrorBody),
        (status = 409, description = "`already_member`: the address joined another way meanwhile", body = ErrorBody),
        (status = 429, description = "Too many requests from this address", body = ErrorBody)))]
pub async fn accept_invitation(
    req: HttpRequest,
    _limit: PublicWrite,
    state: web::Data<ApiState>,
    input: JsonBody<LinkPasswordInput>,
) -> Result<web::Json<LoginResponse>, ApiError> {
    let input = input.into_inner();
    state.auth.invitation(&input.token.0).await?;
    let password = new_password(&input.password.0)?;
    let signed_in = state.auth.accept_invitation(&input.token.0, &password, &sign_in_context(&req)).await?;
    Ok(web::Json(signed_in.into()))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ResetRequestInput {
    #[serde(default)]
    #[schema(required = true)]
    pub email: EmailAddress,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct ResetRequested {
    pub message: String,
}

pub const RESET_REQUESTED: &str =
    "If an account uses this address, a link to set a new password is on its way. It works for one hour.";

#[utoipa::path(post, path = "/api/admin/password-reset", tag = "Team", request_body = ResetRequestInput,
    responses(
        (status = 202, description = "The same answer whether or not the address has an account", body = ResetRequested),
        (status = 400, description = "Not an email address", body = ErrorBody),
        (status = 429, description = "Too many requests from this address", body = ErrorBody)))]
pub async fn request_password_reset(
    _limit: PublicWrite,
    state: web::Data<ApiState>,
    input: JsonBody<ResetRequestInput>,
) -> Result<HttpResponse, ApiError> {
    // Only the address's form is checked here (it tells nothing of accounts).
    let email = Email::parse(&input.into_inner().email.0).map_err(|error| {
        let mut errors = ValidationErrors::new();
        errors.add("email", error.to_string());
        errors
    })?;
    state.auth.request_password_reset(email.as_str()).await?;
    Ok(HttpResponse::Accepted().json(ResetRequested { message: RESET_REQUESTED.to_owned() }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ResetInput {
    /// The secret after `#` in the mailed reset link.
    #[serde(default)]
    #[schema(required = true)]
    pub token: LinkToken,
    /// The new password: at least 12 characters, at most 72 bytes.
    #[serde(default)]
    #[schema(required = true)]
    pub password: LoginPassword,
}

#[utoipa::path(post, path = "/api/admin/password-reset/confirm", tag = "Team", request_body = ResetInput,
    responses(
        (status = 204, description = "The password is set; every session of the account has ended"),
        (status = 400, description = "The password does not meet the policy", body = ErrorBody),
        (status = 404, description = "`invalid_link`: unknown, used or expired", body = ErrorBody),
        (status = 429, description = "Too many requests from this address", body = ErrorBody)))]
pub async fn confirm_password_reset(
    _limit: PublicWrite,
    state: web::Data<ApiState>,
    input: JsonBody<ResetInput>,
) -> Result<HttpResponse, ApiError> {
    let input = input.into_inner();
    state.auth.check_reset_link(&input.token.0).await?;
    let password = new_password(&input.password.0)?;
    state.auth.reset_password_with(&input.token.0, &password).await?;
    Ok(HttpResponse::NoContent().finish())
}
