//! The SQL of a page (issue 23, `domain::paging`): the keyset condition, the
//! search condition and the capped count, written once for every list.
//!
//! Each list has an index on `(created_at DESC, id DESC)` (the migration
//! `2026-11-29-000001_dashboard_at_scale`) and a trigram index on its
//! `search_text`, the lower-cased text it is searched by (`<table>::search_text
//! .like(search.like_pattern())` in each list's conditions), stored when a row
//! is written (`2026-12-03-000001_stored_search_text`): a search reads up to
//! a few thousand rows' text, and lower-casing each as it was read was most
//! of a search's time. `tests/api/paging_plans.rs` fails when a page reads
//! every row instead of an index.

use std::marker::PhantomData;

use diesel::connection::{AnsiTransactionManager, TransactionManager};
use diesel::dsl::sql;
use diesel::pg::{Pg, PgConnection};
use diesel::prelude::*;
use diesel::query_builder::{AstPass, Query, QueryFragment, QueryId};
use diesel::sql_types::{BigInt, Bool, Text, Timestamptz, Uuid as SqlUuid};

use domain::paging::{PageStart, Total};

/// A condition of a page's query on table `T`.
pub(crate) type Condition<T> = Box<dyn BoxableExpression<T, Pg, SqlType = Bool>>;

/// Rows counted for a total: one past the cap says "at least"
/// (`Total::from_capped`), and a search stops sooner (`Total::cap`).
pub(crate) fn count_limit(searched: bool) -> i64 {
    Total::cap(searched) + 1
}

/// The days a booking's visit holds, as indexed by `bookings_visit_idx`
/// (a treatment its day; a stay its nights, not its check-out day).
const VISIT_DAYS: &str = "daterange(bookings.date, COALESCE(bookings.check_out, bookings.date + 1))";

/// The bookings whose visit holds a day from `first` to `last` (`None`: no
/// bound on that side): an overlap the GiST index on [`VISIT_DAYS`]
/// answers. The bookings list's visit filter, the calendar's counts, a
/// blackout's bookings and a day's capacity are read through it; written as
/// `date <= last AND (date >= first OR check_out > first)` they read every
/// booking ever made (an `OR` no index holds), 14 ms at 50,000 bookings.
pub(crate) fn visit_overlaps(
    first: Option<chrono::NaiveDate>,
    last: Option<chrono::NaiveDate>,
) -> Condition<crate::schema::bookings::table> {
    use diesel::sql_types::{Date, Nullable};
    Box::new(
        sql::<Bool>(VISIT_DAYS)
            .sql(" && daterange(")
            .bind::<Nullable<Date>, _>(first)
            .sql(", ")
            .bind::<Nullable<Date>, _>(last.and_then(|last| last.succ_opt()))
            .sql(")"),
    )
}

/// Where the page starts: rows after the cursor in the newest-first order
/// (`(created_at, id) < (at, id)`) or before it (`>`), a row comparison
/// PostgreSQL reads as one range of the `(created_at DESC, id DESC)` index.
pub(crate) fn start<T: 'static>(table: &'static str, start: PageStart) -> Option<Condition<T>> {
    start_by::<T>(table, "created_at", start)
}

