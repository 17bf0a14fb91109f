//! The SQL of a page (issue 23, `domain::paging`): the keyset condition, the
//! search condition and the capped count, written once for every list.
//!
//! Each list has an index on `(created_at DESC, id DESC)` and a trigram index
//! on the lower-cased text it is searched by (the migration
//! `2026-11-29-000001_dashboard_at_scale`). The search expressions below must
//! stay character for character the indexed ones, or PostgreSQL reads every
//! row; `tests/api/paging_plans.rs` fails when a page does.

use diesel::BoxableExpression;
use diesel::dsl::sql;
use diesel::pg::Pg;
use diesel::sql_types::{Bool, Text, Timestamptz, Uuid as SqlUuid};

use domain::paging::{COUNT_CAP, PageStart, Search};

/// A condition of a page's query on table `T`.
pub(crate) type Condition<T> = Box<dyn BoxableExpression<T, Pg, SqlType = Bool>>;

/// Rows counted for a total: one past the cap says "at least" (`Total::from_capped`).
pub(crate) const COUNT_LIMIT: i64 = COUNT_CAP + 1;

/// The text an order is searched by (as indexed by `orders_search_idx`).
pub(crate) const ORDER_SEARCH_TEXT: &str =
    "lower(orders.first_name || ' ' || orders.last_name || ' ' || orders.email)";
/// The text a booking is searched by (as indexed by `bookings_search_idx`).
pub(crate) const BOOKING_SEARCH_TEXT: &str =
    "lower(bookings.first_name || ' ' || bookings.last_name || ' ' || bookings.email)";

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
