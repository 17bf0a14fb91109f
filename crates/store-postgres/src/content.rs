use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use uuid::Uuid;

use domain::Email;
use domain::audit::{Actor, AuditEntity, AuditRecord};
use domain::content::{
    BlogPost, ContactMessage, ContactReply, MessageQuery, MessageState, MessageThread, MessageTimes,
    NewBlogPost, NewContactMessage, NewsletterSubscription, ReplyMail, ReplyText, SubscriberQuery,
};
use domain::mail::{MailEvent, MailState};
use domain::paging::Page;
use ports::{ContentRepository, PostError, RepoResult};

use crate::catalog::exactly_one;
use crate::money::CorruptRow;
use crate::paging::{self, Condition};
use crate::rows::{MessageRow, PostRow, SubscriptionRow, convert_all};
use crate::schema::{
    blog_posts, contact_message_replies, contact_messages, dashboard_totals, newsletter_subscriptions,
    outbox_messages,
};
use crate::{Constraint, PgStore, audit, refusable_transaction, storage, transaction, violates};

/// A taken slug is the post's own refusal; anything else is the store's.
fn refused_or_failed(error: diesel::result::Error) -> RepoResult<Result<BlogPost, PostError>> {
    if violates(&error, Constraint::Unique, "blog_posts_slug_key") {
        Ok(Err(PostError::DuplicateSlug))
    } else {
        Err(storage(error))
    }
}

#[derive(Insertable, AsChangeset)]
#[diesel(table_name = blog_posts)]
pub(crate) struct PostValues<'a> {
    title: &'a str,
    slug: &'a str,
    excerpt: &'a str,
    content: &'a str,
    image: &'a str,
    /// Only set by the demo loader; new posts take the database's `now()`.
    #[diesel(treat_none_as_default_value = true)]
    published_at: Option<DateTime<Utc>>,
}

pub(crate) fn post_values(post: &NewBlogPost, published_at: Option<DateTime<Utc>>) -> PostValues<'_> {
    PostValues {
        title: post.title.as_str(),
        slug: post.slug.as_str(),
        excerpt: post.excerpt.as_str(),
        content: post.content.as_str(),
        image: post.image.as_str(),
        published_at,
    }
}

/// The message `id`, locked for the rest of the transaction.
fn lock_message(conn: &mut PgConnection, id: Uuid) -> RepoResult<ContactMessage> {
    contact_messages::table
        .find(id)
        .select(MessageRow::as_select())
        .for_update()
        .first(conn)
        .map(ContactMessage::from)
        .map_err(storage)
}

/// Puts the message in `state` at `now`; answers it as it is afterwards.
fn mark(
    conn: &mut PgConnection,
    message: &ContactMessage,
    state: MessageState,
    now: DateTime<Utc>,
) -> RepoResult<ContactMessage> {
    let times = state.times(MessageTimes { read_at: message.read_at, answered_at: message.answered_at }, now);
    diesel::update(contact_messages::table.find(message.id))
        .set((
            contact_messages::read_at.eq(times.read_at),
            contact_messages::answered_at.eq(times.answered_at),
        ))
        .returning(MessageRow::as_returning())
        .get_result(conn)
        .map(ContactMessage::from)
        .map_err(storage)
}

#[derive(Queryable)]
pub(crate) struct ReplyRow {
    id: Uuid,
    message_id: Uuid,
    body: String,
    sent_by: String,
    created_at: DateTime<Utc>,
    outbox_id: Option<Uuid>,
    mail_state: Option<String>,
}

impl TryFrom<ReplyRow> for ContactReply {
    type Error = ports::RepoError;

    fn try_from(row: ReplyRow) -> RepoResult<Self> {
        let mail = match (row.outbox_id, row.mail_state) {
            (Some(id), Some(state)) => Some(ReplyMail {
                id,
                state: MailState::from_text(&state)
                    .ok_or_else(|| ports::RepoError::storage(CorruptRow(state.clone())))?,
            }),
            _ => None,
        };
        Ok(ContactReply {
            id: row.id,
            message_id: row.message_id,
            text: row.body,
            sent_by: row.sent_by,
            created_at: row.created_at,
            mail,
        })
    }
}

