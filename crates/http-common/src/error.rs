//! One error type for every handler, rendered as the JSON shape of
//! docs/decisions.md §3: `{"code": "...", "message": "...", "errors": {"field": "message"}}`.
//! The `code` is the stable, machine-readable reason (clients switch on it);
//! the `message` is for people and may be reworded.

use std::collections::BTreeMap;

use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, ResponseError, error as actix_error};
use serde::Serialize;
use utoipa::ToSchema;

use crate::validation::ValidationErrors;
use domain::booking::{BookingRejection, EntryRejection, StatusChangeRejection};
use domain::order::PricingError;
use ports::{
    AuthError, AvailabilityError, BeginPaymentError, BookingError, DeleteBookingError, GuestCancelError,
    MoveError, OrderError, OrderStatusError, PayError, PaymentFailure, PostError, RefundError, RefundFailure,
    RepoError, ServiceError, StatusChangeError, WebhookFailure, WebhookRefusal,
};

/// Why a request failed, for programs. Every error response carries one; the
/// set only grows. Each code always comes with the same HTTP status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// 400: fields are missing or invalid; `errors` names each field.
    ValidationFailed,
    /// 400: the body is not a JSON object of the documented shape.
    InvalidJson,
    /// 400: an id in the path is not a uuid (or a slug is not a slug).
    InvalidId,
    /// 400: the query string cannot be read.
    InvalidQuery,
    /// 401: no valid admin token (missing, malformed, forged, expired, revoked).
    Unauthenticated,
    /// 401: the login's email and password do not match an active admin.
    InvalidCredentials,
    /// 401: the password was right and the member has a second factor: the
    /// body's `secondFactor` names the step to finish the sign-in with.
    SecondFactorRequired,
    /// 401: the second step's code is wrong or was used before, or the passkey's answer was refused.
    InvalidCode,
    /// 401: the sign-in step has expired, was used, or took too many wrong codes: log in again.
    SignInExpired,
    /// 403: the owner requires a second factor of every member and this one has none yet:
    /// only the Security calls (`/api/admin/two-factor…`, `/api/admin/passkeys…`), `me` and logout answer.
    TwoFactorSetupRequired,
    /// 403: the signed-in team member's role may not do this (staff calling an owner's call).
    Forbidden,
    /// 404: no such record, or no such API endpoint.
    NotFound,
    /// 404: a guest link (manage a booking, unsubscribe) that is tampered with or has expired.
    InvalidLink,
    /// 405: the path exists but not with this method (see `Allow`).
    MethodNotAllowed,
    /// 408: the body did not arrive in time (a stalled upload).
    RequestTimeout,
    /// 413: the body is larger than the server accepts.
    PayloadTooLarge,
    /// 415: the body is not `application/json`.
    UnsupportedMediaType,
    /// 429: too many attempts; try again after `Retry-After` seconds.
    RateLimited,
    /// 409: the booking's date is before today (in the retreat's time zone).
    DatePassed,
    /// 409: today's time slot has already begun.
    TimePassed,
    /// 409: the time begins sooner than the owner's minimum notice (the message says how long).
    TooSoon,
    /// 409: the date is further ahead than the owner's booking horizon (the message says how far).
    BeyondHorizon,
    /// 409: a blackout period closes the date for this service.
    DateBlackedOut,
    /// 409: an availability entry blocks the date or time.
    DateBlocked,
    /// 409: the day's capacity for this service is used up.
    DayFull,
    /// 409: the time slot's capacity is used up.
    SlotFull,
    /// 409: a night of a stay of two or more nights is blacked out or blocked (the message names it).
    NightUnavailable,
    /// 409: a night of a stay of two or more nights is fully booked (the message names it).
    NightFull,
    /// 409: the guest already has as many requests waiting for this date as one may hold.
    BookingLimitReached,
    /// 409: the booking can no longer be cancelled online (too close to its start, or over).
    CancellationClosed,
    /// 409: the booking is already cancelled.
    AlreadyCancelled,
    /// 409: reinstating a cancelled booking would exceed capacity.
    NoCapacity,
    /// 409: an availability entry's capacity cannot go below its bookings.
    CapacityBelowBookings,
    /// 409: the cart's prices or totals differ from the server's; nothing was stored.
    PricesChanged,
    /// 409: a line asks for more of a product than is left; the message names
    /// the product and what is left. Nothing was stored.
    OutOfStock,
    /// 409: another post has this slug.
    DuplicateSlug,
    /// 409: another promo code has this name.
    DuplicatePromoCode,
    /// 409: this listing calendar is imported already.
    DuplicateImport,
    /// 409: the visit is not over yet, so it cannot be rated.
    VisitNotOver,
    /// 409: the rating was given more than 30 days ago and can no longer change.
    RatingClosed,
    /// 409: the waitlist offer is no longer held (taken, declined or lapsed).
    OfferNotHeld,
    /// 409: the guest's details cannot be erased yet: she has a visit to come
    /// or an order not yet shipped (the message says which).
    ErasureBlocked,
    /// 409: the intake form is locked: the visit is too close (the owner's hours), or the booking is cancelled.
    IntakeLocked,
    /// 409: the promo code does not apply to this purchase; the message says
    /// why (unknown, not active, outside its dates, used up, below its minimum...).
    /// Nothing was stored.
    PromoCodeRefused,
    /// 409: the gift card cannot pay (spent, void, expired, or holding less
    /// than the owner asked for); the message says why. Nothing was stored.
    GiftCardRefused,
    /// 404: no gift card has this code.
    GiftCardNotFound,
    /// 409: another service carries this booking key.
    BookingKeyTaken,
    /// 422: the upload is a taken type but cannot be kept: too many pixels
    /// (a decompression bomb), unreadable, or metadata that cannot be removed;
    /// the message says which.
    MediaRefused,
    /// 409: the file is still shown by a product, gallery, service or post (the message names them).
    MediaInUse,
    /// 409: this Idempotency-Key came with a different request before.
    IdempotencyKeyReused,
    /// 409: the change clashed with one made at the same moment; reload and retry.
    Conflict,
    /// 409: the change would leave the team without an active owner.
    LastOwner,
    /// 409: someone with this email is already on the team.
    AlreadyMember,
    /// 409: passkeys cannot be used: the site is not served from a domain name (`PUBLIC_URL`).
    PasskeysUnavailable,
    /// 409: setting up a second factor, the app's code or the browser's passkey answer was refused
    /// (the message says why); the member stays signed in and may try again.
    CodeRefused,
    /// 402: the bank declined the card; the message says why, in the bank's words.
    /// The guest may try another card.
    PaymentDeclined,
    /// 402: this needs a card (payments are on): a `paymentMethodId` from the provider.
    PaymentRequired,
    /// 409: a payment of this order is already under way.
    PaymentInProgress,
    /// 409: the order is not waiting for payment (paid, refunded or expired).
    NotPayable,
    /// 409: payments are off (a demo store): nothing is charged.
    PaymentsOff,
    /// 409: the booking still holds the guest's money (a card saved or charged
    /// for its deposit, a gift card's part of it): cancel it first, then
    /// delete it. The message says what it holds.
    BookingHoldsMoney,
    /// 409: a gift card's order is never shipped (it is delivered by mail).
    NotAParcel,
    /// 409: the guest can no longer move this booking online (too close to
    /// its start, or it has taken place); the message says whom to call.
    MoveClosed,
    /// 409: the guest has used the free moves the retreat gives a booking;
    /// the message says what changing it again costs.
    NoFreeMoves,
    /// 409: the order was paid by card: cancelling it needs `payment` —
    /// `refund` (all that is left) or `keep`. The message says how much.
    OrderHoldsMoney,
    /// 409: the refund cannot be made (nothing paid, or more than is left).
    RefundRefused,
    /// 400: a webhook whose signature is missing, wrong or too old.
    InvalidSignature,
    /// 503: the payment provider could not be reached; nothing was charged. Try again.
    PaymentProviderUnavailable,
    /// 503: the database did not answer in time; try again shortly.
    TemporarilyUnavailable,
    /// 500: a fault on the server's side (logged); the request may be retried.
    InternalError,
}

