//! Availability and blackout rules (docs/decisions.md §5), through the public check,
//! the booking call that re-checks them, and the admin calendar calls.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{
    TestApp, assert_error, assert_field_errors, booking_body, days_from_today, expect_json, is_date, is_uuid,
    keys, sorted, spawn_app,
};

const SLOTS: [&str; 5] = ["9:00", "11:00", "13:00", "15:00", "17:00"];
const KEYS: [&str; 4] = ["massage", "spa", "accommodation", "package"];
const UNAVAILABLE: &str = "This date is not available for booking. Please select another date.";

/// (time, available) of every slot in a check-availability answer.
fn slots(day: &Value) -> Vec<(String, bool)> {
    day["slots"]
        .as_array()
        .expect("slots")
        .iter()
        .map(|s| (s["time"].as_str().expect("time").to_owned(), s["available"].as_bool().expect("available")))
        .collect()
}

fn all_slots(open: bool) -> Vec<(String, bool)> {
    SLOTS.iter().map(|t| ((*t).to_owned(), open)).collect()
}

async fn available(app: &TestApp, key: &str, date: &str) -> bool {
    app.check_availability(key, date).await["available"].as_bool().expect("available")
}

async fn book(app: &TestApp, key: &str, date: &str, time: &str) -> reqwest::Response {
    app.post_json("/api/bookings", &booking_body(key, date, time)).await
}

#[tokio::test]
async fn check_availability_answers_every_slot_and_closes_past_days() {
    let app = spawn_app().await;
    let date = days_from_today(20);
    for key in KEYS {
        let day = app.check_availability(key, &date).await;
        assert_eq!(keys(&day), sorted(&["available", "canWait", "reason", "reasonCode", "slots"]));
        assert_eq!(day["available"], true, "{key}");
        assert_eq!(day["reason"], Value::Null);
        assert_eq!(day["reasonCode"], Value::Null);
        assert_eq!(slots(&day), all_slots(true), "no entry means open");
    }
    for days in [-1, -365] {
        let day = app.check_availability("massage", &days_from_today(days)).await;
        assert_eq!(day["available"], false);
        assert_eq!(day["reason"], "This date has passed.");
        assert_eq!(day["reasonCode"], "past");
        assert_eq!(slots(&day), all_slots(false));
    }

    // Malformed dates and unknown keys are 400s.
    for query in [
        "date=2026-1-5&serviceId=massage".to_owned(),
        "date=tomorrow&serviceId=massage".to_owned(),
        "date=2027-02-30&serviceId=massage".to_owned(),
        "date=-001-01-01&serviceId=massage".to_owned(),
        "date=&serviceId=massage".to_owned(),
        "serviceId=massage".to_owned(),
    ] {
        let body =
            assert_error(app.get(&format!("/api/check-availability?{query}")).await, StatusCode::BAD_REQUEST)
                .await;
        assert!(body["errors"]["date"].is_string(), "{query}: {body}");
    }
    for query in [
        format!("date={date}&serviceId=yoga"),
        format!("date={date}&serviceId=Massage"),
        format!("date={date}&serviceId="),
        format!("date={date}"),
        format!("date={date}&serviceId={}", uuid::Uuid::new_v4()),
    ] {
        let body =
            assert_error(app.get(&format!("/api/check-availability?{query}")).await, StatusCode::BAD_REQUEST)
                .await;
        assert_eq!(body["errors"]["serviceId"], "Please select a service", "{query}");
    }
    assert_error(app.get("/api/check-availability").await, StatusCode::BAD_REQUEST).await;
}

