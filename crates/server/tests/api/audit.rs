//! The audit trail: every admin write and checked login leaves exactly one
//! record (who, when, what, before → after) in the change's own transaction;
//! a refused write leaves none; the Activity call filters them.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::*;

/// The newest records matching `query` ("&name=value…"; at most 500 unless it sets a limit).
async fn activity(app: &TestApp, token: &str, query: &str) -> Value {
    let limit = if query.contains("limit=") { "" } else { "&limit=500" };
    app.admin_json(token, &format!("/api/admin/activity?{limit}{query}")).await
}

/// Runs `write`, then checks it left exactly one record, the newest, by the
/// test admin, about `entity` (and `id` when given) with `action`; returns
/// the record's summary.
async fn one_record<F, Fut>(
    app: &TestApp,
    token: &str,
    entity: &str,
    action: &str,
    write: F,
) -> (Value, String)
where
    F: FnOnce() -> Fut,
    Fut: std::future::Future<Output = Value>,
{
    let before = app.rows("audit_log");
    let answer = write().await;
    assert_eq!(app.rows("audit_log"), before + 1, "{entity} {action}: one record");
    let newest = activity(app, token, "&limit=1").await["entries"][0].clone();
    assert_eq!(newest["entity"], entity, "{newest}");
    assert_eq!(newest["action"], action, "{newest}");
    assert_eq!(newest["actor"], ADMIN_EMAIL, "{newest}");
    assert!(is_uuid(&newest["actorId"]), "{newest}");
    if let Some(id) = answer.get("id") {
        assert_eq!(newest["entityId"], *id, "{newest}");
    }
    (answer, newest["summary"].as_str().expect("summary").to_owned())
}

async fn ok(response: reqwest::Response) -> Value {
    let status = response.status();
    assert!(status.is_success(), "{status}: {}", response.text().await.unwrap_or_default());
    if status == StatusCode::NO_CONTENT { json!({}) } else { response.json().await.expect("json") }
}

