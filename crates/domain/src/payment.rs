//! Taking money (docs/decisions.md §14): what an order's payment and a
//! booking's deposit are at each moment, what the provider's word does to
//! them (in any order, any number of times), what a refund may take, the
//! deposit and its cancellation policy, in integer cents. The provider
//! decides what is paid; these rules decide what its word means here.

use chrono::{Duration, NaiveDateTime};

use crate::money::Money;

crate::text_enum! {
    /// Where an order's payment stands.
    PaymentState {
        /// Payments are off (a demo store): nothing is charged.
        Unpaid,
        /// Placed; the guest's card has not been charged (yet).
        AwaitingPayment,
        /// The guest's bank asks them to authenticate the payment (3-D Secure).
        RequiresAction,
        /// The provider says the money is taken.
        Paid,
        /// Part of the payment was given back.
        PartiallyRefunded,
        /// All of it was given back.
        Refunded,
        /// Not paid in time: the order was cancelled and its stock given back.
        Expired,
    }
}

impl PaymentState {
    /// An order never paid (waiting for the card, at the bank's step, or
    /// expired) counts in no figure of the owner's while payments are on
    /// (docs/decisions.md §14). The database's `order_unpaid` says the same
    /// for the counts it keeps.
    pub fn never_paid(self) -> bool {
        matches!(self, PaymentState::AwaitingPayment | PaymentState::RequiresAction | PaymentState::Expired)
    }
}

crate::text_enum! {
    /// What money was received for (the revenue card's line).
    MoneySource {
        /// An order of goods from the shop.
        Shop,
        /// A booking's deposit.
        Deposit,
        /// A gift card sold (or its balance paid out in cash).
        GiftCard,
    }
}

/// What the payment provider says of one payment (a webhook, or the server
/// reading the payment).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProviderWord {
    /// The money is taken (for a manual capture: captured).
    Succeeded,
    /// The bank asks the guest to authenticate.
    RequiresAction,
    /// The attempt failed; the guest may try another card.
    Failed { reason: String },
    /// The payment was cancelled at the provider.
    Canceled,
    /// So much of it has been refunded in all (cumulative, as the provider counts it).
    Refunded { total: Money },
}

/// What a word changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentChange {
    pub state: PaymentState,
    pub refunded: Money,
    /// Why the last attempt failed, in the bank's words (kept until one succeeds).
    pub last_error: Option<String>,
    /// The payment became paid with this word: the order's confirmation is sent now.
    pub newly_paid: bool,
}

/// An order's payment as it stands (its amount is the order's total).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderPayment {
    pub state: PaymentState,
    pub refunded: Money,
    /// Why the last attempt failed, in the bank's words.
    pub last_error: Option<String>,
}

impl OrderPayment {
    /// A new order's: unpaid with payments off, else awaiting payment.
    pub fn new(state: PaymentState) -> Self {
        Self { state, refunded: Money::ZERO, last_error: None }
    }

    /// With the order's total: what the rules read.
    pub fn status(&self, amount: Money) -> OrderPaymentStatus {
        OrderPaymentStatus {
            state: self.state,
            amount,
            refunded: self.refunded,
            last_error: self.last_error.clone(),
        }
    }
}

/// A card kept at the provider for a booking's deposit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DepositCard {
    pub customer: String,
    pub method: String,
}

/// A booking's deposit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deposit {
    pub state: DepositState,
    pub amount: Money,
    pub refunded: Money,
    /// Why charging the card failed, in the bank's words.
    pub error: Option<String>,
    pub card: Option<DepositCard>,
}

impl Deposit {
    /// As the refund rules read it: taken (paid, or kept after a late
    /// cancellation) it can be refunded; otherwise nothing was paid.
    pub fn status(&self) -> OrderPaymentStatus {
        OrderPaymentStatus {
            state: match self.state {
                DepositState::Paid | DepositState::Kept => PaymentState::Paid,
                DepositState::Refunded => PaymentState::Refunded,
                _ => PaymentState::AwaitingPayment,
            },
            amount: self.amount,
            refunded: self.refunded,
            last_error: None,
        }
    }
}

