//! Administrators, their credentials and the login throttle.

use chrono::{DateTime, Duration, Utc};
use uuid::Uuid;

use crate::limits::{Limit, WindowCount};
use crate::validation::{Email, InvalidEmail, PersonName, TextError};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Admin {
    pub id: Uuid,
    pub email: String,
    pub name: String,
    pub is_active: bool,
    pub created_at: DateTime<Utc>,
    pub last_login: Option<DateTime<Utc>>,
    /// Tokens carry the version they were issued under; a password reset,
    /// deactivation, re-activation or logout moves it on, which ends every
    /// earlier token at once.
    pub session_version: i32,
    pub role: crate::team::Role,
    /// Whether they have a second factor (a passkey or an authenticator
    /// app): then a password alone does not sign them in.
    pub two_factor: bool,
    /// Whether they may open guests' intake answers (health data): a
    /// permission of its own, given by an owner (docs/decisions.md §22).
    pub can_read_intake: bool,
}

/// The session version of an admin who never had a session ended (and of
/// tokens issued before versions existed).
pub const FIRST_SESSION_VERSION: i32 = 1;

/// A new administrator; the password is still plain text and is hashed by
/// the password-hasher port before it is stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewAdmin {
    pub email: Email,
    pub name: PersonName,
    pub password: Password,
}

/// A password that meets the policy. Deliberately not `Display`.
#[derive(Clone, PartialEq, Eq)]
pub struct Password(String);

impl std::fmt::Debug for Password {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Password(***)")
    }
}

pub const MIN_PASSWORD_CHARS: usize = 12;
/// bcrypt reads at most 72 bytes; a longer password would be silently cut.
pub const MAX_PASSWORD_BYTES: usize = 72;

/// Why a password does not meet the policy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PasswordError {
    #[error("Password must be at least {MIN_PASSWORD_CHARS} characters")]
    TooShort,
    #[error("Password must be at most {MAX_PASSWORD_BYTES} bytes")]
    TooLong,
}

