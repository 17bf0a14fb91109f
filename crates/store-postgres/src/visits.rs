//! Guests' visits: the owner's settings for them, the reminder sweep and the
//! guest's answer (docs/decisions.md §9 "Reminders").
//!
//! The sweep runs in every process; one at a time does the work (a
//! transaction's advisory lock, taken without waiting: the others skip this
//! round), and each reminder sent is a row written in the same transaction
//! as its message, so a reminder goes out once however many processes sweep.

use std::collections::HashMap;

use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;
use uuid::Uuid;

use domain::audit::{Actor, AuditRecord};
use domain::booking::{Booking, LocalNow, TimeSlot, VisitSettings};
use domain::mail::MailEvent;
use domain::reminders::{Candidate, ReminderKind, ReminderSettings, SentReminder, due_reminders, visit_with};
use ports::{ReminderRecord, RepoResult};

use crate::bookings::{booked_services, owner_blackouts_overlapping};
use crate::rows::BookingRow;
use crate::schema::{booking_reminders, bookings, visit_settings};
use crate::{PgStore, audit, storage, transaction};

/// The advisory lock the reminder sweep holds while it works.
const REMINDER_LOCK_NAMESPACE: i32 = 0x4750_524D;

type SettingsRow = (i32, bool, i32, bool, i32, i32, i32, i32, i32);

pub(crate) fn load_visit_settings(conn: &mut PgConnection) -> RepoResult<VisitSettings> {
    let row = visit_settings::table
        .select((
            visit_settings::free_moves,
            visit_settings::reminders_on,
            visit_settings::treatment_first_hours,
            visit_settings::treatment_morning_of,
            visit_settings::stay_first_days,
            visit_settings::stay_second_days,
            visit_settings::quiet_from_hour,
            visit_settings::quiet_until_hour,
            visit_settings::offer_hold_minutes,
        ))
        .first::<SettingsRow>(conn)
        .optional()
        .map_err(storage)?;
    let Some((
        free_moves,
        on,
        first_hours,
        morning_of,
        first_days,
        second_days,
        quiet_from,
        quiet_until,
        hold,
    )) = row
    else {
        return Ok(VisitSettings::default());
    };
    let hour = |h: i32| u32::try_from(h).unwrap_or(0);
    Ok(VisitSettings {
        free_moves,
        reminders: ReminderSettings {
            on,
            treatment_first_hours: first_hours,
            treatment_morning_of: morning_of,
            stay_first_days: first_days,
            stay_second_days: second_days,
            quiet_from_hour: hour(quiet_from),
            quiet_until_hour: hour(quiet_until),
        },
        offer_hold_minutes: hold,
    })
}

pub(crate) fn save_visit_settings(
    conn: &mut PgConnection,
    settings: VisitSettings,
    actor: &Actor,
) -> RepoResult<VisitSettings> {
    let before = load_visit_settings(conn)?;
    let r = settings.reminders;
    let hour = |h: u32| i32::try_from(h).unwrap_or(0);
    let values = (
        visit_settings::free_moves.eq(settings.free_moves),
        visit_settings::reminders_on.eq(r.on),
        visit_settings::treatment_first_hours.eq(r.treatment_first_hours),
        visit_settings::treatment_morning_of.eq(r.treatment_morning_of),
        visit_settings::stay_first_days.eq(r.stay_first_days),
        visit_settings::stay_second_days.eq(r.stay_second_days),
        visit_settings::quiet_from_hour.eq(hour(r.quiet_from_hour)),
        visit_settings::quiet_until_hour.eq(hour(r.quiet_until_hour)),
        visit_settings::offer_hold_minutes.eq(settings.offer_hold_minutes),
        visit_settings::updated_at.eq(diesel::dsl::now),
    );
    diesel::insert_into(visit_settings::table)
        .values((visit_settings::id.eq(true), values))
        .on_conflict(visit_settings::id)
        .do_update()
        .set(values)
        .execute(conn)
        .map_err(storage)?;
    if before != settings {
        audit::record(conn, actor, AuditRecord::visit_settings_changed(&before, &settings))?;
    }
    load_visit_settings(conn)
}

/// The confirmed bookings a sweep on `today` looks at: those beginning from
/// today through the settings' lookahead, and stays already under way (so
/// the treatments inside them stay part of their begun visit).
fn sweep_candidates(conn: &mut PgConnection, today: NaiveDate, last: NaiveDate) -> RepoResult<Vec<Booking>> {
    let rows = bookings::table
        .filter(bookings::status.eq("confirmed"))
        .filter(
            bookings::date
                .between(today, last)
                .or(bookings::date.lt(today).and(bookings::check_out.ge(today))),
        )
        .select(BookingRow::as_select())
        .load(conn)
        .map_err(storage)?;
    rows.into_iter().map(Booking::try_from).collect()
}

