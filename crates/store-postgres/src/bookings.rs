use std::collections::{HashMap, HashSet};

use async_trait::async_trait;
use chrono::{Datelike, NaiveDate, Utc};
use diesel::prelude::*;
use uuid::Uuid;

use domain::audit::{Actor, AuditEntity, AuditRecord};
use domain::booking::deposit_state_after_status;
use domain::booking::{
    AvailabilityEntry, Blackout, Booking, BookingPlans, BookingQuery, BookingRejection, BookingStatus,
    CapacityUpdate, DayAvailability, DayLoad, EntryPlan, LocalNow, NewAvailability, NewBlackout, NewBooking,
    Schedule, ServiceKey, TimeSlot, VisitSettings, booking_starts_at, day_availability, day_load,
    guest_may_cancel, is_standing, month_day, plan_bookings_holding, plan_delete, plan_entry,
    plan_status_change, with_standing,
};
use domain::gift_card::{CardRefusal, GiftCardCode};
use domain::idempotency::KeyUse;
use domain::mail::{BookedService, CancelledBy, MailEvent};
use domain::paging::Page;
use domain::payment::booking_price;
use domain::payment::{
    CancellationTerms, DepositState, cancellation_terms, deposit_state_after_cancellation,
};
use domain::promo::{AppliedPromo, PromoCodeText, PromoRefusal};
use domain::settlement::plan_booking_removal;
use ports::{
    AvailabilityError, BookingError, BookingRepository, Created, DeleteBookingError, GuestCancelError,
    IdempotencyKey, MonthDayView, MoveError, MoveRequest, Moved, OutgoingMail, RepoError, RepoResult,
    StatusChangeError,
};

use crate::batch::BatchWrite;
use crate::catalog::exactly_one;
use crate::idempotency::{self, Operation};
use crate::money::to_numeric;
use crate::paging::{self, Condition, KeptCount};
use crate::rows::{AvailabilityRow, BlackoutRow, BookingRow, ServiceRef, convert_all, optional};
use crate::schedule::{TakenCounts, entries_with_standing, load_schedule, save_schedule, taken_counts};
use crate::schema::{availability, blackout_dates, bookings, dashboard_totals, services};
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
/// Namespace of the lock on the blackout periods as a whole (one key, 0).
const BLACKOUT_LOCK_NAMESPACE: i32 = 0x4750_424C;

// One order of locks for the calendar, taken by every writer that touches
// it, so none decides on a view another is about to change and none waits
// in a cycle (docs/decisions.md §5):
//
//   1. the blackout periods: shared by booking writes (they read them),
//      exclusive by the owner's blackout saves and deletions;
//   2. the dates, in ascending order (`lock_dates`): booking writes, status
//      changes, cancellations, deletions and availability saves;
//   3. the rows: bookings, then gift cards, then promo codes, then the
//      dates' availability entries (only ever locked under their date).
//
// Blackouts take one lock rather than one per date: a period may run for
// years, and one lock per day would fill PostgreSQL's lock table. Saving a
// blackout is rare; booking writes share the lock with each other.

/// Booking writes read the blackouts under this lock (shared), so a period
/// saved meanwhile either comes before them (and they see it) or after
/// (and it sees them).
pub(crate) fn share_blackouts(conn: &mut PgConnection) -> RepoResult<()> {
    diesel::sql_query("SELECT pg_advisory_xact_lock_shared($1, 0)")
        .bind::<diesel::sql_types::Integer, _>(BLACKOUT_LOCK_NAMESPACE)
        .execute(conn)
        .map_err(storage)?;
    Ok(())
}

/// The owner changing the blackouts waits for the booking writes in flight
/// and holds new ones until the change is committed.
pub(crate) fn own_blackouts(conn: &mut PgConnection) -> RepoResult<()> {
    diesel::sql_query("SELECT pg_advisory_xact_lock($1, 0)")
        .bind::<diesel::sql_types::Integer, _>(BLACKOUT_LOCK_NAMESPACE)
        .execute(conn)
        .map_err(storage)?;
    Ok(())
}

/// Locks these dates until the transaction ends, in ascending order, as
/// every writer does, so overlapping stays queue instead of deadlocking.
/// Row locks cannot cover an entry that does not exist yet, nor a booking
/// being inserted; the date's lock covers both.
pub(crate) fn lock_dates(conn: &mut PgConnection, nights: &[NaiveDate]) -> RepoResult<Vec<NaiveDate>> {
    let mut dates = nights.to_vec();
    dates.sort_unstable();
    dates.dedup();
    for date in &dates {
        diesel::sql_query("SELECT pg_advisory_xact_lock($1, $2)")
            .bind::<diesel::sql_types::Integer, _>(DATE_LOCK_NAMESPACE)
            .bind::<diesel::sql_types::Integer, _>(date.num_days_from_ce())
            .execute(conn)
            .map_err(storage)?;
    }
    Ok(dates)
}

/// The entries of one date, locked until the transaction ends (with the
/// date itself) so concurrent bookings of that date queue behind each other.
fn lock_entries_of(conn: &mut PgConnection, date: NaiveDate) -> RepoResult<Vec<AvailabilityEntry>> {
    lock_entries_of_nights(conn, &[date])
}

