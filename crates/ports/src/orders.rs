//! The order use case: the checkout (a cart's quote with a promo code and a
//! gift card, placing the order, paying it) and the owner's changes of its
//! status with the money it holds (docs/decisions.md §14): a paid order is
//! cancelled only with her word on its payment, a waiting one with its
//! payments cancelled at the provider, and a gift card's order is never
//! shipped. The catalogue hears of the stock every change moves.

use std::sync::Arc;

use uuid::Uuid;

use domain::Money;
use domain::audit::Actor;
use domain::gift_card::{CardRefusal, GiftCardCode};
use domain::order::{Order, OrderRequest, OrderStatus, Quote};
use domain::payment::PaymentState;
use domain::promo::PromoCodeText;
use domain::settlement::{OrderCancellation, PaymentOnCancel, plan_order_cancellation};
use domain::validation::Email;

use crate::auth::Clock;
use crate::error::{OrderError, RepoError};
use crate::gift_cards::GiftCardRepository;
use crate::payments::{OrderPaymentView, PayError, PaymentService, RefundFailure, RefundTarget};
use crate::promos::PromoCodeRepository;
use crate::repositories::{Created, IdempotencyKey, OrderRepository};

/// Told when orders take stock or give it back: the catalogue's read model
/// (the shop's "Only N left") is renewed when a product it shows moved.
pub trait StockEvents: Send + Sync {
    fn stock_moved(&self, products: Vec<Uuid>);
}

/// What the order use case works with.
#[derive(Clone)]
pub struct OrderPorts {
    pub orders: Arc<dyn OrderRepository>,
    pub promos: Arc<dyn PromoCodeRepository>,
    pub gift_cards: Arc<dyn GiftCardRepository>,
    /// Taking money; `None` when payments are off (orders are placed unpaid).
    pub payments: Option<PaymentService>,
    pub stock: Arc<dyn StockEvents>,
    pub clock: Arc<dyn Clock>,
}

/// A cart's price as the order would have it, with what a gift card pays.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CartQuote {
    pub quote: Quote,
    /// The gift card given: its last four characters and what it pays, or
    /// why it cannot pay.
    pub gift_card: Option<Result<(Option<String>, Money), CardRefusal>>,
}

/// Why an order's status was not changed.
#[derive(Debug, thiserror::Error)]
pub enum OrderStatusError {
    /// A gift card's order is delivered by mail, never shipped.
    #[error("{}", domain::order::NOT_A_PARCEL_MESSAGE)]
    NotAParcel,
    /// Cancelling a paid order needs the owner's word on its payment.
    #[error(transparent)]
    HoldsMoney(#[from] domain::settlement::OrderHoldsMoney),
    /// The refund asked for with the cancellation did not go through: the
    /// order is not cancelled.
    #[error(transparent)]
    Refund(RefundFailure),
    /// The provider could not be reached to cancel a waiting payment: the
    /// order is not cancelled (a payment could still land).
    #[error(transparent)]
    Payment(PayError),
    #[error(transparent)]
    Repo(#[from] RepoError),
}

#[derive(Clone)]
pub struct OrderService {
    ports: OrderPorts,
}

impl OrderService {
    pub fn new(ports: OrderPorts) -> Self {
        Self { ports }
    }

    /// Whether orders are paid online (payments on).
    pub fn payments_on(&self) -> bool {
        self.ports.payments.is_some()
    }

    /// What `lines` cost with `promo` today, and what a gift card given
    /// pays of it; nothing is stored (placing the order decides again).
    pub async fn quote(
        &self,
        lines: Vec<(Uuid, u32)>,
        promo: Option<PromoCodeText>,
        guest: Option<Email>,
        gift_card: Option<GiftCardCode>,
    ) -> Result<CartQuote, OrderError> {
        let today = self.ports.clock.local_now().date;
        let quote = self.ports.promos.quote_cart(lines, promo, guest, today).await?;
        let gift_card = match gift_card {
            None => None,
            Some(code) => Some(match self.ports.gift_cards.find_gift_card(&code).await? {
                Some(card) => domain::gift_card::redeem(card.standing(), quote.totals.total, today)
                    .map(|redemption| (card.last_four, redemption.from_card)),
                None => Err(CardRefusal::Unknown),
            }),
        };
        Ok(CartQuote { quote, gift_card })
    }

    /// Places an order priced by the server (with a key, a repeat answers
    /// the first order). With payments on it waits for its payment; off, it
    /// is placed unpaid. The shop's stock is told.
    pub async fn place(
        &self,
        request: OrderRequest,
        key: Option<IdempotencyKey>,
    ) -> Result<Created<Order>, OrderError> {
        let payment = if self.payments_on() { PaymentState::AwaitingPayment } else { PaymentState::Unpaid };
        let created = self.ports.orders.place_order(request, key, payment).await?;
        self.stock_moved(created.get());
        Ok(created)
    }

    /// Pays an order with the payment method the guest's browser created.
    pub async fn pay(&self, order: Uuid, method: &str) -> Result<OrderPaymentView, PayError> {
        let payments = self.ports.payments.as_ref().ok_or(PayError::PaymentsOff)?;
        payments.pay_order(order, method).await
    }

    /// The owner sets an order's status. A gift card's order is never
    /// shipped. Cancelling settles its money first
    /// (`domain::settlement::plan_order_cancellation`): a waiting payment is
    /// cancelled at the provider; a paid one is refunded or kept as `word`
    /// says, or the order is not cancelled. A gift card's part goes back to
    /// the card with the cancellation, and the stock with it.
    pub async fn set_status(
        &self,
        id: Uuid,
        status: OrderStatus,
        word: Option<PaymentOnCancel>,
        actor: Actor,
    ) -> Result<Order, OrderStatusError> {
        let order = self.ports.orders.get_order(id).await?;
        if !order.kind.allows(status) {
            return Err(OrderStatusError::NotAParcel);
        }
        if let Some(payments) = &self.ports.payments
            && status == OrderStatus::Cancelled
            && order.status != OrderStatus::Cancelled
        {
            match plan_order_cancellation(&order, word)? {
                OrderCancellation::Plain | OrderCancellation::Paid { refund: None, .. } => {}
                OrderCancellation::CloseUnpaid => {
                    payments.cancel_waiting_payments(id).await.map_err(OrderStatusError::Payment)?;
                }
                OrderCancellation::Paid { refund: Some(amount), .. } => {
                    let reason = Some("The order was cancelled".to_owned());
                    payments
                        .refund(RefundTarget::Order(id), Some(amount), reason, actor.clone())
                        .await
                        .map_err(OrderStatusError::Refund)?;
                }
            }
        }
        // The store decides again under the order's lock (a payment may have
        // landed meanwhile), closes a never-paid order as expired, and
        // writes what was kept into the audit trail.
        let changed = self.ports.orders.set_order_status(id, status, word, actor).await?;
        self.stock_moved(&changed);
        Ok(changed)
    }

    fn stock_moved(&self, order: &Order) {
        self.ports.stock.stock_moved(order.items.iter().map(|item| item.product_id).collect());
    }
}
