//! The Tiny Home in step with other sites (issue 44), against a small local
//! HTTP server serving Airbnb-shaped calendars: a stay there blocks its
//! nights here, moves and frees with it; a broken, slow or missing calendar
//! is refused with its reason and the last good nights stay; loopback is
//! refused unless allowed; a booking here on a night an import takes is a
//! double booking the owner sees, never dropped; each import is fetched once
//! per round across two server processes, on the clock's schedule; and the
//! export carries the nights taken here and nothing of a guest.

use std::time::Duration;

use futures_util::future::join_all;
use icalendar::parser::{read_calendar, unfold};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;
use crate::listing_server::{Answer, ListingServer, airbnb};
use crate::reminders::SetClock;

async fn stay_sync(app: &TestApp, token: &str) -> Value {
    app.admin_json(token, "/api/admin/stay-sync").await
}

async fn add_import(app: &TestApp, token: &str, name: &str, url: &str) -> String {
    let body = json!({"name": name, "url": url});
    let added =
        expect_json(app.post_as(token, "/api/admin/stay-imports", &body).await, StatusCode::CREATED).await;
    added["id"].as_str().expect("id").to_owned()
}

async fn sync(app: &TestApp, token: &str, id: &str) -> Value {
    let path = format!("/api/admin/stay-imports/{id}/sync");
    expect_json(app.post_as(token, &path, &json!({})).await, StatusCode::OK).await
}

/// Whether a Tiny Home stay of one night from `day` can be booked.
async fn night_open(app: &TestApp, day: i64) -> bool {
    let answer = app.check_availability("accommodation", &days_from_today(day)).await;
    answer["available"] == json!(true)
}

async fn book_stay(app: &TestApp, email: &str, from: i64, to: i64) -> reqwest::Response {
    let mut body = booking_body("accommodation", &days_from_today(from), "15:00");
    body["checkOut"] = json!(days_from_today(to));
    body["email"] = json!(email);
    app.post_json("/api/bookings", &body).await
}

/// The `(DTSTART, DTEND)` of the export's events.
fn exported(ics: &str) -> Vec<(String, String)> {
    let text = unfold(ics);
    let calendar = read_calendar(&text).expect("an iCalendar file");
    calendar
        .components
        .iter()
        .filter(|c| c.name.as_str() == "VEVENT")
        .map(|e| {
            let prop = |name: &str| e.find_prop(name).map(|p| p.val.as_str().to_owned()).unwrap_or_default();
            (prop("DTSTART"), prop("DTEND"))
        })
        .collect()
}

fn compact(day: i64) -> String {
    days_from_today(day).replace('-', "")
}

#[tokio::test]
async fn a_stay_on_another_site_blocks_its_nights_here_and_frees_them_with_it() {
    let listing = ListingServer::start().await;
    let app = spawn_app().await;
    let owner = app.admin_token().await;
    listing.stays(&[(&days_from_today(10), &days_from_today(13))]);
    let id = add_import(&app, &owner, "Airbnb", &listing.url("/calendar/ical/48213.ics?s=secret")).await;
    let synced = sync(&app, &owner, &id).await;
    assert_eq!((synced["nights"].as_i64(), synced["lastError"].as_str()), (Some(3), None), "{synced}");
    for day in 10..13 {
        assert!(!night_open(&app, day).await, "night {day} is taken on Airbnb");
    }
    assert!(night_open(&app, 13).await, "its check-out day is free");
    let refused = book_stay(&app, "late@example.com", 11, 12).await;
    assert_eq!(refused.status(), StatusCode::CONFLICT);
    let blackouts = app.admin_json(&owner, "/api/admin/blackout-dates").await;
    assert!(blackouts.to_string().contains("Taken on Airbnb"), "{blackouts}");

    // The stay moves there: it moves here.
    listing.stays(&[(&days_from_today(20), &days_from_today(22))]);
    assert_eq!(sync(&app, &owner, &id).await["nights"], 2);
    assert!(night_open(&app, 11).await, "freed there, freed here");
    assert!(!night_open(&app, 21).await);

    // A broken file, a slow answer, a missing page: refused with the reason, the last good nights stay.
    let broken =
        Answer { content_type: "text/html", ..Answer::calendar("<!doctype html><p>Log in</p>".to_owned()) };
    let slow = Answer { delay: Duration::from_secs(5), ..Answer::calendar(airbnb(&[])) };
    let missing = Answer { status: 404, ..Answer::calendar(String::new()) };
    let huge =
        Answer::calendar(airbnb(&[]).replace("VERSION:2.0", &format!("X-PAD:{}", "x".repeat(3 << 20))));
    for (answer, reason) in [
        (huge, "The calendar is larger than 2 MB"),
        (broken, "What the address gives is not an iCalendar file"),
        (slow, "The site did not answer within 3 seconds"),
        (missing, "The site answered 404"),
    ] {
        listing.answer(answer);
        let failed = sync(&app, &owner, &id).await;
        assert_eq!(failed["lastError"], reason, "{failed}");
        assert_eq!(failed["nights"], 2, "the last good state stays");
        assert!(!night_open(&app, 21).await, "still blocked after: {reason}");
    }

    // The stay is cancelled there: every night frees here.
    listing.stays(&[]);
    let empty = sync(&app, &owner, &id).await;
    assert_eq!((empty["nights"].as_i64(), empty["lastError"].as_str()), (Some(0), None));
    assert!(night_open(&app, 21).await);

    // Removed, with its blocks; the trail names it, never its address.
    listing.stays(&[(&days_from_today(30), &days_from_today(31))]);
    sync(&app, &owner, &id).await;
    assert!(!night_open(&app, 30).await);
    assert_eq!(
        app.delete_as(&owner, &format!("/api/admin/stay-imports/{id}")).await.status(),
        StatusCode::NO_CONTENT
    );
    assert!(night_open(&app, 30).await);
    let trail = app.admin_json(&owner, "/api/admin/activity?entity=stay_import").await;
    assert!(trail.to_string().contains("Calendar import “Airbnb” removed"), "{trail}");
    assert!(!trail.to_string().contains("secret"), "the address stays out of the trail");
}

