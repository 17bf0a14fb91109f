//! A guest's own data (issue 45, docs/decisions.md §21): gathering every
//! record of an address, erasing it under a pseudonym in one transaction,
//! and the guest's requests.

use std::collections::HashSet;

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;
use diesel::sql_types::{Array, Nullable, Text};
use uuid::Uuid;

use domain::audit::{Actor, AuditAction, AuditEntity, AuditRecord};
use domain::booking::{Booking, BookingStatus};
use domain::content::{ContactMessage, ContactReply};
use domain::gift_card::GiftCard;
use domain::mail::MailEvent;
use domain::order::{Order, OrderStatus};
use domain::privacy::{
    BookingAtStake, PrivacyRequest, PrivacyRequestKind, Pseudonym, UNCONFIRMED_DAYS, erasure_blocked,
};
use ports::{
    ErasureCounts, ErasureError, GuestRecords, ListedMail, PrivacyRepository, PrivacyRequestError, Reader,
    RepoError, RepoResult,
};

use crate::after_visit::{RatingRow, rating_of_row};
use crate::card_ledger::GiftCardRow;
use crate::content::ReplyRow;
use crate::money::CorruptRow;
use crate::orders::OrderRow;
use crate::outbox::ListedRow;
use crate::rows::{BookingRow, MessageRow, convert_all};
use crate::schema::{
    bookings, contact_message_replies, contact_messages, follow_up_opt_outs, gift_cards,
    newsletter_subscriptions, orders, outbox_messages, privacy_requests, ratings, waitlist_entries,
};
use crate::waitlist::{EntryRow, entry_of};
use crate::{PgStore, audit, storage, transaction};

diesel::define_sql_function! {
    /// PostgreSQL's `lower`: addresses are matched without case.
    fn lower(text: Text) -> Text;
}

diesel::define_sql_function! {
    /// `lower` of a column that may be empty (a gift card's buyer).
    #[sql_name = "lower"]
    fn lower_or_null(text: Nullable<Text>) -> Nullable<Text>;
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = privacy_requests, check_for_backend(diesel::pg::Pg))]
struct RequestRow {
    id: Uuid,
    email: String,
    kind: String,
    created_at: DateTime<Utc>,
    confirmed_at: Option<DateTime<Utc>>,
    done_at: Option<DateTime<Utc>>,
    done_by: Option<String>,
}

impl TryFrom<RequestRow> for PrivacyRequest {
    type Error = RepoError;

    fn try_from(row: RequestRow) -> RepoResult<Self> {
        Ok(PrivacyRequest {
            kind: PrivacyRequestKind::from_text(&row.kind).ok_or_else(|| {
                RepoError::storage(CorruptRow(format!("privacy request kind {}", row.kind)))
            })?,
            id: row.id,
            email: row.email,
            created_at: row.created_at,
            confirmed_at: row.confirmed_at,
            done_at: row.done_at,
            done_by: row.done_by,
        })
    }
}

fn find_request(conn: &mut PgConnection, id: Uuid) -> RepoResult<PrivacyRequest> {
    privacy_requests::table.find(id).select(RequestRow::as_select()).first(conn).map_err(storage)?.try_into()
}

