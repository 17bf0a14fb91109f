//! Booking requests, blackout periods, availability entries and the rules
//! that decide whether a guest may book a service at a date and time.
//!
//! The rules (DECISIONS §5):
//! - each booking key belongs to one blackout scope, and `all` covers every key;
//! - an availability entry applies to a key when its service is that key's
//!   service record, its accommodation type is the key's, or it names neither
//!   (then it speaks for the whole retreat that day);
//! - an entry without a time slot caps the whole day, one with a slot caps that slot;
//! - no applicable entry means open.

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use uuid::Uuid;

use crate::content::{FIRST_NAME_MESSAGE, LAST_NAME_MESSAGE};
use crate::money::Money;
use crate::validation::{
    Email, LONG_TEXT_MAX, SHORT_TEXT_MAX, ValidationErrors, optional_text, required_text,
};

crate::text_enum! {
    /// What a guest books (the booking dialog's service select).
    ServiceKey {
        Massage => "massage",
        Spa => "spa",
        Accommodation => "accommodation",
        Package => "package",
    }
}

impl ServiceKey {
    /// The service record this key stands for, matched by exact name.
    pub fn service_name(self) -> &'static str {
        match self {
            ServiceKey::Massage => "Massage Therapy",
            ServiceKey::Spa => "Rustic Spa Treatments",
            ServiceKey::Accommodation => "Tiny Home Retreat",
            ServiceKey::Package => "Wellness Packages",
        }
    }

    pub fn blackout_scope(self) -> BlackoutType {
        match self {
            ServiceKey::Massage | ServiceKey::Spa => BlackoutType::Services,
            ServiceKey::Accommodation => BlackoutType::TinyHome,
            ServiceKey::Package => BlackoutType::Retreat,
        }
    }

    pub fn accommodation(self) -> Option<AccommodationType> {
        match self {
            ServiceKey::Accommodation => Some(AccommodationType::TinyHome),
            ServiceKey::Package => Some(AccommodationType::Retreat),
            ServiceKey::Massage | ServiceKey::Spa => None,
        }
    }

    /// The advertised price (per night for accommodation).
    pub fn list_price(self) -> Money {
        Money::constant(match self {
            ServiceKey::Massage => 12_000,
            ServiceKey::Spa => 8_500,
            ServiceKey::Accommodation => 18_000,
            ServiceKey::Package => 45_000,
        })
    }
}

crate::text_enum! {
    /// The five daily appointment times.
    TimeSlot {
        NineAm => "9:00",
        ElevenAm => "11:00",
        OnePm => "13:00",
        ThreePm => "15:00",
        FivePm => "17:00",
    }
}

impl TimeSlot {
    pub fn starts_at(self) -> NaiveTime {
        let hour = match self {
            TimeSlot::NineAm => 9,
            TimeSlot::ElevenAm => 11,
            TimeSlot::OnePm => 13,
            TimeSlot::ThreePm => 15,
            TimeSlot::FivePm => 17,
        };
        NaiveTime::from_hms_opt(hour, 0, 0).unwrap_or_default()
    }

    /// Also accepts "09:00", the form `<input type=time>` produces.
    pub fn parse(text: &str) -> Option<Self> {
        let text = text.trim();
        Self::from_text(text.strip_prefix('0').unwrap_or(text))
    }
}

crate::text_enum! {
    /// Booking states, set freely by the admin; only `cancelled` frees capacity.
    BookingStatus {
        Pending => "pending",
        Confirmed => "confirmed",
        Completed => "completed",
        Cancelled => "cancelled",
    }
}

impl BookingStatus {
    pub fn holds_capacity(self) -> bool {
        self != BookingStatus::Cancelled
    }
}

crate::text_enum! {
    /// What a blackout period closes.
    BlackoutType {
        All => "all",
        Services => "services",
        TinyHome => "tiny_home",
        Retreat => "retreat",
    }
}

crate::text_enum! {
    AccommodationType { TinyHome => "tiny_home", Retreat => "retreat" }
}

/// The retreat's local date and time ("now" in its time zone).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LocalNow {
    pub date: NaiveDate,
    pub time: NaiveTime,
}

pub const DATE_FORMAT: &str = "%Y-%m-%d";

