//! Payments as the store keeps them (docs/decisions.md §14): each attempt
//! written before the provider is asked, the provider's word applied to the
//! order (or deposit) it is about under that row's lock, refunds, webhook
//! events kept once, and the unpaid orders the timeout expires.

use async_trait::async_trait;
use bigdecimal::BigDecimal;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use uuid::Uuid;

use domain::Money;
use domain::audit::{Actor, AuditAction, AuditEntity, AuditRecord};
use domain::booking::{Booking, BookingStatus};
use domain::mail::MailEvent;
use domain::order::{Order, OrderKind, OrderStatus, StockMovement};
use domain::payment::{DepositState, MoneySource, OrderPaymentStatus, PaymentState, ProviderWord};
use ports::{
    AttemptAnswer, BeginPaymentError, DepositCharge, EventRecord, KeptAttempt, OrderPaymentView,
    PaymentAttempt, PaymentFailure, PaymentHistory, PaymentPurpose, PaymentRecord, PaymentRepository,
    ProviderPayment, ProviderRefund, ProviderStatus, RefundError, RefundRecord, RefundStart, RefundTarget,
    RepoError, RepoResult, SavedCard, UnpaidOrder, WebhookEvent, status_text,
};

use crate::money::{from_numeric, to_numeric};
use crate::received::{self, Movement};
use crate::schema::{bookings, orders, payment_events, payments, refunds};
use crate::{PgStore, audit, storage, transaction};

/// An attempt in flight for longer than this is taken as lost (its server
/// stopped): another may start, and the reconciliation shows the old one.
const ATTEMPT_LEASE_MINUTES: i64 = 2;

/// Whether an attempt for this order or deposit is still under its lease
/// (being made, or waiting for the provider's answer): then another waits.
fn attempt_in_flight(conn: &mut PgConnection, purpose: PaymentPurpose) -> Result<bool, RepoError> {
    let lease = Utc::now() - chrono::Duration::minutes(ATTEMPT_LEASE_MINUTES);
    let recent = payments::table
        .filter(payments::status.eq_any(["creating", "processing"]))
        .filter(payments::created_at.gt(lease))
        .into_boxed();
    let of_it = match purpose {
        PaymentPurpose::Order(id) => recent.filter(payments::order_id.eq(id)),
        PaymentPurpose::Deposit(id) => recent.filter(payments::booking_id.eq(id)),
    };
    let in_flight: i64 = of_it.count().get_result(conn).map_err(storage)?;
    Ok(in_flight > 0)
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = payments, check_for_backend(diesel::pg::Pg))]
struct PaymentRow {
    id: Uuid,
    order_id: Option<Uuid>,
    booking_id: Option<Uuid>,
    amount: BigDecimal,
    provider_id: Option<String>,
    status: String,
    error: Option<String>,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

impl TryFrom<PaymentRow> for PaymentRecord {
    type Error = RepoError;

    fn try_from(row: PaymentRow) -> RepoResult<Self> {
        let purpose = match (row.order_id, row.booking_id) {
            (Some(order), _) => Some(PaymentPurpose::Order(order)),
            (None, Some(booking)) => Some(PaymentPurpose::Deposit(booking)),
            (None, None) => None,
        };
        Ok(PaymentRecord {
            id: row.id,
            purpose,
            amount: from_numeric(&row.amount)?,
            provider_id: row.provider_id,
            status: row.status,
            error: row.error,
            created_at: row.created_at,
            updated_at: row.updated_at,
        })
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = refunds, check_for_backend(diesel::pg::Pg))]
struct RefundRow {
    id: Uuid,
    payment_id: Uuid,
    amount: BigDecimal,
    provider_id: Option<String>,
    status: String,
    reason: Option<String>,
    created_by: String,
    created_at: DateTime<Utc>,
}

impl TryFrom<RefundRow> for RefundRecord {
    type Error = RepoError;