#[tokio::test]
async fn every_admin_write_leaves_one_record_with_who_what_and_the_change() {
    let app = spawn_app().await;
    let before_login = app.rows("audit_log");
    let token = app.admin_token().await;
    assert_eq!(app.rows("audit_log"), before_login + 1);
    let login = activity(&app, &token, "&limit=1").await["entries"][0].clone();
    assert_eq!(
        (login["entity"].as_str(), login["action"].as_str()),
        (Some("session"), Some("login_succeeded"))
    );

    // Products and their media.
    let (product, summary) = one_record(&app, &token, "product", "created", || async {
        app.create_product(&token, "Cedar Balm", "skincare", "12.00").await
    })
    .await;
    assert!(summary.contains("“Cedar Balm”") && summary.contains("price 12.00"), "{summary}");
    let id = product["id"].as_str().expect("id").to_owned();
    let update = json!({"name": "Cedar Balm", "category": "skincare", "price": "14.00",
        "description": "Made for a test.", "image": "/media/products/test.webp", "stock": 3});
    let (_, summary) = one_record(&app, &token, "product", "updated", || async {
        ok(app.put_as(&token, &format!("/api/admin/products/{id}"), &update).await).await
    })
    .await;
    assert_eq!(summary, "“Cedar Balm”: price 12.00 → 14.00; stock unlimited → 3");
    let media = json!({"url": "/media/products/extra.webp", "type": "image", "title": "Jar", "sortOrder": 0});
    let (added, _) = one_record(&app, &token, "product_media", "created", || async {
        ok(app.post_as(&token, &format!("/api/products/{id}/media"), &media).await).await
    })
    .await;
    let media_id = added["id"].as_str().expect("id").to_owned();
    let (_, summary) = one_record(&app, &token, "product_media", "updated", || async {
        ok(app.put_as(&token, &format!("/api/product-media/{media_id}"), &json!({"sortOrder": 4})).await)
            .await
    })
    .await;
    assert_eq!(summary, "“Jar”: order 0 → 4");
    one_record(&app, &token, "product_media", "deleted", || async {
        ok(app.delete_as(&token, &format!("/api/product-media/{media_id}")).await).await
    })
    .await;
    let (_, summary) = one_record(&app, &token, "product", "deleted", || async {
        ok(app.delete_as(&token, &format!("/api/admin/products/{id}")).await).await
    })
    .await;
    assert_eq!(summary, "“Cedar Balm”");

    // Services.
    let service = json!({"name": "Sound Bath", "description": "Bowls.", "price": "65", "duration": "45",
        "image": "/media/services/sound-bath.webp"});
    let (created, _) = one_record(&app, &token, "service", "created", || async {
        ok(app.post_as(&token, "/api/services", &service).await).await
    })
    .await;
    let service_id = created["id"].as_str().expect("id").to_owned();
    let mut changed = service.clone();
    changed["duration"] = json!("60");
    let (_, summary) = one_record(&app, &token, "service", "updated", || async {
        ok(app.put_as(&token, &format!("/api/admin/services/{service_id}"), &changed).await).await
    })
    .await;
    assert_eq!(summary, "“Sound Bath”: duration 45 min → 60 min");
    one_record(&app, &token, "service", "deleted", || async {
        ok(app.delete_as(&token, &format!("/api/admin/services/{service_id}")).await).await
    })
    .await;

    // Journal posts and contact messages.
    let post = json!({"title": "First Snow", "slug": "first-snow", "excerpt": "Quiet.",
        "content": "The pines.", "image": "/media/blog/forest-bathing-san-jacinto.webp"});
    let (created, _) = one_record(&app, &token, "blog_post", "created", || async {
        ok(app.post_as(&token, "/api/blog-posts", &post).await).await
    })
    .await;
    let post_id = created["id"].as_str().expect("id").to_owned();
    let mut edited = post.clone();
    edited["content"] = json!("The pines, in snow.");
    let (_, summary) = one_record(&app, &token, "blog_post", "updated", || async {
        ok(app.put_as(&token, &format!("/api/admin/blog-posts/{post_id}"), &edited).await).await
    })
    .await;
    assert_eq!(summary, "“First Snow”: content The pines. → The pines, in snow.");
    one_record(&app, &token, "blog_post", "deleted", || async {
        ok(app.delete_as(&token, &format!("/api/admin/blog-posts/{post_id}")).await).await
    })
    .await;
    let guest_writes = app.rows("audit_log");
    let message =
        json!({"firstName": "Ada", "lastName": "Pine", "email": "ada@example.com", "message": "Hello"});
    let message = ok(app.post_json("/api/contact-messages", &message).await).await;
    let order = ok(app.post_json("/api/orders", &order_body(&[(&app.products().await[0], 1)])).await).await;
    let booking =
        ok(app.post_json("/api/bookings", &booking_body("massage", &days_from_today(5), "9:00")).await).await;
    assert_eq!(app.rows("audit_log"), guest_writes, "guests' writes are not admin writes");
    let message_id = message["id"].as_str().expect("id").to_owned();
    let (_, summary) = one_record(&app, &token, "contact_message", "deleted", || async {
        ok(app.delete_as(&token, &format!("/api/admin/contact-messages/{message_id}")).await).await
    })
    .await;
    assert!(summary.starts_with("“Message from Ada Pine”"), "{summary}");

    // Orders and bookings.
    let order_id = order["id"].as_str().expect("id").to_owned();
    let (_, summary) = one_record(&app, &token, "order", "status_changed", || async {
        ok(app
            .put_as(&token, &format!("/api/admin/orders/{order_id}/status"), &json!({"status": "shipped"}))
            .await)
        .await
    })
    .await;
    assert!(summary.ends_with("status pending → shipped"), "{summary}");
    let booking_id = booking["id"].as_str().expect("id").to_owned();
    let (_, summary) = one_record(&app, &token, "booking", "status_changed", || async {
        ok(app
            .put_as(&token, &format!("/api/admin/bookings/{booking_id}"), &json!({"status": "confirmed"}))
            .await)
        .await
    })
    .await;
    assert!(summary.ends_with("status pending → confirmed"), "{summary}");
    one_record(&app, &token, "booking", "deleted", || async {
        ok(app.delete_as(&token, &format!("/api/admin/bookings/{booking_id}")).await).await
    })
    .await;

    // Blackouts: one record for the period, and one per booking it cancels.
    let blackout =
        json!({"startDate": days_from_today(20), "endDate": days_from_today(21), "type": "services"});
    let (created, summary) = one_record(&app, &token, "blackout", "created", || async {
        ok(app.post_as(&token, "/api/admin/blackout-dates", &blackout).await).await
    })
    .await;
    assert!(summary.contains("services"), "{summary}");
    let blackout_id = created["id"].as_str().expect("id").to_owned();
    one_record(&app, &token, "blackout", "deleted", || async {
        ok(app.delete_as(&token, &format!("/api/admin/blackout-dates/{blackout_id}")).await).await
    })
    .await;
    ok(app.post_json("/api/bookings", &booking_body("spa", &days_from_today(22), "11:00")).await).await;
    let before = app.rows("audit_log");
    let covering = json!({"startDate": days_from_today(22), "endDate": days_from_today(22), "type": "all",
        "cancelCovered": true});
    ok(app.post_as(&token, "/api/admin/blackout-dates", &covering).await).await;
    assert_eq!(app.rows("audit_log"), before + 2, "the blackout and the booking it cancelled");
    let newest = activity(&app, &token, "&limit=2").await["entries"].clone();
    let actions: Vec<(&str, &str)> = newest
        .as_array()
        .expect("list")
        .iter()
        .map(|e| (e["entity"].as_str().expect("entity"), e["action"].as_str().expect("action")))
        .collect();
    assert!(actions.contains(&("booking", "status_changed")) && actions.contains(&("blackout", "created")));

    // Availability entries.
    let massage = app.service_id("Massage Therapy").await;
    let entry =
        json!({"date": days_from_today(9), "serviceId": massage, "timeSlot": "9:00", "maxCapacity": 2});
    let (created, summary) = one_record(&app, &token, "availability", "created", || async {
        ok(app.upsert_availability(&token, &entry).await).await
    })
    .await;
    assert!(summary.starts_with("“Massage Therapy on"), "{summary}");
    let mut bigger = entry.clone();
    bigger["maxCapacity"] = json!(4);
    let (_, summary) = one_record(&app, &token, "availability", "updated", || async {
        ok(app.upsert_availability(&token, &bigger).await).await
    })
    .await;
    assert!(summary.ends_with("capacity 2 → 4"), "{summary}");
    let entry_id = created["id"].as_str().expect("id").to_owned();
    one_record(&app, &token, "availability", "deleted", || async {
        ok(app.delete_as(&token, &format!("/api/admin/availability/{entry_id}")).await).await
    })
    .await;

    // Resending a failed message.
    app.sql(
        "UPDATE outbox_messages SET state = 'failed' WHERE id = (SELECT id FROM outbox_messages LIMIT 1)",
    );
    let failed = app.admin_json(&token, "/api/admin/emails?state=failed").await[0].clone();
    let mail_id = failed["id"].as_str().expect("id").to_owned();
    let (_, summary) = one_record(&app, &token, "email", "resent", || async {
        ok(app.post_as(&token, &format!("/api/admin/emails/{mail_id}/resend"), &json!({})).await).await
    })
    .await;
    assert!(summary.contains(failed["to"].as_str().expect("to")), "{summary}");

    // Logging out ends the device's session, and says so.
    let before = app.rows("audit_log");
    assert_eq!(
        app.send_as(&token, Method::POST, "/api/admin/logout", None).await.status(),
        StatusCode::NO_CONTENT
    );
    assert_eq!(app.rows("audit_log"), before + 1);
    let token = app.admin_token().await;
    let entries = activity(&app, &token, "&entity=session&limit=2").await["entries"].clone();
    assert_eq!(entries[0]["action"], "login_succeeded");
    assert_eq!(entries[1]["action"], "logged_out");
}

