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
/// The text a contact message is searched by (as indexed by `contact_messages_search_idx`).
pub(crate) const MESSAGE_SEARCH_TEXT: &str = "lower(contact_messages.first_name || ' ' || contact_messages.last_name \
     || ' ' || contact_messages.email || ' ' || contact_messages.message)";
/// The text a subscriber is searched by (as indexed by `newsletter_subscriptions_search_idx`).
pub(crate) const SUBSCRIBER_SEARCH_TEXT: &str = "lower(newsletter_subscriptions.email)";
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

/// One page of `$table`'s rows as `$row` (which has `id` and `created_at`):
/// those `$conditions` (an expression giving a fresh `Vec<Condition<_>>`)
/// keep, from where `$page` starts, with their capped count when asked.
/// A macro because each table is its own type to Diesel; the SQL it writes
/// is the same for every list.
macro_rules! read_page {
    ($conn:expr, $table:ident, $row:ty, $conditions:expr, $page:expr) => {{
        use diesel::prelude::*;
        let page: domain::paging::PageRequest = $page;
        let total = if page.count_total {
            let counted = $conditions
                .into_iter()
                .fold($table::table.into_boxed(), |select, condition| select.filter(condition))
                .select($table::id)
                .limit($crate::paging::COUNT_LIMIT)
                .load::<uuid::Uuid>($conn)
                .map_err($crate::storage)?
                .len();
            Some(domain::paging::Total::from_capped(i64::try_from(counted).unwrap_or(i64::MAX)))
        } else {
            None
        };
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
        let rows = select
            .select(<$row>::as_select())
            .limit(page.size + 1)
            .load::<$row>($conn)
            .map_err($crate::storage)?;
        domain::paging::Page::from_rows(rows, page.start, page.size, total, |row: &$row| {
            domain::paging::Cursor { at: row.created_at, id: row.id }
        })
    }};
}
pub(crate) use read_page;
