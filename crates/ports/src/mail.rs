//! Mail: composing an event's messages (words, HTML, calendar invitations,
//! guest links), keeping them in an outbox written in the event's own
//! transaction, and sending them.

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use uuid::Uuid;

use domain::mail::{MailEvent, MailState, MailTemplate};

use crate::error::RepoResult;

/// A calendar invitation attached to a message (RFC 5545 text).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CalendarInvite {
    /// `REQUEST` or `CANCEL`.
    pub method: String,
    pub ics: String,
}

/// A message ready to be written to the outbox.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutgoingMail {
    pub template: MailTemplate,
    pub to: String,
    pub subject: String,
    pub text: String,
    pub html: String,
    pub calendar: Option<CalendarInvite>,
    /// The one-click unsubscribe address (RFC 8058), for newsletter mail.
    pub list_unsubscribe: Option<String>,
    /// The booking, order, message or subscription it is about.
    pub related_id: Option<Uuid>,
    /// Not sent before this moment (a gift card's chosen day); `None`: at once.
    pub send_after: Option<chrono::DateTime<chrono::Utc>>,
}

/// Turns events into messages. Pure (no I/O): the store calls it inside the
/// event's transaction.
pub trait MailComposer: Send + Sync {
    fn compose(&self, event: &MailEvent) -> Vec<OutgoingMail>;
    /// A booking as a calendar event the guest adds herself: an `.ics` file
    /// (the same UID as her invitations, the retreat's time zone) and
    /// "Add to Google Calendar" / "Add to Outlook" addresses.
    fn booking_calendar(
        &self,
        booking: &domain::booking::Booking,
        service: Option<&domain::mail::BookedService>,
    ) -> BookingCalendar;
    /// A team member's subscribed calendar (`domain::calendar_feed`): the
    /// bookings, each under the UID of its guest's invitations, and the
    /// blackouts as busy days, in the retreat's time zone. `services` names
    /// each service and gives its length.
    fn team_calendar(
        &self,
        bookings: &[domain::booking::Booking],
        services: &[(domain::booking::ServiceKey, domain::mail::BookedService)],
        blackouts: &[domain::booking::Blackout],
    ) -> String;
    /// The Tiny Home's taken nights, `(first, last)` runs, as whole-day
    /// "Not available" events with no names: the export other sites import.
    fn taken_nights_calendar(&self, runs: &[(chrono::NaiveDate, chrono::NaiveDate)]) -> String;
    /// Every template rendered with demo data, for the dashboard.
    fn previews(&self) -> Vec<OutgoingMail>;
}

/// A booking as a calendar event, for the guest's own calendar.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookingCalendar {
    /// RFC 5545 text (`METHOD:PUBLISH`).
    pub ics: String,
    pub google_url: String,
    pub outlook_url: String,
}

/// A message as the outbox keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredMail {
    pub id: Uuid,
    pub mail: OutgoingMail,
    pub state: MailState,
    pub attempts: i32,
    pub last_error: Option<String>,
    pub next_attempt_at: DateTime<Utc>,
    pub created_at: DateTime<Utc>,
    pub sent_at: Option<DateTime<Utc>>,
}

/// A message as the Emails view lists it: what and to whom, not its bodies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListedMail {
    pub id: Uuid,
    pub template: domain::mail::MailTemplate,
    pub to: String,
    pub subject: String,
    pub state: MailState,
    pub attempts: i32,
    pub last_error: Option<String>,
    pub related_id: Option<Uuid>,
    pub calendar_method: Option<String>,
    pub next_attempt_at: DateTime<Utc>,
    pub created_at: DateTime<Utc>,
    pub sent_at: Option<DateTime<Utc>>,
}

/// A page of the outbox as the Emails view asks for it: newest first, by
/// recipient or subject, state and the days the messages were written.
#[derive(Debug, Clone, PartialEq)]
pub struct MailQuery {
    pub search: Option<domain::paging::Search>,
    pub state: Option<MailState>,
    pub created_from: Option<DateTime<Utc>>,
    pub created_until: Option<DateTime<Utc>>,
    pub page: domain::paging::PageRequest,
}

/// Why a send failed, and whether trying again could help.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{reply}")]
pub struct SendFailure {
    /// A permanent refusal (an SMTP 5xx: bad address, rejected content).
    pub permanent: bool,
    /// The server's reply or the connection error, for the dashboard.
    pub reply: String,
}

#[async_trait]
pub trait MailSender: Send + Sync {
    /// Sends one message; `Ok` holds the server's reply.
    async fn send(&self, mail: &StoredMail) -> Result<String, SendFailure>;
}

#[async_trait]
pub trait OutboxRepository: Send + Sync {
    /// Claims up to `limit` messages due now (queued and due, or claimed by a
    /// worker whose claim has lapsed: a crash between sending and recording
    /// may repeat a message, never lose one), marking them `sending` for
    /// `lease_seconds`. Concurrent workers never claim the same message.
    async fn claim_due(
        &self,
        limit: i64,
        lease_seconds: i64,
        now: DateTime<Utc>,
    ) -> RepoResult<Vec<StoredMail>>;
    /// Records a successful send.
    async fn record_sent(&self, id: Uuid, reply: &str, now: DateTime<Utc>) -> RepoResult<()>;
    /// Records a failed attempt: queued again at `retry_at`, or failed for good.
    async fn record_failure(
        &self,
        id: Uuid,
        reply: &str,
        retry_at: Option<DateTime<Utc>>,
        now: DateTime<Utc>,
    ) -> RepoResult<()>;
    /// Messages newest first, optionally of one state.
    async fn list_mail(&self, state: Option<MailState>) -> RepoResult<Vec<StoredMail>>;
    /// One page of the messages the query matches, newest first.
    async fn page_mail(&self, query: MailQuery) -> RepoResult<domain::paging::Page<ListedMail>>;
    async fn get_mail(&self, id: Uuid) -> RepoResult<StoredMail>;
    /// Every attempt of one message, oldest first.
    async fn mail_attempts(&self, id: Uuid) -> RepoResult<Vec<MailAttempt>>;
    /// Queues a failed message again (`NotFound` unless it is failed).
    async fn resend(
        &self,
        id: Uuid,
        now: DateTime<Utc>,
        actor: domain::audit::Actor,
    ) -> RepoResult<StoredMail>;
}

