//! Two-factor sign-in (docs/decisions.md §20): the ports it needs (the
//! store, the code arithmetic, the WebAuthn ceremonies) and the service's
//! use cases: the step after the password, passkey sign-in, and each
//! member's own factors.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use uuid::Uuid;

use domain::admin::Admin;
use domain::audit::Actor;
use domain::team::SignInContext;
use domain::two_factor::{self as rules, ChallengePurpose, SecondFactorCode, TwoFactorError};

use super::{AuthError, AuthService, SignedIn};
use crate::error::RepoResult;

/// The code arithmetic of an authenticator app (RFC 6238) and the making
/// of recovery codes.
pub trait OneTimeCodes: Send + Sync {
    /// A new random shared secret, in base32 as authenticator apps take it.
    fn new_secret(&self) -> String;
    /// The code an authenticator app shows for `secret` during `step`.
    fn code_at(&self, secret: &str, step: i64) -> Option<String>;
    /// The `otpauth://` address a QR code carries to the app.
    fn setup_uri(&self, secret: &str, account: &str) -> Option<String>;
    /// A new set of recovery codes (compact, as typed).
    fn new_recovery_codes(&self) -> Vec<String>;
}

/// Why the WebAuthn library refused an answer (for the logs).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("passkey refused: {0}")]
pub struct PasskeyError(pub String);

/// A WebAuthn ceremony begun: the options for the browser and the state the
/// server keeps until the browser answers (both JSON text).
#[derive(Debug, Clone)]
pub struct Ceremony {
    pub options: String,
    pub state: String,
}

/// A passkey the browser just created: its credential id and the key as the
/// WebAuthn library keeps it (JSON text).
#[derive(Debug, Clone)]
pub struct PasskeyKey {
    pub credential_id: String,
    pub key: String,
}

/// The WebAuthn ceremonies (the `webauthn-rs` adapter in crates/auth).
pub trait PasskeyVerifier: Send + Sync {
    fn start_registration(&self, admin: &Admin, existing: &[StoredPasskey])
    -> Result<Ceremony, PasskeyError>;
    fn finish_registration(&self, credential: &str, state: &str) -> Result<PasskeyKey, PasskeyError>;
    /// A sign-in with one of `keys`, or with any passkey the browser holds
    /// for the site when `keys` is `None` (passwordless).
    fn start_sign_in(&self, keys: Option<&[StoredPasskey]>) -> Result<Ceremony, PasskeyError>;
    /// The credential id a browser's answer names (before it is verified).
    fn credential_id(&self, credential: &str) -> Result<String, PasskeyError>;
    /// Verifies the answer against the state and the key it names; answers
    /// the key to store when its signature counter moved.
    fn finish_sign_in(
        &self,
        credential: &str,
        state: &str,
        key: &StoredPasskey,
    ) -> Result<Option<String>, PasskeyError>;
}

#[derive(Debug, Clone)]
pub struct StoredPasskey {
    pub id: Uuid,
    pub admin_id: Uuid,
    pub credential_id: String,
    pub name: String,
    pub key: String,
    pub created_at: DateTime<Utc>,
    pub last_used_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone)]
pub struct NewPasskey {
    pub id: Uuid,
    pub name: String,
    pub key: PasskeyKey,
    pub created_at: DateTime<Utc>,
}

/// A member's authenticator app: the shared secret, whether it was
/// confirmed with a first code, and the newest step a code was used for.
#[derive(Debug, Clone)]
pub struct TotpFactor {
    pub secret: String,
    pub confirmed: bool,
    pub last_used_step: Option<i64>,
}

/// A sign-in or passkey ceremony in progress, as stored.
#[derive(Debug, Clone)]
pub struct SignInChallenge {
    pub id: Uuid,
    pub purpose: ChallengePurpose,
    pub admin_id: Option<Uuid>,
    pub state: Option<String>,
    pub failed_attempts: i32,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
}

/// The step after a correct password: the secret the browser sends back
/// with the code or the passkey, and what the member can answer with.
#[derive(Debug, Clone)]
pub struct SecondFactorChallenge {
    pub secret: String,
    pub expires_at: DateTime<Utc>,
    pub passkey: bool,
    pub authenticator: bool,
    pub recovery_code: bool,
}

/// A member's second factors as their Security view shows them.
#[derive(Debug, Clone)]
pub struct TwoFactorStatus {
    pub authenticator: bool,
    pub passkeys: Vec<StoredPasskey>,
    pub recovery_codes_left: i64,
    /// The owner requires a second factor of every member.
    pub required: bool,
    /// Passkeys can be used on this site.
    pub passkeys_available: bool,
}