/// As [`lock_entries_of`], for every night of a stay (or a booking's one
/// date). A date already locked by this transaction is taken again at no cost.
pub(crate) fn lock_entries_of_nights(
    conn: &mut PgConnection,
    nights: &[NaiveDate],
) -> RepoResult<Vec<AvailabilityEntry>> {
    let dates = lock_dates(conn, nights)?;
    if dates.is_empty() {
        return Ok(Vec::new());
    }
    let rows = availability::table
        .filter(availability::date.eq_any(&dates))
        .select(AvailabilityRow::as_select())
        .order((availability::date.asc(), availability::id.asc()))
        .for_update()
        .load(conn)
        .map_err(storage)?;
    with_services(conn, rows)
}

/// A booking locked for a change, with its dates locked before it (the
/// order above). A move may change its dates between the read and the row's
/// lock: the dates it has once locked are taken too (a move holds both its
/// old and new dates, so it is over by then).
pub(crate) fn lock_booking_and_dates(conn: &mut PgConnection, id: Uuid) -> RepoResult<Booking> {
    let booking = load_booking(conn, id)?;
    lock_dates(conn, &booking.nights())?;
    let locked = lock_booking(conn, id)?;
    if locked.nights() != booking.nights() {
        lock_dates(conn, &locked.nights())?;
    }
    Ok(locked)
}

