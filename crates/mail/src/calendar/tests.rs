//! The invitations are read back with the `icalendar` crate's parser: what
//! a calendar app would see, not what this module meant to write.

use chrono::{NaiveDate, NaiveDateTime, TimeZone};
use chrono_tz::Tz;
use icalendar::parser::{Component, read_calendar, unfold};

use super::*;

const LA: Tz = chrono_tz::America::Los_Angeles;

fn local(y: i32, m: u32, d: u32, h: u32, min: u32) -> NaiveDateTime {
    NaiveDate::from_ymd_opt(y, m, d).and_then(|date| date.and_hms_opt(h, min, 0)).expect("date")
}

fn invitation<'a>(method: Method, start: NaiveDateTime, zone: Tz, description: &'a str) -> Invitation<'a> {
    Invitation {
        method,
        booking_id: Uuid::from_u128(0x1234),
        start,
        duration_minutes: 75,
        time_zone: zone,
        summary: "Rustic Spa Treatments at Golden Pine",
        description,
        url: "https://goldenpine.example/bookings/manage/abc.def",
        organizer: "bookings@goldenpine.example",
        attendee_name: "Ada Lovelace",
        attendee_email: "ada@example.com",
        stamp: Utc.with_ymd_and_hms(2026, 11, 20, 8, 30, 0).single().expect("stamp"),
        moves: 0,
    }
}

/// The root, its one event and its one time zone.
struct Parsed {
    text: String,
}

impl Parsed {
    fn new(ics: &str) -> Self {
        Self { text: unfold(ics) }
    }

    fn calendar(&self) -> icalendar::parser::Calendar<'_> {
        read_calendar(&self.text).expect("a calendar the parser reads")
    }
}

fn prop(component: &Component<'_>, name: &str) -> String {
    component.find_prop(name).unwrap_or_else(|| panic!("{name} is missing")).val.as_str().to_owned()
}

fn text_prop(component: &Component<'_>, name: &str) -> String {
    component.find_prop(name).expect(name).val.clone().unescape_text().as_str().to_owned()
}

fn param(component: &Component<'_>, name: &str, key: &str) -> Option<String> {
    component
        .find_prop(name)?
        .params
        .iter()
        .find(|p| p.key.as_str() == key)?
        .val
        .as_ref()
        .map(|v| v.as_str().to_owned())
}

fn child<'a>(component: &'a Component<'a>, name: &str) -> &'a Component<'a> {
    component.components.iter().find(|c| c.name.as_str() == name).unwrap_or_else(|| panic!("no {name}"))
}

fn calendar_child<'a>(calendar: &'a icalendar::parser::Calendar<'a>, name: &str) -> &'a Component<'a> {
    calendar.components.iter().find(|c| c.name.as_str() == name).unwrap_or_else(|| panic!("no {name}"))
}

fn offset_seconds(text: &str) -> i64 {
    let sign = if text.starts_with('-') { -1 } else { 1 };
    let digits = &text[1..];
    let hours: i64 = digits[..2].parse().expect("hours");
    let minutes: i64 = digits[2..4].parse().expect("minutes");
    sign * (hours * 3600 + minutes * 60)
}

/// The UTC offset the `VTIMEZONE` gives a local time: the latest observance
/// that has begun (what a calendar app computes).
fn offset_from_vtimezone(zone: &Component<'_>, at: NaiveDateTime) -> i64 {
    zone.components
        .iter()
        .map(|observance| {
            let onset = NaiveDateTime::parse_from_str(&prop(observance, "DTSTART"), LOCAL).expect("onset");
            (onset, offset_seconds(&prop(observance, "TZOFFSETTO")))
        })
        .filter(|(onset, _)| *onset <= at)
        .max_by_key(|(onset, _)| *onset)
        .map(|(_, offset)| offset)
        .expect("an observance in force")
}