/// A calendar date written yyyy-MM-dd.
pub fn parse_date(text: &str, required_message: &str) -> Result<NaiveDate, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err(required_message.to_owned());
    }
    // chrono accepts unpadded fields and signed years; the contract is the
    // padded form only: four digits, dash, two digits, dash, two digits.
    let shaped = text.len() == 10
        && text
            .bytes()
            .enumerate()
            .all(|(i, b)| if i == 4 || i == 7 { b == b'-' } else { b.is_ascii_digit() });
    NaiveDate::parse_from_str(text, DATE_FORMAT)
        .ok()
        .filter(|_| shaped)
        .ok_or_else(|| "Please use a real date in the yyyy-MM-dd format".to_owned())
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Booking {
    pub id: Uuid,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub service: ServiceKey,
    pub date: NaiveDate,
    pub time: TimeSlot,
    pub notes: Option<String>,
    pub status: BookingStatus,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewBooking {
    pub first_name: String,
    pub last_name: String,
    pub email: Email,
    pub service: ServiceKey,
    pub date: NaiveDate,
    pub time: TimeSlot,
    pub notes: Option<String>,
}

#[derive(Debug, Clone, Default)]
pub struct BookingForm {
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub service: String,
    pub date: String,
    pub time: String,
    pub notes: Option<String>,
}

pub const SERVICE_MESSAGE: &str = "Please select a service";
pub const DATE_MESSAGE: &str = "Please select a date";
pub const TIME_MESSAGE: &str = "Please select a time";

impl BookingForm {
    pub fn validate(self) -> Result<NewBooking, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let first_name =
            errors.take("firstName", required_text(&self.first_name, SHORT_TEXT_MAX, FIRST_NAME_MESSAGE));
        let last_name =
            errors.take("lastName", required_text(&self.last_name, SHORT_TEXT_MAX, LAST_NAME_MESSAGE));
        let email = errors.take("email", Email::parse(&self.email));
        let service = errors.take(
            "service",
            ServiceKey::from_text(self.service.trim()).ok_or_else(|| SERVICE_MESSAGE.to_owned()),
        );
        let date = errors.take("date", parse_date(&self.date, DATE_MESSAGE));
        let time = errors.take("time", TimeSlot::parse(&self.time).ok_or_else(|| TIME_MESSAGE.to_owned()));
        let notes = errors.take("notes", optional_text(self.notes.as_deref(), LONG_TEXT_MAX));
        match (first_name, last_name, email, service, date, time, notes) {
            (
                Some(first_name),
                Some(last_name),
                Some(email),
                Some(service),
                Some(date),
                Some(time),
                Some(notes),
            ) => Ok(NewBooking { first_name, last_name, email, service, date, time, notes }),
            _ => Err(errors),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Blackout {
    pub id: Uuid,
    pub start_date: NaiveDate,
    pub end_date: NaiveDate,
    pub blackout_type: BlackoutType,
    pub reason: Option<String>,
    pub created_by: Option<Uuid>,
    pub created_at: DateTime<Utc>,
}

impl Blackout {
    /// Start and end dates are both inside the period.
    pub fn covers(&self, date: NaiveDate, key: ServiceKey) -> bool {
        (self.start_date..=self.end_date).contains(&date)
            && (self.blackout_type == BlackoutType::All || self.blackout_type == key.blackout_scope())
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewBlackout {
    pub start_date: NaiveDate,
    pub end_date: NaiveDate,
    pub blackout_type: BlackoutType,
    pub reason: Option<String>,
}

#[derive(Debug, Clone, Default)]
pub struct BlackoutForm {
    pub start_date: String,
    pub end_date: String,
    pub blackout_type: Option<String>,
    pub reason: Option<String>,
}

impl BlackoutForm {
    pub fn validate(self) -> Result<NewBlackout, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let start_date = errors.take("startDate", parse_date(&self.start_date, "Start date is required"));
        let end_date = errors.take("endDate", parse_date(&self.end_date, "End date is required"));
        let blackout_type = errors.take(
            "type",
            match self.blackout_type.as_deref().map(str::trim) {
                None | Some("") => Ok(BlackoutType::All),
                Some(text) => BlackoutType::from_text(text)
                    .ok_or_else(|| "Type must be all, services, tiny_home or retreat".to_owned()),
            },
        );
        let reason = errors.take("reason", optional_text(self.reason.as_deref(), LONG_TEXT_MAX));
        if let (Some(start), Some(end)) = (start_date, end_date) {
            if end < start {
                errors.add("endDate", "End date must be on or after the start date");
            }
        }
        match (start_date, end_date, blackout_type, reason) {
            (Some(start_date), Some(end_date), Some(blackout_type), Some(reason)) if errors.is_empty() => {
                Ok(NewBlackout { start_date, end_date, blackout_type, reason })
            }
            _ => Err(errors),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AvailabilityEntry {
    pub id: Uuid,
    pub service_id: Option<Uuid>,
    /// The name of `service_id`'s record, which is how a booking key finds it.
    pub service_name: Option<String>,
    pub accommodation_type: Option<AccommodationType>,
    pub date: NaiveDate,
    pub time_slot: Option<TimeSlot>,
    pub max_capacity: i32,
    pub current_bookings: i32,
    pub is_blocked: bool,
    pub block_reason: Option<String>,
    pub created_at: DateTime<Utc>,
}

impl AvailabilityEntry {
    pub fn applies_to(&self, key: ServiceKey) -> bool {
        let names_nothing = self.service_id.is_none() && self.accommodation_type.is_none();
        let by_service =
            self.service_id.is_some() && self.service_name.as_deref() == Some(key.service_name());
        let by_accommodation =
            self.accommodation_type.is_some() && self.accommodation_type == key.accommodation();
        names_nothing || by_service || by_accommodation
    }

    /// Day-wide entries cover every slot.
    pub fn covers_slot(&self, slot: TimeSlot) -> bool {
        self.time_slot.is_none_or(|own| own == slot)
    }

    pub fn is_full(&self) -> bool {
        self.current_bookings >= self.max_capacity
    }
}

/// The entries that constrain a booking of `key` at `slot` on their date.
pub fn governing_entries(
    entries: &[AvailabilityEntry],
    key: ServiceKey,
    slot: TimeSlot,
) -> impl Iterator<Item = &AvailabilityEntry> {
    entries.iter().filter(move |e| e.applies_to(key) && e.covers_slot(slot))
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DayAvailability {
    pub available: bool,
    /// Why the day is closed, in words fit for a guest.
    pub reason: Option<&'static str>,
    pub slots: Vec<(TimeSlot, bool)>,
}

pub const PAST_REASON: &str = "This date has passed.";
pub const CLOSED_REASON: &str = "The retreat is closed for this service on this date.";
pub const FULL_DAY_REASON: &str = "This date is fully booked.";
pub const ALL_SLOTS_REASON: &str = "Every time on this date is booked or unavailable.";

/// Whether a guest can book `key` on `date`, and at which times.
/// `blackouts` and `entries` may hold anything; only what applies counts.
pub fn day_availability(
    key: ServiceKey,
    date: NaiveDate,
    now: LocalNow,
    blackouts: &[Blackout],
    entries: &[AvailabilityEntry],
) -> DayAvailability {
    let day_entries: Vec<&AvailabilityEntry> =
        entries.iter().filter(|e| e.date == date && e.applies_to(key) && e.time_slot.is_none()).collect();
    let closed = date < now.date
        || blackouts.iter().any(|b| b.covers(date, key))
        || day_entries.iter().any(|e| e.is_blocked);
    let closed_reason = if date < now.date {
        Some(PAST_REASON)
    } else if closed {
        Some(CLOSED_REASON)
    } else if day_entries.iter().any(|e| e.is_full()) {
        Some(FULL_DAY_REASON)
    } else {
        None
    };
    let slots: Vec<(TimeSlot, bool)> = TimeSlot::ALL
        .iter()
        .map(|&slot| {
            let open = closed_reason.is_none() && slot_is_bookable(key, date, slot, now, entries);
            (slot, open)
        })
        .collect();
    let reason = closed_reason.or_else(|| (!slots.iter().any(|(_, open)| *open)).then_some(ALL_SLOTS_REASON));
    DayAvailability { available: reason.is_none(), reason, slots }
}

fn slot_is_bookable(
    key: ServiceKey,
    date: NaiveDate,
    slot: TimeSlot,
    now: LocalNow,
    entries: &[AvailabilityEntry],
) -> bool {
    !has_started(date, slot, now)
        && governing_entries(entries, key, slot)
            .filter(|e| e.date == date)
            .all(|e| !e.is_blocked && !e.is_full())
}

/// Today's appointments that have begun can no longer be booked.
fn has_started(date: NaiveDate, slot: TimeSlot, now: LocalNow) -> bool {
    date == now.date && slot.starts_at() <= now.time
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum BookingRejection {
    #[error("This date is not available for booking. Please select another date.")]
    DateUnavailable,
    #[error("This date is fully booked. Please select another date.")]
    DayFull,
    #[error("This time is fully booked. Please choose another time.")]
    SlotFull,
}

/// Decides a new booking against the current blackouts and the entries of its
/// date, returning the entries whose capacity it takes (one unit each).
pub fn plan_booking(
    booking: &NewBooking,
    now: LocalNow,
    blackouts: &[Blackout],
    entries: &[AvailabilityEntry],
) -> Result<Vec<Uuid>, BookingRejection> {
    let (key, date, slot) = (booking.service, booking.date, booking.time);
    if date < now.date || has_started(date, slot, now) || blackouts.iter().any(|b| b.covers(date, key)) {
        return Err(BookingRejection::DateUnavailable);
    }
    let governing: Vec<&AvailabilityEntry> =
        governing_entries(entries, key, slot).filter(|e| e.date == date).collect();
    if governing.iter().any(|e| e.is_blocked) {
        return Err(BookingRejection::DateUnavailable);
    }
    if let Some(full) = governing.iter().find(|e| e.is_full()) {
        return Err(if full.time_slot.is_none() {
            BookingRejection::DayFull
        } else {
            BookingRejection::SlotFull
        });
    }
    Ok(governing.iter().map(|e| e.id).collect())
}

/// The entries an existing booking occupies (or would occupy): the ones that
/// govern its key and time on its date. Used to give capacity back on cancel or
/// delete, and to take it again when a cancelled booking is reinstated.
pub fn held_entries(
    key: ServiceKey,
    date: NaiveDate,
    slot: TimeSlot,
    entries: &[AvailabilityEntry],
) -> Vec<Uuid> {
    governing_entries(entries, key, slot).filter(|e| e.date == date).map(|e| e.id).collect()
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewAvailability {
    pub date: NaiveDate,
    pub service_id: Option<Uuid>,
    pub accommodation_type: Option<AccommodationType>,
    pub time_slot: Option<TimeSlot>,
    pub max_capacity: i32,
    pub is_blocked: bool,
    pub block_reason: Option<String>,
}

impl NewAvailability {
    /// How many of a date's active bookings (key, time) this entry governs:
    /// an entry created after bookings exist starts from that count.
    pub fn bookings_governed(&self, service_name: Option<&str>, bookings: &[(ServiceKey, TimeSlot)]) -> i32 {
        let probe = AvailabilityEntry {
            id: Uuid::nil(),
            service_id: self.service_id,
            service_name: service_name.map(str::to_owned),
            accommodation_type: self.accommodation_type,
            date: self.date,
            time_slot: self.time_slot,
            max_capacity: self.max_capacity,
            current_bookings: 0,
            is_blocked: self.is_blocked,
            block_reason: None,
            created_at: DateTime::<Utc>::MIN_UTC,
        };
        let count =
            bookings.iter().filter(|(key, slot)| probe.applies_to(*key) && probe.covers_slot(*slot)).count();
        i32::try_from(count).unwrap_or(i32::MAX)
    }
}

#[derive(Debug, Clone, Default)]
pub struct AvailabilityForm {
    pub date: String,
    pub service_id: Option<String>,
    pub accommodation_type: Option<String>,
    pub time_slot: Option<String>,
    pub max_capacity: Option<i64>,
    pub is_blocked: Option<bool>,
    pub block_reason: Option<String>,
}

pub const MAX_CAPACITY_LIMIT: i64 = 10_000;

/// The dashboard sends its "none" choice as the literal text "none".
fn none_or_blank(value: Option<&str>) -> Option<&str> {
    value.map(str::trim).filter(|v| !v.is_empty() && *v != "none")
}

impl AvailabilityForm {
    pub fn validate(self) -> Result<NewAvailability, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let date = errors.take("date", parse_date(&self.date, "Date is required"));
        let service_id = errors.take(
            "serviceId",
            none_or_blank(self.service_id.as_deref())
                .map(|text| Uuid::parse_str(text).map_err(|_| "Unknown service".to_owned()))
                .transpose(),
        );
        let accommodation_type = errors.take(
            "accommodationType",
            none_or_blank(self.accommodation_type.as_deref())
                .map(|text| {
                    AccommodationType::from_text(text)
                        .ok_or_else(|| "Accommodation must be none, tiny_home or retreat".to_owned())
                })
                .transpose(),
        );
        let time_slot = errors.take(
            "timeSlot",
            none_or_blank(self.time_slot.as_deref())
                .map(|text| {
                    TimeSlot::parse(text)
                        .ok_or_else(|| "Time slot must be one of 9:00, 11:00, 13:00, 15:00, 17:00".to_owned())
                })
                .transpose(),
        );
        let max_capacity = errors.take(
            "maxCapacity",
            match self.max_capacity {
                None => Ok(1),
                Some(n) if (1..=MAX_CAPACITY_LIMIT).contains(&n) => {
                    i32::try_from(n).map_err(|_| String::new())
                }
                Some(_) => Err(format!("Max capacity must be from 1 to {MAX_CAPACITY_LIMIT}")),
            },
        );
        let block_reason =
            errors.take("blockReason", optional_text(self.block_reason.as_deref(), LONG_TEXT_MAX));
        match (date, service_id, accommodation_type, time_slot, max_capacity, block_reason) {
            (
                Some(date),
                Some(service_id),
                Some(accommodation_type),
                Some(time_slot),
                Some(max_capacity),
                Some(block_reason),
            ) => Ok(NewAvailability {
                date,
                service_id,
                accommodation_type,
                time_slot,
                max_capacity,
                is_blocked: self.is_blocked.unwrap_or(false),
                block_reason,
            }),
            _ => Err(errors),
        }
    }
}

#[cfg(test)]
mod tests;
