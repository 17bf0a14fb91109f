//! After the visit (docs/decisions.md §9 "After the visit"): the follow-up
//! sweep's reads and writes, ratings, and the follow-ups' opt-outs.
//!
//! A follow-up goes once however many processes sweep: each booking's row
//! (`visit_follow_ups`, keyed by booking and kind) is inserted in the same
//! transaction as its message, and only the bookings whose row this
//! transaction inserted are in it.

use std::collections::HashMap;

use bigdecimal::BigDecimal;
use chrono::{DateTime, Duration, NaiveDate, Utc};
use diesel::prelude::*;
use uuid::Uuid;

use domain::after_visit::{
    DueFollowUp, FOLLOW_UP_WITHIN_DAYS, FollowUpInputs, FollowUpKind, Hidden, HideRule, OwnerReply, Rating,
    RatingError, RatingInput, SentFollowUp, author_of, due_follow_ups, may_rate,
};
use domain::audit::{Actor, AuditRecord};
use domain::booking::{Booking, LocalNow, ServiceKey};
use domain::mail::MailEvent;
use ports::{InvitationExtras, RateError, RepoResult, ServiceFollowUp};

use crate::bookings::booked_services;
use crate::rows::BookingRow;
use crate::schema::{
    bookings, follow_up_opt_outs, gift_cards, ratings, services, visit_follow_ups, visit_settings,
};
use crate::{PgStore, audit, storage, transaction};

/// A `ratings` row as stored.
#[derive(Queryable, Selectable)]
#[diesel(table_name = ratings, check_for_backend(diesel::pg::Pg))]
pub(crate) struct RatingRow {
    id: Uuid,
    booking_id: Option<Uuid>,
    service_key: String,
    stars: i16,
    comment: Option<String>,
    may_quote: bool,
    author: String,
    email: String,
    visited_on: NaiveDate,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
    reply: Option<String>,
    replied_at: Option<DateTime<Utc>>,
    hidden_rule: Option<String>,
    hidden_at: Option<DateTime<Utc>>,
}

pub(crate) fn rating_of_row(row: RatingRow) -> Option<Rating> {
    Some(Rating {
        id: row.id,
        booking: row.booking_id,
        service: ServiceKey::from_text(&row.service_key)?,
        stars: u8::try_from(row.stars).ok()?,
        comment: row.comment,
        may_quote: row.may_quote,
        author: row.author,
        email: row.email,
        visited_on: row.visited_on,
        created_at: row.created_at,
        updated_at: row.updated_at,
        reply: row.reply.zip(row.replied_at).map(|(text, at)| OwnerReply { text, at }),
        hidden: row
            .hidden_rule
            .as_deref()
            .and_then(HideRule::from_text)
            .zip(row.hidden_at)
            .map(|(rule, at)| Hidden { rule, at }),
    })
}

fn load_ratings(conn: &mut PgConnection) -> RepoResult<Vec<Rating>> {
    let rows = ratings::table
        .order((ratings::created_at.desc(), ratings::id.desc()))
        .select(RatingRow::as_select())
        .load::<RatingRow>(conn)
        .map_err(storage)?;
    Ok(rows.into_iter().filter_map(rating_of_row).collect())
}

fn load_rating(conn: &mut PgConnection, id: Uuid) -> RepoResult<Rating> {
    let row =
        ratings::table.find(id).select(RatingRow::as_select()).first::<RatingRow>(conn).map_err(storage)?;
    rating_of_row(row).ok_or(ports::RepoError::NotFound)
}

fn rating_of_booking(conn: &mut PgConnection, booking: Uuid, lock: bool) -> RepoResult<Option<Rating>> {
    let query = ratings::table.filter(ratings::booking_id.eq(booking)).select(RatingRow::as_select());
    let row = if lock {
        query.for_update().first::<RatingRow>(conn).optional()
    } else {
        query.first::<RatingRow>(conn).optional()
    }
    .map_err(storage)?;
    Ok(row.and_then(rating_of_row))
}

/// A service's aftercare words and "invite back after" days.
type FollowUpSettings = (Option<String>, Option<i32>);