#[tokio::test]
async fn a_services_blackout_closes_massage_and_spa_inclusively_but_not_accommodation() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (before, start, middle, end, after) = (
        days_from_today(9),
        days_from_today(10),
        days_from_today(11),
        days_from_today(12),
        days_from_today(13),
    );
    let blackout = expect_json(
        app.post_as(
            &token,
            "/api/admin/blackout-dates",
            &json!({"startDate": start, "endDate": end, "type": "services", "reason": "Therapists' retreat"}),
        )
        .await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(
        keys(&blackout),
        sorted(&["id", "startDate", "endDate", "type", "reason", "createdBy", "createdAt", "waitingGuests"])
    );
    assert_eq!(blackout["type"], "services");
    assert!(is_date(&blackout["startDate"]) && is_date(&blackout["endDate"]));
    let me = app.admin_json(&token, "/api/admin/me").await;
    assert_eq!(blackout["createdBy"], me["id"]);

    for key in ["massage", "spa"] {
        for date in [&start, &middle, &end] {
            let day = app.check_availability(key, date).await;
            assert_eq!(day["available"], false, "{key} on {date}");
            assert_eq!(day["reason"], "The retreat is closed for this service on this date.");
            assert_eq!(slots(&day), all_slots(false));
        }
        assert!(available(&app, key, &before).await, "{key} the day before");
        assert!(available(&app, key, &after).await, "{key} the day after");
    }
    for key in ["accommodation", "package"] {
        assert!(available(&app, key, &middle).await, "{key} is not a service");
    }

    // The booking call re-checks it.
    for (key, date) in [("massage", &start), ("spa", &end), ("massage", &middle)] {
        let body = assert_error(book(&app, key, date, "11:00").await, StatusCode::CONFLICT).await;
        assert_eq!(body["message"], UNAVAILABLE);
    }
    assert_eq!(app.rows("bookings"), 0);
    expect_json(book(&app, "accommodation", &middle, "11:00").await, StatusCode::CREATED).await;
    expect_json(book(&app, "massage", &after, "11:00").await, StatusCode::CREATED).await;
    expect_json(book(&app, "spa", &before, "11:00").await, StatusCode::CREATED).await;

    // Listed, and removable: then the dates are open again.
    let listed = app.admin_json(&token, "/api/admin/blackout-dates").await;
    assert_eq!(listed.as_array().expect("list"), &vec![blackout.clone()]);
    let id = blackout["id"].as_str().expect("id");
    assert_eq!(
        app.delete_as(&token, &format!("/api/admin/blackout-dates/{id}")).await.status(),
        StatusCode::NO_CONTENT
    );
    assert!(available(&app, "massage", &middle).await);
    expect_json(book(&app, "massage", &middle, "11:00").await, StatusCode::CREATED).await;
    assert_error(
        app.delete_as(&token, &format!("/api/admin/blackout-dates/{id}")).await,
        StatusCode::NOT_FOUND,
    )
    .await;
    assert_error(app.delete_as(&token, "/api/admin/blackout-dates/x").await, StatusCode::BAD_REQUEST).await;
    assert!(app.admin_json(&token, "/api/admin/blackout-dates").await.as_array().expect("list").is_empty());
}

#[tokio::test]
async fn each_blackout_type_closes_its_own_keys_and_all_closes_everything() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let cases = [
        ("tiny_home", 20, vec!["accommodation"]),
        ("retreat", 21, vec!["package"]),
        ("services", 22, vec!["massage", "spa"]),
        ("all", 23, KEYS.to_vec()),
    ];
    for (kind, days, closed) in &cases {
        let date = days_from_today(*days);
        expect_json(
            app.post_as(
                &token,
                "/api/admin/blackout-dates",
                &json!({"startDate": date, "endDate": date, "type": kind}),
            )
            .await,
            StatusCode::CREATED,
        )
        .await;
        for key in KEYS {
            let open = available(&app, key, &date).await;
            assert_eq!(open, !closed.contains(&key), "{kind} blackout, {key}");
            let response = book(&app, key, &date, "9:00").await;
            let expected = if closed.contains(&key) { StatusCode::CONFLICT } else { StatusCode::CREATED };
            assert_eq!(response.status(), expected, "booking {key} under a {kind} blackout");
        }
    }
    // Without a type the blackout closes everything.
    let date = days_from_today(30);
    let untyped = expect_json(
        app.post_as(
            &token,
            "/api/admin/blackout-dates",
            &json!({"startDate": date, "endDate": days_from_today(31)}),
        )
        .await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(untyped["type"], "all");
    assert_eq!(untyped["reason"], Value::Null);
    for key in KEYS {
        assert!(!available(&app, key, &days_from_today(31)).await, "{key}");
    }
    // Listed by start date.
    let listed = app.admin_json(&token, "/api/admin/blackout-dates").await;
    let starts: Vec<&str> =
        listed.as_array().expect("list").iter().map(|b| b["startDate"].as_str().expect("date")).collect();
    let mut sorted_starts = starts.clone();
    sorted_starts.sort_unstable();
    assert_eq!(starts, sorted_starts);
    assert_eq!(starts.len(), 5);
}

