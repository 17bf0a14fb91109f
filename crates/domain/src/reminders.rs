//! Reminders that ask for an answer (issue 42, docs/decisions.md §9
//! "Reminders"). A guest's confirmed bookings close together are one
//! **visit**: a stay with the treatments she booked inside it, or the
//! treatments of one day. Each visit gets at most two reminders, one message
//! to its guest listing every booking of it:
//!
//! - a treatment day: the first `treatment_first_hours` before its first
//!   treatment (48 by default), the second on the morning of the visit;
//! - a stay: the first `stay_first_days` before arrival (7), the second
//!   `stay_second_days` before (1, the day before).
//!
//! The first asks her to confirm; the second asks again when she has not,
//! and is a plain reminder when she has. None leaves in the owner's quiet
//! hours (the sweep after them sends what fell due), none for a visit that
//! has begun, none whose moment came before the booking was made (its
//! request's mail has just told her), and when both are due at once only the
//! second goes. A booking on a day the owner has since blacked out (a
//! closure covering its service, any night of a stay) is not reminded: the
//! retreat will not receive her as booked, and the owner's blackout-impact
//! list is where that booking is settled. A visit is known by its anchor (the stay, else its first
//! treatment) at its place: moved, it is reminded again at its new place.

use chrono::{Duration, NaiveDate, NaiveDateTime, NaiveTime};
use uuid::Uuid;

use crate::booking::{Blackout, Booking, BookingStatus, LocalNow, TimeSlot, booking_starts_at};

crate::text_enum! {
    /// Which of a visit's two reminders.
    ReminderKind { First, Second }
}

/// The owner's reminder settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReminderSettings {
    /// Whether reminders go out at all.
    pub on: bool,
    pub treatment_first_hours: i32,
    /// Whether treatments get a second reminder on the morning of the visit.
    pub treatment_morning_of: bool,
    pub stay_first_days: i32,
    /// Days before arrival of a stay's second reminder (0: the morning of arrival).
    pub stay_second_days: i32,
    /// Quiet hours, retreat time: from this hour…
    pub quiet_from_hour: u32,
    /// …until this one (the morning reminders go out at this hour).
    pub quiet_until_hour: u32,
}

impl Default for ReminderSettings {
    fn default() -> Self {
        Self {
            on: true,
            treatment_first_hours: 48,
            treatment_morning_of: true,
            stay_first_days: 7,
            stay_second_days: 1,
            quiet_from_hour: 21,
            quiet_until_hour: 8,
        }
    }
}

/// The limits of each setting (the database holds the same).
pub const MAX_TREATMENT_FIRST_HOURS: i32 = 336;
pub const MAX_STAY_FIRST_DAYS: i32 = 30;

/// Why reminder settings are refused, by the field at fault.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ReminderSettingsError {
    #[error("Hours before a treatment are a whole number from 1 to 336")]
    TreatmentFirstHours,
    #[error("Days before a stay are a whole number from 1 to 30")]
    StayFirstDays,
    #[error("The second reminder comes after the first: fewer days before arrival")]
    StaySecondDays,
    #[error("Quiet hours are whole hours from 0 to 23")]
    QuietHours,
}

impl ReminderSettings {
    pub fn check(&self) -> Result<(), ReminderSettingsError> {
        if !(1..=MAX_TREATMENT_FIRST_HOURS).contains(&self.treatment_first_hours) {
            return Err(ReminderSettingsError::TreatmentFirstHours);
        }
        if !(1..=MAX_STAY_FIRST_DAYS).contains(&self.stay_first_days) {
            return Err(ReminderSettingsError::StayFirstDays);
        }
        if !(0..self.stay_first_days).contains(&self.stay_second_days) {
            return Err(ReminderSettingsError::StaySecondDays);
        }
        if self.quiet_from_hour > 23 || self.quiet_until_hour > 23 {
            return Err(ReminderSettingsError::QuietHours);
        }
        Ok(())
    }

