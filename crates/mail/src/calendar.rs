//! Calendar invitations (RFC 5545) for a booked slot: a `VCALENDAR` with the
//! retreat's time zone and one `VEVENT`. Written here rather than with a
//! builder crate because the shape is small and fixed, and the zone's
//! definition must come from the same tz data (chrono-tz) the rest of the
//! server uses.

use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveDateTime, Offset, TimeZone, Utc};
use chrono_tz::{OffsetComponents, OffsetName, Tz};
use uuid::Uuid;

use crate::retreat;

/// What the invitation asks of the guest's calendar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// Put the booking in the calendar (or update it).
    Request,
    /// Take it out again.
    Cancel,
    /// A file the guest adds herself (the booking page's "Add to calendar"):
    /// the same event, the same UID, so a later invitation updates it.
    /// `tentative` while the retreat has not confirmed it yet.
    Publish { tentative: bool },
}

impl Method {
    pub fn as_str(self) -> &'static str {
        match self {
            Method::Request => "REQUEST",
            Method::Cancel => "CANCEL",
            Method::Publish { .. } => "PUBLISH",
        }
    }
}

/// One booked slot, as the invitation describes it.
#[derive(Debug, Clone)]
pub struct Invitation<'a> {
    pub method: Method,
    pub booking_id: Uuid,
    /// When it begins, in the retreat's local time.
    pub start: NaiveDateTime,
    pub duration_minutes: i64,
    pub time_zone: Tz,
    pub summary: &'a str,
    pub description: &'a str,
    /// The guest's own page for the booking.
    pub url: &'a str,
    /// The retreat's sending address (`mailto:`).
    pub organizer: &'a str,
    pub attendee_name: &'a str,
    pub attendee_email: &'a str,
    /// When this version of the invitation was written.
    pub stamp: DateTime<Utc>,
    /// How many times the booking was moved: each move is a new version of
    /// the same event (a higher SEQUENCE), and its cancellation one more.
    pub moves: u32,
}

/// The stable identifier of a booking's event: a request and a later cancel
/// must name the same one for calendars to match them.
pub fn uid(booking_id: Uuid) -> String {
    format!("booking-{booking_id}@goldenpine.retreat")
}

const LOCAL: &str = "%Y%m%dT%H%M%S";
/// The most years of a zone's rules one feed writes.
const MAX_ZONE_YEARS: i32 = 10;

/// The invitation as RFC 5545 text: CRLF line ends, escaped values, lines
/// folded at 75 octets.
pub fn write(invitation: &Invitation<'_>) -> String {
    let zone = invitation.time_zone;
    let end = local_end(zone, invitation.start, invitation.duration_minutes);
    let (sequence, status) = match invitation.method {
        Method::Request => (invitation.moves, "CONFIRMED"),
        Method::Cancel => (invitation.moves.saturating_add(1), "CANCELLED"),
        Method::Publish { tentative: true } => (invitation.moves, "TENTATIVE"),
        Method::Publish { tentative: false } => (invitation.moves, "CONFIRMED"),
    };
    let mut lines = vec![
        "BEGIN:VCALENDAR".to_owned(),
        "VERSION:2.0".to_owned(),
        "PRODID:-//Golden Pine Wellness Retreat//Bookings//EN".to_owned(),
        format!("METHOD:{}", invitation.method.as_str()),
        "CALSCALE:GREGORIAN".to_owned(),
    ];
    lines.extend(vtimezone(zone, invitation.start.year()));
    lines.extend([
        "BEGIN:VEVENT".to_owned(),
        format!("UID:{}", uid(invitation.booking_id)),
        format!("SEQUENCE:{sequence}"),
        format!("DTSTAMP:{}", invitation.stamp.format("%Y%m%dT%H%M%SZ")),
        format!("DTSTART;TZID={}:{}", zone.name(), invitation.start.format(LOCAL)),
        format!("DTEND;TZID={}:{}", zone.name(), end.format(LOCAL)),
        format!("SUMMARY:{}", escape_text(invitation.summary)),
        format!("LOCATION:{}", escape_text(retreat::ADDRESS_ONE_LINE)),
        format!("DESCRIPTION:{}", escape_text(invitation.description)),
        format!("URL:{}", strip_controls(invitation.url)),
        format!(
            "ORGANIZER;CN={}:mailto:{}",
            param_value(retreat::NAME),
            strip_controls(invitation.organizer)
        ),
        format!(
            "ATTENDEE;CN={};ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:{}",
            param_value(invitation.attendee_name),
            strip_controls(invitation.attendee_email)
        ),
        format!("STATUS:{status}"),
        "TRANSP:OPAQUE".to_owned(),
        "END:VEVENT".to_owned(),
        "END:VCALENDAR".to_owned(),
    ]);
    let mut out = String::new();
    for line in &lines {
        fold_into(line, &mut out);
    }
    out
}

