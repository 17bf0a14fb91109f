//! Administrator authentication: the ports it needs and the service that
//! applies the rules (uniform failures, throttling, deactivation).

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use uuid::Uuid;

use domain::Email;
use domain::admin::{
    Admin, Credentials, FIRST_SESSION_VERSION, INVALID_CREDENTIALS, NewAdmin, Password, login_throttle,
};
use domain::audit::{Actor, AuditAction};
use domain::booking::LocalNow;
use domain::limits::Limit;
use domain::mail::MailEvent;
use domain::team::{
    self, Invitation, LinkSecret, MemberChange, NewInvitation, Session, SignInContext, TeamError,
};
use domain::two_factor as two_factor_rules;

use crate::error::{CreateAdminError, RepoError, TeamChangeError};
use crate::repositories::{AdminRepository, OpenSession};

mod two_factor;

pub use two_factor::{
    AuthenticatorSetup, Ceremony, NewPasskey, OneTimeCodes, PasskeyError, PasskeyKey, PasskeyVerifier,
    SecondFactorChallenge, SignInChallenge, StoredPasskey, TotpFactor, TwoFactorRepository, TwoFactorStatus,
};

/// The current time, globally and at the retreat.
pub trait Clock: Send + Sync {
    fn now(&self) -> DateTime<Utc>;
    /// Today's date and the time of day in the retreat's time zone.
    fn local_now(&self) -> LocalNow;
    /// When `date` begins in the retreat's time zone (its first instant,
    /// should a clock change skip midnight).
    fn start_of_local_day(&self, date: chrono::NaiveDate) -> DateTime<Utc>;
}

#[async_trait]
pub trait PasswordHasher: Send + Sync {
    async fn hash(&self, password: &Password) -> Result<String, String>;
    /// `false` for a wrong password and for a malformed hash.
    async fn verify(&self, password: &str, hash: &str) -> bool;
    /// A valid hash of a random secret, verified against when the e-mail is
    /// unknown so that a miss costs the same time as a wrong password.
    fn decoy_hash(&self) -> &str;
}