#[test]
fn a_request_names_the_booking_and_its_local_times_in_winter() {
    let ics = write(&invitation(Method::Request, local(2026, 12, 18, 11, 0), LA, "See you soon."));
    let parsed = Parsed::new(&ics);
    let calendar = parsed.calendar();
    let root = |name| {
        calendar.properties.iter().find(|p| p.name.as_str() == name).map(|p| p.val.as_str().to_owned())
    };
    assert_eq!(root("VERSION").as_deref(), Some("2.0"));
    assert_eq!(root("METHOD").as_deref(), Some("REQUEST"));
    assert_eq!(root("CALSCALE").as_deref(), Some("GREGORIAN"));
    assert_eq!(root("PRODID").as_deref(), Some("-//Golden Pine Wellness Retreat//Bookings//EN"));

    let event = calendar_child(&calendar, "VEVENT");
    assert_eq!(prop(event, "UID"), "booking-00000000-0000-0000-0000-000000001234@goldenpine.retreat");
    assert_eq!(prop(event, "SEQUENCE"), "0");
    assert_eq!(prop(event, "STATUS"), "CONFIRMED");
    assert_eq!(prop(event, "DTSTAMP"), "20261120T083000Z");
    assert_eq!(prop(event, "DTSTART"), "20261218T110000");
    assert_eq!(param(event, "DTSTART", "TZID").as_deref(), Some("America/Los_Angeles"));
    assert_eq!(prop(event, "DTEND"), "20261218T121500", "75 minutes later");
    assert_eq!(param(event, "DTEND", "TZID").as_deref(), Some("America/Los_Angeles"));
    assert_eq!(text_prop(event, "SUMMARY"), "Rustic Spa Treatments at Golden Pine");
    assert_eq!(text_prop(event, "LOCATION"), crate::retreat::ADDRESS_ONE_LINE);
    assert_eq!(prop(event, "ORGANIZER"), "mailto:bookings@goldenpine.example");
    assert_eq!(param(event, "ORGANIZER", "CN").as_deref(), Some("Golden Pine Wellness Retreat"));
    assert_eq!(prop(event, "ATTENDEE"), "mailto:ada@example.com");
    assert_eq!(param(event, "ATTENDEE", "CN").as_deref(), Some("Ada Lovelace"));
    assert_eq!(param(event, "ATTENDEE", "RSVP").as_deref(), Some("FALSE"));
    assert_eq!(param(event, "ATTENDEE", "ROLE").as_deref(), Some("REQ-PARTICIPANT"));

    // The zone the event names is defined, and it puts 11:00 at UTC-8.
    let zone = calendar_child(&calendar, "VTIMEZONE");
    assert_eq!(prop(zone, "TZID"), "America/Los_Angeles");
    assert_eq!(offset_from_vtimezone(zone, local(2026, 12, 18, 11, 0)), -8 * 3600);
    assert!(
        ics.split("\r\n").all(|line| !line.contains('\n') && !line.contains('\r')),
        "CRLF line ends only"
    );
    assert!(ics.ends_with("END:VCALENDAR\r\n"));
}

#[test]
fn a_summer_booking_is_on_daylight_time() {
    let ics = write(&invitation(Method::Request, local(2026, 7, 3, 9, 0), LA, "Summer"));
    let parsed = Parsed::new(&ics);
    let calendar = parsed.calendar();
    let event = calendar_child(&calendar, "VEVENT");
    assert_eq!(prop(event, "DTSTART"), "20260703T090000");
    assert_eq!(prop(event, "DTEND"), "20260703T101500");
    let zone = calendar_child(&calendar, "VTIMEZONE");
    assert_eq!(offset_from_vtimezone(zone, local(2026, 7, 3, 9, 0)), -7 * 3600);

    // The 2026 transitions, as RFC 5545 writes them (local time before the change).
    let daylight = child(zone, "DAYLIGHT");
    assert_eq!(prop(daylight, "DTSTART"), "20260308T020000");
    assert_eq!(
        (prop(daylight, "TZOFFSETFROM"), prop(daylight, "TZOFFSETTO")),
        ("-0800".into(), "-0700".into())
    );
    assert_eq!(prop(daylight, "TZNAME"), "PDT");
    let standards: Vec<String> = zone
        .components
        .iter()
        .filter(|c| c.name.as_str() == "STANDARD")
        .map(|c| prop(c, "DTSTART"))
        .collect();
    assert_eq!(standards, ["20251102T020000", "20261101T020000"], "January is covered by last year's change");
    // Every local time of the year resolves as chrono-tz resolves it.
    for (month, day) in [(1, 5), (3, 7), (3, 9), (6, 21), (10, 31), (11, 2), (12, 31)] {
        let at = local(2026, month, day, 12, 0);
        let expected = i64::from(
            LA.from_local_datetime(&at).single().expect("unambiguous").offset().fix().local_minus_utc(),
        );
        assert_eq!(offset_from_vtimezone(zone, at), expected, "{at}");
    }
}

#[test]
fn the_cancel_names_the_same_event_with_a_higher_sequence() {
    let start = local(2026, 12, 18, 11, 0);
    let request = write(&invitation(Method::Request, start, LA, "x"));
    let cancel = write(&invitation(Method::Cancel, start, LA, "x"));
    let (request, cancel) = (Parsed::new(&request), Parsed::new(&cancel));
    let (request, cancel) = (request.calendar(), cancel.calendar());
    let method = |calendar: &icalendar::parser::Calendar<'_>| {
        calendar.properties.iter().find(|p| p.name.as_str() == "METHOD").map(|p| p.val.as_str().to_owned())
    };
    assert_eq!(method(&cancel).as_deref(), Some("CANCEL"));
    let (request, cancel) = (calendar_child(&request, "VEVENT"), calendar_child(&cancel, "VEVENT"));
    assert_eq!(prop(request, "UID"), prop(cancel, "UID"));
    let sequence = |event| prop(event, "SEQUENCE").parse::<u32>().expect("number");
    assert!(sequence(cancel) > sequence(request));
    assert_eq!(prop(cancel, "STATUS"), "CANCELLED");
    assert_eq!(prop(cancel, "DTSTART"), prop(request, "DTSTART"));
}