/// When a feed's event happens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FeedWhen {
    /// A slot: its local start and length.
    Slot { start: NaiveDateTime, minutes: i64 },
    /// Whole days, from `first` up to (not including) `until`: a stay's
    /// nights (check-in to check-out day), a blackout's days.
    Days { first: NaiveDate, until: NaiveDate },
}

/// How a feed shows an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FeedStatus {
    Tentative,
    Confirmed,
    /// Kept in the feed as cancelled, so a calendar that has it marks it
    /// rather than silently losing it.
    Cancelled,
}

/// One event of a subscribed calendar (a team member's feed): only what the
/// caller puts in it. It has no attendee and no organizer: the feed is read
/// by Google's and Apple's servers, and a guest's address is not theirs.
#[derive(Debug, Clone)]
pub struct FeedEvent {
    pub uid: String,
    pub sequence: u32,
    /// When this version was written (DTSTAMP): a stable time, so an
    /// unchanged feed is the same text (and the same `ETag`).
    pub stamp: DateTime<Utc>,
    pub when: FeedWhen,
    pub summary: String,
    pub description: String,
    pub url: Option<String>,
    pub status: FeedStatus,
}

/// A subscribed calendar (`METHOD:PUBLISH`) named `name`, in `zone`, with
/// a refresh hint for the calendars that read one.
pub fn write_feed(name: &str, zone: Tz, events: &[FeedEvent]) -> String {
    let mut lines = vec![
        "BEGIN:VCALENDAR".to_owned(),
        "VERSION:2.0".to_owned(),
        "PRODID:-//Golden Pine Wellness Retreat//Team calendar//EN".to_owned(),
        "METHOD:PUBLISH".to_owned(),
        "CALSCALE:GREGORIAN".to_owned(),
        format!("X-WR-CALNAME:{}", escape_text(name)),
        format!("X-WR-TIMEZONE:{}", zone.name()),
        "REFRESH-INTERVAL;VALUE=DURATION:PT15M".to_owned(),
        "X-PUBLISHED-TTL:PT15M".to_owned(),
    ];
    // Only timed events name the zone (whole days are dates): the zone's
    // rules are written for the years they fall in.
    let years = events.iter().filter_map(|event| match event.when {
        FeedWhen::Slot { start, .. } => Some(start.year()),
        FeedWhen::Days { .. } => None,
    });
    if let (Some(first), Some(last)) = (years.clone().min(), years.max()) {
        lines.extend(vtimezone_years(zone, first, last));
    }
    for event in events {
        let (start, end) = match event.when {
            FeedWhen::Slot { start, minutes } => (
                format!("DTSTART;TZID={}:{}", zone.name(), start.format(LOCAL)),
                format!("DTEND;TZID={}:{}", zone.name(), local_end(zone, start, minutes).format(LOCAL)),
            ),
            FeedWhen::Days { first, until } => (
                format!("DTSTART;VALUE=DATE:{}", first.format("%Y%m%d")),
                format!("DTEND;VALUE=DATE:{}", until.format("%Y%m%d")),
            ),
        };
        let (status, transparency) = match event.status {
            FeedStatus::Tentative => ("TENTATIVE", "OPAQUE"),
            FeedStatus::Confirmed => ("CONFIRMED", "OPAQUE"),
            FeedStatus::Cancelled => ("CANCELLED", "TRANSPARENT"),
        };
        lines.extend([
            "BEGIN:VEVENT".to_owned(),
            format!("UID:{}", strip_controls(&event.uid)),
            format!("SEQUENCE:{}", event.sequence),
            format!("DTSTAMP:{}", event.stamp.format("%Y%m%dT%H%M%SZ")),
            start,
            end,
            format!("SUMMARY:{}", escape_text(&event.summary)),
            format!("DESCRIPTION:{}", escape_text(&event.description)),
        ]);
        if let Some(url) = &event.url {
            lines.push(format!("URL:{}", strip_controls(url)));
        }
        lines.extend([format!("STATUS:{status}"), format!("TRANSP:{transparency}"), "END:VEVENT".to_owned()]);
    }
    lines.push("END:VCALENDAR".to_owned());
    let mut out = String::new();
    for line in &lines {
        fold_into(line, &mut out);
    }
    out
}