    fn try_from(row: RefundRow) -> RepoResult<Self> {
        Ok(RefundRecord {
            id: row.id,
            payment: row.payment_id,
            amount: from_numeric(&row.amount)?,
            provider_id: row.provider_id,
            status: row.status,
            reason: row.reason,
            created_by: row.created_by,
            created_at: row.created_at,
        })
    }
}

fn records(rows: Vec<PaymentRow>) -> RepoResult<Vec<PaymentRecord>> {
    rows.into_iter().map(PaymentRecord::try_from).collect()
}

/// The order, locked for the transaction.
fn lock_order(conn: &mut PgConnection, id: Uuid) -> RepoResult<Order> {
    crate::orders::lock_order(conn, id)
}

/// What the provider's status says, as the payment rules hear it.
fn word_of(status: &ProviderStatus) -> Option<ProviderWord> {
    match status {
        ProviderStatus::Succeeded => Some(ProviderWord::Succeeded),
        ProviderStatus::RequiresAction { .. } => Some(ProviderWord::RequiresAction),
        ProviderStatus::Failed { reason } => Some(ProviderWord::Failed { reason: reason.clone() }),
        ProviderStatus::Canceled => Some(ProviderWord::Canceled),
        ProviderStatus::RequiresCapture | ProviderStatus::Processing => None,
    }
}

impl PgStore {
    /// Applies the provider's word to an order under its lock: its payment
    /// state, and its mail once it is paid (the receipt and the owner's alert).
    fn apply_to_order(&self, conn: &mut PgConnection, order_id: Uuid, word: &ProviderWord) -> RepoResult<()> {
        let order = lock_order(conn, order_id)?;
        let status = order.payment.status(order.amount_due());
        let Some(change) = status.hear(word) else { return Ok(()) };
        // Refunded in full: what a gift card paid goes back to it too.
        if change.state == PaymentState::Refunded {
            crate::card_ledger::return_card_payment(conn, &order)?;
        }
        diesel::update(orders::table.find(order_id))
            .set((
                orders::payment_state.eq(change.state.as_str()),
                orders::payment_refunded.eq(to_numeric(change.refunded)),
                orders::payment_error.eq(&change.last_error),
            ))
            .execute(conn)
            .map_err(storage)?;
        // The money moved by this word: received once, given back as it is.
        let source = match order.kind {
            OrderKind::Goods => MoneySource::Shop,
            OrderKind::GiftCard => MoneySource::GiftCard,
        };
        let payment = succeeded_attempt(conn, PaymentPurpose::Order(order_id))?.map(|attempt| attempt.id);
        let moved = |cents| Movement { payment, order: Some(order_id), ..Movement::new(source, cents) };
        if change.newly_paid {
            received::record(conn, moved(order.amount_due().cents()))?;
        }
        if change.refunded > status.refunded {
            received::record(conn, moved(status.refunded.cents() - change.refunded.cents()))?;
        }
        if change.newly_paid {
            let mut paid = order.clone();
            paid.payment.state = change.state;
            paid.payment.last_error = None;
            // Paid after the timeout expired it: the order stands again.
            if order.payment.state == PaymentState::Expired {
                diesel::update(orders::table.find(order_id))
                    .set(orders::status.eq(OrderStatus::Pending.as_str()))
                    .execute(conn)
                    .map_err(storage)?;
                crate::orders::move_stock(conn, &order, StockMovement::TakeAgain)?;
                paid.status = OrderStatus::Pending;
            }
            self.enqueue(conn, &MailEvent::OrderPlaced { order: paid })?;
            // A gift card it bought is issued now.
            self.issue_bought_card(conn, order_id)?;
        }
        Ok(())
    }

