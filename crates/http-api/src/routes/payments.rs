//! Taking money (docs/decisions.md §14): what the browser needs to take a
//! card, paying an order with the payment method the browser created at the
//! provider (card data never comes here), the provider's webhook, and the
//! owner's view, refunds and reconciliation.

use actix_web::{HttpRequest, HttpResponse, web};
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use http_common::{ApiError, ErrorBody, ErrorCode, ValidationErrors};
use ports::{Difference, OrderPaymentView, PaymentHistory, PaymentService, RefundTarget, WebhookRefusal};

use crate::extract::{AdminSession, JsonBody, OwnerSession};
use crate::state::ApiState;
use crate::wire::fields::{CalendarDate, Money as MoneyField, OptionalLongText};
use crate::wire::{self, amount_text};

/// What the browser needs to take a card.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentsConfig {
    /// Whether cards are charged. Off (a demo store), orders are placed unpaid
    /// and the checkout says that no card is charged.
    pub enabled: bool,
    /// The provider's publishable key, when payments are on.
    pub publishable_key: Option<String>,
    /// Where the browser loads the provider's script (Stripe.js), when payments are on.
    pub script_url: Option<String>,
    /// A booking with a deposit may be cancelled free until this many hours before it begins.
    pub cancellation_free_hours: i64,
    /// The policy in words, as the booking dialog and the mails say it.
    pub cancellation_policy: String,
    /// An order not paid within this many minutes is cancelled and its stock given back.
    pub payment_timeout_minutes: i64,
}

#[utoipa::path(get, path = "/api/payments/config", tag = "Payments",
    responses((status = 200, description = "Whether cards are charged, and what the browser needs for it", body = PaymentsConfig)))]
pub async fn config(state: web::Data<ApiState>) -> web::Json<PaymentsConfig> {
    let settings = &state.payment_settings;
    let enabled = state.payments.is_some();
    web::Json(PaymentsConfig {
        enabled,
        publishable_key: enabled.then(|| settings.publishable_key.clone()).flatten(),
        script_url: enabled.then(|| settings.script_url.clone()).flatten(),
        cancellation_free_hours: settings.cancellation_free_hours,
        cancellation_policy: domain::payment::cancellation_policy_text(settings.cancellation_free_hours),
        payment_timeout_minutes: settings.timeout_minutes,
    })
}

/// An order's payment as the guest's browser follows it.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderPaymentAnswer {
    pub order_id: Uuid,
    pub state: wire::PaymentState,
    #[schema(example = "88.44")]
    pub amount: String,
    #[schema(example = "0.00")]
    pub refunded: String,
    /// Why the last attempt failed, in the bank's words.
    pub last_error: Option<String>,
    /// When the bank asks the guest to authenticate (`requires_action`): what
    /// the browser finishes the step with at the provider.
    pub client_secret: Option<String>,
}

impl From<OrderPaymentView> for OrderPaymentAnswer {
    fn from(view: OrderPaymentView) -> Self {
        Self {
            order_id: view.order,
            state: view.state.into(),
            amount: view.amount.to_string(),
            refunded: view.refunded.to_string(),
            last_error: view.last_error,
            client_secret: view.client_secret,
        }
    }
}

/// A payment of an order with the card the guest gave the provider.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayOrderInput {
    /// The payment method the browser created with the provider (`pm_…`):
    /// the card itself never comes here.
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 255, pattern = r"^[A-Za-z0-9_]+$")]
    pub payment_method_id: String,
    /// The order's `paymentToken`.
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 2048)]
    pub token: String,
}

/// The order's `paymentToken`.
#[derive(Debug, Deserialize, ToSchema, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OrderTokenInput {
    #[serde(default)]
    #[param(required = true, min_length = 1, max_length = 2048)]
    #[schema(required = true, min_length = 1, max_length = 2048)]
    pub token: String,
}

pub(crate) fn payments(state: &ApiState) -> Result<&PaymentService, ApiError> {
    state.payments.as_ref().ok_or_else(|| {
        ApiError::new(ErrorCode::PaymentsOff, "Payments are not taken online: no card is charged.")
    })
}

/// The order a token is for, if it is the one in the path.
fn order_of(state: &ApiState, id: Uuid, token: &str) -> Result<Uuid, ApiError> {
    match state.mail.links.verify_order(token) {
        Some(order) if order == id => Ok(order),
        _ => Err(ApiError::new(ErrorCode::InvalidLink, "This payment link is not valid.")),
    }
}

