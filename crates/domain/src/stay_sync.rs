//! The Tiny Home in step with other sites (issue 44, docs/decisions.md §9
//! "Airbnb and other sites"). The retreat's one unit is also listed on
//! Airbnb, VRBO or Booking.com; each site exports its taken nights as an
//! iCalendar address, which the owner pastes here (an **import**). The
//! server fetches each on a schedule: every night taken there becomes a
//! Tiny Home block here, named after its source, and a night freed there is
//! freed here. The other way, the retreat exports its own taken nights
//! (bookings and the owner's blackouts, no names at all) for those sites to
//! import.

use std::collections::BTreeSet;

use chrono::{DateTime, Duration, NaiveDate, Utc};
use uuid::Uuid;

/// How often the imports are fetched unless the owner says otherwise.
pub const DEFAULT_EVERY_MINUTES: i32 = 15;
pub const MIN_EVERY_MINUTES: i32 = 5;
pub const MAX_EVERY_MINUTES: i32 = 1440;
/// The nights an import may take: from yesterday to two years ahead. A
/// feed's past is history; a block years ahead is a typo.
pub const IMPORT_DAYS_AHEAD: i64 = 731;
/// How far ahead the export lists the nights taken here: as far as an
/// import here takes them (the other sites look no further either).
pub const EXPORT_DAYS_AHEAD: i64 = IMPORT_DAYS_AHEAD;
/// The longest import name ("Airbnb", "VRBO — the loft listing").
pub const MAX_NAME_CHARS: usize = 60;
pub const MAX_URL_CHARS: usize = 2000;

/// A listing's calendar the owner pasted, and how its last fetch went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StayImport {
    pub id: Uuid,
    pub name: String,
    pub url: String,
    pub created_at: DateTime<Utc>,
    pub attempted_at: Option<DateTime<Utc>>,
    pub synced_at: Option<DateTime<Utc>>,
    /// How many nights the last good fetch took.
    pub nights: i32,
    /// Why the last fetch failed (the last good nights stay).
    pub last_error: Option<String>,
}

/// An import as the owner adds it: checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewStayImport {
    pub name: String,
    pub url: String,
}

impl NewStayImport {
    /// A name of 1–60 characters and an `http(s)://` address with a host.
    /// Where it points (a private address, say) is the fetcher's to check:
    /// a name resolves differently over time.
    pub fn parse(name: &str, url: &str) -> Result<Self, Vec<(&'static str, &'static str)>> {
        let mut refusals = Vec::new();
        // Counted as sent, surrounding spaces included (as every text field is).
        let too_long = name.chars().count() > MAX_NAME_CHARS;
        let name = name.trim();
        if name.is_empty() {
            refusals.push(("name", "Name the site, such as Airbnb"));
        } else if too_long || name.chars().any(crate::validation::breaks_line) {
            refusals.push(("name", "Use at most 60 characters, on one line"));
        }
        let url = normalise_address(url);
        let url = url.as_str();
        if url.is_empty() {
            refusals.push(("url", "Paste the calendar's address"));
        } else if !is_web_address(url) {
            refusals.push(("url", "Paste the calendar's address: it begins with https:// (or http://)"));
        }
        if refusals.is_empty() {
            Ok(Self { name: name.to_owned(), url: url.to_owned() })
        } else {
            Err(refusals)
        }
    }
}

/// `http://` or `https://`, a host, no spaces or control characters, at
/// most 2,000 characters. `webcal://` (what some sites show) is read as
/// `https://` by [`normalise_address`] first.
fn is_web_address(url: &str) -> bool {
    let lower = url.to_ascii_lowercase();
    let rest = lower.strip_prefix("https://").or_else(|| lower.strip_prefix("http://"));
    url.chars().count() <= MAX_URL_CHARS
        && !url.chars().any(|c| c.is_whitespace() || c.is_control())
        && rest.is_some_and(|rest| {
            let host = rest.split(['/', '?', '#']).next().unwrap_or("");
            !host.is_empty() && !host.starts_with(':') && !host.contains('@')
        })
}

