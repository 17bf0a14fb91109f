//! Gift cards (docs/decisions.md §16): buying one (an order with one line),
//! giving one away, finding one by its code, and the owner's work with
//! them. Every change of a balance is a ledger entry written in the same
//! transaction, under the card's row lock.

use async_trait::async_trait;
use chrono::NaiveDate;
use uuid::Uuid;

use domain::Money;
use domain::audit::Actor;
use domain::gift_card::{
    CardRefusal, CardValue, CashOutRefusal, Dedication, GiftCard, GiftCardCode, LedgerEntry,
};
use domain::order::{Customer, Order};
use domain::payment::PaymentState;

use crate::{Created, IdempotencyKey};

/// A card a guest buys: its order is paid as any order is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GiftCardPurchase {
    pub value: CardValue,
    pub dedication: Dedication,
    pub buyer: Customer,
    /// Unpaid (payments off: the card is issued at once) or awaiting payment
    /// (issued when the provider says it is paid).
    pub payment: PaymentState,
}

/// A card the owner gives away (a make-good, a raffle): California lets it
/// expire, if it says so.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PromotionalCard {
    pub amount: Money,
    pub dedication: Dedication,
    pub expires_on: Option<NaiveDate>,
}

/// Why a gift card call did nothing.
#[derive(Debug, thiserror::Error)]
pub enum GiftCardError {
    /// The treatment chosen as the card's value is not offered.
    #[error("Choose a treatment we offer")]
    UnknownService,
    #[error(transparent)]
    Amount(#[from] domain::gift_card::AmountRefusal),
    #[error(transparent)]
    Refused(#[from] CardRefusal),
    #[error(transparent)]
    CashOut(#[from] CashOutRefusal),
    /// The owner asked for more than the card holds.
    #[error("This gift card holds only ${0}")]
    Short(Money),
    #[error("This gift card is already void")]
    AlreadyVoid,
    #[error("{}", crate::error::KEY_REUSED_MESSAGE)]
    KeyReused,
    #[error(transparent)]
    Repo(#[from] crate::RepoError),
}

#[async_trait]
pub trait GiftCardRepository: Send + Sync {
    /// Places the card's order and keeps the card (pending until paid;
    /// with payments off, active at once and its mail queued for its day).
    async fn buy_gift_card(
        &self,
        purchase: GiftCardPurchase,
        key: Option<IdempotencyKey>,
    ) -> Result<Created<Order>, GiftCardError>;
    /// Issues a promotional card at once, audited.
    async fn give_gift_card(&self, card: PromotionalCard, actor: Actor) -> Result<GiftCard, GiftCardError>;
    /// The card a code belongs to, if any.
    async fn find_gift_card(&self, code: &GiftCardCode) -> crate::RepoResult<Option<GiftCard>>;
    async fn gift_card(&self, id: Uuid) -> crate::RepoResult<GiftCard>;
    /// Every card, newest first.
    async fn list_gift_cards(&self) -> crate::RepoResult<Vec<GiftCard>>;
    /// A card's ledger, oldest first.
    async fn gift_card_ledger(&self, id: Uuid) -> crate::RepoResult<Vec<LedgerEntry>>;
    /// Ends a card (its balance is gone), with the owner's reason, audited.
    async fn void_gift_card(&self, id: Uuid, reason: String, actor: Actor)
    -> Result<GiftCard, GiftCardError>;
    /// Takes `amount` off a card for a treatment paid at the retreat.
    async fn redeem_gift_card(
        &self,
        id: Uuid,
        amount: Money,
        note: Option<String>,
        today: NaiveDate,
        actor: Actor,
    ) -> Result<GiftCard, GiftCardError>;
    /// Records the balance (under $10) paid out in cash.
    async fn cash_out_gift_card(&self, id: Uuid, actor: Actor) -> Result<GiftCard, GiftCardError>;
    /// Queues the recipient's mail again (an active card), audited.
    async fn resend_gift_card(&self, id: Uuid, actor: Actor) -> Result<GiftCard, GiftCardError>;
}