#[tokio::test]
async fn bad_addresses_are_refused_and_loopback_only_when_allowed() {
    let listing = ListingServer::start().await;
    listing.stays(&[(&days_from_today(10), &days_from_today(12))]);
    let app = spawn_app_with(Options { ical_import_allow_private: false, ..Options::default() }).await;
    let owner = app.admin_token().await;
    let not_web = "Paste the calendar's address: it begins with https:// (or http://)";
    for (url, message) in [
        ("ftp://files.example.com/a.ics", not_web),
        ("not an address", not_web),
        ("https://", not_web),
        ("", "Paste the calendar's address"),
    ] {
        let body = json!({"name": "Airbnb", "url": url});
        assert_field_errors(app.post_as(&owner, "/api/admin/stay-imports", &body).await, &[("url", message)])
            .await;
    }
    let id = add_import(&app, &owner, "VRBO", &listing.url("/vrbo.ics")).await;
    let duplicate = json!({"name": "VRBO again", "url": listing.url("/vrbo.ics")});
    let refused = assert_error_code(
        app.post_as(&owner, "/api/admin/stay-imports", &duplicate).await,
        StatusCode::CONFLICT,
        "duplicate_import",
    )
    .await;
    assert_eq!(refused["message"], "This calendar is imported already");
    let refused = sync(&app, &owner, &id).await;
    assert_eq!(
        refused["lastError"],
        "The address points to a private or local network, which the server does not fetch"
    );
    assert_eq!(listing.requests(), 0, "nothing was fetched");
    // A name that resolves to loopback is refused the same way.
    let local = add_import(&app, &owner, "Local", &format!("http://localhost:{}/a.ics", listing.port)).await;
    assert!(
        sync(&app, &owner, &local).await["lastError"]
            .as_str()
            .is_some_and(|e| e.contains("private or local"))
    );
    assert_eq!(listing.requests(), 0);
    // `webcal://`, as some sites show it, is read as https.
    let webcal = add_import(&app, &owner, "Booking.com", "webcal://127.0.0.1:9/ical.ics").await;
    let listed = stay_sync(&app, &owner).await;
    let entry =
        listed["imports"].as_array().expect("imports").iter().find(|i| i["id"] == webcal.as_str()).cloned();
    assert_eq!(entry.expect("listed")["url"], "https://127.0.0.1:9/ical.ics");
}

#[tokio::test]
async fn redirects_are_followed_hop_by_hop_and_a_long_chain_is_cut_off() {
    // A redirect is followed by hand, each hop resolved and checked like the
    // first (listing_calendars); a chain longer than five is refused.
    let listing = ListingServer::start().await;
    let app = spawn_app().await;
    let owner = app.admin_token().await;
    listing.answer(Answer {
        status: 302,
        location: Some("/again.ics".to_owned()),
        ..Answer::calendar(String::new())
    });
    let id = add_import(&app, &owner, "Airbnb", &listing.url("/loop.ics")).await;
    assert_eq!(sync(&app, &owner, &id).await["lastError"], "The site sent us on more than 5 times");
    assert_eq!(listing.requests(), 6);
}

