//! The defects a hostile test of the server found (issue "Hardening"), one
//! test each, against the real server and PostgreSQL: capacity that follows
//! a service's booking key, a delete/save race, the login throttle per
//! account and address (and behind a trusted proxy), limits on public writes,
//! revocable sessions, idempotent retries, stalled bodies, the newsletter's
//! answer, protocol-relative URLs and `Cache-Control` on customer data.

use std::io::Write;
use std::net::IpAddr;
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use futures_util::future::join_all;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{
    ADMIN_EMAIL, ADMIN_PASSWORD, Operation, Options, TestApp, assert_error_code, booking_body,
    days_from_today, expect_json, fill_path, operations, order_body, spawn_app, spawn_app_with,
};

async fn book(app: &TestApp, key: &str, date: &str, email: &str) -> reqwest::Response {
    let mut body = booking_body(key, date, "11:00");
    body["email"] = json!(email);
    app.post_json("/api/bookings", &body).await
}

fn service_body(name: &str, booking_key: Option<&str>) -> Value {
    let mut body = json!({
        "name": name, "description": "Sixty unhurried minutes.", "price": "120.00", "duration": 60,
        "image": "/media/services/massage-therapy.webp",
    });
    if let Some(key) = booking_key {
        body["bookingKey"] = json!(key);
    }
    body
}

