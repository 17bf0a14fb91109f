//! The mail outbox: messages written in their event's transaction
//! (`enqueue`), claimed by delivery workers with `FOR UPDATE SKIP LOCKED` so
//! two processes never take the same one, and every attempt recorded.

use async_trait::async_trait;
use chrono::{DateTime, Duration, Utc};
use diesel::prelude::*;
use uuid::Uuid;

use domain::audit::{Actor, AuditAction, AuditEntity, AuditRecord};
use domain::mail::{MailEvent, MailState, MailTemplate};
use domain::order::OrderStatus;
use domain::paging::Page;
use ports::{
    CalendarInvite, ListedMail, MailAttempt, MailQuery, OutboxRepository, OutgoingMail, RepoError,
    RepoResult, StoredMail,
};

use crate::money::CorruptRow;
use crate::paging::{self, Condition};
use crate::schema::{gift_cards, orders, outbox_attempts, outbox_messages};
use crate::{PgStore, audit, storage, transaction};

#[derive(Queryable, Selectable)]
#[diesel(table_name = outbox_messages, check_for_backend(diesel::pg::Pg))]
struct MessageRow {
    id: Uuid,
    template: String,
    recipient: String,
    subject: String,
    text_body: String,
    html_body: String,
    calendar_method: Option<String>,
    calendar_ics: Option<String>,
    list_unsubscribe: Option<String>,
    related_id: Option<Uuid>,
    state: String,
    attempts: i32,
    next_attempt_at: DateTime<Utc>,
    last_error: Option<String>,
    created_at: DateTime<Utc>,
    sent_at: Option<DateTime<Utc>>,
}

/// A message as the Emails view lists it (no bodies).
#[derive(Queryable, Selectable)]
#[diesel(table_name = outbox_messages, check_for_backend(diesel::pg::Pg))]
pub(crate) struct ListedRow {
    id: Uuid,
    template: String,
    recipient: String,
    subject: String,
    calendar_method: Option<String>,
    related_id: Option<Uuid>,
    state: String,
    attempts: i32,
    next_attempt_at: DateTime<Utc>,
    last_error: Option<String>,
    created_at: DateTime<Utc>,
    sent_at: Option<DateTime<Utc>>,
}

impl TryFrom<ListedRow> for ListedMail {
    type Error = RepoError;

    fn try_from(row: ListedRow) -> RepoResult<Self> {
        let corrupt = |what: &str| RepoError::storage(CorruptRow(what.to_owned()));
        Ok(ListedMail {
            id: row.id,
            template: MailTemplate::from_text(&row.template).ok_or_else(|| corrupt(&row.template))?,
            to: row.recipient,
            subject: row.subject,
            state: MailState::from_text(&row.state).ok_or_else(|| corrupt(&row.state))?,
            attempts: row.attempts,
            last_error: row.last_error,
            related_id: row.related_id,
            calendar_method: row.calendar_method,
            next_attempt_at: row.next_attempt_at,
            created_at: row.created_at,
            sent_at: row.sent_at,
        })
    }
}

/// What a mail query asks of the rows, but where its page starts.
pub(crate) fn mail_conditions(query: &MailQuery) -> Vec<Condition<outbox_messages::table>> {
    use outbox_messages as o;
    let mut conditions: Vec<Condition<o::table>> = Vec::new();
    if let Some(search) = &query.search {
        conditions.push(Box::new(o::search_text.like(search.like_pattern())));
    }
    if let Some(state) = query.state {
        conditions.push(Box::new(o::state.eq(state.as_str())));
    }
    if let Some(from) = query.created_from {
        conditions.push(Box::new(o::created_at.ge(from)));
    }
    if let Some(until) = query.created_until {
        conditions.push(Box::new(o::created_at.lt(until)));
    }
    conditions
}

impl TryFrom<MessageRow> for StoredMail {
    type Error = RepoError;