/// Each bookable service's aftercare words and "invite back after" days.
fn follow_up_settings(conn: &mut PgConnection) -> RepoResult<HashMap<ServiceKey, FollowUpSettings>> {
    let rows = services::table
        .filter(services::booking_key.is_not_null())
        .select((services::booking_key, services::aftercare, services::return_after_days))
        .load::<(Option<String>, Option<String>, Option<i32>)>(conn)
        .map_err(storage)?;
    Ok(rows
        .into_iter()
        .filter_map(|(key, aftercare, days)| {
            Some((ServiceKey::from_text(key.as_deref()?)?, (aftercare, days)))
        })
        .collect())
}

fn load_bookings(
    conn: &mut PgConnection,
    query: crate::schema::bookings::BoxedQuery<'static, diesel::pg::Pg>,
) -> RepoResult<Vec<Booking>> {
    let rows = query.select(BookingRow::as_select()).load(conn).map_err(storage)?;
    rows.into_iter().map(Booking::try_from).collect()
}

pub(crate) fn find_due_follow_ups(
    conn: &mut PgConnection,
    local: LocalNow,
) -> RepoResult<(DateTime<Utc>, Vec<DueFollowUp>)> {
    let read_at = diesel::select(diesel::dsl::sql::<diesel::sql_types::Timestamptz>("now()"))
        .get_result::<DateTime<Utc>>(conn)
        .map_err(storage)?;
    let settings = crate::visits::load_visit_settings(conn)?.reminders;
    if settings.is_quiet(local.time) {
        return Ok((read_at, Vec::new()));
    }
    let today = local.date;
    let follow_ups = follow_up_settings(conn)?;
    let longest_return = follow_ups.values().filter_map(|(_, days)| *days).max().unwrap_or(0);
    let first = today - Duration::days(FOLLOW_UP_WITHIN_DAYS + i64::from(longest_return));
    // A stay's check-in may be long before its check-out: read by either.
    let candidates = load_bookings(
        conn,
        bookings::table
            .filter(bookings::status.eq_any(["confirmed", "completed"]))
            .filter(bookings::date.between(first, today).or(bookings::check_out.between(first, today)))
            .into_boxed(),
    )?;
    if candidates.is_empty() {
        return Ok((read_at, Vec::new()));
    }
    let emails: Vec<String> = candidates.iter().map(|b| b.email.to_lowercase()).collect();
    let coming = load_bookings(
        conn,
        bookings::table
            .filter(bookings::status.eq_any(["pending", "confirmed"]))
            .filter(bookings::date.ge(today).or(bookings::check_out.ge(today)))
            .filter(
                diesel::dsl::sql::<diesel::sql_types::Bool>("lower(email) = ANY(")
                    .bind::<diesel::sql_types::Array<diesel::sql_types::Text>, _>(emails.clone())
                    .sql(")"),
            )
            .into_boxed(),
    )?;
    let ids: Vec<Uuid> = candidates.iter().map(|b| b.id).collect();
    let sent: Vec<SentFollowUp> = visit_follow_ups::table
        .filter(visit_follow_ups::booking_id.eq_any(&ids))
        .select((visit_follow_ups::booking_id, visit_follow_ups::kind))
        .load::<(Uuid, String)>(conn)
        .map_err(storage)?
        .into_iter()
        .filter_map(|(booking, kind)| Some(SentFollowUp { booking, kind: FollowUpKind::from_text(&kind)? }))
        .collect();
    let opted_out: Vec<String> = follow_up_opt_outs::table
        .filter(follow_up_opt_outs::email.eq_any(&emails))
        .select(follow_up_opt_outs::email)
        .load(conn)
        .map_err(storage)?;
    let return_after = |key: ServiceKey| follow_ups.get(&key).and_then(|(_, days)| *days);
    let due = due_follow_ups(&FollowUpInputs {
        today,
        candidates: &candidates,
        coming: &coming,
        sent: &sent,
        opted_out: &opted_out,
        return_after: &return_after,
    });
    Ok((read_at, due))
}

