//! Stripe's webhook signatures: the `Stripe-Signature` header carries a
//! timestamp and one or more `v1` HMAC-SHA256 signatures of
//! `"{timestamp}.{body}"` under the endpoint's secret. An event is taken
//! only with a matching signature and a timestamp within the tolerance of
//! now (a replayed old delivery is refused; the store also handles each
//! event id once).

use chrono::{DateTime, TimeZone, Utc};
use hmac::{Hmac, Mac};
use serde::Deserialize;
use sha2_hmac::Sha256;

use ports::{WebhookEvent, WebhookRefusal};

use crate::Intent;

/// How far a webhook's timestamp may be from now (Stripe's own default).
pub const SIGNATURE_TOLERANCE_SECONDS: i64 = 300;

fn mac(secret: &str) -> Hmac<Sha256> {
    // HMAC takes a key of any length.
    Hmac::<Sha256>::new_from_slice(secret.as_bytes()).unwrap_or_else(|_| unreachable!("HMAC accepts any key"))
}

/// The `Stripe-Signature` header Stripe would send for `payload` at `timestamp`.
pub fn sign(secret: &str, payload: &[u8], timestamp: i64) -> String {
    let mut mac = mac(secret);
    mac.update(format!("{timestamp}.").as_bytes());
    mac.update(payload);
    let signature: String = mac.finalize().into_bytes().iter().map(|byte| format!("{byte:02x}")).collect();
    format!("t={timestamp},v1={signature}")
}

fn hex(text: &str) -> Option<Vec<u8>> {
    text.len()
        .is_multiple_of(2)
        .then(|| {
            (0..text.len()).step_by(2).map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok()).collect()
        })
        .flatten()
}

pub(crate) fn verify(
    secret: &str,
    payload: &[u8],
    header: &str,
    now: DateTime<Utc>,
) -> Result<(), WebhookRefusal> {
    let mut timestamp = None;
    let mut signatures = Vec::new();
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", value)) => timestamp = value.parse::<i64>().ok(),
            Some(("v1", value)) => signatures.extend(hex(value)),
            _ => {}
        }
    }
    let timestamp = timestamp.ok_or(WebhookRefusal::BadSignature)?;
    let matches = signatures.iter().any(|signature| {
        let mut mac = mac(secret);
        mac.update(format!("{timestamp}.").as_bytes());
        mac.update(payload);
        // Compared in constant time.
        mac.verify_slice(signature).is_ok()
    });
    if !matches {
        return Err(WebhookRefusal::BadSignature);
    }
    if (now.timestamp() - timestamp).abs() > SIGNATURE_TOLERANCE_SECONDS {
        return Err(WebhookRefusal::Stale);
    }
    Ok(())
}

#[derive(Deserialize)]
struct Event {
    id: String,
    #[serde(rename = "type")]
    kind: String,
    /// Unix seconds (an integral JSON number, as JSON Schema counts integers).
    created: serde_json::Number,
    data: EventData,
}

#[derive(Deserialize)]
struct EventData {
    object: serde_json::Map<String, serde_json::Value>,
}

/// Whether `text` is written as the provider writes its ids and event
/// types (`evt_1N…`, `payment_intent.succeeded`): anything else is not its.
pub(crate) fn provider_word(text: &str) -> bool {
    (1..=255).contains(&text.len())
        && text.bytes().all(|byte| byte.is_ascii_alphanumeric() || matches!(byte, b'_' | b'.' | b'-'))
}

