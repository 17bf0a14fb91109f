use std::collections::HashMap;

use async_trait::async_trait;
use chrono::{Datelike, NaiveDate};
use diesel::prelude::*;
use uuid::Uuid;

use domain::ValidationErrors;
use domain::booking::{
    AvailabilityEntry, Blackout, Booking, BookingStatus, DATE_FORMAT, DayAvailability, LocalNow,
    NewAvailability, NewBlackout, NewBooking, ServiceKey, TimeSlot, day_availability, held_entries,
    plan_booking,
};
use ports::{BookingError, BookingRepository, RepoError, RepoResult};

use crate::catalog::exactly_one;
use crate::rows::{AvailabilityRow, BlackoutRow, BookingRow, convert_all};
use crate::schema::{availability, blackout_dates, bookings, services};
use crate::{PgStore, storage, transaction};

fn date_text(date: NaiveDate) -> String {
    date.format(DATE_FORMAT).to_string()
}

/// Attaches each entry's service name (how booking keys find their entries).
fn with_service_names(
    conn: &mut PgConnection,
    rows: Vec<AvailabilityRow>,
) -> RepoResult<Vec<AvailabilityEntry>> {
    let ids: Vec<Uuid> = rows.iter().filter_map(|r| r.service_id).collect();
    let names: HashMap<Uuid, String> = if ids.is_empty() {
        HashMap::new()
    } else {
        services::table
            .filter(services::id.eq_any(&ids))
            .select((services::id, services::name))
            .load::<(Uuid, String)>(conn)
            .map_err(storage)?
            .into_iter()
            .collect()
    };
    rows.into_iter()
        .map(|row| {
            let name = row.service_id.and_then(|id| names.get(&id).cloned());
            row.into_entry(name)
        })
        .collect()
}

/// Namespace of the per-date advisory locks (first key of the two-key form).
const DATE_LOCK_NAMESPACE: i32 = 0x4750_4441;

/// The entries of one date, locked until the transaction ends so concurrent
/// bookings of that date queue behind each other. The date itself is locked
/// too: row locks cannot cover an entry that does not exist yet, and an entry
/// created while a booking of its date is in flight would miss that booking.
fn lock_entries_of(conn: &mut PgConnection, date: NaiveDate) -> RepoResult<Vec<AvailabilityEntry>> {
    diesel::sql_query("SELECT pg_advisory_xact_lock($1, $2)")
        .bind::<diesel::sql_types::Integer, _>(DATE_LOCK_NAMESPACE)
        .bind::<diesel::sql_types::Integer, _>(date.num_days_from_ce())
        .execute(conn)
        .map_err(storage)?;
    let rows = availability::table
        .filter(availability::date.eq(date))
        .select(AvailabilityRow::as_select())
        .order(availability::id.asc())
        .for_update()
        .load(conn)
        .map_err(storage)?;
    with_service_names(conn, rows)
}

fn blackouts_covering(conn: &mut PgConnection, date: NaiveDate) -> RepoResult<Vec<Blackout>> {
    let rows = blackout_dates::table
        .filter(blackout_dates::start_date.le(date).and(blackout_dates::end_date.ge(date)))
        .select(BlackoutRow::as_select())
        .load(conn)
        .map_err(storage)?;
    convert_all(rows)
}

/// Adds `delta` (±1) to each entry's bookings. Giving back never goes below
/// zero: an entry edited by hand may already be at zero.
fn shift_bookings(conn: &mut PgConnection, ids: &[Uuid], delta: i32) -> RepoResult<()> {
    if ids.is_empty() {
        return Ok(());
    }
    let target = availability::table.filter(availability::id.eq_any(ids));
    if delta < 0 {
        diesel::update(target.filter(availability::current_bookings.gt(0)))
            .set(availability::current_bookings.eq(availability::current_bookings + delta))
            .execute(conn)
            .map_err(storage)?;
    } else {
        diesel::update(target)
            .set(availability::current_bookings.eq(availability::current_bookings + delta))
            .execute(conn)
            .map_err(storage)?;
    }
    Ok(())
}

fn lock_booking(conn: &mut PgConnection, id: Uuid) -> RepoResult<Booking> {
    bookings::table
        .find(id)
        .select(BookingRow::as_select())
        .for_update()
        .first(conn)
        .map_err(storage)?
        .try_into()
}

pub(crate) const NO_CAPACITY: &str = "There is no capacity left for this booking's date and time.";

