//! Taking money (docs/decisions.md §14): the payment provider as a port,
//! what the store keeps of payments, and the use case that ties them to
//! orders and deposits. The provider decides what is paid (its webhook, or
//! the server reading the payment); card data never reaches this server:
//! the browser gives the provider the card and us only the payment method's
//! id. Every call to the provider carries an idempotency key made from our
//! own record, so a retry never charges twice.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use uuid::Uuid;

use domain::Money;
use domain::booking::NewDeposit;
use domain::payment::DepositCard;

/// What a payment is for: our record, written into the provider's metadata
/// so that the reconciliation can match every payment with ours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaymentPurpose {
    Order(Uuid),
    Deposit(Uuid),
}

/// How a payment is paid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PayWith {
    /// A payment method the guest's browser just created with the provider
    /// (their card, in the provider's fields).
    Method(String),
    /// A card saved earlier for this guest, charged while they are away
    /// (a deposit when the owner confirms); the bank may still ask the guest
    /// to authenticate.
    Saved(SavedCard),
}

/// A card kept at the provider for a guest (a booking's deposit).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedCard {
    pub customer: String,
    pub method: String,
}

/// A payment to create and confirm at once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentRequest {
    /// Our record of this attempt: its id is the provider's idempotency key
    /// and is in the payment's metadata.
    pub attempt: Uuid,
    pub purpose: PaymentPurpose,
    pub amount: Money,
    pub pay_with: PayWith,
    /// What the guest's statement and the provider's dashboard show.
    pub description: String,
}

/// Where a payment stands at the provider.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProviderStatus {
    Succeeded,
    /// The bank asks the guest to authenticate: the browser finishes the
    /// step with the provider using `client_secret`.
    RequiresAction {
        client_secret: String,
    },
    /// Authorised, waiting to be captured.
    RequiresCapture,
    Processing,
    /// The last attempt failed (`reason` in the bank's words); the payment
    /// waits for another method.
    Failed {
        reason: String,
    },
    Canceled,
}

/// A payment as the provider has it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProviderPayment {
    /// The provider's id (`pi_…`).
    pub id: String,
    pub status: ProviderStatus,
    pub amount: Money,
    pub refunded: Money,
    /// Our attempt it was made for (from its metadata), if it names one.
    pub attempt: Option<Uuid>,
    pub purpose: Option<PaymentPurpose>,
    pub created: DateTime<Utc>,
}

/// A refund as the provider has it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProviderRefund {
    pub id: String,
    pub amount: Money,
    /// `succeeded`, `pending` or `failed`, as the provider says.
    pub status: String,
}

/// Why the provider did not do what was asked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PaymentFailure {
    /// The bank said no: its reason, in words for the guest.
    #[error("{reason}")]
    Declined { reason: String, code: Option<String> },
    /// The provider refused the request itself (an unknown or used payment
    /// method, a refund larger than what is left...).
    #[error("the payment provider refused the request: {0}")]
    Refused(String),
    /// The provider could not be reached or failed; trying again later may work.
    #[error("the payment provider is unavailable: {0}")]
    Unavailable(String),
}

/// What a verified webhook says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebhookEvent {
    /// The provider's event id: each is handled once.
    pub id: String,
    pub kind: String,
    pub created: DateTime<Utc>,
    /// The payment it is about, as the event carries it.
    pub payment: Option<ProviderPayment>,
    /// For a refund event: the payment and how much of it is refunded in all.
    pub refunded: Option<(String, Money)>,
}

/// Why a webhook was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum WebhookRefusal {
    #[error("the signature is missing or does not match")]
    BadSignature,
    #[error("the event is too old (or from the future)")]
    Stale,
    #[error("the payload is not an event")]
    Malformed,
}

