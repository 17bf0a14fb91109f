//! The Tiny Home in step with other sites (issue 44): the owner's imports,
//! their blocks (Tiny Home blackouts marked with their import), the double
//! bookings they reveal, and the nights the retreat exports.

use std::collections::BTreeSet;

use chrono::{DateTime, Duration, NaiveDate, Utc};
use diesel::prelude::*;
use uuid::Uuid;

use domain::audit::{Actor, AuditAction, AuditEntity, AuditRecord};
use domain::booking::{BlackoutType, Booking, ServiceKey};
use domain::stay_sync::{NewStayImport, StayImport, SyncSettings, block_reason, runs, shared_nights};
use ports::{DoubleBooking, RepoResult};

use crate::bookings::own_blackouts;
use crate::rows::BookingRow;
use crate::schema::{blackout_dates, bookings, stay_imports, stay_sync_settings};
use crate::{PgStore, audit, storage, transaction};

#[derive(Queryable, Selectable)]
#[diesel(table_name = stay_imports, check_for_backend(diesel::pg::Pg))]
struct ImportRow {
    id: Uuid,
    name: String,
    url: String,
    created_at: DateTime<Utc>,
    attempted_at: Option<DateTime<Utc>>,
    synced_at: Option<DateTime<Utc>>,
    nights: i32,
    last_error: Option<String>,
}

impl From<ImportRow> for StayImport {
    fn from(row: ImportRow) -> Self {
        StayImport {
            id: row.id,
            name: row.name,
            url: row.url,
            created_at: row.created_at,
            attempted_at: row.attempted_at,
            synced_at: row.synced_at,
            nights: row.nights,
            last_error: row.last_error,
        }
    }
}

fn imports(conn: &mut PgConnection) -> RepoResult<Vec<StayImport>> {
    let rows = stay_imports::table
        .order((stay_imports::created_at.asc(), stay_imports::id.asc()))
        .select(ImportRow::as_select())
        .load(conn)
        .map_err(storage)?;
    Ok(rows.into_iter().map(StayImport::from).collect())
}

/// An import in the audit trail: its name, never its address (a site's
/// export address is a secret of the owner's listing).
fn audit_record(import: &StayImport, action: AuditAction) -> AuditRecord {
    let summary = match action {
        AuditAction::Created => format!("Calendar import “{}” added", import.name),
        _ => format!("Calendar import “{}” removed, with its blocks", import.name),
    };
    AuditRecord::new(AuditEntity::StayImport, Some(import.id), action, &summary)
}

fn add(conn: &mut PgConnection, import: &NewStayImport, actor: &Actor) -> RepoResult<Option<StayImport>> {
    transaction(conn, |conn| {
        let row: Option<ImportRow> = diesel::insert_into(stay_imports::table)
            .values((stay_imports::name.eq(&import.name), stay_imports::url.eq(&import.url)))
            .on_conflict(stay_imports::url)
            .do_nothing()
            .returning(ImportRow::as_returning())
            .get_result(conn)
            .optional()
            .map_err(storage)?;
        let Some(row) = row else { return Ok(None) };
        let saved = StayImport::from(row);
        audit::record(conn, actor, audit_record(&saved, AuditAction::Created))?;
        Ok(Some(saved))
    })
}

fn remove(conn: &mut PgConnection, id: Uuid, actor: &Actor) -> RepoResult<bool> {
    transaction(conn, |conn| {
        // Its blocks go with it (ON DELETE CASCADE): the blackouts change.
        own_blackouts(conn)?;
        let row: Option<ImportRow> = diesel::delete(stay_imports::table.find(id))
            .returning(ImportRow::as_returning())
            .get_result(conn)
            .optional()
            .map_err(storage)?;
        let Some(row) = row else { return Ok(false) };
        audit::record(conn, actor, audit_record(&StayImport::from(row), AuditAction::Deleted))?;
        Ok(true)
    })
}

fn claim_due(
    conn: &mut PgConnection,
    now: DateTime<Utc>,
    settings: SyncSettings,
) -> RepoResult<Vec<StayImport>> {
    let cutoff = now - Duration::minutes(i64::from(settings.every_minutes));
    // One statement: a row another process claimed meanwhile no longer
    // matches, so each import is fetched by one process per round.
    let rows = diesel::update(
        stay_imports::table
            .filter(stay_imports::attempted_at.is_null().or(stay_imports::attempted_at.le(cutoff))),
    )
    .set(stay_imports::attempted_at.eq(now))
    .returning(ImportRow::as_returning())
    .get_results(conn)
    .map_err(storage)?;
    Ok(rows.into_iter().map(StayImport::from).collect())
}

