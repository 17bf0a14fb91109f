//! The payment provider: Stripe, through the few calls of its REST API the
//! retreat needs (PaymentIntents created and confirmed on the server with the
//! payment method the guest's browser created in Stripe's own card fields,
//! refunds, customers with saved cards for deposits, and the list of
//! payments for the reconciliation), and its signed webhooks. A small typed
//! client rather than a full SDK: these calls are all of it, and the API's
//! address is a setting, so the tests point it at a local Stripe-compatible
//! server.
//!
//! Every POST carries an `Idempotency-Key` made from our own record (the
//! payment attempt's, the refund's, the booking's id), so a retry after a
//! timeout or a crash never charges twice.

mod webhook;

use async_trait::async_trait;
use chrono::{DateTime, TimeZone, Utc};
use serde::Deserialize;
use uuid::Uuid;

use domain::Money;
use ports::{
    PayWith, PaymentFailure, PaymentGateway, PaymentPurpose, PaymentRequest, ProviderPayment, ProviderRefund,
    ProviderStatus, SavedCard, WebhookEvent, WebhookRefusal,
};

pub use webhook::{SIGNATURE_TOLERANCE_SECONDS, sign};

/// Where and how to reach the provider.
#[derive(Clone)]
pub struct StripeConfig {
    /// `https://api.stripe.com`, or a Stripe-compatible server's address.
    pub api_base: String,
    pub secret_key: String,
    /// The webhook endpoint's signing secret (`whsec_…`).
    pub webhook_secret: String,
}

impl std::fmt::Debug for StripeConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StripeConfig").field("api_base", &self.api_base).finish_non_exhaustive()
    }
}

/// The Stripe adapter of [`PaymentGateway`].
pub struct Stripe {
    config: StripeConfig,
    http: reqwest::Client,
}

/// How long one call to the provider may take.
const TIMEOUT: std::time::Duration = std::time::Duration::from_secs(20);

impl Stripe {
    pub fn new(config: StripeConfig) -> Result<Self, String> {
        let http = reqwest::Client::builder().timeout(TIMEOUT).build().map_err(|e| e.to_string())?;
        Ok(Self {
            config: StripeConfig { api_base: config.api_base.trim_end_matches('/').to_owned(), ..config },
            http,
        })
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.config.api_base)
    }

    async fn post<T: for<'de> Deserialize<'de>>(
        &self,
        path: &str,
        form: &[(String, String)],
        key: &str,
    ) -> Result<T, PaymentFailure> {
        let request = self
            .http
            .post(self.url(path))
            .bearer_auth(&self.config.secret_key)
            .header("Idempotency-Key", key);
        let request =
            request.header("Content-Type", "application/x-www-form-urlencoded").body(encode_form(form));
        read(request.send().await).await
    }

    async fn get<T: for<'de> Deserialize<'de>>(
        &self,
        path: &str,
        query: &[(String, String)],
    ) -> Result<T, PaymentFailure> {
        let mut url = self.url(path);
        if !query.is_empty() {
            url.push('?');
            url.push_str(&encode_form(query));
        }
        read(self.http.get(url).bearer_auth(&self.config.secret_key).send().await).await
    }
}

/// `application/x-www-form-urlencoded`, with Stripe's `a[b]` keys as given.
pub fn encode_form(pairs: &[(String, String)]) -> String {
    pairs
        .iter()
        .map(|(key, value)| format!("{}={}", urlencode(key), urlencode(value)))
        .collect::<Vec<_>>()
        .join("&")
}

fn urlencode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => out.push(byte as char),
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}

fn pair(key: &str, value: impl ToString) -> (String, String) {
    (key.to_owned(), value.to_string())
}

/// The form of a payment: create and confirm at once.
pub fn payment_form(request: &PaymentRequest) -> Vec<(String, String)> {
    let mut form = vec![
        pair("amount", request.amount.cents()),
        pair("currency", "usd"),
        pair("confirm", "true"),
        // In the metadata rather than `description`: the dashboard shows
        // both, and the local test server takes only the first.
        pair("metadata[description]", &request.description),
        pair("metadata[attempt]", request.attempt),
    ];
    match request.purpose {
        PaymentPurpose::Order(id) => form.push(pair("metadata[order]", id)),
        PaymentPurpose::Deposit(id) => form.push(pair("metadata[booking]", id)),
    }
    match &request.pay_with {
        PayWith::Method(method) => {
            form.push(pair("payment_method", method));
            // The guest is at the checkout: no redirect-based methods, only cards.
            form.push(pair("payment_method_types[]", "card"));
        }
        PayWith::Saved(card) => {
            form.push(pair("customer", &card.customer));
            form.push(pair("payment_method", &card.method));
            form.push(pair("off_session", "true"));
            form.push(pair("payment_method_types[]", "card"));
        }
    }
    form
}