/// One delivery attempt of a message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailAttempt {
    pub at: DateTime<Utc>,
    pub sent: bool,
    pub reply: String,
}

/// Signed, expiring links for guests: no account, no personal data in the
/// URL beyond an id (docs/decisions.md §9).
pub trait GuestLinks: Send + Sync {
    /// A token for managing `booking_id`, valid until the end of `last_day`.
    fn booking_token(&self, booking_id: Uuid, last_day: NaiveDate) -> String;
    /// The booking a valid, unexpired token is for.
    fn verify_booking(&self, token: &str) -> Option<Uuid>;
    /// A token for unsubscribing `subscription_id`.
    fn unsubscribe_token(&self, subscription_id: Uuid) -> String;
    fn verify_unsubscribe(&self, token: &str) -> Option<Uuid>;
    /// A token for paying (and reading the payment of) `order_id`, given to
    /// the browser that placed it.
    fn order_token(&self, order_id: Uuid) -> String;
    fn verify_order(&self, token: &str) -> Option<Uuid>;
    /// A token for viewing and printing gift card `card_id`, mailed to its
    /// recipient. It shows the card, never its code (the code travels in the
    /// link's fragment, which no server sees).
    fn gift_card_token(&self, card_id: Uuid) -> String;
    fn verify_gift_card(&self, token: &str) -> Option<Uuid>;
    /// A token for rating booking `booking_id` after the visit (the
    /// thank-you's link; the guest's booking page once it is over).
    fn rating_token(&self, booking_id: Uuid) -> String;
    fn verify_rating(&self, token: &str) -> Option<Uuid>;
    /// A token with which the guest of `booking_id` asks for no more
    /// thank-yous and invitations (booking mail still goes).
    fn follow_up_unsubscribe_token(&self, booking_id: Uuid) -> String;
    fn verify_follow_up_unsubscribe(&self, token: &str) -> Option<Uuid>;
    /// A token for waitlist offer `offer_id`: its page, taking it, letting it go.
    fn waitlist_offer_token(&self, offer_id: Uuid) -> String;
    fn verify_waitlist_offer(&self, token: &str) -> Option<Uuid>;
    /// A token with which the guest of waitlist entry `entry_id` leaves the list.
    fn waitlist_leave_token(&self, entry_id: Uuid) -> String;
    fn verify_waitlist_leave(&self, token: &str) -> Option<Uuid>;
    /// A token with which the address of privacy request `request_id`
    /// confirms it (`domain::privacy::UNCONFIRMED_DAYS`).
    fn privacy_request_token(&self, request_id: Uuid) -> String;
    fn verify_privacy_request(&self, token: &str) -> Option<Uuid>;
    /// A token for the copy of her data a done copy request gives
    /// (`domain::privacy::COPY_LINK_DAYS`).
    fn privacy_copy_token(&self, request_id: Uuid) -> String;
    fn verify_privacy_copy(&self, token: &str) -> Option<Uuid>;
}

/// Delivers due messages: claims them, sends each, and records the outcome
/// (sent; queued again with a back-off; or failed after the last attempt or
/// a permanent refusal). Every server process runs one.
#[derive(Clone)]
pub struct MailDelivery {
    outbox: std::sync::Arc<dyn OutboxRepository>,
    sender: std::sync::Arc<dyn MailSender>,
    clock: std::sync::Arc<dyn crate::Clock>,
    retry_base_seconds: i64,
}

/// Messages one worker claims at a time, and how long its claim lasts
/// before another worker may take them over.
const BATCH: i64 = 10;
const LEASE_SECONDS: i64 = 300;

impl MailDelivery {
    pub fn new(
        outbox: std::sync::Arc<dyn OutboxRepository>,
        sender: std::sync::Arc<dyn MailSender>,
        clock: std::sync::Arc<dyn crate::Clock>,
        retry_base_seconds: i64,
    ) -> Self {
        Self { outbox, sender, clock, retry_base_seconds }
    }

    /// Sends what is due now; returns how many messages it handled.
    pub async fn deliver_due(&self) -> RepoResult<usize> {
        let claimed = self.outbox.claim_due(BATCH, LEASE_SECONDS, self.clock.now()).await?;
        for message in &claimed {
            let outcome = self.sender.send(message).await;
            let now = self.clock.now();
            match outcome {
                Ok(reply) => self.outbox.record_sent(message.id, &reply, now).await?,
                Err(failure) => {
                    let attempts = message.attempts + 1;
                    let retry_at = if failure.permanent {
                        None
                    } else {
                        domain::mail::next_attempt(attempts, self.retry_base_seconds, now)
                    };
                    tracing::warn!(id = %message.id, attempts, permanent = failure.permanent, reply = %failure.reply, "mail not sent");
                    self.outbox.record_failure(message.id, &failure.reply, retry_at, now).await?;
                }
            }
        }
        Ok(claimed.len())
    }
}