/// What the active gift cards sent to `email` still hold, if anything.
fn gift_card_balance(
    conn: &mut PgConnection,
    email: &str,
    today: NaiveDate,
) -> RepoResult<Option<domain::Money>> {
    let balances = gift_cards::table
        .filter(
            diesel::dsl::sql::<diesel::sql_types::Bool>("lower(recipient_email) = ")
                .bind::<diesel::sql_types::Text, _>(email.to_lowercase()),
        )
        .filter(gift_cards::state.eq("active"))
        .filter(gift_cards::expires_on.is_null().or(gift_cards::expires_on.ge(today)))
        .select(gift_cards::balance)
        .load::<BigDecimal>(conn)
        .map_err(storage)?;
    let mut total = domain::Money::ZERO;
    for balance in &balances {
        total = total + crate::money::from_numeric(balance)?;
    }
    Ok((total > domain::Money::ZERO).then_some(total))
}

pub(crate) fn send_follow_up(
    conn: &mut PgConnection,
    store: &PgStore,
    due: DueFollowUp,
    extras: InvitationExtras,
    today: NaiveDate,
) -> RepoResult<bool> {
    transaction(conn, |conn| {
        let rows: Vec<_> = due
            .bookings
            .iter()
            .map(|b| (visit_follow_ups::booking_id.eq(b.id), visit_follow_ups::kind.eq(due.kind.as_str())))
            .collect();
        let ours: Vec<Uuid> = diesel::insert_into(visit_follow_ups::table)
            .values(&rows)
            .on_conflict_do_nothing()
            .returning(visit_follow_ups::booking_id)
            .get_results(conn)
            .map_err(storage)?;
        if ours.is_empty() {
            return Ok(false);
        }
        let mut open_times = Vec::new();
        let mut bookings = Vec::new();
        for (i, booking) in due.bookings.into_iter().enumerate() {
            if ours.contains(&booking.id) {
                open_times.push(extras.open_times.get(i).cloned().unwrap_or_default());
                bookings.push(booking);
            }
        }
        let follow_up = DueFollowUp { kind: due.kind, bookings };
        let booked = booked_services(conn)?;
        let services = follow_up.bookings.iter().map(|b| booked.get(&b.service).cloned()).collect();
        let event = match follow_up.kind {
            FollowUpKind::Thanks => {
                let settings = follow_up_settings(conn)?;
                let aftercare = follow_up
                    .bookings
                    .iter()
                    .map(|b| settings.get(&b.service).and_then(|(words, _)| words.clone()))
                    .collect();
                MailEvent::VisitThanks { follow_up, services, aftercare }
            }
            FollowUpKind::Invitation => {
                let gift_card_balance = gift_card_balance(conn, follow_up.email(), today)?;
                MailEvent::ReturnInvitation { follow_up, services, open_times, gift_card_balance }
            }
        };
        store.enqueue(conn, &event)?;
        Ok(true)
    })
}

fn follow_ups_checked(conn: &mut PgConnection, read_at: DateTime<Utc>) -> RepoResult<()> {
    diesel::update(visit_settings::table)
        .set(
            visit_settings::follow_ups_checked_at.eq(diesel::dsl::sql::<
                diesel::sql_types::Nullable<diesel::sql_types::Timestamptz>,
            >(
                "greatest(coalesce(follow_ups_checked_at, "
            )
            .bind::<diesel::sql_types::Timestamptz, _>(read_at)
            .sql("), ")
            .bind::<diesel::sql_types::Timestamptz, _>(read_at)
            .sql(")")),
        )
        .execute(conn)
        .map_err(storage)?;
    Ok(())
}

type FollowUpRow = (Uuid, String, Option<String>, Option<String>, Option<i32>);

fn service_follow_up_of(row: FollowUpRow) -> ServiceFollowUp {
    let (service_id, name, key, aftercare, return_after_days) = row;
    ServiceFollowUp {
        service_id,
        name,
        booking_key: key.as_deref().and_then(ServiceKey::from_text),
        aftercare,
        return_after_days,
    }
}

const FOLLOW_UP_COLUMNS: (
    services::id,
    services::name,
    services::booking_key,
    services::aftercare,
    services::return_after_days,
) = (services::id, services::name, services::booking_key, services::aftercare, services::return_after_days);

