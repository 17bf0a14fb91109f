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
use domain::summary::{Received, Summary, SummaryQuery};
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
    #[diesel(sql_type = BigInt)]
    orders_unpaid: i64,
    #[diesel(sql_type = BigInt)]
    orders_pending_unpaid: i64,
    #[diesel(sql_type = Numeric)]
    money_received: BigDecimal,
    #[diesel(sql_type = Numeric)]
    shop_this_month: BigDecimal,
    #[diesel(sql_type = Numeric)]
    deposits_this_month: BigDecimal,
    #[diesel(sql_type = Numeric)]
    gift_cards_this_month: BigDecimal,
    #[diesel(sql_type = Numeric)]
    refunded_this_month: BigDecimal,
    #[diesel(sql_type = Numeric)]
    shop_last_month: BigDecimal,
    #[diesel(sql_type = Numeric)]
    deposits_last_month: BigDecimal,
    #[diesel(sql_type = Numeric)]
    gift_cards_last_month: BigDecimal,
    #[diesel(sql_type = Numeric)]
    refunded_last_month: BigDecimal,
}

// The money received this month and last (`money_movements`, migration
// `2026-12-06-000001_money_has_one_home`) is read through its index on `at`,
// which carries the source and amount: two months of movements, whatever
// the years behind them.
const SUMMARY: &str = "
SELECT t.orders, t.order_revenue, t.bookings, t.contact_messages, t.newsletter_subscriptions,
    t.orders_pending, t.bookings_pending, t.messages_new, t.messages_unanswered,
    t.orders_unpaid, t.orders_pending_unpaid, t.money_received,
    dashboard_revenue($2, $3) AS revenue_this_month,
    dashboard_revenue($1, $2) AS revenue_last_month,
    (SELECT count(*) FROM bookings
        WHERE daterange(date, COALESCE(check_out, date + 1)) && daterange($4, $5 + 1)
          AND status <> 'cancelled') AS bookings_this_week,
    m.*
FROM dashboard_totals t, LATERAL (
    SELECT COALESCE(sum(amount) FILTER (WHERE at >= $2 AND source = 'shop'), 0) AS shop_this_month,
        COALESCE(sum(amount) FILTER (WHERE at >= $2 AND source = 'deposit'), 0) AS deposits_this_month,
        COALESCE(sum(amount) FILTER (WHERE at >= $2 AND source = 'gift_card'), 0) AS gift_cards_this_month,
        COALESCE(-sum(amount) FILTER (WHERE at >= $2 AND amount < 0), 0) AS refunded_this_month,
        COALESCE(sum(amount) FILTER (WHERE at < $2 AND source = 'shop'), 0) AS shop_last_month,
        COALESCE(sum(amount) FILTER (WHERE at < $2 AND source = 'deposit'), 0) AS deposits_last_month,
        COALESCE(sum(amount) FILTER (WHERE at < $2 AND source = 'gift_card'), 0) AS gift_cards_last_month,
        COALESCE(-sum(amount) FILTER (WHERE at < $2 AND amount < 0), 0) AS refunded_last_month
    FROM money_movements WHERE at >= $1 AND at < $3) m";

/// A sum of money columns in cents (negative where refunds outweigh a month's sales).
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
                orders_unpaid: row.orders_unpaid,
                orders_pending_unpaid: row.orders_pending_unpaid,
                received_cents: cents(&row.money_received)?,
                received_this_month: Received {
                    shop_cents: cents(&row.shop_this_month)?,
                    deposits_cents: cents(&row.deposits_this_month)?,
                    gift_cards_cents: cents(&row.gift_cards_this_month)?,
                    refunded_cents: cents(&row.refunded_this_month)?,
                },
                received_last_month: Received {
                    shop_cents: cents(&row.shop_last_month)?,
                    deposits_cents: cents(&row.deposits_last_month)?,
                    gift_cards_cents: cents(&row.gift_cards_last_month)?,
                    refunded_cents: cents(&row.refunded_last_month)?,
                },
            })
        })
        .await
    }
}
