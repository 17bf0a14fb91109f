//! Administrators, their credentials and the login throttle.

use chrono::{DateTime, Duration, Utc};
use uuid::Uuid;

use crate::validation::{Email, SHORT_TEXT_MAX, ValidationErrors, required_text};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Admin {
    pub id: Uuid,
    pub email: String,
    pub name: String,
    pub is_active: bool,
    pub created_at: DateTime<Utc>,
    pub last_login: Option<DateTime<Utc>>,
}

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
        if self.password.is_empty() {
            errors.add("password", "Password is required");
        }
        if self.password.len() > 1024 {
            errors.add("password", "Password is too long");
        }
        errors.into_result(|| self)
    }
}

pub const INVALID_CREDENTIALS: &str = "Invalid credentials";

/// Failed logins one client may make inside one window before it must wait.
pub const MAX_FAILED_LOGINS: i32 = 10;
pub const LOGIN_WINDOW_MINUTES: i64 = 15;

/// Failed-login bookkeeping for one client.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LoginAttempts {
    pub failures: i32,
    pub window_started_at: DateTime<Utc>,
}

impl LoginAttempts {
    pub fn window() -> Duration {
        Duration::minutes(LOGIN_WINDOW_MINUTES)
    }

    /// The bookkeeping after one more failure at `now`: a failure after the
    /// window has ended starts a new window.
    pub fn after_failure(previous: Option<Self>, now: DateTime<Utc>) -> Self {
        match previous {
            Some(open) if now < open.window_started_at + Self::window() => {
                Self { failures: open.failures.saturating_add(1), ..open }
            }
            _ => Self { failures: 1, window_started_at: now },
        }
    }

    /// When the client may try again, if it is locked out now.
    pub fn locked_until(&self, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
        let reopens = self.window_started_at + Self::window();
        (self.failures >= MAX_FAILED_LOGINS && now < reopens).then_some(reopens)
    }
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
    fn lockout_after_too_many_failures_until_the_window_ends() {
        let start = Utc::now();
        let attempts = LoginAttempts { failures: MAX_FAILED_LOGINS, window_started_at: start };
        assert!(attempts.locked_until(start + Duration::minutes(1)).is_some());
        assert!(attempts.locked_until(start + LoginAttempts::window()).is_none());
        let fewer = LoginAttempts { failures: MAX_FAILED_LOGINS - 1, window_started_at: start };
        assert!(fewer.locked_until(start).is_none());
    }

    #[test]
    fn failures_count_within_a_window_and_restart_after_it() {
        let start = Utc::now();
        let first = LoginAttempts::after_failure(None, start);
        assert_eq!(first, LoginAttempts { failures: 1, window_started_at: start });
        let second = LoginAttempts::after_failure(Some(first), start + Duration::minutes(14));
        assert_eq!(second.failures, 2);
        let later = LoginAttempts::after_failure(Some(second), start + Duration::minutes(15));
        assert_eq!(later, LoginAttempts { failures: 1, window_started_at: start + Duration::minutes(15) });
    }

    #[test]
    fn login_needs_both_fields() {
        let errors =
            LoginForm { email: " ".into(), password: String::new() }.validate().expect_err("invalid");
        assert_eq!(errors.entries().len(), 2);
    }
}
