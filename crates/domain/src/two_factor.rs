//! Two-factor sign-in (docs/decisions.md §20): a passkey, or a code from an
//! authenticator app (TOTP, RFC 6238) with one-time recovery codes as the
//! way back in when the phone is lost; and the owner's rule that every
//! member must have one.
//!
//! The rules live here; the HMAC arithmetic of the codes and the WebAuthn
//! ceremonies are the adapters' (crates/auth).

use chrono::{DateTime, Duration, Utc};

/// An authenticator app shows a new code every 30 seconds (RFC 6238's default).
pub const TOTP_STEP_SECONDS: i64 = 30;
/// Six digits: what every authenticator app shows by default.
pub const TOTP_DIGITS: usize = 6;
/// Codes one step either side of the server's are accepted: a phone clock a
/// little off, or a code typed as it turned (RFC 6238 §5.2 recommends at
/// most one step of network delay).
pub const TOTP_DRIFT_STEPS: i64 = 1;
/// How many recovery codes a set holds; each works once.
pub const RECOVERY_CODE_COUNT: usize = 10;
/// A recovery code is ten characters of this alphabet (50 bits), shown as
/// `xxxxx-xxxxx`: lower-case letters and digits without the ones that are
/// easily misread (0/o, 1/l/i).
pub const RECOVERY_ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";
pub const RECOVERY_CODE_CHARS: usize = 10;
/// How long the step after a correct password waits for the second factor
/// (and a passkey ceremony for the browser's answer).
pub const CHALLENGE_MINUTES: i64 = 5;
/// Wrong codes one sign-in step may take before the password is asked again.
/// With the password's own throttle, guessing six digits is hopeless.
pub const MAX_CODE_ATTEMPTS: i32 = 5;

/// Why a second factor was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TwoFactorError {
    #[error("That code is not right. Enter the newest code from your authenticator app, or a recovery code.")]
    WrongCode,
    #[error("That code has already been used. Wait for the next one.")]
    Replayed,
    #[error("This sign-in has expired. Please enter your password again.")]
    SignInExpired,
    #[error("The passkey could not be used. Try again, or use a code.")]
    PasskeyRefused,
    #[error("Add a passkey or an authenticator app first.")]
    NoSecondFactor,
    #[error("An authenticator app is already set up. Remove it first to set up another.")]
    AuthenticatorExists,
    #[error("Start setting up the authenticator app again: this setup has expired.")]
    NoPendingAuthenticator,
    #[error("Set up your own second factor before requiring one of everyone.")]
    OwnFactorFirst,
    #[error("Passkeys need the site to be served from a domain name (PUBLIC_URL).")]
    PasskeysUnavailable,
}

/// The 30-second step `at` falls in (RFC 6238's T).
pub fn totp_step(at: DateTime<Utc>) -> i64 {
    at.timestamp().div_euclid(TOTP_STEP_SECONDS)
}

/// The steps a code typed at `now` may belong to, the current one first.
pub fn steps_to_try(now: DateTime<Utc>) -> impl Iterator<Item = i64> {
    let current = totp_step(now);
    std::iter::once(current).chain((1..=TOTP_DRIFT_STEPS).flat_map(move |d| [current - d, current + d]))
}

/// Whether a code that matched `matched` (if any step matched) may sign in,
/// given the newest step already used. A code is good once: neither it nor
/// an older one is accepted after it (RFC 6238 §5.2).
pub fn accept_totp(matched: Option<i64>, last_used: Option<i64>) -> Result<i64, TwoFactorError> {
    match (matched, last_used) {
        (None, _) => Err(TwoFactorError::WrongCode),
        (Some(step), Some(last)) if step <= last => Err(TwoFactorError::Replayed),
        (Some(step), _) => Ok(step),
    }
}

/// What was typed at the second step: a six-digit code from the app, or a
/// recovery code (spaces, dashes and case do not matter).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SecondFactorCode {
    Totp(String),
    Recovery(String),
}

impl SecondFactorCode {
    pub fn parse(typed: &str) -> Result<Self, TwoFactorError> {
        let compact: String =
            typed.chars().filter(|c| !c.is_whitespace() && *c != '-').flat_map(char::to_lowercase).collect();
        if compact.len() == TOTP_DIGITS && compact.bytes().all(|b| b.is_ascii_digit()) {
            return Ok(Self::Totp(compact));
        }
        if compact.len() == RECOVERY_CODE_CHARS && compact.bytes().all(|b| RECOVERY_ALPHABET.contains(&b)) {
            return Ok(Self::Recovery(compact));
        }
        Err(TwoFactorError::WrongCode)
    }
}

/// A recovery code as shown to the member once: `abcde-fghjk`.
pub fn format_recovery_code(compact: &str) -> String {
    let (first, second) = compact.split_at(compact.len() / 2);
    format!("{first}-{second}")
}