fn claim_one(conn: &mut PgConnection, id: Uuid, now: DateTime<Utc>) -> RepoResult<Option<StayImport>> {
    let row = diesel::update(stay_imports::table.find(id))
        .set(stay_imports::attempted_at.eq(now))
        .returning(ImportRow::as_returning())
        .get_result(conn)
        .optional()
        .map_err(storage)?;
    Ok(row.map(StayImport::from))
}

fn apply(conn: &mut PgConnection, id: Uuid, nights: &[NaiveDate], at: DateTime<Utc>) -> RepoResult<bool> {
    transaction(conn, |conn| {
        // The blackouts' lock, exclusively: a booking being written holds it
        // shared, so it either committed before (and is listed as a double
        // booking) or waits and then sees these blocks.
        own_blackouts(conn)?;
        let name: Option<String> = stay_imports::table
            .find(id)
            .select(stay_imports::name)
            .for_update()
            .first(conn)
            .optional()
            .map_err(storage)?;
        let Some(name) = name else { return Ok(false) };
        diesel::delete(blackout_dates::table.filter(blackout_dates::import_id.eq(id)))
            .execute(conn)
            .map_err(storage)?;
        let set: BTreeSet<NaiveDate> = nights.iter().copied().collect();
        let reason = block_reason(&name);
        let rows: Vec<_> = runs(&set)
            .into_iter()
            .map(|(first, last)| {
                (
                    blackout_dates::start_date.eq(first),
                    blackout_dates::end_date.eq(last),
                    blackout_dates::type_.eq(BlackoutType::TinyHome.as_str()),
                    blackout_dates::reason.eq(reason.clone()),
                    blackout_dates::import_id.eq(Some(id)),
                )
            })
            .collect();
        if !rows.is_empty() {
            diesel::insert_into(blackout_dates::table).values(&rows).execute(conn).map_err(storage)?;
        }
        diesel::update(stay_imports::table.find(id))
            .set((
                stay_imports::synced_at.eq(at),
                stay_imports::nights.eq(i32::try_from(set.len()).unwrap_or(i32::MAX)),
                stay_imports::last_error.eq(None::<String>),
            ))
            .execute(conn)
            .map_err(storage)?;
        Ok(true)
    })
}

fn record_failure(conn: &mut PgConnection, id: Uuid, reason: &str) -> RepoResult<()> {
    diesel::update(stay_imports::table.find(id))
        .set(stay_imports::last_error.eq(reason))
        .execute(conn)
        .map_err(storage)?;
    Ok(())
}

/// Active Tiny Home bookings whose nights end on `from` or later.
fn active_stays(conn: &mut PgConnection, from: NaiveDate) -> RepoResult<Vec<Booking>> {
    let rows = bookings::table
        .filter(bookings::service.eq(ServiceKey::Accommodation.as_str()))
        .filter(bookings::status.eq_any(["pending", "confirmed"]))
        .filter(bookings::check_out.gt(from).or(bookings::date.ge(from)))
        .order((bookings::date.asc(), bookings::id.asc()))
        .select(BookingRow::as_select())
        .load(conn)
        .map_err(storage)?;
    rows.into_iter().map(Booking::try_from).collect()
}

fn double_bookings(conn: &mut PgConnection) -> RepoResult<Vec<DoubleBooking>> {
    let blocks: Vec<(NaiveDate, NaiveDate, String)> = blackout_dates::table
        .inner_join(stay_imports::table)
        .select((blackout_dates::start_date, blackout_dates::end_date, stay_imports::name))
        .load(conn)
        .map_err(storage)?;
    let Some(first) = blocks.iter().map(|(start, _, _)| *start).min() else { return Ok(Vec::new()) };
    let mut found = Vec::new();
    for booking in active_stays(conn, first)? {
        for (import_name, nights) in shared_nights(&booking.nights(), &blocks) {
            found.push(DoubleBooking { booking: booking.clone(), import_name, nights });
        }
    }
    Ok(found)
}

