//! The plans PostgreSQL makes for the dashboard's lists (`EXPLAIN`, never
//! executed): a page of each list and its count, as `paging::read_page!`
//! runs them, and the calendar's read of the days a visit holds. For the
//! plan test, which fails on a sequential scan of a big table, and for an
//! operator wondering why a page is slow.

use diesel::pg::{Pg, PgConnection};
use diesel::prelude::*;
use diesel::query_builder::QueryFragment;

use crate::paging::{
    KeptCount, count_select, explain, page_select, through_newest_index, through_search_index, walk_cost,
    window_select,
};

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

/// The line of a search's count plans before the plan of its walk
/// ([`walk_pays`]), after that of its read of the trigram index.
pub const WALKED_COUNT: &str = "or, for a word common in a big table, walked:";

/// The plans of a page of `$table` and its count, as `read_page!` runs
/// them: for a search, the window's plan, then the trigram index's for when
/// the window holds less than a page; its count's through the trigram index,
/// then, where it may walk ([`walk_cost`]), its walk. A list whose count is
/// kept (`$kept_count`, [`KeptCount`]) shows that query's plan (for the
/// orders, a function's: `EXPLAIN` does not show the statements inside it).
macro_rules! list_plans {
    ($conn:expr, $table:ident, $row:ty, $conditions:expr, $q:expr) => {
        list_plans!($conn, $table, $row, $conditions, $q, None)
    };
    ($conn:expr, $table:ident, $row:ty, $conditions:expr, $q:expr, $kept_count:expr) => {{
        let conn: &mut PgConnection = $conn;
        let searched = $q.search.is_some();
        let kept_count: KeptCount = $kept_count;
        let explain =
            |conn: &mut PgConnection, query: &dyn QueryFragment<Pg>| explain(query).load::<String>(conn);
        let page = |conn: &mut PgConnection| explain(conn, &page_select!($table, $row, $conditions, $q.page));
        let count = |conn: &mut PgConnection| match &kept_count {
            Some(kept) => explain(conn, kept),
            None => explain(conn, &count_select!($table, $conditions, searched)),
        };
        let plans = if searched {
            explain(conn, &window_select!($table, $row, $conditions, $q.page)).and_then(|mut window| {
                window.push("then, when the window holds less than a page:".to_owned());
                window.extend(through_search_index(conn, page)?);
                let mut counted = through_search_index(conn, count)?;
                if walk_cost(stringify!($table)).is_some() {
                    counted.push(WALKED_COUNT.to_owned());
                    let walk = |conn: &mut PgConnection| {
                        explain(conn, &count_select!($table, $conditions, searched, true))
                    };
                    counted.extend(through_newest_index(conn, walk)?);
                }
                Ok(ListPlans { page: window, count: counted })
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
        use crate::bookings::{booking_conditions, kept_booking_count};
        use crate::content::{message_conditions, subscriber_conditions};
        use crate::orders::{OrderRow, kept_order_count, order_conditions};
        use crate::outbox::{ListedRow, mail_conditions};
        use crate::rows::{BookingRow, MessageRow, SubscriptionRow};
        use crate::schema::{bookings, contact_messages, newsletter_subscriptions, orders, outbox_messages};
        self.run(move |conn| {
            Ok(match list {
                ListPlan::Orders(q) => {
                    list_plans!(conn, orders, OrderRow, order_conditions(&q), q, kept_order_count(&q))
                }
                ListPlan::Bookings(q) => {
                    list_plans!(conn, bookings, BookingRow, booking_conditions(&q), q, kept_booking_count(&q))
                }
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
