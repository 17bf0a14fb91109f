//! A guest's own data (issue 45, docs/decisions.md §21 "A guest's data"):
//! everything held about an address gathered in one place, its erasure
//! under a stable pseudonym, and a guest's own requests by a mailed link.
//! Every "now" is the clock's.

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use uuid::Uuid;

use domain::after_visit::Rating;
use domain::audit::Actor;
use domain::booking::Booking;
use domain::content::{ContactMessage, ContactReply};
use domain::gift_card::GiftCard;
use domain::order::Order;
use domain::privacy::{ErasureBlocked, PrivacyRequest, PrivacyRequestKind, Pseudonym};
use domain::waitlist::WaitlistEntry;

use crate::auth::Clock;
use crate::error::{RepoError, RepoResult};
use crate::mail::ListedMail;

/// Everything held about one address (matched without regard to case).
#[derive(Debug, Clone, Default)]
pub struct GuestRecords {
    pub email: String,
    pub bookings: Vec<Booking>,
    pub orders: Vec<Order>,
    /// Cards bought with the address (for her or for someone else).
    pub gift_cards_bought: Vec<GiftCard>,
    /// Cards sent to the address.
    pub gift_cards_received: Vec<GiftCard>,
    /// Her messages, each with the replies sent to it.
    pub messages: Vec<(ContactMessage, Vec<ContactReply>)>,
    /// When she signed up for the journal, if she is signed up.
    pub newsletter_since: Option<DateTime<Utc>>,
    pub ratings: Vec<Rating>,
    pub waitlist: Vec<WaitlistEntry>,
    /// The mail written to the address (its subjects and dates; bodies are the templates').
    pub mail: Vec<ListedMail>,
    /// She asked for no more thank-yous and invitations.
    pub follow_ups_stopped: bool,
    /// Her confirmed requests for a copy or erasure.
    pub requests: Vec<PrivacyRequest>,
    /// Her intake and consent forms, as signed (health data: hers to see).
    pub intake: Vec<domain::intake::KeptIntake>,
}

impl GuestRecords {
    /// Counts for the audit trail's summary ("2 bookings, 1 order…"): never her details.
    pub fn tally(&self) -> String {
        let parts = [
            (self.bookings.len(), "booking"),
            (self.orders.len(), "order"),
            (self.gift_cards_bought.len() + self.gift_cards_received.len(), "gift card"),
            (self.messages.len(), "message"),
            (self.ratings.len(), "rating"),
            (self.waitlist.len(), "waitlist entry"),
            (self.mail.len(), "mail"),
            (self.intake.len(), "intake form"),
        ];
        let named: Vec<String> = parts
            .iter()
            .filter(|(count, _)| *count > 0)
            .map(|(count, what)| {
                let plural = match (*count, *what) {
                    (1, _) | (_, "mail") => (*what).to_owned(),
                    (_, "waitlist entry") => "waitlist entries".to_owned(),
                    _ => format!("{what}s"),
                };
                format!("{count} {plural}")
            })
            .collect();
        if named.is_empty() { "nothing held".to_owned() } else { named.join(", ") }
    }
}

/// What an erasure changed.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ErasureCounts {
    pub pseudonym: String,
    /// Records kept for the accounts under the pseudonym.
    pub bookings: usize,
    pub orders: usize,
    pub gift_cards: usize,
    pub ratings: usize,
    /// Records deleted.
    pub messages_deleted: usize,
    pub waitlist_entries_deleted: usize,
    pub mail_deleted: usize,
    pub newsletter_deleted: bool,
    pub intake_forms_deleted: usize,
}