/// The payment provider (Stripe; a local Stripe-compatible server in tests).
#[async_trait]
pub trait PaymentGateway: Send + Sync {
    /// Creates the payment and confirms it at once with the method given.
    async fn create_payment(&self, request: &PaymentRequest) -> Result<ProviderPayment, PaymentFailure>;
    /// The payment as the provider has it now.
    async fn payment(&self, id: &str) -> Result<ProviderPayment, PaymentFailure>;
    /// Cancels a payment that has not succeeded (`key`: our idempotency key).
    async fn cancel(&self, id: &str, key: &str) -> Result<ProviderPayment, PaymentFailure>;
    /// Refunds `amount` of a succeeded payment (`key`: our refund's id).
    async fn refund(&self, payment: &str, amount: Money, key: &str)
    -> Result<ProviderRefund, PaymentFailure>;
    /// Keeps the guest's card for a later charge (a deposit): a customer
    /// with the method attached (`key`: our booking's idempotency key).
    async fn save_card(
        &self,
        method: &str,
        email: &str,
        name: &str,
        key: &str,
    ) -> Result<SavedCard, PaymentFailure>;
    /// Lets a saved card go (the deposit was never charged).
    async fn release_card(&self, card: &SavedCard) -> Result<(), PaymentFailure>;
    /// Every payment created from `from` to `to` (for the reconciliation).
    async fn payments_between(
        &self,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> Result<Vec<ProviderPayment>, PaymentFailure>;
    /// Checks a webhook's signature (and its age against `now`) and reads it.
    fn verify_webhook(
        &self,
        payload: &[u8],
        signature: &str,
        now: DateTime<Utc>,
    ) -> Result<WebhookEvent, WebhookRefusal>;
    /// The provider's dashboard page of a payment, for the owner.
    fn dashboard_url(&self, payment: &str) -> String;
}

/// A payment attempt started: our record, written before the provider is asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentAttempt {
    pub id: Uuid,
    pub purpose: PaymentPurpose,
    pub amount: Money,
}

/// Why a payment cannot start.
#[derive(Debug, thiserror::Error)]
pub enum BeginPaymentError {
    /// The order is not waiting for payment (paid, refunded, expired).
    #[error("This order is not waiting for payment.")]
    NotPayable(domain::payment::PaymentState),
    /// The booking has no deposit left to charge (none asked, paid, let go).
    #[error("This booking has no deposit to charge.")]
    NoDepositToCharge,
    /// Another attempt for it is under way (a double click, a second tab).
    #[error("A payment for this order is already under way. Please wait a moment.")]
    InProgress,
    #[error(transparent)]
    Repo(#[from] crate::RepoError),
}

/// A deposit to charge: our attempt, and the card saved for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DepositCharge {
    pub attempt: PaymentAttempt,
    pub card: SavedCard,
}

/// What the provider answered an attempt.
pub type AttemptAnswer = Result<ProviderPayment, PaymentFailure>;

/// An order's payment after what the provider said, for the guest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderPaymentView {
    pub order: Uuid,
    pub state: domain::payment::PaymentState,
    pub amount: Money,
    pub refunded: Money,
    pub last_error: Option<String>,
    /// When the bank asks the guest to authenticate: what the browser
    /// finishes the step with at the provider.
    pub client_secret: Option<String>,
}

/// One attempt to take money, as kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentRecord {
    pub id: Uuid,
    pub purpose: Option<PaymentPurpose>,
    pub amount: Money,
    pub provider_id: Option<String>,
    /// As the provider last said (`creating` until it answered).
    pub status: String,
    pub error: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// One refund, as kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefundRecord {
    pub id: Uuid,
    pub payment: Uuid,
    pub amount: Money,
    pub provider_id: Option<String>,
    pub status: String,
    pub reason: Option<String>,
    pub created_by: String,
    pub created_at: DateTime<Utc>,
}

/// A webhook event handled, as kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventRecord {
    pub id: String,
    pub kind: String,
    pub provider_id: Option<String>,
    pub received_at: DateTime<Utc>,
}

/// Everything that happened to the payments of an order or a booking.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PaymentHistory {
    pub attempts: Vec<PaymentRecord>,
    pub refunds: Vec<RefundRecord>,
    pub events: Vec<EventRecord>,
}

/// What is refunded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefundTarget {
    Order(Uuid),
    Deposit(Uuid),
}

/// A refund started: our record, and the provider's payment it gives back from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefundStart {
    pub id: Uuid,
    pub provider_payment: String,
    pub amount: Money,
}