/// "Add to Google Calendar" and "Add to Outlook" addresses for an event:
/// the event's words and times only. They never carry the guest's signed
/// link: those calendars are other companies' servers.
pub struct WebLinks {
    pub google: String,
    pub outlook: String,
}

pub fn web_links(
    zone: Tz,
    start: NaiveDateTime,
    duration_minutes: i64,
    summary: &str,
    details: &str,
) -> WebLinks {
    let end = local_end(zone, start, duration_minutes);
    let compact = |at: NaiveDateTime| at.format(LOCAL).to_string();
    let google = format!(
        "https://calendar.google.com/calendar/render?action=TEMPLATE&text={}&dates={}/{}&ctz={}&details={}&location={}",
        encode(summary),
        compact(start),
        compact(end),
        encode(zone.name()),
        encode(details),
        encode(retreat::ADDRESS_ONE_LINE),
    );
    // Outlook reads an ISO time with its offset.
    let with_offset = |at: NaiveDateTime| match zone.from_local_datetime(&at).earliest() {
        Some(local) => local.format("%Y-%m-%dT%H:%M:%S%:z").to_string(),
        None => at.format("%Y-%m-%dT%H:%M:%S").to_string(),
    };
    let outlook = format!(
        "https://outlook.live.com/calendar/0/action/compose?rru=addevent&subject={}&startdt={}&enddt={}&body={}&location={}",
        encode(summary),
        encode(&with_offset(start)),
        encode(&with_offset(end)),
        encode(details),
        encode(retreat::ADDRESS_ONE_LINE),
    );
    WebLinks { google, outlook }
}

/// A query value, percent-encoded (RFC 3986's unreserved characters kept).
fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// The local end of a slot: the duration is counted in real time, so a slot
/// that spans a clock change still lasts what it says.
fn local_end(zone: Tz, start: NaiveDateTime, minutes: i64) -> NaiveDateTime {
    let duration = Duration::minutes(minutes);
    match zone.from_local_datetime(&start).earliest() {
        Some(at) => (at + duration).naive_local(),
        // A start inside a spring-forward gap has no instant; count on the wall clock.
        None => start + duration,
    }
}

/// One observance of the zone: from `onset` (UTC) on, `offset_to` applies.
struct Transition {
    onset: NaiveDateTime,
    offset_from: i32,
    offset_to: i32,
    daylight: bool,
    name: String,
}

/// A `VTIMEZONE` for `zone` that is valid throughout `year`: the observance
/// in force when the year begins and every change of offset during it.
fn vtimezone(zone: Tz, year: i32) -> Vec<String> {
    let mut lines = vec!["BEGIN:VTIMEZONE".to_owned(), format!("TZID:{}", zone.name())];
    for transition in transitions(zone, year) {
        lines.extend(observance_lines(&transition));
    }
    lines.push("END:VTIMEZONE".to_owned());
    lines
}

/// A `VTIMEZONE` valid from the start of `first` to the end of `last`:
/// each year's observances, once each.
fn vtimezone_years(zone: Tz, first: i32, last: i32) -> Vec<String> {
    let mut all: Vec<Transition> = Vec::new();
    // Bookings lie within the booking horizon; a bound all the same, so no
    // stored date can make the feed slow.
    for year in first..=last.clamp(first, first.saturating_add(MAX_ZONE_YEARS)) {
        for transition in transitions(zone, year) {
            if all.iter().all(|known| known.onset != transition.onset) {
                all.push(transition);
            }
        }
    }
    all.sort_by_key(|transition| transition.onset);
    let mut lines = vec!["BEGIN:VTIMEZONE".to_owned(), format!("TZID:{}", zone.name())];
    for transition in all {
        lines.extend(observance_lines(&transition));
    }
    lines.push("END:VTIMEZONE".to_owned());
    lines
}

fn observance_lines(transition: &Transition) -> [String; 6] {
    let kind = if transition.daylight { "DAYLIGHT" } else { "STANDARD" };
    // An observance's DTSTART is local time in the offset it replaces.
    let local_onset = transition.onset + Duration::seconds(i64::from(transition.offset_from));
    [
        format!("BEGIN:{kind}"),
        format!("DTSTART:{}", local_onset.format(LOCAL)),
        format!("TZOFFSETFROM:{}", utc_offset(transition.offset_from)),
        format!("TZOFFSETTO:{}", utc_offset(transition.offset_to)),
        format!("TZNAME:{}", escape_text(&transition.name)),
        format!("END:{kind}"),
    ]
}

