//! Team members' calendar feeds (issue 44): each member's secret address,
//! turned on, regenerated (the old one stops at once) and off from Security;
//! the feed read back by a third-party iCalendar parser, with the guest's
//! first name and the service but never her last name, address or notes;
//! cancelled bookings marked, blackouts busy, the invitations' UIDs kept;
//! revalidated with its `ETag`; and a wrong address throttled.

use icalendar::parser::{Component, read_calendar, unfold};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;
use crate::team::join;

const FEED: &str = "/api/admin/calendar-feed";
/// `PUBLIC_URL` of the test servers.
fn path_of(feed: &Value) -> String {
    let url = feed["httpsUrl"].as_str().expect("an https address");
    let at = url.find("/api/").expect("an API path");
    url[at..].to_owned()
}

async fn book(
    app: &TestApp,
    first: &str,
    last: &str,
    service: &str,
    date: &str,
    check_out: Option<&str>,
) -> String {
    let mut body = booking_body(service, date, if service == "accommodation" { "15:00" } else { "11:00" });
    body["firstName"] = json!(first);
    body["lastName"] = json!(last);
    body["email"] = json!(format!("{}.{}@private-mail.test", first.to_lowercase(), last.to_lowercase()));
    body["notes"] = json!("Seven weeks pregnant, zephyrine allergy");
    if let Some(out) = check_out {
        body["checkOut"] = json!(out);
    }
    let created = expect_json(app.post_json("/api/bookings", &body).await, StatusCode::CREATED).await;
    created["id"].as_str().expect("id").to_owned()
}

fn events<'a>(calendar: &'a icalendar::parser::Calendar<'a>) -> Vec<&'a Component<'a>> {
    calendar.components.iter().filter(|c| c.name.as_str() == "VEVENT").collect()
}

fn prop(component: &Component<'_>, name: &str) -> String {
    component.find_prop(name).map(|p| p.val.as_str().to_owned()).unwrap_or_default()
}

fn event_of<'a>(events: &[&'a Component<'a>], id: &str) -> &'a Component<'a> {
    let uid = format!("booking-{id}@goldenpine.retreat");
    events.iter().find(|e| prop(e, "UID") == uid).copied().unwrap_or_else(|| panic!("no event {uid}"))
}

#[tokio::test]
async fn a_members_feed_shows_the_bookings_without_the_guests_details() {
    let app = spawn_app().await;
    let owner = app.admin_token().await;
    let off = expect_json(app.get_as(&owner, FEED).await, StatusCode::OK).await;
    assert_eq!(off, json!({"on": false, "webcalUrl": null, "httpsUrl": null}), "off until she turns it on");

    let massage = book(&app, "Hazel", "Brookfield", "massage", &days_from_today(9), None).await;
    let stay =
        book(&app, "Marisol", "Quintana", "accommodation", &days_from_today(12), Some(&days_from_today(14)))
            .await;
    let cancelled = book(&app, "Tove", "Lindqvist", "spa", &days_from_today(10), None).await;
    for (id, status) in [(&massage, "confirmed"), (&cancelled, "cancelled")] {
        let body = json!({"status": status});
        expect_json(app.put_as(&owner, &format!("/api/admin/bookings/{id}"), &body).await, StatusCode::OK)
            .await;
    }
    let closed = json!({"startDate": days_from_today(20), "endDate": days_from_today(21), "type": "all",
        "reason": "Private retreat for the Okafor family"});
    expect_json(app.post_as(&owner, "/api/admin/blackout-dates", &closed).await, StatusCode::CREATED).await;

    let on = expect_json(app.post_as(&owner, FEED, &json!({})).await, StatusCode::OK).await;
    assert_eq!(on["on"], true);
    let webcal = on["webcalUrl"].as_str().expect("webcal address");
    assert!(webcal.starts_with("webcal://") && webcal.ends_with("/bookings.ics"), "{webcal}");
    assert_eq!(
        expect_json(app.get_as(&owner, FEED).await, StatusCode::OK).await,
        on,
        "shown again in Security"
    );
    let path = path_of(&on);

    // The feed needs no sign-in: its address is the secret.
    let response = app.get(&path).await;
    assert_eq!(response.status(), StatusCode::OK);
    let header =
        |name: &str| response.headers().get(name).and_then(|v| v.to_str().ok()).unwrap_or("").to_owned();
    assert!(header("content-type").starts_with("text/calendar"));
    assert_eq!(header("cache-control"), "private, max-age=300");
    let etag = header("etag");
    assert!(etag.starts_with('"'), "{etag}");
    let body = response.text().await.expect("text");
    for private in
        ["Brookfield", "Quintana", "Lindqvist", "private-mail.test", "pregnant", "zephyrine", "Okafor"]
    {
        assert!(
            !body.to_lowercase().contains(&private.to_lowercase()),
            "{private} reached the feed:\n{body}"
        );
    }
    let text = unfold(&body);
    let calendar = read_calendar(&text).expect("a calendar a third-party parser reads");
    let found = events(&calendar);

    let hazel = event_of(&found, &massage);
    assert_eq!(prop(hazel, "SUMMARY"), "Hazel · Massage Therapy");
    assert_eq!(prop(hazel, "STATUS"), "CONFIRMED");
    assert!(prop(hazel, "DTSTART").ends_with("T110000"), "at 11:00 retreat time");
    assert!(prop(hazel, "URL").ends_with(&format!("/admin/dashboard?tab=bookings&booking={massage}")));

    let marisol = event_of(&found, &stay);
    assert_eq!(prop(marisol, "SUMMARY"), "Marisol · Tiny Home Retreat (request)");
    assert_eq!(prop(marisol, "STATUS"), "TENTATIVE");
    assert_eq!(prop(marisol, "DTSTART"), days_from_today(12).replace('-', ""), "her nights, as whole days");
    assert_eq!(prop(marisol, "DTEND"), days_from_today(14).replace('-', ""));

    let tove = event_of(&found, &cancelled);
    assert_eq!(prop(tove, "STATUS"), "CANCELLED", "kept, marked cancelled");
    assert!(prop(tove, "SUMMARY").starts_with("Cancelled: Tove"));

    let blackout = found.iter().find(|e| prop(e, "UID").starts_with("blackout-")).expect("the blackout");
    assert_eq!(prop(blackout, "SUMMARY"), "Closed to bookings");
    assert_eq!(prop(blackout, "TRANSP"), "OPAQUE", "busy");
    assert_eq!(prop(blackout, "DTEND"), days_from_today(22).replace('-', ""), "through its last day");

    // A calendar asking again with the tag costs no body; a change is a new tag.
    let again =
        app.request(reqwest::Method::GET, &path).header("If-None-Match", &etag).send().await.expect("sent");
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    expect_json(
        app.put_as(&owner, &format!("/api/admin/bookings/{stay}"), &json!({"status": "confirmed"})).await,
        StatusCode::OK,
    )
    .await;
    let changed =
        app.request(reqwest::Method::GET, &path).header("If-None-Match", &etag).send().await.expect("sent");
    assert_eq!(changed.status(), StatusCode::OK, "the confirmed stay changed the feed");
}

