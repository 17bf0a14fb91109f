//! Moving a visit (issue 42, docs/decisions.md §9 "Moving a visit"): a
//! booking goes to another date and time (a stay: other nights of the same
//! length) and keeps everything else: its id, status, deposit, a gift card's
//! part and its promo code. The guest moves her own booking up to the
//! free-cancellation deadline, as many times as the owner's free moves
//! allow; the owner moves any active booking under the same capacity rules.
//! A stay's treatments inside it may move along, checked together: all of
//! them move, or none.

use chrono::{Duration, NaiveDate};
use uuid::Uuid;

use super::capacity::{give_back_one, held_by, plan_place};
use super::{
    AvailabilityEntry, Blackout, Booking, BookingRejection, BookingStatus, CapacityUpdate, LocalNow, Place,
    Schedule, ServiceKey, TimeSlot, booking_starts_at, nights_between,
};

/// Where a booking is asked to go: its new date (a stay: its new check-in)
/// and time (a stay keeps its check-in time).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NewPlace {
    pub date: NaiveDate,
    pub time: TimeSlot,
}

/// Who moves it: the guest (her free moves and the deadline count) or the owner.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MovedBy {
    Guest,
    Owner,
}

/// How many times a guest may move a booking herself, unless the owner says otherwise.
pub const DEFAULT_FREE_MOVES: i32 = 1;
/// The most free moves the owner may give.
pub const MAX_FREE_MOVES: i32 = 10;

/// The owner's settings for guests' visits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VisitSettings {
    /// How many times a guest may move a booking herself (0 to `MAX_FREE_MOVES`).
    pub free_moves: i32,
    /// When guests are reminded of their visits (`crate::reminders`).
    pub reminders: crate::reminders::ReminderSettings,
    /// How long a waitlist offer is held for its guest (`crate::waitlist`).
    pub offer_hold_minutes: i32,
}

impl Default for VisitSettings {
    fn default() -> Self {
        Self {
            free_moves: DEFAULT_FREE_MOVES,
            reminders: crate::reminders::ReminderSettings::default(),
            offer_hold_minutes: crate::waitlist::DEFAULT_OFFER_HOLD_MINUTES,
        }
    }
}

/// Why a move is refused before capacity is looked at. The texts are for guests.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum MoveRefusal {
    #[error("This booking is cancelled. Please book a new visit.")]
    Cancelled,
    #[error("This booking has already taken place.")]
    Completed,
    /// Past the deadline: the guest is asked to call or write.
    #[error(
        "Bookings can be moved online until {hours} hours before they begin. Please call us at (951) 555-0148 \
         or write to stay@goldenpineretreat.com and we will gladly help."
    )]
    TooLate { hours: i64 },
    /// The guest has used the free moves the owner gives.
    #[error(
        "This booking has used its {free_moves} free move{}. To change it again, please call us at \
         (951) 555-0148: moving it again is a cancellation under the policy and a new booking.",
        if *free_moves == 1 { "" } else { "s" }
    )]
    NoFreeMovesLeft { free_moves: i32 },
    /// The new place is the one it already has.
    #[error("This is already your booking's date and time. Please choose another.")]
    SamePlace,
}

/// Until when (the retreat's local time) a guest may move `booking`
/// herself: the free-cancellation deadline, or the online cancellation
/// cutoff when that is earlier, so a move is never open when cancelling
/// online is not.
pub fn move_deadline(booking: &Booking, free_hours: i64, cancel_cutoff_hours: i64) -> chrono::NaiveDateTime {
    booking_starts_at(booking) - Duration::hours(free_hours.max(cancel_cutoff_hours))
}

/// Whether `by` may move `booking` at `now`: it is active; for the guest,
/// before the deadline and with a free move left.
pub fn may_move(
    booking: &Booking,
    by: MovedBy,
    now: LocalNow,
    hours: (i64, i64),
    settings: VisitSettings,
) -> Result<(), MoveRefusal> {
    match booking.status {
        BookingStatus::Cancelled => return Err(MoveRefusal::Cancelled),
        BookingStatus::Completed => return Err(MoveRefusal::Completed),
        BookingStatus::Pending | BookingStatus::Confirmed => {}
    }
    if by == MovedBy::Owner {
        return Ok(());
    }
    let (free_hours, cutoff_hours) = hours;
    if now.date.and_time(now.time) >= move_deadline(booking, free_hours, cutoff_hours) {
        return Err(MoveRefusal::TooLate { hours: free_hours.max(cutoff_hours) });
    }
    if booking.guest_moves >= settings.free_moves {
        return Err(MoveRefusal::NoFreeMovesLeft { free_moves: settings.free_moves });
    }
    Ok(())
}