#[tokio::test]
async fn capacity_follows_the_booking_key_through_renames_recreation_and_twin_names() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let massage = app.service_id("Massage Therapy").await;
    let date = days_from_today(30);
    let entry = json!({"date": date, "serviceId": massage, "timeSlot": "11:00", "maxCapacity": 1});
    expect_json(app.upsert_availability(&token, &entry).await, StatusCode::OK).await;
    assert_eq!(book(&app, "massage", &date, "one@example.com").await.status(), StatusCode::CREATED);
    assert_error_code(
        book(&app, "massage", &date, "two@example.com").await,
        StatusCode::CONFLICT,
        "slot_full",
    )
    .await;

    // Renamed, the record still carries its key: the limit holds.
    let renamed = service_body("Massage Therapy (60 min)", None);
    let answer = expect_json(
        app.put_as(&token, &format!("/api/admin/services/{massage}"), &renamed).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(answer["bookingKey"], "massage", "a save that names no key keeps it");
    assert_error_code(
        book(&app, "massage", &date, "three@example.com").await,
        StatusCode::CONFLICT,
        "slot_full",
    )
    .await;
    let day = app.check_availability("massage", &date).await;
    let eleven =
        day["slots"].as_array().expect("slots").iter().find(|s| s["time"] == "11:00").expect("11:00").clone();
    assert_eq!(eleven["available"], false);
    let back = service_body("Massage Therapy", None);
    expect_json(app.put_as(&token, &format!("/api/admin/services/{massage}"), &back).await, StatusCode::OK)
        .await;
    let entries = app.availability_on(&token, &date).await;
    assert_eq!(
        (entries[0]["currentBookings"].clone(), entries[0]["maxCapacity"].clone()),
        (json!(1), json!(1))
    );
    assert_eq!(app.sql_count(&format!("SELECT count(*) FROM bookings WHERE date = '{date}'")), 1);

    // A second record with the same name but no key governs no booking.
    let twin = expect_json(
        app.post_as(&token, "/api/services", &service_body("Massage Therapy", None)).await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(twin["bookingKey"], Value::Null);
    let other_day = days_from_today(31);
    let twin_entry = json!({"date": other_day, "serviceId": twin["id"], "maxCapacity": 1});
    expect_json(app.upsert_availability(&token, &twin_entry).await, StatusCode::OK).await;
    for email in ["a@example.com", "b@example.com"] {
        assert_eq!(book(&app, "massage", &other_day, email).await.status(), StatusCode::CREATED, "{email}");
    }
    assert_eq!(app.availability_on(&token, &other_day).await[0]["currentBookings"], 0);
    // ...and cannot take the key another record carries.
    let taken = app
        .put_as(
            &token,
            &format!("/api/admin/services/{}", twin["id"].as_str().expect("id")),
            &service_body("Massage Therapy", Some("massage")),
        )
        .await;
    assert_error_code(taken, StatusCode::CONFLICT, "booking_key_taken").await;

    // Deleted and recreated with the key, a new entry counts the bookings
    // already made under the key, so the limit holds again at once.
    assert_eq!(
        app.delete_as(&token, &format!("/api/admin/services/{massage}")).await.status(),
        StatusCode::NO_CONTENT
    );
    let recreated = expect_json(
        app.post_as(&token, "/api/services", &service_body("Massage Therapy", Some("massage"))).await,
        StatusCode::CREATED,
    )
    .await;
    let again = json!({"date": date, "serviceId": recreated["id"], "timeSlot": "11:00", "maxCapacity": 1});
    let entry = expect_json(app.upsert_availability(&token, &again).await, StatusCode::OK).await;
    assert_eq!(entry["currentBookings"], 1);
    assert_error_code(
        book(&app, "massage", &date, "four@example.com").await,
        StatusCode::CONFLICT,
        "slot_full",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deleting_a_service_while_its_availability_is_saved_never_fails_with_5xx() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let mut outcomes = std::collections::BTreeMap::<(u16, u16), u32>::new();
    for round in 0..100 {
        let service = expect_json(
            app.post_as(&token, "/api/services", &service_body(&format!("Sound Bath {round}"), None)).await,
            StatusCode::CREATED,
        )
        .await;
        let id = service["id"].as_str().expect("id").to_owned();
        let body = json!({"date": days_from_today(60 + round % 20), "serviceId": id, "maxCapacity": 4});
        let delete_path = format!("/api/admin/services/{id}");
        let (saved, deleted) =
            tokio::join!(app.upsert_availability(&token, &body), app.delete_as(&token, &delete_path));
        let (saved, deleted) = (saved.status(), deleted.status());
        assert!(saved == StatusCode::OK || saved == StatusCode::BAD_REQUEST, "round {round}: save {saved}");
        assert_eq!(deleted, StatusCode::NO_CONTENT, "round {round}");
        *outcomes.entry((saved.as_u16(), deleted.as_u16())).or_default() += 1;
    }
    // Whatever the order, nothing is left that names a deleted service.
    assert_eq!(app.sql_count("SELECT count(*) FROM availability a WHERE NOT EXISTS (SELECT 1 FROM services s WHERE s.id = a.service_id) AND a.service_id IS NOT NULL"), 0);
    println!("save/delete outcomes over 100 rounds: {outcomes:?}");
}

/// A client that connects from `source` (any 127.0.0.0/8 address is this machine).
fn client_from(source: &str) -> reqwest::Client {
    reqwest::Client::builder().local_address(source.parse::<IpAddr>().expect("ip")).build().expect("client")
}

async fn login_from(
    app: &TestApp,
    client: &reqwest::Client,
    password: &str,
    forwarded: Option<&str>,
) -> StatusCode {
    let mut request =
        client.post(app.url("/api/admin/login")).json(&json!({"email": ADMIN_EMAIL, "password": password}));
    if let Some(address) = forwarded {
        request = request.header("X-Forwarded-For", address);
    }
    request.send().await.expect("sent").status()
}

#[tokio::test]
async fn guesses_spread_over_addresses_are_slowed_per_account_and_the_owner_still_gets_in() {
    let app = spawn_app().await;
    let mut checked = 0;
    for source in ["127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"] {
        let client = client_from(source);
        for guess in 0..10 {
            match login_from(&app, &client, &format!("guess {source} {guess}"), None).await {
                StatusCode::UNAUTHORIZED => checked += 1,
                StatusCode::TOO_MANY_REQUESTS => {}
                other => panic!("{other}"),
            }
        }
    }
    let per_account = domain::admin::MAX_FAILED_LOGINS_PER_ACCOUNT;
    assert_eq!(checked, per_account + 2, "after {per_account} failures each further address gets one guess");
    // The owner, from an address that has not failed, is not locked out.
    assert_eq!(login_from(&app, &client_from("127.0.0.6"), ADMIN_PASSWORD, None).await, StatusCode::OK);
    // Old counts are pruned: none older than two windows is kept.
    app.sql("UPDATE login_attempts SET window_started_at = now() - interval '2 hours'");
    login_from(&app, &client_from("127.0.0.7"), "one more guess", None).await;
    assert_eq!(
        app.sql_count(
            "SELECT count(*) FROM login_attempts WHERE window_started_at < now() - interval '1 hour'"
        ),
        0
    );
}

#[tokio::test]
async fn behind_a_trusted_proxy_one_visitors_guesses_do_not_lock_out_another() {
    let trusted = http_api::client_ip::TrustedProxies::parse("127.0.0.1").expect("proxies");
    let app = spawn_app_with(Options { trusted_proxies: trusted, ..Options::default() }).await;
    let proxy = client_from("127.0.0.1");
    for guess in 0..10 {
        let status = login_from(&app, &proxy, &format!("guess {guess}"), Some("203.0.113.10")).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
    assert_eq!(
        login_from(&app, &proxy, ADMIN_PASSWORD, Some("203.0.113.10")).await,
        StatusCode::TOO_MANY_REQUESTS
    );
    assert_eq!(
        login_from(&app, &proxy, ADMIN_PASSWORD, Some("198.51.100.20")).await,
        StatusCode::OK,
        "another visitor"
    );
    // A peer that is not a trusted proxy cannot pick its address by header.
    let stranger = client_from("127.0.0.9");
    for guess in 0..10 {
        login_from(&app, &stranger, &format!("stranger {guess}"), Some(&format!("192.0.2.{guess}"))).await;
    }
    assert_eq!(
        login_from(&app, &stranger, ADMIN_PASSWORD, Some("192.0.2.99")).await,
        StatusCode::TOO_MANY_REQUESTS
    );
}

#[tokio::test]
async fn public_writes_are_limited_per_address_and_robots_and_hoarders_are_refused() {
    let app = spawn_app_with(Options { public_write_limit: 4, ..Options::default() }).await;
    let message =
        json!({"firstName": "Rae", "lastName": "Moss", "email": "rae@example.com", "message": "Hello"});
    // A filled honeypot is refused, and stores nothing (it still counts).
    let robot = json!({"firstName": "Rae", "lastName": "Moss", "email": "rae@example.com", "message": "Hi", "website": "spam.example"});
    let body = assert_error_code(
        app.post_json("/api/contact-messages", &robot).await,
        StatusCode::BAD_REQUEST,
        "validation_failed",
    )
    .await;
    assert_eq!(body["errors"]["website"], "Please leave this field empty");
    assert_eq!(app.rows("contact_messages"), 0);
    for _ in 0..2 {
        expect_json(app.post_json("/api/contact-messages", &message).await, StatusCode::CREATED).await;
    }
    expect_json(
        app.post_json("/api/newsletter-subscriptions", &json!({"email": "rae@example.com"})).await,
        StatusCode::CREATED,
    )
    .await;
    let limited = app.post_json("/api/bookings", &booking_body("spa", &days_from_today(20), "9:00")).await;
    let retry: i64 = limited.headers()["retry-after"].to_str().expect("text").parse().expect("seconds");
    assert!((1..=600).contains(&retry), "{retry}");
    assert_error_code(limited, StatusCode::TOO_MANY_REQUESTS, "rate_limited").await;
    let products = app.products().await;
    assert_error_code(
        app.post_json("/api/orders", &order_body(&[(&products[0], 1)])).await,
        StatusCode::TOO_MANY_REQUESTS,
        "rate_limited",
    )
    .await;
    assert_eq!(app.rows("bookings") + app.rows("orders"), 0);
    // Another address is not held up by this one.
    let other = client_from("127.0.0.2")
        .post(app.url("/api/contact-messages"))
        .json(&message)
        .send()
        .await
        .expect("sent");
    assert_eq!(other.status(), StatusCode::CREATED);
    // Reading is never limited.
    assert_eq!(app.get("/api/services").await.status(), StatusCode::OK);

    // One guest cannot hold a date: five requests waiting at most.
    let app = spawn_app().await;
    let date = days_from_today(25);
    for (i, key) in ["massage", "spa", "accommodation", "package", "massage"].iter().enumerate() {
        let mut body = booking_body(key, &date, ["9:00", "11:00", "13:00", "15:00", "17:00"][i]);
        body["email"] = json!("Hoarder@Example.com");
        expect_json(app.post_json("/api/bookings", &body).await, StatusCode::CREATED).await;
    }
    let mut sixth = booking_body("spa", &date, "17:00");
    sixth["email"] = json!("hoarder@example.com");
    assert_error_code(
        app.post_json("/api/bookings", &sixth).await,
        StatusCode::CONFLICT,
        "booking_limit_reached",
    )
    .await;
    expect_json(
        app.post_json("/api/bookings", &booking_body("spa", &days_from_today(26), "17:00")).await,
        StatusCode::CREATED,
    )
    .await;
}

fn cli(app: &TestApp, args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_server"))
        .arg("admin")
        .args(args)
        .env("DATABASE_URL", &app.database_url)
        .env("BCRYPT_COST", "4")
        .env("RUST_LOG", "error")
        .env_remove("ADMIN_EMAIL")
        .env_remove("ADMIN_PASSWORD")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("server binary starts");
    child.stdin.take().expect("stdin").write_all(stdin.as_bytes()).expect("write stdin");
    let output = child.wait_with_output().expect("cli finishes");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    output
}

async fn admin_operations(app: &TestApp) -> Vec<Operation> {
    operations(&app.openapi().await).into_iter().filter(|op| op.secured).collect()
}

/// Every admin operation refuses `token` with 401 after `what`.
async fn refused_everywhere(app: &TestApp, ops: &[Operation], token: &str, what: &str) {
    for op in ops {
        let path = fill_path(&op.path, &uuid::Uuid::new_v4().to_string());
        let mut request = app.request(op.method.clone(), &path).bearer_auth(token);
        if op.method == Method::POST || op.method == Method::PUT {
            request = request.json(&json!({}));
        }
        let response = request.send().await.expect("sent");
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED, "{} after {what}", op.label());
        assert_error_code(response, StatusCode::UNAUTHORIZED, "unauthenticated").await;
    }
}

#[tokio::test]
async fn reset_deactivation_reactivation_and_signing_out_end_every_earlier_token() {
    let app = spawn_app().await;
    let ops = admin_operations(&app).await;
    assert!(ops.len() >= 25, "{}", ops.len());

    let token = app.admin_token().await;
    cli(&app, &["reset-password", "--email", ADMIN_EMAIL], &format!("{ADMIN_PASSWORD}\n"));
    refused_everywhere(&app, &ops, &token, "a password reset").await;

    let token = app.admin_token().await;
    cli(&app, &["deactivate", "--email", ADMIN_EMAIL], "");
    refused_everywhere(&app, &ops, &token, "deactivation").await;
    cli(&app, &["activate", "--email", ADMIN_EMAIL], "");
    refused_everywhere(&app, &ops, &token, "re-activation").await;

    // Logout ends that device's session only (issue 24); "sign out the
    // other devices" ends the rest.
    let token = app.admin_token().await;
    let other_device = app.admin_token().await;
    let third_device = app.admin_token().await;
    let response = app.send_as(&token, Method::POST, "/api/admin/logout", None).await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    refused_everywhere(&app, &ops, &token, "logout").await;
    assert_eq!(app.get_as(&other_device, "/api/admin/me").await.status(), StatusCode::OK, "still signed in");
    let response = app.send_as(&other_device, Method::POST, "/api/admin/sessions/end-others", None).await;
    assert_eq!(response.status(), StatusCode::OK);
    refused_everywhere(&app, &ops, &third_device, "signing the other devices out").await;
    assert_eq!(
        app.get_as(&other_device, "/api/admin/me").await.status(),
        StatusCode::OK,
        "this device stays"
    );
    let fresh = app.admin_token().await;
    assert_eq!(app.get_as(&fresh, "/api/admin/me").await.status(), StatusCode::OK, "a new login works");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn twenty_retries_of_one_checkout_store_one_order_and_get_one_answer() {
    let app = spawn_app().await;
    let products = app.products().await;
    let body = order_body(&[(&products[0], 2), (&products[1], 1)]);
    let retries = (0..20).map(|_| {
        let client = reqwest::Client::new();
        let (url, body) = (app.url("/api/orders"), body.clone());
        async move {
            let response = client
                .post(url)
                .header("Idempotency-Key", "checkout-7f3a")
                .json(&body)
                .send()
                .await
                .expect("sent");
            (response.status(), response.json::<Value>().await.expect("json"))
        }
    });
    let answers = join_all(retries).await;
    assert!(answers.iter().all(|(status, _)| *status == StatusCode::CREATED), "{answers:?}");
    let first = &answers[0].1;
    assert!(answers.iter().all(|(_, order)| order == first), "every retry gets the same order");
    assert_eq!(app.rows("orders"), 1, "one order is stored");

    // The same key with another cart is refused; a new key is a new order.
    let other = order_body(&[(&products[2], 1)]);
    let reused = app
        .request(Method::POST, "/api/orders")
        .header("Idempotency-Key", "checkout-7f3a")
        .json(&other)
        .send()
        .await
        .expect("sent");
    assert_error_code(reused, StatusCode::CONFLICT, "idempotency_key_reused").await;
    let fresh = app
        .request(Method::POST, "/api/orders")
        .header("Idempotency-Key", "checkout-8c1d")
        .json(&other)
        .send()
        .await
        .expect("sent");
    assert_eq!(fresh.status(), StatusCode::CREATED);
    assert_eq!(app.rows("orders"), 2);
    // A refused attempt (prices changed) gives its key back: the corrected retry is placed.
    let mut stale = order_body(&[(&products[3], 1)]);
    stale["total"] = json!("0.01");
    let refused = app
        .request(Method::POST, "/api/orders")
        .header("Idempotency-Key", "checkout-9e2b")
        .json(&stale)
        .send()
        .await
        .expect("sent");
    assert_error_code(refused, StatusCode::CONFLICT, "prices_changed").await;
    let corrected = order_body(&[(&products[3], 1)]);
    let placed = app
        .request(Method::POST, "/api/orders")
        .header("Idempotency-Key", "checkout-9e2b")
        .json(&corrected)
        .send()
        .await
        .expect("sent");
    assert_eq!(placed.status(), StatusCode::CREATED);

    // Bookings too, and a key that is not visible ASCII is a 400.
    let booking = booking_body("spa", &days_from_today(33), "13:00");
    let send = |key: &'static str| {
        let request =
            app.request(Method::POST, "/api/bookings").header("Idempotency-Key", key).json(&booking);
        async move { request.send().await.expect("sent") }
    };
    let first = send("booking-1").await;
    assert_eq!(first.status(), StatusCode::CREATED);
    let first: Value = first.json().await.expect("json");
    let again = send("booking-1").await;
    assert_eq!(again.headers()["idempotent-replayed"], "true");
    assert_eq!(again.json::<Value>().await.expect("json"), first);
    assert_eq!(app.rows("bookings"), 1);
    assert_error_code(send("two words").await, StatusCode::BAD_REQUEST, "validation_failed").await;
}

#[tokio::test]
async fn a_stalled_body_is_timed_out() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let app = spawn_app_with(Options { request_body_timeout_seconds: 1, ..Options::default() }).await;
    let port: u16 = app.address.rsplit(':').next().expect("port").parse().expect("port");
    let mut stream = tokio::net::TcpStream::connect(("127.0.0.1", port)).await.expect("connect");
    let head = "POST /api/contact-messages HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
                Content-Length: 100\r\n\r\n{\"firstName\":";
    stream.write_all(head.as_bytes()).await.expect("head");
    let started = std::time::Instant::now();
    let mut answer = Vec::new();
    // The server answers and closes the connection; the client sends nothing more.
    tokio::time::timeout(Duration::from_secs(20), stream.read_to_end(&mut answer))
        .await
        .expect("the server lets the connection go")
        .expect("read");
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("request_timeout"), "{answer}");
    assert!(started.elapsed() < Duration::from_secs(10), "{:?}", started.elapsed());
}

#[tokio::test]
async fn the_newsletter_answers_a_new_and_a_known_address_alike() {
    let app = spawn_app().await;
    let sign_up = |email: &'static str| {
        let app = &app;
        async move {
            expect_json(
                app.post_json("/api/newsletter-subscriptions", &json!({"email": email})).await,
                StatusCode::CREATED,
            )
            .await
        }
    };
    let first = sign_up("known@example.com").await;
    app.sql("UPDATE newsletter_subscriptions SET created_at = now() - interval '400 days'");
    let before = chrono::Utc::now() - chrono::Duration::seconds(5);
    let known = sign_up("known@example.com").await;
    let new = sign_up("new@example.com").await;
    let shape = |v: &Value| v.as_object().expect("object").keys().cloned().collect::<Vec<_>>();
    assert_eq!(shape(&known), shape(&new));
    for answer in [&known, &new] {
        let at: chrono::DateTime<chrono::Utc> =
            answer["createdAt"].as_str().expect("time").parse().expect("time");
        assert!(at >= before, "the answer's time is the sign-up's, not the first one's: {answer}");
    }
    assert_eq!(known["id"], first["id"], "one subscription per address");
    assert_eq!(app.rows("newsletter_subscriptions"), 2);
}

