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
/// (Pacific time), weeks run Monday to Sunday.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DashboardSummary {
    /// Every order's total summed, as the specification's Total Revenue card has it.
    #[schema(example = "1234.56")]
    pub revenue: String,
    /// Orders placed this month, cancelled ones left out.
    #[schema(example = "420.00")]
    pub revenue_this_month: String,
    #[schema(example = "610.00")]
    pub revenue_last_month: String,
    pub orders: i64,
    /// Orders still pending (not yet processed).
    pub orders_pending: i64,
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
    Ok(web::Json(DashboardSummary {
        revenue: decimal_text(summary.revenue_cents),
        revenue_this_month: decimal_text(summary.revenue_this_month_cents),
        revenue_last_month: decimal_text(summary.revenue_last_month_cents),
        orders: summary.orders,
        orders_pending: summary.orders_pending,
        bookings: summary.bookings,
        bookings_this_week: summary.bookings_this_week,
        bookings_pending: summary.bookings_pending,
        messages: summary.messages,
        messages_new: summary.messages_new,
        messages_unanswered: summary.messages_unanswered,
        subscribers: summary.subscribers,
    }))
}