#[tokio::test]
async fn checked_login_failures_are_recorded_with_the_account_tried() {
    let app = spawn_app().await;
    let login = |email: &str, password: &str| json!({"email": email, "password": password});
    let before = app.rows("audit_log");
    let wrong = app.post_json("/api/admin/login", &login(ADMIN_EMAIL, "not-the-password")).await;
    assert_eq!(wrong.status(), StatusCode::UNAUTHORIZED);
    let unknown = app.post_json("/api/admin/login", &login("Nobody@Example.com", "whatever-it-is")).await;
    assert_eq!(unknown.status(), StatusCode::UNAUTHORIZED);
    // A malformed attempt is refused before any check: nothing to record.
    let empty = app.post_json("/api/admin/login", &json!({"email": "", "password": ""})).await;
    assert_eq!(empty.status(), StatusCode::BAD_REQUEST);
    assert_eq!(app.rows("audit_log"), before + 2);

    let token = app.admin_token().await;
    let failures = activity(&app, &token, "&entity=session").await["entries"].clone();
    let failures: Vec<&Value> =
        failures.as_array().expect("list").iter().filter(|e| e["action"] == "login_failed").collect();
    assert_eq!(failures.len(), 2);
    assert_eq!(failures[0]["actor"], "nobody@example.com");
    assert_eq!(failures[0]["actorId"], Value::Null);
    assert_eq!(failures[0]["summary"], "Login failed: no admin with this email");
    assert_eq!(failures[1]["actor"], ADMIN_EMAIL);
    assert!(is_uuid(&failures[1]["actorId"]));
    assert_eq!(failures[1]["summary"], "Login failed: wrong password");
}