/// Every record of `email` (lower-cased), oldest first in each kind.
fn gather(conn: &mut PgConnection, email: &str) -> RepoResult<GuestRecords> {
    let bookings: Vec<Booking> = convert_all(
        bookings::table
            .filter(lower(bookings::email).eq(email))
            .order((bookings::date.asc(), bookings::id.asc()))
            .select(BookingRow::as_select())
            .load(conn)
            .map_err(storage)?,
    )?;
    let orders: Vec<Order> = convert_all(
        orders::table
            .filter(lower(orders::email).eq(email))
            .order((orders::created_at.asc(), orders::id.asc()))
            .select(OrderRow::as_select())
            .load(conn)
            .map_err(storage)?,
    )?;
    let cards = |conn: &mut PgConnection, bought: bool| -> RepoResult<Vec<GiftCard>> {
        let query =
            gift_cards::table.order((gift_cards::created_at.asc(), gift_cards::id.asc())).into_boxed();
        let query = if bought {
            query.filter(lower_or_null(gift_cards::buyer_email).eq(email))
        } else {
            query.filter(lower(gift_cards::recipient_email).eq(email))
        };
        convert_all(query.select(GiftCardRow::as_select()).load(conn).map_err(storage)?)
    };
    let gift_cards_bought = cards(conn, true)?;
    let gift_cards_received = cards(conn, false)?;
    let messages: Vec<ContactMessage> = contact_messages::table
        .filter(lower(contact_messages::email).eq(email))
        .order((contact_messages::created_at.asc(), contact_messages::id.asc()))
        .select(MessageRow::as_select())
        .load(conn)
        .map_err(storage)?
        .into_iter()
        .map(ContactMessage::from)
        .collect();
    let message_ids: Vec<Uuid> = messages.iter().map(|m| m.id).collect();
    let replies: Vec<ContactReply> = contact_message_replies::table
        .left_join(outbox_messages::table)
        .filter(contact_message_replies::message_id.eq_any(&message_ids))
        .order((contact_message_replies::created_at.asc(), contact_message_replies::id.asc()))
        .select((
            contact_message_replies::id,
            contact_message_replies::message_id,
            contact_message_replies::body,
            contact_message_replies::sent_by,
            contact_message_replies::created_at,
            contact_message_replies::outbox_id,
            outbox_messages::state.nullable(),
        ))
        .load::<ReplyRow>(conn)
        .map_err(storage)?
        .into_iter()
        .map(ContactReply::try_from)
        .collect::<RepoResult<_>>()?;
    let messages = messages
        .into_iter()
        .map(|message| {
            let own = replies.iter().filter(|reply| reply.message_id == message.id).cloned().collect();
            (message, own)
        })
        .collect();
    let newsletter_since = newsletter_subscriptions::table
        .filter(lower(newsletter_subscriptions::email).eq(email))
        .select(newsletter_subscriptions::created_at)
        .first::<DateTime<Utc>>(conn)
        .optional()
        .map_err(storage)?;
    let ratings = ratings::table
        .filter(lower(ratings::email).eq(email))
        .order((ratings::created_at.asc(), ratings::id.asc()))
        .select(RatingRow::as_select())
        .load(conn)
        .map_err(storage)?
        .into_iter()
        .map(|row| rating_of_row(row).ok_or_else(|| RepoError::storage(CorruptRow("rating".to_owned()))))
        .collect::<RepoResult<_>>()?;
    let waitlist = waitlist_entries::table
        .filter(lower(waitlist_entries::email).eq(email))
        .order((waitlist_entries::created_at.asc(), waitlist_entries::id.asc()))
        .select(EntryRow::as_select())
        .load(conn)
        .map_err(storage)?
        .into_iter()
        .map(|row| entry_of(row).ok_or_else(|| RepoError::storage(CorruptRow("waitlist entry".to_owned()))))
        .collect::<RepoResult<_>>()?;
    let mail: Vec<ListedMail> = convert_all(
        outbox_messages::table
            .filter(lower(outbox_messages::recipient).eq(email))
            .order((outbox_messages::created_at.asc(), outbox_messages::id.asc()))
            .select(ListedRow::as_select())
            .load(conn)
            .map_err(storage)?,
    )?;
    let follow_ups_stopped = diesel::select(diesel::dsl::exists(
        follow_up_opt_outs::table.filter(follow_up_opt_outs::email.eq(email)),
    ))
    .get_result(conn)
    .map_err(storage)?;
    let requests = convert_all(
        privacy_requests::table
            .filter(lower(privacy_requests::email).eq(email))
            .filter(privacy_requests::confirmed_at.is_not_null())
            .order((privacy_requests::created_at.asc(), privacy_requests::id.asc()))
            .select(RequestRow::as_select())
            .load(conn)
            .map_err(storage)?,
    )?;
    let intake = crate::intake::answers_of_address(conn, email)?;
    Ok(GuestRecords {
        email: email.to_owned(),
        intake,
        bookings,
        orders,
        gift_cards_bought,
        gift_cards_received,
        messages,
        newsletter_since,
        ratings,
        waitlist,
        mail,
        follow_ups_stopped,
        requests,
    })
}