#[test]
fn long_lines_fold_at_75_octets_without_splitting_a_character() {
    let description = "Your Rustic Spa Treatments at Golden Pine: cedar, ember & warm stones; \
                       see or cancel it at https://goldenpine.example/bookings/manage/eyJhbGciOi.very-long-token \
                       — café crème, 🌲🌲🌲, naïve résumé.\nSecond line with a back\\slash."
        .repeat(3);
    let ics = write(&invitation(Method::Request, local(2026, 12, 18, 11, 0), LA, &description));
    let physical: Vec<&str> = ics.split("\r\n").collect();
    assert!(physical.iter().all(|line| line.len() <= 75), "no line is longer than 75 octets");
    assert!(physical.iter().any(|line| line.starts_with(' ')), "the description was folded");
    assert!(physical.iter().filter(|line| line.len() == 75 || line.len() == 74).count() > 3);
    let parsed = Parsed::new(&ics);
    let calendar = parsed.calendar();
    let event = calendar_child(&calendar, "VEVENT");
    assert_eq!(text_prop(event, "DESCRIPTION"), description, "unfolded and unescaped, it is the original");
}

#[test]
fn guest_text_cannot_break_out_of_its_property() {
    let mut hostile =
        invitation(Method::Request, local(2026, 12, 18, 11, 0), LA, "a\r\nATTENDEE:mailto:eve@example.com");
    hostile.attendee_name = "Ada\r\nBEGIN:VALARM;x=\"y\":z";
    hostile.attendee_email = "ada@example.com\r\nX-EVIL:1";
    hostile.summary = "Spa; with, specials\\";
    let ics = write(&hostile);
    let parsed = Parsed::new(&ics);
    let calendar = parsed.calendar();
    let event = calendar_child(&calendar, "VEVENT");
    assert_eq!(event.properties.iter().filter(|p| p.name.as_str() == "ATTENDEE").count(), 1);
    assert!(event.find_prop("X-EVIL").is_none());
    assert!(event.components.is_empty(), "no VALARM was opened");
    assert_eq!(text_prop(event, "SUMMARY"), "Spa; with, specials\\");
    assert_eq!(text_prop(event, "DESCRIPTION"), "a\nATTENDEE:mailto:eve@example.com");
    assert_eq!(
        param(event, "ATTENDEE", "CN").as_deref(),
        Some("Ada BEGIN:VALARM;x='y':z"),
        "quoted, so its colon and semicolon stay inside"
    );
    assert!(parsed.text.contains("ATTENDEE;CN=\"Ada BEGIN:VALARM;x='y':z\";ROLE=REQ-PARTICIPANT"));
    assert!(ics.split("\r\n").all(|line| !line.chars().any(|c| c.is_control())));
}

#[test]
fn a_zone_without_daylight_time_has_one_standard_observance() {
    let tokyo = chrono_tz::Asia::Tokyo;
    let ics = write(&invitation(Method::Request, local(2026, 7, 3, 9, 0), tokyo, "x"));
    let parsed = Parsed::new(&ics);
    let calendar = parsed.calendar();
    let zone = calendar_child(&calendar, "VTIMEZONE");
    assert_eq!(prop(zone, "TZID"), "Asia/Tokyo");
    assert_eq!(zone.components.len(), 1);
    let standard = child(zone, "STANDARD");
    assert_eq!(prop(standard, "TZOFFSETFROM"), "+0900");
    assert_eq!(prop(standard, "TZOFFSETTO"), "+0900");
    assert_eq!(prop(standard, "TZNAME"), "JST");
    assert_eq!(param(calendar_child(&calendar, "VEVENT"), "DTSTART", "TZID").as_deref(), Some("Asia/Tokyo"));
}

#[test]
fn a_southern_zone_starts_the_year_on_daylight_time() {
    let sydney = chrono_tz::Australia::Sydney;
    let ics = write(&invitation(Method::Request, local(2026, 1, 10, 9, 0), sydney, "x"));
    let parsed = Parsed::new(&ics);
    let calendar = parsed.calendar();
    let zone = calendar_child(&calendar, "VTIMEZONE");
    assert_eq!(offset_from_vtimezone(zone, local(2026, 1, 10, 9, 0)), 11 * 3600);
    assert_eq!(offset_from_vtimezone(zone, local(2026, 6, 10, 9, 0)), 10 * 3600);
}

#[test]
fn a_slot_across_a_clock_change_lasts_what_it_says() {
    // Three hours from 1:00 on the night the clocks go forward end at 5:00 local.
    assert_eq!(local_end(LA, local(2026, 3, 8, 1, 0), 180), local(2026, 3, 8, 5, 0));
    assert_eq!(local_end(LA, local(2026, 12, 18, 11, 0), 60), local(2026, 12, 18, 12, 0));
}
