//! Team members' calendar feeds (issue 44): each member's key, and what a
//! feed reads of the calendar.

use chrono::NaiveDate;
use diesel::prelude::*;
use uuid::Uuid;

use domain::audit::{Actor, AuditAction, AuditRecord};
use domain::booking::{Blackout, Booking};
use ports::RepoResult;

use crate::rows::{BlackoutRow, BookingRow, convert_all};
use crate::schema::{admin_users, blackout_dates, bookings, calendar_feeds};
use crate::{PgStore, audit, storage, transaction};

fn feed_key(conn: &mut PgConnection, admin_id: Uuid) -> RepoResult<Option<String>> {
    calendar_feeds::table
        .inner_join(admin_users::table)
        .filter(calendar_feeds::admin_id.eq(admin_id))
        .filter(admin_users::is_active.eq(true))
        .select(calendar_feeds::key)
        .first(conn)
        .optional()
        .map_err(storage)
}

fn set_feed_key(
    conn: &mut PgConnection,
    admin_id: Uuid,
    key: Option<String>,
    action: AuditAction,
    actor: &Actor,
) -> RepoResult<()> {
    transaction(conn, |conn| {
        match key {
            Some(key) => {
                diesel::insert_into(calendar_feeds::table)
                    .values((calendar_feeds::admin_id.eq(admin_id), calendar_feeds::key.eq(&key)))
                    .on_conflict(calendar_feeds::admin_id)
                    .do_update()
                    .set((calendar_feeds::key.eq(&key), calendar_feeds::created_at.eq(diesel::dsl::now)))
                    .execute(conn)
                    .map_err(storage)?;
            }
            None => {
                diesel::delete(calendar_feeds::table.filter(calendar_feeds::admin_id.eq(admin_id)))
                    .execute(conn)
                    .map_err(storage)?;
            }
        }
        audit::record(conn, actor, AuditRecord::calendar_feed(admin_id, action))
    })
}

fn feed_bookings(conn: &mut PgConnection, from: NaiveDate, limit: usize) -> RepoResult<Vec<Booking>> {
    let rows = bookings::table
        .filter(bookings::date.ge(from).or(bookings::check_out.ge(from)))
        .order((bookings::date.asc(), bookings::id.asc()))
        .limit(i64::try_from(limit).unwrap_or(i64::MAX))
        .select(BookingRow::as_select())
        .load(conn)
        .map_err(storage)?;
    let mut found: Vec<Booking> = rows.into_iter().map(Booking::try_from).collect::<RepoResult<_>>()?;
    found.sort_by_key(|b| (domain::booking::booking_starts_at(b), b.id));
    Ok(found)
}

fn feed_blackouts(conn: &mut PgConnection, from: NaiveDate) -> RepoResult<Vec<Blackout>> {
    let rows = blackout_dates::table
        .filter(blackout_dates::end_date.ge(from))
        .order((blackout_dates::start_date.asc(), blackout_dates::id.asc()))
        .select(BlackoutRow::as_select())
        .load(conn)
        .map_err(storage)?;
    convert_all(rows)
}

#[async_trait::async_trait]
impl ports::CalendarFeedRepository for PgStore {
    async fn feed_key(&self, admin_id: Uuid) -> RepoResult<Option<String>> {
        self.run(move |conn| feed_key(conn, admin_id)).await
    }

    async fn set_feed_key(
        &self,
        admin_id: Uuid,
        key: Option<String>,
        action: AuditAction,
        actor: Actor,
    ) -> RepoResult<()> {
        self.run(move |conn| set_feed_key(conn, admin_id, key, action, &actor)).await
    }

    async fn feed_bookings(&self, from: NaiveDate, limit: usize) -> RepoResult<Vec<Booking>> {
        self.run(move |conn| feed_bookings(conn, from, limit)).await
    }

    async fn feed_blackouts(&self, from: NaiveDate) -> RepoResult<Vec<Blackout>> {
        self.run(move |conn| feed_blackouts(conn, from)).await
    }
}
