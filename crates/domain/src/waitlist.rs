//! The waitlist (issue 43, docs/decisions.md §9 "The waitlist"): a guest who
//! finds her day full, or the Tiny Home's nights taken, leaves up to three
//! wishes; when a place that matches one frees up, the first waiting guest
//! (in the order they joined) is offered it, held for her alone for the
//! owner's time; when she declines or the hold lapses, the next is offered.
//!
//! A held place counts as taken for everyone but its holder
//! ([`with_holds`]): every view and every booking write reads the live
//! holds under the same date locks bookings take, so a held place is never
//! sold twice.

use chrono::{DateTime, Duration, NaiveDate, NaiveDateTime, Utc};
use uuid::Uuid;

use crate::booking::capacity::held_by;
use crate::booking::{
    AvailabilityEntry, Blackout, Booking, BookingStatus, CHECK_IN_TIME, LocalNow, MAX_STAY_NIGHTS, Place,
    Schedule, ServiceKey, TimeSlot, nights_between, plan_place,
};

/// The most wishes one entry may hold.
pub const MAX_WISHES: usize = 3;
/// The longest run of days one wish of a treatment may name.
pub const WISH_DAYS_MAX: i64 = 31;
/// How long an offer is held for its guest unless the owner sets otherwise.
pub const DEFAULT_OFFER_HOLD_MINUTES: i32 = 120;
/// The shortest and longest hold the owner may set.
pub const OFFER_HOLD_MINUTES_MIN: i32 = 15;
pub const OFFER_HOLD_MINUTES_MAX: i32 = 1440;
/// No offer is made whose hold would be shorter than this: a place so near
/// its minimum notice cannot be taken in time (and none inside the notice).
pub const SHORTEST_HOLD_MINUTES: i64 = 15;
/// How long an ended entry stays in the owner's list.
pub const ENDED_SHOWN_DAYS: i64 = 30;

crate::text_enum! {
    /// Where a waitlist entry stands.
    WaitlistState {
        /// Waiting for a place (with or without an offer held).
        Waiting,
        /// She booked something that matches (through an offer or not).
        Booked,
        /// She left through her link.
        Left,
        /// Every day she wished for has passed.
        Expired,
        /// The owner took her off the list.
        Removed,
    }
}

crate::text_enum! {
    /// Where an offer stands.
    OfferState { Held, Taken, Declined, Lapsed }
}

/// One wish: for a treatment, the days from `from` to `to` (inclusive) at
/// `time`, or at any time; for the Tiny Home, the stay from check-in `from`
/// to check-out `to` (a shorter run of its nights is offered too).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Wish {
    pub from: NaiveDate,
    pub to: NaiveDate,
    pub time: Option<TimeSlot>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WaitlistEntry {
    pub id: Uuid,
    pub service: ServiceKey,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub wishes: Vec<Wish>,
    pub state: WaitlistState,
    pub created_at: DateTime<Utc>,
}

/// A place offered to a waiting guest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Offer {
    pub id: Uuid,
    pub entry: Uuid,
    pub place: Place,
    pub held_until: DateTime<Utc>,
    pub state: OfferState,
}

impl Offer {
    /// The stay's check-out day, for the Tiny Home.
    pub fn check_out(&self) -> Option<NaiveDate> {
        (self.place.key == ServiceKey::Accommodation)
            .then(|| self.place.nights.last().map(|last| *last + Duration::days(1)))
            .flatten()
    }
}

/// Why a wish is refused, for the field that says so.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum WishError {
    #[error("Please choose one to three ranges of dates")]
    Count,
    #[error("The first day must be today or later")]
    Passed,
    #[error("The last day must be on or after the first")]
    Reversed,
    #[error("A range may run for at most 31 days")]
    TooLong,
    #[error("Check-out must be 1 to 14 nights after check-in")]
    StayLength,
}

/// Which field of which wish a refusal is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WishField {
    /// The list as a whole.
    List,
    From(usize),
    To(usize),
}

/// Checks an entry's wishes against today.
pub fn check_wishes(service: ServiceKey, wishes: &[Wish], today: NaiveDate) -> Vec<(WishField, WishError)> {
    if wishes.is_empty() || wishes.len() > MAX_WISHES {
        return vec![(WishField::List, WishError::Count)];
    }
    let mut errors = Vec::new();
    for (i, wish) in wishes.iter().enumerate() {
        if wish.from < today {
            errors.push((WishField::From(i), WishError::Passed));
        }
        if service == ServiceKey::Accommodation {
            let nights = (wish.to - wish.from).num_days();
            if !(1..=MAX_STAY_NIGHTS).contains(&nights) {
                errors.push((WishField::To(i), WishError::StayLength));
            }
        } else if wish.to < wish.from {
            errors.push((WishField::To(i), WishError::Reversed));
        } else if (wish.to - wish.from).num_days() >= WISH_DAYS_MAX {
            errors.push((WishField::To(i), WishError::TooLong));
        }
    }
    errors
}

