//! The waitlist (docs/decisions.md §9 "The waitlist"): entries, offers and
//! the places they hold.
//!
//! A held place is taken for everyone but its holder: the calendar's views
//! and every booking write count the live holds ([`held_places`]) on the
//! entries they read, and offers are made under the same date locks
//! booking writes take (`crate::bookings`' lock order), so a place is never
//! both offered and sold. Offers are made by one sweeper at a time across
//! processes (an advisory lock), in list order.

use std::collections::HashSet;

use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use domain::audit::{Actor, AuditAction, AuditEntity, AuditRecord};
use domain::booking::{
    AvailabilityEntry, Booking, Hold, LocalNow, Place, ServiceKey, TimeSlot, nights_between,
};
use domain::mail::MailEvent;
use domain::waitlist::{
    Offer, OfferInputs, OfferState, WaitlistEntry, WaitlistState, Wish, booking_ends, has_expired,
    next_offers, same_offer, wished_days, with_holds,
};
use ports::{NewWaitlistEntry, OfferError, RepoError, RepoResult, SweepOutcome};

use crate::bookings::{blackouts_overlapping, booked_service, lock_entries_of_nights, share_blackouts};
use crate::schedule::{entries_with_standing, load_schedule};
use crate::schema::{visit_settings, waitlist_entries, waitlist_offers};
use crate::{PgStore, audit, storage, transaction};

/// The one lock every process's sweep takes (so offers go once, in order).
const WAITLIST_LOCK_NAMESPACE: i32 = 0x4750_574C;

#[derive(Queryable, Selectable)]
#[diesel(table_name = waitlist_entries, check_for_backend(diesel::pg::Pg))]
pub(crate) struct EntryRow {
    id: Uuid,
    service: String,
    first_name: String,
    last_name: String,
    email: String,
    wishes: serde_json::Value,
    state: String,
    created_at: DateTime<Utc>,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = waitlist_offers, check_for_backend(diesel::pg::Pg))]
struct OfferRow {
    id: Uuid,
    entry_id: Uuid,
    service: String,
    date: NaiveDate,
    check_out: Option<NaiveDate>,
    time: String,
    held_until: DateTime<Utc>,
    state: String,
}

/// A wish as the `wishes` column keeps it.
#[derive(Serialize, Deserialize)]
struct StoredWish {
    from: NaiveDate,
    to: NaiveDate,
    time: Option<String>,
}

pub(crate) fn entry_of(row: EntryRow) -> Option<WaitlistEntry> {
    let stored: Vec<StoredWish> = serde_json::from_value(row.wishes).ok()?;
    Some(WaitlistEntry {
        id: row.id,
        service: ServiceKey::from_text(&row.service)?,
        first_name: row.first_name,
        last_name: row.last_name,
        email: row.email,
        wishes: stored
            .into_iter()
            .map(|wish| Wish {
                from: wish.from,
                to: wish.to,
                time: wish.time.as_deref().and_then(TimeSlot::from_text),
            })
            .collect(),
        state: WaitlistState::from_text(&row.state)?,
        created_at: row.created_at,
    })
}

fn offer_of(row: OfferRow) -> Option<Offer> {
    Some(Offer {
        id: row.id,
        entry: row.entry_id,
        place: Place {
            key: ServiceKey::from_text(&row.service)?,
            date: row.date,
            nights: nights_between(row.date, row.check_out),
            slot: TimeSlot::from_text(&row.time)?,
        },
        held_until: row.held_until,
        state: OfferState::from_text(&row.state)?,
    })
}

fn wishes_json(wishes: &[Wish]) -> serde_json::Value {
    let stored: Vec<StoredWish> = wishes
        .iter()
        .map(|wish| StoredWish {
            from: wish.from,
            to: wish.to,
            time: wish.time.map(|t| t.as_str().to_owned()),
        })
        .collect();
    serde_json::to_value(stored).unwrap_or(serde_json::Value::Array(Vec::new()))
}

fn load_entries(conn: &mut PgConnection, ids: &[Uuid]) -> RepoResult<Vec<WaitlistEntry>> {
    let rows = waitlist_entries::table
        .filter(waitlist_entries::id.eq_any(ids))
        .order((waitlist_entries::created_at.asc(), waitlist_entries::id.asc()))
        .select(EntryRow::as_select())
        .load(conn)
        .map_err(storage)?;
    Ok(rows.into_iter().filter_map(entry_of).collect())
}