#[async_trait]
impl PaymentGateway for Stripe {
    async fn create_payment(&self, request: &PaymentRequest) -> Result<ProviderPayment, PaymentFailure> {
        let key = request.attempt.to_string();
        match self.post::<Intent>("/v1/payment_intents", &payment_form(request), &key).await {
            Ok(intent) => intent.into_payment(),
            // Charged while the guest is away, the bank wants them: the
            // payment waits for them to authenticate with its client secret.
            Err(PaymentFailure::Declined { code: Some(code), reason })
                if code == "authentication_required" =>
            {
                match self.find_attempt(request.attempt).await? {
                    Some(mut payment) => {
                        if let ProviderStatus::Failed { .. } = payment.status {
                            let secret = self.client_secret(&payment.id).await?;
                            payment.status = ProviderStatus::RequiresAction { client_secret: secret };
                        }
                        Ok(payment)
                    }
                    None => Err(PaymentFailure::Declined { reason, code: Some(code) }),
                }
            }
            Err(failure) => Err(failure),
        }
    }

    async fn payment(&self, id: &str) -> Result<ProviderPayment, PaymentFailure> {
        self.get::<Intent>(&format!("/v1/payment_intents/{}", urlencode(id)), &[]).await?.into_payment()
    }

    async fn cancel(&self, id: &str, key: &str) -> Result<ProviderPayment, PaymentFailure> {
        let path = format!("/v1/payment_intents/{}/cancel", urlencode(id));
        self.post::<Intent>(&path, &[], key).await?.into_payment()
    }

    async fn refund(
        &self,
        payment: &str,
        amount: Money,
        key: &str,
    ) -> Result<ProviderRefund, PaymentFailure> {
        let form =
            [pair("payment_intent", payment), pair("amount", amount.cents()), pair("metadata[refund]", key)];
        let refund: Refund = self.post("/v1/refunds", &form, key).await?;
        Ok(ProviderRefund {
            id: refund.id,
            amount: money(refund.amount)?,
            status: refund.status.unwrap_or_default(),
        })
    }

    async fn save_card(
        &self,
        method: &str,
        email: &str,
        name: &str,
        key: &str,
    ) -> Result<SavedCard, PaymentFailure> {
        let customer: Object = self
            .post("/v1/customers", &[pair("email", email), pair("name", name)], &format!("{key}-customer"))
            .await?;
        let path = format!("/v1/payment_methods/{}/attach", urlencode(method));
        let _: Object = self.post(&path, &[pair("customer", &customer.id)], &format!("{key}-attach")).await?;
        Ok(SavedCard { customer: customer.id, method: method.to_owned() })
    }

    async fn release_card(&self, card: &SavedCard) -> Result<(), PaymentFailure> {
        let path = format!("/v1/payment_methods/{}/detach", urlencode(&card.method));
        let key = format!("release-{}", card.method);
        let _: Object = self.post(&path, &[], &key).await?;
        Ok(())
    }

    async fn payments_between(
        &self,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> Result<Vec<ProviderPayment>, PaymentFailure> {
        // Paged without Stripe's `created` filter (the local test server
        // refuses it): Stripe lists newest first, so reading stops at the
        // first page that reaches before `from`; a server listing oldest
        // first is read to its end. Either way, the dates are filtered here.
        let mut payments = Vec::new();
        let mut after: Option<String> = None;
        loop {
            let mut query = vec![pair("limit", 100)];
            if let Some(id) = &after {
                query.push(pair("starting_after", id));
            }
            let page: List<Intent> = self.get("/v1/payment_intents", &query).await?;
            after = page.data.last().map(|intent| intent.id.clone());
            let created: Vec<i64> = page.data.iter().map(|intent| intent.created).collect();
            let newest_first = created.first() >= created.last();
            let reached_before = created.last().is_some_and(|&oldest| oldest < from.timestamp());
            for intent in page.data {
                let payment = intent.into_payment()?;
                if payment.created >= from && payment.created <= to {
                    payments.push(payment);
                }
            }
            if !page.has_more || after.is_none() || (newest_first && reached_before) {
                return Ok(payments);
            }
        }
    }

    fn verify_webhook(
        &self,
        payload: &[u8],
        signature: &str,
        now: DateTime<Utc>,
    ) -> Result<WebhookEvent, WebhookRefusal> {
        webhook::verify(&self.config.webhook_secret, payload, signature, now)?;
        webhook::read(payload)
    }

    fn dashboard_url(&self, payment: &str) -> String {
        let mode = if self.config.secret_key.starts_with("sk_live_") { "" } else { "test/" };
        format!("https://dashboard.stripe.com/{mode}payments/{payment}")
    }
}

impl Stripe {
    /// The payment made for our attempt, if the provider has one (found by
    /// its metadata among the last day's).
    async fn find_attempt(&self, attempt: Uuid) -> Result<Option<ProviderPayment>, PaymentFailure> {
        let now = Utc::now();
        let payments = self.payments_between(now - chrono::Duration::days(1), now).await?;
        Ok(payments.into_iter().find(|payment| payment.attempt == Some(attempt)))
    }