/// `text` as a POSIX regular expression matching itself (punctuation and
/// spaces escaped; PostgreSQL reads a backslash before them literally).
fn literal_pattern(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 2);
    for c in text.chars() {
        if !c.is_alphanumeric() {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The ways records name her: "Jane Doe", a rating's "Jane D.", a gift
/// card's "from" and "to" names. Short names are left out of the audit
/// rewrite: "Al" would match too much else.
fn names_of(records: &GuestRecords) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    let full = |first: &str, last: &str| format!("{} {}", first.trim(), last.trim());
    names.extend(records.bookings.iter().map(|b| full(&b.first_name, &b.last_name)));
    names.extend(records.orders.iter().map(|o| full(&o.customer.first_name, &o.customer.last_name)));
    names.extend(records.messages.iter().map(|(m, _)| full(&m.first_name, &m.last_name)));
    names.extend(records.waitlist.iter().map(|w| full(&w.first_name, &w.last_name)));
    names.extend(records.ratings.iter().map(|r| r.author.clone()));
    names.extend(records.gift_cards_received.iter().map(|c| c.recipient_name.clone()));
    names.extend(records.gift_cards_bought.iter().map(|c| c.from_name.clone()));
    let mut seen = HashSet::new();
    names.retain(|name| name.chars().count() >= 4 && seen.insert(name.to_lowercase()));
    // Longest first, so "Jane Doe" is replaced before a "Jane D." inside it could be.
    names.sort_by_key(|name| std::cmp::Reverse(name.len()));
    names
}

/// Runs an UPDATE that puts `name` and `address` (`$2`, `$3`) where the
/// rows of `email` (`$1`) named her; answers how many rows.
fn replace_person(
    conn: &mut PgConnection,
    statement: &str,
    email: &str,
    name: &str,
    address: &str,
) -> RepoResult<usize> {
    diesel::sql_query(statement)
        .bind::<Text, _>(email)
        .bind::<Text, _>(name)
        .bind::<Text, _>(address)
        .execute(conn)
        .map_err(storage)
}

fn erase(
    conn: &mut PgConnection,
    email: &str,
    pseudonym: &Pseudonym,
    request: Option<Uuid>,
    actor: &Actor,
    today: NaiveDate,
    now: DateTime<Utc>,
) -> Result<ErasureCounts, ErasureError> {
    // Her bookings and orders are locked first, so nothing books or
    // changes them between the check below and the rewrite.
    let at_stake: Vec<(String, NaiveDate, Option<NaiveDate>)> = bookings::table
        .filter(lower(bookings::email).eq(email))
        .select((bookings::status, bookings::date, bookings::check_out))
        .for_update()
        .load(conn)
        .map_err(storage)?;
    let order_states: Vec<String> = orders::table
        .filter(lower(orders::email).eq(email))
        .select(orders::status)
        .for_update()
        .load(conn)
        .map_err(storage)?;
    let booked: Vec<BookingAtStake> = at_stake
        .iter()
        .filter_map(|(status, date, check_out)| {
            Some(BookingAtStake {
                status: BookingStatus::from_text(status)?,
                last_day: check_out.unwrap_or(*date),
            })
        })
        .collect();
    let ordered: Vec<OrderStatus> = order_states.iter().filter_map(|s| OrderStatus::from_text(s)).collect();
    if let Some(blocked) = erasure_blocked(&booked, &ordered, today) {
        return Err(ErasureError::Blocked(blocked));
    }
    let records = gather(conn, email)?;
    let own_requests: i64 = privacy_requests::table
        .filter(lower(privacy_requests::email).eq(email))
        .count()
        .get_result(conn)
        .map_err(storage)?;
    let held = !records.bookings.is_empty()
        || !records.orders.is_empty()
        || !records.gift_cards_bought.is_empty()
        || !records.gift_cards_received.is_empty()
        || !records.messages.is_empty()
        || records.newsletter_since.is_some()
        || !records.ratings.is_empty()
        || !records.waitlist.is_empty()
        || !records.mail.is_empty()
        || records.follow_ups_stopped
        || !records.intake.is_empty()
        || own_requests > 0;
    if !held {
        return Err(ErasureError::NothingHeld);
    }
    let names = names_of(&records);
    // Every record about her, for the mail written about it (the owner's
    // alerts too) and the audit trail's lines about it. The cards she bought
    // for someone else are that person's: their mail stays.
    let mut related: Vec<Uuid> = Vec::new();
    related.extend(records.bookings.iter().map(|b| b.id));
    related.extend(records.orders.iter().map(|o| o.id));
    related.extend(records.messages.iter().map(|(m, _)| m.id));
    related.extend(records.waitlist.iter().map(|w| w.id));
    related.extend(records.ratings.iter().map(|r| r.id));
    related.extend(records.gift_cards_received.iter().map(|c| c.id));
    let offers: Vec<Uuid> = crate::schema::waitlist_offers::table
        .filter(crate::schema::waitlist_offers::entry_id.eq_any(records.waitlist.iter().map(|w| w.id)))
        .select(crate::schema::waitlist_offers::id)
        .load(conn)
        .map_err(storage)?;
    related.extend(offers);
    let requests: Vec<Uuid> = privacy_requests::table
        .filter(lower(privacy_requests::email).eq(email))
        .select(privacy_requests::id)
        .load(conn)
        .map_err(storage)?;
    related.extend(requests);

    let code = pseudonym.code();
    let erased_email = pseudonym.email();
    let first = domain::privacy::ERASED_FIRST_NAME;
    let full = pseudonym.full_name();
    let run = |conn: &mut PgConnection,
               query: diesel::query_builder::BoxedSqlQuery<
        '_,
        diesel::pg::Pg,
        diesel::query_builder::SqlQuery,
    >| { query.execute(conn).map_err(storage) };

    // Kept for the accounts: what was booked and bought, when, for how much,
    // refunds. Gone: who she is and her words.
    let bookings = run(
        conn,
        diesel::sql_query(
            "UPDATE bookings SET first_name = $2, last_name = $3, email = $4, notes = NULL \
             WHERE lower(email) = $1",
        )
        .into_boxed()
        .bind::<Text, _>(email)
        .bind::<Text, _>(first)
        .bind::<Text, _>(code)
        .bind::<Text, _>(&erased_email),
    )?;
    // The city, state and ZIP stay: sales tax is owed where a parcel went.
    let orders = run(
        conn,
        diesel::sql_query(
            "UPDATE orders SET first_name = $2, last_name = $3, email = $4, phone = NULL, address = 'Erased' \
             WHERE lower(email) = $1",
        )
        .into_boxed()
        .bind::<Text, _>(email)
        .bind::<Text, _>(first)
        .bind::<Text, _>(code)
        .bind::<Text, _>(&erased_email),
    )?;
    let received = replace_person(
        conn,
        "UPDATE gift_cards SET recipient_name = $2, recipient_email = $3, message = NULL \
             WHERE lower(recipient_email) = $1",
        email,
        &full,
        &erased_email,
    )?;
    let bought = replace_person(
        conn,
        "UPDATE gift_cards SET from_name = $2, buyer_email = $3, message = NULL \
             WHERE lower(buyer_email) = $1",
        email,
        &full,
        &erased_email,
    )?;
    // The stars stay in the services' averages; her words, her name and the reply to her go.
    let ratings = replace_person(
        conn,
        "UPDATE ratings SET author = $2, email = $3, comment = NULL, may_quote = false, reply = NULL, \
             replied_at = NULL WHERE lower(email) = $1",
        email,
        &full,
        &erased_email,
    )?;
    let messages_deleted =
        diesel::delete(contact_messages::table.filter(lower(contact_messages::email).eq(email)))
            .execute(conn)
            .map_err(storage)?;
    let waitlist_entries_deleted =
        diesel::delete(waitlist_entries::table.filter(lower(waitlist_entries::email).eq(email)))
            .execute(conn)
            .map_err(storage)?;
    let newsletter_deleted = diesel::delete(
        newsletter_subscriptions::table.filter(lower(newsletter_subscriptions::email).eq(email)),
    )
    .execute(conn)
    .map_err(storage)?
        > 0;
    let intake_forms_deleted = run(
        conn,
        diesel::sql_query("DELETE FROM intake_answers WHERE lower(email) = $1")
            .into_boxed()
            .bind::<Text, _>(email),
    )?;
    diesel::delete(follow_up_opt_outs::table.filter(follow_up_opt_outs::email.eq(email)))
        .execute(conn)
        .map_err(storage)?;
    let mail_deleted = run(
        conn,
        diesel::sql_query(
            "DELETE FROM outbox_messages WHERE lower(recipient) = $1 OR related_id = ANY($2) \
             OR strpos(lower(text_body), $1) > 0",
        )
        .into_boxed()
        .bind::<Text, _>(email)
        .bind::<Array<diesel::sql_types::Uuid>, _>(&related),
    )?;
    // The trail keeps what was done, by whom and when; lines about her name
    // the pseudonym instead of her.
    let address_pattern = literal_pattern(email);
    let names_pattern = names.iter().map(|name| literal_pattern(name)).collect::<Vec<_>>().join("|");
    run(
        conn,
        diesel::sql_query(
            "UPDATE audit_log SET \
               actor = CASE WHEN lower(actor) = $1 THEN $2 ELSE actor END, \
               summary = CASE WHEN $4 = '' THEN regexp_replace(summary, $3, $2, 'gi') \
                 ELSE regexp_replace(regexp_replace(summary, $3, $2, 'gi'), $4, $5, 'gi') END \
             WHERE lower(actor) = $1 OR summary ~* $3 OR entity_id = ANY($6)",
        )
        .into_boxed()
        .bind::<Text, _>(email)
        .bind::<Text, _>(&erased_email)
        .bind::<Text, _>(&address_pattern)
        .bind::<Text, _>(&names_pattern)
        .bind::<Text, _>(&full)
        .bind::<Array<diesel::sql_types::Uuid>, _>(&related),
    )?;
    diesel::update(privacy_requests::table.filter(lower(privacy_requests::email).eq(email)))
        .set(privacy_requests::email.eq(&erased_email))
        .execute(conn)
        .map_err(storage)?;
    if let Some(id) = request {
        diesel::update(privacy_requests::table.find(id))
            .set((privacy_requests::done_at.eq(now), privacy_requests::done_by.eq(&actor.email)))
            .execute(conn)
            .map_err(storage)?;
    }
    let counts = ErasureCounts {
        pseudonym: code.to_owned(),
        bookings,
        orders,
        gift_cards: received + bought,
        ratings,
        messages_deleted,
        waitlist_entries_deleted,
        mail_deleted,
        newsletter_deleted,
        intake_forms_deleted,
    };
    let summary = format!(
        "Erased a guest's details: now {code} ({} bookings, {} orders, {} gift cards, {} ratings kept; \
         {} messages, {} waitlist entries, {} intake forms, {} mails deleted)",
        counts.bookings,
        counts.orders,
        counts.gift_cards,
        counts.ratings,
        counts.messages_deleted,
        counts.waitlist_entries_deleted,
        counts.intake_forms_deleted,
        counts.mail_deleted
    );
    audit::record(
        conn,
        actor,
        AuditRecord::new(AuditEntity::GuestData, request, AuditAction::Erased, &summary),
    )?;
    Ok(counts)
}

#[async_trait]
impl PrivacyRepository for PgStore {
    async fn gather(&self, email: &str, reader: Reader) -> RepoResult<GuestRecords> {
        let email = email.trim().to_lowercase();
        self.run(move |conn| {
            transaction(conn, |conn| {
                let records = gather(conn, &email)?;
                let (actor, summary, request) = match &reader {
                    Reader::Team(actor) => (
                        actor.clone(),
                        format!("Gathered what is held about {email}: {}", records.tally()),
                        None,
                    ),
                    Reader::Guest(request) => (
                        Actor::guest(&email),
                        format!("The guest opened her copy: {}", records.tally()),
                        Some(*request),
                    ),
                };
                audit::record(
                    conn,
                    &actor,
                    AuditRecord::new(AuditEntity::GuestData, request, AuditAction::Exported, &summary),
                )?;
                Ok(records)
            })
        })
        .await
    }

    async fn erase(
        &self,
        email: &str,
        pseudonym: &Pseudonym,
        request: Option<Uuid>,
        actor: Actor,
        today: NaiveDate,
        now: DateTime<Utc>,
    ) -> Result<ErasureCounts, ErasureError> {
        let email = email.trim().to_lowercase();
        let pseudonym = pseudonym.clone();
        // A refusal writes nothing: its (empty) transaction commits and the reason is answered.
        self.run(move |conn| {
            transaction(conn, |conn| match erase(conn, &email, &pseudonym, request, &actor, today, now) {
                Ok(counts) => Ok(Ok(counts)),
                Err(ErasureError::Repo(error)) => Err(error),
                Err(refused) => Ok(Err(refused)),
            })
        })
        .await?
    }

    async fn ask(
        &self,
        email: &str,
        kind: PrivacyRequestKind,
        now: DateTime<Utc>,
    ) -> RepoResult<PrivacyRequest> {
        let store = self.clone();
        let email = email.trim().to_lowercase();
        self.run(move |conn| {
            transaction(conn, |conn| {
                // Unconfirmed requests (an address someone typed) are kept no longer than their link.
                diesel::delete(
                    privacy_requests::table.filter(privacy_requests::confirmed_at.is_null()).filter(
                        privacy_requests::created_at.lt(now - chrono::Duration::days(UNCONFIRMED_DAYS)),
                    ),
                )
                .execute(conn)
                .map_err(storage)?;
                let request: PrivacyRequest = diesel::insert_into(privacy_requests::table)
                    .values((
                        privacy_requests::id.eq(Uuid::new_v4()),
                        privacy_requests::email.eq(&email),
                        privacy_requests::kind.eq(kind.as_str()),
                        privacy_requests::created_at.eq(now),
                    ))
                    .returning(RequestRow::as_returning())
                    .get_result(conn)
                    .map_err(storage)?
                    .try_into()?;
                store.enqueue(conn, &MailEvent::PrivacyRequested { request: request.clone() })?;
                Ok(request)
            })
        })
        .await
    }

    async fn confirm(&self, id: Uuid, now: DateTime<Utc>) -> Result<PrivacyRequest, PrivacyRequestError> {
        let store = self.clone();
        self.run(move |conn| {
            transaction(conn, |conn| {
                let request: Option<PrivacyRequest> = privacy_requests::table
                    .find(id)
                    .select(RequestRow::as_select())
                    .for_update()
                    .first(conn)
                    .optional()
                    .map_err(storage)?
                    .map(PrivacyRequest::try_from)
                    .transpose()?;
                let Some(request) = request else { return Ok(Err(PrivacyRequestError::NotFound)) };
                if !request.may_confirm(now) {
                    return Ok(Err(PrivacyRequestError::Expired));
                }
                if request.confirmed_at.is_some() {
                    return Ok(Ok(request));
                }
                diesel::update(privacy_requests::table.find(id))
                    .set(privacy_requests::confirmed_at.eq(now))
                    .execute(conn)
                    .map_err(storage)?;
                let request = find_request(conn, id)?;
                let what = match request.kind {
                    PrivacyRequestKind::Copy => "a copy of her data",
                    PrivacyRequestKind::Erasure => "the erasure of her data",
                };
                audit::record(
                    conn,
                    &Actor::guest(&request.email),
                    AuditRecord::new(
                        AuditEntity::PrivacyRequest,
                        Some(id),
                        AuditAction::Confirmed,
                        &format!("A guest confirmed her request for {what}"),
                    ),
                )?;
                store.enqueue(conn, &MailEvent::PrivacyRequestConfirmed { request: request.clone() })?;
                Ok(Ok(request))
            })
        })
        .await?
    }

    async fn request(&self, id: Uuid) -> RepoResult<PrivacyRequest> {
        self.run(move |conn| find_request(conn, id)).await
    }

    async fn requests(&self, done_since: DateTime<Utc>) -> RepoResult<Vec<PrivacyRequest>> {
        self.run(move |conn| {
            let open = privacy_requests::table
                .filter(privacy_requests::confirmed_at.is_not_null())
                .filter(privacy_requests::done_at.is_null())
                .order((privacy_requests::confirmed_at.asc(), privacy_requests::id.asc()))
                .select(RequestRow::as_select())
                .load(conn)
                .map_err(storage)?;
            let done = privacy_requests::table
                .filter(privacy_requests::done_at.ge(done_since))
                .order((privacy_requests::done_at.desc(), privacy_requests::id.desc()))
                .select(RequestRow::as_select())
                .load(conn)
                .map_err(storage)?;
            convert_all(open.into_iter().chain(done).collect())
        })
        .await
    }

    async fn copy_sent(
        &self,
        id: Uuid,
        actor: Actor,
        now: DateTime<Utc>,
    ) -> Result<PrivacyRequest, PrivacyRequestError> {
        let store = self.clone();
        self.run(move |conn| {
            transaction(conn, |conn| {
                let updated = diesel::update(
                    privacy_requests::table
                        .find(id)
                        .filter(privacy_requests::done_at.is_null())
                        .filter(privacy_requests::confirmed_at.is_not_null()),
                )
                .set((privacy_requests::done_at.eq(now), privacy_requests::done_by.eq(&actor.email)))
                .execute(conn)
                .map_err(storage)?;
                if updated == 0 {
                    return Ok(Err(PrivacyRequestError::AlreadyDone));
                }
                let request = find_request(conn, id)?;
                audit::record(
                    conn,
                    &actor,
                    AuditRecord::new(
                        AuditEntity::PrivacyRequest,
                        Some(id),
                        AuditAction::Exported,
                        "Sent a guest the link to the copy of her data",
                    ),
                )?;
                store.enqueue(conn, &MailEvent::PrivacyCopyReady { request: request.clone() })?;
                Ok(Ok(request))
            })
        })
        .await?
    }
}
