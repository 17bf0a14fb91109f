//! The booking use case: availability answers, and every step of a
//! booking's life with the money it holds, in one place (docs/decisions.md
//! §14): requesting it (its price, a promo code, a gift card's part of the
//! deposit, the guest's card saved for the rest and let go again when the
//! request is not stored), confirming it (the deposit charged), completing,
//! cancelling (by the owner, a blackout or the guest, under the policy) and
//! deleting it (refused while it holds money). The HTTP layer parses, calls
//! one method and maps the answer; the capacity decisions are the domain's
//! `plan_*` functions, applied by the store inside each write's transaction.
//! The retreat's "now" comes from the clock, so no caller decides what today is.

use std::sync::Arc;

use chrono::NaiveDate;
use uuid::Uuid;

use domain::Money;
use domain::audit::Actor;
use domain::booking::{
    Blackout, Booking, BookingStatus, DayAvailability, MoveRefusal, MovedBy, NewBlackout, NewBooking,
    NewDeposit, NewPlace, ServiceKey, TimeSlot, VisitSettings, booking_starts_at, may_move, move_deadline,
    treatments_inside,
};
use domain::gift_card::CardRefusal;
use domain::payment::{CancellationTerms, cancellation_terms};
use domain::promo::PromoCodeText;
use domain::settlement::plan_booking_removal;
use domain::validation::Email;

use crate::auth::Clock;
use crate::error::{
    BookingError, DeleteBookingError, GuestCancelError, MoveError, RepoResult, StatusChangeError,
};
use crate::gift_cards::GiftCardRepository;
use crate::payments::PaymentService;
use crate::promos::{BookingQuote, BookingQuoteError, PromoCodeRepository};
use crate::repositories::{
    BookingRepository, CatalogRepository, Created, IdempotencyKey, MonthDayView, MoveRequest, Moved,
};

/// The retreat's booking policies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BookingPolicy {
    /// Until how many hours before a booking begins its guest may cancel it online.
    pub guest_cancel_cutoff_hours: i64,
    /// Until how many hours before it begins a cancellation is free (a deposit refunded).
    pub cancellation_free_hours: i64,
}

/// What the booking use case works with.
#[derive(Clone)]
pub struct BookingPorts {
    pub bookings: Arc<dyn BookingRepository>,
    /// The services: their prices and deposit policies.
    pub services: Arc<dyn CatalogRepository>,
    pub promos: Arc<dyn PromoCodeRepository>,
    pub gift_cards: Arc<dyn GiftCardRepository>,
    /// Taking money; `None` when payments are off (no deposit is asked).
    pub payments: Option<PaymentService>,
    pub clock: Arc<dyn Clock>,
    pub policy: BookingPolicy,
}

/// A guest's booking request as read from the browser.
#[derive(Debug, Clone)]
pub struct BookingRequest {
    /// The booking; a gift card given names its code (what it pays is decided here).
    pub booking: NewBooking,
    /// The payment method the guest's browser created with the provider
    /// (`pm_…`), for a deposit.
    pub payment_method: Option<String>,
    /// With a key, a repeat of the same request answers the first booking.
    pub key: Option<IdempotencyKey>,
    /// The waitlist offer whose held place this request takes, if any.
    pub offer: Option<Uuid>,
}

#[derive(Clone)]
pub struct BookingService {
    ports: BookingPorts,
}

impl BookingService {
    pub fn new(ports: BookingPorts) -> Self {
        Self { ports }
    }

    pub fn policy(&self) -> BookingPolicy {
        self.ports.policy
    }

    /// Whether `key` can be booked on `date`, and at which times, now.
    pub async fn availability(&self, key: ServiceKey, date: NaiveDate) -> RepoResult<DayAvailability> {
        self.availability_for(key, date, None).await
    }

    /// As [`Self::availability`], for the holder of waitlist offer
    /// `holder`: her held place reads as open to her.
    pub async fn availability_for(
        &self,
        key: ServiceKey,
        date: NaiveDate,
        holder: Option<Uuid>,
    ) -> RepoResult<DayAvailability> {
        self.ports.bookings.day_availability(key, date, self.ports.clock.local_now(), holder).await
    }

