//! The stable pseudonym of an erased guest (issue 45): an HMAC-SHA256 of
//! her lower-cased address with the server's secret. The same address always
//! gives the same pseudonym, and without the secret no list of addresses can
//! be hashed to find whose it was.

use hmac::{Hmac, Mac};
use sha2_hmac::Sha256;

use domain::privacy::Pseudonym;

/// Keeps pseudonyms apart from anything else made with the secret.
const PURPOSE: &[u8] = b"golden-pine-retreat/pseudonym\0";

pub struct PseudonymKey {
    secret: Vec<u8>,
}

impl PseudonymKey {
    pub fn new(secret: &[u8]) -> Self {
        Self { secret: secret.to_vec() }
    }
}

impl ports::Pseudonyms for PseudonymKey {
    fn of(&self, email: &str) -> Pseudonym {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.secret)
            .unwrap_or_else(|_| unreachable!("HMAC accepts any key"));
        mac.update(PURPOSE);
        mac.update(email.trim().to_lowercase().as_bytes());
        Pseudonym::from_digest(&mac.finalize().into_bytes())
    }
}

#[cfg(test)]
mod tests {
    use ports::Pseudonyms;

    use super::*;

    #[test]
    fn one_address_one_pseudonym_whatever_its_case_and_another_secret_another() {
        let key = PseudonymKey::new(b"secret one");
        let jane = key.of("Jane@Example.com ");
        assert_eq!(jane, key.of("jane@example.com"));
        assert_ne!(jane, key.of("june@example.com"));
        assert_ne!(jane, PseudonymKey::new(b"secret two").of("jane@example.com"));
        assert!(jane.code().starts_with("guest-") && jane.code().len() == "guest-".len() + 12);
    }
}
