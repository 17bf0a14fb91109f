//! Capacity decisions. Each `plan_*` function decides one write from data the
//! store has loaded (and locked) in the write's transaction, and answers
//! either a refusal or the exact counts to store; the store applies them.

use std::collections::HashMap;

use chrono::{Datelike, NaiveDate};
use uuid::Uuid;

use crate::Email;

use super::{
    AvailabilityEntry, Blackout, Booking, BookingStatus, LocalNow, NewAvailability, NewBooking, Schedule,
    ServiceKey, TimeSlot, applies, long_date,
};

/// The entries that constrain a booking of `key` at `slot` on their date.
pub fn governing_entries(
    entries: &[AvailabilityEntry],
    key: ServiceKey,
    slot: TimeSlot,
) -> impl Iterator<Item = &AvailabilityEntry> {
    entries.iter().filter(move |e| e.applies_to(key) && e.covers_slot(slot))
}

/// The entries a booking of `key` at `slot` on `nights` occupies: one unit
/// of each, whatever its date among them.
pub(crate) fn held_by<'a>(
    entries: &'a [AvailabilityEntry],
    key: ServiceKey,
    nights: &[NaiveDate],
    slot: TimeSlot,
) -> Vec<&'a AvailabilityEntry> {
    governing_entries(entries, key, slot).filter(|e| nights.contains(&e.date)).collect()
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DayAvailability {
    pub available: bool,
    /// Why the day is closed (its words, fit for a guest: `DayReason::text`).
    pub reason: Option<DayReason>,
    pub slots: Vec<(TimeSlot, bool)>,
    /// Whether a guest may join the waitlist for it: it cannot be booked
    /// only because its places are taken (`crate::waitlist::can_wait`).
    pub can_wait: bool,
}

pub const PAST_REASON: &str = "This date has passed.";
pub const CLOSED_REASON: &str = "The retreat is closed for this service on this date.";
pub const FULL_DAY_REASON: &str = "This date is fully booked.";
pub const ALL_SLOTS_REASON: &str = "Every time on this date is booked or unavailable.";

pub const BEYOND_HORIZON_REASON: &str = "Bookings are not yet open for this date.";

crate::text_enum! {
    /// Why a day cannot be booked, for a client to tell apart (the guest
    /// reads the reason's words): passed, beyond the horizon, closed (a
    /// blackout, a blocked entry, the opening hours), fully booked, every
    /// time taken, or (the Tiny Home) the night taken.
    DayReason { Past, BeyondHorizon, Closed, Full, AllTimesTaken, NightTaken }
}

impl DayReason {
    /// The words a guest reads.
    pub fn text(self) -> &'static str {
        match self {
            DayReason::Past => PAST_REASON,
            DayReason::BeyondHorizon => BEYOND_HORIZON_REASON,
            DayReason::Closed => CLOSED_REASON,
            DayReason::Full => FULL_DAY_REASON,
            DayReason::AllTimesTaken => ALL_SLOTS_REASON,
            DayReason::NightTaken => NIGHT_TAKEN_REASON,
        }
    }
}

/// Whether a guest can book `key` on `date`, and at which times: the one
/// decision every view and every write asks. `blackouts` and `entries` may
/// hold anything; only what applies counts. `entries` carries the standing
/// ones of the date (`with_standing`), so the schedule's figures and opening
/// hours count as an entry's would; `schedule` adds its notice and horizon.
pub fn day_availability(
    key: ServiceKey,
    date: NaiveDate,
    now: LocalNow,
    schedule: &Schedule,
    blackouts: &[Blackout],
    entries: &[AvailabilityEntry],
) -> DayAvailability {
    let day_entries: Vec<&AvailabilityEntry> =
        entries.iter().filter(|e| e.date == date && e.applies_to(key) && e.time_slot.is_none()).collect();
    let closed = date < now.date
        || blackouts.iter().any(|b| b.covers(date, key))
        || day_entries.iter().any(|e| e.is_blocked);
    let closed_reason = if date < now.date {
        Some(DayReason::Past)
    } else if schedule.beyond_horizon(date, now.date) {
        Some(DayReason::BeyondHorizon)
    } else if closed {
        Some(DayReason::Closed)
    } else if day_entries.iter().any(|e| e.is_full()) {
        Some(DayReason::Full)
    } else {
        None
    };
    let slots: Vec<(TimeSlot, bool)> = TimeSlot::ALL
        .iter()
        .map(|&slot| {
            let open = closed_reason.is_none()
                && !schedule.too_soon(date.and_time(slot.starts_at()), now)
                && held_by(entries, key, &[date], slot).iter().all(|e| !e.is_blocked && !e.is_full());
            (slot, open)
        })
        .collect();
    let reason =
        closed_reason.or_else(|| (!slots.iter().any(|(_, open)| *open)).then_some(DayReason::AllTimesTaken));
    let can_wait =
        reason.is_some() && crate::waitlist::can_wait(key, date, now, schedule, blackouts, entries);
    DayAvailability { available: reason.is_none(), reason, slots, can_wait }
}