#[utoipa::path(post, path = "/api/orders/{id}/payment", tag = "Payments", request_body = PayOrderInput,
    params(("id" = Uuid, Path, description = "Order id")),
    responses(
        (status = 200, description = "Paid, or waiting for the guest to authenticate with their bank \
            (`requires_action`, with a `clientSecret` for the provider's step)", body = OrderPaymentAnswer),
        (status = 402, description = "The bank declined the card (`payment_declined`): the message is its reason; \
            the guest may try another card", body = ErrorBody),
        (status = 404, description = "The token is not this order's (`invalid_link`)", body = ErrorBody),
        (status = 409, description = "Payments are off (`payments_off`), a payment is under way \
            (`payment_in_progress`), or the order is not waiting for payment (`not_payable`)", body = ErrorBody),
        (status = 503, description = "The payment provider could not be reached (`payment_provider_unavailable`: nothing was \
            charged), or the database did not answer in time (`temporarily_unavailable`); see Retry-After", body = ErrorBody)))]
pub async fn pay_order(
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
    input: JsonBody<PayOrderInput>,
) -> Result<web::Json<OrderPaymentAnswer>, ApiError> {
    payments(&state)?;
    let input = input.into_inner();
    let order = order_of(&state, *id, &input.token)?;
    let method = crate::wire::parse::payment_method_id(&input.payment_method_id)?;
    Ok(web::Json(state.orders.pay(order, method).await?.into()))
}

#[utoipa::path(post, path = "/api/orders/{id}/payment/refresh", tag = "Payments", request_body = OrderTokenInput,
    params(("id" = Uuid, Path, description = "Order id")),
    responses(
        (status = 200, description = "The payment as the provider has it now (the guest is back from their bank)", body = OrderPaymentAnswer),
        (status = 404, description = "The token is not this order's (`invalid_link`)", body = ErrorBody),
        (status = 409, description = "Payments are off (`payments_off`)", body = ErrorBody),
        (status = 503, description = "The payment provider could not be reached (`payment_provider_unavailable`), or the \
            database did not answer in time (`temporarily_unavailable`); see Retry-After", body = ErrorBody)))]
pub async fn refresh_order_payment(
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
    input: JsonBody<OrderTokenInput>,
) -> Result<web::Json<OrderPaymentAnswer>, ApiError> {
    let service = payments(&state)?;
    let order = order_of(&state, *id, &input.token)?;
    Ok(web::Json(service.refresh_order(order).await?.into()))
}

#[utoipa::path(get, path = "/api/orders/{id}/payment", tag = "Payments", params(("id" = Uuid, Path, description = "Order id"), OrderTokenInput),
    responses(
        (status = 200, description = "The order's payment as recorded", body = OrderPaymentAnswer),
        (status = 404, description = "The token is not this order's (`invalid_link`)", body = ErrorBody)))]
pub async fn order_payment(
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
    query: web::Query<OrderTokenInput>,
) -> Result<web::Json<OrderPaymentAnswer>, ApiError> {
    let order = order_of(&state, *id, &query.token)?;
    let view = match &state.payments {
        Some(service) => service.store.order_payment(order).await?,
        None => return Err(ApiError::new(ErrorCode::PaymentsOff, "Payments are not taken online.")),
    };
    Ok(web::Json(view.into()))
}

/// The largest webhook body taken (Stripe's events are a few kilobytes).
const WEBHOOK_BODY_LIMIT: usize = 256 * 1024;

/// An event of the provider (Stripe's shape), sent by the provider and
/// signed by it; read only once its signature is checked.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProviderEvent {
    /// The provider's event id (`evt_…`): each is handled once.
    #[schema(min_length = 1, max_length = 255, pattern = r"^[A-Za-z0-9_.-]+$")]
    pub id: String,
    /// `payment_intent.succeeded`, `payment_intent.payment_failed`,
    /// `payment_intent.canceled`, `charge.refunded`; others are taken and ignored.
    #[serde(rename = "type")]
    #[schema(min_length = 1, max_length = 255, pattern = r"^[A-Za-z0-9_.-]+$")]
    pub kind: String,
    /// When it was made (Unix seconds).
    #[schema(minimum = 0, maximum = 8_000_000_000_i64)]
    pub created: i64,
    pub data: ProviderEventData,
}

