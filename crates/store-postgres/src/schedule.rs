//! The standing schedule (`domain::booking::Schedule`): one row of
//! `booking_schedule`, or none for the specification's calendar; and what
//! the bookings take of it, counted from the bookings themselves.

use std::collections::HashMap;

use chrono::NaiveDate;
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::sql_types::{Date, Nullable, Text};

use domain::booking::{
    AvailabilityEntry, BookingStatus, Schedule, ServiceKey, StandingCapacity, TimeSlot, WEEKDAYS,
    nights_between, with_standing,
};

use crate::schema::{booking_schedule, bookings};
use crate::{RepoResult, storage};

type ScheduleRow =
    (Option<i32>, Option<i32>, Option<i32>, Option<i32>, Vec<Option<String>>, i32, Option<i32>);

/// A weekday's three-letter name as stored: `mon 9:00`.
fn weekday_tag(index: usize) -> String {
    WEEKDAYS[index].to_string().to_lowercase()
}

pub(crate) fn load_schedule(conn: &mut PgConnection) -> RepoResult<Schedule> {
    let row: Option<ScheduleRow> = booking_schedule::table
        .select((
            booking_schedule::massage_capacity,
            booking_schedule::spa_capacity,
            booking_schedule::package_capacity,
            booking_schedule::accommodation_capacity,
            booking_schedule::open_times,
            booking_schedule::minimum_notice_hours,
            booking_schedule::horizon_days,
        ))
        .first(conn)
        .optional()
        .map_err(storage)?;
    let Some((massage, spa, package, accommodation, open_times, notice, horizon)) = row else {
        return Ok(Schedule::default());
    };
    let open_times: Vec<String> = open_times.into_iter().flatten().collect();
    let opening_hours = std::array::from_fn(|day| {
        let tag = weekday_tag(day);
        TimeSlot::ALL
            .iter()
            .copied()
            .filter(|slot| open_times.iter().any(|t| *t == format!("{tag} {}", slot.as_str())))
            .collect()
    });
    Ok(Schedule {
        capacity: StandingCapacity { massage, spa, package, accommodation },
        opening_hours,
        minimum_notice_hours: notice,
        horizon_days: horizon,
    })
}

pub(crate) fn save_schedule(conn: &mut PgConnection, schedule: &Schedule) -> RepoResult<()> {
    let open_times: Vec<String> = schedule
        .opening_hours
        .iter()
        .enumerate()
        .flat_map(|(day, slots)| {
            slots.iter().map(move |slot| format!("{} {}", weekday_tag(day), slot.as_str()))
        })
        .collect();
    let open_times: Vec<Option<String>> = open_times.into_iter().map(Some).collect();
    let values = || {
        (
            booking_schedule::massage_capacity.eq(schedule.capacity.massage),
            booking_schedule::spa_capacity.eq(schedule.capacity.spa),
            booking_schedule::package_capacity.eq(schedule.capacity.package),
            booking_schedule::accommodation_capacity.eq(schedule.capacity.accommodation),
            booking_schedule::open_times.eq(open_times.clone()),
            booking_schedule::minimum_notice_hours.eq(schedule.minimum_notice_hours),
            booking_schedule::horizon_days.eq(schedule.horizon_days),
            booking_schedule::updated_at.eq(chrono::Utc::now()),
        )
    };
    diesel::insert_into(booking_schedule::table)
        .values((booking_schedule::id.eq(true), values()))
        .on_conflict(booking_schedule::id)
        .do_update()
        .set(values())
        .execute(conn)
        .map_err(storage)?;
    Ok(())
}

/// What the active bookings hold from `first` to `last`: per key, date and
/// time, and per key and date (`None`: the day's bookings of a treatment,
/// or a night of the Tiny Home).
#[derive(Debug, Default)]
pub(crate) struct TakenCounts(HashMap<(ServiceKey, NaiveDate, Option<TimeSlot>), i32>);

impl TakenCounts {
    pub(crate) fn of(&self, key: ServiceKey, date: NaiveDate, slot: Option<TimeSlot>) -> i32 {
        self.0.get(&(key, date, slot)).copied().unwrap_or(0)
    }
}

/// The service, days and time of every active booking whose visit holds a
/// day from `first` to `last` (read through the index of visit days).
pub(crate) fn holding_days(
    first: NaiveDate,
    last: NaiveDate,
) -> bookings::BoxedQuery<'static, Pg, (Text, Date, Nullable<Date>, Text)> {
    bookings::table
        .filter(bookings::status.ne(BookingStatus::Cancelled.as_str()))
        .filter(crate::paging::visit_overlaps(Some(first), Some(last)))
        .select((bookings::service, bookings::date, bookings::check_out, bookings::time))
        .into_boxed()
}

pub(crate) fn taken_counts(
    conn: &mut PgConnection,
    first: NaiveDate,
    last: NaiveDate,
) -> RepoResult<TakenCounts> {
    let rows: Vec<(String, NaiveDate, Option<NaiveDate>, String)> =
        holding_days(first, last).load(conn).map_err(storage)?;
    let mut counts = HashMap::new();
    for (service, date, check_out, time) in rows {
        let (Some(key), Some(slot)) = (ServiceKey::from_text(&service), TimeSlot::from_text(&time)) else {
            continue;
        };
        if key == ServiceKey::Accommodation {
            for night in nights_between(date, check_out) {
                *counts.entry((key, night, None)).or_default() += 1;
            }
        } else {
            *counts.entry((key, date, Some(slot))).or_default() += 1;
            *counts.entry((key, date, None)).or_default() += 1;
        }
    }
    Ok(TakenCounts(counts))
}

/// The stored entries of `dates` with the schedule's standing ones added,
/// counted against the bookings of those dates.
pub(crate) fn entries_with_standing(
    conn: &mut PgConnection,
    schedule: &Schedule,
    dates: &[NaiveDate],
    stored: &[AvailabilityEntry],
) -> RepoResult<Vec<AvailabilityEntry>> {
    let (Some(&first), Some(&last)) = (dates.iter().min(), dates.iter().max()) else {
        return Ok(stored.to_vec());
    };
    let taken = taken_counts(conn, first, last)?;
    Ok(with_standing(schedule, dates, stored, &|key, date, slot| taken.of(key, date, slot)))
}
