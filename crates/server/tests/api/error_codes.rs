//! Every refusal carries its stable `code` (docs/decisions.md §3, §9): one
//! request per code the server can answer, checked for status, code and the
//! headers that go with it. `assert_error` also checks, for every error any
//! suite sees, that the code is one the OpenAPI document declares.

use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::helpers::{
    assert_error_code, booking_body, days_from_today, documented_error_codes, order_body, spawn_app,
};

#[tokio::test]
async fn booking_refusals_name_their_reason() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let book = |date: String, key: &'static str, time: &'static str| {
        let body = booking_body(key, &date, time);
        let app = &app;
        async move { app.post_json("/api/bookings", &body).await }
    };

    let past = days_from_today(-3);
    assert_error_code(book(past, "massage", "11:00").await, StatusCode::CONFLICT, "date_passed").await;

    let closed = days_from_today(41);
    let blackout = json!({"startDate": closed, "endDate": closed, "type": "services"});
    assert_eq!(
        app.post_as(&token, "/api/admin/blackout-dates", &blackout).await.status(),
        StatusCode::CREATED
    );
    assert_error_code(book(closed.clone(), "spa", "11:00").await, StatusCode::CONFLICT, "date_blacked_out")
        .await;

    let blocked = days_from_today(42);
    let block = json!({"date": blocked, "serviceId": "none", "accommodationType": "none", "isBlocked": true});
    assert_eq!(app.upsert_availability(&token, &block).await.status(), StatusCode::OK);
    assert_error_code(book(blocked, "spa", "11:00").await, StatusCode::CONFLICT, "date_blocked").await;

    let busy = days_from_today(43);
    let spa = app.service_id("Rustic Spa Treatments").await;
    let day_cap = json!({"date": busy, "serviceId": spa, "maxCapacity": 1});
    assert_eq!(app.upsert_availability(&token, &day_cap).await.status(), StatusCode::OK);
    assert_eq!(book(busy.clone(), "spa", "9:00").await.status(), StatusCode::CREATED);
    assert_error_code(book(busy.clone(), "spa", "13:00").await, StatusCode::CONFLICT, "day_full").await;

    let slot_day = days_from_today(44);
    let slot_cap = json!({"date": slot_day, "serviceId": spa, "timeSlot": "15:00", "maxCapacity": 1});
    assert_eq!(app.upsert_availability(&token, &slot_cap).await.status(), StatusCode::OK);
    let first = book(slot_day.clone(), "spa", "15:00").await;
    assert_eq!(first.status(), StatusCode::CREATED);
    let first: serde_json::Value = first.json().await.expect("json");
    assert_error_code(book(slot_day.clone(), "spa", "15:00").await, StatusCode::CONFLICT, "slot_full").await;

    // Cancelled, the slot frees; booked by another guest, reinstating the first is refused.
    let path = format!("/api/admin/bookings/{}", first["id"].as_str().expect("id"));
    let cancel = app.put_as(&token, &path, &json!({"status": "cancelled"})).await;
    assert_eq!(cancel.status(), StatusCode::OK);
    assert_eq!(book(slot_day.clone(), "spa", "15:00").await.status(), StatusCode::CREATED);
    let reinstate = app.put_as(&token, &path, &json!({"status": "confirmed"})).await;
    assert_error_code(reinstate, StatusCode::CONFLICT, "no_capacity").await;

    // A new entry starts from the bookings it governs and cannot be set below them.
    let booked = days_from_today(45);
    for email in ["one@example.com", "two@example.com"] {
        let mut body = booking_body("spa", &booked, "11:00");
        body["email"] = json!(email);
        assert_eq!(app.post_json("/api/bookings", &body).await.status(), StatusCode::CREATED);
    }
    let too_small = json!({"date": booked, "serviceId": spa, "timeSlot": "11:00", "maxCapacity": 1});
    assert_error_code(
        app.upsert_availability(&token, &too_small).await,
        StatusCode::CONFLICT,
        "capacity_below_bookings",
    )
    .await;
}