fn waiting_entries(conn: &mut PgConnection) -> RepoResult<Vec<WaitlistEntry>> {
    let rows = waitlist_entries::table
        .filter(waitlist_entries::state.eq(WaitlistState::Waiting.as_str()))
        .order((waitlist_entries::created_at.asc(), waitlist_entries::id.asc()))
        .select(EntryRow::as_select())
        .load(conn)
        .map_err(storage)?;
    Ok(rows.into_iter().filter_map(entry_of).collect())
}

/// The places held for offers now, whose nights touch `first`..=`last`.
pub(crate) fn held_places(
    conn: &mut PgConnection,
    first: NaiveDate,
    last: NaiveDate,
) -> RepoResult<Vec<Hold>> {
    let rows = waitlist_offers::table
        .filter(waitlist_offers::state.eq(OfferState::Held.as_str()))
        .filter(waitlist_offers::date.le(last))
        .filter(
            waitlist_offers::check_out
                .gt(first)
                .or(waitlist_offers::check_out.is_null().and(waitlist_offers::date.ge(first))),
        )
        .select(OfferRow::as_select())
        .load(conn)
        .map_err(storage)?;
    Ok(rows
        .into_iter()
        .filter_map(offer_of)
        .map(|offer| Hold { offer: offer.id, place: offer.place })
        .collect())
}

/// `entries` as a guest sees them: the places held for offers taken, but
/// for `holder`'s own.
pub(crate) fn seen_by(
    conn: &mut PgConnection,
    entries: Vec<AvailabilityEntry>,
    first: NaiveDate,
    last: NaiveDate,
    holder: Option<Uuid>,
) -> RepoResult<Vec<AvailabilityEntry>> {
    let holds = held_places(conn, first, last)?;
    if holds.is_empty() {
        return Ok(entries);
    }
    Ok(with_holds(&entries, holds.iter().filter(|hold| Some(hold.offer) != holder).map(|hold| &hold.place)))
}

/// The offers named by booking requests, locked (after the dates, as rows
/// are): each one's place when it is still held, `None` when it is not.
pub(crate) fn lock_offers(
    conn: &mut PgConnection,
    ids: &[Uuid],
) -> RepoResult<std::collections::HashMap<Uuid, Option<Place>>> {
    if ids.is_empty() {
        return Ok(Default::default());
    }
    let rows = waitlist_offers::table
        .filter(waitlist_offers::id.eq_any(ids))
        .order(waitlist_offers::id.asc())
        .select(OfferRow::as_select())
        .for_update()
        .load(conn)
        .map_err(storage)?;
    let mut found: std::collections::HashMap<Uuid, Option<Place>> =
        ids.iter().map(|id| (*id, None)).collect();
    for offer in rows.into_iter().filter_map(offer_of) {
        if offer.state == OfferState::Held {
            found.insert(offer.id, Some(offer.place));
        }
    }
    Ok(found)
}

/// After bookings are stored: an offer a booking took is taken, and each
/// waiting entry of the same guest a booking matches ends (any other offer
/// held for it is let go). In the bookings' transaction, under their dates.
pub(crate) fn settle_for_bookings(
    conn: &mut PgConnection,
    booked: &[(&Booking, Option<Uuid>)],
) -> RepoResult<()> {
    if booked.is_empty() {
        return Ok(());
    }
    let emails: Vec<String> = booked.iter().map(|(booking, _)| booking.email.to_lowercase()).collect();
    let taken: Vec<Uuid> = booked.iter().filter_map(|(_, offer)| *offer).collect();
    if !taken.is_empty() {
        diesel::update(
            waitlist_offers::table
                .filter(waitlist_offers::id.eq_any(&taken))
                .filter(waitlist_offers::state.eq(OfferState::Held.as_str())),
        )
        .set(waitlist_offers::state.eq(OfferState::Taken.as_str()))
        .execute(conn)
        .map_err(storage)?;
    }
    let rows = waitlist_entries::table
        .filter(waitlist_entries::state.eq(WaitlistState::Waiting.as_str()))
        .filter(
            diesel::dsl::sql::<diesel::sql_types::Bool>("lower(email) = ANY(")
                .bind::<diesel::sql_types::Array<diesel::sql_types::Text>, _>(emails)
                .sql(")"),
        )
        .select(EntryRow::as_select())
        .for_update()
        .load(conn)
        .map_err(storage)?;
    let ended: Vec<Uuid> = rows
        .into_iter()
        .filter_map(entry_of)
        .filter(|entry| booked.iter().any(|(booking, _)| booking_ends(entry, booking)))
        .map(|entry| entry.id)
        .collect();
    if ended.is_empty() {
        return Ok(());
    }
    diesel::update(waitlist_entries::table.filter(waitlist_entries::id.eq_any(&ended)))
        .set((
            waitlist_entries::state.eq(WaitlistState::Booked.as_str()),
            waitlist_entries::ended_at.eq(diesel::dsl::now),
        ))
        .execute(conn)
        .map_err(storage)?;
    release_offers_of(conn, &ended, OfferState::Declined)
}