fn sent_reminders(conn: &mut PgConnection, ids: &[Uuid]) -> RepoResult<Vec<SentReminder>> {
    let rows = booking_reminders::table
        .filter(booking_reminders::booking_id.eq_any(ids))
        .select((
            booking_reminders::booking_id,
            booking_reminders::kind,
            booking_reminders::visit_date,
            booking_reminders::visit_time,
        ))
        .load::<(Uuid, String, NaiveDate, String)>(conn)
        .map_err(storage)?;
    Ok(rows
        .into_iter()
        .filter_map(|(booking, kind, date, time)| {
            Some(SentReminder {
                booking,
                kind: ReminderKind::from_text(&kind)?,
                date,
                time: TimeSlot::from_text(&time)?,
            })
        })
        .collect())
}

/// Sends the reminders due at `now` (the retreat's `local` time): one
/// message per visit, its rows written with it. Answers how many messages;
/// none when another process is sweeping.
pub(crate) fn send_due_reminders(
    conn: &mut PgConnection,
    store: &PgStore,
    now: DateTime<Utc>,
    local: LocalNow,
) -> RepoResult<usize> {
    transaction(conn, |conn| {
        let ours = diesel::select(diesel::dsl::sql::<diesel::sql_types::Bool>(&format!(
            "pg_try_advisory_xact_lock({REMINDER_LOCK_NAMESPACE}, 0)"
        )))
        .get_result::<bool>(conn)
        .map_err(storage)?;
        if !ours {
            return Ok(0);
        }
        diesel::update(visit_settings::table)
            .set(visit_settings::reminders_checked_at.eq(diesel::dsl::now))
            .execute(conn)
            .map_err(storage)?;
        let settings = load_visit_settings(conn)?.reminders;
        if !settings.on || settings.is_quiet(local.time) {
            return Ok(0);
        }
        let last = local.date + chrono::Duration::days(settings.lookahead_days());
        let bookings = sweep_candidates(conn, local.date, last)?;
        // When each was made, in the retreat's time: the offset now is near
        // enough (an hour off across a clock change changes nothing here).
        let offset = local.date.and_time(local.time) - now.naive_utc();
        let candidates: Vec<Candidate> = bookings
            .iter()
            .map(|b| Candidate { booking: b.clone(), booked_at: b.created_at.naive_utc() + offset })
            .collect();
        let ids: Vec<Uuid> = bookings.iter().map(|b| b.id).collect();
        let sent = sent_reminders(conn, &ids)?;
        let first = bookings.iter().map(|b| b.date).min().unwrap_or(local.date);
        let closed = owner_blackouts_overlapping(conn, first, last)?;
        let due = due_reminders(local, &settings, &candidates, &sent, &closed);
        if due.is_empty() {
            return Ok(0);
        }
        let services = booked_services(conn)?;
        for reminder in &due {
            let rows: Vec<_> = reminder
                .visit
                .bookings
                .iter()
                .map(|b| {
                    (
                        booking_reminders::booking_id.eq(b.id),
                        booking_reminders::kind.eq(reminder.kind.as_str()),
                        booking_reminders::visit_date.eq(b.date),
                        booking_reminders::visit_time.eq(b.time.as_str()),
                        booking_reminders::asked.eq(reminder.asks),
                    )
                })
                .collect();
            diesel::insert_into(booking_reminders::table)
                .values(&rows)
                .on_conflict_do_nothing()
                .execute(conn)
                .map_err(storage)?;
            // The reminder asks again for a health form still missing.
            let ids: Vec<Uuid> = reminder.visit.bookings.iter().map(|b| b.id).collect();
            let answered = crate::intake::answered(conn, &ids)?;
            let intake_missing = reminder
                .visit
                .bookings
                .iter()
                .find(|b| {
                    services.get(&b.service).is_some_and(|s| s.asks_intake) && !answered.contains(&b.id)
                })
                .map(|b| b.id);
            let event = MailEvent::VisitReminder {
                reminder: reminder.clone(),
                services: reminder.visit.bookings.iter().map(|b| services.get(&b.service).cloned()).collect(),
                today: local.date,
                intake_missing,
            };
            store.enqueue(conn, &event)?;
        }
        Ok(due.len())
    })
}