/// When a challenge begun at `now` stops working.
pub fn challenge_expires(now: DateTime<Utc>) -> DateTime<Utc> {
    now + Duration::minutes(CHALLENGE_MINUTES)
}

/// Whether a member must add a second factor before doing anything else:
/// the owner requires one of everyone and they have none.
pub fn must_enroll(required: bool, has_second_factor: bool) -> bool {
    required && !has_second_factor
}

crate::text_enum! {
    /// What a sign-in challenge is for.
    ChallengePurpose {
        /// The step after a correct password: a code or a passkey.
        SecondFactor,
        /// A passkey sign-in without a password (the passkey names the member).
        PasskeySignIn,
        /// A passkey being added from the Security view.
        PasskeyRegistration,
    }
}

/// A passkey's name as the member gave it ("MacBook Touch ID"): one line;
/// none or a blank one becomes "Passkey".
pub fn passkey_name(typed: Option<&str>) -> Result<String, crate::validation::TextError> {
    let name = crate::validation::ShortText::parse_optional(typed)?;
    Ok(name.map_or_else(|| "Passkey".to_owned(), crate::validation::ShortText::into_string))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn at(seconds: i64) -> DateTime<Utc> {
        Utc.timestamp_opt(seconds, 0).single().expect("valid time")
    }

    #[test]
    fn steps_are_thirty_seconds_from_the_epoch() {
        // RFC 6238's test vector times.
        assert_eq!(totp_step(at(59)), 1);
        assert_eq!(totp_step(at(1_111_111_109)), 37_037_036);
        assert_eq!(totp_step(at(1_111_111_111)), 37_037_037);
        assert_eq!(totp_step(at(0)), 0);
        assert_eq!(totp_step(at(29)), 0);
        assert_eq!(totp_step(at(30)), 1);
    }

    #[test]
    fn a_code_one_step_either_side_is_tried_and_no_further() {
        let steps: Vec<i64> = steps_to_try(at(3000)).collect();
        assert_eq!(steps, vec![100, 99, 101]);
    }

    #[test]
    fn a_code_works_once_and_never_after_a_newer_one() {
        assert_eq!(accept_totp(Some(100), None), Ok(100));
        assert_eq!(accept_totp(Some(101), Some(100)), Ok(101));
        assert_eq!(accept_totp(Some(100), Some(100)), Err(TwoFactorError::Replayed));
        assert_eq!(accept_totp(Some(99), Some(100)), Err(TwoFactorError::Replayed));
        assert_eq!(accept_totp(None, Some(100)), Err(TwoFactorError::WrongCode));
        assert_eq!(accept_totp(None, None), Err(TwoFactorError::WrongCode));
    }

    #[test]
    fn typed_codes_are_told_apart_whatever_the_spacing() {
        assert_eq!(SecondFactorCode::parse(" 123 456 "), Ok(SecondFactorCode::Totp("123456".into())));
        assert_eq!(
            SecondFactorCode::parse("ABCDE-FGHJK"),
            Ok(SecondFactorCode::Recovery("abcdefghjk".into()))
        );
        assert_eq!(
            SecondFactorCode::parse("abcde fghjk"),
            Ok(SecondFactorCode::Recovery("abcdefghjk".into()))
        );
        for wrong in ["", "12345", "1234567", "abcde-fghj0", "abcdefghjkm", "１２３４５６", "12345a"] {
            assert_eq!(SecondFactorCode::parse(wrong), Err(TwoFactorError::WrongCode), "{wrong:?}");
        }
    }

    #[test]
    fn recovery_codes_are_shown_in_two_halves() {
        assert_eq!(format_recovery_code("abcdefghjk"), "abcde-fghjk");
    }

    #[test]
    fn the_alphabet_has_no_look_alikes() {
        for confusing in [b'0', b'o', b'1', b'l', b'i'] {
            assert!(!RECOVERY_ALPHABET.contains(&confusing));
        }
        assert_eq!(RECOVERY_ALPHABET.len(), 31);
    }

    #[test]
    fn a_member_must_enroll_only_when_required_and_without_a_factor() {
        assert!(must_enroll(true, false));
        assert!(!must_enroll(true, true));
        assert!(!must_enroll(false, false));
    }

    #[test]
    fn a_challenge_lasts_five_minutes() {
        assert_eq!(challenge_expires(at(0)), at(300));
    }

    #[test]
    fn passkey_names_are_trimmed_and_bounded() {
        assert_eq!(passkey_name(Some("  MacBook  ")).as_deref(), Ok("MacBook"));
        assert_eq!(passkey_name(Some(" ")).as_deref(), Ok("Passkey"));
        assert_eq!(passkey_name(None).as_deref(), Ok("Passkey"));
        assert!(passkey_name(Some(&"x".repeat(201))).is_err());
        assert!(passkey_name(Some("a\nb")).is_err());
    }
}
