//! Administrators, their credentials and the login throttle.

use chrono::{DateTime, Duration, Utc};
use uuid::Uuid;

use crate::limits::{Limit, WindowCount};
use crate::validation::{Email, SHORT_TEXT_MAX, ValidationErrors, required_text};

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
}

/// The session version of an admin who never had a session ended (and of
/// tokens issued before versions existed).
pub const FIRST_SESSION_VERSION: i32 = 1;

/// A new administrator; the password is still plain text and is hashed by
/// the password-hasher port before it is stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewAdmin {
    pub email: Email,
    pub name: String,
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

impl Password {
    pub fn parse(text: &str) -> Result<Self, String> {
        if text.chars().count() < MIN_PASSWORD_CHARS {
            return Err(format!("Password must be at least {MIN_PASSWORD_CHARS} characters"));
        }
        if text.len() > MAX_PASSWORD_BYTES {
            return Err(format!("Password must be at most {MAX_PASSWORD_BYTES} bytes"));
        }
        Ok(Self(text.to_owned()))
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl NewAdmin {
    pub fn parse(email: &str, name: &str, password: &str) -> Result<Self, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let email = errors.take("email", Email::parse(email));
        let name = errors.take("name", required_text(name, SHORT_TEXT_MAX, "Name is required"));
        let password = errors.take("password", Password::parse(password));
        match (email, name, password) {
            (Some(email), Some(name), Some(password)) => Ok(Self { email, name, password }),
            _ => Err(errors),
        }
    }
}

/// Credentials as typed on the login screen. Only presence is checked: a
/// login must never reveal which rule a stored password follows.
#[derive(Debug, Clone)]
pub struct LoginForm {
    pub email: String,
    pub password: String,
}

impl LoginForm {
    pub fn validate(self) -> Result<Self, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        if self.email.trim().is_empty() {
            errors.add("email", "Email is required");
        }
        if self.email.chars().count() > LOGIN_FIELD_MAX {
            errors.add("email", "Email is too long");
        }
        if self.password.is_empty() {
            errors.add("password", "Password is required");
        }
        if self.password.chars().count() > LOGIN_FIELD_MAX {
            errors.add("password", "Password is too long");
        }
        errors.into_result(|| self)
    }
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
    fn login_needs_both_fields() {
        let errors =
            LoginForm { email: " ".into(), password: String::new() }.validate().expect_err("invalid");
        assert_eq!(errors.entries().len(), 2);
    }
}
