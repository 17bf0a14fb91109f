//! Small text helpers shared by the messages, the invitations and the sender.

use chrono::{NaiveDate, NaiveDateTime, TimeZone};
use chrono_tz::Tz;

/// Text safe for one header line: every control character (CR and LF
/// included) becomes a space, runs of whitespace become one space, and the
/// ends are trimmed. Guests' names reach subjects; none of them may start a
/// new header line.
pub fn header_safe(text: &str) -> String {
    text.split(|c: char| c.is_control() || c.is_whitespace())
        .filter(|word| !word.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A local date and time as people write it, with the zone's abbreviation:
/// "Friday, December 18, 2026 at 11:00 AM PST".
pub fn long_date_time(local: NaiveDateTime, zone: Tz) -> String {
    let abbreviation = zone.from_local_datetime(&local).earliest().map(|at| at.format(" %Z").to_string());
    format!("{}{}", local.format("%A, %B %-d, %Y at %-I:%M %p"), abbreviation.unwrap_or_default())
}

/// "Dec 18", for subjects.
pub fn short_date(date: NaiveDate) -> String {
    date.format("%b %-d").to_string()
}

/// An amount as guests read it: "$120.00".
pub fn dollars(money: domain::Money) -> String {
    format!("${money}")
}

/// A booking's deposit and where it stands, as the guest reads it.
pub fn deposit_words(deposit: &domain::payment::Deposit) -> String {
    use domain::payment::DepositState as D;
    let amount = dollars(deposit.amount);
    match deposit.state {
        D::None => "None".to_owned(),
        D::CardSaved => format!("{amount}, charged to the card you gave when we confirm your booking"),
        D::RequiresAuthentication => format!("{amount}, waiting for your bank's confirmation"),
        D::Paid => format!("{amount}, paid"),
        D::Failed => format!("{amount}, not charged: your bank declined it"),
        D::Released => format!("{amount}, not charged; your card was released"),
        D::Refunded => format!("{amount}, refunded"),
        D::Kept => format!("{amount}, kept under the cancellation policy"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_text_has_no_control_characters_left() {
        assert_eq!(header_safe("  Ada\r\nBcc: eve@example.com\t\u{0}x  "), "Ada Bcc: eve@example.com x");
        assert_eq!(header_safe("\u{85}Line\u{2028}next\u{1b}[31m"), "Line next [31m");
        assert_eq!(header_safe("\r\n"), "");
    }

    #[test]
    fn dates_are_written_for_people_in_the_retreat_zone() {
        let winter =
            NaiveDate::from_ymd_opt(2026, 12, 18).and_then(|d| d.and_hms_opt(11, 0, 0)).expect("date");
        assert_eq!(
            long_date_time(winter, chrono_tz::America::Los_Angeles),
            "Friday, December 18, 2026 at 11:00 AM PST"
        );
        let summer = NaiveDate::from_ymd_opt(2026, 7, 3).and_then(|d| d.and_hms_opt(17, 0, 0)).expect("date");
        assert_eq!(
            long_date_time(summer, chrono_tz::America::Los_Angeles),
            "Friday, July 3, 2026 at 5:00 PM PDT"
        );
        assert_eq!(short_date(winter.date()), "Dec 18");
    }
}