impl ErrorCode {
    pub fn status(self) -> StatusCode {
        use ErrorCode as C;
        match self {
            C::ValidationFailed | C::InvalidJson | C::InvalidId | C::InvalidQuery => StatusCode::BAD_REQUEST,
            C::Unauthenticated
            | C::InvalidCredentials
            | C::SecondFactorRequired
            | C::InvalidCode
            | C::SignInExpired => StatusCode::UNAUTHORIZED,
            C::Forbidden | C::TwoFactorSetupRequired => StatusCode::FORBIDDEN,
            C::NotFound | C::InvalidLink | C::GiftCardNotFound => StatusCode::NOT_FOUND,
            C::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            C::RequestTimeout => StatusCode::REQUEST_TIMEOUT,
            C::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            C::UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            C::RateLimited => StatusCode::TOO_MANY_REQUESTS,
            C::DatePassed
            | C::TimePassed
            | C::TooSoon
            | C::BeyondHorizon
            | C::DateBlackedOut
            | C::DateBlocked
            | C::DayFull
            | C::SlotFull
            | C::NightUnavailable
            | C::NightFull
            | C::BookingLimitReached
            | C::CancellationClosed
            | C::AlreadyCancelled
            | C::NoCapacity
            | C::CapacityBelowBookings
            | C::PricesChanged
            | C::OutOfStock
            | C::DuplicateSlug
            | C::DuplicatePromoCode
            | C::DuplicateImport
            | C::VisitNotOver
            | C::RatingClosed
            | C::OfferNotHeld
            | C::ErasureBlocked
            | C::IntakeLocked
            | C::PromoCodeRefused
            | C::GiftCardRefused
            | C::BookingKeyTaken
            | C::MediaInUse
            | C::IdempotencyKeyReused
            | C::Conflict
            | C::LastOwner
            | C::AlreadyMember
            | C::PasskeysUnavailable
            | C::CodeRefused
            | C::PaymentInProgress
            | C::NotPayable
            | C::PaymentsOff
            | C::BookingHoldsMoney
            | C::OrderHoldsMoney
            | C::NotAParcel
            | C::MoveClosed
            | C::NoFreeMoves
            | C::RefundRefused => StatusCode::CONFLICT,
            C::PaymentDeclined | C::PaymentRequired => StatusCode::PAYMENT_REQUIRED,
            C::InvalidSignature => StatusCode::BAD_REQUEST,
            C::MediaRefused => StatusCode::UNPROCESSABLE_ENTITY,
            C::PaymentProviderUnavailable => StatusCode::SERVICE_UNAVAILABLE,
            C::TemporarilyUnavailable => StatusCode::SERVICE_UNAVAILABLE,
            C::InternalError => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

/// The body of every error response.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    pub code: ErrorCode,
    /// What went wrong, fit to show to a person.
    pub message: String,
    /// Per-field messages; present only for `validation_failed`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub errors: Option<BTreeMap<String, String>>,
}

/// A failed request: its code, a message for people, and what the response
/// needs besides (field errors, `Retry-After`, `Allow`, a cause for the log).
#[derive(Debug)]
pub struct ApiError {
    code: ErrorCode,
    message: String,
    errors: Option<ValidationErrors>,
    retry_after_seconds: Option<i64>,
    allow: Option<String>,
    /// A fault's cause chain: logged, never sent.
    cause: Option<String>,
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}: {}", self.code, self.message)
    }
}