    /// Applies the provider's word to a booking's deposit under its lock.
    fn apply_to_deposit(
        &self,
        conn: &mut PgConnection,
        booking_id: Uuid,
        word: &ProviderWord,
    ) -> RepoResult<()> {
        let booking = crate::bookings::lock_booking(conn, booking_id)?;
        let Some(deposit) = &booking.deposit else { return Ok(()) };
        let next = match (deposit.state, word) {
            (
                DepositState::CardSaved | DepositState::RequiresAuthentication | DepositState::Failed,
                ProviderWord::Succeeded,
            ) => Some((DepositState::Paid, None)),
            (DepositState::CardSaved | DepositState::Failed, ProviderWord::RequiresAction) => {
                Some((DepositState::RequiresAuthentication, None))
            }
            (
                DepositState::CardSaved | DepositState::RequiresAuthentication,
                ProviderWord::Failed { reason },
            ) => Some((DepositState::Failed, Some(reason.clone()))),
            _ => None,
        };
        if let Some((state, error)) = next {
            diesel::update(bookings::table.find(booking_id))
                .set((bookings::deposit_state.eq(state.as_str()), bookings::deposit_error.eq(error)))
                .execute(conn)
                .map_err(storage)?;
            if state == DepositState::Paid {
                let payment = succeeded_attempt(conn, PaymentPurpose::Deposit(booking_id))?.map(|a| a.id);
                let received = Movement {
                    payment,
                    booking: Some(booking_id),
                    ..Movement::new(MoneySource::Deposit, deposit.amount.cents())
                };
                received::record(conn, received)?;
            }
            if state == DepositState::RequiresAuthentication {
                let service = crate::bookings::booked_service_of(conn, booking.service)?;
                self.enqueue(conn, &MailEvent::DepositActionRequired { booking: booking.clone(), service })?;
            }
        }
        Ok(())
    }

    fn apply(
        &self,
        conn: &mut PgConnection,
        purpose: Option<PaymentPurpose>,
        word: &ProviderWord,
    ) -> RepoResult<()> {
        match purpose {
            Some(PaymentPurpose::Order(order)) => self.apply_to_order(conn, order, word),
            Some(PaymentPurpose::Deposit(booking)) => self.apply_to_deposit(conn, booking, word),
            None => Ok(()),
        }
    }

    fn order_view(conn: &mut PgConnection, order_id: Uuid) -> RepoResult<OrderPaymentView> {
        let order = crate::orders::find_order(conn, order_id)?;
        Ok(OrderPaymentView {
            order: order.id,
            state: order.payment.state,
            amount: order.amount_due(),
            refunded: order.payment.refunded,
            last_error: order.payment.last_error,
            client_secret: None,
        })
    }

    /// The provider's word about a payment: its attempt's record, then what
    /// the word makes of the order or deposit it pays.
    fn hear_in(&self, conn: &mut PgConnection, payment: &ProviderPayment) -> RepoResult<()> {
        let status = status_text(&payment.status);
        let purpose = match find_attempt(conn, payment)? {
            Some(row) => {
                let record = PaymentRecord::try_from(row)?;
                // A word about an earlier state never overwrites a later one's record
                // (a late `failed` after `succeeded`).
                let settled = record.status == "succeeded" && status != "succeeded";
                if !settled {
                    diesel::update(payments::table.find(record.id))
                        .set((
                            payments::provider_id.eq(&payment.id),
                            payments::status.eq(status),
                            payments::updated_at.eq(Utc::now()),
                        ))
                        .execute(conn)
                        .map_err(storage)?;
                }
                record.purpose
            }
            None => {
                // A payment we have no attempt for (created elsewhere, or lost):
                // kept so the reconciliation lists it; it changes nothing else.
                tracing::warn!(payment = %payment.id, "the provider told of a payment with no record here");
                return Ok(());
            }
        };
        if let Some(word) = word_of(&payment.status) {
            self.apply(conn, purpose, &word)?;
        }
        if payment.refunded > Money::ZERO {
            self.apply(conn, purpose, &ProviderWord::Refunded { total: payment.refunded })?;
        }
        Ok(())
    }

