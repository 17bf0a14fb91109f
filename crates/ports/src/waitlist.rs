//! The waitlist (issue 43, docs/decisions.md §9 "The waitlist"): joining,
//! the offers a sweep makes in list order when places free up, taking or
//! declining one through its link, and the team's view. Every "now" is the
//! clock's, so a test sets the time.

use std::collections::HashMap;
use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use uuid::Uuid;

use domain::audit::Actor;
use domain::booking::{Blackout, LocalNow, ServiceKey};
use domain::waitlist::{Offer, WaitlistEntry, Wish};

use crate::auth::Clock;
use crate::error::{RepoError, RepoResult};

/// A guest joining the waitlist (checked at the edge and by
/// `domain::waitlist::check_wishes`).
#[derive(Debug, Clone)]
pub struct NewWaitlistEntry {
    pub service: ServiceKey,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub wishes: Vec<Wish>,
}

/// What one sweep did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SweepOutcome {
    pub lapsed: usize,
    pub expired: usize,
    pub offered: usize,
}

/// Why an offer cannot be declined.
#[derive(Debug, thiserror::Error)]
pub enum OfferError {
    #[error("This offer is no longer held: it was taken, declined or has lapsed")]
    NotHeld,
    #[error(transparent)]
    Repo(#[from] RepoError),
}

#[async_trait]
pub trait WaitlistRepository: Send + Sync {
    /// Adds a guest at the end of the list and writes her "you are on the
    /// waitlist" mail in the same transaction.
    async fn join(&self, entry: NewWaitlistEntry) -> RepoResult<WaitlistEntry>;
    /// One sweep, under one lock for every process: held offers past their
    /// time lapse, entries whose days have passed expire, then each waiting
    /// entry without an offer is offered the first open place of its wishes
    /// it was never offered (in list order), held until the time
    /// `domain::waitlist::hold_until` gives, its mail written with it.
    async fn sweep(&self, now: DateTime<Utc>, local: LocalNow) -> RepoResult<SweepOutcome>;
    /// An offer and its entry.
    async fn offer(&self, id: Uuid) -> RepoResult<(Offer, WaitlistEntry)>;
    /// The guest lets a held offer go.
    async fn decline(&self, id: Uuid) -> Result<(Offer, WaitlistEntry), OfferError>;
    /// The guest leaves the list (a held offer of hers is let go).
    async fn leave(&self, entry: Uuid) -> RepoResult<()>;
    /// The owner takes a guest off the list.
    async fn remove(&self, entry: Uuid, actor: Actor) -> RepoResult<()>;
    /// The waiting entries (in list order), then those ended since `since`,
    /// each with its latest offer.
    async fn list(&self, since: DateTime<Utc>) -> RepoResult<Vec<(WaitlistEntry, Option<Offer>)>>;
    /// The waiting entries, in list order.
    async fn waiting(&self) -> RepoResult<Vec<WaitlistEntry>>;
}

#[derive(Clone)]
pub struct WaitlistService {
    repo: Arc<dyn WaitlistRepository>,
    clock: Arc<dyn Clock>,
    /// Wakes this process's sweeper at once (a place may have freed up).
    wake: Arc<tokio::sync::Notify>,
}

impl WaitlistService {
    pub fn new(repo: Arc<dyn WaitlistRepository>, clock: Arc<dyn Clock>) -> Self {
        Self { repo, clock, wake: Arc::new(tokio::sync::Notify::new()) }
    }

    pub async fn join(&self, entry: NewWaitlistEntry) -> RepoResult<WaitlistEntry> {
        let joined = self.repo.join(entry).await?;
        // Her wish may already be open (another range of hers): the sweep tells her.
        self.nudge();
        Ok(joined)
    }

    /// One sweep at the clock's now.
    pub async fn sweep(&self) -> RepoResult<SweepOutcome> {
        self.repo.sweep(self.clock.now(), self.clock.local_now()).await
    }

    /// Asks this process's sweeper to look now: called after every write
    /// that may free a place (a cancellation, a move, a deletion, capacity
    /// raised, a blackout lifted, an offer declined). Other processes find
    /// it on their next round.
    pub fn nudge(&self) {
        self.wake.notify_one();
    }

    /// Waits for a nudge (the sweeper's loop).
    pub async fn nudged(&self) {
        self.wake.notified().await;
    }

    pub async fn offer(&self, id: Uuid) -> RepoResult<(Offer, WaitlistEntry)> {
        self.repo.offer(id).await
    }

    pub async fn decline(&self, id: Uuid) -> Result<(Offer, WaitlistEntry), OfferError> {
        let declined = self.repo.decline(id).await?;
        self.nudge();
        Ok(declined)
    }

    pub async fn leave(&self, entry: Uuid) -> RepoResult<()> {
        self.repo.leave(entry).await?;
        self.nudge();
        Ok(())
    }

    pub async fn remove(&self, entry: Uuid, actor: Actor) -> RepoResult<()> {
        self.repo.remove(entry, actor).await?;
        self.nudge();
        Ok(())
    }

    /// The team's list: waiting, then ended in the last
    /// `domain::waitlist::ENDED_SHOWN_DAYS`.
    pub async fn list(&self) -> RepoResult<Vec<(WaitlistEntry, Option<Offer>)>> {
        let since = self.clock.now() - chrono::Duration::days(domain::waitlist::ENDED_SHOWN_DAYS);
        self.repo.list(since).await
    }

    /// How many guests wait for each service on each day from `first` to `last`.
    pub async fn demand(
        &self,
        first: NaiveDate,
        last: NaiveDate,
    ) -> RepoResult<HashMap<(ServiceKey, NaiveDate), i32>> {
        let waiting = self.repo.waiting().await?;
        let mut demand = HashMap::new();
        for entry in &waiting {
            for day in domain::waitlist::wished_days(entry) {
                if (first..=last).contains(&day) {
                    *demand.entry((entry.service, day)).or_default() += 1;
                }
            }
        }
        Ok(demand)
    }

    /// How many waiting guests ask for a day each blackout covers: lifting
    /// it frees those days for them.
    pub async fn waiting_for_blackouts(&self, blackouts: &[Blackout]) -> RepoResult<Vec<i32>> {
        let waiting = self.repo.waiting().await?;
        Ok(blackouts
            .iter()
            .map(|blackout| {
                waiting
                    .iter()
                    .filter(|entry| {
                        domain::waitlist::wished_days(entry)
                            .into_iter()
                            .any(|day| blackout.covers(day, entry.service))
                    })
                    .count() as i32
            })
            .collect())
    }
}
