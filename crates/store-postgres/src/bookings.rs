use std::collections::HashMap;

use async_trait::async_trait;
use chrono::{Datelike, NaiveDate, Utc};
use diesel::prelude::*;
use uuid::Uuid;

use domain::audit::{Actor, AuditEntity, AuditRecord};
use domain::booking::{
    AvailabilityEntry, Blackout, Booking, BookingStatus, CapacityUpdate, DayAvailability, EntryPlan,
    LocalNow, NewAvailability, NewBlackout, NewBooking, ServiceKey, TimeSlot, day_availability,
    guest_may_cancel, month_day, plan_booking, plan_delete, plan_entry, plan_status_change,
};
use domain::idempotency::KeyUse;
use domain::mail::{BookedService, CancelledBy, MailEvent};
use ports::{
    AvailabilityError, BookingError, BookingRepository, Created, GuestCancelError, IdempotencyKey, RepoError,
    RepoResult, StatusChangeError,
};

use crate::catalog::exactly_one;
use crate::idempotency::{self, Operation};
use crate::rows::{AvailabilityRow, BlackoutRow, BookingRow, ServiceRef, convert_all, optional};
use crate::schema::{availability, blackout_dates, bookings, services};
use crate::{Constraint, PgStore, audit, refusable_transaction, storage, transaction, violates};