/// What a message query asks of the rows, but where its page starts.
pub(crate) fn message_conditions(query: &MessageQuery) -> Vec<Condition<contact_messages::table>> {
    use contact_messages as m;
    let mut conditions: Vec<Condition<m::table>> = Vec::new();
    if let Some(search) = &query.search {
        conditions.push(Box::new(m::search_text.like(search.like_pattern())));
    }
    // The states as the partial indexes have them (new: not read; answered: answered).
    match query.state {
        None => {}
        Some(MessageState::New) => conditions.push(Box::new(m::read_at.is_null())),
        Some(MessageState::Read) => {
            conditions.push(Box::new(m::read_at.is_not_null().and(m::answered_at.is_null())))
        }
        Some(MessageState::Answered) => conditions.push(Box::new(m::answered_at.is_not_null())),
    }
    if let Some(from) = query.received_from {
        conditions.push(Box::new(m::created_at.ge(from)));
    }
    if let Some(until) = query.received_until {
        conditions.push(Box::new(m::created_at.lt(until)));
    }
    conditions
}

/// What a subscriber query asks of the rows, but where its page starts.
pub(crate) fn subscriber_conditions(
    query: &SubscriberQuery,
) -> Vec<Condition<newsletter_subscriptions::table>> {
    use newsletter_subscriptions as n;
    let mut conditions: Vec<Condition<n::table>> = Vec::new();
    if let Some(search) = &query.search {
        conditions.push(Box::new(n::search_text.like(search.like_pattern())));
    }
    if let Some(from) = query.joined_from {
        conditions.push(Box::new(n::created_at.ge(from)));
    }
    if let Some(until) = query.joined_until {
        conditions.push(Box::new(n::created_at.lt(until)));
    }
    conditions
}

#[async_trait]
impl ContentRepository for PgStore {
    async fn list_posts(&self) -> RepoResult<Vec<BlogPost>> {
        self.run(|conn| {
            let rows = blog_posts::table
                .select(PostRow::as_select())
                .order((blog_posts::published_at.desc(), blog_posts::id.asc()))
                .load(conn)
                .map_err(storage)?;
            convert_all(rows)
        })
        .await
    }

    async fn get_post_by_slug(&self, slug: &str) -> RepoResult<BlogPost> {
        let slug = slug.to_owned();
        self.run(move |conn| {
            blog_posts::table
                .filter(blog_posts::slug.eq(slug))
                .select(PostRow::as_select())
                .first(conn)
                .map_err(storage)?
                .try_into()
        })
        .await
    }

    async fn create_post(&self, post: NewBlogPost, actor: Actor) -> Result<BlogPost, PostError> {
        self.run(move |conn| {
            refusable_transaction(conn, |conn| {
                let row = diesel::insert_into(blog_posts::table)
                    .values(post_values(&post, None))
                    .returning(PostRow::as_returning())
                    .get_result(conn);
                let created = match row {
                    Ok(row) => BlogPost::try_from(row)?,
                    Err(error) => return refused_or_failed(error),
                };
                audit::record(
                    conn,
                    &actor,
                    AuditRecord::created(AuditEntity::BlogPost, created.id, &created),
                )?;
                Ok(Ok(created))
            })
        })
        .await?
    }

    async fn update_post(&self, id: Uuid, post: NewBlogPost, actor: Actor) -> Result<BlogPost, PostError> {
        self.run(move |conn| {
            refusable_transaction(conn, |conn| {
                let before: BlogPost = blog_posts::table
                    .find(id)
                    .select(PostRow::as_select())
                    .for_update()
                    .first(conn)
                    .map_err(storage)?
                    .try_into()?;
                // The publication date stays what it was.
                let row = diesel::update(blog_posts::table.find(id))
                    .set((
                        blog_posts::title.eq(post.title.as_str()),
                        blog_posts::slug.eq(post.slug.as_str()),
                        blog_posts::excerpt.eq(post.excerpt.as_str()),
                        blog_posts::content.eq(post.content.as_str()),
                        blog_posts::image.eq(post.image.as_str()),
                    ))
                    .returning(PostRow::as_returning())
                    .get_result(conn);
                let after = match row {
                    Ok(row) => BlogPost::try_from(row)?,
                    Err(error) => return refused_or_failed(error),
                };
                audit::record(
                    conn,
                    &actor,
                    AuditRecord::updated(AuditEntity::BlogPost, id, &before, &after),
                )?;
                Ok(Ok(after))
            })
        })
        .await?
    }