/// Why a refund cannot start.
#[derive(Debug, thiserror::Error)]
pub enum RefundError {
    #[error(transparent)]
    Refused(#[from] domain::payment::RefundRefusal),
    #[error("A refund of this payment is already under way. Please wait a moment.")]
    InProgress,
    #[error(transparent)]
    Repo(#[from] crate::RepoError),
}

/// An order awaiting payment for too long, with its attempts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnpaidOrder {
    pub order: Uuid,
    pub attempts: Vec<PaymentRecord>,
}

/// What the store keeps of payments; every method is one transaction.
#[async_trait]
pub trait PaymentRepository: Send + Sync {
    /// Starts paying an order: the order locked, checked to be waiting for
    /// payment with no attempt under way, and an attempt written.
    async fn begin_order_payment(&self, order: Uuid) -> Result<PaymentAttempt, BeginPaymentError>;
    /// Records the provider's answer to an attempt and what it makes of the
    /// order or deposit it was for (paid: the order's mail goes out).
    async fn record_attempt(&self, attempt: Uuid, answer: &AttemptAnswer) -> crate::RepoResult<()>;
    /// Hears the provider's word of a payment (a webhook, or reading it):
    /// the attempt it is (by its id, or the attempt in its metadata) and what
    /// it is for. A payment we have no record of is kept as an attempt so
    /// the reconciliation shows it; it changes nothing else.
    async fn hear(&self, payment: &ProviderPayment) -> crate::RepoResult<()>;
    /// Keeps a webhook event's id and hears what it tells, in one
    /// transaction; an event taken before changes nothing.
    async fn take_event(&self, event: &WebhookEvent) -> crate::RepoResult<()>;
    /// An order's payment as the guest sees it.
    async fn order_payment(&self, order: Uuid) -> crate::RepoResult<OrderPaymentView>;
    /// Starts charging a booking's deposit with the card saved for it: the
    /// booking locked, its deposit checked to be chargeable (card saved, or
    /// a charge that failed) with no attempt under way, and an attempt written.
    async fn begin_deposit_payment(&self, booking: Uuid) -> Result<DepositCharge, BeginPaymentError>;
    /// The attempts, refunds and events of an order's payments or a booking's
    /// deposit, oldest first.
    async fn history(&self, purpose: PaymentPurpose) -> crate::RepoResult<PaymentHistory>;
    /// Orders awaiting payment placed before `cutoff`, at most `limit`.
    async fn unpaid_before(&self, cutoff: DateTime<Utc>, limit: i64) -> crate::RepoResult<Vec<UnpaidOrder>>;
    /// Expires an order still awaiting payment: cancelled, its stock given
    /// back. False when it was paid (or changed) meanwhile.
    async fn expire_order(&self, order: Uuid) -> crate::RepoResult<bool>;
    /// Starts a refund: the payment locked, the amount checked against what
    /// is left (none given: all of it), the refund written with its audit record.
    async fn begin_refund(
        &self,
        target: RefundTarget,
        amount: Option<Money>,
        reason: Option<String>,
        actor: domain::audit::Actor,
    ) -> Result<RefundStart, RefundError>;
    /// Records the provider's answer to a refund (a success counts in what
    /// is refunded, and the guest is told).
    async fn record_refund(
        &self,
        refund: Uuid,
        answer: &Result<ProviderRefund, PaymentFailure>,
    ) -> crate::RepoResult<()>;
    /// Our attempts created from `from` to `to`, with what each was for and
    /// what our refunds gave back of it (the reconciliation's side).
    async fn attempts_between(
        &self,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> crate::RepoResult<Vec<KeptAttempt>>;
}

/// Why a guest's payment did not go through.
#[derive(Debug, thiserror::Error)]
pub enum PayError {
    /// The bank said no; the guest may try another card.
    #[error("{0}")]
    Declined(String),
    /// Payments are off (a demo store): nothing is charged.
    #[error("Payments are not taken online: no card is charged.")]
    PaymentsOff,
    #[error(transparent)]
    Begin(#[from] BeginPaymentError),
    /// The provider refused the request (an unknown payment method) or
    /// could not be reached.
    #[error(transparent)]
    Provider(PaymentFailure),
    #[error(transparent)]
    Repo(#[from] crate::RepoError),
}

/// One of our attempts as the reconciliation reads it: what it was for,
/// and how much of it our refunds gave back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeptAttempt {
    pub record: PaymentRecord,
    /// A shop order, a gift card's sale, or a booking's deposit (a deleted
    /// booking's too: its records stay).
    pub source: domain::payment::MoneySource,
    /// Our refunds of it that went through.
    pub refunded: Money,
}

/// One difference between our records and the provider's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Difference {
    /// The provider has a payment we have no attempt for.
    UnknownAtProvider { payment: ProviderPayment },
    /// An attempt the provider has no payment for (it was never created,
    /// or the server stopped before it heard back: nothing was charged).
    MissingAtProvider { attempt: KeptAttempt },
    /// Both have it, but they disagree on what it is.
    Disagree { attempt: KeptAttempt, payment: ProviderPayment, what: String },
}

/// What was taken and given back for one kind of sale, by our records and
/// by the provider's (its payments matched to ours; one we have no record
/// of counts by what its metadata says it was for).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SourceTotals {
    pub source: domain::payment::MoneySource,
    pub payments: usize,
    pub charged_here: Money,
    pub charged_there: Money,
    pub refunded_here: Money,
    pub refunded_there: Money,
}

/// A range of days reconciled: every difference, and the totals by kind of sale.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reconciled {
    pub differences: Vec<Difference>,
    pub totals: Vec<SourceTotals>,
}

