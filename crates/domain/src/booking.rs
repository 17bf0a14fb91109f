//! Booking requests, blackout periods, availability entries and the rules
//! that decide whether a guest may book a service at a date and time
//! (docs/decisions.md §5).
//!
//! - each booking key belongs to one blackout scope, and `all` covers every key;
//! - an availability entry applies to a key when its service record carries
//!   that booking key, its accommodation type is the key's, or it names
//!   neither (then it speaks for the whole retreat that day);
//! - an entry without a time slot caps the whole day, one with a slot caps that slot;
//! - no applicable entry means open.
//!
//! Every capacity decision is a `plan_*` function in [`capacity`]: a pure
//! decision over data the store has loaded (and locked); the store applies it.

pub(crate) mod capacity;
mod fields;
mod moving;
mod schedule;

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use uuid::Uuid;

use crate::validation::{Email, LongText, PersonName};

pub use capacity::*;
pub use fields::*;
pub use moving::*;
pub use schedule::*;

crate::text_enum! {
    /// What a guest books (the booking dialog's service select). A service
    /// record carries at most one key, and a key belongs to at most one
    /// record: that is how capacity, prices and the quiz find a key's record.
    ServiceKey {
        Massage,
        Spa,
        Accommodation,
        Package,
    }
}

impl ServiceKey {
    /// The name the specification gives the key's service record (used to
    /// find the record in data from before records carried their key).
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
}

crate::text_enum! {
    /// The five daily appointment times.
    TimeSlot {
        #[strum(serialize = "9:00")] NineAm,
        #[strum(serialize = "11:00")] ElevenAm,
        #[strum(serialize = "13:00")] OnePm,
        #[strum(serialize = "15:00")] ThreePm,
        #[strum(serialize = "17:00")] FivePm,
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

    /// One of the five times; "09:00" (what `<input type=time>` sends) is 9:00.
    pub fn parse(text: &str) -> Option<Self> {
        Self::from_text(if text == "09:00" { "9:00" } else { text })
    }
}

crate::text_enum! {
    /// Booking states, set freely by the admin; only `cancelled` frees capacity.
    BookingStatus {
        Pending,
        Confirmed,
        Completed,
        Cancelled,
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
        All,
        Services,
        TinyHome,
        Retreat,
    }
}

crate::text_enum! {
    AccommodationType { TinyHome, Retreat }
}

/// The retreat's local date and time ("now" in its time zone).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LocalNow {
    pub date: NaiveDate,
    pub time: NaiveTime,
}

pub const DATE_FORMAT: &str = "%Y-%m-%d";

/// The longest stay, in nights.
pub const MAX_STAY_NIGHTS: i64 = 14;
/// When a stay begins and ends, as the guest is told (a stay is stored with
/// the 15:00 slot: its check-in time).
pub const CHECK_IN_TIME: TimeSlot = TimeSlot::ThreePm;
pub const CHECK_OUT_TIME: NaiveTime = match NaiveTime::from_hms_opt(11, 0, 0) {
    Some(time) => time,
    None => NaiveTime::MIN,
};

/// The nights from `date` to the day before `check_out`, or `date` alone
/// (a single-slot service, or a check-out that is not after the date).
pub fn nights_between(date: NaiveDate, check_out: Option<NaiveDate>) -> Vec<NaiveDate> {
    match check_out {
        Some(out) if out > date => date.iter_days().take_while(|night| *night < out).collect(),
        _ => vec![date],
    }
}

/// How many nights a stay from `date` to `check_out` is; `None` for a
/// single-slot booking (no check-out).
pub fn stay_length(date: NaiveDate, check_out: Option<NaiveDate>) -> Option<u32> {
    check_out.map(|_| u32::try_from(nights_between(date, check_out).len()).unwrap_or(u32::MAX))
}

/// "Friday, December 4, 2026": how a night is named to a guest.
pub fn long_date(date: NaiveDate) -> String {
    date.format("%A, %B %-d, %Y").to_string()
}

/// Why a date was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum DateError {
    #[error("Required")]
    Blank,
    #[error("Please use a real date in the yyyy-MM-dd format")]
    Malformed,
}

impl crate::validation::Refusal for DateError {
    fn is_blank(&self) -> bool {
        matches!(self, DateError::Blank)
    }
}