#[tokio::test]
async fn protocol_relative_urls_are_refused_and_customer_data_is_never_cached() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    for url in ["/\\evil.example/x.png", "//evil.example/x.png", "/\tevil", "https://"] {
        let mut product = json!({"name": "Tea", "category": "teas", "price": "9.00", "description": "Leaves.", "image": url});
        let body = assert_error_code(
            app.post_as(&token, "/api/products", &product).await,
            StatusCode::BAD_REQUEST,
            "validation_failed",
        )
        .await;
        assert!(body["errors"]["image"].is_string(), "{url}: {body}");
        product["image"] = json!("/media/products/tea.webp");
        expect_json(app.post_as(&token, "/api/products", &product).await, StatusCode::CREATED).await;
    }
    let booking = app.post_json("/api/bookings", &booking_body("spa", &days_from_today(12), "9:00")).await;
    assert_eq!(booking.headers()["cache-control"], "no-store");
    for path in [
        "/api/orders",
        "/api/bookings",
        "/api/contact-messages",
        "/api/admin/newsletter-subscriptions",
        "/api/admin/me",
    ] {
        let response = app.get_as(&token, path).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert_eq!(response.headers()["cache-control"], "no-store", "{path}");
    }
    assert_eq!(app.get("/api/orders").await.headers()["cache-control"], "no-store", "errors too");
}