/// Lets go the held offers of these entries.
fn release_offers_of(conn: &mut PgConnection, entries: &[Uuid], state: OfferState) -> RepoResult<()> {
    diesel::update(
        waitlist_offers::table
            .filter(waitlist_offers::entry_id.eq_any(entries))
            .filter(waitlist_offers::state.eq(OfferState::Held.as_str())),
    )
    .set(waitlist_offers::state.eq(state.as_str()))
    .execute(conn)
    .map_err(storage)?;
    Ok(())
}

fn hold_minutes(conn: &mut PgConnection) -> RepoResult<i32> {
    Ok(visit_settings::table
        .select(visit_settings::offer_hold_minutes)
        .first::<i32>(conn)
        .optional()
        .map_err(storage)?
        .unwrap_or(domain::waitlist::DEFAULT_OFFER_HOLD_MINUTES))
}

/// Lapses the held offers past their time and expires the entries whose
/// days have all passed (its own transaction: row locks only, before any
/// date lock is asked for).
fn lapse_and_expire(
    conn: &mut PgConnection,
    now: DateTime<Utc>,
    today: NaiveDate,
) -> RepoResult<(usize, usize)> {
    transaction(conn, |conn| {
        let lapsed = diesel::update(
            waitlist_offers::table
                .filter(waitlist_offers::state.eq(OfferState::Held.as_str()))
                .filter(waitlist_offers::held_until.le(now)),
        )
        .set(waitlist_offers::state.eq(OfferState::Lapsed.as_str()))
        .execute(conn)
        .map_err(storage)?;
        let gone: Vec<Uuid> =
            waiting_entries(conn)?.into_iter().filter(|e| has_expired(e, today)).map(|e| e.id).collect();
        if !gone.is_empty() {
            diesel::update(waitlist_entries::table.filter(waitlist_entries::id.eq_any(&gone)))
                .set((
                    waitlist_entries::state.eq(WaitlistState::Expired.as_str()),
                    waitlist_entries::ended_at.eq(now),
                ))
                .execute(conn)
                .map_err(storage)?;
            release_offers_of(conn, &gone, OfferState::Lapsed)?;
        }
        Ok((lapsed, gone.len()))
    })
}

