//! The waitlist (issue 43), on one database swept by two server processes,
//! with a clock the test sets and a real SMTP server: a full day offers
//! "tell me if it frees up"; a freed place goes to the first guest waiting
//! whose wish it matches, held for her alone (twenty other guests trying to
//! book it are all refused while she may take it); when she lets it go or
//! its hold lapses, the next guest is offered it; each offer is written once
//! across the processes; her entry ends when she books. A stay's wish is
//! offered a shorter run when the whole is not open; lifting a blackout
//! counts the guests waiting for its days; the Calendar shows the demand.

use chrono::Duration;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;
use crate::reminders::SetClock;
use crate::smtp::SmtpServer;

async fn book(app: &TestApp, email: &str, service: &str, date: &str, time: &str) -> reqwest::Response {
    let mut body = booking_body(service, date, time);
    body["email"] = json!(email);
    app.post_json("/api/bookings", &body).await
}

fn join_body(email: &str, first: &str, service: &str, wishes: Value) -> Value {
    json!({"service": service, "firstName": first, "lastName": "Guest", "email": email, "wishes": wishes})
}

async fn join(app: &TestApp, email: &str, first: &str, service: &str, wishes: Value) -> Value {
    expect_json(
        app.post_json("/api/waitlist", &join_body(email, first, service, wishes)).await,
        StatusCode::CREATED,
    )
    .await
}

fn offers_written(app: &TestApp) -> i64 {
    app.sql_count("SELECT count(*) FROM outbox_messages WHERE template = 'waitlist_offer'")
}