#[tokio::test]
async fn a_refused_write_leaves_no_record() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let post = json!({"title": "Twin", "slug": "twin", "excerpt": "One.", "content": "Body.",
        "image": "/media/blog/forest-bathing-san-jacinto.webp"});
    ok(app.post_as(&token, "/api/blog-posts", &post).await).await;
    let massage = app.service_id("Massage Therapy").await;
    let spa = app.service_id("Rustic Spa Treatments").await;
    let date = days_from_today(7);
    ok(app
        .upsert_availability(
            &token,
            &json!({"date": date, "serviceId": massage, "timeSlot": "9:00", "maxCapacity": 1}),
        )
        .await)
    .await;
    let booking = ok(app.post_json("/api/bookings", &booking_body("massage", &date, "9:00")).await).await;
    let booking_id = booking["id"].as_str().expect("id").to_owned();
    ok(app
        .put_as(&token, &format!("/api/admin/bookings/{booking_id}"), &json!({"status": "cancelled"}))
        .await)
    .await;
    ok(app.post_json("/api/bookings", &booking_body("massage", &date, "9:00")).await).await;

    let before = app.rows("audit_log");
    let ghost = uuid::Uuid::new_v4();
    let refusals = [
        // A taken slug.
        app.post_as(&token, "/api/blog-posts", &post).await.status(),
        // A booking key another service carries.
        app.put_as(
            &token,
            &format!("/api/admin/services/{spa}"),
            &json!({"name": "Spa", "description": "x", "price": "10", "duration": "30", "image": "/media/x.webp",
                "bookingKey": "massage"}),
        )
        .await
        .status(),
        // Reinstating a booking whose slot has filled meanwhile.
        app.put_as(&token, &format!("/api/admin/bookings/{booking_id}"), &json!({"status": "confirmed"})).await.status(),
        // Capacity below the bookings held.
        app.upsert_availability(&token, &json!({"date": date, "serviceId": massage, "timeSlot": "9:00", "maxCapacity": 0}))
            .await
            .status(),
        // An unknown service, product, post and order.
        app.upsert_availability(&token, &json!({"date": date, "serviceId": ghost})).await.status(),
        app.delete_as(&token, &format!("/api/admin/products/{ghost}")).await.status(),
        app.put_as(&token, &format!("/api/admin/orders/{ghost}/status"), &json!({"status": "shipped"})).await.status(),
        app.delete_as(&token, &format!("/api/admin/blog-posts/{ghost}")).await.status(),
        // Invalid input.
        app.post_as(&token, "/api/services", &json!({"name": ""})).await.status(),
        // Resending a message that has not failed.
        app.post_as(&token, &format!("/api/admin/emails/{ghost}/resend"), &json!({})).await.status(),
    ];
    for status in refusals {
        assert!(status.is_client_error(), "{status}");
    }
    assert_eq!(app.rows("audit_log"), before, "no refused write left a record");
}