#[tokio::test]
async fn catalogue_and_order_refusals_name_their_reason() {
    let app = spawn_app().await;
    let token = app.admin_token().await;

    let post = json!({"title": "Twin", "slug": "twin-post", "excerpt": "e", "content": "c", "image": "/media/a.webp"});
    assert_eq!(app.post_as(&token, "/api/blog-posts", &post).await.status(), StatusCode::CREATED);
    assert_error_code(
        app.post_as(&token, "/api/blog-posts", &post).await,
        StatusCode::CONFLICT,
        "duplicate_slug",
    )
    .await;

    let service = json!({
        "name": "Second Massage", "description": "d", "price": "99.00", "duration": 30,
        "image": "/media/a.webp", "bookingKey": "massage",
    });
    assert_error_code(
        app.post_as(&token, "/api/services", &service).await,
        StatusCode::CONFLICT,
        "booking_key_taken",
    )
    .await;

    let products = app.products().await;
    let mut order = order_body(&[(&products[0], 1)]);
    order["total"] = json!("0.01");
    assert_error_code(app.post_json("/api/orders", &order).await, StatusCode::CONFLICT, "prices_changed")
        .await;
}

#[tokio::test]
async fn protocol_refusals_name_their_reason() {
    let app = spawn_app().await;
    let token = app.admin_token().await;

    let not_json = app
        .request(Method::POST, "/api/contact-messages")
        .body("{")
        .header("content-type", "application/json");
    assert_error_code(not_json.send().await.expect("sent"), StatusCode::BAD_REQUEST, "invalid_json").await;
    let not_an_object = app.post_json("/api/contact-messages", &json!([1, 2])).await;
    assert_error_code(not_an_object, StatusCode::BAD_REQUEST, "invalid_json").await;
    let text =
        app.request(Method::POST, "/api/contact-messages").body("hello").header("content-type", "text/plain");
    assert_error_code(
        text.send().await.expect("sent"),
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "unsupported_media_type",
    )
    .await;
    let huge = json!({"message": "x".repeat(1024 * 1024)});
    assert_error_code(
        app.post_json("/api/contact-messages", &huge).await,
        StatusCode::PAYLOAD_TOO_LARGE,
        "payload_too_large",
    )
    .await;
    assert_error_code(app.get("/api/products/not-a-uuid").await, StatusCode::BAD_REQUEST, "invalid_id").await;
    assert_error_code(
        app.get("/api/check-availability?date=2026-12-01&serviceId=massage&date=x").await,
        StatusCode::BAD_REQUEST,
        "invalid_query",
    )
    .await;
    let unknown = format!("/api/products/{}", uuid::Uuid::new_v4());
    assert_error_code(app.get(&unknown).await, StatusCode::NOT_FOUND, "not_found").await;
    assert_error_code(app.get("/api/no-such-thing").await, StatusCode::NOT_FOUND, "not_found").await;
    assert_error_code(app.get("/api/orders").await, StatusCode::UNAUTHORIZED, "unauthenticated").await;
    assert_error_code(
        app.get_as("forged.token.here", "/api/orders").await,
        StatusCode::UNAUTHORIZED,
        "unauthenticated",
    )
    .await;
    let wrong = json!({"email": "owner@goldenpine.test", "password": "not the password"});
    assert_error_code(
        app.post_json("/api/admin/login", &wrong).await,
        StatusCode::UNAUTHORIZED,
        "invalid_credentials",
    )
    .await;
    let invalid = app.post_json("/api/contact-messages", &json!({})).await;
    let body = assert_error_code(invalid, StatusCode::BAD_REQUEST, "validation_failed").await;
    assert!(body["errors"].is_object(), "{body}");

    // 405 names the methods the path does serve.
    let response = app.send_as(&token, Method::PATCH, "/api/services", None).await;
    assert_eq!(response.headers().get("allow").and_then(|v| v.to_str().ok()), Some("GET, POST"));
    assert_error_code(response, StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed").await;
    let response = app.request(Method::DELETE, "/api/admin/login").send().await.expect("sent");
    assert_eq!(response.headers().get("allow").and_then(|v| v.to_str().ok()), Some("POST"));
    assert_error_code(response, StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed").await;

    // The throttle's 429 says when to come back.
    let mut last = None;
    for _ in 0..11 {
        last = Some(app.post_json("/api/admin/login", &wrong).await);
    }
    let response = last.expect("answer");
    assert!(response.headers().get("retry-after").is_some());
    assert_error_code(response, StatusCode::TOO_MANY_REQUESTS, "rate_limited").await;
}

#[test]
fn the_document_declares_the_codes_the_server_uses() {
    let codes = documented_error_codes();
    for code in [
        "validation_failed",
        "unauthenticated",
        "slot_full",
        "day_full",
        "date_blacked_out",
        "prices_changed",
        "duplicate_slug",
        "rate_limited",
    ] {
        assert!(codes.iter().any(|c| c == code), "{code}");
    }
}