/// Attaches each entry's service record (its booking key and name).
fn with_services(conn: &mut PgConnection, rows: Vec<AvailabilityRow>) -> RepoResult<Vec<AvailabilityEntry>> {
    let ids: Vec<Uuid> = rows.iter().filter_map(|r| r.service_id).collect();
    let records: HashMap<Uuid, ServiceRef> = if ids.is_empty() {
        HashMap::new()
    } else {
        services::table
            .filter(services::id.eq_any(&ids))
            .select((services::id, services::name, services::booking_key))
            .load::<(Uuid, String, Option<String>)>(conn)
            .map_err(storage)?
            .into_iter()
            .map(|(id, name, key)| {
                let booking_key = optional(key.as_deref(), "booking_key", ServiceKey::from_text)?;
                Ok((id, ServiceRef { name, booking_key }))
            })
            .collect::<RepoResult<_>>()?
    };
    rows.into_iter()
        .map(|row| {
            let service = row.service_id.and_then(|id| records.get(&id));
            row.into_entry(service)
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
    lock_entries_of_nights(conn, &[date])
}

/// As [`lock_entries_of`], for every night of a stay (or a booking's one
/// date). The dates are locked in ascending order, as every writer does, so
/// overlapping stays queue instead of deadlocking.
fn lock_entries_of_nights(
    conn: &mut PgConnection,
    nights: &[NaiveDate],
) -> RepoResult<Vec<AvailabilityEntry>> {
    let mut dates = nights.to_vec();
    dates.sort_unstable();
    dates.dedup();
    let (Some(&first), Some(&last)) = (dates.first(), dates.last()) else { return Ok(Vec::new()) };
    for date in &dates {
        diesel::sql_query("SELECT pg_advisory_xact_lock($1, $2)")
            .bind::<diesel::sql_types::Integer, _>(DATE_LOCK_NAMESPACE)
            .bind::<diesel::sql_types::Integer, _>(date.num_days_from_ce())
            .execute(conn)
            .map_err(storage)?;
    }
    let rows = availability::table
        .filter(availability::date.between(first, last))
        .select(AvailabilityRow::as_select())
        .order((availability::date.asc(), availability::id.asc()))
        .for_update()
        .load(conn)
        .map_err(storage)?;
    with_services(conn, rows)
}

/// The blackout periods touching any day from `first` to `last`.
fn blackouts_overlapping(
    conn: &mut PgConnection,
    first: NaiveDate,
    last: NaiveDate,
) -> RepoResult<Vec<Blackout>> {
    let rows = blackout_dates::table
        .filter(blackout_dates::start_date.le(last).and(blackout_dates::end_date.ge(first)))
        .select(BlackoutRow::as_select())
        .load(conn)
        .map_err(storage)?;
    convert_all(rows)
}

fn blackouts_covering(conn: &mut PgConnection, date: NaiveDate) -> RepoResult<Vec<Blackout>> {
    blackouts_overlapping(conn, date, date)
}

/// Stores the counts a plan decided (the rows are locked by `lock_entries_of`).
fn apply(conn: &mut PgConnection, updates: &[CapacityUpdate]) -> RepoResult<()> {
    for update in updates {
        diesel::update(availability::table.find(update.entry))
            .set(availability::current_bookings.eq(update.current_bookings))
            .execute(conn)
            .map_err(storage)?;
    }
    Ok(())
}

/// What the guest booked, from the record carrying the booking key.
fn booked_service(conn: &mut PgConnection, key: ServiceKey) -> RepoResult<Option<BookedService>> {
    let found = services::table
        .filter(services::booking_key.eq(key.as_str()))
        .select((services::name, services::duration, services::price))
        .first::<(String, i32, bigdecimal::BigDecimal)>(conn)
        .optional()
        .map_err(storage)?;
    found
        .map(|(name, duration_minutes, price)| {
            Ok(BookedService { name, duration_minutes, price: crate::money::from_numeric(&price)? })
        })
        .transpose()
}

fn load_booking(conn: &mut PgConnection, id: Uuid) -> RepoResult<Booking> {
    bookings::table.find(id).select(BookingRow::as_select()).first(conn).map_err(storage)?.try_into()
}

fn insert_blackout(
    conn: &mut PgConnection,
    blackout: &NewBlackout,
    created_by: Option<Uuid>,
) -> RepoResult<Blackout> {
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
}

/// Cancels a booking whose row the caller has locked: gives its capacity
/// back (cancelling is never refused) and tells the guest (and, for a
/// guest's own cancellation, the owner).
fn cancel_locked(
    conn: &mut PgConnection,
    store: &PgStore,
    booking: &Booking,
    by: CancelledBy,
) -> RepoResult<Booking> {
    let entries = lock_entries_of_nights(conn, &booking.nights())?;
    let updates = plan_status_change(booking, BookingStatus::Cancelled, &entries).unwrap_or_default();
    apply(conn, &updates)?;
    let row = diesel::update(bookings::table.find(booking.id))
        .set(bookings::status.eq(BookingStatus::Cancelled.as_str()))
        .returning(BookingRow::as_returning())
        .get_result(conn)
        .map_err(storage)?;
    let cancelled = Booking::try_from(row)?;
    let service = booked_service(conn, cancelled.service)?;
    store.enqueue(conn, &MailEvent::BookingCancelled { booking: cancelled.clone(), service, by })?;
    Ok(cancelled)
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
            let entries = with_services(conn, rows)?;
            let blackouts = blackouts_covering(conn, date)?;
            Ok(day_availability(key, date, now, &blackouts, &entries))
        })
        .await
    }

    async fn days_availability(
        &self,
        key: ServiceKey,
        first: NaiveDate,
        last: NaiveDate,
        now: LocalNow,
    ) -> RepoResult<Vec<(NaiveDate, bool, Option<&'static str>)>> {
        self.run(move |conn| {
            let rows = availability::table
                .filter(availability::date.between(first, last))
                .select(AvailabilityRow::as_select())
                .load(conn)
                .map_err(storage)?;
            let entries = with_services(conn, rows)?;
            let blackouts = blackouts_overlapping(conn, first, last)?;
            Ok(first
                .iter_days()
                .take_while(|day| *day <= last)
                .map(|day| {
                    let (open, reason) = month_day(key, day, now, &blackouts, &entries);
                    (day, open, reason)
                })
                .collect())
        })
        .await
    }

    async fn create_booking(
        &self,
        booking: NewBooking,
        now: LocalNow,
        key: Option<IdempotencyKey>,
    ) -> Result<Created<Booking>, BookingError> {
        let store = self.clone();
        // Everything that does not depend on the date's capacity (the row,
        // the idempotency record, the rendered mail) is written first; the
        // date's lock is taken last and held only for the check and the
        // counts until the commit, so simultaneous bookings of one date queue
        // for a short moment. A refusal rolls all of it back.
        self.run(move |conn| {
            refusable_transaction(conn, |conn| {
                if let Some(key) = &key {
                    match idempotency::claim(conn, Operation::RequestBooking, key, Utc::now())? {
                        KeyUse::First => {}
                        KeyUse::Repeat(id) => return Ok(Ok(Created::Repeated(load_booking(conn, id)?))),
                        KeyUse::Reused => return Ok(Err(BookingError::KeyReused)),
                    }
                }
                let row = diesel::insert_into(bookings::table)
                    .values((
                        bookings::first_name.eq(&booking.first_name),
                        bookings::last_name.eq(&booking.last_name),
                        bookings::email.eq(booking.email.as_str()),
                        bookings::service.eq(booking.service.as_str()),
                        bookings::date.eq(booking.date),
                        bookings::check_out.eq(booking.check_out),
                        bookings::time.eq(booking.time.as_str()),
                        bookings::notes.eq(&booking.notes),
                    ))
                    .returning(BookingRow::as_returning())
                    .get_result(conn)
                    .map_err(storage)?;
                let created = Booking::try_from(row)?;
                if let Some(key) = &key {
                    idempotency::remember(conn, Operation::RequestBooking, key, created.id)?;
                }
                let service = booked_service(conn, created.service)?;
                store.enqueue(conn, &MailEvent::BookingRequested { booking: created.clone(), service })?;

                let nights = booking.nights();
                let entries = lock_entries_of_nights(conn, &nights)?;
                let last_night = nights.last().copied().unwrap_or(booking.date);
                let blackouts = blackouts_overlapping(conn, booking.date, last_night)?;
                // Counted under the date's lock, so simultaneous requests of one
                // guest queue. Emails are stored lower-case (`Email`). This
                // request's own row is not one of the guest's earlier ones.
                let guest_pending: i64 = bookings::table
                    .filter(bookings::date.eq(booking.date))
                    .filter(bookings::email.eq(booking.email.as_str()))
                    .filter(bookings::status.eq(BookingStatus::Pending.as_str()))
                    .filter(bookings::id.ne(created.id))
                    .count()
                    .get_result(conn)
                    .map_err(storage)?;
                match plan_booking(&booking, now, &blackouts, &entries, guest_pending) {
                    Ok(taken) => apply(conn, &taken)?,
                    Err(rejection) => return Ok(Err(BookingError::Rejected(rejection))),
                }
                Ok(Ok(Created::New(created)))
            })
        })
        .await?
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

    async fn set_booking_status(
        &self,
        id: Uuid,
        status: BookingStatus,
        actor: Actor,
    ) -> Result<Booking, StatusChangeError> {
        let store = self.clone();
        self.run(move |conn| {
            refusable_transaction(conn, |conn| {
                let booking = lock_booking(conn, id)?;
                let entries = lock_entries_of_nights(conn, &booking.nights())?;
                let updates = match plan_status_change(&booking, status, &entries) {
                    Ok(updates) => updates,
                    Err(rejection) => return Ok(Err(rejection)),
                };
                apply(conn, &updates)?;
                let row = diesel::update(bookings::table.find(id))
                    .set(bookings::status.eq(status.as_str()))
                    .returning(BookingRow::as_returning())
                    .get_result(conn)
                    .map_err(storage)?;
                let changed = Booking::try_from(row)?;
                // The guest hears when the owner confirms or cancels.
                if booking.status != status {
                    let service = booked_service(conn, changed.service)?;
                    let event = match status {
                        BookingStatus::Confirmed => {
                            Some(MailEvent::BookingConfirmed { booking: changed.clone(), service })
                        }
                        BookingStatus::Cancelled => Some(MailEvent::BookingCancelled {
                            booking: changed.clone(),
                            service,
                            by: CancelledBy::Owner,
                        }),
                        BookingStatus::Pending | BookingStatus::Completed => None,
                    };
                    if let Some(event) = event {
                        store.enqueue(conn, &event)?;
                    }
                }
                let record = AuditRecord::status_changed(AuditEntity::Booking, id, &booking, &changed);
                audit::record(conn, &actor, record)?;
                Ok(Ok(changed))
            })
        })
        .await?
        .map_err(StatusChangeError::Rejected)
    }

    async fn get_booking(&self, id: Uuid) -> RepoResult<Booking> {
        self.run(move |conn| load_booking(conn, id)).await
    }

    async fn cancel_by_guest(
        &self,
        id: Uuid,
        now: LocalNow,
        cutoff_hours: i64,
    ) -> Result<Booking, GuestCancelError> {
        let store = self.clone();
        self.run(move |conn| {
            transaction(conn, |conn| {
                let booking = lock_booking(conn, id)?;
                if let Err(refusal) = guest_may_cancel(&booking, now, cutoff_hours) {
                    return Ok(Err(GuestCancelError::Refused(refusal)));
                }
                Ok(Ok(cancel_locked(conn, &store, &booking, CancelledBy::Guest)?))
            })
        })
        .await?
    }

    async fn delete_booking(&self, id: Uuid, actor: Actor) -> RepoResult<()> {
        self.run(move |conn| {
            transaction(conn, |conn| {
                let booking = lock_booking(conn, id)?;
                let entries = lock_entries_of_nights(conn, &booking.nights())?;
                apply(conn, &plan_delete(&booking, &entries))?;
                exactly_one(diesel::delete(bookings::table.find(id)).execute(conn).map_err(storage)?)?;
                audit::record(conn, &actor, AuditRecord::deleted(AuditEntity::Booking, id, &booking))
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

    async fn create_blackout(&self, blackout: NewBlackout, actor: Actor) -> RepoResult<Blackout> {
        self.run(move |conn| {
            transaction(conn, |conn| {
                let saved = insert_blackout(conn, &blackout, actor.admin_id)?;
                audit::record(conn, &actor, AuditRecord::created(AuditEntity::Blackout, saved.id, &saved))?;
                Ok(saved)
            })
        })
        .await
    }

    async fn create_blackout_cancelling_covered(
        &self,
        blackout: NewBlackout,
        actor: Actor,
    ) -> RepoResult<(Blackout, Vec<Booking>)> {
        let store = self.clone();
        self.run(move |conn| {
            transaction(conn, |conn| {
                let saved: Blackout = insert_blackout(conn, &blackout, actor.admin_id)?;
                audit::record(conn, &actor, AuditRecord::created(AuditEntity::Blackout, saved.id, &saved))?;
                // The bookings of the period, locked so none changes meanwhile.
                // A stay that began before the period is in it when it checks out after its start.
                let rows = bookings::table
                    .filter(bookings::date.le(blackout.end_date))
                    .filter(
                        bookings::date
                            .ge(blackout.start_date)
                            .or(bookings::check_out.gt(blackout.start_date)),
                    )
                    .select(BookingRow::as_select())
                    .order(bookings::id.asc())
                    .for_update()
                    .load(conn)
                    .map_err(storage)?;
                let mut cancelled = Vec::new();
                // Each cancelled booking has its own record, as if cancelled by hand.
                for booking in blackout.covered_bookings(convert_all(rows)?) {
                    let changed = cancel_locked(conn, &store, &booking, CancelledBy::Owner)?;
                    let record =
                        AuditRecord::status_changed(AuditEntity::Booking, booking.id, &booking, &changed);
                    audit::record(conn, &actor, record)?;
                    cancelled.push(changed);
                }
                Ok((saved, cancelled))
            })
        })
        .await
    }

    async fn delete_blackout(&self, id: Uuid, actor: Actor) -> RepoResult<()> {
        self.run(move |conn| {
            transaction(conn, |conn| {
                let deleted: Blackout = diesel::delete(blackout_dates::table.find(id))
                    .returning(BlackoutRow::as_returning())
                    .get_result(conn)
                    .map_err(storage)?
                    .try_into()?;
                audit::record(conn, &actor, AuditRecord::deleted(AuditEntity::Blackout, id, &deleted))
            })
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
            let mut entries = with_services(conn, rows)?;
            // Slots in the order of the day (as text "9:00" would sort after "17:00"),
            // day-wide entries first.
            entries.sort_by_key(|e| (e.date, e.time_slot));
            Ok(entries)
        })
        .await
    }

    async fn delete_availability(&self, id: Uuid, actor: Actor) -> RepoResult<()> {
        self.run(move |conn| {
            transaction(conn, |conn| {
                let row = diesel::delete(availability::table.find(id))
                    .returning(AvailabilityRow::as_returning())
                    .get_result(conn)
                    .map_err(storage)?;
                let deleted = with_services(conn, vec![row])?.pop().ok_or(RepoError::NotFound)?;
                audit::record(conn, &actor, AuditRecord::deleted(AuditEntity::Availability, id, &deleted))
            })
        })
        .await
    }

    async fn upsert_availability(
        &self,
        entry: NewAvailability,
        actor: Actor,
    ) -> Result<AvailabilityEntry, AvailabilityError> {
        self.run(move |conn| refusable_transaction(conn, |conn| upsert_entry(conn, &entry, &actor))).await?
    }
}

/// The service record an entry names, locked against deletion until the
/// transaction ends (a delete of it waits, then cascades to the new entry).
fn lock_service(conn: &mut PgConnection, id: Uuid) -> RepoResult<Option<ServiceRef>> {
    let found = services::table
        .find(id)
        .select((services::name, services::booking_key))
        .for_key_share()
        .first::<(String, Option<String>)>(conn)
        .optional()
        .map_err(storage)?;
    found
        .map(|(name, key)| {
            Ok(ServiceRef {
                name,
                booking_key: optional(key.as_deref(), "booking_key", ServiceKey::from_text)?,
            })
        })
        .transpose()
}

/// The (key, time) of a date's bookings that hold capacity.
fn active_bookings_of(conn: &mut PgConnection, date: NaiveDate) -> RepoResult<Vec<(ServiceKey, TimeSlot)>> {
    // A stay holds every night from its check-in to the day before check-out.
    let rows: Vec<(String, String)> = bookings::table
        .filter(bookings::date.eq(date).or(bookings::date.lt(date).and(bookings::check_out.gt(date))))
        .filter(bookings::status.ne(BookingStatus::Cancelled.as_str()))
        .select((bookings::service, bookings::time))
        .load(conn)
        .map_err(storage)?;
    rows.iter()
        .map(|(key, time)| {
            Ok((
                ServiceKey::from_text(key)
                    .ok_or_else(|| RepoError::storage(crate::money::CorruptRow(key.clone())))?,
                TimeSlot::from_text(time)
                    .ok_or_else(|| RepoError::storage(crate::money::CorruptRow(time.clone())))?,
            ))
        })
        .collect()
}

fn upsert_entry(
    conn: &mut PgConnection,
    entry: &NewAvailability,
    actor: &Actor,
) -> RepoResult<Result<AvailabilityEntry, AvailabilityError>> {
    let service = match entry.service_id {
        None => None,
        Some(id) => match lock_service(conn, id)? {
            Some(service) => Some(service),
            None => return Ok(Err(AvailabilityError::UnknownService)),
        },
    };
    // Lock the whole date: bookings of it wait until the entry is settled.
    let day_entries = lock_entries_of(conn, entry.date)?;
    let active = active_bookings_of(conn, entry.date)?;
    let plan = match plan_entry(entry, service.as_ref().and_then(|s| s.booking_key), &day_entries, &active) {
        Ok(plan) => plan,
        Err(rejection) => return Ok(Err(rejection.into())),
    };
    let before = match plan {
        EntryPlan::Update { id } => day_entries.iter().find(|e| e.id == id).cloned(),
        EntryPlan::Insert { .. } => None,
    };
    let row = match plan {
        EntryPlan::Update { id } => diesel::update(availability::table.find(id))
            .set((
                availability::max_capacity.eq(entry.max_capacity),
                availability::is_blocked.eq(entry.is_blocked),
                availability::block_reason.eq(&entry.block_reason),
            ))
            .returning(AvailabilityRow::as_returning())
            .get_result(conn),
        EntryPlan::Insert { current_bookings } => diesel::insert_into(availability::table)
            .values((
                availability::service_id.eq(entry.service_id),
                availability::accommodation_type.eq(entry.accommodation_type.map(|a| a.as_str())),
                availability::date.eq(entry.date),
                availability::time_slot.eq(entry.time_slot.map(TimeSlot::as_str)),
                availability::max_capacity.eq(entry.max_capacity),
                availability::current_bookings.eq(current_bookings),
                availability::is_blocked.eq(entry.is_blocked),
                availability::block_reason.eq(&entry.block_reason),
            ))
            .returning(AvailabilityRow::as_returning())
            .get_result(conn),
    };
    match row {
        Ok(row) => {
            let saved = row.into_entry(service.as_ref())?;
            let record = match &before {
                Some(before) => AuditRecord::updated(AuditEntity::Availability, saved.id, before, &saved),
                None => AuditRecord::created(AuditEntity::Availability, saved.id, &saved),
            };
            audit::record(conn, actor, record)?;
            Ok(Ok(saved))
        }
        // Locked above, so only a service deleted before the lock could get here.
        Err(error) if violates(&error, Constraint::ForeignKey, "availability_service_id_fkey") => {
            Ok(Err(AvailabilityError::UnknownService))
        }
        Err(error) => Err(storage(error)),
    }
}