fn make_offers(
    store: &PgStore,
    conn: &mut PgConnection,
    now: DateTime<Utc>,
    local: LocalNow,
) -> RepoResult<usize> {
    transaction(conn, |conn| {
        diesel::sql_query("SELECT pg_advisory_xact_lock($1, 0)")
            .bind::<diesel::sql_types::Integer, _>(WAITLIST_LOCK_NAMESPACE)
            .execute(conn)
            .map_err(storage)?;
        let candidates = waiting_entries(conn)?;
        let mut dates: Vec<NaiveDate> =
            candidates.iter().flat_map(wished_days).filter(|day| *day >= local.date).collect();
        dates.sort_unstable();
        dates.dedup();
        let (Some(&first), Some(&last)) = (dates.first(), dates.last()) else { return Ok(0) };
        // The calendar's locks in their order (blackouts shared, then the dates).
        share_blackouts(conn)?;
        let stored = lock_entries_of_nights(conn, &dates)?;
        // Read again under the locks: a booking that ended an entry meanwhile has committed.
        let waiting = waiting_entries(conn)?;
        let ids: Vec<Uuid> = waiting.iter().map(|entry| entry.id).collect();
        let offers = waitlist_offers::table
            .filter(waitlist_offers::entry_id.eq_any(&ids))
            .select(OfferRow::as_select())
            .load(conn)
            .map_err(storage)?;
        let offers: Vec<Offer> = offers.into_iter().filter_map(offer_of).collect();
        let holding: HashSet<Uuid> =
            offers.iter().filter(|offer| offer.state == OfferState::Held).map(|offer| offer.entry).collect();
        let free: Vec<WaitlistEntry> =
            waiting.into_iter().filter(|entry| !holding.contains(&entry.id)).collect();
        if free.is_empty() {
            return Ok(0);
        }
        let schedule = load_schedule(conn)?;
        let entries = entries_with_standing(conn, &schedule, &dates, &stored)?;
        let entries = seen_by(conn, entries, first, last, None)?;
        let blackouts = blackouts_overlapping(conn, first, last)?;
        let hold = hold_minutes(conn)?;
        let offered_before = |entry: Uuid, place: &Place| {
            offers.iter().any(|offer| offer.entry == entry && same_offer(&offer.place, place))
        };
        let inputs = OfferInputs {
            now: local,
            schedule: &schedule,
            blackouts: &blackouts,
            entries: &entries,
            hold_minutes: hold,
        };
        let made = next_offers(&free, &offered_before, &inputs);
        let local_now = local.date.and_time(local.time);
        for new in &made {
            let held_until = now + (new.until - local_now);
            let offer = Offer {
                id: Uuid::new_v4(),
                entry: new.entry,
                place: new.place.clone(),
                held_until,
                state: OfferState::Held,
            };
            diesel::insert_into(waitlist_offers::table)
                .values((
                    waitlist_offers::id.eq(offer.id),
                    waitlist_offers::entry_id.eq(offer.entry),
                    waitlist_offers::service.eq(offer.place.key.as_str()),
                    waitlist_offers::date.eq(offer.place.date),
                    waitlist_offers::check_out.eq(offer.check_out()),
                    waitlist_offers::time.eq(offer.place.slot.as_str()),
                    waitlist_offers::held_until.eq(offer.held_until),
                ))
                .execute(conn)
                .map_err(storage)?;
            let Some(entry) = free.iter().find(|entry| entry.id == new.entry).cloned() else { continue };
            let service = booked_service(conn, entry.service)?;
            store.enqueue(conn, &MailEvent::WaitlistOffered { offer, entry, service })?;
        }
        Ok(made.len())
    })
}

fn load_offer(conn: &mut PgConnection, id: Uuid) -> RepoResult<(Offer, WaitlistEntry)> {
    let row = waitlist_offers::table.find(id).select(OfferRow::as_select()).first(conn).map_err(storage)?;
    let offer = offer_of(row).ok_or(RepoError::NotFound)?;
    let entry = load_entries(conn, &[offer.entry])?.into_iter().next().ok_or(RepoError::NotFound)?;
    Ok((offer, entry))
}

/// Ends a waiting entry (she left, or the owner took her off) and lets its held offer go.
fn end_entry(conn: &mut PgConnection, id: Uuid, state: WaitlistState) -> RepoResult<Option<WaitlistEntry>> {
    transaction(conn, |conn| {
        let Some(entry) = load_entries(conn, &[id])?.into_iter().next() else {
            return Err(RepoError::NotFound);
        };
        if entry.state != WaitlistState::Waiting {
            return Ok(None);
        }
        diesel::update(waitlist_entries::table.find(id))
            .set((
                waitlist_entries::state.eq(state.as_str()),
                waitlist_entries::ended_at.eq(diesel::dsl::now),
            ))
            .execute(conn)
            .map_err(storage)?;
        release_offers_of(conn, &[id], OfferState::Declined)?;
        Ok(Some(entry))
    })
}

#[async_trait::async_trait]
impl ports::WaitlistRepository for PgStore {
    async fn join(&self, new: NewWaitlistEntry) -> RepoResult<WaitlistEntry> {
        let store = self.clone();
        self.run(move |conn| {
            transaction(conn, |conn| {
                let row = diesel::insert_into(waitlist_entries::table)
                    .values((
                        waitlist_entries::id.eq(Uuid::new_v4()),
                        waitlist_entries::service.eq(new.service.as_str()),
                        waitlist_entries::first_name.eq(&new.first_name),
                        waitlist_entries::last_name.eq(&new.last_name),
                        waitlist_entries::email.eq(&new.email),
                        waitlist_entries::wishes.eq(wishes_json(&new.wishes)),
                    ))
                    .returning(EntryRow::as_returning())
                    .get_result(conn)
                    .map_err(storage)?;
                let entry = entry_of(row).ok_or(RepoError::NotFound)?;
                let service = booked_service(conn, entry.service)?;
                store.enqueue(conn, &MailEvent::WaitlistJoined { entry: entry.clone(), service })?;
                Ok(entry)
            })
        })
        .await
    }