/// Why a refund did not go through.
#[derive(Debug, thiserror::Error)]
pub enum RefundFailure {
    #[error(transparent)]
    Start(#[from] RefundError),
    #[error(transparent)]
    Provider(PaymentFailure),
    #[error(transparent)]
    Repo(#[from] crate::RepoError),
}

/// The payment use cases: paying an order, hearing the provider, expiring
/// unpaid orders, refunds and the reconciliation.
#[derive(Clone)]
pub struct PaymentService {
    pub gateway: std::sync::Arc<dyn PaymentGateway>,
    pub store: std::sync::Arc<dyn PaymentRepository>,
    pub clock: std::sync::Arc<dyn crate::Clock>,
}

/// How a provider status is kept in our records.
pub fn status_text(status: &ProviderStatus) -> &'static str {
    match status {
        ProviderStatus::Succeeded => "succeeded",
        ProviderStatus::RequiresAction { .. } => "requires_action",
        ProviderStatus::RequiresCapture => "requires_capture",
        ProviderStatus::Processing => "processing",
        ProviderStatus::Failed { .. } => "failed",
        ProviderStatus::Canceled => "canceled",
    }
}

impl PaymentService {
    /// Pays `order` with the payment method the guest's browser created:
    /// our attempt is written first, then the provider charges, then its
    /// answer is recorded (a webhook may have said the same already).
    pub async fn pay_order(&self, order: Uuid, method: &str) -> Result<OrderPaymentView, PayError> {
        let attempt = self.store.begin_order_payment(order).await?;
        let request = PaymentRequest {
            attempt: attempt.id,
            purpose: attempt.purpose,
            amount: attempt.amount,
            pay_with: PayWith::Method(method.to_owned()),
            description: format!("Golden Pine order {}", domain::order::order_reference(order)),
        };
        let answer = self.gateway.create_payment(&request).await;
        self.store.record_attempt(attempt.id, &answer).await?;
        let mut view = self.store.order_payment(order).await?;
        match answer {
            Ok(payment) => {
                if let ProviderStatus::RequiresAction { client_secret } = payment.status {
                    view.client_secret = Some(client_secret);
                }
                Ok(view)
            }
            Err(PaymentFailure::Declined { reason, .. }) => Err(PayError::Declined(reason)),
            Err(failure) => Err(PayError::Provider(failure)),
        }
    }

    /// Reads the order's latest payment at the provider (the guest is back
    /// from the bank's step) and records what it says.
    pub async fn refresh_order(&self, order: Uuid) -> Result<OrderPaymentView, PayError> {
        let history = self.store.history(PaymentPurpose::Order(order)).await?;
        if let Some(provider_id) =
            history.attempts.iter().rev().find_map(|attempt| attempt.provider_id.clone())
        {
            match self.gateway.payment(&provider_id).await {
                Ok(payment) => self.store.hear(&payment).await?,
                Err(failure) => return Err(PayError::Provider(failure)),
            }
        }
        Ok(self.store.order_payment(order).await?)
    }

    /// Saves the guest's card for a booking's deposit of `amount` (nothing
    /// is charged until the owner confirms). `key` is the booking request's
    /// own (its Idempotency-Key, or one made for it).
    pub async fn save_deposit_card(
        &self,
        amount: Money,
        method: &str,
        guest: (&str, &str),
        key: &str,
    ) -> Result<NewDeposit, PayError> {
        let (email, name) = guest;
        match self.gateway.save_card(method, email, name, key).await {
            Ok(card) => {
                Ok(NewDeposit { amount, card: DepositCard { customer: card.customer, method: card.method } })
            }
            Err(PaymentFailure::Declined { reason, .. }) => Err(PayError::Declined(reason)),
            Err(failure) => Err(PayError::Provider(failure)),
        }
    }