    async fn delete_post(&self, id: Uuid, actor: Actor) -> RepoResult<()> {
        self.run(move |conn| {
            transaction(conn, |conn| {
                let deleted: BlogPost = diesel::delete(blog_posts::table.find(id))
                    .returning(PostRow::as_returning())
                    .get_result(conn)
                    .map_err(storage)?
                    .try_into()?;
                audit::record(conn, &actor, AuditRecord::deleted(AuditEntity::BlogPost, id, &deleted))
            })
        })
        .await
    }

    async fn create_message(&self, message: NewContactMessage) -> RepoResult<ContactMessage> {
        let store = self.clone();
        self.run(move |conn| {
            transaction(conn, |conn| {
                let message: ContactMessage = diesel::insert_into(contact_messages::table)
                    .values((
                        contact_messages::first_name.eq(message.first_name.as_str()),
                        contact_messages::last_name.eq(message.last_name.as_str()),
                        contact_messages::email.eq(message.email.as_str()),
                        contact_messages::interest.eq(message.interest.map(|i| i.as_str())),
                        contact_messages::message.eq(message.message.as_str()),
                    ))
                    .returning(MessageRow::as_returning())
                    .get_result(conn)
                    .map(ContactMessage::from)
                    .map_err(storage)?;
                store.enqueue(conn, &MailEvent::ContactReceived { message: message.clone() })?;
                Ok(message)
            })
        })
        .await
    }

    async fn list_messages(&self) -> RepoResult<Vec<ContactMessage>> {
        self.run(|conn| {
            let rows: Vec<MessageRow> = contact_messages::table
                .select(MessageRow::as_select())
                .order((contact_messages::created_at.desc(), contact_messages::id.asc()))
                .load(conn)
                .map_err(storage)?;
            Ok(rows.into_iter().map(ContactMessage::from).collect())
        })
        .await
    }

    async fn page_messages(&self, query: MessageQuery) -> RepoResult<Page<ContactMessage>> {
        self.run(move |conn| {
            let page = paging::read_page!(
                conn,
                contact_messages,
                MessageRow,
                message_conditions(&query),
                query.page,
                query.search.is_some(),
                Some(|conn| dashboard_totals::table.select(dashboard_totals::contact_messages).first(conn)),
                None
            );
            Ok(page.map(ContactMessage::from))
        })
        .await
    }

    async fn delete_message(&self, id: Uuid, actor: Actor) -> RepoResult<()> {
        self.run(move |conn| {
            transaction(conn, |conn| {
                let deleted = diesel::delete(contact_messages::table.find(id))
                    .returning(MessageRow::as_returning())
                    .get_result(conn)
                    .map(ContactMessage::from)
                    .map_err(storage)?;
                audit::record(conn, &actor, AuditRecord::deleted(AuditEntity::ContactMessage, id, &deleted))
            })
        })
        .await
    }

    async fn get_message(&self, id: Uuid) -> RepoResult<MessageThread> {
        self.run(move |conn| {
            let message = contact_messages::table
                .find(id)
                .select(MessageRow::as_select())
                .first(conn)
                .map(ContactMessage::from)
                .map_err(storage)?;
            let rows: Vec<ReplyRow> = contact_message_replies::table
                .left_join(outbox_messages::table)
                .filter(contact_message_replies::message_id.eq(id))
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
                .load(conn)
                .map_err(storage)?;
            let replies = rows.into_iter().map(ContactReply::try_from).collect::<RepoResult<_>>()?;
            Ok(MessageThread { message, replies })
        })
        .await
    }

    async fn set_message_state(
        &self,
        id: Uuid,
        state: MessageState,
        now: DateTime<Utc>,
        actor: Actor,
    ) -> RepoResult<ContactMessage> {
        self.run(move |conn| {
            transaction(conn, |conn| {
                let before = lock_message(conn, id)?;
                if before.state() == state {
                    // Nothing changes, so nothing is written or recorded.
                    return Ok(before);
                }
                let after = mark(conn, &before, state, now)?;
                audit::record(
                    conn,
                    &actor,
                    AuditRecord::status_changed(AuditEntity::ContactMessage, id, &before, &after),
                )?;
                Ok(after)
            })
        })
        .await
    }