#[tokio::test]
async fn the_activity_view_filters_by_admin_entity_and_date() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    app.create_product(&token, "Pine Soap", "skincare", "9.00").await;
    let _ = app
        .post_json("/api/admin/login", &json!({"email": "intruder@example.com", "password": "guess-guess"}))
        .await;

    let page = activity(&app, &token, "").await;
    assert_eq!(page["actors"], json!(["intruder@example.com", ADMIN_EMAIL]));
    let all = page["entries"].as_array().expect("list").len();
    assert!(all >= 3, "{page}");
    let mine = activity(&app, &token, &format!("&actor={ADMIN_EMAIL}")).await;
    assert!(mine["entries"].as_array().expect("list").iter().all(|e| e["actor"] == ADMIN_EMAIL));
    assert_eq!(mine["entries"].as_array().expect("list").len(), all - 1);
    let products = activity(&app, &token, "&entity=product").await;
    assert_eq!(products["entries"].as_array().expect("list").len(), 1);
    assert!(products["entries"][0]["summary"].as_str().expect("summary").contains("Pine Soap"));

    // Dates are the retreat's days, both ends included: the day the product
    // was recorded holds it, the days around it do not.
    let at = products["entries"][0]["at"].as_str().expect("at");
    let day = chrono::DateTime::parse_from_rfc3339(at)
        .expect("an RFC 3339 time")
        .with_timezone(&chrono_tz::America::Los_Angeles)
        .date_naive();
    let (next, previous) = (day.succ_opt().expect("day"), day.pred_opt().expect("day"));
    let holds_product =
        |page: &Value| page["entries"].as_array().expect("list").iter().any(|e| e["entity"] == "product");
    assert!(holds_product(&activity(&app, &token, &format!("&from={day}&to={day}")).await));
    assert!(!holds_product(&activity(&app, &token, &format!("&from={next}")).await));
    assert!(!holds_product(&activity(&app, &token, &format!("&to={previous}")).await));
    assert_eq!(activity(&app, &token, "&limit=1").await["entries"].as_array().expect("list").len(), 1);

    assert_field_errors(
        app.get_as(&token, "/api/admin/activity?from=2026-02-30&limit=0").await,
        &[
            ("from", "Please use a real date in the yyyy-MM-dd format"),
            ("limit", "Limit must be a whole number from 1 to 500"),
        ],
    )
    .await;
    assert_field_errors(
        app.get_as(&token, &format!("/api/admin/activity?to=&actor={}", "a".repeat(255))).await,
        &[
            ("to", "Please use a real date in the yyyy-MM-dd format"),
            ("actor", "Please choose an admin from the list"),
        ],
    )
    .await;
    assert_error(app.get_as(&token, "/api/admin/activity?entity=spaceship").await, StatusCode::BAD_REQUEST)
        .await;
    assert_error(app.get_as(&token, "/api/admin/activity?actor=a%00b").await, StatusCode::BAD_REQUEST).await;
    assert_error(app.get("/api/admin/activity").await, StatusCode::UNAUTHORIZED).await;
}
