//! A team member's calendar feed (issue 44, docs/decisions.md §9 "Calendar
//! feeds"): the retreat's bookings and closures in the calendar of her
//! phone, through a secret address she can regenerate or turn off.
//!
//! The feed is fetched by Google's or Apple's servers and lives there, so
//! it says only what a glance at the week needs: the guest's first name,
//! the service, and the dashboard's link to the booking. Never her last
//! name, e-mail, phone, notes or anything she wrote about her health. A
//! cancelled booking stays in the feed, marked cancelled, so a calendar
//! that had it shows it ended instead of losing it silently; blackouts show
//! as busy days, without the owner's reason.

use chrono::{Duration, NaiveDate};

use crate::booking::{Blackout, BlackoutType, Booking, BookingStatus};

/// How far back the feed goes: the last weeks' visits stay in view; older
/// ones are in the dashboard.
pub const FEED_PAST_DAYS: i64 = 60;
/// The most bookings one feed lists (the nearest first): a phone's calendar
/// has no use for more, and a feed stays a small answer.
pub const FEED_MAX_BOOKINGS: usize = 2000;
/// The random key's length (alphanumeric characters).
pub const FEED_KEY_CHARS: usize = 24;

/// The first day a feed made on `today` shows.
pub fn feed_from(today: NaiveDate) -> NaiveDate {
    today - Duration::days(FEED_PAST_DAYS)
}

/// How a feed marks an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FeedState {
    /// Asked for, not yet confirmed by the retreat.
    Requested,
    Confirmed,
    Cancelled,
}

/// What a feed says of one booking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookingEntry {
    /// "Hazel · Massage Therapy".
    pub summary: String,
    pub description: String,
    pub state: FeedState,
}

/// The words of a booking in a feed: her first name and the service, with
/// the dashboard's link (`dashboard_url`); nothing else of hers.
pub fn booking_entry(booking: &Booking, service_name: &str, dashboard_url: &str) -> BookingEntry {
    let state = match booking.status {
        BookingStatus::Pending => FeedState::Requested,
        BookingStatus::Confirmed | BookingStatus::Completed => FeedState::Confirmed,
        BookingStatus::Cancelled => FeedState::Cancelled,
    };
    let who = first_name_only(&booking.first_name);
    let summary = match state {
        FeedState::Requested => format!("{who} · {service_name} (request)"),
        FeedState::Confirmed => format!("{who} · {service_name}"),
        FeedState::Cancelled => format!("Cancelled: {who} · {service_name}"),
    };
    let status = match booking.status {
        BookingStatus::Pending => "a request, not yet confirmed",
        BookingStatus::Confirmed => "confirmed",
        BookingStatus::Completed => "completed",
        BookingStatus::Cancelled => "cancelled",
    };
    let description =
        format!("{service_name} for {who}, {status}.\nOpen it in the dashboard: {dashboard_url}");
    BookingEntry { summary, description, state }
}

/// A blackout as a busy day in a feed: what it closes, not why (the reason
/// is the owner's note and may name people).
pub fn blackout_summary(blackout: &Blackout) -> &'static str {
    match blackout.blackout_type {
        BlackoutType::All => "Closed to bookings",
        BlackoutType::Services => "Closed to treatments",
        BlackoutType::TinyHome => "Tiny Home closed",
        BlackoutType::Retreat => "Wellness packages closed",
    }
}

/// The first name as she typed it (no control characters), at most 40
/// characters: enough for a calendar's line.
fn first_name_only(name: &str) -> String {
    let trimmed = name.trim();
    let name = if trimmed.is_empty() { "Guest" } else { trimmed };
    name.chars().filter(|c| !c.is_control()).take(40).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::booking::{ServiceKey, TimeSlot};
    use chrono::Utc;
    use uuid::Uuid;

    fn booking(status: BookingStatus) -> Booking {
        Booking {
            id: Uuid::nil(),
            first_name: "Hazel".to_owned(),
            last_name: "Brookfield".to_owned(),
            email: "hazel.brookfield@example.test".to_owned(),
            service: ServiceKey::Massage,
            date: NaiveDate::from_ymd_opt(2026, 12, 18).expect("date"),
            check_out: None,
            time: TimeSlot::parse("11:00").expect("time"),
            notes: Some("Pregnant, second trimester".to_owned()),
            status,
            created_at: Utc::now(),
            deposit: None,
            promo: None,
            gift_card: None,
            moves: 0,
            guest_moves: 0,
            guest_confirmed_at: None,
        }
    }

    #[test]
    fn a_booking_reads_as_first_name_and_service_with_the_dashboard_link_only() {
        let entry = booking_entry(&booking(BookingStatus::Confirmed), "Massage Therapy", "https://x.test/b");
        assert_eq!(entry.summary, "Hazel · Massage Therapy");
        assert_eq!(entry.state, FeedState::Confirmed);
        assert!(entry.description.contains("https://x.test/b"));
        let all = format!("{}{}", entry.summary, entry.description);
        for private in ["Brookfield", "example.test", "Pregnant"] {
            assert!(!all.contains(private), "{private} in {all}");
        }
    }

    #[test]
    fn requests_and_cancellations_say_so() {
        let requested = booking_entry(&booking(BookingStatus::Pending), "Massage Therapy", "u");
        assert_eq!(
            (requested.summary.as_str(), requested.state),
            ("Hazel · Massage Therapy (request)", FeedState::Requested)
        );
        let cancelled = booking_entry(&booking(BookingStatus::Cancelled), "Massage Therapy", "u");
        assert_eq!(cancelled.state, FeedState::Cancelled);
        assert!(cancelled.summary.starts_with("Cancelled: "));
        assert_eq!(booking_entry(&booking(BookingStatus::Completed), "M", "u").state, FeedState::Confirmed);
    }
}