    /// The provider's word that so much of a payment is refunded in all.
    fn hear_refunded_in(
        &self,
        conn: &mut PgConnection,
        provider_payment: &str,
        total: Money,
    ) -> RepoResult<()> {
        let row: Option<PaymentRow> = payments::table
            .filter(payments::provider_id.eq(provider_payment))
            .select(PaymentRow::as_select())
            .first(conn)
            .optional()
            .map_err(storage)?;
        let Some(row) = row else { return Ok(()) };
        let purpose = PaymentRecord::try_from(row)?.purpose;
        self.apply(conn, purpose, &ProviderWord::Refunded { total })
    }
}

/// The attempt a provider's payment is: by its id, else the attempt named in its metadata.
/// Locked `FOR NO KEY UPDATE`, as for every payment row: a payment's key
/// never changes, and a refund being written names its payment (a foreign
/// key check, `FOR KEY SHARE`) while holding its order or booking. A
/// stronger lock here would make that refund and the provider's word (the
/// payment first, then its order or booking) wait on each other.
fn find_attempt(conn: &mut PgConnection, payment: &ProviderPayment) -> RepoResult<Option<PaymentRow>> {
    let by_id = payments::table
        .filter(payments::provider_id.eq(&payment.id))
        .select(PaymentRow::as_select())
        .for_no_key_update()
        .first(conn)
        .optional()
        .map_err(storage)?;
    if by_id.is_some() {
        return Ok(by_id);
    }
    match payment.attempt {
        Some(attempt) => payments::table
            .find(attempt)
            .select(PaymentRow::as_select())
            .for_no_key_update()
            .first(conn)
            .optional()
            .map_err(storage),
        None => Ok(None),
    }
}

#[async_trait]
impl PaymentRepository for PgStore {
    async fn begin_order_payment(&self, order_id: Uuid) -> Result<PaymentAttempt, BeginPaymentError> {
        self.run(move |conn| {
            crate::refusable_transaction(conn, |conn| {
                let order = match lock_order(conn, order_id) {
                    Ok(order) => order,
                    Err(error) => return Err(error),
                };
                if !order.payment.status(order.amount_due()).may_pay()
                    || order.status == OrderStatus::Cancelled
                {
                    return Ok(Err(BeginPaymentError::NotPayable(order.payment.state)));
                }
                if attempt_in_flight(conn, PaymentPurpose::Order(order_id))? {
                    return Ok(Err(BeginPaymentError::InProgress));
                }
                let id = Uuid::new_v4();
                diesel::insert_into(payments::table)
                    .values((
                        payments::id.eq(id),
                        payments::order_id.eq(order_id),
                        payments::amount.eq(to_numeric(order.amount_due())),
                    ))
                    .execute(conn)
                    .map_err(storage)?;
                Ok(Ok(PaymentAttempt {
                    id,
                    purpose: PaymentPurpose::Order(order_id),
                    amount: order.amount_due(),
                }))
            })
        })
        .await
        .map_err(BeginPaymentError::Repo)?
    }

    async fn record_attempt(&self, attempt: Uuid, answer: &AttemptAnswer) -> RepoResult<()> {
        let store = self.clone();
        let answer = answer.clone();
        self.run(move |conn| {
            transaction(conn, |conn| {
                // As `find_attempt`'s lock, and for the same reason.
                let row: PaymentRow = payments::table
                    .find(attempt)
                    .select(PaymentRow::as_select())
                    .for_no_key_update()
                    .first(conn)
                    .map_err(storage)?;
                let purpose = PaymentRecord::try_from(row)?.purpose;
                let (provider_id, status, error, word) = match &answer {
                    Ok(payment) => (
                        Some(payment.id.clone()),
                        status_text(&payment.status).to_owned(),
                        match &payment.status {
                            ProviderStatus::Failed { reason } => Some(reason.clone()),
                            _ => None,
                        },
                        word_of(&payment.status),
                    ),
                    Err(PaymentFailure::Declined { reason, .. }) => (
                        None,
                        "failed".to_owned(),
                        Some(reason.clone()),
                        Some(ProviderWord::Failed { reason: reason.clone() }),
                    ),
                    // Nothing was taken: the guest may try again at once.
                    Err(failure) => (None, "failed".to_owned(), Some(failure.to_string()), None),
                };
                diesel::update(payments::table.find(attempt))
                    .set((
                        payments::provider_id.eq(provider_id.clone().or(None)),
                        payments::status.eq(&status),
                        payments::error.eq(&error),
                        payments::updated_at.eq(Utc::now()),
                    ))
                    .execute(conn)
                    .map_err(storage)?;
                if let Some(word) = word {
                    store.apply(conn, purpose, &word)?;
                }
                Ok(())
            })
        })
        .await
    }

    async fn hear(&self, payment: &ProviderPayment) -> RepoResult<()> {
        let store = self.clone();
        let payment = payment.clone();
        self.run(move |conn| transaction(conn, |conn| store.hear_in(conn, &payment))).await
    }

