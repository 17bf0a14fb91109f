//! Public writes that arrive together are written together (one transaction
//! per burst, `store-postgres`'s batch module) and decided exactly as if
//! they had come one after another: the per-guest limit, capacity, stock,
//! idempotency keys, refusals that leave nothing, the mail of each accepted
//! write, and the per-address limit.

use futures_util::future::join_all;
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

use crate::helpers::*;

/// Sends every (path, key, body) at once, each on a connection of its own,
/// and answers (status, replayed, body) in the same order.
async fn at_once(
    app: &TestApp,
    requests: Vec<(&str, Option<String>, Value)>,
) -> Vec<(StatusCode, bool, Value)> {
    join_all(requests.into_iter().map(|(path, key, body)| {
        let mut request = Client::new().post(app.url(path)).json(&body);
        if let Some(key) = key {
            request = request.header("Idempotency-Key", key);
        }
        async move {
            let response = request.send().await.expect("sent");
            let replayed = response.headers().contains_key("idempotent-replayed");
            (response.status(), replayed, response.json::<Value>().await.expect("json"))
        }
    }))
    .await
}

fn codes(answers: &[(StatusCode, bool, Value)]) -> Vec<String> {
    answers
        .iter()
        .map(|(status, _, body)| match body["code"].as_str() {
            Some(code) => code.to_owned(),
            None => status.as_u16().to_string(),
        })
        .collect()
}

fn count(codes: &[String], code: &str) -> usize {
    codes.iter().filter(|c| *c == code).count()
}

/// Messages in the outbox about the record `id` (the guest's and the owner's).
fn mail_about(app: &TestApp, id: &Value) -> i64 {
    app.sql_count(&format!(
        "SELECT count(*) FROM outbox_messages WHERE related_id = '{}'",
        id.as_str().expect("id")
    ))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guests_simultaneous_requests_hold_at_most_five_of_a_date_and_each_is_mailed() {
    let app = spawn_app().await;
    let date = days_from_today(12);
    let slots = ["9:00", "11:00", "13:00", "15:00", "17:00"];
    let requests = (0..12)
        .map(|i| {
            let mut body = booking_body(["massage", "spa"][i % 2], &date, slots[i % 5]);
            body["email"] = json!("Burst@Example.com");
            ("/api/bookings", None, body)
        })
        .collect();
    let answers = at_once(&app, requests).await;
    let codes = codes(&answers);
    assert_eq!((count(&codes, "201"), count(&codes, "booking_limit_reached")), (5, 7), "{codes:?}");
    assert_eq!(app.rows("bookings"), 5);
    for (_, _, booking) in answers.iter().filter(|(status, _, _)| *status == StatusCode::CREATED) {
        assert_eq!(mail_about(&app, &booking["id"]), 2, "the guest and the owner hear of {booking}");
    }
    assert_eq!(app.rows("outbox_messages"), 10, "nothing for the refused ones");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn simultaneous_keyed_requests_keep_every_key_straight_and_refused_ones_give_theirs_back() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    app.open_calendar(&token).await;
    let (open, closed) = (days_from_today(14), days_from_today(15));
    let blackout =
        json!({"startDate": closed, "endDate": closed, "type": "services", "reason": "Spring cleaning"});
    expect_json(app.post_as(&token, "/api/admin/blackout-dates", &blackout).await, StatusCode::CREATED).await;
    let guest = |n: usize, date: &str| {
        let mut body = booking_body("spa", date, "13:00");
        body["email"] = json!(format!("guest{n}@example.com"));
        body
    };
    let mut requests: Vec<(&str, Option<String>, Value)> =
        (0..6).map(|n| ("/api/bookings", Some(format!("open-{n}")), guest(n, &open))).collect();
    requests.extend((0..3).map(|n| ("/api/bookings", Some(format!("closed-{n}")), guest(10 + n, &closed))));
    // Three retries of the first request, sent with it.
    requests.extend((0..3).map(|_| ("/api/bookings", Some("open-0".to_owned()), guest(0, &open))));
    let answers = at_once(&app, requests).await;
    let codes = codes(&answers);
    assert_eq!((count(&codes, "201"), count(&codes, "date_blacked_out")), (9, 3), "{codes:?}");

    let first_key: Vec<&(StatusCode, bool, Value)> = [0, 9, 10, 11].iter().map(|&i| &answers[i]).collect();
    assert_eq!(first_key.iter().filter(|(_, replayed, _)| !replayed).count(), 1, "one acted, three replayed");
    assert!(first_key.iter().all(|(_, _, booking)| booking["id"] == first_key[0].2["id"]), "one booking");
    assert_eq!(app.rows("bookings"), 6);
    assert_eq!(app.rows("idempotency_keys"), 6, "the refused requests gave their keys back");

    // A refused request's key is free again: the corrected retry is booked.
    let retry = app
        .request(reqwest::Method::POST, "/api/bookings")
        .header("Idempotency-Key", "closed-0")
        .json(&guest(10, &open))
        .send()
        .await
        .expect("sent");
    assert_eq!(retry.status(), StatusCode::CREATED);
    assert!(!retry.headers().contains_key("idempotent-replayed"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn simultaneous_orders_sell_exactly_the_stock_and_refused_ones_leave_nothing() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let body = json!({"name": "Cedar Candle", "category": "candles", "price": "20.00",
        "description": "Hand-poured.", "image": "/media/products/cedar.webp", "stock": 4});
    let candle = expect_json(app.post_as(&token, "/api/products", &body).await, StatusCode::CREATED).await;
    let tea = app.products().await.into_iter().find(|p| p["stock"].is_null()).expect("an unlimited product");
    let mut requests: Vec<(&str, Option<String>, Value)> = (0..10)
        .map(|n| ("/api/orders", Some(format!("candle-{n}")), order_body(&[(&candle, 1), (&tea, 1)])))
        .collect();
    let mut tampered = order_body(&[(&tea, 1)]);
    tampered["total"] = json!("0.01");
    requests.extend((0..2).map(|n| ("/api/orders", Some(format!("tampered-{n}")), tampered.clone())));
    let answers = at_once(&app, requests).await;
    let codes = codes(&answers);
    assert_eq!(
        (count(&codes, "201"), count(&codes, "out_of_stock"), count(&codes, "prices_changed")),
        (4, 6, 2),
        "{codes:?}"
    );
    let candles = app.get_json("/api/products").await;
    let left = candles.as_array().expect("list").iter().find(|p| p["id"] == candle["id"]).expect("candle");
    assert_eq!(left["stock"], 0);
    assert_eq!((app.rows("orders"), app.rows("idempotency_keys")), (4, 4));
    for (_, _, order) in answers.iter().filter(|(status, _, _)| *status == StatusCode::CREATED) {
        assert_eq!(mail_about(&app, &order["id"]), 2, "a receipt and the owner's notice for {order}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn simultaneous_public_writes_from_one_address_are_counted_exactly() {
    let app = spawn_app_with(Options { public_write_limit: 6, ..Options::default() }).await;
    let message =
        json!({"firstName": "Rae", "lastName": "Moss", "email": "rae@example.com", "message": "Hello"});
    let answers =
        at_once(&app, (0..10).map(|_| ("/api/contact-messages", None, message.clone())).collect()).await;
    let codes = codes(&answers);
    assert_eq!((count(&codes, "201"), count(&codes, "rate_limited")), (6, 4), "{codes:?}");
    assert_eq!(app.rows("contact_messages"), 6);
}