#[tokio::test]
async fn blackout_dates_are_validated() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (start, end) = (days_from_today(12), days_from_today(10));
    assert_field_errors(
        app.post_as(
            &token,
            "/api/admin/blackout-dates",
            &json!({"startDate": start, "endDate": end, "type": "all"}),
        )
        .await,
        &[("endDate", "End date must be on or after the start date")],
    )
    .await;
    assert_field_errors(
        app.post_as(&token, "/api/admin/blackout-dates", &json!({})).await,
        &[("startDate", "Start date is required"), ("endDate", "End date is required")],
    )
    .await;
    assert_field_errors(
        app.post_as(
            &token,
            "/api/admin/blackout-dates",
            &json!({"startDate": end, "endDate": start, "type": "spa"}),
        )
        .await,
        &[("type", "Type must be all, services, tiny_home or retreat")],
    )
    .await;
    for bad in ["2026-12-1", "12/01/2026", "2026-02-30", "-001-01-01"] {
        assert_field_errors(
            app.post_as(&token, "/api/admin/blackout-dates", &json!({"startDate": bad, "endDate": start}))
                .await,
            &[("startDate", "Please use a real date in the yyyy-MM-dd format")],
        )
        .await;
    }
    assert_eq!(app.rows("blackout_dates"), 0);
    // A one-day period (start = end) is fine.
    expect_json(
        app.post_as(&token, "/api/admin/blackout-dates", &json!({"startDate": start, "endDate": start}))
            .await,
        StatusCode::CREATED,
    )
    .await;
}