    /// Each day of the month beginning `first`, bookable or not (for the
    /// Tiny Home: each night), with the reason when not.
    pub async fn month(
        &self,
        key: ServiceKey,
        first: NaiveDate,
        holder: Option<Uuid>,
    ) -> RepoResult<Vec<MonthDayView>> {
        let days = domain::booking::days_of_month(first);
        let last = days.last().copied().unwrap_or(first);
        self.ports.bookings.days_availability(key, first, last, self.ports.clock.local_now(), holder).await
    }

    /// The next bookable times of `key` within two weeks from today (the
    /// quiz's suggestions): at most three, earliest first.
    pub async fn open_times(&self, key: ServiceKey) -> RepoResult<Vec<(NaiveDate, TimeSlot)>> {
        let today = self.ports.clock.local_now().date;
        let mut days = Vec::new();
        for offset in 0..domain::booking::OPEN_TIMES_DAYS {
            let date = today + chrono::Duration::days(offset);
            days.push((date, self.availability(key, date).await?));
            if domain::booking::first_open_times(key, days.clone(), domain::booking::OPEN_TIMES_COUNT).len()
                == domain::booking::OPEN_TIMES_COUNT
            {
                break;
            }
        }
        Ok(domain::booking::first_open_times(key, days, domain::booking::OPEN_TIMES_COUNT))
    }

    /// What a booking of `service` (a stay: of `nights`) costs with `code`
    /// today; `None` when no service carries the key. Nothing is stored.
    pub async fn quote(
        &self,
        service: ServiceKey,
        nights: Option<u32>,
        code: &PromoCodeText,
        guest: Option<Email>,
    ) -> Result<Option<BookingQuote>, BookingQuoteError> {
        let today = self.ports.clock.local_now().date;
        self.ports.promos.quote_booking(service, nights, code, guest, today).await
    }

    /// A guest's request, checked against capacity as of now. When its
    /// service asks for a deposit (payments on), a gift card given pays what
    /// it holds of it and the guest's card is saved for the rest; a card
    /// saved for a request that is not stored (refused, or a repeat of one
    /// stored before) is let go at once.
    pub async fn request(&self, request: BookingRequest) -> Result<Created<Booking>, BookingError> {
        let BookingRequest { mut booking, payment_method, key, offer } = request;
        if let Some(payments) = &self.ports.payments {
            let provider_key = key.as_ref().map_or_else(|| Uuid::new_v4().to_string(), |key| key.key.clone());
            booking.deposit =
                self.deposit_for(payments, &mut booking, payment_method.as_deref(), &provider_key).await?;
        }
        // A gift card pays only a deposit; without one it is taken at the retreat.
        if booking.gift_card.as_ref().is_some_and(|(_, paid)| *paid == Money::ZERO) {
            return Err(BookingError::GiftCardWithoutDeposit);
        }
        let card = booking.deposit.as_ref().map(|deposit| deposit.card.clone());
        let stored =
            self.ports.bookings.create_booking(booking, self.ports.clock.local_now(), key, offer).await;
        if let (Some(payments), Some(card)) = (&self.ports.payments, &card) {
            match &stored {
                // Not stored: the card saved for it is let go.
                Err(_) => payments.release_card(card).await,
                // The first request's card is the booking's; this one is not needed.
                Ok(created) if created.is_repeat() => payments.release_card(card).await,
                Ok(_) => {}
            }
        }
        stored
    }

    /// The deposit a request brings, with the guest's card saved for it, when
    /// its service asks for one. A gift card given pays what it holds of it
    /// first (its amount set on the booking, taken under the card's lock when
    /// the request is stored); the card is saved only for the rest.
    async fn deposit_for(
        &self,
        payments: &PaymentService,
        booking: &mut NewBooking,
        method: Option<&str>,
        provider_key: &str,
    ) -> Result<Option<NewDeposit>, BookingError> {
        let services = self.ports.services.list_services().await?;
        let Some(service) = services.iter().find(|service| service.booking_key == Some(booking.service))
        else {
            return Ok(None);
        };
        let nights = booking.stay_nights();
        let mut price = domain::payment::booking_price(service.price, nights);
        // With a promo code the deposit is a share of what is left to pay (a
        // code that does not apply refuses the request before a card is saved).
        if let Some(code) = &booking.promo_code {
            let quote = self.quote(booking.service, nights, code, Some(booking.email.clone())).await;
            match quote {
                Ok(Some(quote)) => price = quote.total(),
                Ok(None) => {}
                Err(BookingQuoteError::Refused(refusal)) => return Err(BookingError::Promo(refusal)),
                Err(BookingQuoteError::Repo(error)) => return Err(error.into()),
            }
        }
        let Some(deposit) = service.deposit.deposit_for(price) else { return Ok(None) };
        let mut amount = deposit;
        if let Some((code, paid)) = &mut booking.gift_card {
            let card = self
                .ports
                .gift_cards
                .find_gift_card(code)
                .await?
                .ok_or(BookingError::GiftCard(CardRefusal::Unknown))?;
            let today = self.ports.clock.local_now().date;
            let redemption =
                domain::gift_card::redeem(card.standing(), deposit, today).map_err(BookingError::GiftCard)?;
            *paid = redemption.from_card;
            amount = redemption.still_due;
            if amount == Money::ZERO {
                // The card pays it all: no card of the guest's is kept.
                return Ok(None);
            }
        }
        let Some(method) = method else {
            return Err(BookingError::DepositRequired { amount, rest_of_gift_card: amount != deposit });
        };
        let name = format!("{} {}", booking.first_name.as_str(), booking.last_name.as_str());
        Ok(Some(
            payments
                .save_deposit_card(amount, method, (booking.email.as_str(), &name), provider_key)
                .await
                .map_err(BookingError::Payment)?,
        ))
    }

