//! Money is never left without a record (docs/decisions.md §14, "Removing
//! what holds money"): what deleting a booking or cancelling an order does
//! with the guest's money it holds, decided before anything is changed.
//!
//! - A booking still under way (pending or confirmed) that holds money (a
//!   card saved or charged for its deposit, a gift card's part of it) is not
//!   deleted: cancelling it first settles the money by the policy (a saved
//!   card let go, a gift card's part given back, a deposit taken refunded or
//!   kept by the owner's choice), and the guest is told. A cancelled or
//!   completed booking may be deleted; the records of its money stay.
//! - An order paid by card is cancelled only with the owner's word on the
//!   payment: refunded (what is left of it) or kept. Never paid, it is
//!   cancelled with its waiting payments at the provider. A gift card's part
//!   goes back to the card either way.

use crate::Money;
use crate::booking::{Booking, BookingStatus};
use crate::order::Order;
use crate::payment::{DepositState, PaymentState};

/// What a booking holds of its guest's money.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HeldByBooking {
    /// The deposit's state and amount (the card's part), when a card is
    /// saved for it or it was charged and not refunded.
    pub deposit: Option<(DepositState, Money)>,
    /// What a gift card paid of the deposit.
    pub gift_card: Option<Money>,
}

/// Why a booking cannot be deleted yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.message())]
pub struct BookingHoldsMoney(pub HeldByBooking);

impl BookingHoldsMoney {
    /// What holds it, and what the owner does about it.
    pub fn message(&self) -> String {
        let HeldByBooking { deposit, gift_card } = self.0;
        let mut held = Vec::new();
        match deposit {
            Some((DepositState::Paid, amount)) => held.push(format!("its ${amount} deposit was charged")),
            Some((_, amount)) => held.push(format!("a card is saved for its ${amount} deposit")),
            None => {}
        }
        if let Some(amount) = gift_card {
            held.push(format!("a gift card paid ${amount} of its deposit"));
        }
        let what = if held.is_empty() { "it holds the guest's money".to_owned() } else { held.join(" and ") };
        format!(
            "This booking cannot be deleted yet: {what}. Cancel it first: the cancellation lets a saved card go \
             and gives a gift card its part back, and a deposit taken can then be refunded or kept. \
             A cancelled booking can be deleted; the records of its payments stay."
        )
    }
}

/// What deleting a booking does with the money it held.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BookingRemoval {
    /// A card still saved for a deposit never charged (a booking completed
    /// without its deposit): let go at the provider first.
    pub release_card: bool,
}

/// Whether `booking` may be deleted, and what is settled first.
pub fn plan_booking_removal(booking: &Booking) -> Result<BookingRemoval, BookingHoldsMoney> {
    use DepositState as D;
    let deposit = booking.deposit.as_ref().filter(|deposit| deposit.state != D::None);
    let card_waiting = deposit
        .is_some_and(|deposit| matches!(deposit.state, D::CardSaved | D::RequiresAuthentication | D::Failed));
    let active = matches!(booking.status, BookingStatus::Pending | BookingStatus::Confirmed);
    if active {
        let taken = deposit.filter(|deposit| {
            matches!(deposit.state, D::CardSaved | D::RequiresAuthentication | D::Failed | D::Paid)
        });
        let held = HeldByBooking {
            deposit: taken.map(|deposit| (deposit.state, deposit.amount)),
            gift_card: booking.gift_card.as_ref().map(|card| card.amount),
        };
        if held.deposit.is_some() || held.gift_card.is_some() {
            return Err(BookingHoldsMoney(held));
        }
    }
    Ok(BookingRemoval { release_card: card_waiting })
}

/// The owner's word on an order's card payment when she cancels it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaymentOnCancel {
    /// Give back all that is left of it.
    Refund,
    /// Keep it (a restocking fee, goods already sent, the guest's wish).
    Keep,
}