    fn try_from(row: MessageRow) -> RepoResult<Self> {
        let corrupt = |what: &str| RepoError::storage(CorruptRow(what.to_owned()));
        Ok(StoredMail {
            id: row.id,
            mail: OutgoingMail {
                template: MailTemplate::from_text(&row.template).ok_or_else(|| corrupt(&row.template))?,
                to: row.recipient,
                subject: row.subject,
                text: row.text_body,
                html: row.html_body,
                calendar: row
                    .calendar_method
                    .zip(row.calendar_ics)
                    .map(|(method, ics)| CalendarInvite { method, ics }),
                list_unsubscribe: row.list_unsubscribe,
                related_id: row.related_id,
                send_after: None,
            },
            state: MailState::from_text(&row.state).ok_or_else(|| corrupt(&row.state))?,
            attempts: row.attempts,
            last_error: row.last_error,
            next_attempt_at: row.next_attempt_at,
            created_at: row.created_at,
            sent_at: row.sent_at,
        })
    }
}

impl PgStore {
    /// Writes the messages `event` produces, inside the caller's transaction.
    pub(crate) fn enqueue(&self, conn: &mut PgConnection, event: &MailEvent) -> RepoResult<()> {
        self.enqueue_all(conn, std::slice::from_ref(event))
    }

    /// Writes the messages every one of `events` produces, in one statement,
    /// inside the caller's transaction.
    pub(crate) fn enqueue_all(&self, conn: &mut PgConnection, events: &[MailEvent]) -> RepoResult<()> {
        let mails: Vec<OutgoingMail> = events.iter().flat_map(|event| self.compose(event)).collect();
        write_mails(conn, &mails).map(drop)
    }

    /// As [`Self::enqueue`], answering the written messages' ids (none
    /// without a composer), for a record that keeps its mail's.
    pub(crate) fn enqueue_returning_ids(
        &self,
        conn: &mut PgConnection,
        event: &MailEvent,
    ) -> RepoResult<Vec<Uuid>> {
        write_mails(conn, &self.compose(event))
    }

    /// The messages `event` produces (none without a composer: the admin
    /// CLI's store). Composed ahead of a transaction's locks, written in it
    /// with [`write_mails`].
    pub(crate) fn compose(&self, event: &MailEvent) -> Vec<OutgoingMail> {
        self.mail.as_ref().map(|composer| composer.compose(event)).unwrap_or_default()
    }
}

/// Writes composed messages to the outbox, in one statement, inside the
/// caller's transaction; answers their ids.
pub(crate) fn write_mails(conn: &mut PgConnection, mails: &[OutgoingMail]) -> RepoResult<Vec<Uuid>> {
    if mails.is_empty() {
        return Ok(Vec::new());
    }
    {
        let now = Utc::now();
        let rows: Vec<_> = mails
            .iter()
            .map(|mail| {
                (
                    outbox_messages::template.eq(mail.template.as_str()),
                    outbox_messages::recipient.eq(&mail.to),
                    outbox_messages::subject.eq(&mail.subject),
                    outbox_messages::text_body.eq(&mail.text),
                    outbox_messages::html_body.eq(&mail.html),
                    outbox_messages::calendar_method.eq(mail.calendar.as_ref().map(|c| c.method.as_str())),
                    outbox_messages::calendar_ics.eq(mail.calendar.as_ref().map(|c| c.ics.as_str())),
                    outbox_messages::list_unsubscribe.eq(&mail.list_unsubscribe),
                    outbox_messages::related_id.eq(mail.related_id),
                    outbox_messages::next_attempt_at.eq(mail.send_after.unwrap_or(now)),
                )
            })
            .collect();
        diesel::insert_into(outbox_messages::table)
            .values(&rows)
            .returning(outbox_messages::id)
            .get_results(conn)
            .map_err(storage)
    }
}

