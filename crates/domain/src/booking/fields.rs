//! The booking and calendar fields' own rules, beyond each field's type:
//! a stay's check-out, a calendar view's range, a blackout's period and an
//! entry's capacity. The edge parses each field and asks these.

use chrono::NaiveDate;

use super::{MAX_STAY_NIGHTS, ServiceKey};

pub const STAY_LENGTH_MESSAGE: &str = "Check-out must be 1 to 14 nights after check-in";
pub const STAY_ONLY_MESSAGE: &str = "Only the Tiny Home is booked over several nights";

/// Why a check-out day was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum StayError {
    #[error("{STAY_LENGTH_MESSAGE}")]
    Length,
    #[error("{STAY_ONLY_MESSAGE}")]
    NotAStay,
}

/// A booking's check-out: for the Tiny Home, the day given (1 to
/// `MAX_STAY_NIGHTS` nights after check-in) or the next day; any other
/// service takes none.
pub fn check_out_for(
    service: ServiceKey,
    date: NaiveDate,
    check_out: Option<NaiveDate>,
) -> Result<Option<NaiveDate>, StayError> {
    match (service, check_out) {
        (ServiceKey::Accommodation, None) => Ok(date.succ_opt()),
        (ServiceKey::Accommodation, Some(out)) => {
            let nights = (out - date).num_days();
            if (1..=MAX_STAY_NIGHTS).contains(&nights) { Ok(Some(out)) } else { Err(StayError::Length) }
        }
        (_, Some(_)) => Err(StayError::NotAStay),
        (_, None) => Ok(None),
    }
}

/// The longest range of days the calendar asks for at once.
pub const MAX_RANGE_DAYS: i64 = 366;

/// A calendar view's range, first and last day included.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("End must be on or after start, at most {MAX_RANGE_DAYS} days later")]
pub struct RangeError;

/// The days from `start` to `end`, as one view of the calendar may ask for them.
pub fn view_range(start: NaiveDate, end: NaiveDate) -> Result<(NaiveDate, NaiveDate), RangeError> {
    if end < start || (end - start).num_days() > MAX_RANGE_DAYS { Err(RangeError) } else { Ok((start, end)) }
}

/// A blackout period's end before its start.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("End date must be on or after the start date")]
pub struct PeriodError;

/// A period from `start` to `end`, both included.
pub fn period(start: NaiveDate, end: NaiveDate) -> Result<(NaiveDate, NaiveDate), PeriodError> {
    if end < start { Err(PeriodError) } else { Ok((start, end)) }
}

pub const MAX_CAPACITY_LIMIT: i64 = 10_000;
pub const UNKNOWN_SERVICE_MESSAGE: &str = "Unknown service";

/// An availability entry's capacity: 1 to `MAX_CAPACITY_LIMIT` guests.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("Max capacity must be from 1 to {MAX_CAPACITY_LIMIT}")]
pub struct CapacityError;

/// `None` (not sent) is one guest.
pub fn capacity(sent: Option<i64>) -> Result<i32, CapacityError> {
    match sent {
        None => Ok(1),
        Some(n) if (1..=MAX_CAPACITY_LIMIT).contains(&n) => i32::try_from(n).map_err(|_| CapacityError),
        Some(_) => Err(CapacityError),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> NaiveDate {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").expect("date")
    }

    #[test]
    fn a_stay_is_one_to_fourteen_nights_and_only_the_tiny_home_has_one() {
        let checkin = day("2026-12-18");
        assert_eq!(check_out_for(ServiceKey::Accommodation, checkin, None), Ok(Some(day("2026-12-19"))));
        assert_eq!(
            check_out_for(ServiceKey::Accommodation, checkin, Some(day("2027-01-01"))),
            Ok(Some(day("2027-01-01")))
        );
        for out in ["2026-12-18", "2026-12-17", "2027-01-02"] {
            assert_eq!(
                check_out_for(ServiceKey::Accommodation, checkin, Some(day(out))),
                Err(StayError::Length)
            );
        }
        assert_eq!(check_out_for(ServiceKey::Massage, checkin, None), Ok(None));
        assert_eq!(
            check_out_for(ServiceKey::Spa, checkin, Some(day("2026-12-19"))),
            Err(StayError::NotAStay)
        );
    }

    #[test]
    fn ranges_periods_and_capacities_have_their_bounds() {
        let start = day("2026-01-01");
        assert!(view_range(start, day("2027-01-02")).is_ok());
        assert_eq!(view_range(start, day("2027-01-03")), Err(RangeError));
        assert_eq!(view_range(start, day("2025-12-31")), Err(RangeError));
        assert!(period(start, start).is_ok());
        assert_eq!(period(start, day("2025-12-31")), Err(PeriodError));
        assert_eq!(capacity(None), Ok(1));
        assert_eq!(capacity(Some(10_000)), Ok(10_000));
        for bad in [0, -1, 10_001, i64::MAX] {
            assert_eq!(capacity(Some(bad)), Err(CapacityError), "{bad}");
        }
    }
}