/// An authenticator app being set up: the secret to type or scan.
#[derive(Debug, Clone)]
pub struct AuthenticatorSetup {
    pub secret: String,
    pub uri: String,
}

/// The second factors' store. Every change of a member's factors keeps
/// `Admin::two_factor` true to them and leaves an audit record, in one
/// transaction.
#[async_trait]
pub trait TwoFactorRepository: Send + Sync {
    async fn two_factor_required(&self) -> RepoResult<bool>;
    async fn set_two_factor_required(&self, required: bool, actor: Actor) -> RepoResult<()>;

    async fn totp(&self, admin_id: Uuid) -> RepoResult<Option<TotpFactor>>;
    /// Keeps a new, unconfirmed secret (replacing an unconfirmed one);
    /// `false` when a confirmed app exists.
    async fn begin_totp(&self, admin_id: Uuid, secret: &str, now: DateTime<Utc>) -> RepoResult<bool>;
    /// Confirms the pending app with the step of its first code, and stores
    /// `recovery_hashes` as the member's recovery codes if they have none
    /// unused. `None` when nothing was pending; else whether codes were stored.
    async fn confirm_totp(
        &self,
        admin: &Admin,
        step: i64,
        recovery_hashes: Vec<String>,
        now: DateTime<Utc>,
    ) -> RepoResult<Option<bool>>;
    async fn remove_totp(&self, admin: &Admin) -> RepoResult<bool>;
    /// Records `step` as used, if it is newer than the last used one:
    /// `false` when another request used it (or a newer one) first.
    async fn use_totp_step(&self, admin_id: Uuid, step: i64) -> RepoResult<bool>;

    async fn recovery_codes_left(&self, admin_id: Uuid) -> RepoResult<i64>;
    /// Spends the unused recovery code with this hash: `false` if there is none.
    async fn use_recovery_code(&self, admin: &Admin, code_hash: &str, now: DateTime<Utc>)
    -> RepoResult<bool>;
    async fn replace_recovery_codes(
        &self,
        admin: &Admin,
        hashes: Vec<String>,
        now: DateTime<Utc>,
    ) -> RepoResult<()>;

    async fn passkeys(&self, admin_id: Uuid) -> RepoResult<Vec<StoredPasskey>>;
    /// Stores the passkey (and `recovery_hashes`, as for `confirm_totp`):
    /// `None` when its credential is already registered.
    async fn add_passkey(
        &self,
        admin: &Admin,
        passkey: NewPasskey,
        recovery_hashes: Vec<String>,
    ) -> RepoResult<Option<(StoredPasskey, bool)>>;
    async fn remove_passkey(&self, admin: &Admin, id: Uuid) -> RepoResult<bool>;
    async fn passkey_by_credential(&self, credential_id: &str) -> RepoResult<Option<StoredPasskey>>;
    async fn passkey_used(&self, id: Uuid, key: Option<String>, now: DateTime<Utc>) -> RepoResult<()>;

    /// Removes every second factor of the member (passkeys, app, recovery
    /// codes, ceremonies under way) and ends their sessions: `None` when
    /// there is no such member.
    async fn reset_factors(
        &self,
        admin_id: Uuid,
        actor: Actor,
        now: DateTime<Utc>,
    ) -> RepoResult<Option<Admin>>;

    async fn create_challenge(&self, challenge: SignInChallenge, secret_hash: String) -> RepoResult<()>;
    /// The live challenge with this hash (not expired, not spent).
    async fn challenge(&self, secret_hash: &str, now: DateTime<Utc>) -> RepoResult<Option<SignInChallenge>>;
    async fn set_challenge_state(&self, id: Uuid, state: &str) -> RepoResult<()>;
    /// Counts a wrong answer; the challenge ends at `MAX_CODE_ATTEMPTS`.
    async fn fail_challenge(&self, id: Uuid) -> RepoResult<()>;
    /// Spends the challenge: `true` for the one caller that did.
    async fn spend_challenge(&self, id: Uuid) -> RepoResult<bool>;
}