/// Sends a message that went out (or failed) again, now; one still waiting
/// for its moment keeps it.
pub(crate) fn queue_again(conn: &mut PgConnection, id: Uuid, now: DateTime<Utc>) -> RepoResult<()> {
    diesel::update(
        outbox_messages::table
            .find(id)
            .filter(outbox_messages::state.eq_any([MailState::Sent.as_str(), MailState::Failed.as_str()])),
    )
    .set((
        outbox_messages::state.eq(MailState::Queued.as_str()),
        outbox_messages::attempts.eq(0),
        outbox_messages::next_attempt_at.eq(now),
    ))
    .execute(conn)
    .map_err(storage)?;
    Ok(())
}

fn attempt(conn: &mut PgConnection, id: Uuid, sent: bool, reply: &str, now: DateTime<Utc>) -> RepoResult<()> {
    diesel::insert_into(outbox_attempts::table)
        .values((
            outbox_attempts::message_id.eq(id),
            outbox_attempts::attempted_at.eq(now),
            outbox_attempts::sent.eq(sent),
            outbox_attempts::reply.eq(reply),
        ))
        .execute(conn)
        .map_err(storage)?;
    Ok(())
}

#[async_trait]
impl OutboxRepository for PgStore {
    async fn claim_due(
        &self,
        limit: i64,
        lease_seconds: i64,
        now: DateTime<Utc>,
    ) -> RepoResult<Vec<StoredMail>> {
        self.run(move |conn| {
            transaction(conn, |conn| {
                // Queued and due, or claimed by a worker whose lease lapsed
                // (it died between sending and recording: send again).
                let due: Vec<Uuid> = outbox_messages::table
                    .filter(
                        outbox_messages::state
                            .eq_any([MailState::Queued.as_str(), MailState::Sending.as_str()]),
                    )
                    .filter(outbox_messages::next_attempt_at.le(now))
                    .order(outbox_messages::next_attempt_at.asc())
                    .limit(limit)
                    .select(outbox_messages::id)
                    .for_update()
                    .skip_locked()
                    .load(conn)
                    .map_err(storage)?;
                if due.is_empty() {
                    return Ok(Vec::new());
                }
                let rows = diesel::update(outbox_messages::table.filter(outbox_messages::id.eq_any(&due)))
                    .set((
                        outbox_messages::state.eq(MailState::Sending.as_str()),
                        outbox_messages::next_attempt_at.eq(now + Duration::seconds(lease_seconds)),
                    ))
                    .returning(MessageRow::as_returning())
                    .get_results(conn)
                    .map_err(storage)?;
                rows.into_iter().map(StoredMail::try_from).collect()
            })
        })
        .await
    }

    async fn record_sent(&self, id: Uuid, reply: &str, now: DateTime<Utc>) -> RepoResult<()> {
        let reply = reply.to_owned();
        self.run(move |conn| {
            transaction(conn, |conn| {
                let (template, related): (String, Option<Uuid>) =
                    diesel::update(outbox_messages::table.find(id))
                        .set((
                            outbox_messages::state.eq(MailState::Sent.as_str()),
                            outbox_messages::attempts.eq(outbox_messages::attempts + 1),
                            outbox_messages::sent_at.eq(now),
                            outbox_messages::last_error.eq(None::<String>),
                        ))
                        .returning((outbox_messages::template, outbox_messages::related_id))
                        .get_result(conn)
                        .map_err(storage)?;
                // A gift card is delivered when its mail goes out: its order shows so.
                if template == MailTemplate::GiftCardDelivered.as_str()
                    && let Some(card) = related
                {
                    let order = gift_cards::table.find(card).select(gift_cards::order_id);
                    diesel::update(orders::table)
                        .filter(orders::id.nullable().eq_any(order))
                        .filter(
                            orders::status
                                .eq_any([OrderStatus::Pending.as_str(), OrderStatus::Processing.as_str()]),
                        )
                        .set(orders::status.eq(OrderStatus::Delivered.as_str()))
                        .execute(conn)
                        .map_err(storage)?;
                }
                attempt(conn, id, true, &reply, now)
            })
        })
        .await
    }