pub const NIGHT_TAKEN_REASON: &str = "This night is not available.";

/// A day as the month calendar shows it: for the Tiny Home, whether the night
/// beginning that day can be part of a stay (its check-in time is open); for
/// other services, whether some time of the day can be booked. With the
/// reason, for a guest, when not.
pub fn month_day(
    key: ServiceKey,
    date: NaiveDate,
    now: LocalNow,
    schedule: &Schedule,
    blackouts: &[Blackout],
    entries: &[AvailabilityEntry],
) -> (bool, Option<DayReason>) {
    let day = day_availability(key, date, now, schedule, blackouts, entries);
    if key == ServiceKey::Accommodation {
        let open = day.slots.iter().any(|&(slot, open)| slot == super::CHECK_IN_TIME && open);
        (open, (!open).then(|| day.reason.unwrap_or(DayReason::NightTaken)))
    } else {
        (day.available, day.reason)
    }
}

/// The days of the month that begins on `first`.
pub fn days_of_month(first: NaiveDate) -> Vec<NaiveDate> {
    first.iter_days().take_while(|day| day.month() == first.month()).collect()
}

/// Today's appointments that have begun can no longer be booked.
fn has_started(date: NaiveDate, slot: TimeSlot, now: LocalNow) -> bool {
    date == now.date && slot.starts_at() <= now.time
}

/// The new count of one availability entry's bookings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CapacityUpdate {
    pub entry: Uuid,
    pub current_bookings: i32,
}

pub(super) fn take_one(entries: &[&AvailabilityEntry]) -> Vec<CapacityUpdate> {
    entries
        .iter()
        .map(|e| CapacityUpdate { entry: e.id, current_bookings: e.current_bookings.saturating_add(1) })
        .collect()
}

/// Giving back never goes below zero: an entry edited by hand, or created
/// after the booking, may already be at zero.
pub(super) fn give_back_one(entries: &[&AvailabilityEntry]) -> Vec<CapacityUpdate> {
    entries
        .iter()
        .filter(|e| e.current_bookings > 0)
        .map(|e| CapacityUpdate { entry: e.id, current_bookings: e.current_bookings - 1 })
        .collect()
}

const UNAVAILABLE: &str = "This date is not available for booking. Please select another date.";

/// Why a new booking is refused. The texts are the specification's; the
/// variants tell a client exactly why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum BookingRejection {
    #[error("{UNAVAILABLE}")]
    DatePassed,
    /// Today's slot has already begun.
    #[error("{UNAVAILABLE}")]
    TimePassed,
    /// Within the minimum notice the owner set (the time has not begun).
    #[error("Bookings need {hours} hours' notice. Please choose a later time.")]
    TooSoon { hours: i32 },
    /// Further ahead than the owner's booking horizon.
    #[error("Bookings are open {days} days ahead. Please choose an earlier date.")]
    BeyondHorizon { days: i32 },
    #[error("{UNAVAILABLE}")]
    BlackedOut,
    /// An availability entry blocks the day or the slot.
    #[error("{UNAVAILABLE}")]
    Blocked,
    #[error("This date is fully booked. Please select another date.")]
    DayFull,
    #[error("This time is fully booked. Please choose another time.")]
    SlotFull,
    /// A night of a stay of two or more nights is blacked out or blocked.
    #[error("The night of {} is not available. Please choose other dates.", long_date(*night))]
    NightUnavailable { night: NaiveDate },
    /// A night of a stay of two or more nights is fully booked.
    #[error("The night of {} is fully booked. Please choose other dates.", long_date(*night))]
    NightFull { night: NaiveDate },
    /// The guest already holds `MAX_PENDING_PER_GUEST_AND_DATE` requests
    /// awaiting confirmation for this date (one guest cannot hold a day's places).
    #[error(
        "You already have {MAX_PENDING_PER_GUEST_AND_DATE} requests waiting for confirmation on this date. We will be in touch about them soon."
    )]
    TooManyPending,
}