    /// The owner sets a booking's status. Confirming a request charges its
    /// deposit first (so the confirmation says whether it is paid);
    /// cancelling or completing it settles its deposit: a saved card is let
    /// go at the provider, and a deposit taken stays until the owner refunds
    /// it or keeps it (docs/decisions.md §14).
    pub async fn set_status(
        &self,
        id: Uuid,
        status: BookingStatus,
        actor: Actor,
    ) -> Result<Booking, StatusChangeError> {
        let before = self.ports.bookings.get_booking(id).await?;
        if let Some(payments) = &self.ports.payments
            && status == BookingStatus::Confirmed
            && before.status == BookingStatus::Pending
        {
            payments.charge_deposit(id).await.map_err(StatusChangeError::Payment)?;
        }
        let after = self.ports.bookings.set_booking_status(id, status, actor.clone()).await?;
        if let Some(payments) = &self.ports.payments {
            payments
                .settle_deposit(&before, &after, false, actor)
                .await
                .map_err(StatusChangeError::Refund)?;
        }
        Ok(after)
    }

    /// The guest's own cancellation through their link, up to the cutoff;
    /// its deposit follows the policy: in time, a deposit taken is refunded
    /// at once and a saved card let go; late, a deposit taken is kept.
    pub async fn cancel_by_guest(&self, id: Uuid) -> Result<Booking, GuestCancelError> {
        let policy = self.ports.policy;
        let before = self.ports.bookings.get_booking(id).await?;
        let now = self.ports.clock.local_now();
        let after = self
            .ports
            .bookings
            .cancel_by_guest(id, now, policy.guest_cancel_cutoff_hours, policy.cancellation_free_hours)
            .await?;
        if let Some(payments) = &self.ports.payments {
            let terms = cancellation_terms(
                booking_starts_at(&before),
                now.date.and_time(now.time),
                policy.cancellation_free_hours,
            );
            let refund_now = terms == CancellationTerms::Free;
            payments
                .settle_deposit(&before, &after, refund_now, Actor::guest(&after.email))
                .await
                .map_err(GuestCancelError::Refund)?;
            // The refund (if any) is recorded on the booking: read it again.
            return Ok(self.ports.bookings.get_booking(id).await?);
        }
        Ok(after)
    }

    /// The guest moves her booking through her link (and, for a stay, the
    /// treatments she booked inside it when she asks): up to the deadline,
    /// within the owner's free moves. Its deposit, a gift card's part and its
    /// promo code stay with it: nothing is charged or given back.
    pub async fn move_by_guest(
        &self,
        id: Uuid,
        to: NewPlace,
        with_treatments: bool,
    ) -> Result<Moved, MoveError> {
        let booking = self.ports.bookings.get_booking(id).await?;
        self.move_booking(id, to, with_treatments, MovedBy::Guest, Actor::guest(&booking.email)).await
    }

    /// The owner moves a booking from the dashboard, under the same capacity
    /// rules (no deadline, no limit on moves); the guest is told.
    pub async fn move_by_owner(
        &self,
        id: Uuid,
        to: NewPlace,
        with_treatments: bool,
        actor: Actor,
    ) -> Result<Moved, MoveError> {
        self.move_booking(id, to, with_treatments, MovedBy::Owner, actor).await
    }