    async fn take_event(&self, event: &WebhookEvent) -> RepoResult<()> {
        let store = self.clone();
        let event = event.clone();
        let provider_id = event
            .payment
            .as_ref()
            .map(|payment| payment.id.clone())
            .or_else(|| event.refunded.as_ref().map(|(payment, _)| payment.clone()));
        self.run(move |conn| {
            // One transaction: an event whose word could not be applied is
            // not kept either, so the provider's next delivery of it is heard.
            transaction(conn, |conn| {
                let inserted = diesel::insert_into(payment_events::table)
                    .values((
                        payment_events::event_id.eq(&event.id),
                        payment_events::kind.eq(&event.kind),
                        payment_events::provider_id.eq(&provider_id),
                    ))
                    .on_conflict_do_nothing()
                    .execute(conn)
                    .map_err(storage)?;
                // Taken before: heard then.
                if inserted == 0 {
                    return Ok(());
                }
                if let Some(payment) = &event.payment {
                    store.hear_in(conn, payment)?;
                }
                if let Some((payment, total)) = &event.refunded {
                    store.hear_refunded_in(conn, payment, *total)?;
                }
                Ok(())
            })
        })
        .await
    }

    async fn order_payment(&self, order: Uuid) -> RepoResult<OrderPaymentView> {
        self.run(move |conn| PgStore::order_view(conn, order)).await
    }

    async fn begin_deposit_payment(&self, booking_id: Uuid) -> Result<DepositCharge, BeginPaymentError> {
        self.run(move |conn| {
            crate::refusable_transaction(conn, |conn| {
                let booking = crate::bookings::lock_booking(conn, booking_id)?;
                let chargeable = booking.deposit.as_ref().filter(|deposit| {
                    matches!(deposit.state, DepositState::CardSaved | DepositState::Failed)
                        && booking.status != BookingStatus::Cancelled
                });
                let Some(deposit) = chargeable else { return Ok(Err(BeginPaymentError::NoDepositToCharge)) };
                let Some(card) = &deposit.card else { return Ok(Err(BeginPaymentError::NoDepositToCharge)) };
                if attempt_in_flight(conn, PaymentPurpose::Deposit(booking_id))? {
                    return Ok(Err(BeginPaymentError::InProgress));
                }
                let id = Uuid::new_v4();
                diesel::insert_into(payments::table)
                    .values((
                        payments::id.eq(id),
                        payments::booking_id.eq(booking_id),
                        payments::amount.eq(to_numeric(deposit.amount)),
                    ))
                    .execute(conn)
                    .map_err(storage)?;
                Ok(Ok(DepositCharge {
                    attempt: PaymentAttempt {
                        id,
                        purpose: PaymentPurpose::Deposit(booking_id),
                        amount: deposit.amount,
                    },
                    card: SavedCard { customer: card.customer.clone(), method: card.method.clone() },
                }))
            })
        })
        .await
        .map_err(BeginPaymentError::Repo)?
    }

    async fn history(&self, purpose: PaymentPurpose) -> RepoResult<PaymentHistory> {
        self.run(move |conn| {
            let query = payments::table.into_boxed();
            let query = match purpose {
                PaymentPurpose::Order(id) => query.filter(payments::order_id.eq(id)),
                PaymentPurpose::Deposit(id) => query.filter(payments::booking_id.eq(id)),
            };
            let attempts = records(
                query
                    .select(PaymentRow::as_select())
                    .order((payments::created_at.asc(), payments::id.asc()))
                    .load(conn)
                    .map_err(storage)?,
            )?;
            history_of(conn, attempts)
        })
        .await
    }