    /// Lets a saved card go (a booking declined, cancelled, or never stored).
    /// A failure is logged: nothing is charged from a card left attached.
    pub async fn release_card(&self, card: &DepositCard) {
        let saved = SavedCard { customer: card.customer.clone(), method: card.method.clone() };
        if let Err(failure) = self.gateway.release_card(&saved).await {
            tracing::warn!(%failure, "a saved card could not be released at the provider");
        }
    }

    /// Charges a booking's deposit with the card saved for it, while the
    /// guest is away (the owner confirms). Declined, the deposit is marked
    /// failed with the bank's reason for the owner; when the bank asks the
    /// guest to authenticate, they are mailed their link. Nothing to charge
    /// is not an error.
    pub async fn charge_deposit(&self, booking: Uuid) -> Result<(), PayError> {
        let charge = match self.store.begin_deposit_payment(booking).await {
            Ok(charge) => charge,
            Err(BeginPaymentError::NoDepositToCharge) => return Ok(()),
            Err(error) => return Err(error.into()),
        };
        let request = PaymentRequest {
            attempt: charge.attempt.id,
            purpose: charge.attempt.purpose,
            amount: charge.attempt.amount,
            pay_with: PayWith::Saved(charge.card),
            description: format!("Golden Pine deposit, booking {}", domain::order::order_reference(booking)),
        };
        let answer = self.gateway.create_payment(&request).await;
        self.store.record_attempt(charge.attempt.id, &answer).await?;
        match answer {
            Ok(_) | Err(PaymentFailure::Declined { .. }) => Ok(()),
            Err(failure) => Err(PayError::Provider(failure)),
        }
    }

    /// After a booking's status changed (cancelled, completed): a card let
    /// go is released at the provider (with a charge still waiting for the
    /// guest's bank cancelled there), and with `refund_now` (a guest's timely
    /// cancellation) a deposit taken is refunded in full.
    pub async fn settle_deposit(
        &self,
        before: &domain::booking::Booking,
        after: &domain::booking::Booking,
        refund_now: bool,
        actor: domain::audit::Actor,
    ) -> Result<(), RefundFailure> {
        use domain::payment::DepositState as D;
        let (Some(was), Some(now)) = (&before.deposit, &after.deposit) else { return Ok(()) };
        if now.state == D::Released && was.state != D::Released {
            if was.state == D::RequiresAuthentication {
                let history = self.store.history(PaymentPurpose::Deposit(after.id)).await?;
                for attempt in history.attempts.iter().filter(|attempt| attempt.status == "requires_action") {
                    if let Some(id) = &attempt.provider_id {
                        match self.gateway.cancel(id, &format!("cancel-{}", attempt.id)).await {
                            Ok(canceled) => self.store.hear(&canceled).await?,
                            Err(failure) => {
                                tracing::warn!(%failure, "a waiting deposit charge could not be cancelled")
                            }
                        }
                    }
                }
            }
            if let Some(card) = &now.card {
                self.release_card(card).await;
            }
        }
        if refund_now && now.state == D::Paid {
            let reason = Some("Cancelled by the guest in time: the deposit is refunded".to_owned());
            self.refund(RefundTarget::Deposit(after.id), None, reason, actor).await?;
        }
        Ok(())
    }

    /// Reads a deposit's latest charge at the provider (the guest is back
    /// from their bank's step) and records what it says.
    pub async fn refresh_deposit(&self, booking: Uuid) -> Result<(), PayError> {
        if let Some(payment) = self.latest_payment(PaymentPurpose::Deposit(booking)).await? {
            self.store.hear(&payment).await?;
        }
        Ok(())
    }

    /// What the guest's browser finishes the bank's step with, when the
    /// deposit's charge waits for it.
    pub async fn deposit_client_secret(&self, booking: Uuid) -> Result<Option<String>, PayError> {
        Ok(self.latest_payment(PaymentPurpose::Deposit(booking)).await?.and_then(|payment| {
            match payment.status {
                ProviderStatus::RequiresAction { client_secret } => Some(client_secret),
                _ => None,
            }
        }))
    }

    /// The latest attempt's payment as the provider has it now.
    async fn latest_payment(&self, purpose: PaymentPurpose) -> Result<Option<ProviderPayment>, PayError> {
        let history = self.store.history(purpose).await?;
        match history.attempts.iter().rev().find_map(|attempt| attempt.provider_id.clone()) {
            Some(id) => self.gateway.payment(&id).await.map(Some).map_err(PayError::Provider),
            None => Ok(None),
        }
    }

