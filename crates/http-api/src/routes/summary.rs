//! The dashboard's stat cards in one call, counted by the database (issue 23):
//! the specification's four cards no longer download every order, booking
//! and message to count them in the browser.

use actix_web::web;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use domain::summary::{Periods, SummaryQuery, decimal_text};

use crate::extract::AdminSession;
use crate::state::ApiState;
use http_common::{ApiError, ErrorBody};

/// What the dashboard's cards show. Months and weeks are the retreat's
/// (Pacific time), weeks run Monday to Sunday. With payments off, the
/// figures are the specification's (every order's total); with payments on,
/// money received less refunds, and orders never paid count nowhere
/// (docs/decisions.md §14, "What the owner's figures count").
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DashboardSummary {
    /// Payments off: every order's total summed, as the specification's
    /// Total Revenue card has it. On: all money received (shop, deposits,
    /// gift cards sold) less what was given back.
    #[schema(example = "1234.56")]
    pub revenue: String,
    /// Payments off: orders placed this month, cancelled ones left out. On:
    /// money received this month less refunds made in it (`revenueSources`).
    #[schema(example = "420.00")]
    pub revenue_this_month: String,
    #[schema(example = "610.00")]
    pub revenue_last_month: String,
    /// What `revenue` counts: `order_totals` (payments off) or
    /// `money_received` (payments on). Additive.
    pub revenue_basis: RevenueBasis,
    /// With payments on, this month's and last month's revenue by what it was
    /// for; null with payments off. Additive.
    pub revenue_sources: Option<RevenueSources>,
    /// Orders placed (payments on: only those paid; never-paid ones are left out).
    pub orders: i64,
    /// Orders still pending (not yet processed; payments on: paid ones only).
    pub orders_pending: i64,
    /// Orders never paid (awaiting payment, at the bank's step, expired):
    /// counted in no other figure. Zero with payments off. Additive.
    pub orders_never_paid: i64,
    pub bookings: i64,
    /// Visits this week (not cancelled); a stay counts when one of its nights is this week.
    pub bookings_this_week: i64,
    /// Booking requests still waiting for an answer.
    pub bookings_pending: i64,
    pub messages: i64,
    /// Messages not yet opened (the New Messages card).
    pub messages_new: i64,
    /// Messages not yet answered.
    pub messages_unanswered: i64,
    pub subscribers: i64,
}

/// What the revenue figures count.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RevenueBasis {
    /// Every order's total, as placed (payments off: the specification's card).
    OrderTotals,
    /// Money the payment provider received, less refunds (payments on).
    MoneyReceived,
}

/// A month's revenue by what it was for, each net of its refunds.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MonthSources {
    /// Orders of goods.
    #[schema(example = "320.00")]
    pub shop: String,
    /// Deposits taken and not refunded.
    #[schema(example = "75.00")]
    pub deposits: String,
    /// Gift cards sold (less any balance paid out in cash).
    #[schema(example = "100.00")]
    pub gift_cards: String,
    /// Given back in the month (already taken off the three above).
    #[schema(example = "25.00")]
    pub refunded: String,
}

impl From<domain::summary::Received> for MonthSources {
    fn from(month: domain::summary::Received) -> Self {
        Self {
            shop: decimal_text(month.shop_cents),
            deposits: decimal_text(month.deposits_cents),
            gift_cards: decimal_text(month.gift_cards_cents),
            refunded: decimal_text(month.refunded_cents),
        }
    }
}

/// This month's and last month's revenue by source.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RevenueSources {
    pub this_month: MonthSources,
    pub last_month: MonthSources,
}

#[utoipa::path(get, path = "/api/admin/summary", tag = "Admin",
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "The dashboard's figures", body = DashboardSummary),
        (status = 401, description = "Not signed in", body = ErrorBody)))]
pub async fn summary(
    _admin: AdminSession,
    state: web::Data<ApiState>,
) -> Result<web::Json<DashboardSummary>, ApiError> {
    let periods = Periods::containing(state.clock.local_now().date);
    let day = |date| state.clock.start_of_local_day(date);
    let summary = state
        .summary
        .summary(SummaryQuery {
            last_month_from: day(periods.last_month_start),
            this_month_from: day(periods.month_start),
            next_month_from: day(periods.next_month_start),
            week_first: periods.week_start,
            week_last: periods.week_end,
        })
        .await?;
    let paid_only = state.payments.is_some();
    let shown = summary.as_shown(paid_only);
    Ok(web::Json(DashboardSummary {
        revenue: decimal_text(shown.revenue_cents),
        revenue_this_month: decimal_text(shown.revenue_this_month_cents),
        revenue_last_month: decimal_text(shown.revenue_last_month_cents),
        revenue_basis: if paid_only { RevenueBasis::MoneyReceived } else { RevenueBasis::OrderTotals },
        revenue_sources: paid_only.then(|| RevenueSources {
            this_month: summary.received_this_month.into(),
            last_month: summary.received_last_month.into(),
        }),
        orders: shown.orders,
        orders_pending: shown.orders_pending,
        orders_never_paid: if paid_only { summary.orders_unpaid } else { 0 },
        bookings: summary.bookings,
        bookings_this_week: summary.bookings_this_week,
        bookings_pending: summary.bookings_pending,
        messages: summary.messages,
        messages_new: summary.messages_new,
        messages_unanswered: summary.messages_unanswered,
        subscribers: summary.subscribers,
    }))
}
