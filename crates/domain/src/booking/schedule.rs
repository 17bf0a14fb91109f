//! The retreat's standing schedule (issue 26): how many guests each time
//! holds, which times are open on which weekday, how much notice a booking
//! needs and how far ahead guests may book. Dates are the exceptions: an
//! availability entry of a date speaks for the times it governs, and the
//! schedule for the rest.
//!
//! The schedule reaches every decision as *standing entries*: for each key,
//! date and time no entry of the date governs, an entry made of the standing
//! figure (or a blocked one where the opening hours close the time). So
//! `day_availability`, `plan_booking`, `plan_status_change` and the month
//! calendar decide on one set of entries and can never disagree; a standing
//! entry is never stored (its counts come from the bookings themselves).

use chrono::{Datelike, Duration, NaiveDate, NaiveDateTime, Weekday};
use uuid::Uuid;

use super::{AvailabilityEntry, LocalNow, ServiceKey, TimeSlot, governing_entries};

/// The largest standing figure (as an entry's `maxCapacity`).
pub const MAX_STANDING_CAPACITY: i32 = 10_000;
pub const MAX_NOTICE_HOURS: i32 = 720;
pub const MAX_HORIZON_DAYS: i32 = 730;
/// The specification's rule: a time may be booked until it begins.
pub const DEFAULT_NOTICE_HOURS: i32 = 0;

/// The seven weekdays, Monday first, as the schedule lists them.
pub const WEEKDAYS: [Weekday; 7] =
    [Weekday::Mon, Weekday::Tue, Weekday::Wed, Weekday::Thu, Weekday::Fri, Weekday::Sat, Weekday::Sun];

/// Standing guests per time (massage, spa, package) or Tiny Home units per
/// night (accommodation); `None` is open, no standing limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct StandingCapacity {
    pub massage: Option<i32>,
    pub spa: Option<i32>,
    pub package: Option<i32>,
    pub accommodation: Option<i32>,
}

