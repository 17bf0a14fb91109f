//! After the visit (issue 43, docs/decisions.md §9 "After the visit"): the
//! follow-up sweep (thanks with the rating link; the invitation to return),
//! a guest's rating through her link, and the owner's replies and
//! take-downs. Every "now" is the clock's, so a test sets the time.

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use uuid::Uuid;

use domain::after_visit::{DueFollowUp, FollowUpKind, HideRule, Rating, RatingError, RatingInput};
use domain::audit::Actor;
use domain::booking::{Booking, LocalNow, ServiceKey, TimeSlot};

use crate::auth::Clock;
use crate::booking::BookingService;
use crate::error::{RepoError, RepoResult};

/// A service's follow-up settings as the owner sets them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServiceFollowUp {
    pub service_id: Uuid,
    pub name: String,
    pub booking_key: Option<ServiceKey>,
    /// Words for after the visit (the thank-you carries them).
    pub aftercare: Option<String>,
    /// After how many days its guests are invited back (none: never).
    pub return_after_days: Option<i32>,
}

/// What an invitation to return shows beyond its bookings: for each, the
/// next open times of its service; and the guest's gift card balance.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct InvitationExtras {
    pub open_times: Vec<Vec<(NaiveDate, TimeSlot)>>,
}

/// Why a guest's rating is not saved.
#[derive(Debug, thiserror::Error)]
pub enum RateError {
    #[error(transparent)]
    Rule(#[from] RatingError),
    #[error(transparent)]
    Repo(#[from] RepoError),
}

#[async_trait]
pub trait AfterVisitRepository: Send + Sync {
    /// The follow-ups due at `local` (`domain::after_visit::due_follow_ups`;
    /// none in the owner's quiet hours), with the database's time of the
    /// reading (the round's mark, see [`Self::follow_ups_checked`]).
    async fn due_follow_ups(&self, local: LocalNow) -> RepoResult<(DateTime<Utc>, Vec<DueFollowUp>)>;
    /// A round that read at `read_at` is done (the owner sees follow-ups at
    /// work; a test waits for a round that began after its own change).
    async fn follow_ups_checked(&self, read_at: DateTime<Utc>) -> RepoResult<()>;
    /// Sends one guest's follow-up: records each of its bookings not yet
    /// sent this kind and writes the message for those, in one transaction
    /// (so across processes a booking's follow-up goes once). Answers
    /// whether a message was written.
    async fn send_follow_up(
        &self,
        due: DueFollowUp,
        extras: InvitationExtras,
        today: NaiveDate,
    ) -> RepoResult<bool>;
    /// Every service's follow-up settings, by name.
    async fn service_follow_ups(&self) -> RepoResult<Vec<ServiceFollowUp>>;
    async fn set_service_follow_up(
        &self,
        service: Uuid,
        aftercare: Option<String>,
        return_after_days: Option<i32>,
        actor: Actor,
    ) -> RepoResult<ServiceFollowUp>;
    /// The rating of a booking, if its guest gave one.
    async fn rating_of(&self, booking: Uuid) -> RepoResult<Option<Rating>>;
    /// Saves the guest's rating of `booking` (new, or changed within its
    /// window: checked under the row's lock at `now`).
    async fn rate(
        &self,
        booking: &Booking,
        input: RatingInput,
        today: NaiveDate,
        now: DateTime<Utc>,
    ) -> Result<Rating, RateError>;
    /// Every rating, newest first (the owner's list, and what the site summarises).
    async fn ratings(&self) -> RepoResult<Vec<Rating>>;
    /// The owner's public reply (none: removed).
    async fn reply_to_rating(
        &self,
        id: Uuid,
        reply: Option<String>,
        now: DateTime<Utc>,
        actor: Actor,
    ) -> RepoResult<Rating>;
    /// Takes a rating off the site under a written rule (its author is
    /// mailed why), or shows it again (`None`).
    async fn hide_rating(
        &self,
        id: Uuid,
        rule: Option<HideRule>,
        now: DateTime<Utc>,
        actor: Actor,
    ) -> RepoResult<Rating>;
    /// The guest of `booking` asks for no more thank-yous and invitations.
    /// Answers the address (none when the booking is gone).
    async fn opt_out(&self, booking: Uuid) -> RepoResult<Option<String>>;
}

#[derive(Clone)]
pub struct AfterVisitService {
    repo: Arc<dyn AfterVisitRepository>,
    bookings: BookingService,
    clock: Arc<dyn Clock>,
}

impl AfterVisitService {
    pub fn new(repo: Arc<dyn AfterVisitRepository>, bookings: BookingService, clock: Arc<dyn Clock>) -> Self {
        Self { repo, bookings, clock }
    }

    pub fn repo(&self) -> &Arc<dyn AfterVisitRepository> {
        &self.repo
    }

    /// One follow-up sweep at the clock's now. Answers the messages written.
    pub async fn sweep(&self) -> RepoResult<usize> {
        let local = self.clock.local_now();
        let mut written = 0;
        let (read_at, due) = self.repo.due_follow_ups(local).await?;
        for due in due {
            let mut extras = InvitationExtras::default();
            if due.kind == FollowUpKind::Invitation {
                for booking in &due.bookings {
                    extras.open_times.push(self.bookings.open_times(booking.service).await?);
                }
            }
            if self.repo.send_follow_up(due, extras, local.date).await? {
                written += 1;
            }
        }
        self.repo.follow_ups_checked(read_at).await?;
        Ok(written)
    }

    /// The guest's rating of `booking`, new or changed.
    pub async fn rate(&self, booking: &Booking, input: RatingInput) -> Result<Rating, RateError> {
        self.repo.rate(booking, input, self.clock.local_now().date, self.clock.now()).await
    }

    /// Whether the guest of `booking` may rate it now, with her rating so far.
    pub async fn rating_state(
        &self,
        booking: &Booking,
    ) -> RepoResult<(Option<Rating>, Result<(), RatingError>)> {
        let existing = self.repo.rating_of(booking.id).await?;
        let may = domain::after_visit::may_rate(
            booking,
            existing.as_ref(),
            self.clock.local_now().date,
            self.clock.now(),
        );
        Ok((existing, may))
    }

    pub async fn reply(&self, id: Uuid, reply: Option<String>, actor: Actor) -> RepoResult<Rating> {
        self.repo.reply_to_rating(id, reply, self.clock.now(), actor).await
    }

    pub async fn hide(&self, id: Uuid, rule: Option<HideRule>, actor: Actor) -> RepoResult<Rating> {
        self.repo.hide_rating(id, rule, self.clock.now(), actor).await
    }
}