pub const INTERNAL_MESSAGE: &str = "Something went wrong on our side. Please try again.";

impl ApiError {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
            errors: None,
            retry_after_seconds: None,
            allow: None,
            cause: None,
        }
    }

    pub fn code(&self) -> ErrorCode {
        self.code
    }

    pub fn validation(errors: ValidationErrors) -> Self {
        Self { errors: Some(errors.clone()), ..Self::new(ErrorCode::ValidationFailed, errors.summary()) }
    }

    pub fn not_found(what: &str) -> Self {
        Self::new(ErrorCode::NotFound, format!("{what} not found"))
    }

    pub fn unauthenticated(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::Unauthenticated, message)
    }

    pub fn rate_limited(message: impl Into<String>, retry_after_seconds: i64) -> Self {
        Self {
            retry_after_seconds: Some(retry_after_seconds.max(1)),
            ..Self::new(ErrorCode::RateLimited, message)
        }
    }

    pub fn method_not_allowed(allow: String) -> Self {
        Self {
            allow: Some(allow),
            ..Self::new(ErrorCode::MethodNotAllowed, "Method not allowed for this endpoint")
        }
    }

    /// A bug or an outage: logged in full, answered without details.
    pub fn internal(cause: impl Into<String>) -> Self {
        Self { cause: Some(cause.into()), ..Self::new(ErrorCode::InternalError, INTERNAL_MESSAGE) }
    }

    /// Names the missing record of a 404 ("Product not found").
    pub fn missing(self, what: &str) -> Self {
        if self.code == ErrorCode::NotFound { Self::not_found(what) } else { self }
    }

    /// `map_err` helper: `.map_err(ApiError::repo("Product"))` converts any
    /// port error and words its 404 for the record at hand.
    pub fn repo<E: Into<ApiError>>(missing: &'static str) -> impl Fn(E) -> ApiError {
        move |error| error.into().missing(missing)
    }
}

