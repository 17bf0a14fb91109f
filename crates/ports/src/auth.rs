//! Administrator authentication: the ports it needs and the service that
//! applies the rules (uniform failures, throttling, deactivation).

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use uuid::Uuid;

use domain::Email;
use domain::admin::{Admin, Credentials, INVALID_CREDENTIALS, NewAdmin, Password, login_throttle};
use domain::audit::Actor;
use domain::booking::LocalNow;
use domain::limits::Limit;

use crate::error::{CreateAdminError, RepoError};
use crate::repositories::AdminRepository;

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

/// Who a valid token was issued to, and under which session version.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TokenSubject {
    pub admin_id: Uuid,
    pub session_version: i32,
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
    #[error(transparent)]
    Repo(#[from] RepoError),
    #[error("authentication failed internally: {0}")]
    Internal(String),
}

#[derive(Clone)]
pub struct AuthService {
    admins: Arc<dyn AdminRepository>,
    hasher: Arc<dyn PasswordHasher>,
    tokens: Arc<dyn TokenIssuer>,
    clock: Arc<dyn Clock>,
}

impl AuthService {
    pub fn new(
        admins: Arc<dyn AdminRepository>,
        hasher: Arc<dyn PasswordHasher>,
        tokens: Arc<dyn TokenIssuer>,
        clock: Arc<dyn Clock>,
    ) -> Self {
        Self { admins, hasher, tokens, clock }
    }

    /// Checks the credentials sent from `client` (its network address).
    /// Every failure answers the same `InvalidCredentials`, whether the e-mail
    /// is unknown, the password wrong or the admin deactivated. The attempt is
    /// counted (per address and per account) before the password is checked,
    /// as a failure until it succeeds: simultaneous guesses would otherwise
    /// all pass the throttle before any of them is counted.
    pub async fn login(&self, form: Credentials, client: &str) -> Result<(IssuedToken, Admin), AuthError> {
        let now = self.clock.now();
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
            Some((admin, _)) if password_ok && admin.is_active => {
                self.admins.clear_failed_logins(client, &account).await?;
                let admin = self.admins.record_login(admin.id, now).await?;
                let subject = TokenSubject { admin_id: admin.id, session_version: admin.session_version };
                let token = self
                    .tokens
                    .issue(subject, now)
                    .map_err(|error| AuthError::Internal(error.to_string()))?;
                Ok((token, admin))
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

    /// The active admin a bearer token belongs to, if the token's session
    /// has not been ended since it was issued.
    pub async fn authenticate(&self, token: &str) -> Result<Admin, AuthError> {
        let subject = self.tokens.verify(token).map_err(|_| AuthError::Unauthenticated)?;
        match self.admins.find_by_id(subject.admin_id).await? {
            Some(admin) if admin.is_active && admin.session_version == subject.session_version => Ok(admin),
            _ => Err(AuthError::Unauthenticated),
        }
    }

    /// Ends every session of the admin (logout ends them on every device).
    pub async fn logout(&self, admin: &Admin) -> Result<(), AuthError> {
        self.admins.end_sessions(admin.id).await?;
        Ok(())
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
