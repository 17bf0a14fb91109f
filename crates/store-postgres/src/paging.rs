//! The SQL of a page (issue 23, `domain::paging`): the keyset condition, the
//! search condition and the capped count, written once for every list.
//!
//! Each list has an index on `(created_at DESC, id DESC)` and a trigram index
//! on the lower-cased text it is searched by (the migration
//! `2026-11-29-000001_dashboard_at_scale`). The search expressions below must
//! stay character for character the indexed ones, or PostgreSQL reads every
//! row; `tests/api/paging_plans.rs` fails when a page does.

use diesel::dsl::sql;
use diesel::pg::{Pg, PgConnection};
use diesel::prelude::*;
use diesel::query_builder::{AstPass, Query, QueryFragment, QueryId};
use diesel::sql_types::{Bool, Text, Timestamptz, Uuid as SqlUuid};

use domain::paging::{COUNT_CAP, PageStart, Search};

/// A condition of a page's query on table `T`.
pub(crate) type Condition<T> = Box<dyn BoxableExpression<T, Pg, SqlType = Bool>>;

/// Rows counted for a total: one past the cap says "at least" (`Total::from_capped`).
pub(crate) const COUNT_LIMIT: i64 = COUNT_CAP + 1;

/// The text an order is searched by (as indexed by `orders_search_idx`).
pub(crate) const ORDER_SEARCH_TEXT: &str =
    "lower(orders.first_name || ' ' || orders.last_name || ' ' || orders.email)";
/// The text a contact message is searched by (as indexed by `contact_messages_search_idx`).
pub(crate) const MESSAGE_SEARCH_TEXT: &str = "lower(contact_messages.first_name || ' ' || contact_messages.last_name \
     || ' ' || contact_messages.email || ' ' || contact_messages.message)";
/// The text a subscriber is searched by (as indexed by `newsletter_subscriptions_search_idx`).
pub(crate) const SUBSCRIBER_SEARCH_TEXT: &str = "lower(newsletter_subscriptions.email)";
/// The text a booking is searched by (as indexed by `bookings_search_idx`).
pub(crate) const BOOKING_SEARCH_TEXT: &str =
    "lower(bookings.first_name || ' ' || bookings.last_name || ' ' || bookings.email)";

/// The days a booking's visit holds, as indexed by `bookings_visit_idx`
/// (a treatment its day; a stay its nights, not its check-out day).
pub(crate) const VISIT_DAYS: &str =
    "daterange(bookings.date, COALESCE(bookings.check_out, bookings.date + 1))";

/// `<text> LIKE '%search%'`, through the trigram index on `text`.
pub(crate) fn text_matches<T: 'static>(text: &'static str, search: &Search) -> Condition<T> {
    Box::new(sql::<Bool>(&format!("{text} LIKE ")).bind::<Text, _>(search.like_pattern()))
}

/// Where the page starts: rows after the cursor in the newest-first order
/// (`(created_at, id) < (at, id)`) or before it (`>`), a row comparison
/// PostgreSQL reads as one range of the `(created_at DESC, id DESC)` index.
pub(crate) fn start<T: 'static>(table: &'static str, start: PageStart) -> Option<Condition<T>> {
    let (cursor, comparison) = match start {
        PageStart::Newest => return None,
        PageStart::After(cursor) => (cursor, "<"),
        PageStart::Before(cursor) => (cursor, ">"),
    };
    Some(Box::new(
        sql::<Bool>(&format!("({table}.created_at, {table}.id) {comparison} ("))
            .bind::<Timestamptz, _>(cursor.at)
            .sql(", ")
            .bind::<SqlUuid, _>(cursor.id)
            .sql(")"),
    ))
}

/// Whether the rows are read newest first (towards older pages) or oldest
/// first (a page before a cursor, towards the newest).
pub(crate) fn newest_first(start: PageStart) -> bool {
    !matches!(start, PageStart::Before(_))
}

/// The count query of a list: the ids of at most `COUNT_LIMIT` rows that
/// `$conditions` (an expression giving a fresh `Vec<Condition<_>>`) keep.
/// In the pages' order, so PostgreSQL reads them from the same index and
/// stops at the limit (unordered, it may read the table from its start).
macro_rules! count_select {
    ($table:ident, $conditions:expr) => {
        $conditions
            .into_iter()
            .fold($table::table.into_boxed(), |select, condition| select.filter(condition))
            .select($table::id)
            .order(($table::created_at.desc(), $table::id.desc()))
            .limit($crate::paging::COUNT_LIMIT)
    };
}
pub(crate) use count_select;