/// A calendar date written yyyy-MM-dd, exactly.
pub fn parse_date(text: &str) -> Result<NaiveDate, DateError> {
    if text.is_empty() {
        return Err(DateError::Blank);
    }
    // chrono accepts unpadded fields and signed years; the contract is the
    // padded form only: four digits, dash, two digits, dash, two digits.
    let shaped = text.len() == 10
        && text
            .bytes()
            .enumerate()
            .all(|(i, b)| if i == 4 || i == 7 { b == b'-' } else { b.is_ascii_digit() });
    NaiveDate::parse_from_str(text, DATE_FORMAT).ok().filter(|_| shaped).ok_or(DateError::Malformed)
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Booking {
    pub id: Uuid,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub service: ServiceKey,
    /// The day of the appointment; for a stay, the check-in day.
    pub date: NaiveDate,
    /// A stay's check-out day (the Tiny Home); `None` for single-slot services.
    pub check_out: Option<NaiveDate>,
    pub time: TimeSlot,
    pub notes: Option<String>,
    pub status: BookingStatus,
    pub created_at: DateTime<Utc>,
    /// The deposit it asked for, if any.
    pub deposit: Option<crate::payment::Deposit>,
    /// The promo code it used, if any (docs/decisions.md §15): what it
    /// took off the booking's price.
    pub promo: Option<crate::promo::AppliedPromo>,
    /// What a gift card paid of its deposit, if one did (the provider is
    /// asked only for the rest).
    pub gift_card: Option<crate::gift_card::CardPayment>,
    /// How many times it was moved (its calendar invitation's SEQUENCE).
    pub moves: i32,
    /// How many of those moves its guest made (against the owner's free moves).
    pub guest_moves: i32,
    /// When its guest said she is coming (a reminder's Confirm); cleared by a move.
    pub guest_confirmed_at: Option<DateTime<Utc>>,
}

impl Booking {
    /// The dates whose capacity it holds: a stay's nights, or its one date.
    pub fn nights(&self) -> Vec<NaiveDate> {
        nights_between(self.date, self.check_out)
    }

    /// How many nights a stay is; `None` for a single-slot booking.
    pub fn stay_nights(&self) -> Option<usize> {
        self.check_out.map(|_| self.nights().len())
    }

    /// What it costs at its service's `price`: a stay pays it per night.
    pub fn price_at(&self, price: crate::Money) -> crate::Money {
        let nights = self.stay_nights().and_then(|n| u32::try_from(n).ok()).unwrap_or(1);
        // At most 14 nights of a bounded price: the product always fits.
        price.times(nights).unwrap_or(price)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewBooking {
    pub first_name: PersonName,
    pub last_name: PersonName,
    pub email: Email,
    pub service: ServiceKey,
    pub date: NaiveDate,
    /// Set for a stay (every accommodation booking), from 1 to
    /// `MAX_STAY_NIGHTS` nights after `date`.
    pub check_out: Option<NaiveDate>,
    pub time: TimeSlot,
    pub notes: Option<LongText>,
    /// The deposit it asks for, with the guest's card saved for it.
    pub deposit: Option<NewDeposit>,
    /// The promo code the guest gave, if any: checked (and its use
    /// counted) with the request's capacity, in the same transaction.
    pub promo_code: Option<crate::promo::PromoCodeText>,
    /// The gift card paying (part of) its deposit and how much, as the
    /// request read the card; the store takes it under the card's lock,
    /// and refuses the request if the card can no longer pay it.
    pub gift_card: Option<(crate::gift_card::GiftCardCode, crate::Money)>,
}

/// A deposit a booking request brings: its amount and the card saved for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewDeposit {
    pub amount: crate::Money,
    pub card: crate::payment::DepositCard,
}

impl NewBooking {
    pub fn nights(&self) -> Vec<NaiveDate> {
        nights_between(self.date, self.check_out)
    }

    /// How many nights a stay is; `None` for a single-slot booking.
    pub fn stay_nights(&self) -> Option<u32> {
        stay_length(self.date, self.check_out)
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
    pub reason: Option<LongText>,
}

impl NewBooking {
    /// The booking this request becomes once stored with `id` at `created_at`:
    /// a request awaiting the owner's answer.
    pub fn booked(&self, id: Uuid, created_at: DateTime<Utc>) -> Booking {
        Booking {
            id,
            first_name: self.first_name.as_str().to_owned(),
            last_name: self.last_name.as_str().to_owned(),
            email: self.email.as_str().to_owned(),
            service: self.service,
            date: self.date,
            check_out: self.check_out,
            time: self.time,
            notes: self.notes.as_ref().map(|notes| notes.as_str().to_owned()),
            status: BookingStatus::Pending,
            created_at,
            deposit: self.deposit.as_ref().map(|deposit| crate::payment::Deposit {
                state: crate::payment::DepositState::CardSaved,
                amount: deposit.amount,
                refunded: crate::Money::ZERO,
                error: None,
                card: Some(deposit.card.clone()),
            }),
            // Decided with the request's capacity (the store sets it).
            promo: None,
            gift_card: None,
            moves: 0,
            guest_moves: 0,
            guest_confirmed_at: None,
        }
    }
}

impl NewBlackout {
    /// Whether bookings of `key` on `date` fall in this period (dates inclusive).
    pub fn covers(&self, date: NaiveDate, key: ServiceKey) -> bool {
        (self.start_date..=self.end_date).contains(&date)
            && (self.blackout_type == BlackoutType::All || self.blackout_type == key.blackout_scope())
    }

    /// The active bookings (pending or confirmed) this period would cover
    /// (a stay when any of its nights is in it), by date and time: what the
    /// owner chooses to keep or cancel.
    pub fn covered_bookings(&self, bookings: impl IntoIterator<Item = Booking>) -> Vec<Booking> {
        let mut covered: Vec<Booking> = bookings
            .into_iter()
            .filter(|b| matches!(b.status, BookingStatus::Pending | BookingStatus::Confirmed))
            .filter(|b| b.nights().into_iter().any(|night| self.covers(night, b.service)))
            .collect();
        covered.sort_by_key(|b| (b.date, b.time, b.created_at));
        covered
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AvailabilityEntry {
    pub id: Uuid,
    pub service_id: Option<Uuid>,
    /// The booking key `service_id`'s record carries, if any: how a booking
    /// finds the entries of its service (never by the record's name).
    pub service_key: Option<ServiceKey>,
    /// The name of `service_id`'s record, for people.
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
        applies(self.service_id, self.service_key, self.accommodation_type, key)
    }

    /// Day-wide entries cover every slot.
    pub fn covers_slot(&self, slot: TimeSlot) -> bool {
        self.time_slot.is_none_or(|own| own == slot)
    }

    pub fn is_full(&self) -> bool {
        self.current_bookings >= self.max_capacity
    }
}

/// Whether an entry naming this service (and its key) and accommodation
/// governs bookings of `key`.
fn applies(
    service_id: Option<Uuid>,
    service_key: Option<ServiceKey>,
    accommodation: Option<AccommodationType>,
    key: ServiceKey,
) -> bool {
    let names_nothing = service_id.is_none() && accommodation.is_none();
    let by_service = service_id.is_some() && service_key == Some(key);
    let by_accommodation = accommodation.is_some() && accommodation == key.accommodation();
    names_nothing || by_service || by_accommodation
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewAvailability {
    pub date: NaiveDate,
    pub service_id: Option<Uuid>,
    pub accommodation_type: Option<AccommodationType>,
    pub time_slot: Option<TimeSlot>,
    pub max_capacity: i32,
    pub is_blocked: bool,
    pub block_reason: Option<LongText>,
}

impl NewAvailability {
    /// Whether `existing` is the entry this one replaces: one entry per
    /// (date, service, accommodation, slot).
    pub fn replaces(&self, existing: &AvailabilityEntry) -> bool {
        existing.date == self.date
            && existing.service_id == self.service_id
            && existing.accommodation_type == self.accommodation_type
            && existing.time_slot == self.time_slot
    }
}

#[cfg(test)]
mod tests;

/// A page of bookings as the dashboard asks for it (issue 23): newest
/// request first, matching a search (a name, an e-mail or the start of the
/// booking's id), a status, a service and the days of the visit — a stay
/// is found by any of its nights.
#[derive(Debug, Clone, PartialEq)]
pub struct BookingQuery {
    pub search: Option<crate::paging::Search>,
    pub status: Option<BookingStatus>,
    pub service: Option<ServiceKey>,
    /// The visit touches this day or a later one.
    pub visit_from: Option<NaiveDate>,
    /// The visit begins on this day or an earlier one.
    pub visit_to: Option<NaiveDate>,
    pub page: crate::paging::PageRequest,
}

/// A deposit's state once the owner sets its booking to `status`:
/// cancelled, as `deposit_state_after_cancellation` says for the owner's
/// cancellation; completed, a card never charged (saved, a charge that
/// failed or still waits for the guest's bank) is let go, since the visit
/// was paid at the retreat; otherwise unchanged.
pub fn deposit_state_after_status(
    state: crate::payment::DepositState,
    status: BookingStatus,
) -> crate::payment::DepositState {
    use BookingStatus as B;
    match status {
        B::Cancelled | B::Completed => crate::payment::deposit_state_after_cancellation(state, None),
        B::Pending | B::Confirmed => state,
    }
}