/// A `webcal://` address as the `https://` it stands for; others as typed.
pub fn normalise_address(url: &str) -> String {
    let trimmed = url.trim();
    match trimmed.get(..9) {
        Some(scheme) if scheme.eq_ignore_ascii_case("webcal://") => format!("https://{}", &trimmed[9..]),
        _ => trimmed.to_owned(),
    }
}

/// The owner's setting: how often the imports are fetched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SyncSettings {
    pub every_minutes: i32,
}

impl Default for SyncSettings {
    fn default() -> Self {
        Self { every_minutes: DEFAULT_EVERY_MINUTES }
    }
}

impl SyncSettings {
    pub fn check(self) -> Result<Self, &'static str> {
        if (MIN_EVERY_MINUTES..=MAX_EVERY_MINUTES).contains(&self.every_minutes) {
            Ok(self)
        } else {
            Err("Fetch every 5 to 1,440 minutes")
        }
    }

    /// Whether an import last claimed at `attempted_at` is due at `now`.
    pub fn is_due(self, attempted_at: Option<DateTime<Utc>>, now: DateTime<Utc>) -> bool {
        attempted_at.is_none_or(|at| now - at >= Duration::minutes(i64::from(self.every_minutes)))
    }
}

/// One event of a fetched calendar: its first day and the day after its
/// last (iCalendar's `DTEND` of a whole-day event), as the site wrote them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TakenSpan {
    pub first: NaiveDate,
    pub until: NaiveDate,
}

/// The nights a fetched calendar takes, from yesterday on and at most two
/// years ahead of `today`. An event that ends where it begins (a one-day
/// event written as such) takes that day's night.
pub fn taken_nights(spans: &[TakenSpan], today: NaiveDate) -> BTreeSet<NaiveDate> {
    let first_kept = today - Duration::days(1);
    let last_kept = today + Duration::days(IMPORT_DAYS_AHEAD);
    let mut nights = BTreeSet::new();
    for span in spans {
        let until = if span.until <= span.first { span.first + Duration::days(1) } else { span.until };
        let mut night = span.first.max(first_kept);
        while night < until && night <= last_kept {
            nights.insert(night);
            night += Duration::days(1);
        }
    }
    nights
}

/// The nights as runs of consecutive days, each `(first, last)` inclusive:
/// how they are kept as blackouts.
pub fn runs(nights: &BTreeSet<NaiveDate>) -> Vec<(NaiveDate, NaiveDate)> {
    let mut runs: Vec<(NaiveDate, NaiveDate)> = Vec::new();
    for &night in nights {
        match runs.last_mut() {
            Some((_, last)) if *last + Duration::days(1) == night => *last = night,
            _ => runs.push((night, night)),
        }
    }
    runs
}

/// The nights of a booking here that imports' blocks also take, by
/// import (its name; in name order), each import's nights in order: a
/// double booking per import the owner settles. `blocks` are `(first,
/// last, import name)`, inclusive.
pub fn shared_nights(
    nights: &[NaiveDate],
    blocks: &[(NaiveDate, NaiveDate, String)],
) -> Vec<(String, Vec<NaiveDate>)> {
    let mut by_import: std::collections::BTreeMap<&str, BTreeSet<NaiveDate>> =
        std::collections::BTreeMap::new();
    for night in nights {
        for (first, last, name) in blocks {
            if (first..=last).contains(&night) {
                by_import.entry(name.as_str()).or_default().insert(*night);
            }
        }
    }
    by_import.into_iter().map(|(name, nights)| (name.to_owned(), nights.into_iter().collect())).collect()
}