/// An order's payment as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderPaymentStatus {
    pub state: PaymentState,
    pub amount: Money,
    pub refunded: Money,
    pub last_error: Option<String>,
}

impl OrderPaymentStatus {
    /// What `word` does. Words arrive late, twice or out of order: a paid
    /// payment is never made unpaid by a late failure, a refund total never
    /// goes down, and a word that changes nothing returns `None`.
    pub fn hear(&self, word: &ProviderWord) -> Option<PaymentChange> {
        use PaymentState as S;
        let unchanged = |state| PaymentChange {
            state,
            refunded: self.refunded,
            last_error: self.last_error.clone(),
            newly_paid: false,
        };
        let change = match (self.state, word) {
            (S::AwaitingPayment | S::RequiresAction, ProviderWord::Succeeded) => {
                PaymentChange { last_error: None, newly_paid: true, ..unchanged(S::Paid) }
            }
            // The timeout expired it, but the bank had said yes first: the
            // money is taken and the order stands (the expiry job asks the
            // provider before it expires anything; this is the race it loses).
            (S::Expired, ProviderWord::Succeeded) => {
                PaymentChange { last_error: None, newly_paid: true, ..unchanged(S::Paid) }
            }
            (S::AwaitingPayment, ProviderWord::RequiresAction) => unchanged(S::RequiresAction),
            (S::AwaitingPayment | S::RequiresAction, ProviderWord::Failed { reason }) => {
                PaymentChange { last_error: Some(reason.clone()), ..unchanged(S::AwaitingPayment) }
            }
            (S::Paid | S::PartiallyRefunded | S::Refunded, ProviderWord::Refunded { total })
                if *total > self.refunded =>
            {
                let total = (*total).min(self.amount);
                let state = if total >= self.amount { S::Refunded } else { S::PartiallyRefunded };
                PaymentChange { refunded: total, ..unchanged(state) }
            }
            _ => return None,
        };
        (change.state != self.state
            || change.refunded != self.refunded
            || change.last_error != self.last_error)
            .then_some(change)
    }

    /// What is left to refund.
    pub fn refundable(&self) -> Money {
        match self.state {
            PaymentState::Paid | PaymentState::PartiallyRefunded => {
                Money::from_cents(self.amount.cents() - self.refunded.cents()).unwrap_or(Money::ZERO)
            }
            _ => Money::ZERO,
        }
    }

    /// A refund of `amount` (all that is left when `None`), or why not.
    pub fn refund(&self, amount: Option<Money>) -> Result<Money, RefundRefusal> {
        let left = self.refundable();
        if left == Money::ZERO {
            return Err(RefundRefusal::NothingToRefund);
        }
        let amount = amount.unwrap_or(left);
        if amount == Money::ZERO || amount > left {
            return Err(RefundRefusal::TooMuch { left });
        }
        Ok(amount)
    }

    /// Whether the guest can still pay (another card, or the same again).
    pub fn may_pay(&self) -> bool {
        matches!(self.state, PaymentState::AwaitingPayment | PaymentState::RequiresAction)
    }
}

/// Why a refund cannot be made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum RefundRefusal {
    #[error("Nothing was paid that could be refunded.")]
    NothingToRefund,
    #[error("A refund can be at most ${left}.")]
    TooMuch { left: Money },
}

/// Whether an order placed at `placed` and still awaiting payment at `now`
/// has waited longer than `timeout_minutes`.
pub fn payment_timed_out(
    placed: chrono::DateTime<chrono::Utc>,
    now: chrono::DateTime<chrono::Utc>,
    timeout_minutes: i64,
) -> bool {
    now - placed >= Duration::minutes(timeout_minutes)
}

/// The deposit a service asks for when it is booked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DepositPolicy {
    #[default]
    None,
    /// A fixed amount (never more than the booking's price).
    Fixed(Money),
    /// A share of the booking's price, 1 to 100 %, rounded half-up to the cent.
    Percent(u8),
}

/// A deposit's percentage out of 1–100.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("A deposit percentage must be a whole number from 1 to 100")]
pub struct PercentError;