/// Waits until `count` offer mails are written (by either process).
async fn until_offers(app: &TestApp, count: i64) {
    for _ in 0..800 {
        if offers_written(app) >= count {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
    }
    panic!("expected {count} offers, {} written", offers_written(app));
}

/// The token of the newest offer mailed to `to`, as its link carries it.
fn offer_token(app: &TestApp, to: &str) -> String {
    let text = app.sql_text(&format!(
        "SELECT text_body FROM outbox_messages WHERE template = 'waitlist_offer' AND recipient = '{to}' \
         ORDER BY created_at DESC LIMIT 1"
    ));
    let (_, rest) = text.split_once("/waitlist/offer?token=").expect("an offer link");
    rest.split_whitespace().next().expect("a token").to_owned()
}

fn held_offers(app: &TestApp) -> i64 {
    app.sql_count("SELECT count(*) FROM waitlist_offers WHERE state = 'held'")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_freed_place_goes_to_the_waiting_guests_in_order_held_for_one_and_sold_once() {
    let smtp = SmtpServer::start().await;
    let clock = SetClock::now_real();
    let options = || Options {
        smtp_url: Some(smtp.url()),
        clock: Some(clock.clone()),
        notify_email: None,
        ..Options::default()
    };
    let first = spawn_app_with(options()).await;
    let second =
        spawn_app_with(Options { database_url: Some(first.database_url.clone()), ..options() }).await;
    let admin = first.admin_token().await;
    let massage = first.service_id("Massage Therapy").await;

    // One massage a day on d: Zoe takes it.
    let d = days_from_today(10);
    let entry = json!({"date": d, "serviceId": massage, "maxCapacity": 1});
    expect_json(first.upsert_availability(&admin, &entry).await, StatusCode::OK).await;
    let zoe =
        expect_json(book(&first, "zoe@example.com", "massage", &d, "11:00").await, StatusCode::CREATED).await;
    let day = first.check_availability("massage", &d).await;
    assert_eq!(day["reasonCode"], "full");
    assert_eq!(day["canWait"], true, "full by capacity: she may wait");
    let open = first.check_availability("massage", &days_from_today(11)).await;
    assert_eq!(open["canWait"], false, "an open day needs no waitlist");

    // What a wish may be.
    let past = days_from_today(-1);
    assert_field_errors(
        first.post_json("/api/waitlist", &join_body("x@example.com", "X", "massage", json!([]))).await,
        &[("wishes", "Please choose one to three ranges of dates")],
    )
    .await;
    let four =
        json!([{"from": d, "to": d}, {"from": d, "to": d}, {"from": d, "to": d}, {"from": d, "to": d}]);
    assert_field_errors(
        first.post_json("/api/waitlist", &join_body("x@example.com", "X", "massage", four)).await,
        &[("wishes", "Please choose one to three ranges of dates")],
    )
    .await;
    let bad = json!([
        {"from": past, "to": d, "time": null},
        {"from": d, "to": days_from_today(9), "time": "11:00"},
        {"from": d, "to": days_from_today(50), "time": "25:00"}
    ]);
    assert_field_errors(
        first.post_json("/api/waitlist", &join_body("not an address", "X", "massage", bad)).await,
        &[
            ("email", "Please enter a valid email address"),
            ("wishes[0].from", "The first day must be today or later"),
            ("wishes[1].to", "The last day must be on or after the first"),
            ("wishes[2].time", "Please select a time"),
        ],
    )
    .await;
    let stay = json!([{"from": d, "to": d}]);
    assert_field_errors(
        first.post_json("/api/waitlist", &join_body("x@example.com", "X", "accommodation", stay)).await,
        &[("wishes[0].to", "Check-out must be 1 to 14 nights after check-in")],
    )
    .await;
    assert_eq!(first.rows("waitlist_entries"), 0, "nothing kept of a refused wish");

    // Ada waits for 11:00, Bea for any time that day, Cy for that day or the next; in that order.
    let ada =
        join(&first, "ada@example.com", "Ada", "massage", json!([{"from": d, "to": d, "time": "11:00"}]))
            .await;
    assert_eq!(ada["state"], "waiting");
    join(&second, "bea@example.com", "Bea", "massage", json!([{"from": d, "to": d, "time": null}])).await;
    join(&first, "cy@example.com", "Cy", "massage", json!([{"from": d, "to": d}])).await;
    // The test's clock stands still: a minute on, the mail written since is due.
    clock.advance(Duration::minutes(1));
    let joined = smtp.wait_for(4).await;
    let joined: Vec<_> = joined.into_iter().filter(|m| m.to != "zoe@example.com").collect();
    assert!(joined.iter().all(|m| m.subject == "You are on the Golden Pine waitlist"), "{joined:?}");
    assert!(joined.iter().all(|m| m.text.contains("/waitlist/leave?token=")));
    assert_eq!(offers_written(&first), 0, "nothing is free");

    // The owner cancels Zoe's massage: Ada, first in the list, is offered its place.
    let path = format!("/api/admin/bookings/{}", zoe["id"].as_str().expect("id"));
    expect_json(first.put_as(&admin, &path, &json!({"status": "cancelled"})).await, StatusCode::OK).await;
    until_offers(&first, 1).await;
    let ada_token = offer_token(&first, "ada@example.com");
    let offer = first.get_json(&format!("/api/waitlist/offer?token={ada_token}")).await;
    assert_eq!(
        (offer["state"].as_str(), offer["date"].as_str(), offer["time"].as_str()),
        (Some("held"), Some(d.as_str()), Some("11:00"))
    );
    assert!(offer["bookUrl"].as_str().expect("a link").starts_with("/services?book=massage&date="));
    let held_until: chrono::DateTime<chrono::Utc> =
        serde_json::from_value(offer["heldUntil"].clone()).expect("time");
    let hold = held_until - clock_now(&clock);
    assert!((hold - Duration::minutes(120)).num_milliseconds().abs() < 1, "the owner's two hours: {hold}");

    // While it is held the day reads as full to everyone but Ada.
    assert_eq!(first.check_availability("massage", &d).await["reasonCode"], "full");
    let hers = first
        .get_json(&format!("/api/check-availability?serviceId=massage&date={d}&offer={ada_token}"))
        .await;
    assert_eq!(hers["available"], true, "open to her: {hers}");

    // Ada lets it go: Bea is next (any time: the first open time of the day).
    let declined = expect_json(
        first
            .client
            .post(first.url(&format!("/api/waitlist/offer/decline?token={ada_token}")))
            .send()
            .await
            .expect("sent"),
        StatusCode::OK,
    )
    .await;
    assert_eq!(declined["state"], "declined");
    assert_error_code(
        first
            .client
            .post(first.url(&format!("/api/waitlist/offer/decline?token={ada_token}")))
            .send()
            .await
            .expect("sent"),
        StatusCode::CONFLICT,
        "offer_not_held",
    )
    .await;
    until_offers(&first, 2).await;
    let bea_offer = first
        .get_json(&format!("/api/waitlist/offer?token={}", offer_token(&first, "bea@example.com")))
        .await;
    assert_eq!((bea_offer["state"].as_str(), bea_offer["time"].as_str()), (Some("held"), Some("9:00")));

    // Bea's two hours pass: the hold lapses and Cy is offered the place (whichever process sweeps first).
    clock.advance(Duration::minutes(121));
    until_offers(&first, 3).await;
    assert_eq!(first.sql_text("SELECT state FROM waitlist_offers WHERE entry_id IN (SELECT id FROM waitlist_entries WHERE email = 'bea@example.com')"), "lapsed");
    let cy_token = offer_token(&first, "cy@example.com");
    assert_eq!(held_offers(&first), 1, "one place, one hold");

    // Twenty guests try to book the held place at once, and Cy with her link: she alone gets it.
    let cy_offer = first.get_json(&format!("/api/waitlist/offer?token={cy_token}")).await;
    let time = cy_offer["time"].as_str().expect("time").to_owned();
    let tries = (0..20).map(|i| {
        let app = if i % 2 == 0 { &first } else { &second };
        let (d, time) = (d.clone(), time.clone());
        async move { book(app, &format!("racer{i}@example.com"), "massage", &d, &time).await.status() }
    });
    let mut cy_body = booking_body("massage", &d, &time);
    cy_body["email"] = json!("cy@example.com");
    cy_body["offerToken"] = json!(cy_token);
    let (racers, cy_booked) =
        tokio::join!(futures_util::future::join_all(tries), second.post_json("/api/bookings", &cy_body));
    assert!(racers.iter().all(|status| *status == StatusCode::CONFLICT), "{racers:?}");
    let cy_booking = expect_json(cy_booked, StatusCode::CREATED).await;
    assert_eq!(cy_booking["email"], "cy@example.com");
    assert_eq!(
        first.sql_count(&format!(
            "SELECT count(*) FROM bookings WHERE date = '{d}' AND status <> 'cancelled'"
        )),
        1
    );
    assert_eq!(first.get_json(&format!("/api/waitlist/offer?token={cy_token}")).await["state"], "taken");
    // The link is spent.
    assert_error_code(
        second.post_json("/api/bookings", &cy_body).await,
        StatusCode::CONFLICT,
        "offer_not_held",
    )
    .await;

    // Once each across the two processes; the team's list in order: Ada and Bea wait, Cy booked.
    assert_eq!(offers_written(&first), 3);
    let list = first.admin_json(&admin, "/api/admin/waitlist").await;
    let people: Vec<(&str, &str)> = list
        .as_array()
        .expect("list")
        .iter()
        .map(|e| (e["firstName"].as_str().unwrap_or_default(), e["state"].as_str().unwrap_or_default()))
        .collect();
    assert_eq!(people, vec![("Ada", "waiting"), ("Bea", "waiting"), ("Cy", "booked")]);
    let demand = first.admin_json(&admin, &format!("/api/admin/capacity?start={d}&end={d}")).await;
    let waiting = &demand[0]["services"]
        .as_array()
        .expect("loads")
        .iter()
        .find(|l| l["service"] == "massage")
        .expect("massage")["waiting"];
    assert_eq!(*waiting, 2, "Ada and Bea still wait for the day");

    // Ada leaves through her link; the team takes Bea off (audited).
    let leave = offer_leave_token(&first, "ada@example.com");
    let left = first
        .client
        .post(first.url(&format!("/api/waitlist/leave?token={leave}")))
        .send()
        .await
        .expect("sent");
    assert_eq!(left.status(), StatusCode::NO_CONTENT);
    let bea_id = list[1]["id"].as_str().expect("id");
    let removed = first.delete_as(&admin, &format!("/api/admin/waitlist/{bea_id}")).await;
    assert_eq!(removed.status(), StatusCode::NO_CONTENT);
    assert_eq!(first.sql_count("SELECT count(*) FROM audit_log WHERE entity = 'waitlist_entry'"), 1);
    assert_eq!(first.sql_count("SELECT count(*) FROM waitlist_entries WHERE state = 'waiting'"), 0);
    let bad_link =
        first.client.post(first.url("/api/waitlist/leave?token=forged")).send().await.expect("sent");
    assert_eq!(bad_link.status(), StatusCode::NOT_FOUND);
    // Another guest's address never reaches an offer: it names only her.
    assert!(!first.sql_text("SELECT string_agg(text_body, ' ') FROM outbox_messages WHERE template = 'waitlist_offer' AND recipient = 'cy@example.com'").contains("ada@"));
}

fn clock_now(clock: &SetClock) -> chrono::DateTime<chrono::Utc> {
    use ports::Clock;
    clock.now()
}

/// The leave link's token in the mail `to` received on joining.
fn offer_leave_token(app: &TestApp, to: &str) -> String {
    let text = app.sql_text(&format!(
        "SELECT text_body FROM outbox_messages WHERE template = 'waitlist_joined' AND recipient = '{to}'"
    ));
    let (_, rest) = text.split_once("/waitlist/leave?token=").expect("a leave link");
    rest.split_whitespace().next().expect("a token").to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stay_is_offered_its_longest_open_run_and_lifting_a_blackout_counts_who_waits() {
    let clock = SetClock::now_real();
    let app = spawn_app_with(Options { clock: Some(clock.clone()), ..Options::default() }).await;
    let admin = app.admin_token().await;
    let nights: Vec<String> = (20..23).map(days_from_today).collect();
    for night in &nights {
        let entry = json!({"date": night, "accommodationType": "tiny_home", "maxCapacity": 1});
        expect_json(app.upsert_availability(&admin, &entry).await, StatusCode::OK).await;
    }
    let check_out = days_from_today(23);
    let mut stay = booking_body("accommodation", &nights[0], "15:00");
    stay["checkOut"] = json!(check_out);
    stay["email"] = json!("zoe@example.com");
    let zoe = expect_json(app.post_json("/api/bookings", &stay).await, StatusCode::CREATED).await;
    let month = &nights[0][..7];
    let days = app.get_json(&format!("/api/availability/month?serviceId=accommodation&month={month}")).await;
    let first_night =
        days["days"].as_array().expect("days").iter().find(|day| day["date"] == nights[0]).expect("night");
    assert_eq!(
        (first_night["available"].as_bool(), first_night["canWait"].as_bool()),
        (Some(false), Some(true))
    );

    join(&app, "ada@example.com", "Ada", "accommodation", json!([{"from": nights[0], "to": check_out}]))
        .await;
    // The middle night is closed for a while: its blackout counts Ada as waiting.
    let blackout = expect_json(
        app.post_as(
            &admin,
            "/api/admin/blackout-dates",
            &json!({"startDate": nights[1], "endDate": nights[1], "type": "tiny_home"}),
        )
        .await,
        StatusCode::CREATED,
    )
    .await;
    let listed = app.admin_json(&admin, "/api/admin/blackout-dates").await;
    let counted = listed.as_array().expect("list").iter().find(|b| b["id"] == blackout["id"]).expect("ours");
    assert_eq!(counted["waitingGuests"], 1);

    // Zoe cancels: the whole run is not open (the blackout), so the longest open run is offered.
    let path = format!("/api/admin/bookings/{}", zoe["id"].as_str().expect("id"));
    expect_json(app.put_as(&admin, &path, &json!({"status": "cancelled"})).await, StatusCode::OK).await;
    until_offers(&app, 1).await;
    let offer =
        app.get_json(&format!("/api/waitlist/offer?token={}", offer_token(&app, "ada@example.com"))).await;
    assert_eq!(
        (offer["date"].as_str(), offer["checkOut"].as_str()),
        (Some(nights[0].as_str()), Some(nights[1].as_str()))
    );

    // The blackout is lifted (she holds her night meanwhile); she lets the night go: her whole stay is
    // open and offered.
    let lifted = app
        .delete_as(&admin, &format!("/api/admin/blackout-dates/{}", blackout["id"].as_str().expect("id")))
        .await;
    assert_eq!(lifted.status(), StatusCode::NO_CONTENT);
    let token = offer_token(&app, "ada@example.com");
    let declined = app
        .client
        .post(app.url(&format!("/api/waitlist/offer/decline?token={token}")))
        .send()
        .await
        .expect("sent");
    assert_eq!(declined.status(), StatusCode::OK);
    until_offers(&app, 2).await;
    let whole =
        app.get_json(&format!("/api/waitlist/offer?token={}", offer_token(&app, "ada@example.com"))).await;
    assert_eq!(
        (whole["date"].as_str(), whole["checkOut"].as_str()),
        (Some(nights[0].as_str()), Some(check_out.as_str()))
    );

    // She books it with her link; her entry ends.
    let mut hers = stay.clone();
    hers["email"] = json!("ada@example.com");
    hers["offerToken"] = json!(offer_token(&app, "ada@example.com"));
    expect_json(app.post_json("/api/bookings", &hers).await, StatusCode::CREATED).await;
    assert_eq!(app.sql_text("SELECT state FROM waitlist_entries"), "booked");
    // A made-up link is refused as a field.
    hers["offerToken"] = json!("forged");
    assert_field_errors(
        app.post_json("/api/bookings", &hers).await,
        &[("offerToken", "This offer link is not valid. Please open it again from your email.")],
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_owner_sets_how_long_an_offer_is_held() {
    let clock = SetClock::now_real();
    let app = spawn_app_with(Options { clock: Some(clock.clone()), ..Options::default() }).await;
    let admin = app.admin_token().await;
    let settings = expect_json(
        app.put_as(&admin, "/api/admin/visit-settings", &json!({"offerHoldMinutes": 30})).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(settings["offerHoldMinutes"], 30);
    assert_field_errors(
        app.put_as(&admin, "/api/admin/visit-settings", &json!({"offerHoldMinutes": 10})).await,
        &[("offerHoldMinutes", "An offer is held for 15 to 1440 minutes")],
    )
    .await;
    let massage = app.service_id("Massage Therapy").await;
    let d = days_from_today(3);
    let entry = json!({"date": d, "serviceId": massage, "maxCapacity": 1});
    expect_json(app.upsert_availability(&admin, &entry).await, StatusCode::OK).await;
    let zoe =
        expect_json(book(&app, "zoe@example.com", "massage", &d, "9:00").await, StatusCode::CREATED).await;
    join(&app, "ada@example.com", "Ada", "massage", json!([{"from": d, "to": d, "time": "13:00"}])).await;
    let path = format!("/api/admin/bookings/{}", zoe["id"].as_str().expect("id"));
    expect_json(app.put_as(&admin, &path, &json!({"status": "cancelled"})).await, StatusCode::OK).await;
    until_offers(&app, 1).await;
    let offer =
        app.get_json(&format!("/api/waitlist/offer?token={}", offer_token(&app, "ada@example.com"))).await;
    let held_until: chrono::DateTime<chrono::Utc> =
        serde_json::from_value(offer["heldUntil"].clone()).expect("time");
    // Stored to the microsecond.
    let off = held_until - clock_now(&clock) - Duration::minutes(30);
    assert!(off.num_milliseconds().abs() < 1, "the owner's half hour: {off}");
}