/// The reason shown on an import's blocks in the Calendar ("Taken on Airbnb").
pub fn block_reason(import_name: &str) -> String {
    format!("Taken on {import_name}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> NaiveDate {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").expect("date")
    }

    #[test]
    fn nights_are_the_days_from_check_in_to_before_check_out_within_the_window() {
        let today = day("2026-12-01");
        let spans = [
            TakenSpan { first: day("2026-12-10"), until: day("2026-12-13") },
            // Overlapping another: counted once.
            TakenSpan { first: day("2026-12-12"), until: day("2026-12-14") },
            // Mostly past: yesterday's night is kept, older ones are not.
            TakenSpan { first: day("2026-11-20"), until: day("2026-12-02") },
            // A one-day event written with its end on its start.
            TakenSpan { first: day("2027-01-05"), until: day("2027-01-05") },
            // Far ahead: beyond two years is dropped.
            TakenSpan { first: day("2030-01-01"), until: day("2030-01-03") },
        ];
        let nights: Vec<String> = taken_nights(&spans, today).iter().map(ToString::to_string).collect();
        assert_eq!(
            nights,
            [
                "2026-11-30",
                "2026-12-01",
                "2026-12-10",
                "2026-12-11",
                "2026-12-12",
                "2026-12-13",
                "2027-01-05"
            ]
        );
        let runs = runs(&taken_nights(&spans, today));
        assert_eq!(
            runs,
            vec![
                (day("2026-11-30"), day("2026-12-01")),
                (day("2026-12-10"), day("2026-12-13")),
                (day("2027-01-05"), day("2027-01-05"))
            ]
        );
    }

    #[test]
    fn a_booking_shares_the_nights_an_import_blocks_by_import() {
        let nights = [day("2026-12-10"), day("2026-12-11"), day("2026-12-12")];
        let blocks = vec![
            (day("2026-12-11"), day("2026-12-20"), "VRBO".to_owned()),
            (day("2026-12-01"), day("2026-12-10"), "Airbnb".to_owned()),
            // Two runs of one import over the same night: counted once.
            (day("2026-12-12"), day("2026-12-12"), "VRBO".to_owned()),
            (day("2027-01-01"), day("2027-01-02"), "Booking.com".to_owned()),
        ];
        assert_eq!(
            shared_nights(&nights, &blocks),
            vec![
                ("Airbnb".to_owned(), vec![day("2026-12-10")]),
                ("VRBO".to_owned(), vec![day("2026-12-11"), day("2026-12-12")]),
            ]
        );
        assert!(shared_nights(&nights, &[]).is_empty());
    }

    #[test]
    fn an_import_needs_a_name_and_a_web_address() {
        assert!(NewStayImport::parse("Airbnb", "https://www.airbnb.com/calendar/ical/1.ics?s=abc").is_ok());
        assert!(NewStayImport::parse("VRBO", "http://127.0.0.1:8080/vrbo.ics").is_ok());
        for bad in
            ["", "ftp://x.test/a.ics", "https://", "https:///a", "javascript:alert(1)", "https://a b.test/"]
        {
            assert!(NewStayImport::parse("Airbnb", bad).is_err(), "{bad}");
        }
        assert!(NewStayImport::parse("  ", "https://x.test/a.ics").is_err());
        assert_eq!(normalise_address("webcal://x.test/a.ics"), "https://x.test/a.ics");
        let pasted =
            NewStayImport::parse(" VRBO ", "webcal://www.vrbo.com/icalendar/abc.ics").expect("webcal");
        assert_eq!(
            (pasted.name.as_str(), pasted.url.as_str()),
            ("VRBO", "https://www.vrbo.com/icalendar/abc.ics")
        );
        assert_eq!(normalise_address(" https://x.test/a.ics "), "https://x.test/a.ics");
    }

    #[test]
    fn an_import_is_due_once_its_interval_has_passed() {
        let settings = SyncSettings::default();
        let now = Utc::now();
        assert!(settings.is_due(None, now));
        assert!(!settings.is_due(Some(now - Duration::minutes(14)), now));
        assert!(settings.is_due(Some(now - Duration::minutes(15)), now));
        assert!(SyncSettings { every_minutes: 4 }.check().is_err());
        assert!(SyncSettings { every_minutes: 1440 }.check().is_ok());
    }
}
