//! The booking use case: what the HTTP layer calls to answer availability
//! questions and to request, change and remove bookings. It supplies the
//! retreat's "now" from the clock, so no caller decides what today is; the
//! capacity decisions themselves are the domain's `plan_*` functions, applied
//! by the store inside each write's transaction.

use std::sync::Arc;

use chrono::NaiveDate;
use uuid::Uuid;

use domain::audit::Actor;
use domain::booking::{
    Blackout, Booking, BookingStatus, DayAvailability, DayReason, NewBlackout, NewBooking, ServiceKey,
    TimeSlot,
};

use crate::auth::Clock;
use crate::error::{BookingError, RepoResult, StatusChangeError};
use crate::repositories::{BookingRepository, Created, IdempotencyKey};

#[derive(Clone)]
pub struct BookingService {
    repo: Arc<dyn BookingRepository>,
    clock: Arc<dyn Clock>,
}

impl BookingService {
    pub fn new(repo: Arc<dyn BookingRepository>, clock: Arc<dyn Clock>) -> Self {
        Self { repo, clock }
    }

    /// Whether `key` can be booked on `date`, and at which times, now.
    pub async fn availability(&self, key: ServiceKey, date: NaiveDate) -> RepoResult<DayAvailability> {
        self.repo.day_availability(key, date, self.clock.local_now()).await
    }

    /// Each day of the month beginning `first`, bookable or not (for the
    /// Tiny Home: each night), with the reason when not.
    pub async fn month(
        &self,
        key: ServiceKey,
        first: NaiveDate,
    ) -> RepoResult<Vec<(NaiveDate, bool, Option<DayReason>)>> {
        let days = domain::booking::days_of_month(first);
        let last = days.last().copied().unwrap_or(first);
        self.repo.days_availability(key, first, last, self.clock.local_now()).await
    }

    /// The next bookable times of `key` within two weeks from today (the
    /// quiz's suggestions): at most three, earliest first.
    pub async fn open_times(&self, key: ServiceKey) -> RepoResult<Vec<(NaiveDate, TimeSlot)>> {
        let today = self.clock.local_now().date;
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

    /// A guest's request, checked against capacity as of now; with a key, a
    /// repeat of the same request answers the first booking.
    pub async fn request(
        &self,
        booking: NewBooking,
        key: Option<IdempotencyKey>,
    ) -> Result<Created<Booking>, BookingError> {
        self.repo.create_booking(booking, self.clock.local_now(), key).await
    }

    pub async fn set_status(
        &self,
        id: Uuid,
        status: BookingStatus,
        actor: Actor,
    ) -> Result<Booking, StatusChangeError> {
        self.repo.set_booking_status(id, status, actor).await
    }

    /// The active bookings a blackout would cover, for the owner to choose
    /// to keep or cancel before saving it.
    pub async fn blackout_impact(&self, blackout: &NewBlackout) -> RepoResult<Vec<Booking>> {
        Ok(blackout.covered_bookings(self.repo.list_bookings().await?))
    }

    /// Saves a blackout; with `cancel_covered`, the bookings it covers are
    /// cancelled in the same transaction (and returned).
    pub async fn add_blackout(
        &self,
        blackout: NewBlackout,
        actor: Actor,
        cancel_covered: bool,
    ) -> RepoResult<(Blackout, Vec<Booking>)> {
        if cancel_covered {
            self.repo.create_blackout_cancelling_covered(blackout, actor).await
        } else {
            Ok((self.repo.create_blackout(blackout, actor).await?, Vec::new()))
        }
    }

    pub async fn delete(&self, id: Uuid, actor: Actor) -> RepoResult<()> {
        self.repo.delete_booking(id, actor).await
    }
}