    /// Whether `time` (retreat time) is in the quiet hours. From 21 until 8
    /// wraps midnight; equal hours mean no quiet hours.
    pub fn is_quiet(&self, time: NaiveTime) -> bool {
        use chrono::Timelike;
        let hour = time.hour();
        let (from, until) = (self.quiet_from_hour, self.quiet_until_hour);
        match from.cmp(&until) {
            std::cmp::Ordering::Equal => false,
            std::cmp::Ordering::Less => (from..until).contains(&hour),
            std::cmp::Ordering::Greater => hour >= from || hour < until,
        }
    }

    /// How many days ahead a reminder can be due: the sweep reads the
    /// bookings of today and of these days.
    pub fn lookahead_days(&self) -> i64 {
        let treatment_days = (i64::from(self.treatment_first_hours) + 23) / 24;
        treatment_days.max(i64::from(self.stay_first_days)) + 1
    }
}

/// A guest's visit: a stay and the treatments inside it, or one day's treatments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Visit {
    /// The stay, else the first treatment: what the visit is known by.
    pub anchor: Booking,
    /// Every booking of the visit, by date and time (the anchor among them).
    pub bookings: Vec<Booking>,
}

impl Visit {
    pub fn is_stay(&self) -> bool {
        self.anchor.check_out.is_some()
    }

    /// When the visit begins (retreat time).
    pub fn starts_at(&self) -> NaiveDateTime {
        self.bookings.iter().map(booking_starts_at).min().unwrap_or_else(|| booking_starts_at(&self.anchor))
    }

    /// Whether its guest has said she is coming to all of it.
    pub fn guest_confirmed(&self) -> bool {
        self.bookings.iter().all(|b| b.guest_confirmed_at.is_some())
    }

    /// When its `kind` reminder is due (retreat time), if it has one.
    pub fn due(&self, kind: ReminderKind, settings: &ReminderSettings) -> Option<NaiveDateTime> {
        let start = self.starts_at();
        match (self.is_stay(), kind) {
            (true, ReminderKind::First) => Some(start - Duration::days(i64::from(settings.stay_first_days))),
            (true, ReminderKind::Second) => {
                Some(start - Duration::days(i64::from(settings.stay_second_days)))
            }
            (false, ReminderKind::First) => {
                Some(start - Duration::hours(i64::from(settings.treatment_first_hours)))
            }
            (false, ReminderKind::Second) => settings
                .treatment_morning_of
                .then(|| start.date().and_time(hour(settings.quiet_until_hour)))
                // A visit that begins before the quiet hours end gets its second the evening before.
                .map(|morning| if morning >= start { start - Duration::hours(12) } else { morning }),
        }
    }
}

fn hour(hour: u32) -> NaiveTime {
    NaiveTime::from_hms_opt(hour, 0, 0).unwrap_or(NaiveTime::MIN)
}

/// The visits among one or many guests' bookings: their active bookings
/// (pending or confirmed) grouped by guest, a stay taking the treatments
/// from its check-in day to its check-out day, the other treatments grouped
/// by day. In order of their start.
pub fn visits_of(bookings: &[Booking]) -> Vec<Visit> {
    let mut active: Vec<&Booking> = bookings
        .iter()
        .filter(|b| matches!(b.status, BookingStatus::Pending | BookingStatus::Confirmed))
        .collect();
    active.sort_by_key(|b| (b.email.to_lowercase(), b.check_out.is_none(), b.date, b.time.starts_at(), b.id));
    let mut visits: Vec<Visit> = Vec::new();
    let mut placed: Vec<Uuid> = Vec::new();
    // Stays first (the sort puts them first per guest): each takes its treatments.
    for stay in active.iter().filter(|b| b.check_out.is_some()) {
        let out = stay.check_out.unwrap_or(stay.date);
        let mut members: Vec<Booking> = active
            .iter()
            .filter(|b| b.check_out.is_none() && !placed.contains(&b.id))
            .filter(|b| b.email.eq_ignore_ascii_case(&stay.email) && (stay.date..=out).contains(&b.date))
            .map(|b| (*b).clone())
            .collect();
        placed.extend(members.iter().map(|b| b.id));
        members.push((*stay).clone());
        members.sort_by_key(|b| (b.date, b.time.starts_at()));
        visits.push(Visit { anchor: (*stay).clone(), bookings: members });
    }
    // The rest: one visit per guest and day.
    let mut days: Vec<(String, NaiveDate, Vec<Booking>)> = Vec::new();
    for treatment in active.iter().filter(|b| b.check_out.is_none() && !placed.contains(&b.id)) {
        let guest = treatment.email.to_lowercase();
        match days.iter_mut().find(|(email, day, _)| *email == guest && *day == treatment.date) {
            Some((_, _, members)) => members.push((*treatment).clone()),
            None => days.push((guest, treatment.date, vec![(*treatment).clone()])),
        }
    }
    for (_, _, mut members) in days {
        members.sort_by_key(|b| (b.time.starts_at(), b.id));
        let anchor = members[0].clone();
        visits.push(Visit { anchor, bookings: members });
    }
    visits.sort_by_key(|v| (v.starts_at(), v.anchor.id));
    visits
}