fn nights_taken_here(conn: &mut PgConnection, from: NaiveDate) -> RepoResult<Vec<(NaiveDate, NaiveDate)>> {
    let until = from + Duration::days(domain::stay_sync::EXPORT_DAYS_AHEAD);
    let mut nights: BTreeSet<NaiveDate> = BTreeSet::new();
    for booking in active_stays(conn, from)? {
        nights.extend(booking.nights().into_iter().filter(|night| (from..=until).contains(night)));
    }
    let closed: Vec<(NaiveDate, NaiveDate)> = blackout_dates::table
        .filter(blackout_dates::import_id.is_null())
        .filter(blackout_dates::type_.eq_any([BlackoutType::TinyHome.as_str(), BlackoutType::All.as_str()]))
        .filter(blackout_dates::end_date.ge(from))
        .filter(blackout_dates::start_date.le(until))
        .select((blackout_dates::start_date, blackout_dates::end_date))
        .load(conn)
        .map_err(storage)?;
    for (start, end) in closed {
        let mut night = start.max(from);
        while night <= end.min(until) {
            nights.insert(night);
            night += Duration::days(1);
        }
    }
    Ok(runs(&nights))
}

fn settings(conn: &mut PgConnection) -> RepoResult<SyncSettings> {
    let every: Option<i32> = stay_sync_settings::table
        .select(stay_sync_settings::every_minutes)
        .first(conn)
        .optional()
        .map_err(storage)?;
    Ok(every.map_or_else(SyncSettings::default, |every_minutes| SyncSettings { every_minutes }))
}

fn save_settings(conn: &mut PgConnection, saved: SyncSettings, actor: &Actor) -> RepoResult<SyncSettings> {
    transaction(conn, |conn| {
        let before = settings(conn)?;
        diesel::insert_into(stay_sync_settings::table)
            .values((
                stay_sync_settings::id.eq(true),
                stay_sync_settings::every_minutes.eq(saved.every_minutes),
            ))
            .on_conflict(stay_sync_settings::id)
            .do_update()
            .set(stay_sync_settings::every_minutes.eq(saved.every_minutes))
            .execute(conn)
            .map_err(storage)?;
        if before != saved {
            let summary = format!(
                "Calendar imports fetched every {} minutes (were every {})",
                saved.every_minutes, before.every_minutes
            );
            audit::record(
                conn,
                actor,
                AuditRecord::new(AuditEntity::StayImport, None, AuditAction::Updated, &summary),
            )?;
        }
        Ok(saved)
    })
}

#[async_trait::async_trait]
impl ports::StaySyncRepository for PgStore {
    async fn stay_imports(&self) -> RepoResult<Vec<StayImport>> {
        self.run(imports).await
    }

    async fn add_stay_import(&self, import: NewStayImport, actor: Actor) -> RepoResult<Option<StayImport>> {
        self.run(move |conn| add(conn, &import, &actor)).await
    }

    async fn remove_stay_import(&self, id: Uuid, actor: Actor) -> RepoResult<bool> {
        self.run(move |conn| remove(conn, id, &actor)).await
    }

    async fn claim_due_imports(
        &self,
        now: DateTime<Utc>,
        settings: SyncSettings,
    ) -> RepoResult<Vec<StayImport>> {
        self.run(move |conn| claim_due(conn, now, settings)).await
    }

    async fn claim_import(&self, id: Uuid, now: DateTime<Utc>) -> RepoResult<Option<StayImport>> {
        self.run(move |conn| claim_one(conn, id, now)).await
    }

    async fn apply_import(&self, id: Uuid, nights: Vec<NaiveDate>, at: DateTime<Utc>) -> RepoResult<bool> {
        self.run(move |conn| apply(conn, id, &nights, at)).await
    }

    async fn record_import_failure(&self, id: Uuid, reason: String) -> RepoResult<()> {
        self.run(move |conn| record_failure(conn, id, &reason)).await
    }

    async fn double_bookings(&self) -> RepoResult<Vec<DoubleBooking>> {
        self.run(double_bookings).await
    }

    async fn nights_taken_here(&self, from: NaiveDate) -> RepoResult<Vec<(NaiveDate, NaiveDate)>> {
        self.run(move |conn| nights_taken_here(conn, from)).await
    }

    async fn sync_settings(&self) -> RepoResult<SyncSettings> {
        self.run(settings).await
    }

    async fn save_sync_settings(&self, settings: SyncSettings, actor: Actor) -> RepoResult<SyncSettings> {
        self.run(move |conn| save_settings(conn, settings, &actor)).await
    }
}
