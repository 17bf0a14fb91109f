//! A guest's own data (issue 45), on real PostgreSQL with a clock the test
//! sets: the owner gathers everything held about an address (JSON and a
//! readable page, audited; staff may not); erasure waits while a visit is to
//! come or an order is not shipped, then leaves the accounts (order totals,
//! the dashboard's revenue, refunds) exactly as they were and the person
//! nowhere in the database: not by name, address or phone, in any table,
//! list, search or export. A guest asks for a copy or an erasure herself
//! through a mailed link; the owner is told and does it with one call.

use chrono::Duration;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;
use crate::reminders::SetClock;

const EMAIL: &str = "janelle.q@example.com";
const LAST_NAME: &str = "Quillfeather";
const PHONE: &str = "951-555-0199";
const STREET: &str = "77 Larkspur Hollow";

/// How many rows of every table of the database mention `word` anywhere (any column, any case).
fn rows_mentioning(app: &TestApp, word: &str) -> Vec<(String, i64)> {
    let tables = app.sql_text(
        "SELECT string_agg(table_name, ',') FROM information_schema.tables \
         WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> '__diesel_schema_migrations'",
    );
    tables
        .split(',')
        .map(|table| {
            let count = app.sql_count(&format!(
                "SELECT count(*) FROM {table} AS t WHERE t::text ILIKE '%{}%'",
                word.replace('\'', "''")
            ));
            (table.to_owned(), count)
        })
        .filter(|(_, count)| *count > 0)
        .collect()
}

/// The dashboard's searches that would find her.
fn searches() -> Vec<String> {
    vec![
        format!("/api/admin/bookings?q={LAST_NAME}"),
        format!("/api/admin/orders?q={LAST_NAME}"),
        format!("/api/admin/contact-messages?q={LAST_NAME}"),
        "/api/admin/newsletter-subscriptions?q=janelle".to_owned(),
    ]
}

/// How many records a list answers (the older lists answer an array; the paged ones a page of `items`).
async fn listed(app: &TestApp, token: &str, path: &str) -> usize {
    let found = app.admin_json(token, path).await;
    let items = if found.is_array() { &found } else { &found["items"] };
    items.as_array().map_or(0, Vec::len)
}

async fn her_booking(app: &TestApp, date: &str) -> Value {
    let mut body = booking_body("massage", date, "11:00");
    body["firstName"] = json!("Janelle");
    body["lastName"] = json!(LAST_NAME);
    body["email"] = json!(EMAIL);
    body["notes"] = json!("Mind my left shoulder, Janelle Quillfeather");
    expect_json(app.post_json("/api/bookings", &body).await, StatusCode::CREATED).await
}

async fn her_order(app: &TestApp) -> Value {
    let products = app.products().await;
    let mut body = order_body(&[(&products[0], 2)]);
    body["firstName"] = json!("Janelle");
    body["lastName"] = json!(LAST_NAME);
    body["email"] = json!(EMAIL);
    body["phone"] = json!(PHONE);
    body["address"] = json!(STREET);
    expect_json(app.post_json("/api/orders", &body).await, StatusCode::CREATED).await
}