fn rate(
    conn: &mut PgConnection,
    booking: &Booking,
    input: RatingInput,
    today: NaiveDate,
    now: DateTime<Utc>,
) -> RepoResult<Result<Rating, RatingError>> {
    transaction(conn, |conn| {
        let existing = rating_of_booking(conn, booking.id, true)?;
        if let Err(refused) = may_rate(booking, existing.as_ref(), today, now) {
            return Ok(Err(refused));
        }
        let id = match &existing {
            Some(rating) => {
                diesel::update(ratings::table.find(rating.id))
                    .set((
                        ratings::stars.eq(i16::from(input.stars)),
                        ratings::comment.eq(&input.comment),
                        ratings::may_quote.eq(input.may_quote),
                        ratings::updated_at.eq(now),
                    ))
                    .execute(conn)
                    .map_err(storage)?;
                rating.id
            }
            None => {
                let id = Uuid::new_v4();
                diesel::insert_into(ratings::table)
                    .values((
                        ratings::id.eq(id),
                        ratings::booking_id.eq(booking.id),
                        ratings::service_key.eq(booking.service.as_str()),
                        ratings::stars.eq(i16::from(input.stars)),
                        ratings::comment.eq(&input.comment),
                        ratings::may_quote.eq(input.may_quote),
                        ratings::author.eq(author_of(&booking.first_name, &booking.last_name)),
                        ratings::email.eq(booking.email.to_lowercase()),
                        ratings::visited_on.eq(booking.date),
                        ratings::created_at.eq(now),
                        ratings::updated_at.eq(now),
                    ))
                    .execute(conn)
                    .map_err(storage)?;
                id
            }
        };
        load_rating(conn, id).map(Ok)
    })
}

fn reply_to_rating(
    conn: &mut PgConnection,
    id: Uuid,
    reply: Option<String>,
    now: DateTime<Utc>,
    actor: &Actor,
) -> RepoResult<Rating> {
    transaction(conn, |conn| {
        let before = load_rating(conn, id)?;
        diesel::update(ratings::table.find(id))
            .set((ratings::reply.eq(&reply), ratings::replied_at.eq(reply.as_ref().map(|_| now))))
            .execute(conn)
            .map_err(storage)?;
        let after = load_rating(conn, id)?;
        if before.reply.as_ref().map(|r| &r.text) != reply.as_ref() {
            audit::record(conn, actor, AuditRecord::rating_replied(&after, reply.is_some()))?;
        }
        Ok(after)
    })
}

fn hide_rating(
    conn: &mut PgConnection,
    store: &PgStore,
    id: Uuid,
    rule: Option<HideRule>,
    now: DateTime<Utc>,
    actor: &Actor,
) -> RepoResult<Rating> {
    transaction(conn, |conn| {
        let before = load_rating(conn, id)?;
        if before.hidden.map(|h| h.rule) == rule {
            return Ok(before);
        }
        diesel::update(ratings::table.find(id))
            .set((
                ratings::hidden_rule.eq(rule.map(HideRule::as_str)),
                ratings::hidden_at.eq(rule.map(|_| now)),
            ))
            .execute(conn)
            .map_err(storage)?;
        let after = load_rating(conn, id)?;
        audit::record(conn, actor, AuditRecord::rating_hidden(&after, rule))?;
        if let Some(rule) = rule {
            let service = booked_services(conn)?.get(&after.service).cloned();
            store.enqueue(conn, &MailEvent::RatingHidden { rating: after.clone(), rule, service })?;
        }
        Ok(after)
    })
}

