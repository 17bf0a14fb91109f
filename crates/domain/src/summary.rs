//! The dashboard's figures (issue 23): what a retreat watches, counted by the
//! store in SQL over the periods fixed here.

use chrono::{DateTime, Datelike, Duration, NaiveDate, Utc};

/// The days the figures are counted over, around the retreat's today.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Periods {
    pub month_start: NaiveDate,
    pub next_month_start: NaiveDate,
    pub last_month_start: NaiveDate,
    /// This week's Monday.
    pub week_start: NaiveDate,
    /// This week's Sunday.
    pub week_end: NaiveDate,
}

impl Periods {
    pub fn containing(today: NaiveDate) -> Self {
        let month_start = today.with_day(1).unwrap_or(today);
        let next_month_start = month_start + chrono::Months::new(1);
        let last_month_start = month_start - chrono::Months::new(1);
        let week_start = today - Duration::days(i64::from(today.weekday().num_days_from_monday()));
        Self {
            month_start,
            next_month_start,
            last_month_start,
            week_start,
            week_end: week_start + Duration::days(6),
        }
    }
}

/// The periods as the store reads them: months as instants (orders are
/// placed at a time), the week as days (bookings are for a day).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SummaryQuery {
    pub last_month_from: DateTime<Utc>,
    pub this_month_from: DateTime<Utc>,
    pub next_month_from: DateTime<Utc>,
    pub week_first: NaiveDate,
    pub week_last: NaiveDate,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    /// Every order's total, as the specification's Total Revenue card sums
    /// them, in cents (years of orders outgrow one order's `Money`).
    pub revenue_cents: i64,
    /// Orders placed this month, less the cancelled ones, in cents.
    pub revenue_this_month_cents: i64,
    pub revenue_last_month_cents: i64,
    pub orders: i64,
    pub orders_pending: i64,
    pub bookings: i64,
    /// Visits (not cancelled) on a day of this week; a stay by any night.
    pub bookings_this_week: i64,
    pub bookings_pending: i64,
    pub messages: i64,
    /// Not yet opened in the dashboard.
    pub messages_new: i64,
    pub messages_unanswered: i64,
    pub subscribers: i64,
    /// Orders never paid (awaiting payment, at the bank's step, expired),
    /// of all of them and of the pending ones: with payments on they count
    /// in no figure.
    pub orders_unpaid: i64,
    pub orders_pending_unpaid: i64,
    /// Money received less money given back, all time, in cents (the
    /// revenue with payments on).
    pub received_cents: i64,
    pub received_this_month: Received,
    pub received_last_month: Received,
}

/// A month's money by what it was for, in cents, each net of what was
/// given back of it (a refund is taken off in the month it is made).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Received {
    /// Orders of goods.
    pub shop_cents: i64,
    /// Deposits taken and not refunded.
    pub deposits_cents: i64,
    /// Gift cards sold (less any balance paid out in cash).
    pub gift_cards_cents: i64,
    /// Given back in the month, all sources together (already taken off the three above).
    pub refunded_cents: i64,
}

impl Received {
    /// The month's revenue: each source net of its refunds.
    pub fn total_cents(&self) -> i64 {
        self.shop_cents + self.deposits_cents + self.gift_cards_cents
    }
}

impl Summary {
    /// The figures the owner sees: with payments on (`paid_only`), money
    /// received less refunds, and orders never paid left out of every
    /// count; with payments off, the specification's (every order's total).
    pub fn as_shown(&self, paid_only: bool) -> Shown {
        if paid_only {
            Shown {
                revenue_cents: self.received_cents,
                revenue_this_month_cents: self.received_this_month.total_cents(),
                revenue_last_month_cents: self.received_last_month.total_cents(),
                orders: self.orders - self.orders_unpaid,
                orders_pending: self.orders_pending - self.orders_pending_unpaid,
            }
        } else {
            Shown {
                revenue_cents: self.revenue_cents,
                revenue_this_month_cents: self.revenue_this_month_cents,
                revenue_last_month_cents: self.revenue_last_month_cents,
                orders: self.orders,
                orders_pending: self.orders_pending,
            }
        }
    }
}

/// The figures that differ with payments on and off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shown {
    pub revenue_cents: i64,
    pub revenue_this_month_cents: i64,
    pub revenue_last_month_cents: i64,
    pub orders: i64,
    pub orders_pending: i64,
}

/// Cents as the API writes money: "1234.50", "-12.00" (a month's refunds
/// can outweigh what it received).
pub fn decimal_text(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let cents = cents.unsigned_abs();
    format!("{sign}{}.{:02}", cents / 100, cents % 100)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> NaiveDate {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
    }

    #[test]
    fn sums_read_as_decimals() {
        assert_eq!(decimal_text(0), "0.00");
        assert_eq!(decimal_text(5), "0.05");
        assert_eq!(decimal_text(12_345_678_901_234), "123456789012.34");
        assert_eq!(decimal_text(-2_550), "-25.50");
        assert_eq!(decimal_text(-5), "-0.05");
    }

    #[test]
    fn months_and_weeks_around_a_day() {
        let periods = Periods::containing(day("2026-11-27"));
        assert_eq!(periods.month_start, day("2026-11-01"));
        assert_eq!(periods.next_month_start, day("2026-12-01"));
        assert_eq!(periods.last_month_start, day("2026-10-01"));
        assert_eq!((periods.week_start, periods.week_end), (day("2026-11-23"), day("2026-11-29")));
        // Across a year's end, and on a Monday and a Sunday.
        let january = Periods::containing(day("2027-01-04"));
        assert_eq!((january.last_month_start, january.month_start), (day("2026-12-01"), day("2027-01-01")));
        assert_eq!(january.week_start, day("2027-01-04"));
        assert_eq!(Periods::containing(day("2027-01-03")).week_start, day("2026-12-28"));
    }
}