impl StandingCapacity {
    pub fn of(&self, key: ServiceKey) -> Option<i32> {
        match key {
            ServiceKey::Massage => self.massage,
            ServiceKey::Spa => self.spa,
            ServiceKey::Package => self.package,
            ServiceKey::Accommodation => self.accommodation,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Schedule {
    pub capacity: StandingCapacity,
    /// The open times of each weekday, Monday first (`WEEKDAYS`). Treatments
    /// (massage, spa, package) follow them; the Tiny Home takes guests every night.
    pub opening_hours: [Vec<TimeSlot>; 7],
    pub minimum_notice_hours: i32,
    /// How many days ahead guests may book; `None`, as the specification,
    /// without a limit.
    pub horizon_days: Option<i32>,
}

impl Default for Schedule {
    /// The specification's calendar: every time open, no standing limit,
    /// bookable until it begins, however far ahead.
    fn default() -> Self {
        Self {
            capacity: StandingCapacity::default(),
            opening_hours: std::array::from_fn(|_| TimeSlot::ALL.to_vec()),
            minimum_notice_hours: DEFAULT_NOTICE_HOURS,
            horizon_days: None,
        }
    }
}

impl Schedule {
    pub fn open_times(&self, date: NaiveDate) -> &[TimeSlot] {
        &self.opening_hours[date.weekday().num_days_from_monday() as usize]
    }

    /// Whether the opening hours let `key` take a guest at `slot` on `date`.
    pub fn is_open(&self, key: ServiceKey, date: NaiveDate, slot: TimeSlot) -> bool {
        key == ServiceKey::Accommodation || self.open_times(date).contains(&slot)
    }

    /// Whether `date` is further ahead from `today` than guests may book.
    pub fn beyond_horizon(&self, date: NaiveDate, today: NaiveDate) -> bool {
        self.horizon_days.is_some_and(|days| date > today + Duration::days(i64::from(days)))
    }

    /// Whether a time beginning at `starts` is too soon to book at `now`.
    pub fn too_soon(&self, starts: NaiveDateTime, now: LocalNow) -> bool {
        starts <= now.date.and_time(now.time) + Duration::hours(i64::from(self.minimum_notice_hours))
    }
}

/// How many active bookings of a key hold one date and time (for a stay, one
/// night, whatever its time): what a standing figure is measured against.
pub trait Taken {
    fn taken(&self, key: ServiceKey, date: NaiveDate, slot: Option<TimeSlot>) -> i32;
}

impl<F: Fn(ServiceKey, NaiveDate, Option<TimeSlot>) -> i32> Taken for F {
    fn taken(&self, key: ServiceKey, date: NaiveDate, slot: Option<TimeSlot>) -> i32 {
        self(key, date, slot)
    }
}

/// A standing entry's id: never a stored entry's (a v4 id has version bits
/// 4; these carry 0), and one per key, date and time, so a batch deciding
/// many requests counts each against what the earlier ones took.
fn standing_id(key: ServiceKey, date: NaiveDate, slot: Option<TimeSlot>) -> Uuid {
    let key_index = ServiceKey::ALL.iter().position(|k| *k == key).unwrap_or(0) as u128;
    let slot_index =
        slot.and_then(|s| TimeSlot::ALL.iter().position(|t| *t == s)).map_or(0, |i| i + 1) as u128;
    let day = u128::from(date.num_days_from_ce().unsigned_abs());
    Uuid::from_u128((0x5354_414E_4449_4E47 << 64) | (key_index << 40) | (slot_index << 32) | day)
}

/// Whether an entry is a standing one (made here, never stored).
pub fn is_standing(id: Uuid) -> bool {
    id.as_u128() >> 64 == 0x5354_414E_4449_4E47
}

/// A closed time's figure: never full, only blocked, so the owner may still
/// reinstate a booking there (only capacity counts for them, as for a
/// blocked entry).
const CLOSED: i32 = i32::MAX;

/// What the opening hours say when the retreat is closed at a time.
pub const CLOSED_HOURS_REASON: &str = "Outside the retreat's opening hours";

fn standing_entry(
    key: ServiceKey,
    date: NaiveDate,
    slot: Option<TimeSlot>,
    max_capacity: i32,
    current_bookings: i32,
    closed: bool,
) -> AvailabilityEntry {
    AvailabilityEntry {
        id: standing_id(key, date, slot),
        service_id: Some(standing_id(key, date, None)),
        service_key: Some(key),
        service_name: None,
        accommodation_type: None,
        date,
        time_slot: slot,
        max_capacity,
        current_bookings,
        is_blocked: closed,
        block_reason: closed.then(|| CLOSED_HOURS_REASON.to_owned()),
        created_at: chrono::DateTime::UNIX_EPOCH,
    }
}

/// The standing entries of `dates` for every key: for each time no stored
/// entry governs, a blocked entry when the opening hours close it, else one
/// of the standing figure (none when the key is open). A weekday closed all
/// day gives one day-wide blocked entry, so the day reads as closed. A
/// night of the Tiny Home is one day-wide entry of its units.
pub fn standing_entries(
    schedule: &Schedule,
    dates: &[NaiveDate],
    stored: &[AvailabilityEntry],
    taken: &impl Taken,
) -> Vec<AvailabilityEntry> {
    let mut made = Vec::new();
    // Once per date however many requests name it: a copy of a standing
    // entry would be a second set of places (simultaneous requests for one
    // time were spread over the copies and overbooked it).
    let mut dates = dates.to_vec();
    dates.sort_unstable();
    dates.dedup();
    for date in dates {
        let of_date: Vec<AvailabilityEntry> = stored.iter().filter(|e| e.date == date).cloned().collect();
        for &key in ServiceKey::ALL {
            let governed = |slot: TimeSlot| governing_entries(&of_date, key, slot).next().is_some();
            if key == ServiceKey::Accommodation {
                let check_in = super::CHECK_IN_TIME;
                if let (false, Some(units)) = (governed(check_in), schedule.capacity.of(key)) {
                    made.push(standing_entry(key, date, None, units, taken.taken(key, date, None), false));
                }
                continue;
            }
            let free: Vec<TimeSlot> = TimeSlot::ALL.iter().copied().filter(|slot| !governed(*slot)).collect();
            if free.len() == TimeSlot::ALL.len() && schedule.open_times(date).is_empty() {
                made.push(standing_entry(key, date, None, CLOSED, 0, true));
                continue;
            }
            for slot in free {
                if !schedule.is_open(key, date, slot) {
                    made.push(standing_entry(key, date, Some(slot), CLOSED, 0, true));
                } else if let Some(per_slot) = schedule.capacity.of(key) {
                    let current = taken.taken(key, date, Some(slot));
                    made.push(standing_entry(key, date, Some(slot), per_slot, current, false));
                }
            }
        }
    }
    made
}

/// The stored entries with the standing ones of `dates` added.
pub fn with_standing(
    schedule: &Schedule,
    dates: &[NaiveDate],
    stored: &[AvailabilityEntry],
    taken: &impl Taken,
) -> Vec<AvailabilityEntry> {
    let mut all = stored.to_vec();
    all.extend(standing_entries(schedule, dates, stored, taken));
    all
}

/// Why a schedule cannot be saved: the field and its message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScheduleError {
    pub field: ScheduleField,
    pub message: &'static str,
}

/// The figure of a schedule a check refuses (the wire names it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScheduleField {
    /// A key's standing capacity.
    Capacity(ServiceKey),
    MinimumNoticeHours,
    HorizonDays,
}

pub const CAPACITY_MESSAGE: &str = "Capacity must be a whole number from 1 to 10000, or empty for no limit";
pub const NOTICE_MESSAGE: &str = "Notice must be 0 to 720 hours";
pub const HORIZON_MESSAGE: &str = "The horizon must be 1 to 730 days, or empty for no limit";

/// Checks a schedule's figures (the times are parsed at the edge).
pub fn check_schedule(schedule: &Schedule) -> Vec<ScheduleError> {
    let mut errors = Vec::new();
    for &key in ServiceKey::ALL {
        if schedule.capacity.of(key).is_some_and(|c| !(1..=MAX_STANDING_CAPACITY).contains(&c)) {
            errors.push(ScheduleError { field: ScheduleField::Capacity(key), message: CAPACITY_MESSAGE });
        }
    }
    if !(0..=MAX_NOTICE_HOURS).contains(&schedule.minimum_notice_hours) {
        errors.push(ScheduleError { field: ScheduleField::MinimumNoticeHours, message: NOTICE_MESSAGE });
    }
    if schedule.horizon_days.is_some_and(|days| !(1..=MAX_HORIZON_DAYS).contains(&days)) {
        errors.push(ScheduleError { field: ScheduleField::HorizonDays, message: HORIZON_MESSAGE });
    }
    errors
}

/// One key's day as the owner's calendar shows it: what is taken against
/// what the day holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DayLoad {
    pub service: ServiceKey,
    pub taken: i32,
    /// `None`: open, no limit.
    pub capacity: Option<i32>,
    pub source: LoadSource,
}

