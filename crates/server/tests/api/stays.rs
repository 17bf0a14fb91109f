//! Stays over several nights (docs/decisions.md §9): the Tiny Home is booked
//! from check-in to check-out, each night's capacity taken and given back
//! together, never overbooked under concurrency; the month calendar call.

use futures_util::future::join_all;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;

fn stay_body(check_in: &str, check_out: Option<&str>, email: &str) -> Value {
    let mut body = booking_body("accommodation", check_in, "15:00");
    body["checkOut"] = json!(check_out);
    body["email"] = json!(email);
    body
}

/// Caps every night from `from` days ahead for `nights` nights at `capacity`
/// Tiny Home stays.
async fn cap_nights(app: &TestApp, token: &str, from: i64, nights: i64, capacity: i64) {
    for offset in from..from + nights {
        let entry = json!({"date": days_from_today(offset), "accommodationType": "tiny_home", "maxCapacity": capacity});
        expect_json(app.upsert_availability(token, &entry).await, StatusCode::OK).await;
    }
}

/// Each capped night's count, in date order.
async fn night_counts(app: &TestApp, token: &str, from: i64, nights: i64) -> Vec<i64> {
    let list = app
        .admin_json(
            token,
            &format!(
                "/api/admin/availability?start={}&end={}",
                days_from_today(from),
                days_from_today(from + nights - 1)
            ),
        )
        .await;
    list.as_array().expect("list").iter().map(|e| e["currentBookings"].as_i64().expect("count")).collect()
}