/// Reads a verified event; one that is not in the provider's shape is refused.
pub(crate) fn read(payload: &[u8]) -> Result<WebhookEvent, WebhookRefusal> {
    let event: Event = serde_json::from_slice(payload).map_err(|_| WebhookRefusal::Malformed)?;
    if !provider_word(&event.id) || !provider_word(&event.kind) {
        return Err(WebhookRefusal::Malformed);
    }
    let seconds = event.created.as_i64().or_else(|| {
        event
            .created
            .as_f64()
            .filter(|value| value.fract() == 0.0 && value.abs() < 1e15)
            .map(|value| value as i64)
    });
    let created = seconds
        .and_then(|seconds| Utc.timestamp_opt(seconds, 0).single())
        .ok_or(WebhookRefusal::Malformed)?;
    let object = serde_json::Value::Object(event.data.object);
    let kind_of_object =
        object.get("object").and_then(serde_json::Value::as_str).unwrap_or_default().to_owned();
    let payment = match kind_of_object.as_str() {
        "payment_intent" => serde_json::from_value::<Intent>(object.clone())
            .ok()
            .and_then(|intent| intent.into_payment().ok())
            .filter(|payment| provider_word(&payment.id)),
        _ => None,
    };
    // A refund event names the payment and how much of it is refunded in all.
    let refunded = match kind_of_object.as_str() {
        "charge" => {
            let payment = object
                .get("payment_intent")
                .and_then(serde_json::Value::as_str)
                .filter(|id| provider_word(id))
                .map(str::to_owned);
            let total = object.get("amount_refunded").and_then(serde_json::Value::as_i64);
            payment.zip(total.and_then(|cents| domain::Money::from_cents(cents).ok()))
        }
        _ => None,
    };
    Ok(WebhookEvent { id: event.id, kind: event.kind, created, payment, refunded })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "whsec_test_secret";

    fn event() -> Vec<u8> {
        serde_json::json!({"id": "evt_1", "type": "payment_intent.succeeded", "created": 1_790_000_000,
            "data": {"object": {"object": "payment_intent", "id": "pi_1", "status": "succeeded", "amount": 500}}})
        .to_string()
        .into_bytes()
    }

    #[test]
    fn a_signed_fresh_event_is_read() {
        let now = Utc::now();
        let header = sign(SECRET, &event(), now.timestamp());
        assert_eq!(verify(SECRET, &event(), &header, now), Ok(()));
        let read = read(&event()).expect("event");
        assert_eq!((read.id.as_str(), read.kind.as_str()), ("evt_1", "payment_intent.succeeded"));
        assert_eq!(read.payment.map(|p| p.id), Some("pi_1".to_owned()));
    }

    #[test]
    fn a_wrong_secret_a_changed_body_or_a_missing_signature_is_refused() {
        let now = Utc::now();
        let header = sign("whsec_other", &event(), now.timestamp());
        assert_eq!(verify(SECRET, &event(), &header, now), Err(WebhookRefusal::BadSignature));
        let header = sign(SECRET, &event(), now.timestamp());
        let mut changed = event();
        changed.push(b' ');
        assert_eq!(verify(SECRET, &changed, &header, now), Err(WebhookRefusal::BadSignature));
        assert_eq!(verify(SECRET, &event(), "", now), Err(WebhookRefusal::BadSignature));
        assert_eq!(verify(SECRET, &event(), "t=1,v1=zz", now), Err(WebhookRefusal::BadSignature));
    }

    #[test]
    fn an_event_not_in_the_provider_s_shape_is_refused() {
        for payload in [
            serde_json::json!({"id": "a\u{0}b", "type": "x", "created": 1, "data": {"object": {}}}),
            serde_json::json!({"id": "evt_1", "type": "a b", "created": 1, "data": {"object": {}}}),
            serde_json::json!({"id": "evt_1", "type": "x", "data": {"object": {}}}),
            serde_json::json!({"id": "evt_1", "type": "x", "created": 1, "data": ["a"]}),
            serde_json::json!({"id": "evt_1", "type": "x", "created": 1, "data": {"object": "a"}}),
            serde_json::json!({"id": "", "type": "x", "created": 1, "data": {"object": {}}}),
            serde_json::json!(["evt_1"]),
        ] {
            let bytes = payload.to_string().into_bytes();
            assert_eq!(read(&bytes).err(), Some(WebhookRefusal::Malformed), "{payload}");
        }
        let integral =
            serde_json::json!({"id": "evt_3", "type": "x", "created": 761.0, "data": {"object": {}}});
        assert!(read(integral.to_string().as_bytes()).is_ok(), "761.0 is an integer to JSON Schema");
        let fractional =
            serde_json::json!({"id": "evt_3", "type": "x", "created": 761.5, "data": {"object": {}}});
        assert_eq!(read(fractional.to_string().as_bytes()).err(), Some(WebhookRefusal::Malformed));
        let other = serde_json::json!({"id": "evt_2", "type": "customer.created", "created": 1_790_000_000,
            "data": {"object": {"object": "customer", "id": "cus_1"}}});
        let read = read(other.to_string().as_bytes()).expect("an event of another kind is taken");
        assert_eq!((read.payment, read.refunded), (None, None));
    }

    #[test]
    fn an_old_or_future_event_is_refused_even_signed() {
        let now = Utc::now();
        let old = sign(SECRET, &event(), now.timestamp() - SIGNATURE_TOLERANCE_SECONDS - 1);
        assert_eq!(verify(SECRET, &event(), &old, now), Err(WebhookRefusal::Stale));
        let future = sign(SECRET, &event(), now.timestamp() + SIGNATURE_TOLERANCE_SECONDS + 1);
        assert_eq!(verify(SECRET, &event(), &future, now), Err(WebhookRefusal::Stale));
        // One of several signatures may match (a secret being rolled).
        let header = sign(SECRET, &event(), now.timestamp());
        let rolled = format!("{header},v1={}", "00".repeat(32));
        assert_eq!(verify(SECRET, &event(), &rolled, now), Ok(()));
    }
}
