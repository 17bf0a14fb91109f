//! The standing schedule (issue 26): capacity per booking key, opening
//! hours, notice and horizon, which every availability answer and every
//! booking follows, and the per-day overview the owner reads.

use chrono::Datelike;
use futures_util::future::join_all;
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

use crate::helpers::*;

fn all_times() -> Value {
    json!(["9:00", "11:00", "13:00", "15:00", "17:00"])
}

fn schedule(capacity: Value, monday: Value) -> Value {
    json!({
        "capacity": capacity,
        "openingHours": {"monday": monday, "tuesday": all_times(), "wednesday": all_times(), "thursday": all_times(),
            "friday": all_times(), "saturday": all_times(), "sunday": all_times()},
        "minimumNoticeHours": 0,
        "horizonDays": null,
    })
}

/// The next Monday at least `days` from today, yyyy-MM-dd.
fn monday_after(days: i64) -> String {
    let today = chrono::Utc::now().with_timezone(&chrono_tz::America::Los_Angeles).date_naive();
    let mut date = today + chrono::Duration::days(days);
    while date.weekday() != chrono::Weekday::Mon {
        date += chrono::Duration::days(1);
    }
    date.format("%Y-%m-%d").to_string()
}

fn shift(date: &str, days: i64) -> String {
    let date = chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d").expect("date");
    (date + chrono::Duration::days(days)).format("%Y-%m-%d").to_string()
}

