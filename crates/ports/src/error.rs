//! What the ports' operations can fail with. `RepoError` is what any store
//! call can meet; each operation that can be refused for a business reason
//! has its own enum naming exactly those reasons, so callers (the HTTP layer)
//! match on variants, never on sentences.

use domain::booking::{
    Booking, BookingRejection, EntryRejection, GuestCancelRefusal, ServiceKey, StatusChangeRejection,
};
use domain::order::PricingError;

type Cause = Box<dyn std::error::Error + Send + Sync>;

/// What any repository call can fail with.
#[derive(Debug, thiserror::Error)]
pub enum RepoError {
    #[error("not found")]
    NotFound,
    /// The write clashed with a record changed at the same moment (a
    /// constraint no specific error of the operation names). Trying again
    /// after a reload resolves it.
    #[error("That conflicts with a change made at the same moment. Please reload and try again.")]
    Conflict,
    /// The store did not answer in time (every connection busy, or the
    /// database unreachable): the request may succeed if tried again.
    #[error("storage temporarily unavailable")]
    Unavailable(#[source] Cause),
    /// The store itself failed; the cause is for the logs, not the client.
    #[error("storage failure")]
    Storage(#[source] Cause),
}

impl RepoError {
    pub fn storage(error: impl std::error::Error + Send + Sync + 'static) -> Self {
        RepoError::Storage(Box::new(error))
    }

    pub fn unavailable(error: impl std::error::Error + Send + Sync + 'static) -> Self {
        RepoError::Unavailable(Box::new(error))
    }
}

pub type RepoResult<T> = Result<T, RepoError>;

/// An `Idempotency-Key` sent again with a different request.
pub const KEY_REUSED_MESSAGE: &str =
    "This Idempotency-Key was already used for a different request. Use a new key for a new request.";

/// Requesting a booking.
#[derive(Debug, thiserror::Error)]
pub enum BookingError {
    #[error(transparent)]
    Rejected(#[from] BookingRejection),
    /// The promo code does not apply (the words say why).
    #[error(transparent)]
    Promo(domain::promo::PromoRefusal),
    /// The gift card cannot pay the deposit it was to pay.
    #[error(transparent)]
    GiftCard(domain::gift_card::CardRefusal),
    /// A gift card was given for a booking that asks no deposit (or payments
    /// are off): it is taken at the retreat instead.
    #[error("This booking asks for no deposit: bring your gift card to the retreat and we take it off there")]
    GiftCardWithoutDeposit,
    /// The service asks for a deposit and no card was given for it (the
    /// amount the guest's card is to cover; with a gift card, what it leaves).
    #[error(
        "This booking asks for a deposit of ${amount}{}. Please enter your card details.",
        if *rest_of_gift_card { " (what your gift card does not cover)" } else { "" }
    )]
    DepositRequired { amount: domain::Money, rest_of_gift_card: bool },
    /// Saving the guest's card for the deposit failed (declined, or the
    /// provider unreachable): nothing is booked.
    #[error(transparent)]
    Payment(crate::payments::PayError),
    #[error("{KEY_REUSED_MESSAGE}")]
    KeyReused,
    /// The waitlist offer named is no longer held (taken, declined or lapsed).
    #[error(
        "This place is no longer held for you: the offer was taken, declined or has lapsed. Please choose another time."
    )]
    OfferNotHeld,
    #[error(transparent)]
    Repo(#[from] RepoError),
}

/// Deleting a booking.
#[derive(Debug, thiserror::Error)]
pub enum DeleteBookingError {
    /// It still holds the guest's money: cancel it first.
    #[error(transparent)]
    HoldsMoney(#[from] domain::settlement::BookingHoldsMoney),
    #[error(transparent)]
    Repo(#[from] RepoError),
}

/// Changing a booking's status.
#[derive(Debug, thiserror::Error)]
pub enum StatusChangeError {
    #[error(transparent)]
    Rejected(#[from] StatusChangeRejection),
    /// Confirming: the deposit's charge could not be started or the
    /// provider could not be reached (a declined card is not an error: the
    /// deposit shows why).
    #[error(transparent)]
    Payment(crate::payments::PayError),
    /// The status changed, but letting its card go failed.
    #[error(transparent)]
    Refund(crate::payments::RefundFailure),
    #[error(transparent)]
    Repo(#[from] RepoError),
}

/// A guest cancelling their own booking.
#[derive(Debug, thiserror::Error)]
pub enum GuestCancelError {
    #[error(transparent)]
    Refused(#[from] GuestCancelRefusal),
    /// Cancelled, but the deposit's refund did not go through.
    #[error(transparent)]
    Refund(crate::payments::RefundFailure),
    #[error(transparent)]
    Repo(#[from] RepoError),
}

/// Moving a booking.
#[derive(Debug, thiserror::Error)]
pub enum MoveError {
    /// Not movable by this person now (cancelled, past the deadline, no free move left, the same place).
    #[error(transparent)]
    Refused(#[from] domain::booking::MoveRefusal),
    /// A booking of the move cannot take its new place; `along` when it is a
    /// treatment moving with its stay rather than the booking asked for.
    #[error("{rejection}")]
    Rejected { booking: Box<Booking>, along: bool, rejection: domain::booking::BookingRejection },
    #[error(transparent)]
    Repo(#[from] RepoError),
}

/// Creating or replacing an availability entry.
#[derive(Debug, thiserror::Error)]
pub enum AvailabilityError {
    /// The entry names a service record that does not exist (or was just deleted).
    #[error("Unknown service")]
    UnknownService,
    #[error(transparent)]
    Rejected(#[from] EntryRejection),
    #[error(transparent)]
    Repo(#[from] RepoError),
}

/// Creating or updating a service record.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    /// Another record already carries this booking key (one record per key).
    #[error("Another service is already booked as \"{0}\"; remove its booking key first")]
    BookingKeyTaken(ServiceKey),
    #[error(transparent)]
    Repo(#[from] RepoError),
}

/// Creating or updating a journal post.
#[derive(Debug, thiserror::Error)]
pub enum PostError {
    #[error("A post with this slug already exists. Please choose another slug.")]
    DuplicateSlug,
    #[error(transparent)]
    Repo(#[from] RepoError),
}

/// Creating an administrator.
#[derive(Debug, thiserror::Error)]
pub enum CreateAdminError {
    #[error("An admin with this email already exists")]
    EmailTaken,
    #[error(transparent)]
    Repo(#[from] RepoError),
}

/// Changing the team (an invitation, a member's role or access).
#[derive(Debug, thiserror::Error)]
pub enum TeamChangeError {
    #[error(transparent)]
    Refused(#[from] domain::team::TeamError),
    #[error(transparent)]
    Repo(#[from] RepoError),
}

/// Placing an order.
#[derive(Debug, thiserror::Error)]
pub enum OrderError {
    #[error(transparent)]
    Pricing(#[from] PricingError),
    /// The gift card given cannot pay (unknown, spent, void, expired).
    #[error(transparent)]
    GiftCard(#[from] domain::gift_card::CardRefusal),
    #[error("{KEY_REUSED_MESSAGE}")]
    KeyReused,
    #[error(transparent)]
    Repo(#[from] RepoError),
}