/// Booking requests awaiting confirmation one email address may hold for one
/// date: enough for a family's day (massage, spa, stay, package and one more).
pub const MAX_PENDING_PER_GUEST_AND_DATE: i64 = 5;

/// Decides a new booking against the current blackouts, the entries of its
/// date and the requests its guest already has waiting for that date
/// (`guest_pending`): the counts of the entries whose capacity it takes (one
/// unit each).
pub fn plan_booking(
    booking: &NewBooking,
    now: LocalNow,
    schedule: &Schedule,
    blackouts: &[Blackout],
    entries: &[AvailabilityEntry],
    guest_pending: i64,
) -> Result<Vec<CapacityUpdate>, BookingRejection> {
    let place =
        Place { key: booking.service, date: booking.date, nights: booking.nights(), slot: booking.time };
    let taken = plan_place(&place, now, schedule, blackouts, entries)?;
    if guest_pending >= MAX_PENDING_PER_GUEST_AND_DATE {
        return Err(BookingRejection::TooManyPending);
    }
    Ok(taken)
}

/// Where a booking sits: its service, its (first) date, the nights it
/// holds and its time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place {
    pub key: ServiceKey,
    pub date: NaiveDate,
    pub nights: Vec<NaiveDate>,
    pub slot: TimeSlot,
}

/// Decides whether a booking can take `place` now (the rules every new
/// booking and every move meets: not past, the notice, the horizon,
/// blackouts, blocks and capacity), and the counts it takes.
pub fn plan_place(
    place: &Place,
    now: LocalNow,
    schedule: &Schedule,
    blackouts: &[Blackout],
    entries: &[AvailabilityEntry],
) -> Result<Vec<CapacityUpdate>, BookingRejection> {
    let (key, date, slot) = (place.key, place.date, place.slot);
    let nights = &place.nights;
    if date < now.date {
        return Err(BookingRejection::DatePassed);
    }
    if has_started(date, slot, now) {
        return Err(BookingRejection::TimePassed);
    }
    if schedule.too_soon(date.and_time(slot.starts_at()), now) {
        return Err(BookingRejection::TooSoon { hours: schedule.minimum_notice_hours });
    }
    if let (true, Some(days)) = (schedule.beyond_horizon(date, now.date), schedule.horizon_days) {
        return Err(BookingRejection::BeyondHorizon { days });
    }
    // A one-night stay is refused in the specification's words for a date;
    // a longer one names the night that stops it.
    let stay = nights.len() > 1;
    for &night in nights {
        if blackouts.iter().any(|b| b.covers(night, key)) {
            return Err(if stay {
                BookingRejection::NightUnavailable { night }
            } else {
                BookingRejection::BlackedOut
            });
        }
        let governing = held_by(entries, key, &[night], slot);
        if governing.iter().any(|e| e.is_blocked) {
            return Err(if stay {
                BookingRejection::NightUnavailable { night }
            } else {
                BookingRejection::Blocked
            });
        }
        if let Some(full) = governing.iter().find(|e| e.is_full()) {
            return Err(match (stay, full.time_slot) {
                (true, _) => BookingRejection::NightFull { night },
                (false, None) => BookingRejection::DayFull,
                (false, Some(_)) => BookingRejection::SlotFull,
            });
        }
    }
    Ok(take_one(&held_by(entries, key, nights, slot)))
}

/// Decides booking requests in the order they came, each against the
/// capacity the ones before it took (and the requests they left waiting for
/// their guests), so one transaction can decide many simultaneous requests
/// exactly as if they had come one after another. `guest_pending` answers
/// how many requests awaiting confirmation a guest already has stored for a
/// date.
pub fn plan_bookings(
    requests: &[(&NewBooking, LocalNow)],
    schedule: &Schedule,
    blackouts: &[Blackout],
    entries: &[AvailabilityEntry],
    guest_pending: impl Fn(NaiveDate, &Email) -> i64,
) -> BookingPlans {
    let requests: Vec<(&NewBooking, LocalNow, Option<Uuid>)> =
        requests.iter().map(|&(booking, now)| (booking, now, None)).collect();
    plan_bookings_holding(&requests, schedule, blackouts, entries, &[], guest_pending)
}

