//! Retries that must not act twice: a client sends an `Idempotency-Key` with
//! an order or a booking request, and a retry with the same key and the same
//! request gets the first answer again instead of a second order.

use chrono::{DateTime, Duration, Utc};
use uuid::Uuid;

/// How long a key is remembered.
pub const KEY_LIFETIME_HOURS: i64 = 24;

/// A key as stored: the request it came with (its fingerprint), what it
/// created, and when.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredKey {
    pub fingerprint: String,
    pub resource_id: Option<Uuid>,
    pub created_at: DateTime<Utc>,
}

/// What to do with a request that carries a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyUse {
    /// Not seen (or forgotten): act, and remember the key.
    First,
    /// The same request again: answer with what the first one created.
    Repeat(Uuid),
    /// The key came with another request: refuse.
    Reused,
}

/// Decides a request carrying a key, given what is stored under the key.
pub fn key_use(stored: Option<&StoredKey>, fingerprint: &str, now: DateTime<Utc>) -> KeyUse {
    match stored {
        None => KeyUse::First,
        Some(key) if now - key.created_at >= Duration::hours(KEY_LIFETIME_HOURS) => KeyUse::First,
        Some(key) if key.fingerprint != fingerprint => KeyUse::Reused,
        Some(StoredKey { resource_id: Some(id), .. }) => KeyUse::Repeat(*id),
        // Stored with the resource in one transaction, so never seen without it.
        Some(_) => KeyUse::First,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_repeats_its_answer_for_the_same_request_for_a_day() {
        let now = Utc::now();
        let id = Uuid::new_v4();
        let stored = StoredKey { fingerprint: "abc".into(), resource_id: Some(id), created_at: now };
        assert_eq!(key_use(None, "abc", now), KeyUse::First);
        assert_eq!(key_use(Some(&stored), "abc", now + Duration::hours(23)), KeyUse::Repeat(id));
        assert_eq!(key_use(Some(&stored), "other", now), KeyUse::Reused);
        assert_eq!(
            key_use(Some(&stored), "other", now + Duration::hours(24)),
            KeyUse::First,
            "forgotten after a day"
        );
    }
}