#[derive(Debug, thiserror::Error)]
pub enum ErasureError {
    #[error(transparent)]
    Blocked(ErasureBlocked),
    #[error("Nothing is held about this address.")]
    NothingHeld,
    #[error(transparent)]
    Repo(#[from] RepoError),
}

#[derive(Debug, thiserror::Error)]
pub enum PrivacyRequestError {
    #[error("No such request")]
    NotFound,
    /// The confirmation link is past its seven days and the request was never confirmed.
    #[error("This link is not valid or has expired")]
    Expired,
    #[error("This request is already done.")]
    AlreadyDone,
    #[error(transparent)]
    Blocked(ErasureBlocked),
    #[error(transparent)]
    Repo(#[from] RepoError),
}

impl From<ErasureError> for PrivacyRequestError {
    fn from(error: ErasureError) -> Self {
        match error {
            ErasureError::Blocked(blocked) => PrivacyRequestError::Blocked(blocked),
            // A request with nothing else held still has itself to erase.
            ErasureError::NothingHeld => PrivacyRequestError::NotFound,
            ErasureError::Repo(error) => PrivacyRequestError::Repo(error),
        }
    }
}

/// Who reads a guest's records (every read is audited).
#[derive(Debug, Clone)]
pub enum Reader {
    /// A team member, from the dashboard.
    Team(Actor),
    /// The guest herself, through the link of her confirmed copy request.
    Guest(Uuid),
}

#[async_trait]
pub trait PrivacyRepository: Send + Sync {
    /// Everything held about `email`; the reading is written to the audit trail.
    async fn gather(&self, email: &str, reader: Reader) -> RepoResult<GuestRecords>;
    /// Replaces who `email` is by `pseudonym` in every record kept for the
    /// accounts, deletes her messages, waitlist entries, sign-up and mail,
    /// and marks `request` done, in one transaction; refused while
    /// `domain::privacy::erasure_blocked` says so on `today`.
    async fn erase(
        &self,
        email: &str,
        pseudonym: &Pseudonym,
        request: Option<Uuid>,
        actor: Actor,
        today: NaiveDate,
        now: DateTime<Utc>,
    ) -> Result<ErasureCounts, ErasureError>;
    /// Records an unconfirmed request and writes the mail with its
    /// confirmation link; deletes the unconfirmed ones past their days.
    async fn ask(
        &self,
        email: &str,
        kind: PrivacyRequestKind,
        now: DateTime<Utc>,
    ) -> RepoResult<PrivacyRequest>;
    /// Confirms a request (once; again changes nothing) and tells the owner.
    async fn confirm(&self, id: Uuid, now: DateTime<Utc>) -> Result<PrivacyRequest, PrivacyRequestError>;
    async fn request(&self, id: Uuid) -> RepoResult<PrivacyRequest>;
    /// Confirmed requests: open ones oldest first, then those done since `done_since`, newest first.
    async fn requests(&self, done_since: DateTime<Utc>) -> RepoResult<Vec<PrivacyRequest>>;
    /// Marks a copy request done and writes her mail with the link to it.
    async fn copy_sent(
        &self,
        id: Uuid,
        actor: Actor,
        now: DateTime<Utc>,
    ) -> Result<PrivacyRequest, PrivacyRequestError>;
}

/// The stable pseudonym of an address (a keyed hash: the same address gives
/// the same pseudonym, and the pseudonym does not give the address back).
pub trait Pseudonyms: Send + Sync {
    fn of(&self, email: &str) -> Pseudonym;
}

/// The use cases of a guest's data.
#[derive(Clone)]
pub struct PrivacyService {
    repo: Arc<dyn PrivacyRepository>,
    pseudonyms: Arc<dyn Pseudonyms>,
    clock: Arc<dyn Clock>,
}

impl PrivacyService {
    pub fn new(
        repo: Arc<dyn PrivacyRepository>,
        pseudonyms: Arc<dyn Pseudonyms>,
        clock: Arc<dyn Clock>,
    ) -> Self {
        Self { repo, pseudonyms, clock }
    }

    /// What the team finds about `email` (audited).
    pub async fn gather(&self, email: &str, actor: Actor) -> RepoResult<GuestRecords> {
        self.repo.gather(email, Reader::Team(actor)).await
    }

    /// Her own copy, through the link of a copy request the owner sent.
    pub async fn copy_for_guest(&self, request_id: Uuid) -> Result<GuestRecords, PrivacyRequestError> {
        let request = self.repo.request(request_id).await.map_err(not_found)?;
        if request.kind != PrivacyRequestKind::Copy || request.done_at.is_none() {
            return Err(PrivacyRequestError::NotFound);
        }
        Ok(self.repo.gather(&request.email, Reader::Guest(request.id)).await?)
    }

    pub async fn erase(&self, email: &str, actor: Actor) -> Result<ErasureCounts, ErasureError> {
        let pseudonym = self.pseudonyms.of(email);
        let today = self.clock.local_now().date;
        self.repo.erase(email, &pseudonym, None, actor, today, self.clock.now()).await
    }

    pub async fn ask(&self, email: &str, kind: PrivacyRequestKind) -> RepoResult<PrivacyRequest> {
        self.repo.ask(email, kind, self.clock.now()).await
    }

    pub async fn confirm(&self, id: Uuid) -> Result<PrivacyRequest, PrivacyRequestError> {
        self.repo.confirm(id, self.clock.now()).await
    }

    pub async fn requests(&self) -> RepoResult<Vec<PrivacyRequest>> {
        let since = self.clock.now() - chrono::Duration::days(domain::privacy::DONE_LISTED_DAYS);
        self.repo.requests(since).await
    }

    /// Does a confirmed request: sends her the link to her copy, or erases her details.
    pub async fn complete(&self, id: Uuid, actor: Actor) -> Result<PrivacyRequest, PrivacyRequestError> {
        let request = self.repo.request(id).await.map_err(not_found)?;
        if request.confirmed_at.is_none() {
            return Err(PrivacyRequestError::NotFound);
        }
        if request.done_at.is_some() {
            return Err(PrivacyRequestError::AlreadyDone);
        }
        match request.kind {
            PrivacyRequestKind::Copy => self.repo.copy_sent(id, actor, self.clock.now()).await,
            PrivacyRequestKind::Erasure => {
                let pseudonym = self.pseudonyms.of(&request.email);
                let today = self.clock.local_now().date;
                self.repo.erase(&request.email, &pseudonym, Some(id), actor, today, self.clock.now()).await?;
                Ok(self.repo.request(id).await?)
            }
        }
    }
}

fn not_found(error: RepoError) -> PrivacyRequestError {
    match error {
        RepoError::NotFound => PrivacyRequestError::NotFound,
        other => PrivacyRequestError::Repo(other),
    }
}