/// A place held for a waiting guest's offer (`crate::waitlist`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hold {
    pub offer: Uuid,
    pub place: Place,
}

/// As [`plan_bookings`], with the places held for waitlist offers (`holds`)
/// counted as taken for every request but the one that names the offer
/// (its third field): the counts stored are the bookings' alone.
pub fn plan_bookings_holding(
    requests: &[(&NewBooking, LocalNow, Option<Uuid>)],
    schedule: &Schedule,
    blackouts: &[Blackout],
    entries: &[AvailabilityEntry],
    holds: &[Hold],
    guest_pending: impl Fn(NaiveDate, &Email) -> i64,
) -> BookingPlans {
    let mut entries = entries.to_vec();
    let mut changed: Vec<Uuid> = Vec::new();
    // Requests accepted here, per date and guest: they wait for confirmation too.
    let mut accepted: HashMap<(NaiveDate, &Email), i64> = HashMap::new();
    let decisions = requests
        .iter()
        .map(|&(booking, now, own)| {
            let earlier = accepted.get(&(booking.date, &booking.email)).copied().unwrap_or(0);
            let pending = guest_pending(booking.date, &booking.email) + earlier;
            let others = holds.iter().filter(|hold| Some(hold.offer) != own).map(|hold| &hold.place);
            let seen = crate::waitlist::with_holds(&entries, others);
            plan_booking(booking, now, schedule, blackouts, &seen, pending)?;
            // Decided against what she sees; the units taken are counted on the bookings' own figures.
            let taken = take_one(&held_by(&entries, booking.service, &booking.nights(), booking.time));
            for update in taken {
                if let Some(entry) = entries.iter_mut().find(|e| e.id == update.entry) {
                    entry.current_bookings = update.current_bookings;
                }
                if !changed.contains(&update.entry) {
                    changed.push(update.entry);
                }
            }
            *accepted.entry((booking.date, &booking.email)).or_default() += 1;
            Ok(())
        })
        .collect();
    let updates = entries
        .iter()
        .filter(|e| changed.contains(&e.id))
        .map(|e| CapacityUpdate { entry: e.id, current_bookings: e.current_bookings })
        .collect();
    BookingPlans { decisions, updates }
}

/// What [`plan_bookings`] decided.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookingPlans {
    /// Each request's decision, in the order they came.
    pub decisions: Vec<Result<(), BookingRejection>>,
    /// The new count of every entry the accepted requests take from.
    pub updates: Vec<CapacityUpdate>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum StatusChangeRejection {
    /// Reinstating a cancelled booking would exceed an entry's capacity.
    #[error("There is no capacity left for this booking's date and time.")]
    NoCapacity,
}

/// Decides a status change: cancelling gives the booking's units back,
/// reinstating a cancelled booking takes them again (refused when an entry
/// is full), any other change leaves capacity alone. An admin may reinstate
/// into a blocked or blacked-out day: only capacity is checked.
pub fn plan_status_change(
    booking: &Booking,
    status: BookingStatus,
    entries: &[AvailabilityEntry],
) -> Result<Vec<CapacityUpdate>, StatusChangeRejection> {
    let held = held_by(entries, booking.service, &booking.nights(), booking.time);
    match (booking.status.holds_capacity(), status.holds_capacity()) {
        (true, false) => Ok(give_back_one(&held)),
        (false, true) if held.iter().any(|e| e.is_full()) => Err(StatusChangeRejection::NoCapacity),
        (false, true) => Ok(take_one(&held)),
        _ => Ok(Vec::new()),
    }
}