#[async_trait]
impl BookingRepository for PgStore {
    async fn day_availability(
        &self,
        key: ServiceKey,
        date: NaiveDate,
        now: LocalNow,
    ) -> RepoResult<DayAvailability> {
        self.run(move |conn| {
            let rows = availability::table
                .filter(availability::date.eq(date))
                .select(AvailabilityRow::as_select())
                .load(conn)
                .map_err(storage)?;
            let entries = with_service_names(conn, rows)?;
            let blackouts = blackouts_covering(conn, date)?;
            Ok(day_availability(key, date, now, &blackouts, &entries))
        })
        .await
    }

    async fn create_booking(&self, booking: NewBooking, now: LocalNow) -> Result<Booking, BookingError> {
        self.run(move |conn| {
            transaction(conn, |conn| {
                let entries = lock_entries_of(conn, booking.date)?;
                let blackouts = blackouts_covering(conn, booking.date)?;
                let taken = match plan_booking(&booking, now, &blackouts, &entries) {
                    Ok(taken) => taken,
                    Err(rejection) => return Ok(Err(rejection)),
                };
                shift_bookings(conn, &taken, 1)?;
                let row = diesel::insert_into(bookings::table)
                    .values((
                        bookings::first_name.eq(&booking.first_name),
                        bookings::last_name.eq(&booking.last_name),
                        bookings::email.eq(booking.email.as_str()),
                        bookings::service.eq(booking.service.as_str()),
                        bookings::date.eq(date_text(booking.date)),
                        bookings::time.eq(booking.time.as_str()),
                        bookings::notes.eq(&booking.notes),
                    ))
                    .returning(BookingRow::as_returning())
                    .get_result(conn)
                    .map_err(storage)?;
                Ok(Ok(Booking::try_from(row)?))
            })
        })
        .await?
        .map_err(BookingError::Rejected)
    }

    async fn list_bookings(&self) -> RepoResult<Vec<Booking>> {
        self.run(|conn| {
            let rows = bookings::table
                .select(BookingRow::as_select())
                .order((bookings::created_at.desc(), bookings::id.asc()))
                .load(conn)
                .map_err(storage)?;
            convert_all(rows)
        })
        .await
    }

    async fn set_booking_status(&self, id: Uuid, status: BookingStatus) -> RepoResult<Booking> {
        self.run(move |conn| {
            transaction(conn, |conn| {
                let booking = lock_booking(conn, id)?;
                let (held, holds) = (booking.status.holds_capacity(), status.holds_capacity());
                if held != holds {
                    let entries = lock_entries_of(conn, booking.date)?;
                    let governing = held_entries(booking.service, booking.date, booking.time, &entries);
                    if holds {
                        let full = entries.iter().any(|e| governing.contains(&e.id) && e.is_full());
                        if full {
                            return Err(RepoError::Conflict(NO_CAPACITY.to_owned()));
                        }
                        shift_bookings(conn, &governing, 1)?;
                    } else {
                        shift_bookings(conn, &governing, -1)?;
                    }
                }
                diesel::update(bookings::table.find(id))
                    .set(bookings::status.eq(status.as_str()))
                    .returning(BookingRow::as_returning())
                    .get_result(conn)
                    .map_err(storage)?
                    .try_into()
            })
        })
        .await
    }

    async fn delete_booking(&self, id: Uuid) -> RepoResult<()> {
        self.run(move |conn| {
            transaction(conn, |conn| {
                let booking = lock_booking(conn, id)?;
                if booking.status.holds_capacity() {
                    let entries = lock_entries_of(conn, booking.date)?;
                    shift_bookings(
                        conn,
                        &held_entries(booking.service, booking.date, booking.time, &entries),
                        -1,
                    )?;
                }
                exactly_one(diesel::delete(bookings::table.find(id)).execute(conn).map_err(storage)?)
            })
        })
        .await
    }

    async fn list_blackouts(&self) -> RepoResult<Vec<Blackout>> {
        self.run(|conn| {
            let rows = blackout_dates::table
                .select(BlackoutRow::as_select())
                .order((blackout_dates::start_date.asc(), blackout_dates::created_at.asc()))
                .load(conn)
                .map_err(storage)?;
            convert_all(rows)
        })
        .await
    }

    async fn create_blackout(&self, blackout: NewBlackout, created_by: Option<Uuid>) -> RepoResult<Blackout> {
        self.run(move |conn| {
            diesel::insert_into(blackout_dates::table)
                .values((
                    blackout_dates::start_date.eq(blackout.start_date),
                    blackout_dates::end_date.eq(blackout.end_date),
                    blackout_dates::type_.eq(blackout.blackout_type.as_str()),
                    blackout_dates::reason.eq(&blackout.reason),
                    blackout_dates::created_by.eq(created_by),
                ))
                .returning(BlackoutRow::as_returning())
                .get_result(conn)
                .map_err(storage)?
                .try_into()
        })
        .await
    }