    async fn unpaid_before(&self, cutoff: DateTime<Utc>, limit: i64) -> RepoResult<Vec<UnpaidOrder>> {
        self.run(move |conn| {
            let ids: Vec<Uuid> =
                orders::table
                    .filter(orders::payment_state.eq_any([
                        PaymentState::AwaitingPayment.as_str(),
                        PaymentState::RequiresAction.as_str(),
                    ]))
                    .filter(orders::created_at.lt(cutoff))
                    .order(orders::created_at.asc())
                    .limit(limit)
                    .select(orders::id)
                    .load(conn)
                    .map_err(storage)?;
            let attempts = records(
                payments::table
                    .filter(payments::order_id.eq_any(&ids))
                    .select(PaymentRow::as_select())
                    .order(payments::created_at.asc())
                    .load(conn)
                    .map_err(storage)?,
            )?;
            Ok(ids
                .into_iter()
                .map(|order| UnpaidOrder {
                    order,
                    attempts: attempts
                        .iter()
                        .filter(|attempt| attempt.purpose == Some(PaymentPurpose::Order(order)))
                        .cloned()
                        .collect(),
                })
                .collect())
        })
        .await
    }

    async fn expire_order(&self, order_id: Uuid) -> RepoResult<bool> {
        self.run(move |conn| {
            transaction(conn, |conn| {
                let order = lock_order(conn, order_id)?;
                if !order.payment.status(order.amount_due()).may_pay() {
                    return Ok(false);
                }
                diesel::update(orders::table.find(order_id))
                    .set((
                        orders::payment_state.eq(PaymentState::Expired.as_str()),
                        orders::status.eq(OrderStatus::Cancelled.as_str()),
                    ))
                    .execute(conn)
                    .map_err(storage)?;
                if order.status != OrderStatus::Cancelled {
                    crate::orders::move_stock(conn, &order, StockMovement::GiveBack)?;
                }
                // Not paid in time: the gift card's part goes back to it.
                crate::card_ledger::return_card_payment(conn, &order)?;
                Ok(true)
            })
        })
        .await
    }

    async fn begin_refund(
        &self,
        target: RefundTarget,
        amount: Option<Money>,
        reason: Option<String>,
        actor: Actor,
    ) -> Result<RefundStart, RefundError> {
        self.run(move |conn| {
            crate::refusable_transaction(conn, |conn| {
                let (paid_attempt, status, entity, id) = match target {
                    RefundTarget::Order(order_id) => {
                        let order = lock_order(conn, order_id)?;
                        let attempt = succeeded_attempt(conn, PaymentPurpose::Order(order_id))?;
                        (attempt, order.payment.status(order.amount_due()), AuditEntity::Order, order_id)
                    }
                    RefundTarget::Deposit(booking_id) => {
                        let booking = crate::bookings::lock_booking(conn, booking_id)?;
                        let attempt = succeeded_attempt(conn, PaymentPurpose::Deposit(booking_id))?;
                        (attempt, deposit_status(&booking), AuditEntity::Booking, booking_id)
                    }
                };
                let Some(attempt) = paid_attempt else {
                    return Ok(Err(RefundError::Refused(domain::payment::RefundRefusal::NothingToRefund)));
                };
                // Refunds asked and not yet answered count as given.
                let pending: Vec<BigDecimal> = refunds::table
                    .filter(refunds::payment_id.eq(attempt.id))
                    .filter(refunds::status.eq("creating"))
                    .select(refunds::amount)
                    .load(conn)
                    .map_err(storage)?;
                if !pending.is_empty() {
                    return Ok(Err(RefundError::InProgress));
                }
                let amount = match status.refund(amount) {
                    Ok(amount) => amount,
                    Err(refusal) => return Ok(Err(RefundError::Refused(refusal))),
                };
                let Some(provider_payment) = attempt.provider_id.clone() else {
                    return Ok(Err(RefundError::Refused(domain::payment::RefundRefusal::NothingToRefund)));
                };
                let refund = Uuid::new_v4();
                diesel::insert_into(refunds::table)
                    .values((
                        refunds::id.eq(refund),
                        refunds::payment_id.eq(attempt.id),
                        refunds::amount.eq(to_numeric(amount)),
                        refunds::reason.eq(&reason),
                        refunds::created_by.eq(&actor.email),
                    ))
                    .execute(conn)
                    .map_err(storage)?;
                let why = reason.as_deref().map(|reason| format!(" ({reason})")).unwrap_or_default();
                audit::record(
                    conn,
                    &actor,
                    AuditRecord::new(
                        entity,
                        Some(id),
                        AuditAction::Refunded,
                        &format!("${amount} refunded{why}"),
                    ),
                )?;
                Ok(Ok(RefundStart { id: refund, provider_payment, amount }))
            })
        })
        .await
        .map_err(RefundError::Repo)?
    }