fn error_chain(error: &(dyn std::error::Error + 'static)) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}

impl From<RepoError> for ApiError {
    fn from(error: RepoError) -> Self {
        match error {
            RepoError::NotFound => ApiError::not_found("Record"),
            RepoError::Conflict => ApiError::new(ErrorCode::Conflict, error.to_string()),
            RepoError::Unavailable(ref cause) => ApiError {
                retry_after_seconds: Some(1),
                cause: Some(error_chain(cause.as_ref())),
                ..ApiError::new(
                    ErrorCode::TemporarilyUnavailable,
                    "The retreat's booking system is busy. Please try again in a moment.",
                )
            },
            RepoError::Storage(cause) => ApiError::internal(error_chain(cause.as_ref())),
        }
    }
}

impl From<ValidationErrors> for ApiError {
    fn from(errors: ValidationErrors) -> Self {
        ApiError::validation(errors)
    }
}

impl From<BookingRejection> for ApiError {
    fn from(rejection: BookingRejection) -> Self {
        let code = match rejection {
            BookingRejection::DatePassed => ErrorCode::DatePassed,
            BookingRejection::TimePassed => ErrorCode::TimePassed,
            BookingRejection::TooSoon { .. } => ErrorCode::TooSoon,
            BookingRejection::BeyondHorizon { .. } => ErrorCode::BeyondHorizon,
            BookingRejection::BlackedOut => ErrorCode::DateBlackedOut,
            BookingRejection::Blocked => ErrorCode::DateBlocked,
            BookingRejection::DayFull => ErrorCode::DayFull,
            BookingRejection::SlotFull => ErrorCode::SlotFull,
            BookingRejection::NightUnavailable { .. } => ErrorCode::NightUnavailable,
            BookingRejection::NightFull { .. } => ErrorCode::NightFull,
            BookingRejection::TooManyPending => ErrorCode::BookingLimitReached,
        };
        ApiError::new(code, rejection.to_string())
    }
}

impl From<BookingError> for ApiError {
    fn from(error: BookingError) -> Self {
        match error {
            BookingError::Rejected(rejection) => rejection.into(),
            BookingError::KeyReused => ApiError::new(ErrorCode::IdempotencyKeyReused, error.to_string()),
            BookingError::OfferNotHeld => ApiError::new(ErrorCode::OfferNotHeld, error.to_string()),
            BookingError::Promo(refusal) => ApiError::new(ErrorCode::PromoCodeRefused, refusal.to_string()),
            BookingError::GiftCard(refusal) => card_refused(refusal),
            BookingError::GiftCardWithoutDeposit => {
                ValidationErrors::single("giftCard", error.to_string()).into()
            }
            BookingError::DepositRequired { .. } => {
                ApiError::new(ErrorCode::PaymentRequired, error.to_string())
            }
            BookingError::Payment(error) => error.into(),
            BookingError::Repo(error) => error.into(),
        }
    }
}

impl From<DeleteBookingError> for ApiError {
    fn from(error: DeleteBookingError) -> Self {
        match error {
            DeleteBookingError::HoldsMoney(holds) => {
                ApiError::new(ErrorCode::BookingHoldsMoney, holds.to_string())
            }
            DeleteBookingError::Repo(error) => ApiError::from(error).missing("Booking"),
        }
    }
}

impl From<OrderStatusError> for ApiError {
    fn from(error: OrderStatusError) -> Self {
        match error {
            OrderStatusError::NotAParcel => ApiError::new(ErrorCode::NotAParcel, error.to_string()),
            OrderStatusError::HoldsMoney(holds) => {
                ApiError::new(ErrorCode::OrderHoldsMoney, holds.to_string())
            }
            OrderStatusError::Refund(failure) => failure.into(),
            OrderStatusError::Payment(failure) => failure.into(),
            OrderStatusError::Repo(error) => ApiError::from(error).missing("Order"),
        }
    }
}

impl From<StatusChangeError> for ApiError {
    fn from(error: StatusChangeError) -> Self {
        match error {
            StatusChangeError::Rejected(rejection @ StatusChangeRejection::NoCapacity) => {
                ApiError::new(ErrorCode::NoCapacity, rejection.to_string())
            }
            StatusChangeError::Payment(error) => error.into(),
            StatusChangeError::Refund(error) => error.into(),
            StatusChangeError::Repo(error) => error.into(),
        }
    }
}

impl From<GuestCancelError> for ApiError {
    fn from(error: GuestCancelError) -> Self {
        use domain::booking::GuestCancelRefusal as R;
        match error {
            GuestCancelError::Refused(refusal @ R::AlreadyCancelled) => {
                ApiError::new(ErrorCode::AlreadyCancelled, refusal.to_string())
            }
            GuestCancelError::Refused(refusal @ (R::TooLate { .. } | R::Completed)) => {
                ApiError::new(ErrorCode::CancellationClosed, refusal.to_string())
            }
            GuestCancelError::Refund(error) => error.into(),
            GuestCancelError::Repo(error) => error.into(),
        }
    }
}

impl From<MoveError> for ApiError {
    fn from(error: MoveError) -> Self {
        use domain::booking::MoveRefusal as R;
        match error {
            MoveError::Refused(refusal @ R::Cancelled) => {
                ApiError::new(ErrorCode::AlreadyCancelled, refusal.to_string())
            }
            MoveError::Refused(refusal @ (R::TooLate { .. } | R::Completed)) => {
                ApiError::new(ErrorCode::MoveClosed, refusal.to_string())
            }
            MoveError::Refused(refusal @ R::NoFreeMovesLeft { .. }) => {
                ApiError::new(ErrorCode::NoFreeMoves, refusal.to_string())
            }
            MoveError::Refused(refusal @ R::SamePlace) => {
                ValidationErrors::single("date", refusal.to_string()).into()
            }
            MoveError::Rejected { booking, along, rejection } => {
                let mut error = ApiError::from(rejection);
                if along {
                    // Name the treatment that stops the stay's move.
                    error.message = format!(
                        "Your {} on {} at {} cannot move along: {}",
                        booking.service.service_name(),
                        domain::booking::long_date(booking.date),
                        booking.time.as_str(),
                        error.message
                    );
                }
                error
            }
            MoveError::Repo(error) => error.into(),
        }
    }
}

impl From<AvailabilityError> for ApiError {
    fn from(error: AvailabilityError) -> Self {
        match error {
            AvailabilityError::UnknownService => {
                ValidationErrors::single("serviceId", domain::booking::UNKNOWN_SERVICE_MESSAGE).into()
            }
            AvailabilityError::Rejected(rejection @ EntryRejection::BelowBookings { .. }) => {
                ApiError::new(ErrorCode::CapacityBelowBookings, rejection.to_string())
            }
            AvailabilityError::Repo(error) => error.into(),
        }
    }
}

impl From<PostError> for ApiError {
    fn from(error: PostError) -> Self {
        match error {
            PostError::DuplicateSlug => ApiError::new(ErrorCode::DuplicateSlug, error.to_string()),
            PostError::Repo(error) => error.into(),
        }
    }
}

impl From<ServiceError> for ApiError {
    fn from(error: ServiceError) -> Self {
        match error {
            ServiceError::BookingKeyTaken(_) => ApiError::new(ErrorCode::BookingKeyTaken, error.to_string()),
            ServiceError::Repo(error) => error.into(),
        }
    }
}

impl From<OrderError> for ApiError {
    fn from(error: OrderError) -> Self {
        match error {
            OrderError::Pricing(PricingError::PricesChanged) => {
                ApiError::new(ErrorCode::PricesChanged, PricingError::PricesChanged.to_string())
            }
            OrderError::Pricing(error @ (PricingError::UnknownProduct(_) | PricingError::TooLarge)) => {
                ValidationErrors::single("items", error.to_string()).into()
            }
            OrderError::Pricing(error @ PricingError::OutOfStock { .. }) => {
                ApiError::new(ErrorCode::OutOfStock, error.to_string())
            }
            OrderError::Pricing(PricingError::Promo(refusal)) => {
                ApiError::new(ErrorCode::PromoCodeRefused, refusal.to_string())
            }
            OrderError::GiftCard(refusal) => card_refused(refusal),
            OrderError::KeyReused => ApiError::new(ErrorCode::IdempotencyKeyReused, error.to_string()),
            OrderError::Repo(error) => error.into(),
        }
    }
}

impl From<ports::BookingQuoteError> for ApiError {
    fn from(error: ports::BookingQuoteError) -> Self {
        match error {
            ports::BookingQuoteError::Refused(refusal) => {
                ApiError::new(ErrorCode::PromoCodeRefused, refusal.to_string())
            }
            ports::BookingQuoteError::Repo(error) => error.into(),
        }
    }
}

/// A card that cannot pay: an unknown code is a 404 `gift_card_not_found`
/// (as the balance check answers), any other reason a 409.
pub fn card_refused(refusal: domain::gift_card::CardRefusal) -> ApiError {
    match refusal {
        domain::gift_card::CardRefusal::Unknown => {
            ApiError::new(ErrorCode::GiftCardNotFound, refusal.to_string())
        }
        _ => ApiError::new(ErrorCode::GiftCardRefused, refusal.to_string()),
    }
}

impl From<ports::GiftCardError> for ApiError {
    fn from(error: ports::GiftCardError) -> Self {
        use ports::GiftCardError as E;
        match error {
            E::UnknownService => ValidationErrors::single("serviceId", error.to_string()).into(),
            E::Amount(_) => ValidationErrors::single("amount", error.to_string()).into(),
            E::Refused(refusal) => card_refused(refusal),
            E::CashOut(_) | E::Short(_) | E::AlreadyVoid => {
                ApiError::new(ErrorCode::GiftCardRefused, error.to_string())
            }
            E::KeyReused => ApiError::new(ErrorCode::IdempotencyKeyReused, error.to_string()),
            E::Repo(error) => ApiError::from(error).missing("Gift card"),
        }
    }
}

impl From<ports::PromoCodeError> for ApiError {
    fn from(error: ports::PromoCodeError) -> Self {
        match error {
            ports::PromoCodeError::CodeTaken(_) => {
                ApiError::new(ErrorCode::DuplicatePromoCode, error.to_string())
            }
            ports::PromoCodeError::Repo(error) => ApiError::from(error).missing("Promo code"),
        }
    }
}

impl From<AuthError> for ApiError {
    fn from(error: AuthError) -> Self {
        match error {
            AuthError::InvalidCredentials => ApiError::new(ErrorCode::InvalidCredentials, error.to_string()),
            AuthError::Unauthenticated => ApiError::unauthenticated(error.to_string()),
            AuthError::Throttled { retry_after_seconds } => {
                ApiError::rate_limited(error.to_string(), retry_after_seconds)
            }
            AuthError::EmailTaken => ApiError::new(ErrorCode::Conflict, error.to_string()),
            AuthError::InvalidLink => ApiError::new(ErrorCode::InvalidLink, error.to_string()),
            AuthError::Team(refusal) => {
                use domain::team::TeamError as T;
                let code = match refusal {
                    T::LastOwner => ErrorCode::LastOwner,
                    T::AlreadyMember => ErrorCode::AlreadyMember,
                    T::OwnAccount => ErrorCode::Forbidden,
                    T::CurrentDevice => ErrorCode::Conflict,
                };
                ApiError::new(code, refusal.to_string())
            }
            AuthError::TwoFactor(refusal) => {
                use domain::two_factor::TwoFactorError as F;
                let code = match refusal {
                    F::WrongCode | F::Replayed | F::PasskeyRefused => ErrorCode::InvalidCode,
                    F::SignInExpired => ErrorCode::SignInExpired,
                    F::PasskeysUnavailable => ErrorCode::PasskeysUnavailable,
                    F::NoSecondFactor
                    | F::AuthenticatorExists
                    | F::NoPendingAuthenticator
                    | F::OwnFactorFirst => ErrorCode::Conflict,
                };
                ApiError::new(code, refusal.to_string())
            }
            AuthError::NotFound(what) => ApiError::new(ErrorCode::NotFound, format!("{what} not found")),
            AuthError::Repo(error) => error.into(),
            AuthError::Internal(reason) => ApiError::internal(reason),
        }
    }
}

impl From<PaymentFailure> for ApiError {
    fn from(failure: PaymentFailure) -> Self {
        match failure {
            PaymentFailure::Declined { reason, .. } => ApiError::new(ErrorCode::PaymentDeclined, reason),
            PaymentFailure::Refused(cause) => ApiError {
                cause: Some(cause),
                ..ApiError::new(
                    ErrorCode::PaymentDeclined,
                    "The payment could not be made with this card. Please try another card.",
                )
            },
            PaymentFailure::Unavailable(cause) => ApiError {
                retry_after_seconds: Some(5),
                cause: Some(cause),
                ..ApiError::new(
                    ErrorCode::PaymentProviderUnavailable,
                    "We could not reach our payment provider; nothing was charged. Please try again in a moment.",
                )
            },
        }
    }
}

impl From<BeginPaymentError> for ApiError {
    fn from(error: BeginPaymentError) -> Self {
        match error {
            BeginPaymentError::NotPayable(_) | BeginPaymentError::NoDepositToCharge => {
                ApiError::new(ErrorCode::NotPayable, error.to_string())
            }
            BeginPaymentError::InProgress => ApiError::new(ErrorCode::PaymentInProgress, error.to_string()),
            BeginPaymentError::Repo(error) => error.into(),
        }
    }
}

impl From<PayError> for ApiError {
    fn from(error: PayError) -> Self {
        match error {
            PayError::Declined(reason) => ApiError::new(ErrorCode::PaymentDeclined, reason),
            PayError::PaymentsOff => ApiError::new(ErrorCode::PaymentsOff, error.to_string()),
            PayError::Begin(error) => error.into(),
            PayError::Provider(failure) => failure.into(),
            PayError::Repo(error) => error.into(),
        }
    }
}

impl From<RefundError> for ApiError {
    fn from(error: RefundError) -> Self {
        match error {
            RefundError::Refused(_) | RefundError::InProgress => {
                ApiError::new(ErrorCode::RefundRefused, error.to_string())
            }
            RefundError::Repo(error) => error.into(),
        }
    }
}

impl From<RefundFailure> for ApiError {
    fn from(error: RefundFailure) -> Self {
        match error {
            RefundFailure::Start(error) => error.into(),
            RefundFailure::Provider(PaymentFailure::Unavailable(cause)) => {
                PaymentFailure::Unavailable(cause).into()
            }
            RefundFailure::Provider(failure) => ApiError::new(ErrorCode::RefundRefused, failure.to_string()),
            RefundFailure::Repo(error) => error.into(),
        }
    }
}

impl From<WebhookFailure> for ApiError {
    fn from(error: WebhookFailure) -> Self {
        match error {
            WebhookFailure::Refused(WebhookRefusal::Malformed) => {
                ApiError::new(ErrorCode::InvalidJson, "The event is not in the provider's shape")
            }
            WebhookFailure::Refused(refusal) => {
                ApiError::new(ErrorCode::InvalidSignature, refusal.to_string())
            }
            WebhookFailure::Repo(error) => error.into(),
        }
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.code.status()
    }

    fn error_response(&self) -> HttpResponse {
        if let Some(cause) = &self.cause {
            tracing::error!(code = ?self.code, cause = %cause, "request failed");
        }
        let body = ErrorBody {
            code: self.code,
            message: self.message.clone(),
            errors: self
                .errors
                .as_ref()
                .map(|errors| errors.entries().iter().map(|(f, m)| (f.to_string(), m.clone())).collect()),
        };
        let mut response = HttpResponse::build(self.status_code());
        if self.code.status() == StatusCode::UNAUTHORIZED {
            response.insert_header((header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer")));
        }
        if let Some(seconds) = self.retry_after_seconds {
            response.insert_header((header::RETRY_AFTER, seconds.to_string()));
        }
        if let Some(allow) = &self.allow {
            response.insert_header((header::ALLOW, allow.clone()));
        }
        response.json(body)
    }
}

/// Turns actix's JSON extractor failures into our error shape.
pub fn json_error(error: actix_error::JsonPayloadError, _req: &HttpRequest) -> actix_web::Error {
    use actix_error::JsonPayloadError as E;
    let api = match &error {
        E::OverflowKnownLength { .. } | E::Overflow { .. } => {
            ApiError::new(ErrorCode::PayloadTooLarge, "Request body is too large")
        }
        E::ContentType => {
            ApiError::new(ErrorCode::UnsupportedMediaType, "Content-Type must be application/json")
        }
        E::Deserialize(inner) if inner.is_eof() && inner.line() == 1 && inner.column() == 0 => {
            ApiError::new(ErrorCode::InvalidJson, "A JSON body is required")
        }
        E::Deserialize(inner) => ApiError::new(ErrorCode::InvalidJson, format!("Invalid JSON: {inner}")),
        other => ApiError::new(ErrorCode::InvalidJson, format!("Invalid request body: {other}")),
    };
    api.into()
}

pub fn query_error(error: actix_error::QueryPayloadError, _req: &HttpRequest) -> actix_web::Error {
    ApiError::new(ErrorCode::InvalidQuery, format!("Invalid query string: {error}")).into()
}

pub fn path_error(_error: actix_error::PathError, _req: &HttpRequest) -> actix_web::Error {
    ApiError::new(ErrorCode::InvalidId, "Invalid id in the URL").into()
}