/// As [`start`], for a table whose time column has another name.
pub(crate) fn start_by<T: 'static>(
    table: &'static str,
    time: &'static str,
    start: PageStart,
) -> Option<Condition<T>> {
    let (cursor, comparison) = match start {
        PageStart::Newest => return None,
        PageStart::After(cursor) => (cursor, "<"),
        PageStart::Before(cursor) => (cursor, ">"),
    };
    Some(Box::new(
        sql::<Bool>(&format!("({table}.{time}, {table}.id) {comparison} ("))
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

/// The count query of a list: how many of at most `count_limit(searched)`
/// rows `$conditions` (an expression giving a fresh `Vec<Condition<_>>`)
/// keep, counted by PostgreSQL ([`count_of`]). Filtered, in the pages'
/// order, so PostgreSQL reads them from the same index and stops at the limit (unordered, it may read the table from
/// its start). Searched, unordered: run [`through_search_index`], it reads
/// the matches the trigram index gives and stops at the limit, where the
/// pages' order made it read every match to sort them, or walk the whole
/// newest-first index when it guessed a word common.
macro_rules! count_select {
    ($table:ident, $conditions:expr, $searched:expr) => {{
        let searched: bool = $searched;
        let select = $conditions
            .into_iter()
            .fold($table::table.into_boxed(), |select, condition| select.filter(condition))
            .select($table::id)
            .limit($crate::paging::count_limit(searched));
        $crate::paging::count_of(if searched {
            select
        } else {
            select.order(($table::created_at.desc(), $table::id.desc()))
        })
    }};
}
pub(crate) use count_select;

/// A query written inside other SQL, its binds kept, answering `T`
/// ([`count_of`], [`explain`]).
pub(crate) struct Around<Q, T> {
    before: &'static str,
    query: Q,
    after: &'static str,
    answer: PhantomData<T>,
}

impl<Q: QueryFragment<Pg>, T> QueryFragment<Pg> for Around<Q, T> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        out.push_sql(self.before);
        self.query.walk_ast(out.reborrow())?;
        out.push_sql(self.after);
        Ok(())
    }
}

impl<Q, T> QueryId for Around<Q, T> {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl<Q, T> Query for Around<Q, T> {
    type SqlType = T;
}

impl<Q, T> RunQueryDsl<PgConnection> for Around<Q, T> {}

/// `SELECT count(*) FROM (<query>) AS counted`: a capped count in one row,
/// where reading the ids themselves sent up to ten thousand rows to the
/// server for every first page, to be decoded and thrown away.
pub(crate) fn count_of<Q>(query: Q) -> Around<Q, BigInt> {
    Around { before: "SELECT count(*) FROM (", query, after: ") AS counted", answer: PhantomData }
}

/// `EXPLAIN <query>`: the plan of exactly the query the store runs.
pub(crate) fn explain<Q>(query: Q) -> Around<Q, Text> {
    Around { before: "EXPLAIN ", query, after: "", answer: PhantomData }
}

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

/// The first step of a search's page: `page_select!` over only the
/// `window(size)` rows next from where the page starts, read by walking the
/// `(created_at, id)` index (the conditions apply outside the window, so
/// PostgreSQL cannot read the search's index for them instead).
macro_rules! window_select {
    ($table:ident, $row:ty, $conditions:expr, $page:expr) => {{
        let page: domain::paging::PageRequest = $page;
        $crate::paging::Windowed {
            table: stringify!($table),
            selection: <$row>::as_select(),
            start: $crate::paging::start::<$table::table>(stringify!($table), page.start),
            conditions: $conditions,
            newest_first: $crate::paging::newest_first(page.start),
            window: $crate::paging::window(page.size),
            limit: page.size + 1,
        }
    }};
}
pub(crate) use window_select;

/// One page of a list (`page_select!`), with its capped count when asked
/// (`$searched`: whether the conditions hold a search). Macros because each
/// table is its own type to Diesel; the SQL they write is the same for
/// every list.
///
/// A search reads its page in two steps. PostgreSQL's guess of how many
/// rows a `LIKE '%word%'` matches is poor, and either of its plans is slow
/// when it guesses wrong: read every match through the trigram index and
/// sort them by date (a name on 3 % of the orders: 30,000 of a million), or
/// walk the newest-first index until the page is full (a rare word: the
/// whole table). So the count is read through the trigram index
/// ([`through_search_index`]), stopping at a lower cap (`Total::cap`); when
/// it stopped, the page is first looked for among the next `window` rows
/// ([`window_select!`]): a full page there is the answer, in order, as
/// those are the rows that come next. Fewer there (or fewer than the cap in
/// all) means the word's matches are few enough to read them all from the
/// trigram index and sort them.
///
/// A list of every row (`$kept_total`: the table's count in
/// `dashboard_totals`, see [`KeptTotal`]) reads its total there instead of
/// counting: the first page of every tab, opened most often.
macro_rules! read_page {
    ($conn:expr, $table:ident, $row:ty, $conditions:expr, $page:expr, $searched:expr) => {
        $crate::paging::read_page!($conn, $table, $row, $conditions, $page, $searched, None)
    };
    ($conn:expr, $table:ident, $row:ty, $conditions:expr, $page:expr, $searched:expr, $kept_total:expr) => {{
        use diesel::prelude::*;
        let page: domain::paging::PageRequest = $page;
        let searched: bool = $searched;
        let kept_total: $crate::paging::KeptTotal = $kept_total;
        let total = if page.count_total {
            let count = |conn: &mut diesel::pg::PgConnection| {
                $crate::paging::count_select!($table, $conditions, searched).get_result::<i64>(conn)
            };
            let counted = match kept_total {
                Some(read_kept) if !searched && $conditions.is_empty() => {
                    read_kept($conn).map(|rows| rows.min($crate::paging::count_limit(false)))
                }
                _ if searched => $crate::paging::through_search_index($conn, count),
                _ => count($conn),
            }
            .map_err($crate::storage)?;
            Some(domain::paging::Total::from_capped(counted, domain::paging::Total::cap(searched)))
        } else {
            None
        };
        let read = |conn: &mut diesel::pg::PgConnection| {
            $crate::paging::page_select!($table, $row, $conditions, page).load::<$row>(conn)
        };
        // Counted to fewer than the cap, the matches are few enough to read
        // them all: the window would only cost a walk.
        let few = total.is_some_and(|total| total.exact);
        let rows = if searched {
            let windowed = if few {
                None
            } else {
                let rows = $crate::paging::window_select!($table, $row, $conditions, page)
                    .load::<$row>($conn)
                    .map_err($crate::storage)?;
                (i64::try_from(rows.len()).unwrap_or(i64::MAX) > page.size).then_some(rows)
            };
            match windowed {
                Some(rows) => rows,
                None => $crate::paging::through_search_index($conn, read).map_err($crate::storage)?,
            }
        } else {
            read($conn).map_err($crate::storage)?
        };
        domain::paging::Page::from_rows(rows, page.start, page.size, total, |row: &$row| {
            domain::paging::Cursor { at: row.created_at, id: row.id }
        })
    }};
}
pub(crate) use read_page;

/// How to read a table's count of rows from `dashboard_totals`, kept by
/// triggers as rows come and go (migration `2026-11-29-000001`), for the
/// tables that have one.
pub(crate) type KeptTotal = Option<fn(&mut PgConnection) -> QueryResult<i64>>;

/// The rows a search's page is first looked for among: forty pages' worth,
/// so a word on one row in forty or more (a common surname) fills its page
/// from them (`read_page!`), whatever the table's size.
pub(crate) fn window(size: i64) -> i64 {
    40 * (size + 1)
}

/// Runs `read` with PostgreSQL held to bitmap scans: for a search, the
/// trigram index. A search's count, and its page when the word is rare
/// among the newest rows, read the matches the index gives; left free, the
/// planner may instead walk the newest-first index over the whole table for
/// a word it guesses common (`read_page!`). `SET LOCAL` ends with the
/// transaction, so these hold for `read` alone. `BEGIN` goes with the
/// settings in one round trip (a search runs this once or twice), so this
/// runs outside any other transaction, as the store reads pages (Diesel
/// refuses it inside one: `AlreadyInTransaction`).
pub(crate) fn through_search_index<R>(
    conn: &mut PgConnection,
    read: impl FnOnce(&mut PgConnection) -> QueryResult<R>,
) -> QueryResult<R> {
    const BITMAP_SCANS_ONLY: &str = "SET LOCAL enable_seqscan = off; SET LOCAL enable_indexscan = off; SET LOCAL enable_indexonlyscan = off";
    AnsiTransactionManager::begin_transaction_sql(conn, &format!("BEGIN; {BITMAP_SCANS_ONLY}"))?;
    match read(conn) {
        Ok(value) => AnsiTransactionManager::commit_transaction(conn).map(|()| value),
        Err(error) => AnsiTransactionManager::rollback_transaction(conn).and(Err(error)),
    }
}

/// `SELECT <selection> FROM (the next window rows of table from start, in
/// the page's order) AS table WHERE <conditions> ORDER BY … LIMIT limit`:
/// the first step of a search's page (`window_select!`). The window keeps
/// the table's name, so the conditions read as they do on the table.
pub(crate) struct Windowed<T, S> {
    pub table: &'static str,
    pub selection: S,
    pub start: Option<Condition<T>>,
    pub conditions: Vec<Condition<T>>,
    pub newest_first: bool,
    pub window: i64,
    pub limit: i64,
}

impl<T, S: QueryFragment<Pg>> QueryFragment<Pg> for Windowed<T, S> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        let order = if self.newest_first {
            " ORDER BY created_at DESC, id DESC LIMIT "
        } else {
            " ORDER BY created_at ASC, id ASC LIMIT "
        };
        out.push_sql("SELECT ");
        self.selection.walk_ast(out.reborrow())?;
        out.push_sql(" FROM (SELECT * FROM ");
        out.push_identifier(self.table)?;
        if let Some(start) = &self.start {
            out.push_sql(" WHERE ");
            start.walk_ast(out.reborrow())?;
        }
        out.push_sql(order);
        out.push_bind_param::<BigInt, _>(&self.window)?;
        out.push_sql(") AS ");
        out.push_identifier(self.table)?;
        for (i, condition) in self.conditions.iter().enumerate() {
            out.push_sql(if i == 0 { " WHERE " } else { " AND " });
            condition.walk_ast(out.reborrow())?;
        }
        out.push_sql(order);
        out.push_bind_param::<BigInt, _>(&self.limit)
    }
}