/// The booking as it would be at `to`: a stay keeps its number of nights
/// and its check-in time; any other booking takes the new time.
pub fn moved_to(booking: &Booking, to: NewPlace) -> Booking {
    let mut moved = booking.clone();
    moved.date = to.date;
    match booking.check_out {
        Some(out) => {
            moved.check_out = Some(to.date + (out - booking.date));
            moved.time = booking.time;
        }
        None => moved.time = to.time,
    }
    moved
}

/// A booking's place, as capacity sees it.
/// Where a new booking would sit.
pub fn place_of_new(booking: &super::NewBooking) -> Place {
    Place { key: booking.service, date: booking.date, nights: booking.nights(), slot: booking.time }
}

pub fn place_of(booking: &Booking) -> Place {
    Place {
        key: booking.service,
        date: booking.date,
        nights: nights_between(booking.date, booking.check_out),
        slot: booking.time,
    }
}

/// The treatments (any booking that is not a stay) of the stay's guest that
/// fall inside the stay's days, from check-in to check-out day, still
/// active: what may move along with it. By date and time.
pub fn treatments_inside(stay: &Booking, bookings: &[Booking]) -> Vec<Booking> {
    let Some(out) = stay.check_out else { return Vec::new() };
    let mut inside: Vec<Booking> = bookings
        .iter()
        .filter(|b| b.id != stay.id && b.check_out.is_none() && b.service != ServiceKey::Accommodation)
        .filter(|b| b.email.eq_ignore_ascii_case(&stay.email))
        .filter(|b| b.status.holds_capacity() && b.status != BookingStatus::Completed)
        .filter(|b| (stay.date..=out).contains(&b.date))
        .cloned()
        .collect();
    inside.sort_by_key(|b| (b.date, b.time));
    inside
}

/// Where a treatment inside a stay goes when the stay moves to `to`: the
/// same day of the stay, at the same time.
pub fn along_place(stay: &Booking, to: NewPlace, treatment: &Booking) -> NewPlace {
    NewPlace { date: to.date + (treatment.date - stay.date), time: treatment.time }
}

/// One booking of a move, with where it goes.
#[derive(Debug, Clone)]
pub struct Moving<'a> {
    pub booking: &'a Booking,
    pub to: NewPlace,
}

/// Which booking of a move could not go, and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveRejection {
    pub booking: Uuid,
    pub rejection: BookingRejection,
}

/// Decides a move of one or more bookings together, against the entries of
/// their old and new dates: every one gives its old place back, then each
/// takes its new place in turn under the rules of a new booking (so a
/// booking may move within its own day, or a stay by one night, into the
/// room it frees). Either all move, with the counts to store, or none.
pub fn plan_move(
    moving: &[Moving<'_>],
    now: LocalNow,
    schedule: &Schedule,
    blackouts: &[Blackout],
    entries: &[AvailabilityEntry],
) -> Result<Vec<CapacityUpdate>, MoveRejection> {
    plan_move_holding(moving, now, schedule, blackouts, entries, &[])
}

/// As [`plan_move`], with the places held for waitlist offers (`holds`)
/// counted as taken: a move never lands on a place held for a waiting
/// guest. The counts stored are the bookings' alone.
pub fn plan_move_holding(
    moving: &[Moving<'_>],
    now: LocalNow,
    schedule: &Schedule,
    blackouts: &[Blackout],
    entries: &[AvailabilityEntry],
    holds: &[Place],
) -> Result<Vec<CapacityUpdate>, MoveRejection> {
    let mut entries = entries.to_vec();
    let mut changed: Vec<Uuid> = Vec::new();
    let mut record = |entries: &mut Vec<AvailabilityEntry>, updates: Vec<CapacityUpdate>| {
        for update in updates {
            if let Some(entry) = entries.iter_mut().find(|e| e.id == update.entry) {
                entry.current_bookings = update.current_bookings;
            }
            if !changed.contains(&update.entry) {
                changed.push(update.entry);
            }
        }
    };
    for Moving { booking, .. } in moving {
        let place = place_of(booking);
        let released = give_back_one(&held_by(&entries, place.key, &place.nights, place.slot));
        record(&mut entries, released);
    }
    for Moving { booking, to } in moving {
        let place = place_of(&moved_to(booking, *to));
        let seen = crate::waitlist::with_holds(&entries, holds);
        plan_place(&place, now, schedule, blackouts, &seen)
            .map_err(|rejection| MoveRejection { booking: booking.id, rejection })?;
        let taken = super::capacity::take_one(&held_by(&entries, place.key, &place.nights, place.slot));
        record(&mut entries, taken);
    }
    Ok(entries
        .iter()
        .filter(|e| changed.contains(&e.id))
        .map(|e| CapacityUpdate { entry: e.id, current_bookings: e.current_bookings })
        .collect())
}

/// Whether `to` is where `booking` already is.
pub fn is_same_place(booking: &Booking, to: NewPlace) -> bool {
    let moved = moved_to(booking, to);
    moved.date == booking.date && moved.time == booking.time
}
