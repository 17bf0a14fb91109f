//! What clients send about bookings and the calendar, checked into the
//! domain's types with the specification's messages.

use chrono::NaiveDate;
use uuid::Uuid;

use super::{
    AccommodationType, BlackoutType, MAX_STAY_NIGHTS, NewAvailability, NewBlackout, NewBooking, ServiceKey,
    TimeSlot, parse_date,
};
use crate::content::{FIRST_NAME_MESSAGE, LAST_NAME_MESSAGE};
use crate::validation::{
    Email, LONG_TEXT_MAX, SHORT_TEXT_MAX, ValidationErrors, optional_text, required_text,
};

pub const SERVICE_MESSAGE: &str = "Please select a service";
pub const DATE_MESSAGE: &str = "Please select a date";
pub const TIME_MESSAGE: &str = "Please select a time";

fn service_key(text: &str) -> Result<ServiceKey, String> {
    ServiceKey::from_text(text).ok_or_else(|| SERVICE_MESSAGE.to_owned())
}

#[derive(Debug, Clone, Default)]
pub struct BookingForm {
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub service: String,
    pub date: String,
    /// A stay's check-out day (accommodation only; absent means one night).
    pub check_out: Option<String>,
    pub time: String,
    pub notes: Option<String>,
}

pub const STAY_LENGTH_MESSAGE: &str = "Check-out must be 1 to 14 nights after check-in";
pub const STAY_ONLY_MESSAGE: &str = "Only the Tiny Home is booked over several nights";

/// A stay's check-out: for the Tiny Home, the day given (1 to
/// `MAX_STAY_NIGHTS` nights after check-in) or the next day; for any other
/// service, none may be given.
fn check_out_for(
    service: Option<ServiceKey>,
    date: Option<NaiveDate>,
    text: Option<&str>,
) -> Result<Option<NaiveDate>, String> {
    let text = text.filter(|t| !t.is_empty());
    match service {
        Some(ServiceKey::Accommodation) => {
            let Some(date) = date else { return Ok(None) };
            let Some(text) = text else { return Ok(date.succ_opt()) };
            let out = parse_date(text, STAY_LENGTH_MESSAGE)?;
            let nights = (out - date).num_days();
            if (1..=MAX_STAY_NIGHTS).contains(&nights) {
                Ok(Some(out))
            } else {
                Err(STAY_LENGTH_MESSAGE.to_owned())
            }
        }
        Some(_) if text.is_some() => Err(STAY_ONLY_MESSAGE.to_owned()),
        _ => Ok(None),
    }
}

impl BookingForm {
    pub fn validate(self) -> Result<NewBooking, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let first_name =
            errors.take("firstName", required_text(&self.first_name, SHORT_TEXT_MAX, FIRST_NAME_MESSAGE));
        let last_name =
            errors.take("lastName", required_text(&self.last_name, SHORT_TEXT_MAX, LAST_NAME_MESSAGE));
        let email = errors.take("email", Email::parse(&self.email));
        let service = errors.take("service", service_key(&self.service));
        let date = errors.take("date", parse_date(&self.date, DATE_MESSAGE));
        let check_out = errors.take("checkOut", check_out_for(service, date, self.check_out.as_deref()));
        let time = errors.take("time", TimeSlot::parse(&self.time).ok_or_else(|| TIME_MESSAGE.to_owned()));
        let notes = errors.take("notes", optional_text(self.notes.as_deref(), LONG_TEXT_MAX));
        match (first_name, last_name, email, service, date, check_out, time, notes) {
            (
                Some(first_name),
                Some(last_name),
                Some(email),
                Some(service),
                Some(date),
                Some(check_out),
                Some(time),
                Some(notes),
            ) => Ok(NewBooking { first_name, last_name, email, service, date, check_out, time, notes }),
            _ => Err(errors),
        }
    }
}

