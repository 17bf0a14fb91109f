//! No overbooking under simultaneous requests, and capacity that follows
//! cancellations, reinstatements and deletions (docs/decisions.md §5).

use futures_util::future::join_all;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, assert_error, booking_body, days_from_today, expect_json, spawn_app};

async fn current_bookings(app: &TestApp, token: &str, date: &str) -> i64 {
    let entries = app.availability_on(token, date).await;
    assert_eq!(entries.len(), 1, "{entries:?}");
    entries[0]["currentBookings"].as_i64().expect("currentBookings")
}

async fn set_status(app: &TestApp, token: &str, id: &str, status: &str) -> reqwest::Response {
    app.put_as(token, &format!("/api/admin/bookings/{id}"), &json!({"status": status})).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn twenty_simultaneous_bookings_for_three_places_give_three_201_and_seventeen_409() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let massage = app.service_id("Massage Therapy").await;
    let date = days_from_today(7);
    let entry = expect_json(
        app.upsert_availability(
            &token,
            &json!({"date": date, "serviceId": massage, "accommodationType": "none", "timeSlot": "11:00", "maxCapacity": 3}),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(entry["currentBookings"], 0);

    // Twenty clients, each on its own connection, fire at once.
    let requests = (0..20).map(|i| {
        let client = reqwest::Client::new();
        let mut body = booking_body("massage", &date, "11:00");
        body["email"] = json!(format!("guest{i}@example.com"));
        let url = app.url("/api/bookings");
        async move { client.post(url).json(&body).send().await.expect("request sent") }
    });
    let responses = join_all(requests).await;
    let mut created = Vec::new();
    let mut conflicts = 0;
    for response in responses {
        match response.status() {
            StatusCode::CREATED => created.push(response.json::<Value>().await.expect("json")),
            StatusCode::CONFLICT => {
                let body = assert_error(response, StatusCode::CONFLICT).await;
                assert_eq!(body["message"], "This time is fully booked. Please choose another time.");
                conflicts += 1;
            }
            other => panic!("unexpected {other}: {}", response.text().await.unwrap_or_default()),
        }
    }
    assert_eq!((created.len(), conflicts), (3, 17));
    assert_eq!(app.rows("bookings"), 3, "exactly three bookings are stored");
    assert_eq!(app.admin_json(&token, "/api/bookings").await.as_array().expect("list").len(), 3);
    assert_eq!(current_bookings(&app, &token, &date).await, 3);
    let day = app.check_availability("massage", &date).await;
    let eleven =
        day["slots"].as_array().expect("slots").iter().find(|s| s["time"] == "11:00").expect("11:00");
    assert_eq!(eleven["available"], false);

    // Cancelling gives the place back; reinstating takes it again.
    let ids: Vec<String> = created.iter().map(|b| b["id"].as_str().expect("id").to_owned()).collect();
    expect_json(set_status(&app, &token, &ids[0], "cancelled").await, StatusCode::OK).await;
    assert_eq!(current_bookings(&app, &token, &date).await, 2);
    expect_json(set_status(&app, &token, &ids[0], "cancelled").await, StatusCode::OK).await;
    assert_eq!(current_bookings(&app, &token, &date).await, 2, "cancelling twice gives back once");
    expect_json(set_status(&app, &token, &ids[0], "confirmed").await, StatusCode::OK).await;
    assert_eq!(current_bookings(&app, &token, &date).await, 3);
    // Moving between holding states changes nothing.
    expect_json(set_status(&app, &token, &ids[0], "completed").await, StatusCode::OK).await;
    assert_eq!(current_bookings(&app, &token, &date).await, 3);

    // Deleting a booking gives its place back, and a new guest can take it.
    assert_eq!(
        app.delete_as(&token, &format!("/api/admin/bookings/{}", ids[1])).await.status(),
        StatusCode::NO_CONTENT
    );
    assert_eq!(current_bookings(&app, &token, &date).await, 2);
    let newcomer = expect_json(
        app.post_json("/api/bookings", &booking_body("massage", &date, "11:00")).await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(current_bookings(&app, &token, &date).await, 3);

    // Reinstating a cancelled booking when the slot is full is a 409.
    expect_json(set_status(&app, &token, &ids[2], "cancelled").await, StatusCode::OK).await;
    expect_json(
        app.post_json("/api/bookings", &booking_body("massage", &date, "11:00")).await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(current_bookings(&app, &token, &date).await, 3);
    assert_error(set_status(&app, &token, &ids[2], "pending").await, StatusCode::CONFLICT).await;
    let bookings = app.admin_json(&token, "/api/bookings").await;
    let refused =
        bookings.as_array().expect("list").iter().find(|b| b["id"] == ids[2].as_str()).expect("booking");
    assert_eq!(refused["status"], "cancelled", "the refused reinstatement changed nothing");
    assert_eq!(current_bookings(&app, &token, &date).await, 3);

    // Deleting a cancelled booking does not give anything back twice.
    assert_eq!(
        app.delete_as(&token, &format!("/api/admin/bookings/{}", ids[2])).await.status(),
        StatusCode::NO_CONTENT
    );
    assert_eq!(current_bookings(&app, &token, &date).await, 3);
    assert_eq!(
        app.sql_count(&format!(
            "SELECT count(*) FROM bookings WHERE date = '{date}' AND status <> 'cancelled'"
        )),
        3
    );
    assert!(newcomer["id"].is_string());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn simultaneous_bookings_take_both_the_slot_and_the_day_wide_entry() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let spa = app.service_id("Rustic Spa Treatments").await;
    let date = days_from_today(8);
    // The day holds 4 spa guests; the 9:00 slot holds 3.
    expect_json(
        app.upsert_availability(&token, &json!({"date": date, "serviceId": spa, "maxCapacity": 4})).await,
        StatusCode::OK,
    )
    .await;
    expect_json(
        app.upsert_availability(
            &token,
            &json!({"date": date, "serviceId": spa, "timeSlot": "9:00", "maxCapacity": 3}),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    let requests = (0..12).map(|i| {
        let client = reqwest::Client::new();
        let time = if i % 2 == 0 { "9:00" } else { "13:00" };
        let body = booking_body("spa", &date, time);
        let url = app.url("/api/bookings");
        async move { client.post(url).json(&body).send().await.expect("request sent").status() }
    });
    let statuses = join_all(requests).await;
    let created = statuses.iter().filter(|s| **s == StatusCode::CREATED).count();
    assert!(statuses.iter().all(|s| *s == StatusCode::CREATED || *s == StatusCode::CONFLICT), "{statuses:?}");
    assert_eq!(created, 4, "the day-wide cap holds");
    assert_eq!(app.rows("bookings"), 4);
    let entries = app.availability_on(&token, &date).await;
    let day_wide = entries.iter().find(|e| e["timeSlot"].is_null()).expect("day-wide");
    let nine = entries.iter().find(|e| e["timeSlot"] == "9:00").expect("9:00");
    assert_eq!(day_wide["currentBookings"], 4);
    let nines =
        app.sql_count(&format!("SELECT count(*) FROM bookings WHERE date = '{date}' AND time = '9:00'"));
    assert!(nines <= 3, "the slot cap holds");
    assert_eq!(nine["currentBookings"], nines);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_entry_created_while_guests_book_counts_every_booking() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    // Bookings before the entry would meet the demo's three a time otherwise.
    app.open_calendar(&token).await;
    let massage = app.service_id("Massage Therapy").await;
    for round in 0..15 {
        let date = days_from_today(40 + round);
        let bookings = (0..4).map(|_| {
            let client = reqwest::Client::new();
            let body = booking_body("massage", &date, "15:00");
            let url = app.url("/api/bookings");
            async move { client.post(url).json(&body).send().await.expect("request sent").status() }
        });
        let upsert = {
            let client = reqwest::Client::new();
            let body = json!({"date": date, "serviceId": massage, "timeSlot": "15:00", "maxCapacity": 50});
            let url = app.url("/api/admin/availability");
            let token = token.clone();
            async move {
                client.post(url).bearer_auth(token).json(&body).send().await.expect("request sent").status()
            }
        };
        let (statuses, upserted) = tokio::join!(join_all(bookings), upsert);
        assert_eq!(upserted, StatusCode::OK);
        assert!(statuses.iter().all(|s| *s == StatusCode::CREATED), "{statuses:?}");
        let stored = app.sql_count(&format!("SELECT count(*) FROM bookings WHERE date = '{date}'"));
        assert_eq!(stored, 4);
        assert_eq!(
            current_bookings(&app, &token, &date).await,
            stored,
            "round {round}: the entry counts every booking"
        );
    }
}