/// Why an order cannot be cancelled as asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error(
    "This order was paid ${held} by card. Choose what becomes of the payment when you cancel it: refund it \
     (the guest is mailed) or keep it."
)]
pub struct OrderHoldsMoney {
    /// What is left of the card payment.
    pub held: Money,
}

/// What cancelling an order does with its money.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrderCancellation {
    /// Nothing was taken by card (payments off, already refunded, or paid
    /// by a gift card alone): cancelled as it is.
    Plain,
    /// Never paid: its waiting payments at the provider are cancelled first,
    /// so none is taken afterwards, and it is closed as never paid.
    CloseUnpaid,
    /// Paid: `refund` of it given back first (none: kept, as the owner said).
    Paid { refund: Option<Money>, kept: Money },
}

/// What cancelling `order` does, given the owner's word on its payment.
/// A gift card's part goes back to the card in every case (the store does
/// it with the cancellation).
pub fn plan_order_cancellation(
    order: &Order,
    word: Option<PaymentOnCancel>,
) -> Result<OrderCancellation, OrderHoldsMoney> {
    let status = order.payment.status(order.amount_due());
    let held = status.refundable();
    match order.payment.state {
        PaymentState::AwaitingPayment | PaymentState::RequiresAction => Ok(OrderCancellation::CloseUnpaid),
        PaymentState::Paid | PaymentState::PartiallyRefunded if held > Money::ZERO => match word {
            None => Err(OrderHoldsMoney { held }),
            Some(PaymentOnCancel::Refund) => {
                Ok(OrderCancellation::Paid { refund: Some(held), kept: Money::ZERO })
            }
            Some(PaymentOnCancel::Keep) => Ok(OrderCancellation::Paid { refund: None, kept: held }),
        },
        _ => Ok(OrderCancellation::Plain),
    }
}

#[cfg(test)]
mod tests {
    use chrono::{NaiveDate, Utc};
    use uuid::Uuid;

    use super::*;
    use crate::booking::{ServiceKey, TimeSlot};
    use crate::gift_card::CardPayment;
    use crate::order::{Customer, OrderKind, OrderStatus, OrderTotals};
    use crate::payment::{Deposit, OrderPayment};

    fn money(cents: i64) -> Money {
        Money::from_cents(cents).expect("amount")
    }

    fn booking(status: BookingStatus, deposit: Option<DepositState>, gift_card: Option<i64>) -> Booking {
        Booking {
            id: Uuid::nil(),
            first_name: "Ada".into(),
            last_name: "Lovelace".into(),
            email: "ada@example.com".into(),
            service: ServiceKey::Massage,
            date: NaiveDate::from_ymd_opt(2026, 12, 18).expect("date"),
            check_out: None,
            time: TimeSlot::ElevenAm,
            notes: None,
            status,
            created_at: Utc::now(),
            deposit: deposit.map(|state| Deposit {
                state,
                amount: money(2_500),
                refunded: Money::ZERO,
                error: None,
                card: None,
            }),
            promo: None,
            gift_card: gift_card.map(|cents| CardPayment {
                card_id: Uuid::nil(),
                last_four: "WXYZ".into(),
                amount: money(cents),
            }),
            moves: 0,
            guest_moves: 0,
            guest_confirmed_at: None,
        }
    }