#[tokio::test]
async fn the_owner_gathers_a_guest_s_records_and_erases_her_keeping_the_accounts() {
    let clock = SetClock::now_real();
    let app = spawn_app_with(Options { clock: Some(clock.clone()), ..Options::default() }).await;
    let mut owner = app.admin_token().await;
    let (staff, _) = crate::team::join(&app, &owner, "desk@example.com", "staff").await;

    let booking = her_booking(&app, &days_from_today(3)).await;
    let other = expect_json(
        app.post_json("/api/bookings", &booking_body("spa", &days_from_today(3), "13:00")).await,
        StatusCode::CREATED,
    )
    .await;
    let order = her_order(&app).await;
    let message = json!({"firstName": "Janelle", "lastName": LAST_NAME, "email": "Janelle.Q@Example.com",
        "interest": "spa", "message": "Do you have a hushed alcove? Janelle"});
    expect_json(app.post_json("/api/contact-messages", &message).await, StatusCode::CREATED).await;
    expect_json(
        app.post_json("/api/newsletter-subscriptions", &json!({"email": EMAIL})).await,
        StatusCode::CREATED,
    )
    .await;
    let card = json!({"amount": "50.00", "recipientName": format!("Janelle {LAST_NAME}"),
        "recipientEmail": EMAIL, "deliverOn": days_from_today(0), "message": "For Janelle, with love"});
    expect_json(app.post_as(&owner, "/api/admin/gift-cards", &card).await, StatusCode::CREATED).await;

    // Gathered, whatever the address's case; only an owner may.
    let gathered = expect_json(
        app.get_as(&owner, "/api/admin/guest-data?email=JANELLE.Q@example.com").await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(gathered["email"], EMAIL);
    assert_eq!(gathered["bookings"].as_array().map(Vec::len), Some(1), "{gathered}");
    assert_eq!(gathered["bookings"][0]["lastName"], LAST_NAME);
    assert_eq!(gathered["orders"][0]["phone"], PHONE);
    assert_eq!(gathered["orders"][0]["items"][0]["quantity"], 2);
    assert_eq!(gathered["giftCards"][0]["role"], "received");
    assert_eq!(gathered["messages"][0]["message"], "Do you have a hushed alcove? Janelle");
    assert!(gathered["newsletter"]["subscribedAt"].is_string());
    assert!(
        gathered["mail"].as_array().expect("mail").iter().any(|m| m["template"] == "booking_requested"),
        "{gathered}"
    );
    let page = app.get_as(&owner, &format!("/api/admin/guest-data?email={EMAIL}&format=html")).await;
    assert_eq!(page.status(), StatusCode::OK);
    assert_eq!(page.headers()["content-disposition"], "attachment; filename=\"guest-data.html\"");
    assert!(page.headers()["content-type"].to_str().expect("type").starts_with("text/html"));
    let html = page.text().await.expect("page");
    assert!(html.contains(LAST_NAME) && html.contains("Do you have a hushed alcove?"), "{html}");
    assert_error_code(
        app.get_as(&staff, &format!("/api/admin/guest-data?email={EMAIL}")).await,
        StatusCode::FORBIDDEN,
        "forbidden",
    )
    .await;
    assert_field_errors(
        app.get_as(&owner, "/api/admin/guest-data?email=not-an-address").await,
        &[("email", "Please enter a valid email address.")],
    )
    .await;
    let trail = app.admin_json(&owner, "/api/admin/activity?entity=guest_data").await;
    assert_eq!(trail["entries"][0]["action"], "exported", "{trail}");

    // Her visit is to come: the erasure waits, and says why.
    let erase = json!({"email": EMAIL});
    let refused = assert_error_code(
        app.post_as(&owner, "/api/admin/guest-data/erase", &erase).await,
        StatusCode::CONFLICT,
        "erasure_blocked",
    )
    .await;
    assert!(refused["message"].as_str().expect("message").contains("visit to come"), "{refused}");
    // The visit is over (the clock moves on); the order is not shipped yet.
    clock.advance(Duration::days(5));
    // Sessions end when idle that long: sign in again.
    owner = app.admin_token().await;
    let refused = assert_error_code(
        app.post_as(&owner, "/api/admin/guest-data/erase", &erase).await,
        StatusCode::CONFLICT,
        "erasure_blocked",
    )
    .await;
    assert!(refused["message"].as_str().expect("message").contains("order"), "{refused}");
    let order_id = order["id"].as_str().expect("id");
    for status in ["processing", "shipped"] {
        expect_json(
            app.put_as(&owner, &format!("/api/admin/orders/{order_id}/status"), &json!({"status": status}))
                .await,
            StatusCode::OK,
        )
        .await;
    }
    let revenue_before = app.admin_json(&owner, "/api/admin/summary").await;
    let totals_before = app.sql_text(&format!("SELECT total::text FROM orders WHERE id = '{order_id}'"));
    for path in searches() {
        assert_eq!(listed(&app, &owner, &path).await, 1, "{path} finds her first");
    }
    let mentions_before = rows_mentioning(&app, LAST_NAME);
    assert!(mentions_before.len() >= 6, "her name is in many places first: {mentions_before:?}");

    let erased =
        expect_json(app.post_as(&owner, "/api/admin/guest-data/erase", &erase).await, StatusCode::OK).await;
    let pseudonym = erased["pseudonym"].as_str().expect("pseudonym").to_owned();
    assert!(pseudonym.starts_with("guest-"), "{erased}");
    assert_eq!((erased["bookings"].as_i64(), erased["orders"].as_i64()), (Some(1), Some(1)), "{erased}");
    assert_eq!(
        (erased["messagesDeleted"].as_i64(), erased["newsletterDeleted"].as_bool()),
        (Some(1), Some(true))
    );
    assert!(erased["mailDeleted"].as_i64() >= Some(4), "her mail and the owner's alerts about her: {erased}");

    // The accounts are as they were.
    let revenue_after = app.admin_json(&owner, "/api/admin/summary").await;
    assert_eq!(revenue_after["revenue"], revenue_before["revenue"]);
    assert_eq!(revenue_after["orders"], revenue_before["orders"]);
    assert_eq!(revenue_after["bookings"], revenue_before["bookings"]);
    assert_eq!(
        app.sql_text(&format!("SELECT total::text FROM orders WHERE id = '{order_id}'")),
        totals_before
    );
    let kept = app.sql_text(&format!(
        "SELECT concat_ws('|', first_name, last_name, email, coalesce(phone, '-'), address, city, state, zip, status) \
         FROM orders WHERE id = '{order_id}'"
    ));
    assert_eq!(
        kept,
        format!("Erased|{pseudonym}|{pseudonym}@erased.invalid|-|Erased|Idyllwild|CA|92549|shipped")
    );

    // She is nowhere: not in any table, by name, address, street or phone.
    for word in [LAST_NAME, EMAIL, PHONE, STREET, "hushed alcove", "For Janelle"] {
        assert_eq!(rows_mentioning(&app, word), Vec::<(String, i64)>::new(), "{word} is gone");
    }
    // Nor in the lists' searches (which found her before) and the exports.
    for path in searches() {
        assert_eq!(listed(&app, &owner, &path).await, 0, "{path}");
    }
    for export in ["orders", "bookings", "contact-messages", "newsletter-subscriptions", "gift-cards"] {
        let csv =
            app.get_as(&owner, &format!("/api/admin/exports/{export}.csv")).await.text().await.expect("csv");
        assert!(!csv.contains(LAST_NAME) && !csv.contains(EMAIL) && !csv.contains(PHONE), "{export}: {csv}");
    }
    let activity = app.admin_json(&owner, "/api/admin/activity?limit=500").await.to_string();
    assert!(!activity.contains(LAST_NAME) && !activity.contains(EMAIL), "{activity}");
    assert!(activity.contains(&pseudonym), "the erasure is in the trail, under the pseudonym");
    // Another guest's booking is untouched.
    let other_id = other["id"].as_str().expect("id");
    assert_eq!(app.sql_text(&format!("SELECT last_name FROM bookings WHERE id = '{other_id}'")), "Lovelace");
    // Her booking is kept, under the pseudonym, and gathered by it.
    let under =
        app.admin_json(&owner, &format!("/api/admin/guest-data?email={pseudonym}@erased.invalid")).await;
    assert_eq!(under["bookings"][0]["id"], booking["id"]);
    assert_eq!(under["bookings"][0]["notes"], Value::Null);
    // Nothing more to erase; the same address gives the same pseudonym.
    assert_error_code(
        app.post_as(&owner, "/api/admin/guest-data/erase", &erase).await,
        StatusCode::NOT_FOUND,
        "not_found",
    )
    .await;
    let again = her_booking(&app, &days_from_today(12)).await;
    clock.advance(Duration::days(10));
    // Sessions end when idle that long: sign in again.
    owner = app.admin_token().await;
    let second =
        expect_json(app.post_as(&owner, "/api/admin/guest-data/erase", &erase).await, StatusCode::OK).await;
    assert_eq!(second["pseudonym"], pseudonym.as_str());
    let gathered =
        app.admin_json(&owner, &format!("/api/admin/guest-data?email={pseudonym}@erased.invalid")).await;
    assert_eq!(gathered["bookings"][1]["id"], again["id"], "one guest's bookings, under one pseudonym");
}

/// The link a template's newest mail to `to` carries after `marker`.
fn mailed_token(app: &TestApp, template: &str, to: &str, marker: &str) -> String {
    let text = app.sql_text(&format!(
        "SELECT text_body FROM outbox_messages WHERE template = '{template}' AND recipient = '{to}' \
         ORDER BY created_at DESC LIMIT 1"
    ));
    let (_, rest) = text.split_once(marker).unwrap_or_else(|| panic!("a {marker} link in {text}"));
    rest.split(['&', ' ', '\n']).next().expect("a token").to_owned()
}

#[tokio::test]
async fn a_guest_asks_by_a_mailed_link_and_the_owner_does_it_with_one_call() {
    let clock = SetClock::now_real();
    let app = spawn_app_with(Options { clock: Some(clock.clone()), ..Options::default() }).await;
    let mut owner = app.admin_token().await;
    her_booking(&app, &days_from_today(2)).await;

    assert_field_errors(
        app.post_json("/api/privacy/requests", &json!({"email": "nope", "kind": "all"})).await,
        &[
            ("email", "Please enter a valid email address."),
            ("kind", "Please choose a copy of your data or its erasure."),
        ],
    )
    .await;
    let asked = app.post_json("/api/privacy/requests", &json!({"email": EMAIL, "kind": "copy"})).await;
    assert_eq!(expect_json(asked, StatusCode::ACCEPTED).await, json!({"kind": "copy"}));
    // An address nothing is held about gets the same answer (no one learns who is a guest).
    let stranger =
        app.post_json("/api/privacy/requests", &json!({"email": "who@example.com", "kind": "erasure"})).await;
    assert_eq!(stranger.status(), StatusCode::ACCEPTED);
    // Nothing reaches the owner before she confirms.
    assert_eq!(
        app.sql_count("SELECT count(*) FROM outbox_messages WHERE template = 'owner_privacy_request'"),
        0
    );
    let requests = app.admin_json(&owner, "/api/admin/privacy-requests").await;
    assert_eq!(requests["requests"], json!([]));

    let token = mailed_token(&app, "privacy_request_confirm", EMAIL, "/privacy/confirm?token=");
    assert_error_code(
        app.post_json("/api/privacy/requests/confirm", &json!({"token": format!("{token}x")})).await,
        StatusCode::NOT_FOUND,
        "invalid_link",
    )
    .await;
    let confirmed = expect_json(
        app.post_json("/api/privacy/requests/confirm", &json!({"token": token})).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!((&confirmed["kind"], &confirmed["state"]), (&json!("copy"), &json!("open")));
    let again = expect_json(
        app.post_json("/api/privacy/requests/confirm", &json!({"token": token})).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(again, confirmed, "confirming twice changes nothing");
    assert_eq!(
        app.sql_count("SELECT count(*) FROM outbox_messages WHERE template = 'owner_privacy_request'"),
        1
    );
    // A confirmation link is not a copy's link.
    assert_error_code(
        app.get(&format!("/api/privacy/copy?token={token}")).await,
        StatusCode::NOT_FOUND,
        "invalid_link",
    )
    .await;

    let listed = app.admin_json(&owner, "/api/admin/privacy-requests").await;
    let request = listed["requests"][0].clone();
    assert_eq!((&request["email"], &request["state"]), (&json!(EMAIL), &json!("open")), "{listed}");
    let id = request["id"].as_str().expect("id");
    let done = expect_json(
        app.post_as(&owner, &format!("/api/admin/privacy-requests/{id}/complete"), &json!({})).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(done["state"], "done");
    assert_eq!(done["doneBy"], ADMIN_EMAIL);
    assert_error_code(
        app.post_as(&owner, &format!("/api/admin/privacy-requests/{id}/complete"), &json!({})).await,
        StatusCode::CONFLICT,
        "conflict",
    )
    .await;
    // Her copy, through the link mailed to her: JSON, and a page to read.
    let copy_token = mailed_token(&app, "privacy_copy_ready", EMAIL, "/api/privacy/copy?token=");
    let copy = app.get_json(&format!("/api/privacy/copy?token={copy_token}")).await;
    assert_eq!(copy["bookings"][0]["lastName"], LAST_NAME, "{copy}");
    let page = app.get(&format!("/api/privacy/copy?token={copy_token}&format=html")).await;
    assert!(page.headers().get("content-disposition").is_none(), "her page opens in the browser");
    let html = page.text().await.expect("html");
    assert!(html.contains(LAST_NAME) && html.contains("Everything held about"), "{html}");
    let trail = app.admin_json(&owner, "/api/admin/activity?entity=guest_data").await;
    assert_eq!(trail["entries"][0]["actor"], EMAIL, "her reading is in the trail: {trail}");

    // An erasure asked the same way: confirmed, then done by the owner once her visit is over.
    expect_json(
        app.post_json("/api/privacy/requests", &json!({"email": EMAIL, "kind": "erasure"})).await,
        StatusCode::ACCEPTED,
    )
    .await;
    let token = mailed_token(&app, "privacy_request_confirm", EMAIL, "/privacy/confirm?token=");
    expect_json(
        app.post_json("/api/privacy/requests/confirm", &json!({"token": token})).await,
        StatusCode::OK,
    )
    .await;
    let listed = app.admin_json(&owner, "/api/admin/privacy-requests").await;
    let erasure =
        listed["requests"].as_array().expect("requests").iter().find(|r| r["kind"] == "erasure").cloned();
    let id = erasure.expect("an erasure request")["id"].as_str().expect("id").to_owned();
    let complete = format!("/api/admin/privacy-requests/{id}/complete");
    assert_error_code(
        app.post_as(&owner, &complete, &json!({})).await,
        StatusCode::CONFLICT,
        "erasure_blocked",
    )
    .await;
    clock.advance(Duration::days(4));
    // Sessions end when idle that long: sign in again.
    owner = app.admin_token().await;
    let done = expect_json(app.post_as(&owner, &complete, &json!({})).await, StatusCode::OK).await;
    assert_eq!(done["state"], "done");
    let pseudonymous = done["email"].as_str().expect("email");
    assert!(pseudonymous.ends_with("@erased.invalid"), "{done}");
    assert_eq!(rows_mentioning(&app, LAST_NAME), Vec::<(String, i64)>::new());
    assert_eq!(rows_mentioning(&app, EMAIL), Vec::<(String, i64)>::new());

    // An unconfirmed request's link lasts seven days.
    expect_json(
        app.post_json("/api/privacy/requests", &json!({"email": "late@example.com", "kind": "copy"})).await,
        StatusCode::ACCEPTED,
    )
    .await;
    let late = mailed_token(&app, "privacy_request_confirm", "late@example.com", "/privacy/confirm?token=");
    clock.advance(Duration::days(8));
    assert_error_code(
        app.post_json("/api/privacy/requests/confirm", &json!({"token": late})).await,
        StatusCode::NOT_FOUND,
        "invalid_link",
    )
    .await;
}