fn set_service_follow_up(
    conn: &mut PgConnection,
    id: Uuid,
    aftercare: Option<String>,
    return_after_days: Option<i32>,
    actor: &Actor,
) -> RepoResult<ServiceFollowUp> {
    transaction(conn, |conn| {
        let before =
            services::table.find(id).select(FOLLOW_UP_COLUMNS).first::<FollowUpRow>(conn).map_err(storage)?;
        diesel::update(services::table.find(id))
            .set((services::aftercare.eq(&aftercare), services::return_after_days.eq(return_after_days)))
            .execute(conn)
            .map_err(storage)?;
        let after = service_follow_up_of(
            services::table.find(id).select(FOLLOW_UP_COLUMNS).first::<FollowUpRow>(conn).map_err(storage)?,
        );
        if (before.3.as_ref(), before.4) != (after.aftercare.as_ref(), after.return_after_days) {
            audit::record(
                conn,
                actor,
                AuditRecord::service_follow_up_changed(
                    id,
                    &after.name,
                    after.return_after_days,
                    after.aftercare.is_some(),
                ),
            )?;
        }
        Ok(after)
    })
}

fn opt_out(conn: &mut PgConnection, booking: Uuid) -> RepoResult<Option<String>> {
    let email = bookings::table
        .find(booking)
        .select(bookings::email)
        .first::<String>(conn)
        .optional()
        .map_err(storage)?;
    let Some(email) = email.map(|e| e.to_lowercase()) else { return Ok(None) };
    diesel::insert_into(follow_up_opt_outs::table)
        .values(follow_up_opt_outs::email.eq(&email))
        .on_conflict_do_nothing()
        .execute(conn)
        .map_err(storage)?;
    Ok(Some(email))
}

#[async_trait::async_trait]
impl ports::AfterVisitRepository for PgStore {
    async fn due_follow_ups(&self, local: LocalNow) -> RepoResult<(DateTime<Utc>, Vec<DueFollowUp>)> {
        self.run(move |conn| find_due_follow_ups(conn, local)).await
    }

    async fn follow_ups_checked(&self, read_at: DateTime<Utc>) -> RepoResult<()> {
        self.run(move |conn| follow_ups_checked(conn, read_at)).await
    }

    async fn send_follow_up(
        &self,
        due: DueFollowUp,
        extras: InvitationExtras,
        today: NaiveDate,
    ) -> RepoResult<bool> {
        let store = self.clone();
        self.run(move |conn| send_follow_up(conn, &store, due, extras, today)).await
    }

    async fn service_follow_ups(&self) -> RepoResult<Vec<ServiceFollowUp>> {
        self.run(|conn| {
            let rows = services::table
                .order((services::name.asc(), services::id.asc()))
                .select(FOLLOW_UP_COLUMNS)
                .load::<FollowUpRow>(conn)
                .map_err(storage)?;
            Ok(rows.into_iter().map(service_follow_up_of).collect())
        })
        .await
    }

    async fn set_service_follow_up(
        &self,
        service: Uuid,
        aftercare: Option<String>,
        return_after_days: Option<i32>,
        actor: Actor,
    ) -> RepoResult<ServiceFollowUp> {
        self.run(move |conn| set_service_follow_up(conn, service, aftercare, return_after_days, &actor)).await
    }

    async fn rating_of(&self, booking: Uuid) -> RepoResult<Option<Rating>> {
        self.run(move |conn| rating_of_booking(conn, booking, false)).await
    }

    async fn rate(
        &self,
        booking: &Booking,
        input: RatingInput,
        today: NaiveDate,
        now: DateTime<Utc>,
    ) -> Result<Rating, RateError> {
        let booking = booking.clone();
        Ok(self.run(move |conn| rate(conn, &booking, input, today, now)).await??)
    }

    async fn ratings(&self) -> RepoResult<Vec<Rating>> {
        self.run(load_ratings).await
    }

    async fn reply_to_rating(
        &self,
        id: Uuid,
        reply: Option<String>,
        now: DateTime<Utc>,
        actor: Actor,
    ) -> RepoResult<Rating> {
        self.run(move |conn| reply_to_rating(conn, id, reply, now, &actor)).await
    }

    async fn hide_rating(
        &self,
        id: Uuid,
        rule: Option<HideRule>,
        now: DateTime<Utc>,
        actor: Actor,
    ) -> RepoResult<Rating> {
        let store = self.clone();
        self.run(move |conn| hide_rating(conn, &store, id, rule, now, &actor)).await
    }

    async fn opt_out(&self, booking: Uuid) -> RepoResult<Option<String>> {
        self.run(move |conn| opt_out(conn, booking)).await
    }
}