    async fn sweep(&self, now: DateTime<Utc>, local: LocalNow) -> RepoResult<SweepOutcome> {
        let store = self.clone();
        self.run(move |conn| {
            let (lapsed, expired) = lapse_and_expire(conn, now, local.date)?;
            let offered = make_offers(&store, conn, now, local)?;
            Ok(SweepOutcome { lapsed, expired, offered })
        })
        .await
    }

    async fn offer(&self, id: Uuid) -> RepoResult<(Offer, WaitlistEntry)> {
        self.run(move |conn| load_offer(conn, id)).await
    }

    async fn decline(&self, id: Uuid) -> Result<(Offer, WaitlistEntry), OfferError> {
        Ok(self
            .run(move |conn| {
                let changed = diesel::update(
                    waitlist_offers::table
                        .find(id)
                        .filter(waitlist_offers::state.eq(OfferState::Held.as_str())),
                )
                .set(waitlist_offers::state.eq(OfferState::Declined.as_str()))
                .execute(conn)
                .map_err(storage)?;
                let found = load_offer(conn, id)?;
                Ok((changed == 1).then_some(found))
            })
            .await?
            .ok_or(OfferError::NotHeld)?)
    }

    async fn leave(&self, entry: Uuid) -> RepoResult<()> {
        self.run(move |conn| end_entry(conn, entry, WaitlistState::Left).map(drop)).await
    }

    async fn remove(&self, id: Uuid, actor: Actor) -> RepoResult<()> {
        self.run(move |conn| {
            transaction(conn, |conn| {
                if let Some(entry) = end_entry(conn, id, WaitlistState::Removed)? {
                    let initial =
                        entry.last_name.chars().next().map(|c| format!(" {c}.")).unwrap_or_default();
                    let summary = format!(
                        "Took {}{initial} off the waitlist for {}",
                        entry.first_name,
                        entry.service.service_name()
                    );
                    let record = AuditRecord::new(
                        AuditEntity::WaitlistEntry,
                        Some(id),
                        AuditAction::Deleted,
                        &summary,
                    );
                    audit::record(conn, &actor, record)?;
                }
                Ok(())
            })
        })
        .await
    }

    async fn list(&self, since: DateTime<Utc>) -> RepoResult<Vec<(WaitlistEntry, Option<Offer>)>> {
        self.run(move |conn| {
            let rows = waitlist_entries::table
                .filter(
                    waitlist_entries::state
                        .eq(WaitlistState::Waiting.as_str())
                        .or(waitlist_entries::ended_at.ge(since)),
                )
                .order((waitlist_entries::created_at.asc(), waitlist_entries::id.asc()))
                .select(EntryRow::as_select())
                .load(conn)
                .map_err(storage)?;
            let mut entries: Vec<WaitlistEntry> = rows.into_iter().filter_map(entry_of).collect();
            // Waiting first, in list order; then the ended ones.
            entries.sort_by_key(|entry| entry.state != WaitlistState::Waiting);
            let ids: Vec<Uuid> = entries.iter().map(|entry| entry.id).collect();
            let offers: Vec<Offer> = waitlist_offers::table
                .filter(waitlist_offers::entry_id.eq_any(&ids))
                .order(waitlist_offers::created_at.desc())
                .select(OfferRow::as_select())
                .load(conn)
                .map_err(storage)?
                .into_iter()
                .filter_map(offer_of)
                .collect();
            Ok(entries
                .into_iter()
                .map(|entry| {
                    let latest = offers.iter().find(|offer| offer.entry == entry.id).cloned();
                    (entry, latest)
                })
                .collect())
        })
        .await
    }

    async fn waiting(&self) -> RepoResult<Vec<WaitlistEntry>> {
        self.run(waiting_entries).await
    }
}