#[tokio::test]
async fn a_blocked_day_wide_entry_closes_the_day_for_its_service_only() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let massage = app.service_id("Massage Therapy").await;
    let date = days_from_today(15);
    let entry = expect_json(
        app.upsert_availability(
            &token,
            &json!({
                "date": date, "serviceId": massage, "accommodationType": "none", "timeSlot": "none",
                "maxCapacity": 4, "isBlocked": true, "blockReason": "Staff training",
            }),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(
        keys(&entry),
        sorted(&[
            "id",
            "serviceId",
            "serviceName",
            "accommodationType",
            "date",
            "timeSlot",
            "maxCapacity",
            "currentBookings",
            "isBlocked",
            "blockReason",
            "createdAt",
        ])
    );
    assert!(is_uuid(&entry["id"]));
    assert_eq!(entry["serviceId"], massage.as_str());
    assert_eq!(entry["serviceName"], "Massage Therapy");
    assert_eq!(entry["accommodationType"], Value::Null, "\"none\" is stored as null");
    assert_eq!(entry["timeSlot"], Value::Null, "\"none\" is stored as null");
    assert_eq!(entry["date"], date.as_str());
    assert_eq!(entry["maxCapacity"], 4);
    assert_eq!(entry["currentBookings"], 0);
    assert_eq!(entry["isBlocked"], true);
    assert_eq!(entry["blockReason"], "Staff training");

    let day = app.check_availability("massage", &date).await;
    assert_eq!(day["available"], false);
    assert_eq!(slots(&day), all_slots(false));
    for key in ["spa", "accommodation", "package"] {
        assert!(available(&app, key, &date).await, "{key} is not the blocked service");
    }
    let body = assert_error(book(&app, "massage", &date, "15:00").await, StatusCode::CONFLICT).await;
    assert_eq!(body["message"], UNAVAILABLE);
    expect_json(book(&app, "spa", &date, "15:00").await, StatusCode::CREATED).await;

    // Unblocking (same key, so the same entry) opens it again.
    let reopened = expect_json(
        app.upsert_availability(
            &token,
            &json!({"date": date, "serviceId": massage, "maxCapacity": 4, "isBlocked": false}),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(reopened["id"], entry["id"]);
    assert!(available(&app, "massage", &date).await);
    expect_json(book(&app, "massage", &date, "15:00").await, StatusCode::CREATED).await;
}

#[tokio::test]
async fn a_blocked_slot_entry_closes_only_its_slot_and_all_blocked_slots_close_the_day() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let spa = app.service_id("Rustic Spa Treatments").await;
    let date = days_from_today(16);
    expect_json(
        app.upsert_availability(
            &token,
            &json!({"date": date, "serviceId": spa, "timeSlot": "13:00", "isBlocked": true}),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    let day = app.check_availability("spa", &date).await;
    assert_eq!(day["available"], true);
    let expected: Vec<(String, bool)> = SLOTS.iter().map(|t| ((*t).to_owned(), *t != "13:00")).collect();
    assert_eq!(slots(&day), expected);
    assert_eq!(slots(&app.check_availability("massage", &date).await), all_slots(true));
    assert_error(book(&app, "spa", &date, "13:00").await, StatusCode::CONFLICT).await;
    expect_json(book(&app, "spa", &date, "11:00").await, StatusCode::CREATED).await;

    // Block the other four: no time is left, so the day is unavailable.
    for slot in ["9:00", "11:00", "15:00"] {
        expect_json(
            app.upsert_availability(&token, &json!({"date": date, "serviceId": spa, "timeSlot": slot, "isBlocked": true, "maxCapacity": 5}))
                .await,
            StatusCode::OK,
        )
        .await;
    }
    assert!(available(&app, "spa", &date).await, "17:00 is still open");
    expect_json(
        app.upsert_availability(
            &token,
            &json!({"date": date, "serviceId": spa, "timeSlot": "17:00", "isBlocked": true}),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    let day = app.check_availability("spa", &date).await;
    assert_eq!(day["available"], false);
    assert_eq!(day["reason"], "Every time on this date is booked or unavailable.");
    assert_eq!(slots(&day), all_slots(false));
    assert_eq!(app.availability_on(&token, &date).await.len(), 5);
    for slot in SLOTS {
        assert_error(book(&app, "spa", &date, slot).await, StatusCode::CONFLICT).await;
    }
    assert!(available(&app, "massage", &date).await);
}

#[tokio::test]
async fn a_full_slot_or_a_full_day_wide_entry_refuses_further_bookings() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let spa = app.service_id("Rustic Spa Treatments").await;
    let massage = app.service_id("Massage Therapy").await;

    // A day-wide cap of 2 for spa: two bookings at any times fill the day.
    let date = days_from_today(18);
    expect_json(
        app.upsert_availability(&token, &json!({"date": date, "serviceId": spa, "maxCapacity": 2})).await,
        StatusCode::OK,
    )
    .await;
    expect_json(book(&app, "spa", &date, "9:00").await, StatusCode::CREATED).await;
    assert!(available(&app, "spa", &date).await);
    expect_json(book(&app, "spa", &date, "17:00").await, StatusCode::CREATED).await;
    let day = app.check_availability("spa", &date).await;
    assert_eq!(day["available"], false);
    assert_eq!(day["reason"], "This date is fully booked.");
    let body = assert_error(book(&app, "spa", &date, "11:00").await, StatusCode::CONFLICT).await;
    assert_eq!(body["message"], "This date is fully booked. Please select another date.");
    assert_eq!(app.availability_on(&token, &date).await[0]["currentBookings"], 2);
    expect_json(book(&app, "massage", &date, "11:00").await, StatusCode::CREATED).await;

    // A slot cap of 1 for massage at 9:00: that slot fills, the others stay open.
    let date = days_from_today(19);
    expect_json(
        app.upsert_availability(&token, &json!({"date": date, "serviceId": massage, "timeSlot": "9:00"}))
            .await,
        StatusCode::OK,
    )
    .await;
    expect_json(book(&app, "massage", &date, "9:00").await, StatusCode::CREATED).await;
    let day = app.check_availability("massage", &date).await;
    assert_eq!(day["available"], true);
    let expected: Vec<(String, bool)> = SLOTS.iter().map(|t| ((*t).to_owned(), *t != "9:00")).collect();
    assert_eq!(slots(&day), expected);
    let body = assert_error(book(&app, "massage", &date, "9:00").await, StatusCode::CONFLICT).await;
    assert_eq!(body["message"], "This time is fully booked. Please choose another time.");
    expect_json(book(&app, "massage", &date, "11:00").await, StatusCode::CREATED).await;
}

#[tokio::test]
async fn accommodation_entries_apply_by_accommodation_type() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let date = days_from_today(24);
    let entry = expect_json(
        app.upsert_availability(
            &token,
            &json!({"date": date, "serviceId": "none", "accommodationType": "tiny_home", "timeSlot": "none", "isBlocked": true}),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(entry["serviceId"], Value::Null);
    assert_eq!(entry["accommodationType"], "tiny_home");
    assert!(!available(&app, "accommodation", &date).await);
    for key in ["massage", "spa", "package"] {
        assert!(available(&app, key, &date).await, "{key}");
    }
    assert_error(book(&app, "accommodation", &date, "15:00").await, StatusCode::CONFLICT).await;
    expect_json(book(&app, "package", &date, "15:00").await, StatusCode::CREATED).await;
}

#[tokio::test]
async fn retreat_entries_govern_packages_and_an_entry_naming_nothing_governs_every_key() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let date = days_from_today(27);
    expect_json(
        app.upsert_availability(
            &token,
            &json!({"date": date, "accommodationType": "retreat", "isBlocked": true}),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    for key in KEYS {
        assert_eq!(available(&app, key, &date).await, key != "package", "{key} under a retreat entry");
    }
    // No service and no accommodation: the entry speaks for the whole retreat.
    let date = days_from_today(28);
    expect_json(
        app.upsert_availability(
            &token,
            &json!({"date": date, "serviceId": "none", "accommodationType": "none", "timeSlot": "13:00", "maxCapacity": 1}),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    expect_json(book(&app, "spa", &date, "13:00").await, StatusCode::CREATED).await;
    for key in KEYS {
        let day = app.check_availability(key, &date).await;
        let expected: Vec<(String, bool)> = SLOTS.iter().map(|t| ((*t).to_owned(), *t != "13:00")).collect();
        assert_eq!(slots(&day), expected, "{key}: the shared 13:00 place is taken");
    }
    assert_error(book(&app, "package", &date, "13:00").await, StatusCode::CONFLICT).await;
    // A service entry for the Tiny Home Retreat record governs the accommodation key too.
    let tiny_home = app.service_id("Tiny Home Retreat").await;
    let date = days_from_today(29);
    expect_json(
        app.upsert_availability(&token, &json!({"date": date, "serviceId": tiny_home, "isBlocked": true}))
            .await,
        StatusCode::OK,
    )
    .await;
    assert!(!available(&app, "accommodation", &date).await);
    assert!(available(&app, "package", &date).await);
}

#[tokio::test]
async fn availability_upsert_replaces_the_entry_with_the_same_key() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let massage = app.service_id("Massage Therapy").await;
    let date = days_from_today(21);
    let first = expect_json(
        app.upsert_availability(
            &token,
            &json!({"date": date, "serviceId": massage, "accommodationType": "none", "timeSlot": "11:00", "maxCapacity": 2}),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(first["timeSlot"], "11:00");
    assert_eq!(first["isBlocked"], false);
    // Same (date, serviceId, accommodationType, timeSlot): "none" and null are the same.
    let second = expect_json(
        app.upsert_availability(
            &token,
            &json!({
                "date": date, "serviceId": massage, "accommodationType": null, "timeSlot": "11:00",
                "maxCapacity": 5, "isBlocked": true, "blockReason": "Deep clean",
            }),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(second["id"], first["id"]);
    assert_eq!(second["maxCapacity"], 5);
    assert_eq!(second["isBlocked"], true);
    assert_eq!(second["blockReason"], "Deep clean");
    assert_eq!(app.availability_on(&token, &date).await, vec![second.clone()]);

    // Another slot, the day-wide entry and a whole-retreat entry are other entries.
    let other_slot = expect_json(
        app.upsert_availability(&token, &json!({"date": date, "serviceId": massage, "timeSlot": "9:00"}))
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(other_slot["maxCapacity"], 1, "default capacity is 1");
    let day_wide = expect_json(
        app.upsert_availability(
            &token,
            &json!({"date": date, "serviceId": massage, "timeSlot": "none", "maxCapacity": 9}),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    let everything = expect_json(
        app.upsert_availability(
            &token,
            &json!({"date": date, "serviceId": "none", "accommodationType": "none", "maxCapacity": 9}),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    let ids: std::collections::HashSet<&Value> =
        [&first["id"], &other_slot["id"], &day_wide["id"], &everything["id"]].into_iter().collect();
    assert_eq!(ids.len(), 4);
    assert_eq!(app.availability_on(&token, &date).await.len(), 4);
    assert_eq!(app.sql_count("SELECT count(*) FROM availability"), 4);
}

#[tokio::test]
async fn availability_input_is_validated() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let massage = app.service_id("Massage Therapy").await;
    let date = days_from_today(22);
    for capacity in [
        json!(0),
        json!(-1),
        json!(1.5),
        json!("many"),
        json!(10_001),
        json!(1e308),
        json!(9_999_999_999_999i64),
    ] {
        assert_field_errors(
            app.upsert_availability(
                &token,
                &json!({"date": date, "serviceId": massage, "maxCapacity": capacity}),
            )
            .await,
            &[("maxCapacity", "Max capacity must be from 1 to 10000")],
        )
        .await;
    }
    assert_field_errors(
        app.upsert_availability(&token, &json!({"date": date, "serviceId": uuid::Uuid::new_v4()})).await,
        &[("serviceId", "Unknown service")],
    )
    .await;
    assert_field_errors(
        app.upsert_availability(&token, &json!({"date": date, "serviceId": "massage"})).await,
        &[("serviceId", "Unknown service")],
    )
    .await;
    assert_field_errors(
        app.upsert_availability(&token, &json!({"date": date, "accommodationType": "cabin"})).await,
        &[("accommodationType", "Accommodation must be none, tiny_home or retreat")],
    )
    .await;
    assert_field_errors(
        app.upsert_availability(&token, &json!({"date": date, "serviceId": massage, "timeSlot": "10:00"}))
            .await,
        &[("timeSlot", "Time slot must be one of 9:00, 11:00, 13:00, 15:00, 17:00")],
    )
    .await;
    assert_field_errors(
        app.upsert_availability(&token, &json!({"serviceId": massage})).await,
        &[("date", "Date is required")],
    )
    .await;
    assert_field_errors(
        app.upsert_availability(&token, &json!({"date": "2026/12/01", "serviceId": massage})).await,
        &[("date", "Please use a real date in the yyyy-MM-dd format")],
    )
    .await;
    assert_eq!(app.rows("availability"), 0, "nothing invalid was stored");
}

#[tokio::test]
async fn max_capacity_below_current_bookings_is_a_conflict() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let spa = app.service_id("Rustic Spa Treatments").await;
    let date = days_from_today(25);
    expect_json(
        app.upsert_availability(
            &token,
            &json!({"date": date, "serviceId": spa, "timeSlot": "9:00", "maxCapacity": 2}),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    expect_json(book(&app, "spa", &date, "9:00").await, StatusCode::CREATED).await;
    expect_json(book(&app, "spa", &date, "9:00").await, StatusCode::CREATED).await;
    assert_eq!(app.availability_on(&token, &date).await[0]["currentBookings"], 2);
    assert_error(
        app.upsert_availability(
            &token,
            &json!({"date": date, "serviceId": spa, "timeSlot": "9:00", "maxCapacity": 1}),
        )
        .await,
        StatusCode::CONFLICT,
    )
    .await;
    let entry = &app.availability_on(&token, &date).await[0];
    assert_eq!(entry["maxCapacity"], 2, "the refused change left the entry as it was");
    let raised = expect_json(
        app.upsert_availability(
            &token,
            &json!({"date": date, "serviceId": spa, "timeSlot": "9:00", "maxCapacity": 3}),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(raised["currentBookings"], 2);

    // An entry created after bookings exist starts from their count.
    let massage = app.service_id("Massage Therapy").await;
    let later = days_from_today(26);
    expect_json(book(&app, "massage", &later, "15:00").await, StatusCode::CREATED).await;
    expect_json(book(&app, "massage", &later, "15:00").await, StatusCode::CREATED).await;
    expect_json(book(&app, "spa", &later, "15:00").await, StatusCode::CREATED).await;
    assert_error(
        app.upsert_availability(
            &token,
            &json!({"date": later, "serviceId": massage, "timeSlot": "15:00", "maxCapacity": 1}),
        )
        .await,
        StatusCode::CONFLICT,
    )
    .await;
    assert!(app.availability_on(&token, &later).await.is_empty());
    let entry = expect_json(
        app.upsert_availability(
            &token,
            &json!({"date": later, "serviceId": massage, "timeSlot": "15:00", "maxCapacity": 2}),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(entry["currentBookings"], 2, "the spa booking is not governed by a massage entry");
    assert_error(book(&app, "massage", &later, "15:00").await, StatusCode::CONFLICT).await;
}

#[tokio::test]
async fn the_availability_list_honours_start_and_end() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let massage = app.service_id("Massage Therapy").await;
    let dates = [days_from_today(40), days_from_today(41), days_from_today(45)];
    for date in &dates {
        expect_json(
            app.upsert_availability(&token, &json!({"date": date, "serviceId": massage})).await,
            StatusCode::OK,
        )
        .await;
    }
    let range = |start: &str, end: &str| format!("/api/admin/availability?start={start}&end={end}");
    let listed = app.admin_json(&token, &range(&dates[1], &dates[2])).await;
    let listed_dates: Vec<&str> =
        listed.as_array().expect("list").iter().map(|e| e["date"].as_str().expect("date")).collect();
    assert_eq!(listed_dates, [dates[1].as_str(), dates[2].as_str()], "start and end are inclusive, by date");
    assert!(
        app.admin_json(&token, &range(&days_from_today(42), &days_from_today(44)))
            .await
            .as_array()
            .expect("list")
            .is_empty()
    );
    assert_eq!(app.admin_json(&token, &range(&dates[0], &dates[0])).await.as_array().expect("list").len(), 1);
    assert_eq!(
        app.admin_json(&token, &range(&days_from_today(0), &days_from_today(60)))
            .await
            .as_array()
            .expect("list")
            .len(),
        3
    );

    for query in [
        range(&dates[2], &dates[0]),
        range("2026-1-1", &dates[0]),
        range(&dates[0], "soon"),
        range(&days_from_today(0), &days_from_today(400)),
        format!("/api/admin/availability?start={}", dates[0]),
        "/api/admin/availability".to_owned(),
    ] {
        assert_error(app.get_as(&token, &query).await, StatusCode::BAD_REQUEST).await;
    }
}

#[tokio::test]
async fn deleting_an_availability_entry_lifts_its_cap_and_keeps_the_bookings() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let massage = app.service_id("Massage Therapy").await;
    let date = days_from_today(27);
    let entry = expect_json(
        app.upsert_availability(
            &token,
            &json!({"date": date, "serviceId": massage, "timeSlot": "11:00", "maxCapacity": 1}),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    expect_json(book(&app, "massage", &date, "11:00").await, StatusCode::CREATED).await;
    assert_error(book(&app, "massage", &date, "11:00").await, StatusCode::CONFLICT).await;

    let id = entry["id"].as_str().expect("id");
    let deleted = app.delete_as(&token, &format!("/api/admin/availability/{id}")).await;
    assert_eq!(deleted.status(), StatusCode::NO_CONTENT);
    assert!(app.availability_on(&token, &date).await.is_empty());
    assert_eq!(app.rows("bookings"), 1, "the booking it governed stays");
    expect_json(book(&app, "massage", &date, "11:00").await, StatusCode::CREATED).await;

    assert_error(
        app.delete_as(&token, &format!("/api/admin/availability/{id}")).await,
        StatusCode::NOT_FOUND,
    )
    .await;
    assert_error(app.delete_as(&token, "/api/admin/availability/not-a-uuid").await, StatusCode::BAD_REQUEST)
        .await;
}

#[tokio::test]
async fn a_blackout_lists_the_bookings_it_covers_and_cancels_them_only_when_asked() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let stay_day = days_from_today(40);
    let entry = json!({"date": stay_day, "accommodationType": "tiny_home", "maxCapacity": 1});
    expect_json(app.upsert_availability(&token, &entry).await, StatusCode::OK).await;
    let mut stay = booking_body("accommodation", &stay_day, "15:00");
    stay["email"] = json!("stay@example.com");
    let stay = expect_json(app.post_json("/api/bookings", &stay).await, StatusCode::CREATED).await;
    let massage = expect_json(
        app.post_json("/api/bookings", &booking_body("massage", &stay_day, "11:00")).await,
        StatusCode::CREATED,
    )
    .await;
    let mut later = booking_body("accommodation", &days_from_today(43), "15:00");
    later["email"] = json!("later@example.com");
    expect_json(app.post_json("/api/bookings", &later).await, StatusCode::CREATED).await;

    let period = json!({"startDate": days_from_today(39), "endDate": days_from_today(41), "type": "tiny_home", "reason": "Roof repair"});
    let covered =
        expect_json(app.post_as(&token, "/api/admin/blackout-impact", &period).await, StatusCode::OK).await;
    assert_eq!(covered.as_array().expect("list").len(), 1, "{covered}");
    assert_eq!(covered[0]["id"], stay["id"]);
    assert_eq!(app.rows("blackout_dates"), 0, "asking saves nothing");

    // Kept by default.
    let kept =
        expect_json(app.post_as(&token, "/api/admin/blackout-dates", &period).await, StatusCode::CREATED)
            .await;
    let status_of = |id: &Value| {
        let id = id.as_str().expect("id").to_owned();
        let app = &app;
        let token = token.clone();
        async move {
            let all = app.admin_json(&token, "/api/bookings").await;
            all.as_array().expect("list").iter().find(|b| b["id"] == id.as_str()).expect("booking")["status"]
                .clone()
        }
    };
    assert_eq!(status_of(&stay["id"]).await, "pending");
    app.delete_as(&token, &format!("/api/admin/blackout-dates/{}", kept["id"].as_str().expect("id"))).await;

    // Cancelled when asked: the night comes back, the guest is told, others stay.
    let mut cancelling = period.clone();
    cancelling["cancelCovered"] = json!(true);
    expect_json(app.post_as(&token, "/api/admin/blackout-dates", &cancelling).await, StatusCode::CREATED)
        .await;
    assert_eq!(status_of(&stay["id"]).await, "cancelled");
    assert_eq!(status_of(&massage["id"]).await, "pending");
    assert_eq!(app.availability_on(&token, &stay_day).await[0]["currentBookings"], 0);
    assert_eq!(
        app.sql_count(
            "SELECT count(*) FROM outbox_messages WHERE template = 'booking_cancelled' AND recipient = 'stay@example.com'"
        ),
        1
    );
    let now_empty =
        expect_json(app.post_as(&token, "/api/admin/blackout-impact", &period).await, StatusCode::OK).await;
    assert_eq!(now_empty, json!([]));

    // A refused blackout cancels nothing.
    let mut backwards = cancelling.clone();
    backwards["endDate"] = json!(days_from_today(30));
    assert_eq!(
        app.post_as(&token, "/api/admin/blackout-dates", &backwards).await.status(),
        StatusCode::BAD_REQUEST
    );
}
