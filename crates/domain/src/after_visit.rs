//! After the visit (issue 43, docs/decisions.md §9 "After the visit"): the
//! thank-you that asks every guest the same way how it was, her rating and
//! what the site shows of it, and the invitation to return when a service's
//! next visit is due.
//!
//! The review rules that make this honest (Google's review policies, the
//! FTC's Consumer Review Rule of 2024): every guest whose visit is over is
//! asked, whatever we guess of her mood; every rating counts in the average
//! and shows with its date; only a comment its author let us quote is shown;
//! the owner may reply in public; and a rating is taken down only under one
//! of the written rules ([`HideRule`]), its author told, the act audited.

use chrono::{DateTime, Duration, NaiveDate, Utc};
use uuid::Uuid;

use crate::booking::{Booking, BookingStatus, ServiceKey};

crate::text_enum! {
    /// The mail that follows a visit.
    FollowUpKind {
        /// Thanks, the aftercare words and the rating link.
        Thanks,
        /// The invitation to return, when the service's next visit is due.
        Invitation,
    }
}

crate::text_enum! {
    /// The written rules under which a rating may be taken off the site.
    /// Nothing else removes one: not its stars, not its tone.
    HideRule {
        /// Insults, threats, hateful or sexual words.
        Abuse,
        /// Another person's health or private details.
        OthersPrivacy,
        /// Not about a visit to the retreat (an advertisement, another place).
        OffTopic,
    }
}

impl HideRule {
    /// The rule as written for the owner and told to the guest.
    pub fn wording(self) -> &'static str {
        match self {
            HideRule::Abuse => "It contains insults, threats, or hateful or sexual language.",
            HideRule::OthersPrivacy => "It shares another person's health or private details.",
            HideRule::OffTopic => {
                "It is not about a visit to Golden Pine (an advertisement or another place)."
            }
        }
    }
}

/// A thank-you goes for a visit over at most this many days ago (turning the
/// feature on, or a booking marked completed weeks late, mails no old guests).
pub const FOLLOW_UP_WITHIN_DAYS: i64 = 14;
/// How long after first rating a guest may change it.
pub const RATING_CHANGE_DAYS: i64 = 30;
/// How long the rating link in a thank-you works.
pub const RATING_LINK_DAYS: i64 = 60;
/// The longest comment and reply.
pub const COMMENT_MAX: usize = 1_000;
/// The longest aftercare words on a service.
pub const AFTERCARE_MAX: usize = 2_000;
/// The longest "invite back after" a service may set, in days (two years).
pub const RETURN_AFTER_DAYS_MAX: i32 = 730;
/// The quoted comments shown per service, newest first.
pub const QUOTED_SHOWN: usize = 3;

/// The day a booking's visit ended: a stay's check-out day, else its date.
pub fn visit_ended_on(booking: &Booking) -> NaiveDate {
    booking.check_out.unwrap_or(booking.date)
}

/// Whether the guest has had her visit by `today`: a treatment the owner
/// marked completed once its day has come; a stay (confirmed or completed)
/// once its last night has passed.
pub fn is_over(booking: &Booking, today: NaiveDate) -> bool {
    match booking.check_out {
        Some(out) => {
            matches!(booking.status, BookingStatus::Confirmed | BookingStatus::Completed) && today >= out
        }
        None => booking.status == BookingStatus::Completed && today >= booking.date,
    }
}

/// A follow-up already written for a booking.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SentFollowUp {
    pub booking: Uuid,
    pub kind: FollowUpKind,
}

/// One guest's follow-up to send now: which kind, for which of her bookings
/// (the same guest's bookings due together are one message).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DueFollowUp {
    pub kind: FollowUpKind,
    pub bookings: Vec<Booking>,
}

impl DueFollowUp {
    pub fn email(&self) -> &str {
        self.bookings.first().map_or("", |b| b.email.as_str())
    }
}

/// What the follow-up sweep looks at.
pub struct FollowUpInputs<'a> {
    pub today: NaiveDate,
    /// Bookings over or recently had: the candidates for a thank-you or an invitation.
    pub candidates: &'a [Booking],
    /// The active bookings (pending or confirmed) from today on of the
    /// candidates' guests: a guest with one already has her next visit.
    pub coming: &'a [Booking],
    pub sent: &'a [SentFollowUp],
    /// The addresses that asked for no more of these mails (lower case).
    pub opted_out: &'a [String],
    /// After how many days each service's guests are invited back, if it sets it.
    pub return_after: &'a dyn Fn(ServiceKey) -> Option<i32>,
}