/// The visit `booking` belongs to among its guest's bookings.
pub fn visit_with(booking: &Booking, guests_bookings: &[Booking]) -> Option<Visit> {
    visits_of(guests_bookings).into_iter().find(|visit| visit.bookings.iter().any(|b| b.id == booking.id))
}

/// A reminder already sent: for which booking, which, and for its place then.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SentReminder {
    pub booking: Uuid,
    pub kind: ReminderKind,
    pub date: NaiveDate,
    pub time: TimeSlot,
}

/// A reminder to send now: the visit, which reminder, and whether it asks
/// the guest to confirm.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DueReminder {
    pub visit: Visit,
    pub kind: ReminderKind,
    pub asks: bool,
}

/// A booking the sweep considers, with when it was made (retreat time).
#[derive(Debug, Clone)]
pub struct Candidate {
    pub booking: Booking,
    pub booked_at: NaiveDateTime,
}

/// Whether a blackout closes a day of the booking to its service.
pub fn is_blacked_out(booking: &Booking, blackouts: &[Blackout]) -> bool {
    booking.nights().into_iter().any(|day| blackouts.iter().any(|b| b.covers(day, booking.service)))
}

/// The reminders due at `now` among the candidates (the bookings of the
/// coming days), given those already sent and the blackouts touching those
/// days. Only confirmed bookings are reminded (a request still waiting for
/// the owner is not yet a visit to come to), and none on a blacked-out day.
pub fn due_reminders(
    now: LocalNow,
    settings: &ReminderSettings,
    candidates: &[Candidate],
    sent: &[SentReminder],
    blackouts: &[Blackout],
) -> Vec<DueReminder> {
    let now = now.date.and_time(now.time);
    if !settings.on || settings.is_quiet(now.time()) {
        return Vec::new();
    }
    let confirmed: Vec<Booking> = candidates
        .iter()
        .filter(|c| c.booking.status == BookingStatus::Confirmed && !is_blacked_out(&c.booking, blackouts))
        .map(|c| c.booking.clone())
        .collect();
    let booked_at = |id: Uuid| candidates.iter().find(|c| c.booking.id == id).map(|c| c.booked_at);
    let was_sent = |visit: &Visit, kind: ReminderKind| {
        sent.iter().any(|s| {
            s.booking == visit.anchor.id
                && s.kind == kind
                && s.date == visit.anchor.date
                && s.time == visit.anchor.time
        })
    };
    let mut due = Vec::new();
    for visit in visits_of(&confirmed) {
        if now >= visit.starts_at() {
            continue;
        }
        // Due, and its moment came after the visit was booked.
        let is_due = |kind| {
            visit
                .due(kind, settings)
                .is_some_and(|at| at <= now && booked_at(visit.anchor.id).is_none_or(|made| made < at))
        };
        let kind = if is_due(ReminderKind::Second) {
            ReminderKind::Second
        } else if is_due(ReminderKind::First) {
            ReminderKind::First
        } else {
            continue;
        };
        // The second outranks the first: once it is sent, the first is not.
        if was_sent(&visit, kind) || (kind == ReminderKind::First && was_sent(&visit, ReminderKind::Second)) {
            continue;
        }
        let asks = !visit.guest_confirmed();
        due.push(DueReminder { visit, kind, asks });
    }
    due
}

#[cfg(test)]
mod tests;