/// The places a wish would take, in the order they are offered: a
/// treatment's days earliest first, each day's times in order; a stay's
/// whole run first, then each shorter run inside it, longest first, then
/// earliest first.
pub fn places_of(service: ServiceKey, wish: &Wish) -> Vec<Place> {
    if service == ServiceKey::Accommodation {
        let nights = nights_between(wish.from, Some(wish.to));
        let mut places = Vec::new();
        for length in (1..=nights.len()).rev() {
            for start in 0..=nights.len() - length {
                let run = nights[start..start + length].to_vec();
                places.push(Place { key: service, date: run[0], nights: run, slot: CHECK_IN_TIME });
            }
        }
        return places;
    }
    let slots: Vec<TimeSlot> = wish.time.map_or_else(|| TimeSlot::ALL.to_vec(), |time| vec![time]);
    wish.from
        .iter_days()
        .take_while(|day| *day <= wish.to)
        .flat_map(|date| {
            slots.iter().map(move |&slot| Place { key: service, date, nights: vec![date], slot })
        })
        .collect()
}

/// Whether `place` is one a wish of this service asks for.
pub fn wish_takes(service: ServiceKey, wish: &Wish, place: &Place) -> bool {
    if place.key != service {
        return false;
    }
    if service == ServiceKey::Accommodation {
        return place.nights.iter().all(|night| *night >= wish.from && *night < wish.to);
    }
    place.date >= wish.from && place.date <= wish.to && wish.time.is_none_or(|time| time == place.slot)
}

/// Whether `booking` ends `entry`: the same guest (any case), a service she
/// waits for, a place one of her wishes asks for.
pub fn booking_ends(entry: &WaitlistEntry, booking: &Booking) -> bool {
    let place = crate::booking::place_of(booking);
    entry.state == WaitlistState::Waiting
        && matches!(booking.status, BookingStatus::Pending | BookingStatus::Confirmed)
        && entry.email.eq_ignore_ascii_case(&booking.email)
        && entry.wishes.iter().any(|wish| wish_takes(entry.service, wish, &place))
}

/// The days a wish asks for (a stay's: its nights).
fn days_of(service: ServiceKey, wish: &Wish) -> Vec<NaiveDate> {
    if service == ServiceKey::Accommodation {
        nights_between(wish.from, Some(wish.to))
    } else {
        wish.from.iter_days().take_while(|day| *day <= wish.to).collect()
    }
}

/// Every day a waiting entry asks for (a stay's: its nights), once each.
pub fn wished_days(entry: &WaitlistEntry) -> Vec<NaiveDate> {
    if entry.state != WaitlistState::Waiting {
        return Vec::new();
    }
    let mut days: Vec<NaiveDate> =
        entry.wishes.iter().flat_map(|wish| days_of(entry.service, wish)).collect();
    days.sort_unstable();
    days.dedup();
    days
}

/// Whether a waiting entry asks for `date` (of its service).
pub fn waits_for(entry: &WaitlistEntry, date: NaiveDate) -> bool {
    entry.state == WaitlistState::Waiting
        && entry.wishes.iter().any(|wish| days_of(entry.service, wish).contains(&date))
}

/// Whether `offered` (an earlier offer to a guest, which she let go or let
/// lapse) stands for `place`: another time of the same treatment's day is
/// the same place (the day's places are shared, and she let the day go);
/// a stay's run is the same only with the same nights (a longer run she
/// waited for is a new offer).
pub fn same_offer(offered: &Place, place: &Place) -> bool {
    offered.key == place.key
        && if place.key == ServiceKey::Accommodation {
            offered.nights == place.nights
        } else {
            offered.date == place.date
        }
}

/// Whether every day an entry wishes for has passed.
pub fn has_expired(entry: &WaitlistEntry, today: NaiveDate) -> bool {
    entry.wishes.iter().all(|wish| days_of(entry.service, wish).iter().all(|day| *day < today))
}

