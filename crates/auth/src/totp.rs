//! Authenticator-app codes (TOTP, RFC 6238, with `totp-rs`) and recovery codes.

use rand::Rng;
use totp_rs::{Builder, Secret};

use domain::two_factor::{RECOVERY_ALPHABET, RECOVERY_CODE_CHARS, RECOVERY_CODE_COUNT, TOTP_STEP_SECONDS};

/// The name an authenticator app lists the account under.
pub const ISSUER_NAME: &str = "Golden Pine Retreat";
/// 160 bits: what RFC 4226 recommends for the shared secret.
const SECRET_BYTES: usize = 20;

pub struct TotpCodes;

impl TotpCodes {
    fn totp(secret: &str, account: &str) -> Option<totp_rs::Totp> {
        let secret = Secret::try_from_base32(secret).ok()?;
        Builder::new()
            .with_secret(secret)
            .with_account_name(account)
            .with_issuer(Some(ISSUER_NAME))
            .build()
            .ok()
    }
}

impl ports::OneTimeCodes for TotpCodes {
    fn new_secret(&self) -> String {
        let mut bytes = [0u8; SECRET_BYTES];
        rand::rng().fill(&mut bytes);
        Secret::from(bytes.to_vec()).to_base32()
    }

    fn code_at(&self, secret: &str, step: i64) -> Option<String> {
        let time = u64::try_from(step.checked_mul(TOTP_STEP_SECONDS)?).ok()?;
        // The account name only labels the app's entry; it plays no part in the code.
        Some(Self::totp(secret, "")?.generate(time).to_string())
    }

    fn setup_uri(&self, secret: &str, account: &str) -> Option<String> {
        Self::totp(secret, account)?.to_url().ok()
    }

    fn new_recovery_codes(&self) -> Vec<String> {
        let mut rng = rand::rng();
        (0..RECOVERY_CODE_COUNT)
            .map(|_| {
                (0..RECOVERY_CODE_CHARS)
                    .map(|_| char::from(RECOVERY_ALPHABET[rng.random_range(0..RECOVERY_ALPHABET.len())]))
                    .collect()
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ports::OneTimeCodes;

    /// RFC 6238 Appendix B's SHA-1 secret ("12345678901234567890"), in base32.
    const RFC_SECRET: &str = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

    #[test]
    fn codes_match_the_rfc_test_vectors() {
        // Appendix B gives 8 digits; the last six are the 6-digit code.
        for (time, eight_digits) in [
            (59, "94287082"),
            (1_111_111_109, "07081804"),
            (1_234_567_890, "89005924"),
            (2_000_000_000, "69279037"),
        ] {
            let step = time / TOTP_STEP_SECONDS;
            assert_eq!(TotpCodes.code_at(RFC_SECRET, step).as_deref(), Some(&eight_digits[2..]), "t={time}");
        }
    }

    #[test]
    fn a_new_secret_is_160_bits_and_gives_codes() {
        let secret = TotpCodes.new_secret();
        assert_eq!(secret.len(), 32, "{secret}");
        assert_ne!(secret, TotpCodes.new_secret());
        let code = TotpCodes.code_at(&secret, 1).expect("a code");
        assert_eq!(code.len(), 6);
    }

    #[test]
    fn the_setup_address_names_the_retreat_and_the_account() {
        let uri = TotpCodes.setup_uri(RFC_SECRET, "owner@goldenpine.example").expect("an address");
        assert!(
            uri.starts_with("otpauth://totp/Golden%20Pine%20Retreat:owner%40goldenpine.example?"),
            "{uri}"
        );
        assert!(uri.contains(&format!("secret={RFC_SECRET}")), "{uri}");
    }

    #[test]
    fn recovery_codes_are_ten_distinct_codes_of_the_alphabet() {
        let codes = TotpCodes.new_recovery_codes();
        assert_eq!(codes.len(), RECOVERY_CODE_COUNT);
        let distinct: std::collections::HashSet<_> = codes.iter().collect();
        assert_eq!(distinct.len(), RECOVERY_CODE_COUNT);
        for code in &codes {
            let parsed = domain::two_factor::SecondFactorCode::parse(code);
            assert_eq!(parsed, Ok(domain::two_factor::SecondFactorCode::Recovery(code.clone())));
        }
    }

    #[test]
    fn a_malformed_secret_gives_no_code() {
        assert_eq!(TotpCodes.code_at("not base32!", 1), None);
        assert_eq!(TotpCodes.code_at(RFC_SECRET, -1), None);
    }
}