impl DepositPolicy {
    /// The policy from a percentage, 1 to 100 (0 is none).
    pub fn percent(value: i64) -> Result<Self, PercentError> {
        match value {
            0 => Ok(Self::None),
            1..=100 => u8::try_from(value).map(Self::Percent).map_err(|_| PercentError),
            _ => Err(PercentError),
        }
    }

    /// The deposit for a booking whose price is `price` (a stay's: the nightly
    /// price times its nights); `None` when none is asked.
    pub fn deposit_for(self, price: Money) -> Option<Money> {
        let amount = match self {
            DepositPolicy::None => return None,
            DepositPolicy::Fixed(amount) => amount.min(price),
            DepositPolicy::Percent(percent) => price.percent_half_up(i64::from(percent)),
        };
        (amount > Money::ZERO).then_some(amount)
    }
}

/// The price of a booking: a stay's nightly price times its nights, else the price.
pub fn booking_price(price: Money, nights: Option<u32>) -> Money {
    match nights {
        Some(nights) => price.times(nights).unwrap_or(price),
        None => price,
    }
}

crate::text_enum! {
    /// Where a booking's deposit stands.
    DepositState {
        /// The service asks for none (or payments are off).
        None,
        /// The guest's card is saved; nothing is charged until the owner confirms.
        CardSaved,
        /// The owner confirmed; the guest's bank asks them to authenticate the charge.
        RequiresAuthentication,
        /// The deposit is taken.
        Paid,
        /// Charging the saved card failed (the owner sees why).
        Failed,
        /// Nothing was charged and the card was let go (declined, or cancelled in time).
        Released,
        /// The deposit was given back.
        Refunded,
        /// Cancelled late: the retreat keeps the deposit, as its policy says.
        Kept,
    }
}

/// What the cancellation policy says of a guest's cancellation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CancellationTerms {
    /// In time: a deposit taken is refunded, a saved card let go.
    Free,
    /// Too late for a free cancellation: a deposit taken is kept.
    DepositKept,
}

/// The policy: free until `free_hours` before the booking begins (local
/// time), then the deposit is kept.
pub fn cancellation_terms(
    starts_at: NaiveDateTime,
    now: NaiveDateTime,
    free_hours: i64,
) -> CancellationTerms {
    if now < starts_at - Duration::hours(free_hours) {
        CancellationTerms::Free
    } else {
        CancellationTerms::DepositKept
    }
}

/// The policy in words, for the booking dialog, the mails and the manage page.
pub fn cancellation_policy_text(free_hours: i64) -> String {
    format!(
        "Free cancellation until {free_hours} hours before your booking begins; after that, the deposit is kept."
    )
}

/// What a deposit becomes when its booking is cancelled under `terms`.
pub fn deposit_after_cancellation(state: DepositState, terms: CancellationTerms) -> DepositOutcome {
    use DepositState as D;
    match (state, terms) {
        (D::CardSaved | D::RequiresAuthentication | D::Failed, _) => DepositOutcome::Release,
        (D::Paid, CancellationTerms::Free) => DepositOutcome::Refund,
        (D::Paid, CancellationTerms::DepositKept) => DepositOutcome::Keep,
        (D::None | D::Released | D::Refunded | D::Kept, _) => DepositOutcome::Nothing,
    }
}

/// A deposit's state once its booking is cancelled, by its guest under
/// `terms` or by the owner (`None`): a card saved (or a charge not taken) is
/// let go; a deposit taken is kept after a late cancellation, and otherwise
/// stays paid until it is refunded (at once after a guest's timely
/// cancellation; the owner chooses after their own).
pub fn deposit_state_after_cancellation(
    state: DepositState,
    terms: Option<CancellationTerms>,
) -> DepositState {
    match terms {
        Some(terms) => match deposit_after_cancellation(state, terms) {
            DepositOutcome::Release => DepositState::Released,
            DepositOutcome::Keep => DepositState::Kept,
            DepositOutcome::Refund | DepositOutcome::Nothing => state,
        },
        None => match state {
            DepositState::CardSaved | DepositState::RequiresAuthentication | DepositState::Failed => {
                DepositState::Released
            }
            other => other,
        },
    }
}