    async fn client_secret(&self, id: &str) -> Result<String, PaymentFailure> {
        let intent: Intent = self.get(&format!("/v1/payment_intents/{}", urlencode(id)), &[]).await?;
        intent.client_secret.ok_or_else(|| PaymentFailure::Refused("the payment has no client secret".into()))
    }
}

/// Reads an answer: the object, or the error Stripe describes.
async fn read<T: for<'de> Deserialize<'de>>(
    sent: reqwest::Result<reqwest::Response>,
) -> Result<T, PaymentFailure> {
    let response = sent.map_err(|error| PaymentFailure::Unavailable(error.to_string()))?;
    let status = response.status();
    let body = response.bytes().await.map_err(|error| PaymentFailure::Unavailable(error.to_string()))?;
    if status.is_success() {
        return serde_json::from_slice(&body).map_err(|error| {
            PaymentFailure::Unavailable(format!("an answer that is not the object asked for: {error}"))
        });
    }
    let error =
        serde_json::from_slice::<ErrorEnvelope>(&body).map(|envelope| envelope.error).unwrap_or_default();
    let message = error.message.clone().unwrap_or_else(|| format!("HTTP {status}"));
    Err(match (status.as_u16(), error.kind.as_deref()) {
        (402, _) | (_, Some("card_error")) => PaymentFailure::Declined { reason: message, code: error.code },
        (429 | 500..=599, _) => PaymentFailure::Unavailable(message),
        _ => PaymentFailure::Refused(message),
    })
}

#[derive(Debug, Default, Deserialize)]
struct ErrorEnvelope {
    #[serde(default)]
    error: StripeError,
}

#[derive(Debug, Clone, Default, Deserialize)]
struct StripeError {
    #[serde(rename = "type")]
    kind: Option<String>,
    code: Option<String>,
    message: Option<String>,
}

#[derive(Debug, Deserialize)]
struct Object {
    id: String,
}

#[derive(Debug, Clone, Deserialize)]
struct List<T> {
    data: Vec<T>,
    #[serde(default)]
    has_more: bool,
}

#[derive(Debug, Deserialize)]
struct Refund {
    id: String,
    amount: i64,
    status: Option<String>,
}

/// A PaymentIntent, as much of it as the retreat reads.
#[derive(Debug, Clone, Deserialize)]
pub(crate) struct Intent {
    id: String,
    status: String,
    amount: i64,
    #[serde(default)]
    amount_received: Option<i64>,
    client_secret: Option<String>,
    #[serde(default)]
    created: i64,
    #[serde(default)]
    metadata: serde_json::Map<String, serde_json::Value>,
    #[serde(default)]
    last_payment_error: Option<StripeError>,
    /// Older API versions (and Stripe-compatible servers) list the charges.
    #[serde(default)]
    charges: Option<List<Charge>>,
    #[serde(default)]
    latest_charge: Option<serde_json::Value>,
}

#[derive(Debug, Clone, Deserialize)]
struct Charge {
    #[serde(default)]
    amount_refunded: i64,
}

fn money(cents: i64) -> Result<Money, PaymentFailure> {
    Money::from_cents(cents)
        .map_err(|error| PaymentFailure::Refused(format!("an amount of {cents} cents: {error}")))
}

impl Intent {
    pub(crate) fn into_payment(self) -> Result<ProviderPayment, PaymentFailure> {
        let refunded_cents = match (&self.charges, &self.latest_charge) {
            (Some(charges), _) => charges.data.iter().map(|charge| charge.amount_refunded).sum(),
            (None, Some(serde_json::Value::Object(charge))) => {
                charge.get("amount_refunded").and_then(serde_json::Value::as_i64).unwrap_or(0)
            }
            _ => 0,
        };
        let status = match self.status.as_str() {
            "succeeded" => ProviderStatus::Succeeded,
            "requires_action" | "requires_source_action" => ProviderStatus::RequiresAction {
                client_secret: self.client_secret.clone().unwrap_or_default(),
            },
            "requires_capture" => ProviderStatus::RequiresCapture,
            "processing" => ProviderStatus::Processing,
            "canceled" => ProviderStatus::Canceled,
            // Waiting for a (new) method: the last one failed, or none was given yet.
            _ => ProviderStatus::Failed {
                reason: self
                    .last_payment_error
                    .as_ref()
                    .and_then(|error| error.message.clone())
                    .unwrap_or_else(|| "The payment was not completed.".to_owned()),
            },
        };
        let text = |key: &str| self.metadata.get(key).and_then(serde_json::Value::as_str);
        let id_of = |key: &str| text(key).and_then(|id| Uuid::parse_str(id).ok());
        let purpose = match (id_of("order"), id_of("booking")) {
            (Some(order), _) => Some(PaymentPurpose::Order(order)),
            (None, Some(booking)) => Some(PaymentPurpose::Deposit(booking)),
            (None, None) => None,
        };
        let _ = self.amount_received;
        Ok(ProviderPayment {
            amount: money(self.amount)?,
            refunded: money(refunded_cents)?,
            attempt: id_of("attempt"),
            purpose,
            created: Utc.timestamp_opt(self.created, 0).single().unwrap_or_else(Utc::now),
            id: self.id,
            status,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(pay_with: PayWith) -> PaymentRequest {
        PaymentRequest {
            attempt: Uuid::nil(),
            purpose: PaymentPurpose::Order(Uuid::max()),
            amount: Money::from_cents(8_196).expect("amount"),
            pay_with,
            description: "Golden Pine order".into(),
        }
    }

    #[test]
    fn a_payment_is_created_and_confirmed_at_once_naming_our_records() {
        let form = payment_form(&request(PayWith::Method("pm_123".into())));
        let text = encode_form(&form);
        assert!(text.contains("amount=8196&currency=usd&confirm=true"), "{text}");
        assert!(text.contains("metadata%5Battempt%5D=00000000-0000-0000-0000-000000000000"), "{text}");
        assert!(text.contains("metadata%5Border%5D=ffffffff-ffff-ffff-ffff-ffffffffffff"), "{text}");
        assert!(text.contains("payment_method=pm_123"), "{text}");
        assert!(!text.contains("off_session"), "{text}");
        let saved = payment_form(&request(PayWith::Saved(SavedCard {
            customer: "cus_1".into(),
            method: "pm_9".into(),
        })));
        let text = encode_form(&saved);
        assert!(text.contains("customer=cus_1") && text.contains("off_session=true"), "{text}");
    }

    #[test]
    fn intents_read_their_state_refunds_and_our_records() {
        let intent: Intent = serde_json::from_value(serde_json::json!({
            "id": "pi_1", "status": "succeeded", "amount": 5000, "created": 1_790_000_000,
            "metadata": {"attempt": Uuid::nil(), "order": Uuid::max()},
            "charges": {"data": [{"amount_refunded": 1200}], "has_more": false},
        }))
        .expect("intent");
        let payment = intent.into_payment().expect("payment");
        assert_eq!(payment.status, ProviderStatus::Succeeded);
        assert_eq!(payment.refunded.cents(), 1200);
        assert_eq!(payment.attempt, Some(Uuid::nil()));
        assert_eq!(payment.purpose, Some(PaymentPurpose::Order(Uuid::max())));
        let waiting: Intent = serde_json::from_value(serde_json::json!({
            "id": "pi_2", "status": "requires_payment_method", "amount": 5000,
            "last_payment_error": {"type": "card_error", "code": "card_declined", "message": "Your card was declined."},
        }))
        .expect("intent");
        assert_eq!(
            waiting.into_payment().expect("payment").status,
            ProviderStatus::Failed { reason: "Your card was declined.".into() }
        );
    }

    #[test]
    fn form_keys_and_values_are_escaped() {
        assert_eq!(encode_form(&[pair("metadata[a b]", "x&y=z")]), "metadata%5Ba%20b%5D=x%26y%3Dz");
    }
}
