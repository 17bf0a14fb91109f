//! Guests' visits beyond their bookings' own life: the reminder sweep, the
//! guest's answer to a reminder, and what the owner sees of both
//! (docs/decisions.md §9 "Reminders"). The sweep's "now" is the clock's, so
//! a test sets the time instead of waiting for it.

use std::collections::HashMap;
use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use uuid::Uuid;

use domain::audit::Actor;
use domain::booking::{Booking, LocalNow, TimeSlot};
use domain::reminders::ReminderKind;

use crate::auth::Clock;
use crate::error::RepoResult;

/// A reminder sent for a booking: which, for its place then, whether it asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReminderRecord {
    pub kind: ReminderKind,
    pub date: NaiveDate,
    pub time: TimeSlot,
    pub asked: bool,
    pub sent_at: DateTime<Utc>,
}

#[async_trait]
pub trait VisitRepository: Send + Sync {
    /// Sends the reminders due at `now` (`domain::reminders::due_reminders`
    /// under the owner's settings), each message with the record that it was
    /// sent, in one transaction; one process at a time. Answers how many.
    async fn send_due_reminders(&self, now: DateTime<Utc>, local: LocalNow) -> RepoResult<usize>;
    /// The guest says she will be there: the booking and the rest of its
    /// visit, marked at `at`. Answers the visit's bookings.
    async fn confirm_attendance(&self, id: Uuid, at: DateTime<Utc>, actor: Actor)
    -> RepoResult<Vec<Booking>>;
    /// The reminders sent for these bookings, oldest first.
    async fn reminders_of(&self, ids: &[Uuid]) -> RepoResult<HashMap<Uuid, Vec<ReminderRecord>>>;
    /// The active bookings beginning from `first` to `last`, by start.
    async fn upcoming(&self, first: NaiveDate, last: NaiveDate) -> RepoResult<Vec<Booking>>;
    /// When a reminder sweep last looked (any process's), if one ever did.
    async fn reminders_checked_at(&self) -> RepoResult<Option<DateTime<Utc>>>;
}

/// How many days the dashboard's "coming visits" covers: today and tomorrow.
pub const COMING_DAYS: i64 = 2;

#[derive(Clone)]
pub struct VisitService {
    visits: Arc<dyn VisitRepository>,
    clock: Arc<dyn Clock>,
}

impl VisitService {
    pub fn new(visits: Arc<dyn VisitRepository>, clock: Arc<dyn Clock>) -> Self {
        Self { visits, clock }
    }

    /// One reminder sweep at the clock's now.
    pub async fn sweep(&self) -> RepoResult<usize> {
        self.visits.send_due_reminders(self.clock.now(), self.clock.local_now()).await
    }

    /// The guest's "I will be there", through her link.
    pub async fn confirm_attendance(&self, booking: &Booking) -> RepoResult<Vec<Booking>> {
        self.visits.confirm_attendance(booking.id, self.clock.now(), Actor::guest(&booking.email)).await
    }

    pub async fn reminders_checked_at(&self) -> RepoResult<Option<DateTime<Utc>>> {
        self.visits.reminders_checked_at().await
    }

    pub async fn reminders_of(&self, id: Uuid) -> RepoResult<Vec<ReminderRecord>> {
        Ok(self.visits.reminders_of(&[id]).await?.remove(&id).unwrap_or_default())
    }

    /// The visits of today and tomorrow, each booking with its reminders:
    /// what the dashboard shows as still to be confirmed.
    pub async fn coming(&self) -> RepoResult<Vec<(Booking, Vec<ReminderRecord>)>> {
        let today = self.clock.local_now().date;
        let bookings = self.visits.upcoming(today, today + chrono::Duration::days(COMING_DAYS - 1)).await?;
        let ids: Vec<Uuid> = bookings.iter().map(|b| b.id).collect();
        let mut reminders = self.visits.reminders_of(&ids).await?;
        Ok(bookings
            .into_iter()
            .map(|b| {
                let sent = reminders.remove(&b.id).unwrap_or_default();
                (b, sent)
            })
            .collect())
    }
}
