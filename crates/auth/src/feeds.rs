//! The secret addresses of team members' calendar feeds (issue 44): the
//! member's id and an HMAC-SHA256 of it and her feed's key with the server's
//! secret, in hex. The store keeps only the key, which opens nothing by
//! itself; a new key (regenerate) makes every earlier address fail.

use hmac::{Hmac, Mac};
use sha2_hmac::Sha256;
use uuid::Uuid;

/// Keeps feed signatures apart from anything else signed with the secret.
const PURPOSE: &[u8] = b"golden-pine-retreat/calendar-feed\0";
const ID_HEX: usize = 32;
const MAC_HEX: usize = 64;

pub struct FeedTokens {
    secret: Vec<u8>,
}

impl FeedTokens {
    pub fn new(secret: &[u8]) -> Self {
        Self { secret: secret.to_vec() }
    }

    fn mac(&self, admin_id: Uuid, key: &str) -> Hmac<Sha256> {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.secret)
            .unwrap_or_else(|_| unreachable!("HMAC accepts any key"));
        mac.update(PURPOSE);
        mac.update(admin_id.as_bytes());
        mac.update(key.as_bytes());
        mac
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len()).step_by(2).map(|at| u8::from_str_radix(text.get(at..at + 2)?, 16).ok()).collect()
}

impl ports::FeedSigner for FeedTokens {
    fn new_key(&self) -> String {
        crate::random_secret(domain::calendar_feed::FEED_KEY_CHARS)
    }

    fn token(&self, admin_id: Uuid, key: &str) -> String {
        format!("{}{}", admin_id.simple(), hex(&self.mac(admin_id, key).finalize().into_bytes()))
    }

    fn member_of(&self, token: &str) -> Option<Uuid> {
        if token.len() != ID_HEX + MAC_HEX || !token.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) {
            return None;
        }
        Uuid::try_parse(token.get(..ID_HEX)?).ok()
    }

    fn matches(&self, token: &str, admin_id: Uuid, key: &str) -> bool {
        if self.member_of(token) != Some(admin_id) {
            return false;
        }
        let Some(signature) = token.get(ID_HEX..).and_then(unhex) else { return false };
        // Constant time: a wrong address learns nothing of the right one.
        self.mac(admin_id, key).verify_slice(&signature).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ports::FeedSigner;

    #[test]
    fn an_address_opens_only_its_member_and_key() {
        let tokens = FeedTokens::new(b"a-secret-of-at-least-thirty-two-bytes!!");
        let (member, other) = (Uuid::new_v4(), Uuid::new_v4());
        let key = tokens.new_key();
        let token = tokens.token(member, &key);
        assert_eq!(token.len(), 96);
        assert_eq!(tokens.member_of(&token), Some(member));
        assert!(tokens.matches(&token, member, &key));
        assert!(!tokens.matches(&token, member, &tokens.new_key()), "a regenerated key");
        assert!(!tokens.matches(&token, other, &key));
        let mut forged = token.clone();
        forged.replace_range(95.., if token.ends_with('0') { "1" } else { "0" });
        assert!(!tokens.matches(&forged, member, &key));
        assert!(!FeedTokens::new(b"another-secret-entirely-another-one!").matches(&token, member, &key));
        for bad in ["", "zz", &token[..95], &token.to_uppercase(), &format!("{token}0")] {
            assert!(tokens.member_of(bad).is_none() || !tokens.matches(bad, member, &key), "{bad}");
        }
    }
}