/// What an event is about.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProviderEventData {
    /// The payment or charge, as the provider has it.
    #[schema(value_type = Object)]
    pub object: serde_json::Value,
}

#[utoipa::path(post, path = "/api/payments/webhook", tag = "Payments",
    request_body(content = ProviderEvent, description = "The provider's event, as it signed it"),
    params(("Stripe-Signature" = String, Header, description = "The provider's signature of the body")),
    responses(
        (status = 200, description = "Taken (or seen before)"),
        (status = 400, description = "No valid signature, or too old (`invalid_signature`)", body = ErrorBody),
        (status = 409, description = "Payments are off (`payments_off`)", body = ErrorBody)))]
pub async fn webhook(
    req: HttpRequest,
    state: web::Data<ApiState>,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    // Nothing is read without the provider's signature, payments on or off.
    let signature =
        req.headers().get("Stripe-Signature").and_then(|value| value.to_str().ok()).unwrap_or_default();
    if signature.is_empty() {
        return Err(ApiError::new(ErrorCode::InvalidSignature, WebhookRefusal::BadSignature.to_string()));
    }
    let service = payments(&state)?;
    // The exact bytes the provider signed, read here (not by a JSON
    // extractor) and bounded: Stripe's events are a few kilobytes.
    let body = payload
        .to_bytes_limited(WEBHOOK_BODY_LIMIT)
        .await
        .map_err(|_| ApiError::new(ErrorCode::PayloadTooLarge, "Request body is too large"))?
        .map_err(|error| ApiError::new(ErrorCode::InvalidJson, format!("Invalid request body: {error}")))?;
    service.handle_webhook(&body, signature).await?;
    Ok(HttpResponse::Ok().json(serde_json::json!({"received": true})))
}

/// One attempt to take money.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentAttemptRecord {
    pub id: Uuid,
    #[schema(example = "88.44")]
    pub amount: String,
    /// The provider's payment id (`pi_…`); null when the provider never answered.
    pub provider_id: Option<String>,
    /// The provider's page of the payment, for the owner.
    pub dashboard_url: Option<String>,
    /// As the provider last said: creating, succeeded, requires_action, failed, canceled...
    pub status: String,
    pub error: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// One refund.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RefundEntry {
    pub id: Uuid,
    #[schema(example = "20.00")]
    pub amount: String,
    pub provider_id: Option<String>,
    /// creating, succeeded or failed.
    pub status: String,
    pub reason: Option<String>,
    /// Who gave it back.
    pub created_by: String,
    pub created_at: DateTime<Utc>,
}

/// One webhook event taken.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentEventEntry {
    pub id: String,
    pub kind: String,
    pub provider_id: Option<String>,
    pub received_at: DateTime<Utc>,
}

/// Everything that happened to an order's payment.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderPaymentHistory {
    pub state: wire::PaymentState,
    #[schema(example = "88.44")]
    pub amount: String,
    #[schema(example = "0.00")]
    pub refunded: String,
    /// What can still be refunded.
    #[schema(example = "88.44")]
    pub refundable: String,
    pub last_error: Option<String>,
    pub attempts: Vec<PaymentAttemptRecord>,
    pub refunds: Vec<RefundEntry>,
    pub events: Vec<PaymentEventEntry>,
}

fn history_wire(
    service: Option<&PaymentService>,
    history: PaymentHistory,
) -> (Vec<PaymentAttemptRecord>, Vec<RefundEntry>, Vec<PaymentEventEntry>) {
    let attempts = history
        .attempts
        .into_iter()
        .map(|attempt| PaymentAttemptRecord {
            dashboard_url: attempt
                .provider_id
                .as_deref()
                .and_then(|id| service.map(|service| service.gateway.dashboard_url(id))),
            id: attempt.id,
            amount: attempt.amount.to_string(),
            provider_id: attempt.provider_id,
            status: attempt.status,
            error: attempt.error,
            created_at: attempt.created_at,
            updated_at: attempt.updated_at,
        })
        .collect();
    let refunds = history
        .refunds
        .into_iter()
        .map(|refund| RefundEntry {
            id: refund.id,
            amount: refund.amount.to_string(),
            provider_id: refund.provider_id,
            status: refund.status,
            reason: refund.reason,
            created_by: refund.created_by,
            created_at: refund.created_at,
        })
        .collect();
    let events = history
        .events
        .into_iter()
        .map(|event| PaymentEventEntry {
            id: event.id,
            kind: event.kind,
            provider_id: event.provider_id,
            received_at: event.received_at,
        })
        .collect();
    (attempts, refunds, events)
}