#[tokio::test]
async fn a_booking_here_on_a_night_an_import_takes_is_shown_as_a_double_booking() {
    let listing = ListingServer::start().await;
    let app = spawn_app().await;
    let owner = app.admin_token().await;
    let here = expect_json(book_stay(&app, "marisol@example.com", 40, 43).await, StatusCode::CREATED).await;
    listing.stays(&[(&days_from_today(42), &days_from_today(44))]);
    let id = add_import(&app, &owner, "VRBO", &listing.url("/vrbo.ics")).await;
    assert_eq!(sync(&app, &owner, &id).await["nights"], 2);

    let view = stay_sync(&app, &owner).await;
    let doubles = view["doubleBookings"].as_array().expect("double bookings");
    assert_eq!(doubles.len(), 1, "{view}");
    assert_eq!(doubles[0]["booking"]["id"], here["id"]);
    assert_eq!(doubles[0]["importName"], "VRBO");
    assert_eq!(doubles[0]["nights"], json!([days_from_today(42)]));
    let booking = app
        .admin_json(&owner, &format!("/api/admin/bookings?search={}", &here["id"].as_str().expect("id")[..8]))
        .await;
    assert_eq!(booking["items"][0]["status"], "pending", "never dropped or cancelled by an import");

    // The export: the nights taken here, not VRBO's, and nothing of the guest.
    let response = app.get("/api/stays/tiny-home.ics").await;
    assert_eq!(response.status(), StatusCode::OK);
    let etag = response.headers()["etag"].to_str().expect("etag").to_owned();
    let ics = response.text().await.expect("text");
    assert_eq!(exported(&ics), vec![(compact(40), compact(43))], "{ics}");
    for private in ["Lovelace", "marisol", "Quiet room", "VRBO"] {
        assert!(!ics.contains(private), "{private} in the export:\n{ics}");
    }
    let again = app.request(reqwest::Method::GET, "/api/stays/tiny-home.ics").header("If-None-Match", &etag);
    assert_eq!(again.send().await.expect("sent").status(), StatusCode::NOT_MODIFIED);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn each_import_is_fetched_once_per_round_across_two_processes() {
    let listing = ListingServer::start().await;
    listing.stays(&[(&days_from_today(10), &days_from_today(12))]);
    let clock = SetClock::now_real();
    let options = || Options { clock: Some(clock.clone()), ..Options::default() };
    let first = spawn_app_with(options()).await;
    let second =
        spawn_app_with(Options { database_url: Some(first.database_url.clone()), ..options() }).await;
    let owner = first.admin_token().await;
    add_import(&first, &owner, "Airbnb", &listing.url("/a.ics")).await;

    // Both processes sweep every second; the first round that sees it fetches it, once.
    wait_for(|| listing.requests() >= 1).await;
    assert!(!night_open(&second, 10).await, "the other process sees the blocks");
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(listing.requests(), 1, "not again before 15 minutes have passed (the clock's)");

    // Fifteen minutes later by the clock: one more fetch, by one of the two.
    listing.stays(&[]);
    clock.advance(chrono::Duration::minutes(15));
    wait_for(|| listing.requests() >= 2).await;
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(listing.requests(), 2);
    assert!(night_open(&second, 10).await, "freed there, freed here");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_booking_racing_an_import_for_the_same_night_is_refused_or_shown() {
    let listing = ListingServer::start().await;
    let app = spawn_app().await;
    let owner = app.admin_token().await;
    listing.stays(&[(&days_from_today(50), &days_from_today(51))]);
    let id = add_import(&app, &owner, "Airbnb", &listing.url("/race.ics")).await;
    let bookings = (0..20).map(|n| {
        let app = &app;
        async move { book_stay(app, &format!("racer{n}@example.com"), 50, 51).await.status() }
    });
    let (statuses, synced) = tokio::join!(join_all(bookings), sync(&app, &owner, &id));
    assert_eq!(synced["nights"], 1);
    assert!(statuses.iter().all(|s| *s == StatusCode::CREATED || *s == StatusCode::CONFLICT), "{statuses:?}");
    let booked = statuses.iter().filter(|s| **s == StatusCode::CREATED).count();
    assert!(booked <= 1, "one Tiny Home: {statuses:?}");
    // A booking that stands on the imported night is in front of the owner.
    let doubles = stay_sync(&app, &owner).await["doubleBookings"].as_array().expect("list").len();
    assert_eq!(doubles, booked, "a booking standing on the night is shown, never left unseen");
    assert!(!night_open(&app, 50).await);
}

async fn wait_for(done: impl Fn() -> bool) {
    for _ in 0..200 {
        if done() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("waited 10 s in vain");
}