/// The page query of a list: `$table`'s rows as `$row` (which has `id` and
/// `created_at`) that `$conditions` keep, from where `$page` starts, one
/// more than the page holds.
macro_rules! page_select {
    ($table:ident, $row:ty, $conditions:expr, $page:expr) => {{
        let page: domain::paging::PageRequest = $page;
        let mut select = $conditions
            .into_iter()
            .fold($table::table.into_boxed(), |select, condition| select.filter(condition));
        if let Some(start) = $crate::paging::start::<$table::table>(stringify!($table), page.start) {
            select = select.filter(start);
        }
        select = if $crate::paging::newest_first(page.start) {
            select.order(($table::created_at.desc(), $table::id.desc()))
        } else {
            select.order(($table::created_at.asc(), $table::id.asc()))
        };
        select.select(<$row>::as_select()).limit(page.size + 1)
    }};
}
pub(crate) use page_select;

/// One page of a list (`page_select!`), with its capped count when asked.
/// Macros because each table is its own type to Diesel; the SQL they write
/// is the same for every list.
macro_rules! read_page {
    ($conn:expr, $table:ident, $row:ty, $conditions:expr, $page:expr) => {{
        use diesel::prelude::*;
        let page: domain::paging::PageRequest = $page;
        let total = if page.count_total {
            let counted = $crate::paging::count_select!($table, $conditions)
                .load::<uuid::Uuid>($conn)
                .map_err($crate::storage)?
                .len();
            Some(domain::paging::Total::from_capped(i64::try_from(counted).unwrap_or(i64::MAX)))
        } else {
            None
        };
        let rows = $crate::paging::page_select!($table, $row, $conditions, page)
            .load::<$row>($conn)
            .map_err($crate::storage)?;
        domain::paging::Page::from_rows(rows, page.start, page.size, total, |row: &$row| {
            domain::paging::Cursor { at: row.created_at, id: row.id }
        })
    }};
}
pub(crate) use read_page;

/// `EXPLAIN` before a query, its binds kept: the plan of exactly the query
/// the store runs.
pub(crate) struct Explain<Q>(pub Q);

impl<Q: QueryFragment<Pg>> QueryFragment<Pg> for Explain<Q> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        out.push_sql("EXPLAIN ");
        self.0.walk_ast(out.reborrow())
    }
}

impl<Q> QueryId for Explain<Q> {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl<Q> Query for Explain<Q> {
    type SqlType = Text;
}

impl<Q> RunQueryDsl<PgConnection> for Explain<Q> {}

/// A list whose query plans are asked for (`PgStore::list_plans`).
#[derive(Debug, Clone)]
pub enum ListPlan {
    Orders(domain::order::OrderQuery),
    Bookings(domain::booking::BookingQuery),
    Messages(domain::content::MessageQuery),
    Subscribers(domain::content::SubscriberQuery),
}

/// PostgreSQL's plans for a list's page and its count, a line per node.
#[derive(Debug, Clone)]
pub struct ListPlans {
    pub page: Vec<String>,
    pub count: Vec<String>,
}

impl crate::PgStore {
    /// The plans of the queries a page of `list` runs (`EXPLAIN`, not
    /// executed): for the plan test, which fails on a sequential scan of a
    /// big table, and for an operator wondering why a page is slow.
    pub async fn list_plans(&self, list: ListPlan) -> ports::RepoResult<ListPlans> {
        use crate::orders::order_conditions;
        use crate::rows::{BookingRow, MessageRow, SubscriptionRow};
        use crate::schema::{bookings, contact_messages, newsletter_subscriptions, orders};
        self.run(move |conn| {
            let explain =
                |conn: &mut PgConnection, query: &dyn QueryFragment<Pg>| -> ports::RepoResult<Vec<String>> {
                    Explain(query).load::<String>(conn).map_err(crate::storage)
                };
            Ok(match list {
                ListPlan::Orders(q) => ListPlans {
                    page: explain(
                        conn,
                        &page_select!(orders, crate::orders::OrderRow, order_conditions(&q), q.page),
                    )?,
                    count: explain(conn, &count_select!(orders, order_conditions(&q)))?,
                },
                ListPlan::Bookings(q) => {
                    use crate::bookings::booking_conditions;
                    ListPlans {
                        page: explain(
                            conn,
                            &page_select!(bookings, BookingRow, booking_conditions(&q), q.page),
                        )?,
                        count: explain(conn, &count_select!(bookings, booking_conditions(&q)))?,
                    }
                }
                ListPlan::Messages(q) => {
                    use crate::content::message_conditions;
                    ListPlans {
                        page: explain(
                            conn,
                            &page_select!(contact_messages, MessageRow, message_conditions(&q), q.page),
                        )?,
                        count: explain(conn, &count_select!(contact_messages, message_conditions(&q)))?,
                    }
                }
                ListPlan::Subscribers(q) => {
                    use crate::content::subscriber_conditions;
                    ListPlans {
                        page: explain(
                            conn,
                            &page_select!(
                                newsletter_subscriptions,
                                SubscriptionRow,
                                subscriber_conditions(&q),
                                q.page
                            ),
                        )?,
                        count: explain(
                            conn,
                            &count_select!(newsletter_subscriptions, subscriber_conditions(&q)),
                        )?,
                    }
                }
            })
        })
        .await
    }
}