    /// A webhook: verified, handled once, whatever order it comes in.
    pub async fn handle_webhook(&self, payload: &[u8], signature: &str) -> Result<(), WebhookFailure> {
        let event = self.gateway.verify_webhook(payload, signature, self.clock.now())?;
        Ok(self.store.take_event(&event).await?)
    }

    /// Expires the orders left unpaid past `timeout_minutes`: each attempt
    /// is asked of the provider first (a payment that succeeded meanwhile
    /// makes its order paid, not expired), the others cancelled there. The
    /// orders expired are returned.
    pub async fn expire_unpaid(&self, timeout_minutes: i64) -> Result<Vec<Uuid>, crate::RepoError> {
        let now = self.clock.now();
        let cutoff = now - chrono::Duration::minutes(timeout_minutes);
        let mut expired = Vec::new();
        for unpaid in self.store.unpaid_before(cutoff, 50).await? {
            match self.close_attempts(&unpaid.attempts).await {
                Ok(Closed::Paid) => continue,
                Ok(Closed::NothingTaken) => {}
                Err(PayError::Provider(failure)) => {
                    // Try again at the next round rather than expire blind.
                    tracing::warn!(%failure, order = %unpaid.order, "an unpaid order's payment could not be closed");
                    continue;
                }
                Err(PayError::Repo(error)) => return Err(error),
                Err(other) => return Err(crate::RepoError::storage(other)),
            }
            if self.store.expire_order(unpaid.order).await? {
                expired.push(unpaid.order);
            }
        }
        Ok(expired)
    }

    /// Cancels at the provider every payment of `order` still waiting (the
    /// owner cancels an order never paid), so none is taken afterwards. A
    /// payment found succeeded is recorded instead (the order is then paid,
    /// and its cancellation asks the owner about the money).
    pub async fn cancel_waiting_payments(&self, order: Uuid) -> Result<(), PayError> {
        let history = self.store.history(PaymentPurpose::Order(order)).await?;
        self.close_attempts(&history.attempts).await.map(|_| ())
    }

    /// Asks the provider about each attempt and cancels those still
    /// waiting there; stops at one that succeeded (recorded: the money is
    /// taken). A provider that cannot be reached stops it too, so nothing
    /// is closed blind.
    async fn close_attempts(&self, attempts: &[PaymentRecord]) -> Result<Closed, PayError> {
        let now = self.clock.now();
        for attempt in attempts.iter().filter(|attempt| attempt.status != "canceled") {
            let payment = match self.find_at_provider(attempt, now).await.map_err(PayError::Provider)? {
                Some(payment) => payment,
                // Never created there: nothing was charged.
                None => continue,
            };
            match payment.status {
                ProviderStatus::Succeeded => {
                    self.store.hear(&payment).await?;
                    return Ok(Closed::Paid);
                }
                ProviderStatus::Canceled => self.store.hear(&payment).await?,
                _ => {
                    let key = format!("cancel-{}", attempt.id);
                    let canceled =
                        self.gateway.cancel(&payment.id, &key).await.map_err(PayError::Provider)?;
                    self.store.hear(&canceled).await?;
                }
            }
        }
        Ok(Closed::NothingTaken)
    }

    /// The provider's payment for one of our attempts: by its id when we
    /// heard it, otherwise looked for by the attempt id in the metadata of
    /// the payments created since (the server stopped before it heard back,
    /// and the provider may have charged all the same).
    async fn find_at_provider(
        &self,
        attempt: &PaymentRecord,
        now: DateTime<Utc>,
    ) -> Result<Option<ProviderPayment>, PaymentFailure> {
        if let Some(provider_id) = &attempt.provider_id {
            return self.gateway.payment(provider_id).await.map(Some);
        }
        let since = attempt.created_at - chrono::Duration::minutes(5);
        let payments = self.gateway.payments_between(since, now).await?;
        Ok(payments.into_iter().find(|payment| payment.attempt == Some(attempt.id)))
    }

    /// Refunds `amount` (all that is left when `None`) of an order's payment.
    pub async fn refund(
        &self,
        target: RefundTarget,
        amount: Option<Money>,
        reason: Option<String>,
        actor: domain::audit::Actor,
    ) -> Result<Money, RefundFailure> {
        let start = self.store.begin_refund(target, amount, reason, actor).await?;
        let answer = self.gateway.refund(&start.provider_payment, start.amount, &start.id.to_string()).await;
        self.store.record_refund(start.id, &answer).await?;
        match answer {
            Ok(_) => Ok(start.amount),
            Err(failure) => Err(RefundFailure::Provider(failure)),
        }
    }