/// The zone's offset, DST flag and abbreviation at a UTC instant.
fn observance(zone: Tz, utc: NaiveDateTime) -> (i32, bool, String) {
    let offset = zone.offset_from_utc_datetime(&utc);
    let seconds = offset.fix().local_minus_utc();
    let name = offset.abbreviation().map_or_else(|| utc_offset(seconds), str::to_owned);
    (seconds, offset.dst_offset() != Duration::zero(), name)
}

fn year_start(year: i32) -> NaiveDateTime {
    NaiveDate::from_ymd_opt(year, 1, 1).unwrap_or_default().and_time(chrono::NaiveTime::MIN)
}

/// The transitions a calendar needs for `year`: the last one before it (so
/// January is covered) and every one in it. A zone that keeps one offset
/// gets a single observance from the start of the year.
fn transitions(zone: Tz, year: i32) -> Vec<Transition> {
    let begin = year_start(year);
    let mut found = Vec::new();
    // Offsets change at most a few times a year and never twice in a day:
    // step day by day over the year before and this one, then find the
    // exact second of each change.
    let mut day = year_start(year - 1);
    let end = year_start(year + 1);
    while day < end {
        let next = day + Duration::days(1);
        let (before, after) = (observance(zone, day), observance(zone, next));
        if before != after {
            let (mut low, mut high) = (day, next);
            while high - low > Duration::seconds(1) {
                let middle = low + (high - low) / 2;
                if observance(zone, middle) == before {
                    low = middle;
                } else {
                    high = middle;
                }
            }
            let (offset_to, daylight, name) = observance(zone, high);
            found.push(Transition { onset: high, offset_from: before.0, offset_to, daylight, name });
        }
        day = next;
    }
    let first_this_year = found.iter().position(|t| t.onset >= begin).unwrap_or(found.len());
    let mut kept: Vec<Transition> = found.into_iter().skip(first_this_year.saturating_sub(1)).collect();
    if kept.first().is_none_or(|first| first.onset > begin) {
        // Nothing says what applied when the year began (a zone that keeps
        // one offset, or one that has only just started to change): state it.
        let (offset, daylight, name) = observance(zone, begin);
        let onset = begin - Duration::seconds(i64::from(offset));
        kept.insert(0, Transition { onset, offset_from: offset, offset_to: offset, daylight, name });
    }
    kept
}

/// `-0800`, `+0530`, `+013045`.
fn utc_offset(seconds: i32) -> String {
    let sign = if seconds < 0 { '-' } else { '+' };
    let magnitude = seconds.unsigned_abs();
    let (hours, minutes, rest) = (magnitude / 3600, magnitude / 60 % 60, magnitude % 60);
    if rest == 0 {
        format!("{sign}{hours:02}{minutes:02}")
    } else {
        format!("{sign}{hours:02}{minutes:02}{rest:02}")
    }
}

/// A TEXT value (RFC 5545 §3.3.11): backslash, semicolon, comma and newline
/// escaped; other control characters (not allowed in content lines) dropped.
pub fn escape_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let normalised = text.replace("\r\n", "\n").replace('\r', "\n");
    for c in normalised.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\n' => out.push_str("\\n"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// A parameter value (such as `CN`): no control characters and no double
/// quote; quoted when it holds `:`, `;` or `,`.
fn param_value(text: &str) -> String {
    let clean: String = crate::text::header_safe(text).replace('"', "'");
    if clean.contains([':', ';', ',']) { format!("\"{clean}\"") } else { clean }
}

/// A URI value: no control characters (nor spaces, which a URI cannot hold).
fn strip_controls(text: &str) -> String {
    text.chars().filter(|c| !c.is_control() && !c.is_whitespace()).collect()
}

/// Appends `line` folded at 75 octets (RFC 5545 §3.1): continuation lines
/// begin with one space, and a UTF-8 character is never split.
fn fold_into(line: &str, out: &mut String) {
    const LIMIT: usize = 75;
    let mut used = 0;
    for c in line.chars() {
        if used + c.len_utf8() > LIMIT {
            out.push_str("\r\n ");
            used = 1;
        }
        out.push(c);
        used += c.len_utf8();
    }
    out.push_str("\r\n");
}

#[cfg(test)]
mod tests;