#[tokio::test]
async fn a_regenerated_or_turned_off_address_stops_at_once_and_each_member_has_her_own() {
    let app = spawn_app().await;
    let owner = app.admin_token().await;
    let (staff, _) = join(&app, &owner, "desk@example.com", "staff").await;

    let first = path_of(&expect_json(app.post_as(&owner, FEED, &json!({})).await, StatusCode::OK).await);
    assert_eq!(app.get(&first).await.status(), StatusCode::OK);
    let second = path_of(&expect_json(app.post_as(&owner, FEED, &json!({})).await, StatusCode::OK).await);
    assert_ne!(first, second);
    assert_error_code(app.get(&first).await, StatusCode::NOT_FOUND, "invalid_link").await;
    assert_eq!(app.get(&second).await.status(), StatusCode::OK);

    // Staff see the bookings too (their role does), at an address of their own.
    let desk = path_of(&expect_json(app.post_as(&staff, FEED, &json!({})).await, StatusCode::OK).await);
    assert_ne!(desk, second);
    assert_eq!(app.get(&desk).await.status(), StatusCode::OK);

    let off = expect_json(app.delete_as(&owner, FEED).await, StatusCode::OK).await;
    assert_eq!(off["on"], false);
    assert_error_code(app.get(&second).await, StatusCode::NOT_FOUND, "invalid_link").await;
    assert_eq!(app.get(&desk).await.status(), StatusCode::OK, "hers is untouched");

    // Not signed in, no feed to manage.
    assert_eq!(app.get(FEED).await.status(), StatusCode::UNAUTHORIZED);
    // Every change is in the trail, never the address.
    let trail = app.admin_json(&owner, "/api/admin/activity?entity=calendar_feed").await;
    let summaries: Vec<&str> =
        trail["entries"].as_array().expect("entries").iter().filter_map(|e| e["summary"].as_str()).collect();
    assert_eq!(summaries.len(), 4, "{summaries:?}");
    assert!(summaries.contains(&"Calendar feed given a new address; the old one stopped"), "{summaries:?}");
    assert!(summaries.contains(&"Calendar feed turned off"), "{summaries:?}");
    let token = second.trim_start_matches("/api/calendar-feeds/").trim_end_matches("/bookings.ics");
    assert!(!trail.to_string().contains(token), "the address is a secret");
}

#[tokio::test]
async fn a_deactivated_members_feed_stops_and_guessed_addresses_are_throttled() {
    let app = spawn_app_with(Options { gift_card_lookup_limit: 3, ..Options::default() }).await;
    let owner = app.admin_token().await;
    let (staff, staff_id) = join(&app, &owner, "desk@example.com", "staff").await;
    let desk = path_of(&expect_json(app.post_as(&staff, FEED, &json!({})).await, StatusCode::OK).await);
    assert_eq!(app.get(&desk).await.status(), StatusCode::OK);
    let body = json!({"isActive": false});
    expect_json(app.put_as(&owner, &format!("/api/admin/team/{staff_id}"), &body).await, StatusCode::OK)
        .await;
    assert_error_code(app.get(&desk).await, StatusCode::NOT_FOUND, "invalid_link").await;

    // Her old address, tampered and made-up ones: the third miss is the last one answered.
    let owner_feed = path_of(&expect_json(app.post_as(&owner, FEED, &json!({})).await, StatusCode::OK).await);
    let mut tampered = owner_feed.clone();
    let at = tampered.len() - "/bookings.ics".len() - 1;
    tampered.replace_range(at..=at, if owner_feed.as_bytes()[at] == b'0' { "1" } else { "0" });
    for guess in [tampered.as_str(), "/api/calendar-feeds/not-a-feed/bookings.ics"] {
        assert_error_code(app.get(guess).await, StatusCode::NOT_FOUND, "invalid_link").await;
    }
    let blocked = app.get("/api/calendar-feeds/0123/bookings.ics").await;
    assert_error_code(blocked, StatusCode::TOO_MANY_REQUESTS, "rate_limited").await;
    // A working address is never held back: calendars poll it.
    assert_eq!(app.get(&owner_feed).await.status(), StatusCode::OK);
}