/// The entries with each held place counted as one more booking of the
/// entries it would take: what everyone but its holder sees.
pub fn with_holds<'a>(
    entries: &[AvailabilityEntry],
    holds: impl IntoIterator<Item = &'a Place>,
) -> Vec<AvailabilityEntry> {
    let mut seen = entries.to_vec();
    for place in holds {
        let ids: Vec<Uuid> =
            held_by(entries, place.key, &place.nights, place.slot).iter().map(|entry| entry.id).collect();
        for entry in seen.iter_mut().filter(|entry| ids.contains(&entry.id)) {
            entry.current_bookings = entry.current_bookings.saturating_add(1);
        }
    }
    seen
}

/// Whether a guest may join the waitlist for `date`: it cannot be booked
/// only because its places are taken. A past day, one beyond the horizon, a
/// blackout, a block, the opening hours or the notice do not free up.
pub fn can_wait(
    key: ServiceKey,
    date: NaiveDate,
    now: LocalNow,
    schedule: &Schedule,
    blackouts: &[Blackout],
    entries: &[AvailabilityEntry],
) -> bool {
    if date < now.date
        || schedule.beyond_horizon(date, now.date)
        || blackouts.iter().any(|b| b.covers(date, key))
    {
        return false;
    }
    let slots: &[TimeSlot] = if key == ServiceKey::Accommodation { &[CHECK_IN_TIME] } else { TimeSlot::ALL };
    let mut taken = false;
    for &slot in slots {
        if schedule.too_soon(date.and_time(slot.starts_at()), now) {
            continue;
        }
        let governing = held_by(entries, key, &[date], slot);
        if governing.iter().any(|entry| entry.is_blocked) {
            continue;
        }
        if governing.iter().any(|entry| entry.is_full()) {
            taken = true;
        } else {
            // A time is open: she can book it now.
            return false;
        }
    }
    taken
}

/// When an offer of `place` made at `now` (local) lapses: after the
/// owner's hold, but never inside the place's minimum notice; `None` when
/// that leaves less than [`SHORTEST_HOLD_MINUTES`].
pub fn hold_until(
    place: &Place,
    now: NaiveDateTime,
    hold_minutes: i32,
    notice_hours: i32,
) -> Option<NaiveDateTime> {
    let starts = place.date.and_time(place.slot.starts_at());
    let latest = starts - Duration::hours(i64::from(notice_hours));
    let until = (now + Duration::minutes(i64::from(hold_minutes))).min(latest);
    (until - now >= Duration::minutes(SHORTEST_HOLD_MINUTES)).then_some(until)
}

/// The calendar a sweep decides offers against.
pub struct OfferInputs<'a> {
    pub now: LocalNow,
    pub schedule: &'a Schedule,
    pub blackouts: &'a [Blackout],
    /// The entries of every date the waiting wishes name, standing ones
    /// included, with the live holds already counted ([`with_holds`]).
    pub entries: &'a [AvailabilityEntry],
    /// The owner's hold.
    pub hold_minutes: i32,
}

/// A new offer a sweep decided.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewOffer {
    pub entry: Uuid,
    pub place: Place,
    /// Local time.
    pub until: NaiveDateTime,
}

/// The offers to make now, in list order: each waiting entry without a
/// held offer (`waiting`, oldest first) is offered the first place of its
/// wishes that can be booked now and was never offered to it before
/// (`offered_before`), each offer counted as taken for the entries after it.
pub fn next_offers(
    waiting: &[WaitlistEntry],
    offered_before: &dyn Fn(Uuid, &Place) -> bool,
    inputs: &OfferInputs<'_>,
) -> Vec<NewOffer> {
    let mut entries = inputs.entries.to_vec();
    let now = inputs.now.date.and_time(inputs.now.time);
    let mut offers = Vec::new();
    for entry in waiting.iter().filter(|entry| entry.state == WaitlistState::Waiting) {
        let found = entry.wishes.iter().flat_map(|wish| places_of(entry.service, wish)).find_map(|place| {
            if offered_before(entry.id, &place) {
                return None;
            }
            plan_place(&place, inputs.now, inputs.schedule, inputs.blackouts, &entries).ok()?;
            let until = hold_until(&place, now, inputs.hold_minutes, inputs.schedule.minimum_notice_hours)?;
            Some(NewOffer { entry: entry.id, place, until })
        });
        if let Some(offer) = found {
            entries = with_holds(&entries, [&offer.place]);
            offers.push(offer);
        }
    }
    offers
}

#[cfg(test)]
mod tests;