impl<T, S> QueryId for Windowed<T, S> {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl<T, S: Expression> Query for Windowed<T, S> {
    type SqlType = S::SqlType;
}

impl<T, S> RunQueryDsl<PgConnection> for Windowed<T, S> {}

/// A list whose query plans are asked for (`PgStore::list_plans`).
#[derive(Debug, Clone)]
pub enum ListPlan {
    Orders(domain::order::OrderQuery),
    Bookings(domain::booking::BookingQuery),
    Messages(domain::content::MessageQuery),
    Subscribers(domain::content::SubscriberQuery),
    Mail(ports::MailQuery),
}

/// PostgreSQL's plans for a list's page and its count, a line per node.
#[derive(Debug, Clone)]
pub struct ListPlans {
    pub page: Vec<String>,
    pub count: Vec<String>,
}

/// The plans of a page of `$table` and its count, as `read_page!` runs
/// them: for a search, the window's plan, then the trigram index's for when
/// the window holds less than a page.
macro_rules! list_plans {
    ($conn:expr, $table:ident, $row:ty, $conditions:expr, $q:expr) => {{
        let conn: &mut PgConnection = $conn;
        let searched = $q.search.is_some();
        let explain =
            |conn: &mut PgConnection, query: &dyn QueryFragment<Pg>| explain(query).load::<String>(conn);
        let page = |conn: &mut PgConnection| explain(conn, &page_select!($table, $row, $conditions, $q.page));
        let count = |conn: &mut PgConnection| explain(conn, &count_select!($table, $conditions, searched));
        let plans = if searched {
            explain(conn, &window_select!($table, $row, $conditions, $q.page)).and_then(|mut window| {
                window.push("then, when the window holds less than a page:".to_owned());
                window.extend(through_search_index(conn, page)?);
                Ok(ListPlans { page: window, count: through_search_index(conn, count)? })
            })
        } else {
            page(conn).and_then(|page| Ok(ListPlans { page, count: count(conn)? }))
        };
        plans.map_err(crate::storage)?
    }};
}

impl crate::PgStore {
    /// The plan of the calendar's read of the bookings that hold the days
    /// from `first` to `last` (`schedule::holding_days`, `EXPLAIN`, not
    /// executed): the plan test fails when it reads every booking.
    pub async fn visit_days_plan(
        &self,
        first: chrono::NaiveDate,
        last: chrono::NaiveDate,
    ) -> ports::RepoResult<Vec<String>> {
        self.run(move |conn| {
            explain(crate::schedule::holding_days(first, last)).load::<String>(conn).map_err(crate::storage)
        })
        .await
    }