/// The public availability question: a date and a booking key
/// (`serviceId` on the wire, as the specification names it).
#[derive(Debug, Clone, Default)]
pub struct AvailabilityQuestion {
    pub date: String,
    pub service: String,
}

impl AvailabilityQuestion {
    pub fn validate(self) -> Result<(ServiceKey, NaiveDate), ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let date = errors.take("date", parse_date(&self.date, DATE_MESSAGE));
        let key = errors.take("serviceId", service_key(&self.service));
        match (key, date) {
            (Some(key), Some(date)) => Ok((key, date)),
            _ => Err(errors),
        }
    }
}

/// The month calendar's question: a booking key and a month (yyyy-MM).
#[derive(Debug, Clone, Default)]
pub struct MonthQuestion {
    pub month: String,
    pub service: String,
}

pub const MONTH_MESSAGE: &str = "Please use a month in the yyyy-MM format";

impl MonthQuestion {
    /// The key and the month's first day.
    pub fn validate(self) -> Result<(ServiceKey, NaiveDate), ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let key = errors.take("serviceId", service_key(&self.service));
        let shaped = self.month.len() == 7 && self.month.as_bytes()[4] == b'-';
        let first = shaped
            .then(|| NaiveDate::parse_from_str(&format!("{}-01", self.month), "%Y-%m-%d").ok())
            .flatten()
            .ok_or_else(|| MONTH_MESSAGE.to_owned());
        let first = errors.take("month", first);
        match (key, first) {
            (Some(key), Some(first)) => Ok((key, first)),
            _ => Err(errors),
        }
    }
}

/// The longest range of days the calendar asks for at once.
pub const MAX_RANGE_DAYS: i64 = 366;

/// First and last day of a calendar view, inclusive.
#[derive(Debug, Clone, Default)]
pub struct DateRangeForm {
    pub start: String,
    pub end: String,
}

impl DateRangeForm {
    pub fn validate(self) -> Result<(NaiveDate, NaiveDate), ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let start = errors.take("start", parse_date(&self.start, "Start date is required"));
        let end = errors.take("end", parse_date(&self.end, "End date is required"));
        let (Some(start), Some(end)) = (start, end) else {
            return Err(errors);
        };
        if end < start || (end - start).num_days() > MAX_RANGE_DAYS {
            return Err(ValidationErrors::single(
                "end",
                format!("End must be on or after start, at most {MAX_RANGE_DAYS} days later"),
            ));
        }
        Ok((start, end))
    }
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
            match self.blackout_type.as_deref() {
                None | Some("") => Ok(BlackoutType::All),
                Some(text) => BlackoutType::from_text(text)
                    .ok_or_else(|| "Type must be all, services, tiny_home or retreat".to_owned()),
            },
        );
        let reason = errors.take("reason", optional_text(self.reason.as_deref(), LONG_TEXT_MAX));
        if let (Some(start), Some(end)) = (start_date, end_date)
            && end < start
        {
            errors.add("endDate", "End date must be on or after the start date");
        }
        match (start_date, end_date, blackout_type, reason) {
            (Some(start_date), Some(end_date), Some(blackout_type), Some(reason)) if errors.is_empty() => {
                Ok(NewBlackout { start_date, end_date, blackout_type, reason })
            }
            _ => Err(errors),
        }
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
pub const UNKNOWN_SERVICE_MESSAGE: &str = "Unknown service";

/// The dashboard sends its "none" choice as the literal text "none"; null
/// and "" mean the same.
fn none_or_blank(value: Option<&str>) -> Option<&str> {
    value.filter(|v| !v.is_empty() && *v != "none")
}

impl AvailabilityForm {
    pub fn validate(self) -> Result<NewAvailability, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let date = errors.take("date", parse_date(&self.date, "Date is required"));
        let service_id = errors.take(
            "serviceId",
            none_or_blank(self.service_id.as_deref())
                .map(|text| Uuid::parse_str(text).map_err(|_| UNKNOWN_SERVICE_MESSAGE.to_owned()))
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
