//! The Tiny Home in step with other sites (issue 44, `domain::stay_sync`):
//! the owner's imports, fetching them on a schedule (once across processes)
//! and on demand, the double bookings they reveal, and the export of the
//! retreat's own taken nights. The schedule's "now" is the clock's.

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use uuid::Uuid;

use domain::audit::Actor;
use domain::booking::Booking;
use domain::stay_sync::{NewStayImport, StayImport, SyncSettings, TakenSpan, taken_nights};

use crate::auth::Clock;
use crate::error::RepoResult;

/// A booking here whose nights an import also takes: the owner settles it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DoubleBooking {
    pub booking: Booking,
    /// The import whose calendar takes (some of) its nights.
    pub import_name: String,
    /// The nights both take.
    pub nights: Vec<NaiveDate>,
}

#[async_trait]
pub trait StaySyncRepository: Send + Sync {
    /// Every import, oldest first.
    async fn stay_imports(&self) -> RepoResult<Vec<StayImport>>;
    /// Adds an import, audited. `None` when one with the same address exists.
    async fn add_stay_import(&self, import: NewStayImport, actor: Actor) -> RepoResult<Option<StayImport>>;
    /// Removes an import and every block it made, audited. `false` when unknown.
    async fn remove_stay_import(&self, id: Uuid, actor: Actor) -> RepoResult<bool>;
    /// Claims the imports due at `now` under `settings` (each claim is a
    /// write of its `attempted_at`, so a process claims an import no other
    /// process has claimed meanwhile).
    async fn claim_due_imports(
        &self,
        now: DateTime<Utc>,
        settings: SyncSettings,
    ) -> RepoResult<Vec<StayImport>>;
    /// Claims one import now, whatever its schedule (the owner's "Sync now").
    async fn claim_import(&self, id: Uuid, now: DateTime<Utc>) -> RepoResult<Option<StayImport>>;
    /// A good fetch: the import's blocks become `nights` (runs of them, as
    /// Tiny Home blackouts named after it), in one transaction under the
    /// blackouts' lock, so a booking being made meanwhile either sees them
    /// or is seen as a double booking. `false` when the import was removed.
    async fn apply_import(&self, id: Uuid, nights: Vec<NaiveDate>, at: DateTime<Utc>) -> RepoResult<bool>;
    /// A failed fetch: why, and the last good blocks stay.
    async fn record_import_failure(&self, id: Uuid, reason: String) -> RepoResult<()>;
    /// Active Tiny Home bookings on nights an import takes.
    async fn double_bookings(&self) -> RepoResult<Vec<DoubleBooking>>;
    /// The Tiny Home's nights taken here from `from` on, as `(first, last)`
    /// runs: active bookings' nights and the owner's own blackouts that
    /// close it; never an import's (a site gets back only what is ours).
    async fn nights_taken_here(&self, from: NaiveDate) -> RepoResult<Vec<(NaiveDate, NaiveDate)>>;
    async fn sync_settings(&self) -> RepoResult<SyncSettings>;
    async fn save_sync_settings(&self, settings: SyncSettings, actor: Actor) -> RepoResult<SyncSettings>;
}

/// Why a listing's calendar could not be used. Each says so in the owner's
/// words; the last good nights stay.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FetchRefusal {
    #[error("The address is not an http(s) address")]
    NotWeb,
    #[error("The address points to a private or local network, which the server does not fetch")]
    PrivateAddress,
    #[error("The site's name could not be found")]
    UnknownHost,
    #[error("The site did not answer within {0} seconds")]
    TooSlow(u64),
    #[error("The site answered {0}")]
    Status(u16),
    #[error("The calendar is larger than {0} MB")]
    TooLarge(u64),
    #[error("The site sent us on more than {0} times")]
    TooManyRedirects(usize),
    #[error("What the address gives is not an iCalendar file")]
    NotICalendar,
    #[error("The site could not be reached")]
    Unreachable,
}

/// Fetches a listing's calendar and reads its taken spans.
#[async_trait]
pub trait ListingCalendars: Send + Sync {
    async fn fetch(&self, url: &str) -> Result<Vec<TakenSpan>, FetchRefusal>;
}

/// What one fetch did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SyncOutcome {
    Synced {
        nights: usize,
    },
    Failed(FetchRefusal),
    /// Removed while it was being fetched.
    Gone,
}

#[derive(Clone)]
pub struct StaySyncService {
    store: Arc<dyn StaySyncRepository>,
    calendars: Arc<dyn ListingCalendars>,
    clock: Arc<dyn Clock>,
}

impl StaySyncService {
    pub fn new(
        store: Arc<dyn StaySyncRepository>,
        calendars: Arc<dyn ListingCalendars>,
        clock: Arc<dyn Clock>,
    ) -> Self {
        Self { store, calendars, clock }
    }

    pub fn store(&self) -> &Arc<dyn StaySyncRepository> {
        &self.store
    }

    /// One round of the schedule: fetches the imports due now. Answers how
    /// many were fetched.
    pub async fn sweep(&self) -> RepoResult<usize> {
        let settings = self.store.sync_settings().await?;
        let due = self.store.claim_due_imports(self.clock.now(), settings).await?;
        for import in &due {
            self.fetch_and_apply(import).await?;
        }
        Ok(due.len())
    }

    /// The owner's "Sync now". `None` for an unknown import.
    pub async fn sync_now(&self, id: Uuid) -> RepoResult<Option<SyncOutcome>> {
        let Some(import) = self.store.claim_import(id, self.clock.now()).await? else { return Ok(None) };
        self.fetch_and_apply(&import).await.map(Some)
    }

    async fn fetch_and_apply(&self, import: &StayImport) -> RepoResult<SyncOutcome> {
        match self.calendars.fetch(&import.url).await {
            Ok(spans) => {
                let nights: Vec<NaiveDate> =
                    taken_nights(&spans, self.clock.local_now().date).into_iter().collect();
                let count = nights.len();
                if self.store.apply_import(import.id, nights, self.clock.now()).await? {
                    Ok(SyncOutcome::Synced { nights: count })
                } else {
                    Ok(SyncOutcome::Gone)
                }
            }
            Err(refusal) => {
                tracing::warn!(import = %import.id, reason = %refusal, "a listing's calendar could not be used");
                self.store.record_import_failure(import.id, refusal.to_string()).await?;
                Ok(SyncOutcome::Failed(refusal))
            }
        }
    }

    /// The retreat's own taken nights, for the other sites to import.
    pub async fn nights_taken_here(&self) -> RepoResult<Vec<(NaiveDate, NaiveDate)>> {
        let yesterday = self.clock.local_now().date - chrono::Duration::days(1);
        self.store.nights_taken_here(yesterday).await
    }
}