    #[test]
    fn a_booking_under_way_that_holds_money_is_cancelled_before_it_is_deleted() {
        use BookingStatus::{Cancelled, Completed, Confirmed, Pending};
        use DepositState as D;
        for state in [D::CardSaved, D::RequiresAuthentication, D::Failed, D::Paid] {
            for status in [Pending, Confirmed] {
                let refusal =
                    plan_booking_removal(&booking(status, Some(state), None)).expect_err("holds money");
                assert_eq!(refusal.0.deposit, Some((state, money(2_500))), "{state:?} {status:?}");
                assert!(refusal.to_string().contains("Cancel it first"));
            }
        }
        let part =
            plan_booking_removal(&booking(Pending, Some(D::Released), Some(1_000))).expect_err("card part");
        assert_eq!(part.0, HeldByBooking { deposit: None, gift_card: Some(money(1_000)) });
        assert!(part.to_string().contains("a gift card paid $10.00"));
        assert!(
            plan_booking_removal(&booking(Confirmed, Some(D::Paid), None))
                .expect_err("paid")
                .to_string()
                .contains("its $25.00 deposit was charged")
        );
        // No money: deleted as the specification has it.
        for state in [None, Some(D::None), Some(D::Released), Some(D::Refunded)] {
            assert_eq!(
                plan_booking_removal(&booking(Pending, state, None)),
                Ok(BookingRemoval { release_card: false }),
                "{state:?}"
            );
        }
        // Settled: its records stay, the booking goes.
        for state in [D::Paid, D::Kept, D::Refunded, D::Released] {
            for status in [Cancelled, Completed] {
                assert_eq!(
                    plan_booking_removal(&booking(status, Some(state), Some(1_000))),
                    Ok(BookingRemoval { release_card: false })
                );
            }
        }
        assert_eq!(
            plan_booking_removal(&booking(Completed, Some(D::CardSaved), None)),
            Ok(BookingRemoval { release_card: true }),
            "completed without its deposit charged: the card is let go"
        );
    }

    fn order(state: PaymentState, refunded: i64, gift_card: Option<i64>) -> Order {
        Order {
            id: Uuid::nil(),
            kind: OrderKind::Goods,
            customer: Customer {
                first_name: "Ada".into(),
                last_name: "Lovelace".into(),
                email: crate::Email::parse("ada@example.com").expect("email"),
                phone: None,
                address: "1 Pine Rd".into(),
                city: "Idyllwild".into(),
                state: "CA".into(),
                zip: "92549".into(),
            },
            items: Vec::new(),
            totals: OrderTotals::for_subtotal(money(5_000)),
            status: OrderStatus::Pending,
            created_at: Utc::now(),
            payment: OrderPayment { state, refunded: money(refunded), last_error: None },
            promo: None,
            gift_card: gift_card.map(|cents| CardPayment {
                card_id: Uuid::nil(),
                last_four: "WXYZ".into(),
                amount: money(cents),
            }),
        }
    }

    #[test]
    fn a_paid_order_is_cancelled_only_with_the_owner_s_word_on_its_payment() {
        use PaymentState as S;
        // $50 + 8 % + $15 shipping = $69.00.
        let paid = order(S::Paid, 0, None);
        assert_eq!(plan_order_cancellation(&paid, None), Err(OrderHoldsMoney { held: money(6_900) }));
        assert_eq!(
            plan_order_cancellation(&paid, Some(PaymentOnCancel::Refund)),
            Ok(OrderCancellation::Paid { refund: Some(money(6_900)), kept: Money::ZERO })
        );
        assert_eq!(
            plan_order_cancellation(&paid, Some(PaymentOnCancel::Keep)),
            Ok(OrderCancellation::Paid { refund: None, kept: money(6_900) })
        );
        // Part refunded, part paid by a gift card: what is left of the card's payment.
        let part = order(S::PartiallyRefunded, 900, Some(2_000));
        assert_eq!(plan_order_cancellation(&part, None), Err(OrderHoldsMoney { held: money(4_000) }));
        assert!(OrderHoldsMoney { held: money(4_000) }.to_string().contains("$40.00"));
        for state in [S::AwaitingPayment, S::RequiresAction] {
            assert_eq!(
                plan_order_cancellation(&order(state, 0, None), None),
                Ok(OrderCancellation::CloseUnpaid)
            );
        }
        for state in [S::Unpaid, S::Refunded, S::Expired] {
            assert_eq!(plan_order_cancellation(&order(state, 0, None), None), Ok(OrderCancellation::Plain));
        }
        let by_card_alone = order(S::Paid, 0, Some(6_900));
        assert_eq!(plan_order_cancellation(&by_card_alone, None), Ok(OrderCancellation::Plain));
    }
}