/// What to do with a deposit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DepositOutcome {
    /// Let the saved card go; nothing was taken.
    Release,
    /// Give the deposit back.
    Refund,
    /// Keep it (a late cancellation).
    Keep,
    Nothing,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn money(cents: i64) -> Money {
        Money::from_cents(cents).expect("amount")
    }

    fn awaiting(amount: i64) -> OrderPaymentStatus {
        OrderPaymentStatus {
            state: PaymentState::AwaitingPayment,
            amount: money(amount),
            refunded: Money::ZERO,
            last_error: None,
        }
    }

    fn after(mut status: OrderPaymentStatus, word: ProviderWord) -> OrderPaymentStatus {
        if let Some(change) = status.hear(&word) {
            status.state = change.state;
            status.refunded = change.refunded;
            status.last_error = change.last_error;
        }
        status
    }

    #[test]
    fn the_provider_s_words_in_any_order_and_twice_end_in_the_same_state() {
        let fail = ProviderWord::Failed { reason: "Your card has insufficient funds.".into() };
        let orders = [
            vec![fail.clone(), ProviderWord::Succeeded],
            vec![ProviderWord::Succeeded, fail.clone()],
            vec![ProviderWord::Succeeded, ProviderWord::Succeeded, fail.clone(), ProviderWord::Canceled],
            vec![ProviderWord::RequiresAction, ProviderWord::Succeeded, ProviderWord::RequiresAction],
        ];
        for words in orders {
            let end = words.iter().cloned().fold(awaiting(5_000), after);
            assert_eq!(end.state, PaymentState::Paid, "{words:?}");
            assert_eq!(end.last_error, None, "{words:?}");
        }
    }

    #[test]
    fn the_first_success_is_the_moment_it_is_paid_and_a_repeat_changes_nothing() {
        let change = awaiting(5_000).hear(&ProviderWord::Succeeded).expect("paid");
        assert!(change.newly_paid);
        let paid = after(awaiting(5_000), ProviderWord::Succeeded);
        assert_eq!(paid.hear(&ProviderWord::Succeeded), None);
        assert_eq!(paid.hear(&ProviderWord::Failed { reason: "late".into() }), None);
    }

    #[test]
    fn a_failure_keeps_the_bank_s_reason_and_the_guest_may_try_again() {
        let failed =
            after(awaiting(5_000), ProviderWord::Failed { reason: "Your card was declined.".into() });
        assert_eq!(failed.state, PaymentState::AwaitingPayment);
        assert_eq!(failed.last_error.as_deref(), Some("Your card was declined."));
        assert!(failed.may_pay());
        assert!(!after(failed, ProviderWord::Succeeded).may_pay());
    }

    #[test]
    fn refunds_count_up_to_the_amount_and_never_down() {
        let paid = after(awaiting(10_000), ProviderWord::Succeeded);
        assert_eq!(paid.refund(Some(money(2_500))), Ok(money(2_500)));
        assert_eq!(paid.refund(None), Ok(money(10_000)), "all that is left");
        assert_eq!(paid.refund(Some(money(10_001))), Err(RefundRefusal::TooMuch { left: money(10_000) }));
        assert_eq!(paid.refund(Some(Money::ZERO)), Err(RefundRefusal::TooMuch { left: money(10_000) }));
        let part = after(paid, ProviderWord::Refunded { total: money(2_500) });
        assert_eq!((part.state, part.refundable()), (PaymentState::PartiallyRefunded, money(7_500)));
        let same = after(part.clone(), ProviderWord::Refunded { total: money(1_000) });
        assert_eq!(same, part, "an older, smaller total changes nothing");
        let all = after(part, ProviderWord::Refunded { total: money(10_000) });
        assert_eq!((all.state, all.refundable()), (PaymentState::Refunded, Money::ZERO));
        assert_eq!(all.refund(None), Err(RefundRefusal::NothingToRefund));
        assert_eq!(awaiting(1).refund(None), Err(RefundRefusal::NothingToRefund), "nothing paid yet");
    }

    #[test]
    fn a_payment_that_succeeds_after_its_order_expired_is_paid() {
        let expired = OrderPaymentStatus { state: PaymentState::Expired, ..awaiting(3_000) };
        assert_eq!(after(expired, ProviderWord::Succeeded).state, PaymentState::Paid);
    }

    #[test]
    fn unpaid_orders_time_out_after_the_set_minutes() {
        let placed = chrono::Utc::now();
        assert!(!payment_timed_out(placed, placed + Duration::minutes(29), 30));
        assert!(payment_timed_out(placed, placed + Duration::minutes(30), 30));
    }

    #[test]
    fn deposits_are_a_fixed_amount_or_a_share_in_cents_half_up() {
        assert_eq!(DepositPolicy::None.deposit_for(money(12_000)), None);
        assert_eq!(DepositPolicy::Fixed(money(5_000)).deposit_for(money(12_000)), Some(money(5_000)));
        assert_eq!(
            DepositPolicy::Fixed(money(50_000)).deposit_for(money(12_000)),
            Some(money(12_000)),
            "at most the price"
        );
        assert_eq!(DepositPolicy::Percent(25).deposit_for(money(8_500)), Some(money(2_125)));
        // 33 % of $0.15 is 4.95 cents: half-up to 5.
        assert_eq!(DepositPolicy::Percent(33).deposit_for(money(15)), Some(money(5)));
        assert_eq!(DepositPolicy::Percent(1).deposit_for(money(10)), None, "rounds to nothing: none");
        assert_eq!(booking_price(money(18_000), Some(3)), money(54_000), "a stay: the nights");
        assert_eq!(DepositPolicy::percent(0), Ok(DepositPolicy::None));
        assert_eq!(DepositPolicy::percent(101), Err(PercentError));
    }

    #[test]
    fn a_cancellation_is_free_until_the_policy_s_hours_then_the_deposit_is_kept() {
        let starts = chrono::NaiveDate::from_ymd_opt(2026, 12, 18)
            .and_then(|d| d.and_hms_opt(11, 0, 0))
            .expect("time");
        let free = starts - Duration::hours(48) - Duration::minutes(1);
        let late = starts - Duration::hours(48);
        assert_eq!(cancellation_terms(starts, free, 48), CancellationTerms::Free);
        assert_eq!(cancellation_terms(starts, late, 48), CancellationTerms::DepositKept);
        assert_eq!(
            deposit_after_cancellation(DepositState::Paid, CancellationTerms::Free),
            DepositOutcome::Refund
        );
        assert_eq!(
            deposit_after_cancellation(DepositState::Paid, CancellationTerms::DepositKept),
            DepositOutcome::Keep
        );
        assert_eq!(
            deposit_after_cancellation(DepositState::CardSaved, CancellationTerms::DepositKept),
            DepositOutcome::Release,
            "nothing was taken before the owner confirmed: nothing is kept"
        );
        assert!(cancellation_policy_text(48).contains("48 hours"));
    }

    #[test]
    fn a_cancelled_booking_lets_its_card_go_and_keeps_a_deposit_only_after_a_late_guest_cancellation() {
        use CancellationTerms::{DepositKept, Free};
        use DepositState as D;
        let after = deposit_state_after_cancellation;
        assert_eq!(after(D::CardSaved, Some(Free)), D::Released);
        assert_eq!(after(D::CardSaved, Some(DepositKept)), D::Released, "nothing was taken to keep");
        assert_eq!(after(D::RequiresAuthentication, None), D::Released);
        assert_eq!(after(D::Paid, Some(Free)), D::Paid, "paid until the refund goes through");
        assert_eq!(after(D::Paid, Some(DepositKept)), D::Kept);
        assert_eq!(after(D::Paid, None), D::Paid, "the owner chooses to refund");
        assert_eq!(after(D::None, Some(Free)), D::None);
        assert_eq!(after(D::Refunded, None), D::Refunded);
    }
}