#[tokio::test]
async fn a_stay_takes_each_night_and_cancelling_or_deleting_gives_them_all_back() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    cap_nights(&app, &token, 10, 4, 2).await;

    let stay = expect_json(
        app.post_json(
            "/api/bookings",
            &stay_body(&days_from_today(10), Some(&days_from_today(13)), "ada@example.com"),
        )
        .await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(stay["date"], days_from_today(10));
    assert_eq!(stay["checkOut"], days_from_today(13));
    assert_eq!(stay["nights"], 3);
    assert_eq!(night_counts(&app, &token, 10, 4).await, [1, 1, 1, 0], "the check-out day is not a night");

    let id = stay["id"].as_str().expect("id").to_owned();
    expect_json(
        app.put_as(&token, &format!("/api/admin/bookings/{id}"), &json!({"status": "cancelled"})).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(night_counts(&app, &token, 10, 4).await, [0, 0, 0, 0]);
    expect_json(
        app.put_as(&token, &format!("/api/admin/bookings/{id}"), &json!({"status": "confirmed"})).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(night_counts(&app, &token, 10, 4).await, [1, 1, 1, 0]);
    assert_eq!(
        app.delete_as(&token, &format!("/api/admin/bookings/{id}")).await.status(),
        StatusCode::NO_CONTENT
    );
    assert_eq!(night_counts(&app, &token, 10, 4).await, [0, 0, 0, 0]);

    // The specification's single-date request still works: one night.
    let one = expect_json(
        app.post_json("/api/bookings", &booking_body("accommodation", &days_from_today(12), "9:00")).await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(
        (one["checkOut"].as_str(), one["nights"].as_i64()),
        (Some(days_from_today(13).as_str()), Some(1))
    );
    // Other services have neither.
    let massage = expect_json(
        app.post_json("/api/bookings", &booking_body("massage", &days_from_today(12), "9:00")).await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!((massage["checkOut"].clone(), massage["nights"].clone()), (Value::Null, Value::Null));
}

#[tokio::test]
async fn a_stay_hitting_a_full_or_closed_night_is_refused_naming_it_and_stores_nothing() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    cap_nights(&app, &token, 20, 3, 1).await;
    let middle = days_from_today(21);
    expect_json(
        app.post_json("/api/bookings", &stay_body(&middle, Some(&days_from_today(22)), "first@example.com"))
            .await,
        StatusCode::CREATED,
    )
    .await;
    let before = app.rows("bookings");
    let refused = assert_error_code(
        app.post_json(
            "/api/bookings",
            &stay_body(&days_from_today(20), Some(&days_from_today(23)), "ada@example.com"),
        )
        .await,
        StatusCode::CONFLICT,
        "night_full",
    )
    .await;
    let night = chrono::NaiveDate::parse_from_str(&middle, "%Y-%m-%d").expect("date");
    assert_eq!(
        refused["message"],
        format!(
            "The night of {} is fully booked. Please choose other dates.",
            night.format("%A, %B %-d, %Y")
        )
    );
    assert_eq!(app.rows("bookings"), before);
    assert_eq!(night_counts(&app, &token, 20, 3).await, [0, 1, 0], "nothing taken by the refused stay");

    // A blackout on a night refuses; one on the check-out day does not.
    let blackout =
        json!({"startDate": days_from_today(30), "endDate": days_from_today(30), "type": "tiny_home"});
    expect_json(app.post_as(&token, "/api/admin/blackout-dates", &blackout).await, StatusCode::CREATED).await;
    assert_error_code(
        app.post_json(
            "/api/bookings",
            &stay_body(&days_from_today(28), Some(&days_from_today(31)), "ada@example.com"),
        )
        .await,
        StatusCode::CONFLICT,
        "night_unavailable",
    )
    .await;
    expect_json(
        app.post_json(
            "/api/bookings",
            &stay_body(&days_from_today(28), Some(&days_from_today(30)), "ada@example.com"),
        )
        .await,
        StatusCode::CREATED,
    )
    .await;

    // Lengths and services.
    assert_field_errors(
        app.post_json(
            "/api/bookings",
            &stay_body(&days_from_today(40), Some(&days_from_today(55)), "ada@example.com"),
        )
        .await,
        &[("checkOut", "Check-out must be 1 to 14 nights after check-in")],
    )
    .await;
    let mut massage = booking_body("massage", &days_from_today(40), "9:00");
    massage["checkOut"] = json!(days_from_today(42));
    assert_field_errors(
        app.post_json("/api/bookings", &massage).await,
        &[("checkOut", "Only the Tiny Home is booked over several nights")],
    )
    .await;
    expect_json(
        app.post_json(
            "/api/bookings",
            &stay_body(&days_from_today(40), Some(&days_from_today(54)), "ada@example.com"),
        )
        .await,
        StatusCode::CREATED,
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn thirty_simultaneous_overlapping_stays_on_two_places_never_overbook_a_night() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    cap_nights(&app, &token, 50, 8, 2).await;

    // Thirty stays of 1 to 4 nights starting on the first 5 nights, all at once.
    let requests = (0..30).map(|i: i64| {
        let client = reqwest::Client::new();
        let (start, nights) = (50 + i % 5, 1 + (i * 7) % 4);
        let body = stay_body(
            &days_from_today(start),
            Some(&days_from_today(start + nights)),
            &format!("g{i}@example.com"),
        );
        let url = app.url("/api/bookings");
        async move { (start, nights, client.post(url).json(&body).send().await.expect("request sent")) }
    });
    let mut held = [0_i64; 8];
    let mut created = 0;
    for (start, nights, response) in join_all(requests).await {
        match response.status() {
            StatusCode::CREATED => {
                created += 1;
                for night in start..start + nights {
                    held[usize::try_from(night - 50).expect("index")] += 1;
                }
            }
            StatusCode::CONFLICT => {
                let body: Value = response.json().await.expect("json");
                assert!(["night_full", "day_full"].contains(&body["code"].as_str().expect("code")), "{body}");
            }
            other => panic!("unexpected {other}: {}", response.text().await.unwrap_or_default()),
        }
    }
    assert!(created >= 2, "some stays fit");
    assert!(held.iter().all(|&n| n <= 2), "no night holds more than two stays: {held:?}");
    assert_eq!(night_counts(&app, &token, 50, 8).await, held, "the counts are exactly the stays stored");
    let stored = app.sql_count(&format!(
        "SELECT count(*) FROM bookings WHERE service = 'accommodation' AND date >= '{}'",
        days_from_today(50)
    ));
    assert_eq!(stored, created);
}

#[tokio::test]
async fn the_month_call_answers_every_day_with_closed_nights_marked() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let target = chrono::NaiveDate::parse_from_str(&days_from_today(70), "%Y-%m-%d").expect("date");
    let month = target.format("%Y-%m").to_string();
    let blackout =
        json!({"startDate": target.to_string(), "endDate": target.to_string(), "type": "tiny_home"});
    expect_json(app.post_as(&token, "/api/admin/blackout-dates", &blackout).await, StatusCode::CREATED).await;

    let answer =
        app.get_json(&format!("/api/availability/month?serviceId=accommodation&month={month}")).await;
    assert_eq!(answer["serviceId"], "accommodation");
    assert_eq!(answer["month"], month);
    let days = answer["days"].as_array().expect("days");
    let first = chrono::NaiveDate::parse_from_str(&format!("{month}-01"), "%Y-%m-%d").expect("first");
    let expected_days = (first + chrono::Months::new(1) - first).num_days();
    assert_eq!(i64::try_from(days.len()).expect("len"), expected_days);
    for day in days {
        let closed = day["date"] == target.to_string();
        assert_eq!(day["available"], !closed, "{day}");
        assert_eq!(day["reason"].is_null(), !closed, "{day}");
    }
    // Massage is not in the Tiny Home's blackout.
    let massage = app.get_json(&format!("/api/availability/month?serviceId=massage&month={month}")).await;
    assert!(massage["days"].as_array().expect("days").iter().all(|d| d["available"] == true));

    assert_field_errors(
        app.get("/api/availability/month?serviceId=spaceship&month=2026-13").await,
        &[("serviceId", "Please select a service"), ("month", "Please use a month in the yyyy-MM format")],
    )
    .await;
}

#[tokio::test]
async fn a_blackout_lists_and_cancels_a_stay_that_has_a_night_in_it() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let stay = expect_json(
        app.post_json(
            "/api/bookings",
            &stay_body(&days_from_today(80), Some(&days_from_today(84)), "ada@example.com"),
        )
        .await,
        StatusCode::CREATED,
    )
    .await;
    let period =
        json!({"startDate": days_from_today(83), "endDate": days_from_today(90), "type": "tiny_home"});
    let impact =
        expect_json(app.post_as(&token, "/api/admin/blackout-impact", &period).await, StatusCode::OK).await;
    assert_eq!(impact.as_array().expect("list").len(), 1, "{impact}");
    let mut cancelling = period.clone();
    cancelling["cancelCovered"] = json!(true);
    expect_json(app.post_as(&token, "/api/admin/blackout-dates", &cancelling).await, StatusCode::CREATED)
        .await;
    let bookings = app.admin_json(&token, "/api/bookings").await;
    let found =
        bookings.as_array().expect("list").iter().find(|b| b["id"] == stay["id"]).expect("stay").clone();
    assert_eq!(found["status"], "cancelled");
    // Starting on the old check-out day is outside it.
    let later =
        json!({"startDate": days_from_today(84), "endDate": days_from_today(85), "type": "tiny_home"});
    let impact =
        expect_json(app.post_as(&token, "/api/admin/blackout-impact", &later).await, StatusCode::OK).await;
    assert_eq!(impact, json!([]));
}
