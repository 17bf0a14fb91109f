//! Counting attempts in fixed windows, and the limits on them: failed logins
//! per client address and per account, and public writes (bookings, orders,
//! messages, sign-ups) per client address.

use chrono::{DateTime, Duration, Utc};

/// How many times something happened since its window started.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WindowCount {
    pub count: i32,
    pub started_at: DateTime<Utc>,
}

/// At most `max` in any window of `window`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    pub max: i32,
    pub window: Duration,
}

impl Limit {
    /// The count after one more at `now`: one after the window has ended
    /// starts a new window.
    pub fn count_after(&self, previous: Option<WindowCount>, now: DateTime<Utc>) -> WindowCount {
        match previous {
            Some(open) if now < open.started_at + self.window => {
                WindowCount { count: open.count.saturating_add(1), ..open }
            }
            _ => WindowCount { count: 1, started_at: now },
        }
    }

    /// When the next one is allowed, if `count` (which includes the attempt
    /// at hand) is over the limit now.
    pub fn blocked_until(&self, count: &WindowCount, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
        let reopens = count.started_at + self.window;
        (count.count > self.max && now < reopens).then_some(reopens)
    }

    /// Whole seconds until `until`, at least 1 (a `Retry-After` value).
    pub fn seconds_until(until: DateTime<Utc>, now: DateTime<Utc>) -> i64 {
        (until - now).num_seconds().max(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEN_PER_QUARTER_HOUR: Limit = Limit { max: 10, window: Duration::minutes(15) };

    #[test]
    fn counts_within_a_window_and_restart_after_it() {
        let start = Utc::now();
        let limit = TEN_PER_QUARTER_HOUR;
        let first = limit.count_after(None, start);
        assert_eq!(first, WindowCount { count: 1, started_at: start });
        let second = limit.count_after(Some(first), start + Duration::minutes(14));
        assert_eq!(second.count, 2);
        let later = limit.count_after(Some(second), start + Duration::minutes(15));
        assert_eq!(later, WindowCount { count: 1, started_at: start + Duration::minutes(15) });
    }

    #[test]
    fn the_attempt_past_the_limit_waits_until_the_window_ends() {
        let start = Utc::now();
        let limit = TEN_PER_QUARTER_HOUR;
        let tenth = WindowCount { count: 10, started_at: start };
        assert_eq!(limit.blocked_until(&tenth, start), None, "the tenth is allowed");
        let eleventh = WindowCount { count: 11, started_at: start };
        assert_eq!(
            limit.blocked_until(&eleventh, start + Duration::minutes(1)),
            Some(start + Duration::minutes(15))
        );
        assert_eq!(limit.blocked_until(&eleventh, start + Duration::minutes(15)), None);
        assert_eq!(Limit::seconds_until(start, start), 1);
    }
}
