//! Promo codes (docs/decisions.md §15): the owner's codes with what they
//! brought, and the checkout's question "what does this cart cost with this
//! code?", answered by the same rules that price the order.

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use uuid::Uuid;

use domain::Email;
use domain::Money;
use domain::audit::Actor;
use domain::booking::ServiceKey;
use domain::order::Quote;
use domain::promo::{PromoCode, PromoCodeText};

/// What a code brought: the orders and bookings that used it and still
/// stand (a cancelled one gives its use back).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PromoCodeStats {
    pub uses: u32,
    /// The discounts given, in all.
    pub discount_given: Money,
    /// The totals of those orders, in all (bookings are paid at the retreat).
    pub revenue: Money,
}

/// A code as the dashboard lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PromoCodeEntry {
    pub promo: PromoCode,
    pub stats: PromoCodeStats,
    pub created_at: DateTime<Utc>,
}

/// Why a code could not be saved.
#[derive(Debug, thiserror::Error)]
pub enum PromoCodeError {
    #[error("Another promo code is already called {0}")]
    CodeTaken(String),
    #[error(transparent)]
    Repo(#[from] crate::RepoError),
}

#[async_trait]
pub trait PromoCodeRepository: Send + Sync {
    /// Every code, newest first, with what it brought.
    async fn list_promo_codes(&self) -> crate::RepoResult<Vec<PromoCodeEntry>>;
    /// Stores a new code (its `id` is chosen here) with its audit record.
    async fn create_promo_code(
        &self,
        promo: PromoCode,
        actor: Actor,
    ) -> Result<PromoCodeEntry, PromoCodeError>;
    /// Replaces a code's settings (`NotFound` for an unknown id), audited.
    async fn update_promo_code(
        &self,
        promo: PromoCode,
        actor: Actor,
    ) -> Result<PromoCodeEntry, PromoCodeError>;
    /// What `lines` cost with `promo` today, priced from the catalogue as
    /// it is now; nothing is stored or reserved (placing the order decides again).
    async fn quote_cart(
        &self,
        lines: Vec<(Uuid, u32)>,
        promo: Option<PromoCodeText>,
        guest: Option<Email>,
        placed_on: NaiveDate,
    ) -> Result<Quote, crate::OrderError>;
    /// What a booking of `service` (a stay: of `nights`) costs with `promo`
    /// today; `None` when no service carries the key. Nothing is stored
    /// (the request decides again, with its capacity).
    async fn quote_booking(
        &self,
        service: ServiceKey,
        nights: Option<u32>,
        promo: &PromoCodeText,
        guest: Option<Email>,
        today: NaiveDate,
    ) -> Result<Option<BookingQuote>, BookingQuoteError>;
}

/// A booking's price with a promo code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookingQuote {
    /// The service's price (a stay's: all its nights).
    pub price: Money,
    pub promo: domain::promo::AppliedPromo,
}

impl BookingQuote {
    /// What is left to pay after the discount.
    pub fn total(&self) -> Money {
        self.price.minus(self.promo.amount)
    }
}

/// Why a booking's code was not priced.
#[derive(Debug, thiserror::Error)]
pub enum BookingQuoteError {
    #[error(transparent)]
    Refused(#[from] domain::promo::PromoRefusal),
    #[error(transparent)]
    Repo(#[from] crate::RepoError),
}