/// The guest says she is coming: the booking and the rest of its visit
/// (the stay and the treatments inside it) are confirmed by her now.
/// Answers the bookings so marked (none when the booking is not active).
pub(crate) fn confirm_attendance(
    conn: &mut PgConnection,
    id: Uuid,
    at: DateTime<Utc>,
    actor: &Actor,
) -> RepoResult<Vec<Booking>> {
    transaction(conn, |conn| {
        let booking = crate::bookings::load_booking(conn, id)?;
        let (first, last) =
            (booking.date - chrono::Duration::days(30), booking.date + chrono::Duration::days(30));
        let hers = crate::moves::guest_bookings(conn, &booking.email, first, last)?;
        let Some(visit) = visit_with(&booking, &hers) else { return Ok(Vec::new()) };
        let ids: Vec<Uuid> =
            visit.bookings.iter().filter(|b| b.guest_confirmed_at.is_none()).map(|b| b.id).collect();
        if !ids.is_empty() {
            diesel::update(bookings::table.filter(bookings::id.eq_any(&ids)))
                .set(bookings::guest_confirmed_at.eq(at))
                .execute(conn)
                .map_err(storage)?;
            for b in visit.bookings.iter().filter(|b| ids.contains(&b.id)) {
                audit::record(conn, actor, AuditRecord::attendance_confirmed(b))?;
            }
        }
        let rows = bookings::table
            .filter(bookings::id.eq_any(visit.bookings.iter().map(|b| b.id).collect::<Vec<_>>()))
            .select(BookingRow::as_select())
            .load(conn)
            .map_err(storage)?;
        rows.into_iter().map(Booking::try_from).collect()
    })
}

/// When a reminder sweep last looked, if one ever did.
pub(crate) fn reminders_checked_at(conn: &mut PgConnection) -> RepoResult<Option<DateTime<Utc>>> {
    Ok(visit_settings::table
        .select(visit_settings::reminders_checked_at)
        .first::<Option<DateTime<Utc>>>(conn)
        .optional()
        .map_err(storage)?
        .flatten())
}

/// The reminders sent for each of these bookings, oldest first.
pub(crate) fn reminders_of(
    conn: &mut PgConnection,
    ids: &[Uuid],
) -> RepoResult<HashMap<Uuid, Vec<ReminderRecord>>> {
    let rows = booking_reminders::table
        .filter(booking_reminders::booking_id.eq_any(ids))
        .order(booking_reminders::sent_at.asc())
        .select((
            booking_reminders::booking_id,
            booking_reminders::kind,
            booking_reminders::visit_date,
            booking_reminders::visit_time,
            booking_reminders::asked,
            booking_reminders::sent_at,
        ))
        .load::<(Uuid, String, NaiveDate, String, bool, DateTime<Utc>)>(conn)
        .map_err(storage)?;
    let mut by_booking: HashMap<Uuid, Vec<ReminderRecord>> = HashMap::new();
    for (booking, kind, date, time, asked, sent_at) in rows {
        let (Some(kind), Some(time)) = (ReminderKind::from_text(&kind), TimeSlot::from_text(&time)) else {
            continue;
        };
        by_booking.entry(booking).or_default().push(ReminderRecord { kind, date, time, asked, sent_at });
    }
    Ok(by_booking)
}

/// The active bookings beginning from `first` to `last`, by start.
pub(crate) fn upcoming(
    conn: &mut PgConnection,
    first: NaiveDate,
    last: NaiveDate,
) -> RepoResult<Vec<Booking>> {
    let rows = bookings::table
        .filter(bookings::status.eq_any(["pending", "confirmed"]))
        .filter(bookings::date.between(first, last))
        .select(BookingRow::as_select())
        .load(conn)
        .map_err(storage)?;
    let mut upcoming: Vec<Booking> = rows.into_iter().map(Booking::try_from).collect::<RepoResult<_>>()?;
    upcoming.sort_by_key(|b| (domain::booking::booking_starts_at(b), b.id));
    Ok(upcoming)
}

#[async_trait::async_trait]
impl ports::VisitRepository for PgStore {
    async fn send_due_reminders(&self, now: DateTime<Utc>, local: LocalNow) -> RepoResult<usize> {
        let store = self.clone();
        self.run(move |conn| send_due_reminders(conn, &store, now, local)).await
    }

    async fn confirm_attendance(
        &self,
        id: Uuid,
        at: DateTime<Utc>,
        actor: Actor,
    ) -> RepoResult<Vec<Booking>> {
        self.run(move |conn| confirm_attendance(conn, id, at, &actor)).await
    }

    async fn reminders_of(&self, ids: &[Uuid]) -> RepoResult<HashMap<Uuid, Vec<ReminderRecord>>> {
        let ids = ids.to_vec();
        self.run(move |conn| reminders_of(conn, &ids)).await
    }

    async fn upcoming(&self, first: NaiveDate, last: NaiveDate) -> RepoResult<Vec<Booking>> {
        self.run(move |conn| upcoming(conn, first, last)).await
    }

    async fn reminders_checked_at(&self) -> RepoResult<Option<DateTime<Utc>>> {
        self.run(reminders_checked_at).await
    }
}