    async fn record_refund(
        &self,
        refund: Uuid,
        answer: &Result<ProviderRefund, PaymentFailure>,
    ) -> RepoResult<()> {
        let store = self.clone();
        let answer = answer.clone();
        self.run(move |conn| {
            transaction(conn, |conn| {
                let row: RefundRow = refunds::table
                    .find(refund)
                    .select(RefundRow::as_select())
                    .for_update()
                    .first(conn)
                    .map_err(storage)?;
                let (provider_id, status) = match &answer {
                    Ok(done) => {
                        (Some(done.id.clone()), if done.status == "failed" { "failed" } else { "succeeded" })
                    }
                    Err(_) => (None, "failed"),
                };
                diesel::update(refunds::table.find(refund))
                    .set((refunds::provider_id.eq(provider_id), refunds::status.eq(status)))
                    .execute(conn)
                    .map_err(storage)?;
                if status != "succeeded" {
                    return Ok(());
                }
                let payment: PaymentRow = payments::table
                    .find(row.payment_id)
                    .select(PaymentRow::as_select())
                    .first(conn)
                    .map_err(storage)?;
                let amount = from_numeric(&row.amount)?;
                let refunded_total: Vec<BigDecimal> = refunds::table
                    .filter(refunds::payment_id.eq(row.payment_id))
                    .filter(refunds::status.eq("succeeded"))
                    .select(refunds::amount)
                    .load(conn)
                    .map_err(storage)?;
                let total = refunded_total
                    .iter()
                    .try_fold(Money::ZERO, |sum, value| Ok::<_, RepoError>(sum + from_numeric(value)?))?;
                let purpose = PaymentRecord::try_from(payment)?.purpose;
                store.apply_refund(conn, purpose, total, amount)
            })
        })
        .await
    }