impl Password {
    pub fn parse(text: &str) -> Result<Self, PasswordError> {
        if text.chars().count() < MIN_PASSWORD_CHARS {
            return Err(PasswordError::TooShort);
        }
        if text.len() > MAX_PASSWORD_BYTES {
            return Err(PasswordError::TooLong);
        }
        Ok(Self(text.to_owned()))
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

/// Why a new administrator's details were refused (the first one found).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum NewAdminError {
    #[error(transparent)]
    Email(#[from] InvalidEmail),
    #[error("Name is required")]
    NameBlank,
    #[error("Name: {0}")]
    Name(TextError),
    #[error(transparent)]
    Password(#[from] PasswordError),
}

impl NewAdmin {
    /// An administrator from what the operator gave (the command line, or
    /// `ADMIN_EMAIL` / `ADMIN_NAME` / `ADMIN_PASSWORD`).
    pub fn parse(email: &str, name: &str, password: &str) -> Result<Self, NewAdminError> {
        let email = Email::parse(email)?;
        let name = PersonName::parse(name).map_err(|error| match error {
            TextError::Blank => NewAdminError::NameBlank,
            other => NewAdminError::Name(other),
        })?;
        Ok(Self { email, name, password: Password::parse(password)? })
    }
}

/// Credentials as typed on the login screen (the edge checks only that both
/// are there): a login must never reveal which rule a stored password follows.
#[derive(Debug, Clone)]
pub struct Credentials {
    pub email: String,
    pub password: String,
}

pub const INVALID_CREDENTIALS: &str = "Invalid credentials";
/// Longest email or password a login form may send (characters).
pub const LOGIN_FIELD_MAX: usize = 1024;

/// Failed logins one client address may make in a window before it waits
/// (it then waits for every account).
pub const MAX_FAILED_LOGINS: i32 = 10;
pub const LOGIN_WINDOW_MINUTES: i64 = 15;
/// Failed logins one account may see, from all addresses together, before
/// only addresses that have not failed may still try it.
pub const MAX_FAILED_LOGINS_PER_ACCOUNT: i32 = 20;

pub const CLIENT_LOGIN_LIMIT: Limit =
    Limit { max: MAX_FAILED_LOGINS, window: Duration::minutes(LOGIN_WINDOW_MINUTES) };
pub const ACCOUNT_LOGIN_LIMIT: Limit =
    Limit { max: MAX_FAILED_LOGINS_PER_ACCOUNT, window: Duration::minutes(LOGIN_WINDOW_MINUTES) };

/// Whether a login attempt may have its password checked, from the failure
/// counts that already include it (counted first, so simultaneous guesses
/// cannot all slip past): `Some(until)` means it waits.
///
/// An address that failed too often waits. An account that failed too often
/// (an attack spread over many addresses) still lets an address with no
/// failure of its own try — its owner, from anywhere else — so an attacker
/// is slowed to one guess per fresh address, and the owner is never locked
/// out by someone else's guesses.
pub fn login_throttle(
    client: &WindowCount,
    account: &WindowCount,
    now: DateTime<Utc>,
) -> Option<DateTime<Utc>> {
    if let Some(until) = CLIENT_LOGIN_LIMIT.blocked_until(client, now) {
        return Some(until);
    }
    let failed_before_from_here = client.count > 1;
    if failed_before_from_here { ACCOUNT_LOGIN_LIMIT.blocked_until(account, now) } else { None }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn password_policy() {
        assert!(Password::parse("short").is_err());
        assert!(Password::parse("long enough pass").is_ok());
        assert!(Password::parse(&"x".repeat(73)).is_err());
        assert_eq!(format!("{:?}", Password::parse("long enough pass").unwrap()), "Password(***)");
    }

    #[test]
    fn an_address_waits_after_ten_failures_whatever_the_account() {
        let now = Utc::now();
        let fresh_account = WindowCount { count: 1, started_at: now };
        let tenth = WindowCount { count: MAX_FAILED_LOGINS, started_at: now };
        assert_eq!(login_throttle(&tenth, &fresh_account, now), None);
        let eleventh = WindowCount { count: MAX_FAILED_LOGINS + 1, started_at: now };
        assert_eq!(login_throttle(&eleventh, &fresh_account, now), Some(now + Duration::minutes(15)));
    }

    #[test]
    fn an_attacked_account_lets_only_addresses_that_have_not_failed_try() {
        let now = Utc::now();
        let hot = WindowCount { count: MAX_FAILED_LOGINS_PER_ACCOUNT + 1, started_at: now };
        let first_from_here = WindowCount { count: 1, started_at: now };
        assert_eq!(login_throttle(&first_from_here, &hot, now), None, "the owner elsewhere may log in");
        let second_from_here = WindowCount { count: 2, started_at: now };
        assert_eq!(login_throttle(&second_from_here, &hot, now), Some(now + Duration::minutes(15)));
        let calm = WindowCount { count: MAX_FAILED_LOGINS_PER_ACCOUNT, started_at: now };
        assert_eq!(login_throttle(&second_from_here, &calm, now), None);
    }

    #[test]
    fn a_new_admin_needs_an_email_a_name_and_a_policy_password() {
        assert!(NewAdmin::parse("ana@example.com", "Ana", "long enough pass").is_ok());
        assert_eq!(
            NewAdmin::parse("ana", "Ana", "long enough pass"),
            Err(NewAdminError::Email(InvalidEmail))
        );
        assert_eq!(
            NewAdmin::parse("ana@example.com", " ", "long enough pass"),
            Err(NewAdminError::NameBlank)
        );
        assert_eq!(
            NewAdmin::parse("ana@example.com", "Ana", "short").map_err(|e| e.to_string()),
            Err("Password must be at least 12 characters".to_owned())
        );
    }
}