    async fn record_failure(
        &self,
        id: Uuid,
        reply: &str,
        retry_at: Option<DateTime<Utc>>,
        now: DateTime<Utc>,
    ) -> RepoResult<()> {
        let reply = reply.to_owned();
        self.run(move |conn| {
            transaction(conn, |conn| {
                let state = if retry_at.is_some() { MailState::Queued } else { MailState::Failed };
                diesel::update(outbox_messages::table.find(id))
                    .set((
                        outbox_messages::state.eq(state.as_str()),
                        outbox_messages::attempts.eq(outbox_messages::attempts + 1),
                        outbox_messages::next_attempt_at.eq(retry_at.unwrap_or(now)),
                        outbox_messages::last_error.eq(&reply),
                    ))
                    .execute(conn)
                    .map_err(storage)?;
                attempt(conn, id, false, &reply, now)
            })
        })
        .await
    }

    async fn list_mail(&self, state: Option<MailState>) -> RepoResult<Vec<StoredMail>> {
        self.run(move |conn| {
            let mut query = outbox_messages::table.select(MessageRow::as_select()).into_boxed();
            if let Some(state) = state {
                query = query.filter(outbox_messages::state.eq(state.as_str()));
            }
            let rows = query
                .order((outbox_messages::created_at.desc(), outbox_messages::id.asc()))
                .limit(500)
                .load(conn)
                .map_err(storage)?;
            rows.into_iter().map(StoredMail::try_from).collect()
        })
        .await
    }

    async fn page_mail(&self, query: MailQuery) -> RepoResult<Page<ListedMail>> {
        self.run(move |conn| {
            let page = paging::read_page!(
                conn,
                outbox_messages,
                ListedRow,
                mail_conditions(&query),
                query.page,
                query.search.is_some()
            );
            Ok(Page {
                items: page.items.into_iter().map(ListedMail::try_from).collect::<RepoResult<_>>()?,
                next: page.next,
                previous: page.previous,
                total: page.total,
            })
        })
        .await
    }

    async fn get_mail(&self, id: Uuid) -> RepoResult<StoredMail> {
        self.run(move |conn| {
            outbox_messages::table
                .find(id)
                .select(MessageRow::as_select())
                .first(conn)
                .map_err(storage)?
                .try_into()
        })
        .await
    }

    async fn mail_attempts(&self, id: Uuid) -> RepoResult<Vec<MailAttempt>> {
        self.run(move |conn| {
            let found: i64 = outbox_messages::table
                .filter(outbox_messages::id.eq(id))
                .count()
                .get_result(conn)
                .map_err(storage)?;
            if found == 0 {
                return Err(RepoError::NotFound);
            }
            let rows: Vec<(DateTime<Utc>, bool, String)> = outbox_attempts::table
                .filter(outbox_attempts::message_id.eq(id))
                .order(outbox_attempts::attempted_at.asc())
                .select((outbox_attempts::attempted_at, outbox_attempts::sent, outbox_attempts::reply))
                .load(conn)
                .map_err(storage)?;
            Ok(rows.into_iter().map(|(at, sent, reply)| MailAttempt { at, sent, reply }).collect())
        })
        .await
    }

    async fn resend(&self, id: Uuid, now: DateTime<Utc>, actor: Actor) -> RepoResult<StoredMail> {
        self.run(move |conn| {
            transaction(conn, |conn| {
                let queued: StoredMail = diesel::update(
                    outbox_messages::table
                        .find(id)
                        .filter(outbox_messages::state.eq(MailState::Failed.as_str())),
                )
                .set((
                    outbox_messages::state.eq(MailState::Queued.as_str()),
                    outbox_messages::attempts.eq(0),
                    outbox_messages::next_attempt_at.eq(now),
                ))
                .returning(MessageRow::as_returning())
                .get_result(conn)
                .map_err(storage)?
                .try_into()?;
                let summary = format!("“{}” to {}", queued.mail.subject, queued.mail.to);
                audit::record(
                    conn,
                    &actor,
                    AuditRecord::new(AuditEntity::Email, Some(id), AuditAction::Resent, &summary),
                )?;
                Ok(queued)
            })
        })
        .await
    }
}
