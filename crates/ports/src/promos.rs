//! Promo codes (docs/decisions.md §15): the owner's codes with what they
//! brought, and the checkout's question "what does this cart cost with this
//! code?", answered by the same rules that price the order.

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use uuid::Uuid;

use domain::Email;
use domain::Money;
use domain::audit::Actor;
use domain::order::Quote;
use domain::promo::{PromoCode, PromoCodeText};

/// What a code brought: the orders that used it and still stand (a
/// cancelled order gives its use back).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PromoCodeStats {
    pub uses: u32,
    /// The discounts given, in all.
    pub discount_given: Money,
    /// The totals of those orders, in all.
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
}
