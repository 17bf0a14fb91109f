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
use diesel::query_builder::{AstPass, BoxedSqlQuery, Query, QueryFragment, QueryId, SqlQuery};
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
/// order, so PostgreSQL reads them from the same index and stops at the
/// limit (unordered, it may read the table from its start). Searched,
/// unordered: run [`through_search_index`], it reads the matches the
/// trigram index gives and stops at the limit, where the pages' order made
/// it read every match to sort them, or walk the whole newest-first index
/// when it guessed a word common. `$in_order` overrides that for a search
/// whose count walks the newest-first index ([`walk_pays`]).
macro_rules! count_select {
    ($table:ident, $conditions:expr, $searched:expr) => {{
        let searched: bool = $searched;
        $crate::paging::count_select!($table, $conditions, searched, !searched)
    }};
    ($table:ident, $conditions:expr, $searched:expr, $in_order:expr) => {{
        let searched: bool = $searched;
        let select = $conditions
            .into_iter()
            .fold($table::table.into_boxed(), |select, condition| select.filter(condition))
            .select($table::id)
            .limit($crate::paging::count_limit(searched));
        $crate::paging::count_of(if $in_order {
            select.order(($table::created_at.desc(), $table::id.desc()))
        } else {
            select
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
/// whole table). So the page is first looked for among the next `window`
/// rows ([`window_select!`]): a full page there is the answer, in order, as
/// those are the rows that come next. Fewer there means the word's matches
/// are few enough to read them all from the trigram index and sort them
/// ([`through_search_index`]). The count stops at a lower cap
/// (`Total::cap`) and reads the trigram index's list of matches, or, for a
/// word the window found common in a table big enough for that list to
/// cost more, walks the newest-first index ([`walk_pays`]).
///
/// A list of every row (`$kept_total`: the table's count in
/// `dashboard_totals`, see [`KeptTotal`]) reads its total there instead of
/// counting: the first page of every tab, opened most often. A filtered
/// list whose filters triggers keep a count for (`$kept_count`, see
/// [`KeptCount`]) reads that, capped as a count would be.
macro_rules! read_page {
    ($conn:expr, $table:ident, $row:ty, $conditions:expr, $page:expr, $searched:expr) => {
        $crate::paging::read_page!($conn, $table, $row, $conditions, $page, $searched, None, None)
    };
    ($conn:expr, $table:ident, $row:ty, $conditions:expr, $page:expr, $searched:expr, $kept_total:expr, $kept_count:expr) => {{
        use diesel::prelude::*;
        let page: domain::paging::PageRequest = $page;
        let searched: bool = $searched;
        let kept_total: $crate::paging::KeptTotal = $kept_total;
        let kept_count: $crate::paging::KeptCount = $kept_count;
        // A search first looks for its page among the next `window` rows,
        // and counts its matches there: how common the word is.
        let windowed = if searched {
            let rows = $crate::paging::window_select!($table, $row, $conditions, page)
                .load::<($row, i64)>($conn)
                .map_err($crate::storage)?;
            let in_window = rows.first().map_or(0, |(_, matches)| *matches);
            let rows: Vec<$row> = rows.into_iter().map(|(row, _)| row).collect();
            let full = i64::try_from(rows.len()).unwrap_or(i64::MAX) > page.size;
            Some((full.then_some(rows), in_window))
        } else {
            None
        };
        let total = if page.count_total {
            let count = |conn: &mut diesel::pg::PgConnection| {
                $crate::paging::count_select!($table, $conditions, searched).get_result::<i64>(conn)
            };
            let walk = |conn: &mut diesel::pg::PgConnection| {
                $crate::paging::count_select!($table, $conditions, searched, true).get_result::<i64>(conn)
            };
            let walk_cost = $crate::paging::walk_cost(stringify!($table));
            let counted = match (kept_total, windowed.as_ref(), walk_cost) {
                (Some(read_kept), None, _) if $conditions.is_empty() => {
                    read_kept($conn).map(|rows| rows.min($crate::paging::count_limit(false)))
                }
                (_, None, _) => match kept_count {
                    Some(kept) => kept
                        .get_result::<$crate::paging::KeptRows>($conn)
                        .map(|kept| kept.rows.min($crate::paging::count_limit(false))),
                    None => count($conn),
                },
                (Some(read_kept), Some((_, in_window)), Some(cost)) if *in_window > 0 => read_kept($conn)
                    .and_then(|rows| {
                        let window = $crate::paging::window(page.size);
                        if $crate::paging::walk_pays(*in_window, window, rows, cost) {
                            $crate::paging::through_newest_index($conn, walk)
                        } else {
                            $crate::paging::through_search_index($conn, count)
                        }
                    }),
                (_, Some(_), _) => $crate::paging::through_search_index($conn, count),
            }
            .map_err($crate::storage)?;
            Some(domain::paging::Total::from_capped(counted, domain::paging::Total::cap(searched)))
        } else {
            None
        };
        let read = |conn: &mut diesel::pg::PgConnection| {
            $crate::paging::page_select!($table, $row, $conditions, page).load::<$row>(conn)
        };
        let rows = match windowed {
            Some((Some(rows), _)) => rows,
            // Fewer than a page in the window: the word's matches are few
            // enough to read them all from the trigram index and sort them.
            Some((None, _)) => $crate::paging::through_search_index($conn, read).map_err($crate::storage)?,
            None => read($conn).map_err($crate::storage)?,
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

/// The query reading the count of a filtered list's rows (no search) where
/// triggers keep one for its filters (migration `2026-12-05-000001`), for
/// the queries that have one: a few hundred rows at any volume, where
/// counting read an index entry per row up to the cap. It answers one row,
/// [`KeptRows`].
pub(crate) type KeptCount = Option<BoxedSqlQuery<'static, Pg, SqlQuery>>;

/// The one row of a [`KeptCount`].
#[derive(QueryableByName)]
pub(crate) struct KeptRows {
    #[diesel(sql_type = BigInt)]
    pub rows: i64,
}

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
/// a word it guesses common (`read_page!`).
pub(crate) fn through_search_index<R>(
    conn: &mut PgConnection,
    read: impl FnOnce(&mut PgConnection) -> QueryResult<R>,
) -> QueryResult<R> {
    with_planner_settings(
        conn,
        "SET LOCAL enable_seqscan = off; SET LOCAL enable_indexscan = off; SET LOCAL enable_indexonlyscan = off",
        read,
    )
}

/// Runs `read` with PostgreSQL held to walking an index in order: a common
/// word's count, read newest first until it has its 101 matches
/// ([`walk_pays`]). Left free, the planner reads the trigram index's list
/// of every match and sorts them.
pub(crate) fn through_newest_index<R>(
    conn: &mut PgConnection,
    read: impl FnOnce(&mut PgConnection) -> QueryResult<R>,
) -> QueryResult<R> {
    with_planner_settings(conn, "SET LOCAL enable_seqscan = off; SET LOCAL enable_bitmapscan = off", read)
}

/// What an entry walked newest first costs `table`'s count, against a match
/// listed by its trigram index ([`walk_pays`]); `None`: its count is never
/// walked. Measured at a million orders and 200,000 messages (`EXPLAIN
/// ANALYZE` and `\timing`, 2-core machine): where the newest-first index
/// carries the search text (migration `2026-12-04-000001`) an entry is read
/// from the index alone, about two thirds of a match listed; the messages'
/// text is too long for a B-tree entry, so each entry walked reads its row,
/// about four times a match listed. The outbox keeps no total to judge by.
pub(crate) fn walk_cost(table: &str) -> Option<f64> {
    match table {
        "orders" | "bookings" | "newsletter_subscriptions" => Some(2.0 / 3.0),
        "contact_messages" => Some(4.0),
        _ => None,
    }
}

/// Runs `read` in a transaction of its own with `settings` (`SET LOCAL`s,
/// which end with it). `BEGIN` goes with the settings in one round trip (a
/// search runs this once or twice), so this runs outside any other
/// transaction, as the store reads pages (Diesel refuses it inside one:
/// `AlreadyInTransaction`).
fn with_planner_settings<R>(
    conn: &mut PgConnection,
    settings: &str,
    read: impl FnOnce(&mut PgConnection) -> QueryResult<R>,
) -> QueryResult<R> {
    AnsiTransactionManager::begin_transaction_sql(conn, &format!("BEGIN; {settings}"))?;
    match read(conn) {
        Ok(value) => AnsiTransactionManager::commit_transaction(conn).map(|()| value),
        Err(error) => AnsiTransactionManager::rollback_transaction(conn).and(Err(error)),
    }
}

/// Whether a search's count should walk the newest-first index, matching
/// each row until it has its 101 matches, rather than read the trigram
/// index's list of every match: `in_window` of the `window` rows the page
/// was looked for among matched, the table holds `rows`, and an entry
/// walked costs `cost` matches listed ([`walk_cost`]).
///
/// The trigram index cannot stop early: it lists every match before the
/// first is read, so a word on 3 % of a million orders costs 33,000 entries
/// however few are counted. A walk reads about `101 × window / in_window`
/// entries whatever the table's size (3,000 for that word), so it is taken
/// when it costs less than the list (the matches estimated from the
/// window): from about 60,000 orders on, that word is counted by walking.
pub(crate) fn walk_pays(in_window: i64, window: i64, rows: i64, cost: f64) -> bool {
    if in_window <= 0 {
        return false;
    }
    // Estimates, so floating point (no overflow at any size).
    let share = in_window as f64 / window.max(1) as f64;
    let walked = count_limit(true) as f64 / share;
    let listed = rows as f64 * share;
    walked * cost < listed
}

/// `SELECT <selection>, count(*) OVER () FROM (the next window rows of
/// table from start, in the page's order) AS table WHERE <conditions> ORDER
/// BY … LIMIT limit`: the first step of a search's page (`window_select!`),
/// each row with the number of the window's rows that match. The window keeps
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
        // The matches among the whole window, counted before the LIMIT.
        out.push_sql(", count(*) OVER () FROM (SELECT * FROM ");
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
    type SqlType = (S::SqlType, BigInt);
}

impl<T, S> RunQueryDsl<PgConnection> for Windowed<T, S> {}

#[cfg(test)]
mod tests {
    use super::{walk_cost, walk_pays, window};

    #[test]
    fn a_common_word_is_walked_only_where_its_list_of_matches_is_long() {
        let orders = walk_cost("orders").expect("walked");
        // The scale bench's surname, on 68 of the 2,040 rows a 50-row page is
        // looked for among (3.3 %): its 101 counted are about 3,000 entries
        // walked at any volume, against 3,300 matches listed at 100,000
        // orders, 33,000 at a million, 1,700 at 50,000.
        assert_eq!(window(50), 2_040);
        assert!(walk_pays(68, 2_040, 100_000, orders));
        assert!(walk_pays(68, 2_040, 1_000_000, orders));
        assert!(!walk_pays(68, 2_040, 50_000, orders));
        // On every row: walked at once, however small the table past a page.
        assert!(walk_pays(120, 120, 10_001, orders));
        // A rare word, or none seen: its list is short.
        assert!(!walk_pays(1, 2_040, 1_000_000, orders));
        assert!(!walk_pays(0, 2_040, 1_000_000, orders));
        // The messages' word on a fifth of them: 505 rows read (each four
        // times a match listed) against 4,000 matches listed at 20,000
        // messages, 1,000 at 5,000.
        let messages = walk_cost("contact_messages").expect("walked");
        assert!(walk_pays(408, 2_040, 20_000, messages));
        assert!(!walk_pays(408, 2_040, 5_000, messages));
        // The outbox never: it keeps no total.
        assert_eq!(walk_cost("outbox_messages"), None);
        // No overflow at any size.
        assert!(walk_pays(i64::MAX, i64::MAX, i64::MAX, orders));
    }
}