    /// Every difference between our attempts and the provider's payments
    /// created from `from` to `to` (orders, gift cards sold and deposits
    /// alike), and what each kind of sale took and gave back on both sides.
    pub async fn reconcile(&self, from: DateTime<Utc>, to: DateTime<Utc>) -> Result<Reconciled, PayError> {
        let ours = self.store.attempts_between(from, to).await?;
        let theirs = self.gateway.payments_between(from, to).await.map_err(PayError::Provider)?;
        Ok(Reconciled { differences: differences(&ours, &theirs), totals: totals(&ours, &theirs) })
    }
}

/// Whether `attempt` is our record of `payment` (by the provider's id, or
/// the attempt id in its metadata).
fn same(attempt: &KeptAttempt, payment: &ProviderPayment) -> bool {
    attempt.record.provider_id.as_deref() == Some(payment.id.as_str())
        || payment.attempt == Some(attempt.record.id)
}

/// Matches our attempts with the provider's payments and lists what does
/// not agree: amounts, statuses, and what was refunded of a payment taken.
pub fn differences(ours: &[KeptAttempt], theirs: &[ProviderPayment]) -> Vec<Difference> {
    let mut differences = Vec::new();
    for payment in theirs {
        match ours.iter().find(|attempt| same(attempt, payment)) {
            None => differences.push(Difference::UnknownAtProvider { payment: payment.clone() }),
            Some(attempt) => {
                let record = &attempt.record;
                let mut what = Vec::new();
                if record.amount != payment.amount {
                    what.push(format!("amount {} here, {} there", record.amount, payment.amount));
                }
                let theirs = status_text(&payment.status);
                if record.status != theirs {
                    what.push(format!("{} here, {theirs} there", record.status));
                }
                if attempt.refunded != payment.refunded {
                    what.push(format!("refunded {} here, {} there", attempt.refunded, payment.refunded));
                }
                // Asked and never heard back: the server stopped in between.
                // (A declined attempt may not know the provider's id; its
                // status says what happened.)
                if record.provider_id.is_none() && record.status == "creating" {
                    what.push("not recorded here (the server stopped before it heard back)".to_owned());
                }
                if !what.is_empty() {
                    differences.push(Difference::Disagree {
                        attempt: attempt.clone(),
                        payment: payment.clone(),
                        what: what.join("; "),
                    });
                }
            }
        }
    }
    for attempt in ours {
        if !theirs.iter().any(|payment| same(attempt, payment)) {
            differences.push(Difference::MissingAtProvider { attempt: attempt.clone() });
        }
    }
    differences
}

/// What each kind of sale took (payments that succeeded) and gave back, by
/// our records and by the provider's.
pub fn totals(ours: &[KeptAttempt], theirs: &[ProviderPayment]) -> Vec<SourceTotals> {
    use domain::payment::MoneySource;
    MoneySource::ALL
        .iter()
        .map(|&source| {
            let mut total = SourceTotals {
                source,
                payments: 0,
                charged_here: Money::ZERO,
                charged_there: Money::ZERO,
                refunded_here: Money::ZERO,
                refunded_there: Money::ZERO,
            };
            for attempt in ours.iter().filter(|attempt| attempt.source == source) {
                if attempt.record.status == "succeeded" {
                    total.payments += 1;
                    total.charged_here = total.charged_here + attempt.record.amount;
                    total.refunded_here = total.refunded_here + attempt.refunded;
                }
            }
            for payment in theirs.iter().filter(|payment| payment.status == ProviderStatus::Succeeded) {
                let kind = match ours.iter().find(|attempt| same(attempt, payment)) {
                    Some(attempt) => attempt.source,
                    None => match payment.purpose {
                        Some(PaymentPurpose::Deposit(_)) => MoneySource::Deposit,
                        _ => MoneySource::Shop,
                    },
                };
                if kind == source {
                    total.charged_there = total.charged_there + payment.amount;
                    total.refunded_there = total.refunded_there + payment.refunded;
                }
            }
            total
        })
        .collect()
}

/// What closing an order's attempts found.
enum Closed {
    /// Nothing was taken: every attempt is cancelled or was never made.
    NothingTaken,
    /// One succeeded meanwhile: the order is paid.
    Paid,
}

/// Why a webhook was not taken.
#[derive(Debug, thiserror::Error)]
pub enum WebhookFailure {
    #[error(transparent)]
    Refused(#[from] WebhookRefusal),
    #[error(transparent)]
    Repo(#[from] crate::RepoError),
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attempt(status: &str, provider_id: Option<&str>, cents: i64) -> KeptAttempt {
        KeptAttempt {
            record: PaymentRecord {
                id: Uuid::from_u128(u128::from(cents.unsigned_abs())),
                purpose: Some(PaymentPurpose::Order(Uuid::from_u128(7))),
                amount: Money::from_cents(cents).expect("amount"),
                provider_id: provider_id.map(str::to_owned),
                status: status.to_owned(),
                error: None,
                created_at: Utc::now(),
                updated_at: Utc::now(),
            },
            source: domain::payment::MoneySource::Shop,
            refunded: Money::ZERO,
        }
    }

    fn payment(id: &str, status: ProviderStatus, attempt: Option<Uuid>, cents: i64) -> ProviderPayment {
        ProviderPayment {
            id: id.to_owned(),
            status,
            amount: Money::from_cents(cents).expect("amount"),
            refunded: Money::ZERO,
            attempt,
            purpose: None,
            created: Utc::now(),
        }
    }

    #[test]
    fn records_that_agree_show_nothing_and_each_kind_of_disagreement_is_named() {
        let paid = attempt("succeeded", Some("pi_1"), 100);
        let declined = attempt("failed", None, 200);
        let lost = attempt("creating", None, 300);
        let never_created = attempt("failed", None, 400);
        let failed = || ProviderStatus::Failed { reason: "declined".into() };
        let theirs = [
            payment("pi_1", ProviderStatus::Succeeded, Some(paid.record.id), 100),
            // Declined at once: we never learnt its id, but the status agrees.
            payment("pi_2", failed(), Some(declined.record.id), 200),
            // Charged while the server was down.
            payment("pi_3", ProviderStatus::Succeeded, Some(lost.record.id), 300),
            payment("pi_4", ProviderStatus::Succeeded, None, 500),
        ];
        let ours = [paid, declined, lost.clone(), never_created.clone()];
        let found = differences(&ours, &theirs);
        assert_eq!(found.len(), 3, "{found:?}");
        assert!(found.iter().any(|d| matches!(d, Difference::Disagree { attempt, what, .. }
            if attempt.record.id == lost.record.id && what.contains("not recorded here") && what.contains("creating here, succeeded there"))));
        assert!(
            found
                .iter()
                .any(|d| matches!(d, Difference::UnknownAtProvider { payment } if payment.id == "pi_4"))
        );
        assert!(found.iter().any(
            |d| matches!(d, Difference::MissingAtProvider { attempt } if attempt.record.id == never_created.record.id)
        ));
    }

    #[test]
    fn a_refund_only_one_side_knows_is_a_difference_and_the_totals_are_by_kind_of_sale() {
        use domain::payment::MoneySource;
        let mut sold = attempt("succeeded", Some("pi_1"), 5_000);
        sold.source = MoneySource::GiftCard;
        let mut deposit = attempt("succeeded", Some("pi_2"), 2_500);
        deposit.source = MoneySource::Deposit;
        deposit.refunded = Money::from_cents(2_500).expect("amount");
        let mut refunded_there = payment("pi_1", ProviderStatus::Succeeded, None, 5_000);
        refunded_there.refunded = Money::from_cents(1_000).expect("amount");
        let mut deposit_there = payment("pi_2", ProviderStatus::Succeeded, None, 2_500);
        deposit_there.refunded = Money::from_cents(2_500).expect("amount");
        let theirs = [refunded_there, deposit_there];
        let ours = [sold, deposit];
        let found = differences(&ours, &theirs);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(
            matches!(&found[0], Difference::Disagree { what, .. } if what == "refunded 0.00 here, 10.00 there")
        );
        let totals = totals(&ours, &theirs);
        let of = |source| *totals.iter().find(|t| t.source == source).expect("each kind");
        assert_eq!(of(MoneySource::Shop).payments, 0);
        let cards = of(MoneySource::GiftCard);
        assert_eq!((cards.charged_here.cents(), cards.charged_there.cents()), (5_000, 5_000));
        assert_eq!((cards.refunded_here.cents(), cards.refunded_there.cents()), (0, 1_000));
        let deposits = of(MoneySource::Deposit);
        assert_eq!((deposits.refunded_here.cents(), deposits.refunded_there.cents()), (2_500, 2_500));
    }
}