crate::text_enum! {
    /// Where a day's figure comes from.
    LoadSource { Standing, Entry, Open, Closed }
}

/// The day's load of `key`, from the stored and standing entries of `date`
/// and the bookings it holds (`taken` with no time: the day's bookings).
/// Treatments add up the open times' figures; a day-wide entry is the day's
/// figure; the Tiny Home's is the night's.
pub fn day_load(
    key: ServiceKey,
    date: NaiveDate,
    blackouts: &[super::Blackout],
    entries: &[AvailabilityEntry],
    taken: i32,
) -> DayLoad {
    let of_day: Vec<&AvailabilityEntry> =
        entries.iter().filter(|e| e.date == date && e.applies_to(key)).collect();
    let closed = DayLoad { service: key, taken, capacity: Some(0), source: LoadSource::Closed };
    if blackouts.iter().any(|b| b.covers(date, key)) {
        return closed;
    }
    let stored = |e: &&AvailabilityEntry| !is_standing(e.id);
    let day_wide: Vec<&&AvailabilityEntry> = of_day.iter().filter(|e| e.time_slot.is_none()).collect();
    if day_wide.iter().any(|e| e.is_blocked) {
        return closed;
    }
    if let Some(entry) = day_wide.iter().min_by_key(|e| e.max_capacity) {
        let source = if stored(entry) { LoadSource::Entry } else { LoadSource::Standing };
        return DayLoad { service: key, taken, capacity: Some(entry.max_capacity), source };
    }
    let slots =
        if key == ServiceKey::Accommodation { vec![super::CHECK_IN_TIME] } else { TimeSlot::ALL.to_vec() };
    let mut capacity = Some(0);
    let (mut any_open, mut any_entry) = (false, false);
    for slot in slots {
        let governing: Vec<&&AvailabilityEntry> =
            of_day.iter().filter(|e| e.time_slot == Some(slot)).collect();
        if governing.iter().any(|e| e.is_blocked) {
            continue;
        }
        any_open = true;
        any_entry |= governing.iter().any(|e| stored(e));
        capacity = match (capacity, governing.iter().map(|e| e.max_capacity).min()) {
            (Some(sum), Some(limit)) => Some(sum + limit),
            _ => None,
        };
    }
    let source = match (any_open, capacity, any_entry) {
        (false, _, _) => LoadSource::Closed,
        (true, None, _) => LoadSource::Open,
        (true, Some(_), true) => LoadSource::Entry,
        (true, Some(_), false) => LoadSource::Standing,
    };
    DayLoad { service: key, taken, capacity: if any_open { capacity } else { Some(0) }, source }
}