/// Compares two codes in time that does not depend on where they differ.
fn same_code(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

impl AuthService {
    fn passkey_port(&self) -> Result<&dyn PasskeyVerifier, AuthError> {
        self.passkeys.as_deref().ok_or(AuthError::TwoFactor(TwoFactorError::PasskeysUnavailable))
    }

    /// Opens the step after a correct password.
    pub(super) async fn second_factor_challenge(
        &self,
        admin: &Admin,
        now: DateTime<Utc>,
    ) -> Result<SecondFactorChallenge, AuthError> {
        let (secret, hash) = self.secrets.new_secret();
        let challenge = SignInChallenge {
            id: Uuid::new_v4(),
            purpose: ChallengePurpose::SecondFactor,
            admin_id: Some(admin.id),
            state: None,
            failed_attempts: 0,
            created_at: now,
            expires_at: rules::challenge_expires(now),
        };
        let expires_at = challenge.expires_at;
        self.factors.create_challenge(challenge, hash).await?;
        let authenticator = self.factors.totp(admin.id).await?.is_some_and(|totp| totp.confirmed);
        let passkey = self.passkeys.is_some() && !self.factors.passkeys(admin.id).await?.is_empty();
        Ok(SecondFactorChallenge {
            secret: secret.expose().to_owned(),
            expires_at,
            passkey,
            authenticator,
            recovery_code: self.factors.recovery_codes_left(admin.id).await? > 0,
        })
    }

    /// The live challenge a browser's secret names, for `purposes`.
    async fn live_challenge(
        &self,
        secret: &str,
        purposes: &[ChallengePurpose],
        now: DateTime<Utc>,
    ) -> Result<SignInChallenge, AuthError> {
        let hash = self.secrets.hash(secret);
        match self.factors.challenge(&hash, now).await? {
            Some(challenge) if purposes.contains(&challenge.purpose) => Ok(challenge),
            _ => Err(AuthError::TwoFactor(TwoFactorError::SignInExpired)),
        }
    }

    /// The active member a challenge belongs to.
    async fn challenge_admin(&self, admin_id: Option<Uuid>) -> Result<Admin, AuthError> {
        let admin = match admin_id {
            Some(id) => self.admins.find_by_id(id).await?,
            None => None,
        };
        admin.filter(|admin| admin.is_active).ok_or(AuthError::TwoFactor(TwoFactorError::SignInExpired))
    }

    /// The second step with a code: one from the authenticator app (each
    /// good once) or a recovery code. A wrong code counts against the
    /// challenge and against the account's and address's login throttle.
    pub async fn login_with_code(
        &self,
        secret: &str,
        typed: &str,
        context: &SignInContext,
    ) -> Result<SignedIn, AuthError> {
        let now = self.clock.now();
        let challenge = self.live_challenge(secret, &[ChallengePurpose::SecondFactor], now).await?;
        let admin = self.challenge_admin(challenge.admin_id).await?;
        let account = admin.email.trim().to_lowercase();
        let client = context.client_address.as_str();
        let (client_count, account_count) = self.admins.record_failed_login(client, &account, now).await?;
        if let Some(until) = domain::admin::login_throttle(&client_count, &account_count, now) {
            let retry_after_seconds = domain::limits::Limit::seconds_until(until, now);
            return Err(AuthError::Throttled { retry_after_seconds });
        }
        let checked = match SecondFactorCode::parse(typed) {
            Ok(SecondFactorCode::Totp(code)) => self.check_totp(&admin, &code, now).await,
            Ok(SecondFactorCode::Recovery(code)) => {
                let hash = self.secrets.hash(&code);
                match self.factors.use_recovery_code(&admin, &hash, now).await? {
                    true => Ok(()),
                    false => Err(TwoFactorError::WrongCode),
                }
            }
            Err(refusal) => Err(refusal),
        };
        if let Err(refusal) = checked {
            self.factors.fail_challenge(challenge.id).await?;
            let summary = format!("Second sign-in step failed: {}", failure_reason(refusal));
            self.admins.record_login_failure(Actor::admin(&admin), &summary).await?;
            return Err(AuthError::TwoFactor(refusal));
        }
        self.finish_challenge(&challenge, &admin, context, now).await
    }

    /// Checks a six-digit code against the member's confirmed app and marks
    /// its step used.
    async fn check_totp(&self, admin: &Admin, code: &str, now: DateTime<Utc>) -> Result<(), TwoFactorError> {
        let totp = match self.factors.totp(admin.id).await {
            Ok(Some(totp)) if totp.confirmed => totp,
            _ => return Err(TwoFactorError::WrongCode),
        };
        let matched = self.matching_step(&totp.secret, code, now);
        let step = rules::accept_totp(matched, totp.last_used_step)?;
        match self.factors.use_totp_step(admin.id, step).await {
            Ok(true) => Ok(()),
            _ => Err(TwoFactorError::Replayed),
        }
    }

    fn matching_step(&self, secret: &str, code: &str, now: DateTime<Utc>) -> Option<i64> {
        rules::steps_to_try(now)
            .find(|step| self.codes.code_at(secret, *step).is_some_and(|expected| same_code(&expected, code)))
    }

    /// Spends the challenge (once, whoever else tries it at the same time)
    /// and opens the session.
    async fn finish_challenge(
        &self,
        challenge: &SignInChallenge,
        admin: &Admin,
        context: &SignInContext,
        now: DateTime<Utc>,
    ) -> Result<SignedIn, AuthError> {
        if !self.factors.spend_challenge(challenge.id).await? {
            return Err(AuthError::TwoFactor(TwoFactorError::SignInExpired));
        }
        self.sign_in(admin, context, now).await
    }

    /// Starts a passkey sign-in: the step after the password (`secret` of
    /// its challenge), or, without one, a sign-in by passkey alone. Answers
    /// the challenge's secret and the browser's options.
    pub async fn passkey_sign_in_options(&self, secret: Option<&str>) -> Result<(String, String), AuthError> {
        let verifier = self.passkey_port()?;
        let now = self.clock.now();
        if let Some(secret) = secret {
            let challenge = self.live_challenge(secret, &[ChallengePurpose::SecondFactor], now).await?;
            let admin = self.challenge_admin(challenge.admin_id).await?;
            let keys = self.factors.passkeys(admin.id).await?;
            if keys.is_empty() {
                return Err(AuthError::TwoFactor(TwoFactorError::NoSecondFactor));
            }
            let ceremony = verifier.start_sign_in(Some(&keys)).map_err(passkey_refused)?;
            self.factors.set_challenge_state(challenge.id, &ceremony.state).await?;
            return Ok((secret.to_owned(), ceremony.options));
        }
        let ceremony = verifier.start_sign_in(None).map_err(passkey_refused)?;
        let secret = self.new_ceremony(ChallengePurpose::PasskeySignIn, None, ceremony.state, now).await?;
        Ok((secret, ceremony.options))
    }

    async fn new_ceremony(
        &self,
        purpose: ChallengePurpose,
        admin_id: Option<Uuid>,
        state: String,
        now: DateTime<Utc>,
    ) -> Result<String, AuthError> {
        let (secret, hash) = self.secrets.new_secret();
        let challenge = SignInChallenge {
            id: Uuid::new_v4(),
            purpose,
            admin_id,
            state: Some(state),
            failed_attempts: 0,
            created_at: now,
            expires_at: rules::challenge_expires(now),
        };
        self.factors.create_challenge(challenge, hash).await?;
        Ok(secret.expose().to_owned())
    }

    /// Finishes a passkey sign-in begun by `passkey_sign_in_options`. The
    /// passkey must be one of the member's whose password was given (the
    /// step after the password), or any member's (passkey alone: it needs
    /// the member's verification, a fingerprint or PIN, so it is two factors
    /// by itself).
    pub async fn login_with_passkey(
        &self,
        secret: &str,
        credential: &str,
        context: &SignInContext,
    ) -> Result<SignedIn, AuthError> {
        let verifier = self.passkey_port()?;
        let now = self.clock.now();
        let purposes = [ChallengePurpose::SecondFactor, ChallengePurpose::PasskeySignIn];
        let challenge = self.live_challenge(secret, &purposes, now).await?;
        let Some(state) = challenge.state.as_deref() else {
            return Err(AuthError::TwoFactor(TwoFactorError::SignInExpired));
        };
        let key = match verifier.credential_id(credential) {
            Ok(id) => self.factors.passkey_by_credential(&id).await?,
            Err(_) => None,
        };
        // A refusal names the passkey's member, when it is someone's, for the audit trail.
        let checked = match key {
            Some(key) if challenge.admin_id.is_none_or(|admin| admin == key.admin_id) => {
                match verifier.finish_sign_in(credential, state, &key) {
                    Ok(updated) => Ok((key, updated)),
                    Err(error) => Err((Some(key.admin_id), error.0)),
                }
            }
            Some(key) => Err((Some(key.admin_id), "a passkey of another member".to_owned())),
            None => Err((None, "an unknown passkey".to_owned())),
        };
        let (key, updated) = match checked {
            Ok(found) => found,
            Err((owner, reason)) => {
                self.factors.fail_challenge(challenge.id).await?;
                tracing::info!(%reason, "passkey sign-in refused");
                if let Some(admin) = match owner {
                    Some(id) => self.admins.find_by_id(id).await?,
                    None => None,
                } {
                    self.admins.record_login_failure(Actor::admin(&admin), "Passkey sign-in failed").await?;
                }
                return Err(AuthError::TwoFactor(TwoFactorError::PasskeyRefused));
            }
        };
        let admin = self.challenge_admin(Some(key.admin_id)).await?;
        self.factors.passkey_used(key.id, updated, now).await?;
        self.finish_challenge(&challenge, &admin, context, now).await
    }

    /// The member's second factors and the team's rule.
    pub async fn two_factor_status(&self, admin: &Admin) -> Result<TwoFactorStatus, AuthError> {
        Ok(TwoFactorStatus {
            authenticator: self.factors.totp(admin.id).await?.is_some_and(|totp| totp.confirmed),
            passkeys: self.factors.passkeys(admin.id).await?,
            recovery_codes_left: self.factors.recovery_codes_left(admin.id).await?,
            required: self.factors.two_factor_required().await?,
            passkeys_available: self.passkeys.is_some(),
        })
    }

    /// The owner's rule: every member must have a second factor. An owner
    /// sets up their own first, so the rule never locks out who made it.
    pub async fn set_two_factor_required(&self, required: bool, by: &Admin) -> Result<(), AuthError> {
        if required && !by.two_factor {
            return Err(AuthError::TwoFactor(TwoFactorError::OwnFactorFirst));
        }
        Ok(self.factors.set_two_factor_required(required, Actor::admin(by)).await?)
    }

    /// Starts setting up an authenticator app: a new secret to scan, kept
    /// unconfirmed until a first code from the app proves it was copied.
    pub async fn begin_authenticator(&self, admin: &Admin) -> Result<AuthenticatorSetup, AuthError> {
        let secret = self.codes.new_secret();
        let uri = self.codes.setup_uri(&secret, &admin.email).ok_or_else(|| {
            AuthError::Internal("the authenticator app's address could not be made".to_owned())
        })?;
        match self.factors.begin_totp(admin.id, &secret, self.clock.now()).await? {
            true => Ok(AuthenticatorSetup { secret, uri }),
            false => Err(AuthError::TwoFactor(TwoFactorError::AuthenticatorExists)),
        }
    }

    /// Confirms the app with its first code. Answers the new recovery codes
    /// when this is the member's first factor (none otherwise).
    pub async fn confirm_authenticator(&self, admin: &Admin, typed: &str) -> Result<Vec<String>, AuthError> {
        let now = self.clock.now();
        let pending = match self.factors.totp(admin.id).await? {
            Some(totp) if !totp.confirmed => totp,
            Some(_) => return Err(AuthError::TwoFactor(TwoFactorError::AuthenticatorExists)),
            None => return Err(AuthError::TwoFactor(TwoFactorError::NoPendingAuthenticator)),
        };
        let code = match SecondFactorCode::parse(typed) {
            Ok(SecondFactorCode::Totp(code)) => code,
            _ => return Err(AuthError::TwoFactor(TwoFactorError::WrongCode)),
        };
        let step = rules::accept_totp(self.matching_step(&pending.secret, &code, now), None)?;
        let (codes, hashes) = self.recovery_set();
        match self.factors.confirm_totp(admin, step, hashes, now).await? {
            Some(true) => Ok(codes),
            Some(false) => Ok(Vec::new()),
            None => Err(AuthError::TwoFactor(TwoFactorError::NoPendingAuthenticator)),
        }
    }

    pub async fn remove_authenticator(&self, admin: &Admin) -> Result<(), AuthError> {
        match self.factors.remove_totp(admin).await? {
            true => Ok(()),
            false => Err(AuthError::NotFound("Authenticator app")),
        }
    }

    /// A new set of recovery codes, shown once as `xxxxx-xxxxx`, with their hashes.
    fn recovery_set(&self) -> (Vec<String>, Vec<String>) {
        let codes = self.codes.new_recovery_codes();
        let hashes = codes.iter().map(|code| self.secrets.hash(code)).collect();
        (codes.iter().map(|code| rules::format_recovery_code(code)).collect(), hashes)
    }

    /// Replaces the member's recovery codes; the old ones stop working.
    pub async fn renew_recovery_codes(&self, admin: &Admin) -> Result<Vec<String>, AuthError> {
        if !admin.two_factor {
            return Err(AuthError::TwoFactor(TwoFactorError::NoSecondFactor));
        }
        let (codes, hashes) = self.recovery_set();
        self.factors.replace_recovery_codes(admin, hashes, self.clock.now()).await?;
        Ok(codes)
    }

    /// Starts adding a passkey: answers the ceremony's secret and the
    /// browser's options.
    pub async fn passkey_registration_options(&self, admin: &Admin) -> Result<(String, String), AuthError> {
        let verifier = self.passkey_port()?;
        let existing = self.factors.passkeys(admin.id).await?;
        let ceremony = verifier.start_registration(admin, &existing).map_err(passkey_refused)?;
        let now = self.clock.now();
        let secret = self
            .new_ceremony(ChallengePurpose::PasskeyRegistration, Some(admin.id), ceremony.state, now)
            .await?;
        Ok((secret, ceremony.options))
    }

    /// Adds the passkey the browser created. Answers it, and the new
    /// recovery codes when it is the member's first factor.
    pub async fn add_passkey(
        &self,
        admin: &Admin,
        secret: &str,
        name: String,
        credential: &str,
    ) -> Result<(StoredPasskey, Vec<String>), AuthError> {
        let verifier = self.passkey_port()?;
        let now = self.clock.now();
        let challenge = self.live_challenge(secret, &[ChallengePurpose::PasskeyRegistration], now).await?;
        let state = match (&challenge.state, challenge.admin_id) {
            (Some(state), Some(owner)) if owner == admin.id => state.clone(),
            _ => return Err(AuthError::TwoFactor(TwoFactorError::SignInExpired)),
        };
        let key = match verifier.finish_registration(credential, &state) {
            Ok(key) => key,
            Err(error) => {
                self.factors.fail_challenge(challenge.id).await?;
                tracing::info!(%error, "passkey registration refused");
                return Err(AuthError::TwoFactor(TwoFactorError::PasskeyRefused));
            }
        };
        if !self.factors.spend_challenge(challenge.id).await? {
            return Err(AuthError::TwoFactor(TwoFactorError::SignInExpired));
        }
        let (codes, hashes) = self.recovery_set();
        let passkey = NewPasskey { id: Uuid::new_v4(), name, key, created_at: now };
        match self.factors.add_passkey(admin, passkey, hashes).await? {
            Some((stored, true)) => Ok((stored, codes)),
            Some((stored, false)) => Ok((stored, Vec::new())),
            None => Err(AuthError::TwoFactor(TwoFactorError::PasskeyRefused)),
        }
    }

    /// An owner resets another member's two-step sign-in (a lost phone and
    /// lost recovery codes): every factor goes and the member is signed out
    /// everywhere; they sign in with their password and set up a new one.
    /// One's own factors are removed from one's Security view instead.
    pub async fn reset_member_factors(&self, id: Uuid, by: &Admin) -> Result<Admin, AuthError> {
        if id == by.id {
            return Err(AuthError::Team(domain::team::TeamError::OwnAccount));
        }
        self.factors
            .reset_factors(id, Actor::admin(by), self.clock.now())
            .await?
            .ok_or(AuthError::NotFound("Team member"))
    }

    /// The same from the server's command line, for the last owner locked out.
    pub async fn reset_factors_from_command_line(&self, email: &domain::Email) -> Result<Admin, AuthError> {
        let Some((admin, _)) = self.admins.find_by_email(email).await? else {
            return Err(AuthError::NotFound("Admin"));
        };
        self.factors
            .reset_factors(admin.id, Actor::command_line(), self.clock.now())
            .await?
            .ok_or(AuthError::NotFound("Admin"))
    }

    pub async fn remove_passkey(&self, admin: &Admin, id: Uuid) -> Result<(), AuthError> {
        match self.factors.remove_passkey(admin, id).await? {
            true => Ok(()),
            false => Err(AuthError::NotFound("Passkey")),
        }
    }
}

fn passkey_refused(error: PasskeyError) -> AuthError {
    tracing::warn!(%error, "passkey ceremony could not start");
    AuthError::TwoFactor(TwoFactorError::PasskeyRefused)
}

fn failure_reason(refusal: TwoFactorError) -> &'static str {
    match refusal {
        TwoFactorError::Replayed => "a code used before",
        _ => "a wrong code",
    }
}