#[utoipa::path(get, path = "/api/admin/orders/{id}/payment", tag = "Payments",
    params(("id" = Uuid, Path, description = "Order id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "The order's payment: its state, attempts, refunds and the provider's events", body = OrderPaymentHistory),
        (status = 404, description = "No such order", body = ErrorBody)))]
pub async fn order_payment_history(
    _admin: AdminSession,
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
) -> Result<web::Json<OrderPaymentHistory>, ApiError> {
    let order = state.order_store.get_order(*id).await.map_err(ApiError::repo("Order"))?;
    let history = match &state.payments {
        Some(service) => service.store.history(ports::PaymentPurpose::Order(order.id)).await?,
        None => PaymentHistory::default(),
    };
    let status = order.payment.status(order.totals.total);
    let (attempts, refunds, events) = history_wire(state.payments.as_ref(), history);
    Ok(web::Json(OrderPaymentHistory {
        state: order.payment.state.into(),
        amount: order.totals.total.to_string(),
        refunded: order.payment.refunded.to_string(),
        refundable: status.refundable().to_string(),
        last_error: order.payment.last_error,
        attempts,
        refunds,
        events,
    }))
}

/// A refund of an order's payment.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RefundInput {
    /// How much to give back; left out or null: all that is left.
    #[serde(default)]
    pub amount: Option<MoneyField>,
    /// Why (kept with the refund and in the audit trail).
    #[serde(default)]
    pub reason: OptionalLongText,
}

impl RefundInput {
    pub fn try_into_domain(self) -> Result<(Option<domain::Money>, Option<String>), ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let amount = match self.amount.map(|amount| amount_text(&amount.0)) {
            None => Some(None),
            Some(text) if text.is_empty() => Some(None),
            Some(text) => errors.take("amount", domain::Money::parse(&text).map(Some)),
        };
        let reason =
            errors.take("reason", domain::validation::LongText::parse_optional(self.reason.0.as_deref()));
        match (amount, reason) {
            (Some(amount), Some(reason)) => Ok((amount, reason.map(String::from))),
            _ => Err(errors),
        }
    }
}

/// What a refund did.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RefundAnswer {
    /// Given back this time.
    #[schema(example = "20.00")]
    pub refunded: String,
}

#[utoipa::path(post, path = "/api/admin/orders/{id}/refunds", tag = "Payments", request_body = RefundInput,
    params(("id" = Uuid, Path, description = "Order id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 403, description = "Only an owner may do this (docs/decisions.md §18)", body = ErrorBody),
        (status = 201, description = "Refunded through the provider; the guest is mailed", body = RefundAnswer),
        (status = 404, description = "No such order", body = ErrorBody),
        (status = 409, description = "Payments are off (`payments_off`), or nothing (or not that much) is left to refund (`refund_refused`)", body = ErrorBody),
        (status = 503, description = "The payment provider could not be reached (`payment_provider_unavailable`), or the \
            database did not answer in time (`temporarily_unavailable`); see Retry-After", body = ErrorBody)))]
pub async fn refund_order(
    admin: OwnerSession,
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
    input: JsonBody<RefundInput>,
) -> Result<HttpResponse, ApiError> {
    let service = payments(&state)?;
    let (amount, reason) = input.into_inner().try_into_domain()?;
    let refunded = service
        .refund(RefundTarget::Order(*id), amount, reason, admin.actor())
        .await
        .map_err(|error| ApiError::from(error).missing("Order"))?;
    Ok(HttpResponse::Created().json(RefundAnswer { refunded: refunded.to_string() }))
}

/// Everything that happened to a booking's deposit.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DepositHistory {
    pub state: wire::DepositState,
    #[schema(example = "54.00")]
    pub amount: String,
    #[schema(example = "0.00")]
    pub refunded: String,
    /// What can still be refunded.
    #[schema(example = "54.00")]
    pub refundable: String,
    pub last_error: Option<String>,
    pub attempts: Vec<PaymentAttemptRecord>,
    pub refunds: Vec<RefundEntry>,
    pub events: Vec<PaymentEventEntry>,
}