/// Who a request's bearer token signs in, on which of their devices, and
/// whether the owner's rule holds them to adding a second factor before
/// anything else.
#[derive(Debug, Clone)]
pub struct Authenticated {
    pub admin: Admin,
    pub session_id: Uuid,
    pub must_enroll: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IssuedToken {
    pub token: String,
    pub expires_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TokenError {
    #[error("token is malformed, forged or expired")]
    Invalid,
    #[error("token could not be issued: {0}")]
    Issue(String),
}

/// Who a valid token was issued to: the admin, their session version when
/// it was issued, and the signed-in device (session) it belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TokenSubject {
    pub admin_id: Uuid,
    pub session_version: i32,
    pub session_id: Uuid,
}

/// Secrets for single-use links (invitations, password resets): random,
/// unguessable, and stored only as a hash.
pub trait LinkSecrets: Send + Sync {
    /// A new secret and the hash to store.
    fn new_secret(&self) -> (LinkSecret, String);
    /// The hash to look a presented secret up by.
    fn hash(&self, secret: &str) -> String;
}

pub trait TokenIssuer: Send + Sync {
    fn issue(&self, subject: TokenSubject, now: DateTime<Utc>) -> Result<IssuedToken, TokenError>;
    /// The subject of a valid, unexpired token.
    fn verify(&self, token: &str) -> Result<TokenSubject, TokenError>;
}

#[derive(Debug, thiserror::Error)]
pub enum AuthError {
    #[error("{INVALID_CREDENTIALS}")]
    InvalidCredentials,
    #[error("Too many failed logins. Please try again later.")]
    Throttled { retry_after_seconds: i64 },
    #[error("Your session has ended. Please log in again.")]
    Unauthenticated,
    #[error("An admin with this email already exists")]
    EmailTaken,
    /// An invitation or reset link that is unknown, used, withdrawn or past its time.
    #[error("This link has expired or has already been used. Please ask for a new one.")]
    InvalidLink,
    #[error(transparent)]
    Team(#[from] TeamError),
    #[error(transparent)]
    TwoFactor(#[from] domain::two_factor::TwoFactorError),
    #[error("{0} not found")]
    NotFound(&'static str),
    #[error(transparent)]
    Repo(#[from] RepoError),
    #[error("authentication failed internally: {0}")]
    Internal(String),
}

impl From<TeamChangeError> for AuthError {
    fn from(error: TeamChangeError) -> Self {
        match error {
            TeamChangeError::Refused(refusal) => AuthError::Team(refusal),
            TeamChangeError::Repo(error) => AuthError::Repo(error),
        }
    }
}

/// A new session: its bearer token, who it is for, and the device's session id.
#[derive(Debug, Clone)]
pub struct SignedIn {
    pub token: IssuedToken,
    pub admin: Admin,
    pub session_id: Uuid,
}

/// What a correct password leads to: a session, or (for a member with a
/// second factor) the step that asks for it.
#[derive(Debug, Clone)]
pub enum LoginOutcome {
    SignedIn(SignedIn),
    SecondFactor(SecondFactorChallenge),
}

/// The team as the owner's Team view shows it.
#[derive(Debug, Clone)]
pub struct Team {
    pub members: Vec<Admin>,
    pub invitations: Vec<Invitation>,
}

/// What the authentication service is built from.
pub struct AuthPorts {
    pub admins: Arc<dyn AdminRepository>,
    pub factors: Arc<dyn TwoFactorRepository>,
    pub hasher: Arc<dyn PasswordHasher>,
    pub tokens: Arc<dyn TokenIssuer>,
    pub secrets: Arc<dyn LinkSecrets>,
    pub codes: Arc<dyn OneTimeCodes>,
    /// `None` where passkeys cannot work (the site has no domain name).
    pub passkeys: Option<Arc<dyn PasskeyVerifier>>,
    pub clock: Arc<dyn Clock>,
}

#[derive(Clone)]
pub struct AuthService {
    admins: Arc<dyn AdminRepository>,
    factors: Arc<dyn TwoFactorRepository>,
    hasher: Arc<dyn PasswordHasher>,
    tokens: Arc<dyn TokenIssuer>,
    secrets: Arc<dyn LinkSecrets>,
    codes: Arc<dyn OneTimeCodes>,
    passkeys: Option<Arc<dyn PasskeyVerifier>>,
    clock: Arc<dyn Clock>,
}

impl AuthService {
    pub fn new(ports: AuthPorts) -> Self {
        let AuthPorts { admins, factors, hasher, tokens, secrets, codes, passkeys, clock } = ports;
        Self { admins, factors, hasher, tokens, secrets, codes, passkeys, clock }
    }

    /// The same service over another store (the one that writes mail).
    pub fn with_admins(&self, admins: Arc<dyn AdminRepository>) -> Self {
        Self { admins, ..self.clone() }
    }

    /// The same service with passkeys (known once the site's address is).
    pub fn with_passkeys(&self, passkeys: Option<Arc<dyn PasskeyVerifier>>) -> Self {
        Self { passkeys, ..self.clone() }
    }

    /// Checks the credentials sent from `context` (the device and its
    /// network address). Every failure answers the same `InvalidCredentials`,
    /// whether the e-mail is unknown, the password wrong or the admin
    /// deactivated. The attempt is counted (per address and per account)
    /// before the password is checked, as a failure until it succeeds:
    /// simultaneous guesses would otherwise all pass the throttle before any
    /// of them is counted. For a member with a second factor, a correct
    /// password opens the step that asks for it; the attempt stays counted
    /// until that step succeeds too.
    pub async fn login(&self, form: Credentials, context: &SignInContext) -> Result<LoginOutcome, AuthError> {
        let now = self.clock.now();
        let client = context.client_address.as_str();
        let account = form.email.trim().to_lowercase();
        let (client_count, account_count) = self.admins.record_failed_login(client, &account, now).await?;
        if let Some(until) = login_throttle(&client_count, &account_count, now) {
            return Err(AuthError::Throttled { retry_after_seconds: Limit::seconds_until(until, now) });
        }
        let found = match Email::parse(&form.email) {
            Ok(email) => self.admins.find_by_email(&email).await?,
            Err(_) => None,
        };
        let hash = found.as_ref().map_or(self.hasher.decoy_hash(), |(_, hash)| hash.as_str());
        let password_ok = self.hasher.verify(&form.password, hash).await;
        match found {
            Some((admin, _)) if password_ok && admin.is_active && admin.two_factor => {
                Ok(LoginOutcome::SecondFactor(self.second_factor_challenge(&admin, now).await?))
            }
            Some((admin, _)) if password_ok && admin.is_active => {
                Ok(LoginOutcome::SignedIn(self.sign_in(&admin, context, now).await?))
            }
            found => {
                let reason = match &found {
                    None => "Login failed: no admin with this email",
                    Some((admin, _)) if password_ok && !admin.is_active => "Login failed: admin deactivated",
                    Some(_) => "Login failed: wrong password",
                };
                let admin_id = found.as_ref().map(|(admin, _)| admin.id);
                self.admins.record_login_failure(Actor::login_attempt(admin_id, &account), reason).await?;
                Err(AuthError::InvalidCredentials)
            }
        }
    }

    /// Signs the admin in on this device: their failed attempts are
    /// forgotten and a session opens.
    async fn sign_in(
        &self,
        admin: &Admin,
        context: &SignInContext,
        now: DateTime<Utc>,
    ) -> Result<SignedIn, AuthError> {
        let account = admin.email.trim().to_lowercase();
        self.admins.clear_failed_logins(context.client_address.as_str(), &account).await?;
        let (session, token) = self.new_session(admin.id, admin.session_version, context, now)?;
        let session_id = session.id;
        let admin = self.admins.open_session(admin.id, session).await?;
        Ok(SignedIn { token, admin, session_id })
    }

    /// A token for a new session of the admin, and the session's row.
    fn new_session(
        &self,
        admin_id: Uuid,
        session_version: i32,
        context: &SignInContext,
        now: DateTime<Utc>,
    ) -> Result<(Session, IssuedToken), AuthError> {
        let session_id = Uuid::new_v4();
        let subject = TokenSubject { admin_id, session_version, session_id };
        let token =
            self.tokens.issue(subject, now).map_err(|error| AuthError::Internal(error.to_string()))?;
        let session = Session {
            id: session_id,
            admin_id,
            created_at: now,
            last_seen_at: now,
            expires_at: token.expires_at,
            user_agent: context.user_agent.clone(),
            client_address: context.client_address.clone(),
        };
        Ok((session, token))
    }

    /// The active admin a bearer token belongs to and the token's session,
    /// if that session is still open and the admin's sessions have not all
    /// been ended since it was issued; and whether the owner's rule holds
    /// them to adding a second factor first.
    pub async fn authenticate(&self, token: &str) -> Result<Authenticated, AuthError> {
        let subject = self.tokens.verify(token).map_err(|_| AuthError::Unauthenticated)?;
        let now = self.clock.now();
        match self.admins.find_session(subject.session_id, now).await? {
            Some(OpenSession { admin, session, two_factor_required })
                if admin.id == subject.admin_id
                    && admin.is_active
                    && admin.session_version == subject.session_version =>
            {
                if team::should_touch(session.last_seen_at, now) {
                    self.admins.touch_session(session.id, now).await?;
                }
                let must_enroll = two_factor_rules::must_enroll(two_factor_required, admin.two_factor);
                Ok(Authenticated { admin, session_id: session.id, must_enroll })
            }
            _ => Err(AuthError::Unauthenticated),
        }
    }

    /// Ends this device's session; the admin's other devices stay signed in.
    pub async fn logout(&self, admin: &Admin, session_id: Uuid) -> Result<(), AuthError> {
        let now = self.clock.now();
        self.admins.end_session(admin, session_id, AuditAction::LoggedOut, "Logged out", now).await?;
        Ok(())
    }

    /// The admin's signed-in devices.
    pub async fn sessions(&self, admin: &Admin) -> Result<Vec<Session>, AuthError> {
        Ok(self.admins.list_sessions(admin.id, self.clock.now()).await?)
    }

    /// Ends one of the admin's own other sessions (from the Security view);
    /// the device in use signs out with logout.
    pub async fn end_session(&self, admin: &Admin, session_id: Uuid, current: Uuid) -> Result<(), AuthError> {
        if session_id == current {
            return Err(AuthError::Team(TeamError::CurrentDevice));
        }
        let now = self.clock.now();
        let summary = "Signed out a device";
        match self.admins.end_session(admin, session_id, AuditAction::SessionEnded, summary, now).await? {
            true => Ok(()),
            false => Err(AuthError::NotFound("Session")),
        }
    }

    /// Ends every session of the admin but `current`; answers how many.
    pub async fn end_other_sessions(&self, admin: &Admin, current: Uuid) -> Result<u64, AuthError> {
        Ok(self.admins.end_other_sessions(admin, current, self.clock.now()).await?)
    }

    /// Ends every session of the admin at once (the command line).
    pub async fn end_all_sessions(&self, admin: &Admin) -> Result<(), AuthError> {
        self.admins.end_sessions(admin.id).await?;
        Ok(())
    }

    pub async fn team(&self) -> Result<Team, AuthError> {
        Ok(Team {
            members: self.admins.list_team().await?,
            invitations: self.admins.open_invitations().await?,
        })
    }

    /// Invites someone by e-mail: their link (mailed in the same
    /// transaction) sets their password and signs them in, once, within
    /// `team::INVITATION_DAYS`. A new invitation to the same address
    /// replaces an open one.
    pub async fn invite(&self, new: NewInvitation, by: &Admin) -> Result<Invitation, AuthError> {
        if self.admins.find_by_email(&new.email).await?.is_some() {
            return Err(AuthError::Team(TeamError::AlreadyMember));
        }
        let now = self.clock.now();
        let invitation = Invitation {
            id: Uuid::new_v4(),
            email: new.email.as_str().to_owned(),
            name: new.name.as_str().to_owned(),
            role: new.role,
            invited_by: Some(by.name.clone()),
            created_at: now,
            expires_at: team::invitation_expires(now),
        };
        let (secret, hash) = self.secrets.new_secret();
        let mail = MailEvent::TeamInvited { invitation: invitation.clone(), secret };
        Ok(self.admins.create_invitation(invitation, hash, mail, Actor::admin(by)).await?)
    }

    pub async fn revoke_invitation(&self, id: Uuid, by: &Admin) -> Result<(), AuthError> {
        match self.admins.revoke_invitation(id, Actor::admin(by), self.clock.now()).await? {
            true => Ok(()),
            false => Err(AuthError::NotFound("Invitation")),
        }
    }

    /// The invitation a link's secret opens, if it still works.
    pub async fn invitation(&self, secret: &str) -> Result<Invitation, AuthError> {
        let hash = self.secrets.hash(secret);
        self.admins.usable_invitation(&hash, self.clock.now()).await?.ok_or(AuthError::InvalidLink)
    }

    /// Joins the team through an invitation: the password is set, the link
    /// is spent and the new member is signed in on this device.
    pub async fn accept_invitation(
        &self,
        secret: &str,
        password: &Password,
        context: &SignInContext,
    ) -> Result<SignedIn, AuthError> {
        let now = self.clock.now();
        let password_hash = self.hasher.hash(password).await.map_err(AuthError::Internal)?;
        let (session, token) = self.new_session(Uuid::new_v4(), FIRST_SESSION_VERSION, context, now)?;
        let session_id = session.id;
        let hash = self.secrets.hash(secret);
        match self.admins.accept_invitation(&hash, &password_hash, session, now).await? {
            Some(admin) => Ok(SignedIn { token, admin, session_id }),
            None => Err(AuthError::InvalidLink),
        }
    }

    /// Changes a member's role or access; the team always keeps an active
    /// owner. Nobody changes their own role or access here (another owner
    /// does), so an owner cannot lock themself out by a slip.
    pub async fn change_member(
        &self,
        id: Uuid,
        change: MemberChange,
        by: &Admin,
    ) -> Result<Admin, AuthError> {
        if id == by.id {
            return Err(AuthError::Team(TeamError::OwnAccount));
        }
        self.admins
            .change_member(id, change, Actor::admin(by))
            .await?
            .ok_or(AuthError::NotFound("Team member"))
    }

    /// "Forgot password": mails a single-use link to the account with this
    /// address, if there is an active one and none was mailed in the last
    /// few minutes. The caller answers the same whatever happened here.
    pub async fn request_password_reset(&self, email: &str) -> Result<(), AuthError> {
        let Ok(email) = Email::parse(email) else { return Ok(()) };
        let Some((admin, _)) = self.admins.find_by_email(&email).await? else { return Ok(()) };
        let now = self.clock.now();
        if !admin.is_active || !team::may_mail_reset(self.admins.last_reset_request(admin.id).await?, now) {
            return Ok(());
        }
        let (secret, hash) = self.secrets.new_secret();
        let expires_at = team::reset_expires(now);
        let mail = MailEvent::PasswordResetAsked { admin: admin.clone(), secret, expires_at };
        self.admins.create_password_reset(&admin, hash, expires_at, mail, now).await?;
        Ok(())
    }

    /// Whether a reset link still works (the page asks before showing its form).
    pub async fn check_reset_link(&self, secret: &str) -> Result<(), AuthError> {
        let hash = self.secrets.hash(secret);
        match self.admins.usable_reset(&hash, self.clock.now()).await? {
            true => Ok(()),
            false => Err(AuthError::InvalidLink),
        }
    }

    /// Sets a new password through a reset link (once); every session of the
    /// account ends.
    pub async fn reset_password_with(&self, secret: &str, password: &Password) -> Result<Admin, AuthError> {
        let password_hash = self.hasher.hash(password).await.map_err(AuthError::Internal)?;
        let hash = self.secrets.hash(secret);
        self.admins
            .reset_password_with(&hash, &password_hash, self.clock.now())
            .await?
            .ok_or(AuthError::InvalidLink)
    }

    pub async fn create_admin(&self, new: NewAdmin) -> Result<Admin, AuthError> {
        let hash = self.hasher.hash(&new.password).await.map_err(AuthError::Internal)?;
        self.admins.create(&new.email, &new.name, &hash).await.map_err(|error| match error {
            CreateAdminError::EmailTaken => AuthError::EmailTaken,
            CreateAdminError::Repo(error) => AuthError::Repo(error),
        })
    }

    /// Creates the admin unless one with that e-mail exists; an existing
    /// admin is never changed. Returns the new admin, if any.
    pub async fn ensure_admin(&self, new: NewAdmin) -> Result<Option<Admin>, AuthError> {
        if self.admins.find_by_email(&new.email).await?.is_some() {
            return Ok(None);
        }
        match self.create_admin(new).await {
            Ok(admin) => Ok(Some(admin)),
            // Another process created it between the check and the insert.
            Err(AuthError::EmailTaken) => Ok(None),
            Err(error) => Err(error),
        }
    }

    pub async fn set_active(&self, email: &Email, active: bool) -> Result<Admin, AuthError> {
        Ok(self.admins.set_active(email, active).await?)
    }

    pub async fn reset_password(&self, email: &Email, password: &Password) -> Result<Admin, AuthError> {
        let hash = self.hasher.hash(password).await.map_err(AuthError::Internal)?;
        Ok(self.admins.set_password_hash(email, &hash).await?)
    }

    pub async fn admin_count(&self) -> Result<i64, AuthError> {
        Ok(self.admins.count().await?)
    }
}