/// The follow-ups due on `today`, one message per guest and kind.
///
/// - Thanks: for every booking over within [`FOLLOW_UP_WITHIN_DAYS`], once.
/// - Invitation: for a guest's latest visit of a service that sets "invite
///   back after N days", N days after it ended (within the same window),
///   once; not while she has a visit booked.
///
/// Neither goes to an address that opted out.
pub fn due_follow_ups(inputs: &FollowUpInputs<'_>) -> Vec<DueFollowUp> {
    let today = inputs.today;
    let window = |day: NaiveDate| day <= today && (today - day).num_days() <= FOLLOW_UP_WITHIN_DAYS;
    let sent = |id: Uuid, kind| inputs.sent.iter().any(|s| s.booking == id && s.kind == kind);
    let opted_out = |email: &str| inputs.opted_out.iter().any(|o| o.eq_ignore_ascii_case(email));
    let over: Vec<&Booking> =
        inputs.candidates.iter().filter(|b| is_over(b, today) && !opted_out(&b.email)).collect();

    let thanks: Vec<Booking> = over
        .iter()
        .filter(|b| window(visit_ended_on(b)) && !sent(b.id, FollowUpKind::Thanks))
        .map(|b| (*b).clone())
        .collect();

    let has_next_visit = |email: &str| {
        inputs.coming.iter().any(|c| {
            c.email.eq_ignore_ascii_case(email)
                && matches!(c.status, BookingStatus::Pending | BookingStatus::Confirmed)
                && visit_ended_on(c) >= today
        })
    };
    let latest_of_service = |b: &Booking| {
        !over.iter().any(|other| {
            other.id != b.id
                && other.service == b.service
                && other.email.eq_ignore_ascii_case(&b.email)
                && (visit_ended_on(other), other.id) > (visit_ended_on(b), b.id)
        })
    };
    let invitations: Vec<Booking> = over
        .iter()
        .filter(|b| {
            (inputs.return_after)(b.service).is_some_and(|days| {
                window(visit_ended_on(b) + Duration::days(i64::from(days)))
                    && !sent(b.id, FollowUpKind::Invitation)
                    && latest_of_service(b)
                    && !has_next_visit(&b.email)
            })
        })
        .map(|b| (*b).clone())
        .collect();

    let mut due = group_by_guest(FollowUpKind::Thanks, thanks);
    due.extend(group_by_guest(FollowUpKind::Invitation, invitations));
    due
}

fn group_by_guest(kind: FollowUpKind, mut bookings: Vec<Booking>) -> Vec<DueFollowUp> {
    bookings.sort_by_key(|b| (b.email.to_lowercase(), b.date, b.time.starts_at(), b.id));
    let mut due: Vec<DueFollowUp> = Vec::new();
    for booking in bookings {
        match due.last_mut() {
            Some(last) if last.email().eq_ignore_ascii_case(&booking.email) => last.bookings.push(booking),
            _ => due.push(DueFollowUp { kind, bookings: vec![booking] }),
        }
    }
    due
}

/// A guest's rating of one booking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rating {
    pub id: Uuid,
    /// The booking rated (gone if the owner deleted it: the rating stays).
    pub booking: Option<Uuid>,
    pub service: ServiceKey,
    pub stars: u8,
    pub comment: Option<String>,
    /// Whether she lets the retreat quote her comment on the site.
    pub may_quote: bool,
    /// How she is named when quoted: first name and initial ("Ada L.").
    pub author: String,
    /// Her address, to tell her if the rating is taken down.
    pub email: String,
    /// The day of the visit rated.
    pub visited_on: NaiveDate,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub reply: Option<OwnerReply>,
    pub hidden: Option<Hidden>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OwnerReply {
    pub text: String,
    pub at: DateTime<Utc>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hidden {
    pub rule: HideRule,
    pub at: DateTime<Utc>,
}

impl Rating {
    /// Until when its author may change it.
    pub fn changeable_until(&self) -> DateTime<Utc> {
        self.created_at + Duration::days(RATING_CHANGE_DAYS)
    }

    /// The comment the site may show: quoted with leave, and not taken down.
    pub fn quotable_comment(&self) -> Option<&str> {
        (self.may_quote && self.hidden.is_none()).then_some(self.comment.as_deref()).flatten()
    }
}

/// What a guest sends when rating.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RatingInput {
    pub stars: u8,
    pub comment: Option<String>,
    pub may_quote: bool,
}

/// Why a rating is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum RatingError {
    #[error("Choose from 1 to 5 stars")]
    Stars,
    #[error("A comment is at most 1,000 characters of text")]
    Comment,
    #[error("This visit can be rated once it is over")]
    NotOver,
    #[error("A rating can be changed for 30 days; this one can no longer be changed")]
    Closed,
}