#[utoipa::path(get, path = "/api/admin/bookings/{id}/deposit", tag = "Payments",
    params(("id" = Uuid, Path, description = "Booking id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "The booking's deposit: its state, charges, refunds and the provider's events", body = DepositHistory),
        (status = 404, description = "No such booking, or it asks for no deposit", body = ErrorBody)))]
pub async fn deposit_history(
    _admin: AdminSession,
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
) -> Result<web::Json<DepositHistory>, ApiError> {
    let booking = state.calendar_store.get_booking(*id).await.map_err(ApiError::repo("Booking"))?;
    let deposit = booking
        .deposit
        .filter(|deposit| deposit.state != domain::payment::DepositState::None)
        .ok_or_else(|| ApiError::new(ErrorCode::NotFound, "This booking asks for no deposit"))?;
    let history = match &state.payments {
        Some(service) => service.store.history(ports::PaymentPurpose::Deposit(booking.id)).await?,
        None => PaymentHistory::default(),
    };
    let refundable = deposit.status().refundable();
    let (attempts, refunds, events) = history_wire(state.payments.as_ref(), history);
    Ok(web::Json(DepositHistory {
        state: deposit.state.into(),
        amount: deposit.amount.to_string(),
        refunded: deposit.refunded.to_string(),
        refundable: refundable.to_string(),
        last_error: deposit.error,
        attempts,
        refunds,
        events,
    }))
}

#[utoipa::path(post, path = "/api/admin/bookings/{id}/deposit/refunds", tag = "Payments", request_body = RefundInput,
    params(("id" = Uuid, Path, description = "Booking id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 403, description = "Only an owner may do this (docs/decisions.md §18)", body = ErrorBody),
        (status = 201, description = "Refunded through the provider; the guest is mailed", body = RefundAnswer),
        (status = 404, description = "No such booking", body = ErrorBody),
        (status = 409, description = "Payments are off (`payments_off`), or nothing (or not that much) of the deposit is left to refund (`refund_refused`)", body = ErrorBody),
        (status = 503, description = "The payment provider could not be reached (`payment_provider_unavailable`), or the \
            database did not answer in time (`temporarily_unavailable`); see Retry-After", body = ErrorBody)))]
pub async fn refund_deposit(
    admin: OwnerSession,
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
    input: JsonBody<RefundInput>,
) -> Result<HttpResponse, ApiError> {
    let service = payments(&state)?;
    let (amount, reason) = input.into_inner().try_into_domain()?;
    let refunded = service
        .refund(RefundTarget::Deposit(*id), amount, reason, admin.actor())
        .await
        .map_err(|error| ApiError::from(error).missing("Booking"))?;
    Ok(HttpResponse::Created().json(RefundAnswer { refunded: refunded.to_string() }))
}

/// The days the reconciliation compares.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReconciliationQuery {
    /// First day, yyyy-MM-dd (UTC).
    #[param(required = true, value_type = CalendarDate)]
    pub from: Option<String>,
    /// Last day, yyyy-MM-dd (UTC), at most 366 days after `from`.
    #[param(required = true, value_type = CalendarDate)]
    pub to: Option<String>,
}

/// One difference between our records and the provider's.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReconciliationDifference {
    /// `not_recorded_here` (the provider has a payment we have no record
    /// of), `missing_at_provider` (our attempt has no payment there: nothing
    /// was charged), or `disagree`.
    pub kind: String,
    /// Our attempt, when we have one.
    pub attempt_id: Option<Uuid>,
    pub provider_id: Option<String>,
    /// What the payment was for (order or booking id), when it says.
    pub order_id: Option<Uuid>,
    pub booking_id: Option<Uuid>,
    /// The kind of sale: a shop order, a gift card sold, a booking's deposit
    /// (null for a payment we have no record of). Additive.
    pub source: Option<wire::MoneySource>,
    /// In words.
    pub detail: String,
}

/// What one kind of sale took and gave back in the days, by our records and
/// by the provider's.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReconciliationTotals {
    pub source: wire::MoneySource,
    /// Our payments of it that succeeded.
    pub payments: usize,
    #[schema(example = "120.00")]
    pub charged_here: String,
    #[schema(example = "120.00")]
    pub charged_there: String,
    #[schema(example = "25.00")]
    pub refunded_here: String,
    #[schema(example = "25.00")]
    pub refunded_there: String,
}

/// The reconciliation of a range of days.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Reconciliation {
    pub from: String,
    pub to: String,
    /// Every difference; none when both agree.
    pub differences: Vec<ReconciliationDifference>,
    /// Shop orders, gift cards sold and deposits: what each took and gave
    /// back on both sides. Additive.
    pub totals: Vec<ReconciliationTotals>,
}