#[tokio::test]
async fn the_schedule_starts_as_the_specifications_open_calendar_and_keeps_what_the_owner_saves() {
    // Without the demo, nothing is limited.
    let bare = spawn_app_with(Options { demo_data: false, ..Options::default() }).await;
    let bare_token = bare.admin_token().await;
    let initial = bare.admin_json(&bare_token, "/api/admin/schedule").await;
    assert_eq!(
        initial,
        schedule(json!({"massage": null, "spa": null, "package": null, "accommodation": null}), all_times())
    );
    // The demo retreat: three therapists, two spa rooms, two package guides, one Tiny Home.
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let demo = app.admin_json(&token, "/api/admin/schedule").await;
    assert_eq!(
        demo,
        schedule(json!({"massage": 3, "spa": 2, "package": 2, "accommodation": 1}), all_times())
    );

    let wanted = schedule(json!({"massage": 3, "spa": 2, "package": 4, "accommodation": 1}), json!([]));
    let saved = expect_json(app.put_as(&token, "/api/admin/schedule", &wanted).await, StatusCode::OK).await;
    assert_eq!(saved, wanted);
    assert_eq!(app.admin_json(&token, "/api/admin/schedule").await, wanted);
    let trail = app.admin_json(&token, "/api/admin/activity?entity=schedule").await;
    assert!(trail.to_string().contains("package per time 2 → 4"), "{trail}");
    assert!(trail.to_string().contains("→ Mon closed"), "{trail}");

    // Bad figures are named by their field; nothing is saved.
    let mut bad = wanted.clone();
    bad["capacity"]["massage"] = json!(0);
    bad["openingHours"]["friday"] = json!(["10:00"]);
    bad["minimumNoticeHours"] = json!(-1);
    bad["horizonDays"] = json!("soon");
    assert_field_errors(
        app.put_as(&token, "/api/admin/schedule", &bad).await,
        &[
            ("capacity.massage", "Capacity must be a whole number from 1 to 10000, or empty for no limit"),
            ("openingHours.friday", "Choose among 9:00, 11:00, 13:00, 15:00 and 17:00 (none closes the day)"),
            ("minimumNoticeHours", "Notice must be 0 to 720 hours"),
            ("horizonDays", "The horizon must be 1 to 730 days, or empty for no limit"),
        ],
    )
    .await;
    assert_eq!(app.admin_json(&token, "/api/admin/schedule").await, wanted);
    assert_eq!(app.get("/api/admin/schedule").await.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn six_guests_asking_at_once_for_one_tiny_home_get_one_stay() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let one_home =
        schedule(json!({"massage": null, "spa": null, "package": null, "accommodation": 1}), all_times());
    expect_json(app.put_as(&token, "/api/admin/schedule", &one_home).await, StatusCode::OK).await;
    let check_in = days_from_today(20);
    let requests = (0..6_i64).map(|i| {
        let mut body = booking_body("accommodation", &days_from_today(20 + i % 2), "15:00");
        body["email"] = json!(format!("stay{i}@example.com"));
        body["checkOut"] = json!(days_from_today(22 + i % 2));
        let request = Client::new().post(app.url("/api/bookings")).json(&body);
        async move { request.send().await.expect("sent") }
    });
    let mut created = 0;
    for response in join_all(requests).await {
        match response.status() {
            StatusCode::CREATED => created += 1,
            StatusCode::CONFLICT => {
                let body = response.json::<Value>().await.expect("json");
                assert!(
                    ["night_full", "day_full"].contains(&body["code"].as_str().unwrap_or_default()),
                    "{body}"
                );
            }
            other => panic!("{other}"),
        }
    }
    assert_eq!(created, 1);
    // The calendar says so: the night is taken, in the month view and the overview.
    let month = app
        .get_json(&format!("/api/availability/month?serviceId=accommodation&month={}", &check_in[..7]))
        .await;
    let night =
        month["days"].as_array().expect("days").iter().find(|d| d["date"] == json!(days_from_today(21)));
    let night = night.expect("the night");
    assert_eq!((&night["available"], &night["reasonCode"]), (&json!(false), &json!("full")), "{month}");
    let overview = app
        .admin_json(
            &token,
            &format!("/api/admin/capacity?start={}&end={}", days_from_today(21), days_from_today(21)),
        )
        .await;
    assert_eq!(
        overview[0]["services"][3],
        json!({"service": "accommodation", "taken": 1, "capacity": 1, "source": "standing", "waiting": 0}),
        "{overview}"
    );
    // An entry of the date speaks instead: two units that night.
    let entry = json!({"date": days_from_today(21), "accommodationType": "tiny_home", "maxCapacity": 2});
    expect_json(app.upsert_availability(&token, &entry).await, StatusCode::OK).await;
    let overview = app
        .admin_json(
            &token,
            &format!("/api/admin/capacity?start={}&end={}", days_from_today(21), days_from_today(21)),
        )
        .await;
    assert_eq!(overview[0]["services"][3]["source"], "entry", "{overview}");
    assert_eq!(overview[0]["services"][3]["capacity"], 2, "{overview}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn eight_guests_asking_at_once_for_one_time_get_the_demo_s_three_places() {
    // The demo retreat takes three massages a time. Simultaneous requests
    // are decided together in one transaction: each takes a place from the
    // one standing figure, not from a copy of it per request (they did, and
    // all eight were booked).
    let app = spawn_app().await;
    let date = days_from_today(12);
    let requests = (0..8).map(|i| {
        let mut body = booking_body("massage", &date, "13:00");
        body["email"] = json!(format!("burst{i}@example.com"));
        let request = Client::new().post(app.url("/api/bookings")).json(&body);
        async move { request.send().await.expect("sent").status() }
    });
    let answers = join_all(requests).await;
    assert_eq!(answers.iter().filter(|s| **s == StatusCode::CREATED).count(), 3, "{answers:?}");
    assert!(answers.iter().all(|s| [StatusCode::CREATED, StatusCode::CONFLICT].contains(s)), "{answers:?}");
    let stored = app.sql_count(&format!(
        "SELECT count(*) FROM bookings WHERE service = 'massage' AND date = '{date}' AND time = '13:00'"
    ));
    assert_eq!(stored, 3);
}

#[tokio::test]
async fn opening_hours_close_treatments_and_every_answer_agrees() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let mut closed_monday =
        schedule(json!({"massage": 2, "spa": null, "package": null, "accommodation": null}), json!([]));
    closed_monday["openingHours"]["tuesday"] = json!(["9:00", "11:00"]);
    expect_json(app.put_as(&token, "/api/admin/schedule", &closed_monday).await, StatusCode::OK).await;
    let monday = monday_after(7);
    let tuesday = shift(&monday, 1);

    let day = app.check_availability("massage", &monday).await;
    assert_eq!(day["available"], false, "{day}");
    assert_eq!(day["reason"], "The retreat is closed for this service on this date.");
    assert_eq!(day["reasonCode"], "closed");
    let refused = app.post_json("/api/bookings", &booking_body("spa", &monday, "11:00")).await;
    assert_error_code(refused, StatusCode::CONFLICT, "date_blocked").await;
    // The Tiny Home takes guests every night.
    assert_eq!(app.check_availability("accommodation", &monday).await["available"], true);

    let day = app.check_availability("massage", &tuesday).await;
    let open: Vec<&str> = day["slots"]
        .as_array()
        .expect("slots")
        .iter()
        .filter(|s| s["available"] == true)
        .map(|s| s["time"].as_str().expect("time"))
        .collect();
    assert_eq!(open, ["9:00", "11:00"]);
    // Two massages a time: the third is refused.
    for guest in 0..2 {
        let mut body = booking_body("massage", &tuesday, "9:00");
        body["email"] = json!(format!("m{guest}@example.com"));
        expect_json(app.post_json("/api/bookings", &body).await, StatusCode::CREATED).await;
    }
    let mut third = booking_body("massage", &tuesday, "9:00");
    third["email"] = json!("m3@example.com");
    assert_error_code(app.post_json("/api/bookings", &third).await, StatusCode::CONFLICT, "slot_full").await;
    let overview = app.admin_json(&token, &format!("/api/admin/capacity?start={monday}&end={tuesday}")).await;
    assert_eq!(
        overview[0]["services"][0],
        json!({"service": "massage", "taken": 0, "capacity": 0, "source": "closed", "waiting": 0})
    );
    assert_eq!(
        overview[1]["services"][0],
        json!({"service": "massage", "taken": 2, "capacity": 4, "source": "standing", "waiting": 0})
    );
    assert_eq!(
        overview[1]["services"][1],
        json!({"service": "spa", "taken": 0, "capacity": null, "source": "open", "waiting": 0})
    );

    // The quiz's open times follow the same rule.
    let times = app.get_json("/api/open-times?service=massage").await;
    for time in times.as_array().expect("times") {
        let date = chrono::NaiveDate::parse_from_str(time["date"].as_str().expect("date"), "%Y-%m-%d")
            .expect("date");
        assert_ne!(date.weekday(), chrono::Weekday::Mon, "{times}");
    }

    // Cancelling gives the place back; reinstating takes it again or is refused when full.
    let bookings = app.admin_json(&token, "/api/bookings").await;
    let first = bookings.as_array().expect("list")[0]["id"].as_str().expect("id").to_owned();
    let cancel =
        app.put_as(&token, &format!("/api/admin/bookings/{first}"), &json!({"status": "cancelled"})).await;
    expect_json(cancel, StatusCode::OK).await;
    expect_json(app.post_json("/api/bookings", &third).await, StatusCode::CREATED).await;
    let reinstate =
        app.put_as(&token, &format!("/api/admin/bookings/{first}"), &json!({"status": "confirmed"})).await;
    assert_error_code(reinstate, StatusCode::CONFLICT, "no_capacity").await;
}

#[tokio::test]
async fn notice_and_horizon_are_the_owners() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let mut near =
        schedule(json!({"massage": null, "spa": null, "package": null, "accommodation": null}), all_times());
    near["horizonDays"] = json!(30);
    // 29 days: the last bookable day (30 ahead) is clear of it whatever the hour, day 10 never.
    near["minimumNoticeHours"] = json!(696);
    expect_json(app.put_as(&token, "/api/admin/schedule", &near).await, StatusCode::OK).await;
    let far = app.post_json("/api/bookings", &booking_body("massage", &days_from_today(31), "11:00")).await;
    let body = assert_error_code(far, StatusCode::CONFLICT, "beyond_horizon").await;
    assert_eq!(body["message"], "Bookings are open 30 days ahead. Please choose an earlier date.");
    let soon = app.post_json("/api/bookings", &booking_body("massage", &days_from_today(10), "11:00")).await;
    let body = assert_error_code(soon, StatusCode::CONFLICT, "too_soon").await;
    assert_eq!(body["message"], "Bookings need 696 hours' notice. Please choose a later time.");
    let day = app.check_availability("massage", &days_from_today(31)).await;
    assert_eq!(day["reason"], "Bookings are not yet open for this date.");
    expect_json(
        app.post_json("/api/bookings", &booking_body("massage", &days_from_today(30), "17:00")).await,
        StatusCode::CREATED,
    )
    .await;
}

#[tokio::test]
async fn the_overview_refuses_a_bad_range() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let too_long = app
        .get_as(
            &token,
            &format!("/api/admin/capacity?start={}&end={}", days_from_today(0), days_from_today(62)),
        )
        .await;
    assert_field_errors(too_long, &[("end", "End must be on or after start, at most 61 days later")]).await;
    let missing = app.get_as(&token, "/api/admin/capacity?start=tomorrow").await;
    assert_eq!(missing.status(), StatusCode::BAD_REQUEST);
}