    async fn reply_to_message(
        &self,
        id: Uuid,
        text: ReplyText,
        now: DateTime<Utc>,
        actor: Actor,
    ) -> RepoResult<ContactReply> {
        let store = self.clone();
        self.run(move |conn| {
            transaction(conn, |conn| {
                let before = lock_message(conn, id)?;
                let mut reply = ContactReply {
                    id: Uuid::new_v4(),
                    message_id: id,
                    text: text.into_string(),
                    sent_by: actor.email.clone(),
                    created_at: now,
                    mail: None,
                };
                let event = MailEvent::ContactReplied { message: before.clone(), reply: reply.clone() };
                // One mail: to the guest (`plan_mail`).
                reply.mail = store
                    .enqueue_returning_ids(conn, &event)?
                    .first()
                    .map(|&mail| ReplyMail { id: mail, state: MailState::Queued });
                diesel::insert_into(contact_message_replies::table)
                    .values((
                        contact_message_replies::id.eq(reply.id),
                        contact_message_replies::message_id.eq(id),
                        contact_message_replies::body.eq(&reply.text),
                        contact_message_replies::sent_by.eq(&reply.sent_by),
                        contact_message_replies::outbox_id.eq(reply.mail.map(|mail| mail.id)),
                        contact_message_replies::created_at.eq(now),
                    ))
                    .execute(conn)
                    .map_err(storage)?;
                let answered = mark(conn, &before, MessageState::Answered, now)?;
                audit::record(conn, &actor, AuditRecord::replied(&answered, &reply))?;
                Ok(reply)
            })
        })
        .await
    }

    async fn subscribe(&self, email: Email) -> RepoResult<NewsletterSubscription> {
        let store = self.clone();
        self.run(move |conn| {
            transaction(conn, |conn| {
                #[derive(QueryableByName)]
                struct Signed {
                    #[diesel(sql_type = diesel::sql_types::Uuid)]
                    id: Uuid,
                    #[diesel(sql_type = diesel::sql_types::Text)]
                    email: String,
                    #[diesel(sql_type = diesel::sql_types::Timestamptz)]
                    created_at: DateTime<Utc>,
                    #[diesel(sql_type = diesel::sql_types::Bool)]
                    inserted: bool,
                }
                // Signing up again renews the sign-up (its time moves to now),
                // so the answer is the same for a new and an existing address;
                // only a first sign-up is welcomed (xmax = 0: the row is new).
                let signed: Signed = diesel::sql_query(
                    "INSERT INTO newsletter_subscriptions (email) VALUES ($1) \
                     ON CONFLICT (email) DO UPDATE SET created_at = now() \
                     RETURNING id, email, created_at, (xmax = 0) AS inserted",
                )
                .bind::<diesel::sql_types::Text, _>(email.as_str())
                .get_result(conn)
                .map_err(storage)?;
                let subscription = NewsletterSubscription {
                    id: signed.id,
                    email: signed.email,
                    created_at: signed.created_at,
                };
                if signed.inserted {
                    store
                        .enqueue(conn, &MailEvent::NewsletterJoined { subscription: subscription.clone() })?;
                }
                Ok(subscription)
            })
        })
        .await
    }

    async fn page_subscriptions(&self, query: SubscriberQuery) -> RepoResult<Page<NewsletterSubscription>> {
        self.run(move |conn| {
            let page = paging::read_page!(
                conn,
                newsletter_subscriptions,
                SubscriptionRow,
                subscriber_conditions(&query),
                query.page,
                query.search.is_some(),
                Some(|conn| dashboard_totals::table
                    .select(dashboard_totals::newsletter_subscriptions)
                    .first(conn)),
                None
            );
            Ok(page.map(NewsletterSubscription::from))
        })
        .await
    }

    async fn unsubscribe(&self, id: Uuid) -> RepoResult<()> {
        self.run(move |conn| {
            exactly_one(
                diesel::delete(newsletter_subscriptions::table.find(id)).execute(conn).map_err(storage)?,
            )
        })
        .await
    }

    async fn list_subscriptions(&self) -> RepoResult<Vec<NewsletterSubscription>> {
        self.run(|conn| {
            let rows: Vec<SubscriptionRow> = newsletter_subscriptions::table
                .select(SubscriptionRow::as_select())
                .order((newsletter_subscriptions::created_at.desc(), newsletter_subscriptions::id.asc()))
                .load(conn)
                .map_err(storage)?;
            Ok(rows.into_iter().map(NewsletterSubscription::from).collect())
        })
        .await
    }
}
