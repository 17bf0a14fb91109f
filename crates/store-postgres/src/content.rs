use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use uuid::Uuid;

use domain::Email;
use domain::audit::{Actor, AuditEntity, AuditRecord};
use domain::content::{
    BlogPost, ContactMessage, MessageQuery, MessageState, NewBlogPost, NewContactMessage,
    NewsletterSubscription, SubscriberQuery,
};
use domain::mail::MailEvent;
use domain::paging::Page;
use ports::{ContentRepository, PostError, RepoResult};

use crate::catalog::exactly_one;
use crate::paging::{self, Condition, MESSAGE_SEARCH_TEXT, SUBSCRIBER_SEARCH_TEXT};
use crate::rows::{MessageRow, PostRow, SubscriptionRow, convert_all};
use crate::schema::{blog_posts, contact_messages, newsletter_subscriptions};
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

/// What a message query asks of the rows, but where its page starts.
pub(crate) fn message_conditions(query: &MessageQuery) -> Vec<Condition<contact_messages::table>> {
    use contact_messages as m;
    let mut conditions: Vec<Condition<m::table>> = Vec::new();
    if let Some(search) = &query.search {
        conditions.push(paging::text_matches(MESSAGE_SEARCH_TEXT, search));
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
        conditions.push(paging::text_matches(SUBSCRIBER_SEARCH_TEXT, search));
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
                query.page
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
                query.page
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