impl From<ports::SourceTotals> for ReconciliationTotals {
    fn from(totals: ports::SourceTotals) -> Self {
        Self {
            source: totals.source.into(),
            payments: totals.payments,
            charged_here: totals.charged_here.to_string(),
            charged_there: totals.charged_there.to_string(),
            refunded_here: totals.refunded_here.to_string(),
            refunded_there: totals.refunded_there.to_string(),
        }
    }
}

/// A difference in the owner's words.
pub fn difference_wire(difference: Difference) -> ReconciliationDifference {
    let purpose = |purpose: Option<ports::PaymentPurpose>| match purpose {
        Some(ports::PaymentPurpose::Order(id)) => (Some(id), None),
        Some(ports::PaymentPurpose::Deposit(id)) => (None, Some(id)),
        None => (None, None),
    };
    match difference {
        Difference::UnknownAtProvider { payment } => {
            let (order_id, booking_id) = purpose(payment.purpose);
            ReconciliationDifference {
                kind: "not_recorded_here".into(),
                attempt_id: payment.attempt,
                detail: format!(
                    "The provider has a payment of ${} ({}) that has no record here",
                    payment.amount,
                    ports::status_text(&payment.status)
                ),
                provider_id: Some(payment.id),
                order_id,
                booking_id,
                source: None,
            }
        }
        Difference::MissingAtProvider { attempt } => {
            let (order_id, booking_id) = purpose(attempt.record.purpose);
            ReconciliationDifference {
                kind: "missing_at_provider".into(),
                attempt_id: Some(attempt.record.id),
                provider_id: attempt.record.provider_id,
                order_id,
                booking_id,
                source: Some(attempt.source.into()),
                detail: format!(
                    "An attempt of ${} ({}) has no payment at the provider: nothing was charged",
                    attempt.record.amount, attempt.record.status
                ),
            }
        }
        Difference::Disagree { attempt, payment, what } => {
            let (order_id, booking_id) = purpose(attempt.record.purpose);
            ReconciliationDifference {
                kind: "disagree".into(),
                attempt_id: Some(attempt.record.id),
                provider_id: Some(payment.id),
                order_id,
                booking_id,
                source: Some(attempt.source.into()),
                detail: what,
            }
        }
    }
}

/// The range of days a reconciliation covers, as instants.
pub fn reconciliation_range(query: ReconciliationQuery) -> Result<(NaiveDate, NaiveDate), ValidationErrors> {
    crate::wire::parse::RangeQuery { start: query.from, end: query.to }.try_into_domain().map_err(|errors| {
        let mut renamed = ValidationErrors::new();
        for (field, message) in errors.entries() {
            renamed.add(if *field == "start" { "from" } else { "to" }, message.clone());
        }
        renamed
    })
}

#[utoipa::path(get, path = "/api/admin/payments/reconciliation", tag = "Payments", params(ReconciliationQuery),
    security(("bearer_auth" = [])),
    responses(
        (status = 403, description = "Only an owner may do this (docs/decisions.md §18)", body = ErrorBody),
        (status = 200, description = "Every difference between our payment records and the provider's for the days", body = Reconciliation),
        (status = 409, description = "Payments are off (`payments_off`)", body = ErrorBody),
        (status = 503, description = "The payment provider could not be reached (`payment_provider_unavailable`), or the \
            database did not answer in time (`temporarily_unavailable`); see Retry-After", body = ErrorBody)))]
pub async fn reconciliation(
    _admin: OwnerSession,
    state: web::Data<ApiState>,
    query: web::Query<ReconciliationQuery>,
) -> Result<web::Json<Reconciliation>, ApiError> {
    let service = payments(&state)?;
    let (from, to) = reconciliation_range(query.into_inner())?;
    let start = from.and_hms_opt(0, 0, 0).unwrap_or_default().and_utc();
    let end = to.and_hms_opt(23, 59, 59).unwrap_or_default().and_utc();
    let reconciled = service.reconcile(start, end).await?;
    Ok(web::Json(Reconciliation {
        from: from.to_string(),
        to: to.to_string(),
        differences: reconciled.differences.into_iter().map(difference_wire).collect(),
        totals: reconciled.totals.into_iter().map(Into::into).collect(),
    }))
}