/// Free text longer than its limit, or holding a NUL.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("At most {max} characters of text")]
pub struct TextRefused {
    pub max: usize,
}

/// Free text of at most `max` characters, trimmed (blank is none); refused
/// when longer or holding a NUL (which no stored text may hold).
pub fn optional_text(text: Option<&str>, max: usize) -> Result<Option<String>, TextRefused> {
    let text = text.map(str::trim).filter(|t| !t.is_empty());
    match text {
        Some(t) if t.chars().count() > max || t.contains('\0') => Err(TextRefused { max }),
        other => Ok(other.map(str::to_owned)),
    }
}

impl RatingInput {
    /// Checks the stars and the comment (trimmed; blank is none).
    pub fn parse(stars: i64, comment: Option<&str>, may_quote: bool) -> Result<Self, RatingError> {
        let stars = u8::try_from(stars).ok().filter(|s| (1..=5).contains(s)).ok_or(RatingError::Stars)?;
        let comment = optional_text(comment, COMMENT_MAX).map_err(|_| RatingError::Comment)?;
        Ok(Self { stars, comment, may_quote })
    }
}

/// Whether the guest of `booking` may rate it now (`existing`: her rating so far).
pub fn may_rate(
    booking: &Booking,
    existing: Option<&Rating>,
    today: NaiveDate,
    now: DateTime<Utc>,
) -> Result<(), RatingError> {
    if !is_over(booking, today) {
        return Err(RatingError::NotOver);
    }
    match existing {
        Some(rating) if now >= rating.changeable_until() => Err(RatingError::Closed),
        _ => Ok(()),
    }
}

/// How a guest is named when quoted: her first name and the initial of her last.
pub fn author_of(first_name: &str, last_name: &str) -> String {
    let first = first_name.trim();
    match last_name.trim().chars().next() {
        Some(initial) => format!("{first} {}.", initial.to_uppercase()),
        None => first.to_owned(),
    }
}

/// One service's ratings as the site shows them.
#[derive(Debug, Clone, PartialEq)]
pub struct RatingSummary {
    pub service: ServiceKey,
    /// The mean of the shown ratings' stars, to one decimal.
    pub average: f64,
    pub count: usize,
    /// The newest quoted comments (at most [`QUOTED_SHOWN`]).
    pub quoted: Vec<Rating>,
}

/// The summaries of every service with a shown rating (taken-down ones
/// neither count nor show), in the services' key order.
pub fn summarise(ratings: &[Rating]) -> Vec<RatingSummary> {
    ServiceKey::ALL
        .iter()
        .filter_map(|&service| {
            let mut shown: Vec<&Rating> =
                ratings.iter().filter(|r| r.service == service && r.hidden.is_none()).collect();
            if shown.is_empty() {
                return None;
            }
            let total: u32 = shown.iter().map(|r| u32::from(r.stars)).sum();
            let count = shown.len();
            let average = (f64::from(total) / count as f64 * 10.0).round() / 10.0;
            shown.sort_by_key(|r| std::cmp::Reverse((r.created_at, r.id)));
            let quoted = shown
                .into_iter()
                .filter(|r| r.quotable_comment().is_some())
                .take(QUOTED_SHOWN)
                .cloned()
                .collect();
            Some(RatingSummary { service, average, count, quoted })
        })
        .collect()
}

/// Why a service's follow-up settings are refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum AfterVisitSettingsError {
    #[error("Aftercare is at most 2,000 characters of text")]
    Aftercare,
    #[error("Invite back after a whole number of days from 1 to 730")]
    ReturnAfter,
}

/// Checks a service's "invite back after" days.
pub fn check_return_after(days: Option<i32>) -> Result<Option<i32>, AfterVisitSettingsError> {
    match days {
        Some(d) if !(1..=RETURN_AFTER_DAYS_MAX).contains(&d) => Err(AfterVisitSettingsError::ReturnAfter),
        other => Ok(other),
    }
}

/// Checks a service's aftercare words (trimmed; blank is none).
pub fn check_aftercare(text: Option<&str>) -> Result<Option<String>, AfterVisitSettingsError> {
    optional_text(text, AFTERCARE_MAX).map_err(|_| AfterVisitSettingsError::Aftercare)
}

/// Checks the owner's public reply to a rating (trimmed; blank removes it).
pub fn check_reply(text: Option<&str>) -> Result<Option<String>, TextRefused> {
    optional_text(text, COMMENT_MAX)
}

#[cfg(test)]
mod tests;