    async fn delete_blackout(&self, id: Uuid) -> RepoResult<()> {
        self.run(move |conn| {
            exactly_one(diesel::delete(blackout_dates::table.find(id)).execute(conn).map_err(storage)?)
        })
        .await
    }

    async fn list_availability(
        &self,
        start: NaiveDate,
        end: NaiveDate,
    ) -> RepoResult<Vec<AvailabilityEntry>> {
        self.run(move |conn| {
            let rows = availability::table
                .filter(availability::date.between(start, end))
                .select(AvailabilityRow::as_select())
                .order((availability::date.asc(), availability::id.asc()))
                .load(conn)
                .map_err(storage)?;
            let mut entries = with_service_names(conn, rows)?;
            // Slots in the order of the day (as text "9:00" would sort after "17:00"),
            // day-wide entries first.
            entries.sort_by_key(|e| (e.date, e.time_slot));
            Ok(entries)
        })
        .await
    }

    async fn delete_availability(&self, id: Uuid) -> RepoResult<()> {
        self.run(move |conn| {
            exactly_one(diesel::delete(availability::table.find(id)).execute(conn).map_err(storage)?)
        })
        .await
    }

    async fn upsert_availability(&self, entry: NewAvailability) -> RepoResult<AvailabilityEntry> {
        self.run(move |conn| transaction(conn, |conn| upsert_entry(conn, &entry))).await
    }
}

fn upsert_entry(conn: &mut PgConnection, entry: &NewAvailability) -> RepoResult<AvailabilityEntry> {
    let service_name = match entry.service_id {
        None => None,
        Some(id) => Some(
            services::table
                .find(id)
                .select(services::name)
                .first::<String>(conn)
                .optional()
                .map_err(storage)?
                .ok_or_else(|| {
                    RepoError::Invalid(ValidationErrors::single("serviceId", "Unknown service"))
                })?,
        ),
    };
    let accommodation = entry.accommodation_type.map(|a| a.as_str());
    let slot = entry.time_slot.map(TimeSlot::as_str);
    // Lock the whole date: bookings of it wait until the entry is settled.
    let existing = lock_entries_of(conn, entry.date)?.into_iter().find(|e| {
        e.service_id == entry.service_id
            && e.accommodation_type == entry.accommodation_type
            && e.time_slot == entry.time_slot
    });
    let current = match &existing {
        Some(found) => found.current_bookings,
        None => {
            let active: Vec<(String, String)> = bookings::table
                .filter(bookings::date.eq(date_text(entry.date)))
                .filter(bookings::status.ne(BookingStatus::Cancelled.as_str()))
                .select((bookings::service, bookings::time))
                .load(conn)
                .map_err(storage)?;
            let active: Vec<(ServiceKey, TimeSlot)> = active
                .iter()
                .filter_map(|(key, time)| Some((ServiceKey::from_text(key)?, TimeSlot::from_text(time)?)))
                .collect();
            entry.bookings_governed(service_name.as_deref(), &active)
        }
    };
    if entry.max_capacity < current {
        return Err(RepoError::Conflict(format!(
            "Max capacity cannot be below the {current} booking(s) already made for this entry"
        )));
    }
    let row = match existing {
        Some(found) => diesel::update(availability::table.find(found.id))
            .set((
                availability::max_capacity.eq(entry.max_capacity),
                availability::is_blocked.eq(entry.is_blocked),
                availability::block_reason.eq(&entry.block_reason),
            ))
            .returning(AvailabilityRow::as_returning())
            .get_result(conn),
        None => diesel::insert_into(availability::table)
            .values((
                availability::service_id.eq(entry.service_id),
                availability::accommodation_type.eq(accommodation),
                availability::date.eq(entry.date),
                availability::time_slot.eq(slot),
                availability::max_capacity.eq(entry.max_capacity),
                availability::current_bookings.eq(current),
                availability::is_blocked.eq(entry.is_blocked),
                availability::block_reason.eq(&entry.block_reason),
            ))
            .returning(AvailabilityRow::as_returning())
            .get_result(conn),
    }
    .map_err(|e| crate::repo_error(e, "This availability entry was just changed; please try again"))?;
    row.into_entry(service_name)
}