    async fn move_booking(
        &self,
        id: Uuid,
        to: NewPlace,
        with_treatments: bool,
        by: MovedBy,
        actor: Actor,
    ) -> Result<Moved, MoveError> {
        let policy = self.ports.policy;
        self.ports
            .bookings
            .move_booking(MoveRequest {
                id,
                to,
                with_treatments,
                by,
                actor,
                now: self.ports.clock.local_now(),
                hours: (policy.cancellation_free_hours, policy.guest_cancel_cutoff_hours),
            })
            .await
    }

    /// Whether the guest may move `booking` herself now, and why not.
    pub async fn guest_move_refusal(&self, booking: &Booking) -> RepoResult<Option<MoveRefusal>> {
        let settings = self.ports.bookings.visit_settings().await?;
        let policy = self.ports.policy;
        let hours = (policy.cancellation_free_hours, policy.guest_cancel_cutoff_hours);
        Ok(may_move(booking, MovedBy::Guest, self.ports.clock.local_now(), hours, settings).err())
    }

    /// Until when (local time) the guest may move `booking` herself.
    pub fn move_deadline(&self, booking: &Booking) -> chrono::NaiveDateTime {
        let policy = self.ports.policy;
        move_deadline(booking, policy.cancellation_free_hours, policy.guest_cancel_cutoff_hours)
    }

    /// The treatments a stay's guest booked inside it (what may move along).
    pub async fn treatments_inside(&self, stay: &Booking) -> RepoResult<Vec<Booking>> {
        let Some(out) = stay.check_out else { return Ok(Vec::new()) };
        let theirs = self.ports.bookings.guest_bookings(&stay.email, stay.date, out).await?;
        Ok(treatments_inside(stay, &theirs))
    }

    pub async fn visit_settings(&self) -> RepoResult<VisitSettings> {
        self.ports.bookings.visit_settings().await
    }

    pub async fn save_visit_settings(
        &self,
        settings: VisitSettings,
        actor: Actor,
    ) -> RepoResult<VisitSettings> {
        self.ports.bookings.save_visit_settings(settings, actor).await
    }

    /// The active bookings a blackout would cover, for the owner to choose
    /// to keep or cancel before saving it.
    pub async fn blackout_impact(&self, blackout: &NewBlackout) -> RepoResult<Vec<Booking>> {
        Ok(blackout.covered_bookings(self.ports.bookings.list_bookings().await?))
    }

    /// Saves a blackout; with `cancel_covered`, the bookings it covers are
    /// cancelled in the same transaction (and returned), each as the owner's
    /// cancellation: their saved cards are let go at the provider.
    pub async fn add_blackout(
        &self,
        blackout: NewBlackout,
        actor: Actor,
        cancel_covered: bool,
    ) -> RepoResult<(Blackout, Vec<Booking>)> {
        if !cancel_covered {
            return Ok((self.ports.bookings.create_blackout(blackout, actor).await?, Vec::new()));
        }
        let (saved, cancelled) =
            self.ports.bookings.create_blackout_cancelling_covered(blackout, actor.clone()).await?;
        if let Some(payments) = &self.ports.payments {
            for (before, after) in &cancelled {
                if let Err(failure) = payments.settle_deposit(before, after, false, actor.clone()).await {
                    // The blackout and the cancellations stand; the card is
                    // left attached, which charges nothing.
                    tracing::warn!(%failure, booking = %after.id, "a cancelled booking's deposit could not be settled");
                }
            }
        }
        Ok((saved, cancelled.into_iter().map(|(_, after)| after).collect()))
    }

    /// Deletes a booking and gives its capacity back, unless it still holds
    /// the guest's money (`domain::settlement::plan_booking_removal`: cancel
    /// it first). A card still saved for a deposit never charged is let go
    /// first; the records of its payments stay.
    pub async fn delete(&self, id: Uuid, actor: Actor) -> Result<Booking, DeleteBookingError> {
        let booking = self.ports.bookings.get_booking(id).await?;
        let removal = plan_booking_removal(&booking)?;
        if removal.release_card
            && let (Some(payments), Some(card)) =
                (&self.ports.payments, booking.deposit.as_ref().and_then(|deposit| deposit.card.as_ref()))
        {
            payments.release_card(card).await;
        }
        // The store decides again under the booking's lock.
        self.ports.bookings.delete_booking(id, actor).await
    }
}