/// The blackout periods touching any day from `first` to `last`.
pub(crate) fn blackouts_overlapping(
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

/// As [`blackouts_overlapping`], the owner's own closures only: not the
/// nights another site's calendar took (a booking here on one of those is a
/// double booking the owner settles; its guest is still expected).
pub(crate) fn owner_blackouts_overlapping(
    conn: &mut PgConnection,
    first: NaiveDate,
    last: NaiveDate,
) -> RepoResult<Vec<Blackout>> {
    let rows = blackout_dates::table
        .filter(blackout_dates::start_date.le(last).and(blackout_dates::end_date.ge(first)))
        .filter(blackout_dates::import_id.is_null())
        .select(BlackoutRow::as_select())
        .load(conn)
        .map_err(storage)?;
    convert_all(rows)
}

/// What the calendar knows of the days from `first` to `last`, read once
/// for a day, a month or the owner's overview: their stored entries with
/// the schedule's standing ones, the blackouts touching them, the schedule,
/// and what the bookings take of each day.
struct CalendarDays {
    days: Vec<NaiveDate>,
    schedule: Schedule,
    entries: Vec<AvailabilityEntry>,
    blackouts: Vec<Blackout>,
    taken: TakenCounts,
}

fn read_calendar(conn: &mut PgConnection, first: NaiveDate, last: NaiveDate) -> RepoResult<CalendarDays> {
    let rows = availability::table
        .filter(availability::date.between(first, last))
        .select(AvailabilityRow::as_select())
        .load(conn)
        .map_err(storage)?;
    let stored = with_services(conn, rows)?;
    let schedule = load_schedule(conn)?;
    let days: Vec<NaiveDate> = first.iter_days().take_while(|day| *day <= last).collect();
    let taken = taken_counts(conn, first, last)?;
    let entries = with_standing(&schedule, &days, &stored, &|key, date, slot| taken.of(key, date, slot));
    let blackouts = blackouts_overlapping(conn, first, last)?;
    Ok(CalendarDays { days, schedule, entries, blackouts, taken })
}

/// Stores the counts a plan decided (the rows are locked by `lock_entries_of`).
/// A standing entry (the schedule's figure) is never stored: its count is the
/// bookings themselves, so it has nothing to update.
pub(crate) fn apply(conn: &mut PgConnection, updates: &[CapacityUpdate]) -> RepoResult<()> {
    for update in updates.iter().filter(|u| !is_standing(u.entry)) {
        diesel::update(availability::table.find(update.entry))
            .set(availability::current_bookings.eq(update.current_bookings))
            .execute(conn)
            .map_err(storage)?;
    }
    Ok(())
}

/// What the guest booked, from the record carrying the booking key.
pub(crate) fn booked_service(conn: &mut PgConnection, key: ServiceKey) -> RepoResult<Option<BookedService>> {
    let found = services::table
        .filter(services::booking_key.eq(key.as_str()))
        .select((services::name, services::duration, services::price))
        .first::<(String, i32, bigdecimal::BigDecimal)>(conn)
        .optional()
        .map_err(storage)?;
    let asks_intake = crate::intake::forms_asked(conn)?.contains(&key);
    found
        .map(|(name, duration_minutes, price)| {
            Ok(BookedService {
                name,
                duration_minutes,
                price: crate::money::from_numeric(&price)?,
                asks_intake,
            })
        })
        .transpose()
}

pub(crate) fn load_booking(conn: &mut PgConnection, id: Uuid) -> RepoResult<Booking> {
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
            blackout_dates::reason.eq(blackout.reason.as_deref()),
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
/// Cancels a locked booking: its capacity back, its deposit as the policy
/// says (a guest's cancellation under `terms`; the owner's with `None`), and
/// the guest's message.
fn cancel_locked(
    conn: &mut PgConnection,
    store: &PgStore,
    booking: &Booking,
    by: CancelledBy,
    terms: Option<CancellationTerms>,
) -> RepoResult<Booking> {
    if booking.status != BookingStatus::Cancelled {
        crate::card_ledger::return_deposit_payment(conn, booking, terms)?;
    }
    let entries = lock_entries_of_nights(conn, &booking.nights())?;
    let updates = plan_status_change(booking, BookingStatus::Cancelled, &entries).unwrap_or_default();
    apply(conn, &updates)?;
    let deposit = deposit_on_cancel(booking, terms);
    let row = diesel::update(bookings::table.find(booking.id))
        .set((bookings::status.eq(BookingStatus::Cancelled.as_str()), bookings::deposit_state.eq(deposit)))
        .returning(BookingRow::as_returning())
        .get_result(conn)
        .map_err(storage)?;
    let cancelled = Booking::try_from(row)?;
    let service = booked_service(conn, cancelled.service)?;
    store.enqueue(conn, &MailEvent::BookingCancelled { booking: cancelled.clone(), service, by })?;
    Ok(cancelled)
}

/// The deposit state a booking's cancellation leaves.
fn deposit_on_cancel(booking: &Booking, terms: Option<CancellationTerms>) -> &'static str {
    let state = booking.deposit.as_ref().map_or(DepositState::None, |deposit| deposit.state);
    deposit_state_after_cancellation(state, terms).as_str()
}

pub(crate) fn lock_booking(conn: &mut PgConnection, id: Uuid) -> RepoResult<Booking> {
    bookings::table
        .find(id)
        .select(BookingRow::as_select())
        .for_update()
        .first(conn)
        .map_err(storage)?
        .try_into()
}

/// What a booking query asks of the rows, but where its page starts (shared
/// by the page and its count).
pub(crate) fn booking_conditions(query: &BookingQuery) -> Vec<Condition<bookings::table>> {
    let mut conditions: Vec<Condition<bookings::table>> = Vec::new();
    if let Some(search) = &query.search {
        let by_text = bookings::search_text.like(search.like_pattern());
        conditions.push(match search.id_range() {
            Some((low, high)) => Box::new(by_text.or(bookings::id.between(low, high))),
            None => Box::new(by_text),
        });
    }
    if let Some(status) = query.status {
        conditions.push(Box::new(bookings::status.eq(status.as_str())));
    }
    if let Some(service) = query.service {
        conditions.push(Box::new(bookings::service.eq(service.as_str())));
    }
    // A visit holds its days (a stay its nights; its check-out day is not
    // one): it is found by overlap with the days asked for, through the
    // GiST index `bookings_visit_idx` on the same expression.
    if query.visit_from.is_some() || query.visit_to.is_some() {
        conditions.push(paging::visit_overlaps(query.visit_from, query.visit_to));
    }
    conditions
}

/// The count of a booking query's rows from the counts triggers keep by
/// service and status (`booking_counts`, migration
/// `2026-12-05-000001_kept_filter_counts`), where it has no search and no
/// visit days (an overlap of nights no sum of those counts answers). Every
/// field is named, so a new filter must say whether those counts answer it.
pub(crate) fn kept_booking_count(query: &BookingQuery) -> KeptCount {
    use diesel::sql_types::{Nullable, Text};
    let BookingQuery { search, status, service, visit_from, visit_to, page: _ } = query;
    if search.is_some() || visit_from.is_some() || visit_to.is_some() {
        return None;
    }
    Some(
        diesel::sql_query(
            "SELECT COALESCE(sum(bookings), 0)::bigint AS rows FROM booking_counts
             WHERE ($1::text IS NULL OR status = $1) AND ($2::text IS NULL OR service = $2)",
        )
        .into_boxed()
        .bind::<Nullable<Text>, _>(status.map(BookingStatus::as_str))
        .bind::<Nullable<Text>, _>(service.map(ServiceKey::as_str)),
    )
}

#[async_trait]
impl BookingRepository for PgStore {
    async fn day_availability(
        &self,
        key: ServiceKey,
        date: NaiveDate,
        now: LocalNow,
        holder: Option<Uuid>,
    ) -> RepoResult<DayAvailability> {
        self.run(move |conn| {
            let calendar = read_calendar(conn, date, date)?;
            let entries = crate::waitlist::seen_by(conn, calendar.entries, date, date, holder)?;
            Ok(day_availability(key, date, now, &calendar.schedule, &calendar.blackouts, &entries))
        })
        .await
    }

    async fn days_availability(
        &self,
        key: ServiceKey,
        first: NaiveDate,
        last: NaiveDate,
        now: LocalNow,
        holder: Option<Uuid>,
    ) -> RepoResult<Vec<MonthDayView>> {
        self.run(move |conn| {
            let calendar = read_calendar(conn, first, last)?;
            let CalendarDays { days, schedule, entries, blackouts, .. } = calendar;
            let entries = crate::waitlist::seen_by(conn, entries, first, last, holder)?;
            Ok(days
                .iter()
                .map(|&date| {
                    let (open, reason) = month_day(key, date, now, &schedule, &blackouts, &entries);
                    let can_wait =
                        !open && domain::waitlist::can_wait(key, date, now, &schedule, &blackouts, &entries);
                    MonthDayView { date, open, reason, can_wait }
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
        offer: Option<Uuid>,
    ) -> Result<Created<Booking>, BookingError> {
        self.writers().bookings.submit(BookingRequest { booking, now, key, offer }).await
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

    async fn page_bookings(&self, query: BookingQuery) -> RepoResult<Page<Booking>> {
        self.run(move |conn| {
            let page = paging::read_page!(
                conn,
                bookings,
                BookingRow,
                booking_conditions(&query),
                query.page,
                query.search.is_some(),
                Some(|conn| dashboard_totals::table.select(dashboard_totals::bookings).first(conn)),
                kept_booking_count(&query)
            );
            Ok(Page {
                items: convert_all(page.items)?,
                next: page.next,
                previous: page.previous,
                total: page.total,
            })
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
                let booking = lock_booking_and_dates(conn, id)?;
                // The owner cancelling gives a gift card back what it paid
                // of the deposit (the card locked after the dates and the booking).
                if status == BookingStatus::Cancelled && booking.status != BookingStatus::Cancelled {
                    crate::card_ledger::return_deposit_payment(conn, &booking, None)?;
                }
                // Reinstating counts against the schedule's figures too.
                let stored = lock_entries_of_nights(conn, &booking.nights())?;
                let schedule = load_schedule(conn)?;
                let entries = entries_with_standing(conn, &schedule, &booking.nights(), &stored)?;
                let updates = match plan_status_change(&booking, status, &entries) {
                    Ok(updates) => updates,
                    Err(rejection) => return Ok(Err(rejection)),
                };
                apply(conn, &updates)?;
                // The owner cancelling or completing lets a saved card go (a
                // deposit taken stays until they choose to refund it).
                let deposit = deposit_state_after_status(
                    booking.deposit.as_ref().map_or(DepositState::None, |d| d.state),
                    status,
                )
                .as_str();
                let row = diesel::update(bookings::table.find(id))
                    .set((bookings::status.eq(status.as_str()), bookings::deposit_state.eq(deposit)))
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

    async fn guest_bookings(
        &self,
        email: &str,
        first: NaiveDate,
        last: NaiveDate,
    ) -> RepoResult<Vec<Booking>> {
        let email = email.to_owned();
        self.run(move |conn| crate::moves::guest_bookings(conn, &email, first, last)).await
    }

    async fn move_booking(&self, request: MoveRequest) -> Result<Moved, MoveError> {
        let store = self.clone();
        self.run(move |conn| crate::moves::move_booking(conn, &store, &request)).await?
    }

    async fn visit_settings(&self) -> RepoResult<VisitSettings> {
        self.run(crate::visits::load_visit_settings).await
    }

    async fn save_visit_settings(&self, settings: VisitSettings, actor: Actor) -> RepoResult<VisitSettings> {
        self.run(move |conn| {
            transaction(conn, |conn| crate::visits::save_visit_settings(conn, settings, &actor))
        })
        .await
    }

    async fn cancel_by_guest(
        &self,
        id: Uuid,
        now: LocalNow,
        cutoff_hours: i64,
        free_hours: i64,
    ) -> Result<Booking, GuestCancelError> {
        let store = self.clone();
        self.run(move |conn| {
            transaction(conn, |conn| {
                let booking = lock_booking_and_dates(conn, id)?;
                if let Err(refusal) = guest_may_cancel(&booking, now, cutoff_hours) {
                    return Ok(Err(GuestCancelError::Refused(refusal)));
                }
                let terms =
                    cancellation_terms(booking_starts_at(&booking), now.date.and_time(now.time), free_hours);
                Ok(Ok(cancel_locked(conn, &store, &booking, CancelledBy::Guest, Some(terms))?))
            })
        })
        .await?
    }

    async fn delete_booking(&self, id: Uuid, actor: Actor) -> Result<Booking, DeleteBookingError> {
        self.run(move |conn| {
            transaction(conn, |conn| {
                let booking = lock_booking_and_dates(conn, id)?;
                // Decided again under the lock: a booking reinstated meanwhile holds its money again.
                if let Err(holds) = plan_booking_removal(&booking) {
                    return Ok(Err(DeleteBookingError::HoldsMoney(holds)));
                }
                let entries = lock_entries_of_nights(conn, &booking.nights())?;
                apply(conn, &plan_delete(&booking, &entries))?;
                exactly_one(diesel::delete(bookings::table.find(id)).execute(conn).map_err(storage)?)?;
                audit::record(conn, &actor, AuditRecord::booking_deleted(&booking))?;
                Ok(Ok(booking))
            })
        })
        .await?
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
                own_blackouts(conn)?;
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
    ) -> RepoResult<(Blackout, Vec<(Booking, Booking)>)> {
        let store = self.clone();
        self.run(move |conn| {
            transaction(conn, |conn| {
                // No booking of the period can be written from here on; those
                // in flight are committed, so the period's bookings are all seen.
                own_blackouts(conn)?;
                let saved: Blackout = insert_blackout(conn, &blackout, actor.admin_id)?;
                audit::record(conn, &actor, AuditRecord::created(AuditEntity::Blackout, saved.id, &saved))?;
                // The bookings of the period, the dates of those it covers
                // locked, then their rows, so no status change or cancellation is midway.
                // A stay that began before the period is in it when it checks out after its start.
                let in_period = || {
                    bookings::table
                        .filter(paging::visit_overlaps(Some(blackout.start_date), Some(blackout.end_date)))
                        .select(BookingRow::as_select())
                        .order(bookings::id.asc())
                };
                let seen: Vec<Booking> = convert_all(in_period().load(conn).map_err(storage)?)?;
                // Only the dates of what it cancels (a long period's every day would fill the lock table).
                let nights: Vec<NaiveDate> =
                    blackout.covered_bookings(seen).iter().flat_map(Booking::nights).collect();
                lock_dates(conn, &nights)?;
                let rows = in_period().for_update().load(conn).map_err(storage)?;
                let mut cancelled = Vec::new();
                // Each cancelled booking has its own record, as if cancelled by hand.
                for booking in blackout.covered_bookings(convert_all(rows)?) {
                    let changed = cancel_locked(conn, &store, &booking, CancelledBy::Owner, None)?;
                    let record =
                        AuditRecord::status_changed(AuditEntity::Booking, booking.id, &booking, &changed);
                    audit::record(conn, &actor, record)?;
                    cancelled.push((booking, changed));
                }
                Ok((saved, cancelled))
            })
        })
        .await
    }

    async fn delete_blackout(&self, id: Uuid, actor: Actor) -> RepoResult<()> {
        self.run(move |conn| {
            transaction(conn, |conn| {
                own_blackouts(conn)?;
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

    async fn schedule(&self) -> RepoResult<Schedule> {
        self.run(load_schedule).await
    }

    async fn save_schedule(&self, schedule: Schedule, actor: Actor) -> RepoResult<Schedule> {
        self.run(move |conn| {
            transaction(conn, |conn| {
                // Under the blackouts' lock taken exclusively: no booking is
                // decided on the old figures while the new ones are saved.
                own_blackouts(conn)?;
                let before = load_schedule(conn)?;
                save_schedule(conn, &schedule)?;
                let saved = load_schedule(conn)?;
                let record = AuditRecord::updated(AuditEntity::Schedule, Uuid::nil(), &before, &saved);
                audit::record(conn, &actor, record)?;
                Ok(saved)
            })
        })
        .await
    }

    async fn capacity_overview(
        &self,
        first: NaiveDate,
        last: NaiveDate,
    ) -> RepoResult<Vec<(NaiveDate, Vec<DayLoad>)>> {
        self.run(move |conn| {
            let calendar = read_calendar(conn, first, last)?;
            // Treatments first, then the Tiny Home, as the calendar lists them.
            let keys = [ServiceKey::Massage, ServiceKey::Spa, ServiceKey::Package, ServiceKey::Accommodation];
            Ok(calendar
                .days
                .iter()
                .map(|&day| {
                    let loads = keys
                        .iter()
                        .map(|&key| {
                            let taken = calendar.taken.of(key, day, None);
                            day_load(key, day, &calendar.blackouts, &calendar.entries, taken)
                        })
                        .collect();
                    (day, loads)
                })
                .collect())
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
        .filter(paging::visit_overlaps(Some(date), Some(date)))
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
                availability::block_reason.eq(entry.block_reason.as_deref()),
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
                availability::block_reason.eq(entry.block_reason.as_deref()),
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

/// A booking request waiting for its batch (`crate::batch`).
pub(crate) struct BookingRequest {
    booking: NewBooking,
    now: LocalNow,
    key: Option<IdempotencyKey>,
    /// The waitlist offer whose held place it takes.
    offer: Option<Uuid>,
}

/// Writes simultaneous booking requests in one transaction: their dates
/// locked and their entries loaded once, each decided in turn against the
/// capacity the ones before it took (`plan_bookings`), the accepted ones
/// and their mail inserted together. A refused request leaves nothing, not
/// even its idempotency key.
pub(crate) struct BookingWrites(pub(crate) PgStore);

impl BatchWrite for BookingWrites {
    type Request = BookingRequest;
    type Answer = Result<Created<Booking>, BookingError>;

    fn write(&self, conn: &mut PgConnection, requests: &[BookingRequest]) -> RepoResult<Vec<Self::Answer>> {
        transaction(conn, |conn| write_bookings(&self.0, conn, requests))
    }

    fn failed(error: RepoError) -> Self::Answer {
        Err(BookingError::Repo(error))
    }

    /// One request per gift card in a batch, as orders (`orders.rs`).
    fn exclusive_keys(request: &BookingRequest) -> Vec<String> {
        let key = request.key.iter().map(|key| format!("key:{}", key.key));
        let card = request.booking.gift_card.iter().map(|(code, _)| format!("gift card:{}", code.as_str()));
        key.chain(card).collect()
    }
}

fn write_bookings(
    store: &PgStore,
    conn: &mut PgConnection,
    requests: &[BookingRequest],
) -> RepoResult<Vec<Result<Created<Booking>, BookingError>>> {
    // Each request's record id, decided now so that its key can name it.
    let ids: Vec<Uuid> = requests.iter().map(|_| Uuid::new_v4()).collect();
    let keys: Vec<Option<&IdempotencyKey>> = requests.iter().map(|r| r.key.as_ref()).collect();
    let uses = idempotency::claim_all(conn, Operation::RequestBooking, &keys, &ids, Utc::now())?;
    let repeated = load_bookings(conn, &idempotency::repeated_ids(&uses))?;

    // The requests that act: what each becomes if it is accepted, and the
    // messages that say so, composed now, before the dates are locked (a
    // refused request's are dropped).
    let acting: Vec<usize> = (0..requests.len()).filter(|&i| uses[i] == KeyUse::First).collect();
    let now = crate::now_in_microseconds();
    let services = booked_services(conn)?;
    // The calendar's locks first (the order at the top of this file): the
    // blackouts shared, then every date the requests touch.
    share_blackouts(conn)?;
    let all_nights: Vec<NaiveDate> = acting.iter().flat_map(|&i| requests[i].booking.nights()).collect();
    lock_dates(conn, &all_nights)?;
    // Gift cards next (before promo codes, as orders lock them): a card
    // that can no longer pay what the request counted on refuses it before
    // it takes any capacity.
    let card_codes: Vec<&GiftCardCode> =
        acting.iter().filter_map(|&i| requests[i].booking.gift_card.as_ref().map(|(code, _)| code)).collect();
    let cards = crate::card_ledger::lock_cards_by_code(conn, &card_codes)?;
    let mut card_refusals: HashMap<usize, CardRefusal> = HashMap::new();
    for &i in &acting {
        let Some((code, planned)) = &requests[i].booking.gift_card else { continue };
        let refusal = match cards.get(code) {
            None => Some(CardRefusal::Unknown),
            Some(card) => match domain::gift_card::redeem(card.standing(), *planned, requests[i].now.date) {
                Ok(redemption) if redemption.from_card == *planned => None,
                Ok(_) => Some(CardRefusal::BalanceChanged),
                Err(refusal) => Some(refusal),
            },
        };
        if let Some(refusal) = refusal {
            card_refusals.insert(i, refusal);
        }
    }
    let acting: Vec<usize> = acting.into_iter().filter(|i| !card_refusals.contains_key(i)).collect();
    // Promo codes after the cards (as orders lock them, before products):
    // each request's code decided in turn, so
    // a code's last use goes to one request only. A request whose code does
    // not apply is refused and takes no capacity.
    let promos = booking_promos(conn, requests, &acting)?;
    let acting: Vec<usize> = acting.into_iter().filter(|i| !matches!(promos.get(i), Some(Err(_)))).collect();
    // Waitlist offers last of the rows: one no longer held refuses its
    // request; one held for another place than the request's is not hers
    // to use there (she is decided as anyone is).
    let offer_ids: Vec<Uuid> = acting.iter().filter_map(|&i| requests[i].offer).collect();
    let offers = crate::waitlist::lock_offers(conn, &offer_ids)?;
    let offer_refused: HashSet<usize> = acting
        .iter()
        .copied()
        .filter(|&i| requests[i].offer.is_some_and(|id| !matches!(offers.get(&id), Some(Some(_)))))
        .collect();
    let own_offer = |i: usize| {
        let id = requests[i].offer?;
        let place = offers.get(&id)?.as_ref()?;
        (*place == domain::booking::place_of_new(&requests[i].booking)).then_some(id)
    };
    let acting: Vec<usize> = acting.into_iter().filter(|i| !offer_refused.contains(i)).collect();
    let prospective: HashMap<usize, Booking> = acting
        .iter()
        .map(|&i| {
            let mut booking = requests[i].booking.booked(ids[i], now);
            booking.promo = promos.get(&i).cloned().and_then(Result::ok);
            booking.gift_card = requests[i]
                .booking
                .gift_card
                .as_ref()
                .and_then(|(code, amount)| crate::card_ledger::card_payment(cards.get(code)?, *amount));
            (i, booking)
        })
        .collect();
    let mut mails: HashMap<usize, Vec<OutgoingMail>> = prospective
        .iter()
        .map(|(&i, booking)| {
            let service = services.get(&booking.service).cloned();
            (i, store.compose(&MailEvent::BookingRequested { booking: booking.clone(), service }))
        })
        .collect();

    // Decided together under their dates' locks, with the dates' entries.
    let nights: Vec<NaiveDate> = acting.iter().flat_map(|&i| requests[i].booking.nights()).collect();
    let stored = lock_entries_of_nights(conn, &nights)?;
    let schedule = load_schedule(conn)?;
    let entries = entries_with_standing(conn, &schedule, &nights, &stored)?;
    let (first, last) = (nights.iter().min().copied(), nights.iter().max().copied());
    let blackouts = match first.zip(last) {
        Some((first, last)) => blackouts_overlapping(conn, first, last)?,
        None => Vec::new(),
    };
    let guests: Vec<(NaiveDate, &str)> =
        acting.iter().map(|&i| (requests[i].booking.date, requests[i].booking.email.as_str())).collect();
    let pending = pending_requests_of(conn, &guests)?;
    let batch: Vec<(&NewBooking, LocalNow, Option<Uuid>)> =
        acting.iter().map(|&i| (&requests[i].booking, requests[i].now, own_offer(i))).collect();
    let holds = match first.zip(last) {
        Some((first, last)) => crate::waitlist::held_places(conn, first, last)?,
        None => Vec::new(),
    };
    let BookingPlans { decisions, updates } =
        plan_bookings_holding(&batch, &schedule, &blackouts, &entries, &holds, |date, email| {
            pending.get(&(date, email.as_str().to_owned())).copied().unwrap_or(0)
        });
    apply(conn, &updates)?;

    let mut decided: HashMap<usize, Result<(), BookingRejection>> =
        acting.iter().copied().zip(decisions).collect();
    let accepted: Vec<usize> =
        acting.iter().copied().filter(|i| matches!(decided.get(i), Some(Ok(())))).collect();
    let refused_keys: Vec<&str> = (0..requests.len())
        .filter(|i| {
            matches!(decided.get(i), Some(Err(_)))
                || matches!(promos.get(i), Some(Err(_)))
                || card_refusals.contains_key(i)
                || offer_refused.contains(i)
        })
        .filter_map(|i| requests[i].key.as_ref().map(|key| key.key.as_str()))
        .collect();
    idempotency::release_all(conn, Operation::RequestBooking, &refused_keys)?;
    insert_bookings(conn, accepted.iter().filter_map(|i| prospective.get(i)))?;
    // Her offer taken, and the waitlist entries her booking answers ended.
    let booked: Vec<(&Booking, Option<Uuid>)> =
        accepted.iter().filter_map(|&i| Some((prospective.get(&i)?, own_offer(i)))).collect();
    crate::waitlist::settle_for_bookings(conn, &booked)?;
    for booking in accepted.iter().filter_map(|i| prospective.get(i)) {
        let Some(payment) = &booking.gift_card else { continue };
        let Some(card) = cards.values().find(|card| card.id == payment.card_id) else { continue };
        crate::card_ledger::take(conn, card, payment.amount, (None, Some(booking.id)), None, None)?;
    }
    // Each guest (and the owner) hears of the request, in the same transaction.
    let accepted_mails: Vec<OutgoingMail> =
        accepted.iter().flat_map(|i| mails.remove(i).unwrap_or_default()).collect();
    crate::outbox::write_mails(conn, &accepted_mails)?;
    let created: HashMap<Uuid, Booking> = accepted
        .iter()
        .filter_map(|i| prospective.get(i))
        .map(|booking| (booking.id, booking.clone()))
        .collect();

    Ok((0..requests.len())
        .map(|i| match uses[i] {
            KeyUse::Reused => Err(BookingError::KeyReused),
            KeyUse::Repeat(id) => repeated
                .get(&id)
                .cloned()
                .map(Created::Repeated)
                .ok_or(BookingError::Repo(RepoError::NotFound)),
            KeyUse::First => match decided.remove(&i) {
                _ if card_refusals.contains_key(&i) => Err(BookingError::GiftCard(card_refusals[&i])),
                _ if offer_refused.contains(&i) => Err(BookingError::OfferNotHeld),
                Some(Err(rejection)) => Err(BookingError::Rejected(rejection)),
                None if matches!(promos.get(&i), Some(Err(_))) => match promos.get(&i) {
                    Some(Err(refusal)) => Err(BookingError::Promo(refusal.clone())),
                    _ => Err(BookingError::Repo(RepoError::NotFound)),
                },
                _ => created
                    .get(&ids[i])
                    .cloned()
                    .map(Created::New)
                    .ok_or(BookingError::Repo(RepoError::NotFound)),
            },
        })
        .collect())
}

/// The bookings with these ids, by id.
fn load_bookings(conn: &mut PgConnection, ids: &[Uuid]) -> RepoResult<HashMap<Uuid, Booking>> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows = bookings::table
        .filter(bookings::id.eq_any(ids))
        .select(BookingRow::as_select())
        .load(conn)
        .map_err(storage)?;
    convert_all::<_, Booking>(rows).map(|found| found.into_iter().map(|b| (b.id, b)).collect())
}

/// Inserts the accepted requests as they were decided (their ids and times
/// chosen before, so the messages composed ahead name them).
fn insert_bookings<'a>(
    conn: &mut PgConnection,
    accepted: impl Iterator<Item = &'a Booking>,
) -> RepoResult<()> {
    let rows: Vec<_> = accepted
        .map(|booking| {
            (
                bookings::id.eq(booking.id),
                bookings::first_name.eq(&booking.first_name),
                bookings::last_name.eq(&booking.last_name),
                bookings::email.eq(&booking.email),
                bookings::service.eq(booking.service.as_str()),
                bookings::date.eq(booking.date),
                bookings::check_out.eq(booking.check_out),
                bookings::time.eq(booking.time.as_str()),
                bookings::notes.eq(&booking.notes),
                bookings::status.eq(booking.status.as_str()),
                bookings::created_at.eq(booking.created_at),
                bookings::deposit_state.eq(booking.deposit.as_ref().map_or("none", |d| d.state.as_str())),
                bookings::deposit_amount.eq(booking.deposit.as_ref().map(|d| to_numeric(d.amount))),
                bookings::deposit_customer.eq(booking
                    .deposit
                    .as_ref()
                    .and_then(|d| d.card.as_ref())
                    .map(|c| &c.customer)),
                bookings::deposit_method.eq(booking
                    .deposit
                    .as_ref()
                    .and_then(|d| d.card.as_ref())
                    .map(|c| &c.method)),
                bookings::discount
                    .eq(to_numeric(booking.promo.as_ref().map_or(domain::Money::ZERO, |p| p.amount))),
                bookings::promo_code_id.eq(booking.promo.as_ref().map(|p| p.promo)),
                bookings::promo_code.eq(booking.promo.as_ref().map(|p| p.code.as_str().to_owned())),
                bookings::gift_card_id.eq(booking.gift_card.as_ref().map(|card| card.card_id)),
                bookings::gift_card_amount.eq(to_numeric(
                    booking.gift_card.as_ref().map_or(domain::Money::ZERO, |card| card.amount),
                )),
                bookings::gift_card_last_four
                    .eq(booking.gift_card.as_ref().map(|card| card.last_four.clone())),
            )
        })
        .collect();
    if rows.is_empty() {
        return Ok(());
    }
    diesel::insert_into(bookings::table).values(&rows).execute(conn).map_err(storage)?;
    Ok(())
}

#[derive(QueryableByName)]
struct GuestPending {
    #[diesel(sql_type = diesel::sql_types::Date)]
    date: NaiveDate,
    #[diesel(sql_type = diesel::sql_types::Text)]
    email: String,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pending: i64,
}

/// How many requests awaiting confirmation each (date, guest) has stored.
/// Read under the dates' locks, so simultaneous requests of one guest
/// queue. Emails are stored lower-case (`Email`).
fn pending_requests_of(
    conn: &mut PgConnection,
    guests: &[(NaiveDate, &str)],
) -> RepoResult<HashMap<(NaiveDate, String), i64>> {
    let mut guests = guests.to_vec();
    guests.sort_unstable();
    guests.dedup();
    if guests.is_empty() {
        return Ok(HashMap::new());
    }
    let (dates, emails): (Vec<NaiveDate>, Vec<&str>) = guests.into_iter().unzip();
    let found: Vec<GuestPending> = diesel::sql_query(
        "SELECT b.date, b.email, count(*) AS pending \
         FROM bookings b JOIN unnest($1::date[], $2::text[]) AS g(date, email) \
           ON b.date = g.date AND b.email = g.email \
         WHERE b.status = $3 GROUP BY b.date, b.email",
    )
    .bind::<diesel::sql_types::Array<diesel::sql_types::Date>, _>(dates)
    .bind::<diesel::sql_types::Array<diesel::sql_types::Text>, _>(emails)
    .bind::<diesel::sql_types::Text, _>(BookingStatus::Pending.as_str())
    .load(conn)
    .map_err(storage)?;
    Ok(found.into_iter().map(|row| ((row.date, row.email), row.pending)).collect())
}

/// What each booking key's service record says a guest booked.
/// The service record a booking key is booked under, as its mail names it.
pub(crate) fn booked_service_of(
    conn: &mut PgConnection,
    key: ServiceKey,
) -> RepoResult<Option<BookedService>> {
    Ok(booked_services(conn)?.remove(&key))
}

/// Each acting request's promo code decided in turn (requests without one
/// have no entry): the discount on its price, or why the code does not apply.
fn booking_promos(
    conn: &mut PgConnection,
    requests: &[BookingRequest],
    acting: &[usize],
) -> RepoResult<HashMap<usize, Result<AppliedPromo, PromoRefusal>>> {
    let codes: Vec<&PromoCodeText> =
        acting.iter().filter_map(|&i| requests[i].booking.promo_code.as_ref()).collect();
    if codes.is_empty() {
        return Ok(HashMap::new());
    }
    let mut book = crate::promos::promo_book(conn, &codes, true)?;
    let prices = crate::catalog::service_prices(conn)?;
    let mut decided = HashMap::new();
    for &i in acting {
        let request = &requests[i];
        let Some(code) = &request.booking.promo_code else { continue };
        let decision = match prices.get(&request.booking.service) {
            Some(&(service, price)) => {
                let price = booking_price(price, request.booking.stay_nights());
                book.booking_promo(code, Some(&request.booking.email), request.now.date, service, price)
            }
            None if book.usage(code, None).is_none() => Err(PromoRefusal::Unknown),
            None => Err(PromoRefusal::NotForService),
        };
        if decision.is_ok() {
            book.record_use(code, &request.booking.email);
        }
        decided.insert(i, decision);
    }
    Ok(decided)
}

pub(crate) fn booked_services(conn: &mut PgConnection) -> RepoResult<HashMap<ServiceKey, BookedService>> {
    let rows = services::table
        .filter(services::booking_key.is_not_null())
        .select((services::booking_key, services::name, services::duration, services::price))
        .load::<(Option<String>, String, i32, bigdecimal::BigDecimal)>(conn)
        .map_err(storage)?;
    let asked = crate::intake::forms_asked(conn)?;
    rows.into_iter()
        .filter_map(|(key, name, duration_minutes, price)| {
            let key = ServiceKey::from_text(key.as_deref()?)?;
            let asks_intake = asked.contains(&key);
            Some(
                crate::money::from_numeric(&price)
                    .map(|price| (key, BookedService { name, duration_minutes, price, asks_intake })),
            )
        })
        .collect()
}