    async fn attempts_between(&self, from: DateTime<Utc>, to: DateTime<Utc>) -> RepoResult<Vec<KeptAttempt>> {
        self.run(move |conn| {
            let attempts = records(
                payments::table
                    .filter(payments::created_at.ge(from))
                    .filter(payments::created_at.le(to))
                    .select(PaymentRow::as_select())
                    .order(payments::created_at.asc())
                    .load(conn)
                    .map_err(storage)?,
            )?;
            let ids: Vec<Uuid> = attempts.iter().map(|attempt| attempt.id).collect();
            let refunded: Vec<(Uuid, BigDecimal)> = refunds::table
                .filter(refunds::payment_id.eq_any(&ids))
                .filter(refunds::status.eq("succeeded"))
                .select((refunds::payment_id, refunds::amount))
                .load(conn)
                .map_err(storage)?;
            let orders: Vec<Uuid> = attempts
                .iter()
                .filter_map(|attempt| match attempt.purpose {
                    Some(PaymentPurpose::Order(order)) => Some(order),
                    _ => None,
                })
                .collect();
            let gift_card_sales: Vec<Uuid> = orders::table
                .filter(orders::id.eq_any(&orders))
                .filter(orders::kind.eq(OrderKind::GiftCard.as_str()))
                .select(orders::id)
                .load(conn)
                .map_err(storage)?;
            attempts
                .into_iter()
                .map(|record| {
                    let mut given_back = Money::ZERO;
                    for (_, amount) in refunded.iter().filter(|(payment, _)| *payment == record.id) {
                        given_back = given_back + from_numeric(amount)?;
                    }
                    // Orders are never deleted: a payment with neither is a deleted booking's deposit.
                    let source = match record.purpose {
                        Some(PaymentPurpose::Order(order)) if gift_card_sales.contains(&order) => {
                            MoneySource::GiftCard
                        }
                        Some(PaymentPurpose::Order(_)) => MoneySource::Shop,
                        Some(PaymentPurpose::Deposit(_)) | None => MoneySource::Deposit,
                    };
                    Ok(KeptAttempt { record, source, refunded: given_back })
                })
                .collect()
        })
        .await
    }
}

impl PgStore {
    /// A refund that succeeded: what is refunded in all, and the guest told of this one.
    fn apply_refund(
        &self,
        conn: &mut PgConnection,
        purpose: Option<PaymentPurpose>,
        total: Money,
        amount: Money,
    ) -> RepoResult<()> {
        match purpose {
            Some(PaymentPurpose::Order(order_id)) => {
                self.apply_to_order(conn, order_id, &ProviderWord::Refunded { total })?;
                let order = crate::orders::find_order(conn, order_id)?;
                self.enqueue(conn, &MailEvent::OrderRefunded { order, amount })
            }
            Some(PaymentPurpose::Deposit(booking_id)) => {
                let booking = crate::bookings::lock_booking(conn, booking_id)?;
                let Some(deposit) = &booking.deposit else { return Ok(()) };
                let total = total.min(deposit.amount);
                let state = if total >= deposit.amount { DepositState::Refunded } else { deposit.state };
                if total > deposit.refunded {
                    let payment = succeeded_attempt(conn, PaymentPurpose::Deposit(booking_id))?.map(|a| a.id);
                    let given_back = Movement {
                        payment,
                        booking: Some(booking_id),
                        ..Movement::new(MoneySource::Deposit, deposit.refunded.cents() - total.cents())
                    };
                    received::record(conn, given_back)?;
                }
                diesel::update(bookings::table.find(booking_id))
                    .set((
                        bookings::deposit_state.eq(state.as_str()),
                        bookings::deposit_refunded.eq(to_numeric(total)),
                    ))
                    .execute(conn)
                    .map_err(storage)?;
                let booking = crate::bookings::load_booking(conn, booking_id)?;
                let service = crate::bookings::booked_service_of(conn, booking.service)?;
                self.enqueue(conn, &MailEvent::DepositRefunded { booking, service, amount })
            }
            None => Ok(()),
        }
    }
}

/// A booking's deposit as the refund rules read it.
fn deposit_status(booking: &Booking) -> OrderPaymentStatus {
    match &booking.deposit {
        Some(deposit) => deposit.status(),
        None => OrderPaymentStatus {
            state: PaymentState::Unpaid,
            amount: Money::ZERO,
            refunded: Money::ZERO,
            last_error: None,
        },
    }
}

/// The attempt that took the money, if one did.
fn succeeded_attempt(conn: &mut PgConnection, purpose: PaymentPurpose) -> RepoResult<Option<PaymentRecord>> {
    let query = payments::table.filter(payments::status.eq("succeeded")).into_boxed();
    let query = match purpose {
        PaymentPurpose::Order(id) => query.filter(payments::order_id.eq(id)),
        PaymentPurpose::Deposit(id) => query.filter(payments::booking_id.eq(id)),
    };
    let row: Option<PaymentRow> = query
        .select(PaymentRow::as_select())
        .order(payments::created_at.desc())
        .first(conn)
        .optional()
        .map_err(storage)?;
    row.map(PaymentRecord::try_from).transpose()
}

fn history_of(conn: &mut PgConnection, attempts: Vec<PaymentRecord>) -> RepoResult<PaymentHistory> {
    let ids: Vec<Uuid> = attempts.iter().map(|attempt| attempt.id).collect();
    let refunds = refunds::table
        .filter(refunds::payment_id.eq_any(&ids))
        .select(RefundRow::as_select())
        .order(refunds::created_at.asc())
        .load(conn)
        .map_err(storage)?
        .into_iter()
        .map(RefundRecord::try_from)
        .collect::<RepoResult<Vec<_>>>()?;
    let provider_ids: Vec<String> =
        attempts.iter().filter_map(|attempt| attempt.provider_id.clone()).collect();
    let events = payment_events::table
        .filter(payment_events::provider_id.eq_any(&provider_ids))
        .select((
            payment_events::event_id,
            payment_events::kind,
            payment_events::provider_id,
            payment_events::received_at,
        ))
        .order(payment_events::received_at.asc())
        .load::<(String, String, Option<String>, DateTime<Utc>)>(conn)
        .map_err(storage)?
        .into_iter()
        .map(|(id, kind, provider_id, received_at)| EventRecord { id, kind, provider_id, received_at })
        .collect();
    Ok(PaymentHistory { attempts, refunds, events })
}