    /// The plans of the queries a page of `list` runs (`EXPLAIN`, not
    /// executed): for the plan test, which fails on a sequential scan of a
    /// big table, and for an operator wondering why a page is slow.
    pub async fn list_plans(&self, list: ListPlan) -> ports::RepoResult<ListPlans> {
        use crate::bookings::booking_conditions;
        use crate::content::{message_conditions, subscriber_conditions};
        use crate::orders::{OrderRow, order_conditions};
        use crate::outbox::{ListedRow, mail_conditions};
        use crate::rows::{BookingRow, MessageRow, SubscriptionRow};
        use crate::schema::{bookings, contact_messages, newsletter_subscriptions, orders, outbox_messages};
        self.run(move |conn| {
            Ok(match list {
                ListPlan::Orders(q) => list_plans!(conn, orders, OrderRow, order_conditions(&q), q),
                ListPlan::Bookings(q) => list_plans!(conn, bookings, BookingRow, booking_conditions(&q), q),
                ListPlan::Messages(q) => {
                    list_plans!(conn, contact_messages, MessageRow, message_conditions(&q), q)
                }
                ListPlan::Mail(q) => list_plans!(conn, outbox_messages, ListedRow, mail_conditions(&q), q),
                ListPlan::Subscribers(q) => {
                    list_plans!(conn, newsletter_subscriptions, SubscriptionRow, subscriber_conditions(&q), q)
                }
            })
        })
        .await
    }
}
