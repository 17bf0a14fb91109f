//! The dashboard's stat cards in one statement (issue 23): the all-time
//! figures and what waits for the owner (pending orders and bookings, new
//! and unanswered messages) from `dashboard_totals`, kept by triggers (the
//! migrations `2026-11-29-000001_dashboard_at_scale` and
//! `2026-12-02-000001_dashboard_waiting_counts`). A month's revenue sums its
//! hours in `dashboard_revenue_hours`, kept by triggers too (the function
//! `dashboard_revenue`, migration `2026-12-02-000002_revenue_by_hour`); the
//! week's bookings are read through the index of their days.

use async_trait::async_trait;
use bigdecimal::BigDecimal;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Date, Numeric, Timestamptz};

use bigdecimal::ToPrimitive;
use domain::summary::{Summary, SummaryQuery};
use ports::{RepoError, RepoResult, SummaryRepository};

use crate::money::CorruptRow;
use crate::{PgStore, storage};

#[derive(QueryableByName)]
struct SummaryRow {
    #[diesel(sql_type = BigInt)]
    orders: i64,
    #[diesel(sql_type = Numeric)]
    order_revenue: BigDecimal,
    #[diesel(sql_type = BigInt)]
    bookings: i64,
    #[diesel(sql_type = BigInt)]
    contact_messages: i64,
    #[diesel(sql_type = BigInt)]
    newsletter_subscriptions: i64,
    #[diesel(sql_type = Numeric)]
    revenue_this_month: BigDecimal,
    #[diesel(sql_type = Numeric)]
    revenue_last_month: BigDecimal,
    #[diesel(sql_type = BigInt)]
    orders_pending: i64,
    #[diesel(sql_type = BigInt)]
    bookings_pending: i64,
    #[diesel(sql_type = BigInt)]
    bookings_this_week: i64,
    #[diesel(sql_type = BigInt)]
    messages_new: i64,
    #[diesel(sql_type = BigInt)]
    messages_unanswered: i64,
}

const SUMMARY: &str = "
SELECT t.orders, t.order_revenue, t.bookings, t.contact_messages, t.newsletter_subscriptions,
    t.orders_pending, t.bookings_pending, t.messages_new, t.messages_unanswered,
    dashboard_revenue($2, $3) AS revenue_this_month,
    dashboard_revenue($1, $2) AS revenue_last_month,
    (SELECT count(*) FROM bookings
        WHERE daterange(date, COALESCE(check_out, date + 1)) && daterange($4, $5 + 1)
          AND status <> 'cancelled') AS bookings_this_week
FROM dashboard_totals t";

/// A sum of money columns in cents.
fn cents(sum: &BigDecimal) -> RepoResult<i64> {
    (sum * BigDecimal::from(100))
        .with_scale(0)
        .to_i64()
        .ok_or_else(|| RepoError::storage(CorruptRow(format!("sum {sum} out of range"))))
}

#[async_trait]
impl SummaryRepository for PgStore {
    async fn summary(&self, query: SummaryQuery) -> RepoResult<Summary> {
        self.run(move |conn| {
            let row: SummaryRow = diesel::sql_query(SUMMARY)
                .bind::<Timestamptz, _>(query.last_month_from)
                .bind::<Timestamptz, _>(query.this_month_from)
                .bind::<Timestamptz, _>(query.next_month_from)
                .bind::<Date, _>(query.week_first)
                .bind::<Date, _>(query.week_last)
                .get_result(conn)
                .map_err(storage)?;
            Ok(Summary {
                revenue_cents: cents(&row.order_revenue)?,
                revenue_this_month_cents: cents(&row.revenue_this_month)?,
                revenue_last_month_cents: cents(&row.revenue_last_month)?,
                orders: row.orders,
                orders_pending: row.orders_pending,
                bookings: row.bookings,
                bookings_this_week: row.bookings_this_week,
                bookings_pending: row.bookings_pending,
                messages: row.contact_messages,
                messages_new: row.messages_new,
                messages_unanswered: row.messages_unanswered,
                subscribers: row.newsletter_subscriptions,
            })
        })
        .await
    }
}