/// Deleting a booking gives back what it held.
pub fn plan_delete(booking: &Booking, entries: &[AvailabilityEntry]) -> Vec<CapacityUpdate> {
    if booking.status.holds_capacity() {
        give_back_one(&held_by(entries, booking.service, &booking.nights(), booking.time))
    } else {
        Vec::new()
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum EntryRejection {
    #[error("Max capacity cannot be below the {current} booking(s) already made for this entry")]
    BelowBookings { current: i32 },
}

/// How to store an availability entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryPlan {
    /// Replace the settings of the existing entry with this id (its count stays).
    Update { id: Uuid },
    /// Insert a new entry starting from the bookings it already governs.
    Insert { current_bookings: i32 },
}

/// Decides an availability upsert against the entries of its date and the
/// date's active bookings (key, time). `service_key` is the booking key of
/// the entry's service record. A new entry starts from the bookings it
/// governs; the capacity may never be set below that count.
pub fn plan_entry(
    entry: &NewAvailability,
    service_key: Option<ServiceKey>,
    day_entries: &[AvailabilityEntry],
    active_bookings: &[(ServiceKey, TimeSlot)],
) -> Result<EntryPlan, EntryRejection> {
    let (plan, current) = match day_entries.iter().find(|e| entry.replaces(e)) {
        Some(existing) => (EntryPlan::Update { id: existing.id }, existing.current_bookings),
        None => {
            let governed = active_bookings
                .iter()
                .filter(|(key, slot)| {
                    applies(entry.service_id, service_key, entry.accommodation_type, *key)
                        && entry.time_slot.is_none_or(|own| own == *slot)
                })
                .count();
            let current = i32::try_from(governed).unwrap_or(i32::MAX);
            (EntryPlan::Insert { current_bookings: current }, current)
        }
    };
    if entry.max_capacity < current {
        return Err(EntryRejection::BelowBookings { current });
    }
    Ok(plan)
}

/// Hours before a booking's start until which its guest may cancel it
/// themselves, unless configured.
pub const DEFAULT_GUEST_CANCEL_CUTOFF_HOURS: i64 = 24;

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum GuestCancelRefusal {
    #[error("This booking is already cancelled.")]
    AlreadyCancelled,
    #[error("This booking has already taken place.")]
    Completed,
    /// Within the cutoff: the guest is asked to call or write instead.
    #[error(
        "Bookings can be cancelled online until {cutoff_hours} hours before they begin. Please call us at \
         (951) 555-0148 or write to stay@goldenpineretreat.com and we will gladly help."
    )]
    TooLate { cutoff_hours: i64 },
}

/// When a booking begins, in the retreat's local time.
pub fn booking_starts_at(booking: &Booking) -> chrono::NaiveDateTime {
    booking.date.and_time(booking.time.starts_at())
}

/// Whether the guest may cancel `booking` themselves at `now` (local time),
/// up to `cutoff_hours` before it begins.
pub fn guest_may_cancel(
    booking: &Booking,
    now: LocalNow,
    cutoff_hours: i64,
) -> Result<(), GuestCancelRefusal> {
    match booking.status {
        BookingStatus::Cancelled => return Err(GuestCancelRefusal::AlreadyCancelled),
        BookingStatus::Completed => return Err(GuestCancelRefusal::Completed),
        BookingStatus::Pending | BookingStatus::Confirmed => {}
    }
    let deadline = booking_starts_at(booking) - chrono::Duration::hours(cutoff_hours);
    if now.date.and_time(now.time) >= deadline {
        return Err(GuestCancelRefusal::TooLate { cutoff_hours });
    }
    Ok(())
}

/// How far ahead, and how many, open times the quiz offers.
pub const OPEN_TIMES_DAYS: i64 = 14;
pub const OPEN_TIMES_COUNT: usize = 3;

/// The first `count` bookable times of `key` among `days` (in date order):
/// the earliest open slots; for a stay (`accommodation`) one per night, as a
/// guest books the night, not the hour.
pub fn first_open_times(
    key: ServiceKey,
    days: impl IntoIterator<Item = (NaiveDate, DayAvailability)>,
    count: usize,
) -> Vec<(NaiveDate, TimeSlot)> {
    let per_day = if key == ServiceKey::Accommodation { 1 } else { usize::MAX };
    let mut days: Vec<(NaiveDate, DayAvailability)> = days.into_iter().collect();
    days.sort_by_key(|(date, _)| *date);
    days.into_iter()
        .filter(|(_, day)| day.available)
        .flat_map(|(date, day)| {
            day.slots.into_iter().filter(|(_, open)| *open).take(per_day).map(move |(slot, _)| (date, slot))
        })
        .take(count)
        .collect()
}
