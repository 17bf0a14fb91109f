//! Intake and consent forms (issue 45, docs/decisions.md §22): the owner's
//! forms and settings, a guest's answers through her booking's link, what
//! the team sees, who may open the answers (audited), and the purge. Every
//! "now" is the clock's.

use std::collections::HashMap;
use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, NaiveDateTime, Utc};
use uuid::Uuid;

use domain::admin::Admin;
use domain::audit::Actor;
use domain::booking::{Booking, BookingStatus, ServiceKey};
use domain::intake::{
    AnswerError, Answers, CheckedAnswers, IntakeForm, IntakeSettings, IntakeStatus, KeptIntake,
    check_answers, keep_since, locks_at,
};

use crate::auth::Clock;
use crate::error::{RepoError, RepoResult};

#[async_trait]
pub trait IntakeRepository: Send + Sync {
    async fn forms(&self) -> RepoResult<Vec<IntakeForm>>;
    async fn form(&self, service: ServiceKey) -> RepoResult<Option<IntakeForm>>;
    /// Saves the service's form (a new version), audited.
    async fn save_form(&self, form: IntakeForm, actor: Actor) -> RepoResult<IntakeForm>;
    /// Removes the service's form (answers kept stay), audited; `NotFound` if none.
    async fn remove_form(&self, service: ServiceKey, actor: Actor) -> RepoResult<()>;
    async fn settings(&self) -> RepoResult<IntakeSettings>;
    async fn save_settings(&self, settings: IntakeSettings, actor: Actor) -> RepoResult<IntakeSettings>;
    /// The booking's latest kept answers.
    async fn latest(&self, booking: Uuid) -> RepoResult<Option<KeptIntake>>;
    /// Her latest answers to the service's form on any booking (a returning guest's).
    async fn previous(&self, email: &str, service: ServiceKey) -> RepoResult<Option<KeptIntake>>;
    /// Keeps a submission (a new record; none is ever changed).
    async fn keep(
        &self,
        booking: &Booking,
        form: &IntakeForm,
        answers: CheckedAnswers,
        unchanged: bool,
        now: DateTime<Utc>,
    ) -> RepoResult<KeptIntake>;
    /// Whether each booking's latest answers need review (absent: none kept).
    async fn reviews(&self, bookings: &[Uuid]) -> RepoResult<HashMap<Uuid, bool>>;
    /// A team member opens a booking's answers: the reading is audited
    /// (who, which booking; never the answers).
    async fn read(&self, booking: Uuid, actor: Actor) -> RepoResult<Option<KeptIntake>>;
    /// Deletes the answers of every guest whose last visit (not cancelled)
    /// ended before `since`, and of bookings gone before it; answers how many.
    async fn purge(&self, since: NaiveDate, now: DateTime<Utc>) -> RepoResult<usize>;
    /// An owner gives or takes a member's permission to open answers, audited.
    async fn set_access(&self, member: Uuid, allowed: bool, actor: Actor) -> RepoResult<Admin>;
}

/// Why a guest's answers are not kept.
#[derive(Debug, thiserror::Error)]
pub enum IntakeError {
    #[error("This booking has no form to fill in.")]
    NoForm,
    #[error(
        "The form is closed: it locks {0} hours before the visit. Please tell your therapist of any change."
    )]
    Locked(i32),
    #[error("Some answers need another look.")]
    Invalid(Vec<AnswerError>),
    #[error("The form has changed since your last visit: please look over your answers.")]
    FormChanged,
    #[error(transparent)]
    Repo(#[from] RepoError),
}

/// A booking's form as its guest sees it.
#[derive(Debug, Clone)]
pub struct GuestIntake {
    pub form: IntakeForm,
    /// What she kept for this booking, if anything.
    pub latest: Option<KeptIntake>,
    /// Her answers from an earlier visit, to confirm or edit (when none are kept for this one).
    pub previous: Option<KeptIntake>,
    /// When it locks (the retreat's local time).
    pub locks_at: NaiveDateTime,
    pub locked: bool,
}

#[derive(Clone)]
pub struct IntakeService {
    repo: Arc<dyn IntakeRepository>,
    clock: Arc<dyn Clock>,
}

impl IntakeService {
    pub fn new(repo: Arc<dyn IntakeRepository>, clock: Arc<dyn Clock>) -> Self {
        Self { repo, clock }
    }

    pub fn repo(&self) -> &Arc<dyn IntakeRepository> {
        &self.repo
    }

    fn now_local(&self) -> NaiveDateTime {
        let now = self.clock.local_now();
        now.date.and_time(now.time)
    }

    /// The booking's form for its guest (`None`: its service has no form).
    pub async fn for_guest(&self, booking: &Booking) -> RepoResult<Option<GuestIntake>> {
        let Some(form) = self.repo.form(booking.service).await? else { return Ok(None) };
        let settings = self.repo.settings().await?;
        let latest = self.repo.latest(booking.id).await?;
        let previous = match latest {
            Some(_) => None,
            None => self.repo.previous(&booking.email, booking.service).await?,
        };
        let locks_at = locks_at(domain::booking::booking_starts_at(booking), settings);
        let locked = self.now_local() >= locks_at || booking.status == BookingStatus::Cancelled;
        Ok(Some(GuestIntake { form, latest, previous, locks_at, locked }))
    }

    /// Keeps her answers, or, with `unchanged`, her last ones again ("nothing
    /// has changed"), checked against the form as it is now.
    pub async fn submit(
        &self,
        booking: &Booking,
        answers: &Answers,
        signature: Option<&str>,
        unchanged: bool,
    ) -> Result<KeptIntake, IntakeError> {
        let guest = self.for_guest(booking).await?.ok_or(IntakeError::NoForm)?;
        if guest.locked {
            let settings = self.repo.settings().await?;
            return Err(IntakeError::Locked(settings.lock_hours));
        }
        let checked = if unchanged {
            let last = guest.latest.or(guest.previous).ok_or(IntakeError::FormChanged)?;
            check_answers(&guest.form, &last.answers, signature.or(last.signature.as_deref()))
                .map_err(|_| IntakeError::FormChanged)?
        } else {
            check_answers(&guest.form, answers, signature).map_err(IntakeError::Invalid)?
        };
        Ok(self.repo.keep(booking, &guest.form, checked, unchanged, self.clock.now()).await?)
    }

    /// What the team sees of each booking's form.
    pub async fn statuses(&self, bookings: &[(Uuid, ServiceKey)]) -> RepoResult<HashMap<Uuid, IntakeStatus>> {
        if bookings.is_empty() {
            return Ok(HashMap::new());
        }
        let with_form: Vec<ServiceKey> = self.repo.forms().await?.into_iter().map(|f| f.service).collect();
        let ids: Vec<Uuid> = bookings.iter().map(|(id, _)| *id).collect();
        let reviews = self.repo.reviews(&ids).await?;
        Ok(bookings
            .iter()
            .filter_map(|(id, service)| {
                let status =
                    domain::intake::status_of(with_form.contains(service), reviews.get(id).copied())?;
                Some((*id, status))
            })
            .collect())
    }

    /// One purge at the clock's today.
    pub async fn purge(&self) -> RepoResult<usize> {
        let settings = self.repo.settings().await?;
        let since = keep_since(self.clock.local_now().date, settings);
        self.repo.purge(since, self.clock.now()).await
    }
}
