//! Taking money (docs/decisions.md §14), against a real Stripe-compatible
//! server (localstripe) and real PostgreSQL: paying an order with a test
//! card, declined cards, the bank's 3-D Secure step, webhooks in any order,
//! twice, badly signed or stale, the unpaid timeout, refunds, simultaneous
//! confirmations, a crash between charging and recording, the keys sent.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;
use crate::stripe_server::{
    LocalStripe, Recorder, Shop, WEBHOOK_SECRET, provider_events_taken, send_event, spawn_shop,
    spawn_shop_with,
};

/// Test cards (localstripe knows Stripe's): paid, declined, 3-D Secure.
const PAID: &str = "4242424242424242";
const DECLINED: &str = "4000000000000341";
const THREE_D_SECURE: &str = "4000002760003184";

async fn shop() -> Shop {
    spawn_shop().await
}

async fn shop_with(change: impl FnOnce(PaymentOptions) -> PaymentOptions) -> Shop {
    spawn_shop_with(change).await
}

/// An order of one product, placed: its body as answered.
async fn place(app: &TestApp) -> Value {
    let products = app.products().await;
    let product = products.iter().find(|p| p["stock"].is_null()).expect("an unlimited product");
    expect_json(app.post_json("/api/orders", &order_body(&[(product, 2)])).await, StatusCode::CREATED).await
}

async fn pay(app: &TestApp, order: &Value, method: &str) -> reqwest::Response {
    let id = order["id"].as_str().expect("id");
    let body = json!({"paymentMethodId": method, "token": order["paymentToken"]});
    app.post_json(&format!("/api/orders/{id}/payment"), &body).await
}

async fn order_mails(app: &TestApp, order: &Value) -> i64 {
    app.sql_count(&format!(
        "SELECT count(*) FROM outbox_messages WHERE related_id = '{}' AND template IN ('order_receipt', 'owner_new_order')",
        order["id"].as_str().expect("id")
    ))
}

async fn stored(app: &TestApp, order: &Value) -> Value {
    let token = app.admin_token().await;
    let orders = app.admin_json(&token, "/api/orders").await;
    orders.as_array().expect("list").iter().find(|o| o["id"] == order["id"]).expect("stored").clone()
}

#[tokio::test]
async fn the_browser_is_told_whether_cards_are_charged() {
    let off = spawn_app().await;
    let config = expect_json(off.get("/api/payments/config").await, StatusCode::OK).await;
    assert_eq!((config["enabled"].as_bool(), &config["publishableKey"]), (Some(false), &Value::Null));
    let placed = place(&off).await;
    assert_eq!(placed["payment"]["state"], "unpaid", "a demo store places orders unpaid");
    assert!(placed.get("paymentToken").is_none());
    assert_eq!(order_mails(&off, &placed).await, 2, "and mails them at once, as before");
    let refused = off
        .post_json(
            &format!("/api/orders/{}/payment", placed["id"].as_str().expect("id")),
            &json!({"paymentMethodId": "pm_x", "token": "x"}),
        )
        .await;
    assert_error_code(refused, StatusCode::CONFLICT, "payments_off").await;

    let Shop { app, .. } = shop().await;
    let config = expect_json(app.get("/api/payments/config").await, StatusCode::OK).await;
    assert_eq!(config["enabled"], true);
    assert_eq!(config["publishableKey"], crate::stripe_server::PUBLISHABLE_KEY);
    assert!(config["cancellationPolicy"].as_str().expect("policy").contains("48 hours"));
}

#[tokio::test]
async fn an_order_paid_with_a_test_card_is_paid_on_the_provider_s_word_and_mailed_once() {
    let Shop { app, stripe } = shop().await;
    let order = place(&app).await;
    assert_eq!(order["payment"]["state"], "awaiting_payment");
    assert_eq!(order_mails(&app, &order).await, 0, "nothing is mailed before it is paid");

    let paid = expect_json(pay(&app, &order, &stripe.card(PAID).await).await, StatusCode::OK).await;
    assert_eq!(paid["state"], "paid");
    assert_eq!(paid["amount"], order["total"]);
    assert_eq!(order_mails(&app, &order).await, 2, "the receipt and the owner's alert, once paid");

    // The provider's webhook arrives about a second later and changes nothing.
    let id = order["id"].as_str().expect("id");
    let taken = provider_events_taken(&app, "payment_intent.succeeded").await;
    assert_eq!(taken, 1, "the webhook was taken");
    assert_eq!(order_mails(&app, &order).await, 2, "and sent nothing twice");
    let history = app.admin_json(&app.admin_token().await, &format!("/api/admin/orders/{id}/payment")).await;
    assert_eq!(history["state"], "paid");
    let attempt = &history["attempts"][0];
    assert_eq!(attempt["status"], "succeeded");
    let provider = stripe.payment(attempt["providerId"].as_str().expect("provider id")).await;
    assert_eq!(provider["status"], "succeeded");
    assert_eq!(
        provider["amount"],
        (order["total"].as_str().expect("total").replace('.', "").parse::<i64>().expect("cents"))
    );
    assert_eq!(provider["metadata"]["order"], id, "the provider's payment names our order");
    assert!(
        attempt["dashboardUrl"].as_str().expect("url").contains(attempt["providerId"].as_str().expect("id"))
    );
    assert_eq!(stored(&app, &order).await["payment"]["state"], "paid");
}

#[tokio::test]
async fn a_declined_card_says_why_keeps_the_order_and_another_card_pays() {
    let Shop { app, stripe } = shop().await;
    let order = place(&app).await;
    let declined = assert_error_code(
        pay(&app, &order, &stripe.card(DECLINED).await).await,
        StatusCode::PAYMENT_REQUIRED,
        "payment_declined",
    )
    .await;
    let reason = declined["message"].as_str().expect("message").to_owned();
    assert!(reason.to_lowercase().contains("declined"), "the bank's reason in words: {reason}");
    let after = stored(&app, &order).await;
    assert_eq!(after["payment"]["state"], "awaiting_payment");
    assert_eq!(after["payment"]["lastError"], reason.as_str());
    assert_eq!(order_mails(&app, &order).await, 0);

    let paid = expect_json(pay(&app, &order, &stripe.card(PAID).await).await, StatusCode::OK).await;
    assert_eq!((paid["state"].as_str(), &paid["lastError"]), (Some("paid"), &Value::Null));
    // Paid, it takes no more payments.
    assert_error_code(pay(&app, &order, &stripe.card(PAID).await).await, StatusCode::CONFLICT, "not_payable")
        .await;
}

#[tokio::test]
async fn a_payment_link_must_be_the_order_s_own() {
    let Shop { app, stripe } = shop().await;
    let order = place(&app).await;
    let other = place(&app).await;
    let id = order["id"].as_str().expect("id");
    let forged = json!({"paymentMethodId": stripe.card(PAID).await, "token": other["paymentToken"]});
    assert_error_code(
        app.post_json(&format!("/api/orders/{id}/payment"), &forged).await,
        StatusCode::NOT_FOUND,
        "invalid_link",
    )
    .await;
    let bad_method = json!({"paymentMethodId": "4242 4242 4242 4242", "token": order["paymentToken"]});
    assert_error_code(
        app.post_json(&format!("/api/orders/{id}/payment"), &bad_method).await,
        StatusCode::BAD_REQUEST,
        "validation_failed",
    )
    .await;
    assert_eq!(stored(&app, &order).await["payment"]["state"], "awaiting_payment");
}

#[tokio::test]
async fn the_bank_s_step_makes_the_order_wait_and_the_provider_s_word_pays_it() {
    let Shop { app, stripe } = shop().await;
    let order = place(&app).await;
    let waiting =
        expect_json(pay(&app, &order, &stripe.card(THREE_D_SECURE).await).await, StatusCode::OK).await;
    assert_eq!(waiting["state"], "requires_action");
    let secret = waiting["clientSecret"].as_str().expect("a client secret for the bank's step").to_owned();
    assert_eq!(order_mails(&app, &order).await, 0);
    // The guest authenticates with their bank (the provider's step, as its script does).
    let intent = secret.split("_secret_").next().expect("intent id").to_owned();
    let (status, body) = stripe
        .post(
            &format!("/v1/payment_intents/{intent}/_authenticate"),
            &[("success", "true"), ("client_secret", &secret)],
        )
        .await;
    assert!(status < 300, "{body}");
    // The provider's webhook pays it before the guest's browser comes back...
    let id = order["id"].as_str().expect("id");
    let mut state = Value::Null;
    for _ in 0..100 {
        state = stored(&app, &order).await["payment"]["state"].clone();
        if state == "paid" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(state, "paid", "the webhook made it paid");
    // ...and the browser's return (reading the payment) changes nothing.
    let refreshed = expect_json(
        app.post_json(&format!("/api/orders/{id}/payment/refresh"), &json!({"token": order["paymentToken"]}))
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(refreshed["state"], "paid");
    assert_eq!(order_mails(&app, &order).await, 2);
}

#[tokio::test]
async fn webhooks_twice_out_of_order_badly_signed_or_stale_change_nothing_they_should_not() {
    let Shop { app, stripe } = shop().await;
    let order = place(&app).await;
    let paid = expect_json(pay(&app, &order, &stripe.card(PAID).await).await, StatusCode::OK).await;
    assert_eq!(paid["state"], "paid");
    let history = app
        .admin_json(
            &app.admin_token().await,
            &format!("/api/admin/orders/{}/payment", order["id"].as_str().expect("id")),
        )
        .await;
    let provider_id = history["attempts"][0]["providerId"].as_str().expect("provider id").to_owned();
    let intent = stripe.payment(&provider_id).await;
    let now = chrono::Utc::now().timestamp();

    // A failure that arrives after the success (out of order) leaves it paid.
    let mut failed = intent.clone();
    failed["status"] = json!("requires_payment_method");
    failed["last_payment_error"] = json!({"type": "card_error", "message": "Your card was declined."});
    let response =
        send_event(&app, "evt_late_failure", "payment_intent.payment_failed", failed.clone(), now).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(stored(&app, &order).await["payment"]["state"], "paid");
    // The same event twice is taken once.
    assert_eq!(
        send_event(&app, "evt_late_failure", "payment_intent.payment_failed", failed.clone(), now)
            .await
            .status(),
        StatusCode::OK
    );
    assert_eq!(app.sql_count("SELECT count(*) FROM payment_events WHERE event_id = 'evt_late_failure'"), 1);
    // A forged signature, a missing one and a stale one are refused.
    let body = json!({"id": "evt_forged", "type": "charge.refunded", "created": now, "data": {"object": {}}})
        .to_string();
    let forged = app
        .request(reqwest::Method::POST, "/api/payments/webhook")
        .header("Stripe-Signature", payments_stripe::sign("whsec_someone_else", body.as_bytes(), now))
        .body(body.clone())
        .send()
        .await
        .expect("sent");
    assert_error_code(forged, StatusCode::BAD_REQUEST, "invalid_signature").await;
    let unsigned =
        app.request(reqwest::Method::POST, "/api/payments/webhook").body(body).send().await.expect("sent");
    assert_error_code(unsigned, StatusCode::BAD_REQUEST, "invalid_signature").await;
    let stale = send_event(&app, "evt_stale", "payment_intent.succeeded", intent.clone(), now - 3600).await;
    assert_error_code(stale, StatusCode::BAD_REQUEST, "invalid_signature").await;
    assert_eq!(
        app.sql_count("SELECT count(*) FROM payment_events WHERE event_id IN ('evt_forged', 'evt_stale')"),
        0
    );

    // A refund the provider tells of (as Stripe's charge.refunded) counts once.
    let charge =
        json!({"object": "charge", "id": "ch_1", "payment_intent": provider_id, "amount_refunded": 500});
    assert_eq!(
        send_event(&app, "evt_refund", "charge.refunded", charge.clone(), now).await.status(),
        StatusCode::OK
    );
    assert_eq!(
        send_event(&app, "evt_refund_again", "charge.refunded", charge, now).await.status(),
        StatusCode::OK
    );
    let after = stored(&app, &order).await;
    assert_eq!(
        (after["payment"]["state"].as_str(), after["payment"]["refunded"].as_str()),
        (Some("partially_refunded"), Some("5.00"))
    );
}

/// A webhook the server could not apply (its database connection lost
/// halfway) is answered with an error and not kept as taken: the provider
/// sends it again, and the second delivery is heard.
#[tokio::test]
async fn a_webhook_that_could_not_be_applied_is_heard_when_the_provider_sends_it_again() {
    use diesel::Connection;
    use diesel::connection::SimpleConnection;

    let Shop { app, stripe } = shop().await;
    let order = place(&app).await;
    let paid = expect_json(pay(&app, &order, &stripe.card(PAID).await).await, StatusCode::OK).await;
    assert_eq!(paid["state"], "paid");
    let taken = provider_events_taken(&app, "payment_intent.succeeded").await;
    assert_eq!(taken, 1, "the provider's own webhook was taken first");
    let id = order["id"].as_str().expect("id");
    let provider_id = app.sql_text(&format!("SELECT provider_id FROM payments WHERE order_id = '{id}'"));
    let charge =
        json!({"object": "charge", "id": "ch_1", "payment_intent": provider_id, "amount_refunded": 500});
    let now = chrono::Utc::now().timestamp();

    // The order is held; the webhook's connection waits for it and is cut.
    let mut holder = diesel::PgConnection::establish(&app.database_url).expect("connect");
    holder
        .batch_execute(&format!("BEGIN; SELECT id FROM orders WHERE id = '{id}' FOR UPDATE"))
        .expect("held");
    let blocked = "%FROM \"orders\"%FOR UPDATE%";
    let (cut, ()) =
        tokio::join!(send_event(&app, "evt_refund_cut", "charge.refunded", charge.clone(), now), async {
            app.wait_until_blocked(blocked).await;
            app.cut_blocked(blocked);
        });
    holder.batch_execute("COMMIT").expect("let go");
    assert!(cut.status().is_server_error(), "the provider is told to send it again: {}", cut.status());
    assert_eq!(app.sql_count("SELECT count(*) FROM payment_events WHERE event_id = 'evt_refund_cut'"), 0);
    assert_eq!(stored(&app, &order).await["payment"]["state"], "paid", "nothing was applied");

    let again = send_event(&app, "evt_refund_cut", "charge.refunded", charge, now).await;
    assert_eq!(again.status(), StatusCode::OK);
    let after = stored(&app, &order).await;
    assert_eq!(
        (after["payment"]["state"].as_str(), after["payment"]["refunded"].as_str()),
        (Some("partially_refunded"), Some("5.00"))
    );
}

#[tokio::test]
async fn an_order_left_unpaid_is_cancelled_after_the_timeout_and_its_stock_given_back() {
    let Shop { app, stripe } = shop_with(|options| PaymentOptions { timeout_minutes: 30, ..options }).await;
    let token = app.admin_token().await;
    let candle = json!({"name": "Slow Candle", "category": "candles", "price": "20.00",
        "description": "Hand-poured.", "image": "/media/products/cedar.webp", "stock": 3});
    let candle = expect_json(app.post_as(&token, "/api/products", &candle).await, StatusCode::CREATED).await;
    let order =
        expect_json(app.post_json("/api/orders", &order_body(&[(&candle, 2)])).await, StatusCode::CREATED)
            .await;
    // A declined attempt, then nothing: the guest left.
    pay(&app, &order, &stripe.card(DECLINED).await).await;
    assert_eq!(stock_of(&app, &candle).await, 1, "the order holds its stock while it waits");
    let id = order["id"].as_str().expect("id");
    app.sql(&format!("UPDATE orders SET created_at = now() - interval '31 minutes' WHERE id = '{id}'"));
    let mut expired = Value::Null;
    for _ in 0..100 {
        expired = stored(&app, &order).await;
        if expired["payment"]["state"] == "expired" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(
        (expired["payment"]["state"].as_str(), expired["status"].as_str()),
        (Some("expired"), Some("cancelled"))
    );
    let mut stock = Value::Null;
    for _ in 0..50 {
        stock = stock_of(&app, &candle).await;
        if stock == 3 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(stock, 3, "its stock is back");
    assert_error_code(pay(&app, &order, &stripe.card(PAID).await).await, StatusCode::CONFLICT, "not_payable")
        .await;
    assert_eq!(order_mails(&app, &order).await, 0);
}

async fn stock_of(app: &TestApp, product: &Value) -> Value {
    app.products().await.iter().find(|p| p["id"] == product["id"]).expect("the product")["stock"].clone()
}

#[tokio::test]
async fn refunds_give_back_in_part_and_in_full_through_the_provider_and_tell_the_guest() {
    let Shop { app, stripe } = shop().await;
    let order = place(&app).await;
    expect_json(pay(&app, &order, &stripe.card(PAID).await).await, StatusCode::OK).await;
    let token = app.admin_token().await;
    let id = order["id"].as_str().expect("id");
    let path = format!("/api/admin/orders/{id}/refunds");
    let part = expect_json(
        app.post_as(&token, &path, &json!({"amount": "10.00", "reason": "One jar arrived cracked"})).await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(part["refunded"], "10.00");
    let after = stored(&app, &order).await;
    assert_eq!(
        (after["payment"]["state"].as_str(), after["payment"]["refunded"].as_str()),
        (Some("partially_refunded"), Some("10.00"))
    );
    let history = app.admin_json(&token, &format!("/api/admin/orders/{id}/payment")).await;
    let provider = stripe.payment(history["attempts"][0]["providerId"].as_str().expect("id")).await;
    let refunded_there = provider["charges"]["data"][0]["amount_refunded"]
        .as_i64()
        .or_else(|| provider["amount_refunded"].as_i64());
    assert_eq!(refunded_there, Some(1000), "the provider gave it back: {provider}");
    // More than is left is refused; the rest goes back in full.
    let total_cents: i64 = order["total"].as_str().expect("total").replace('.', "").parse().expect("cents");
    let too_much = format!("{}.{:02}", (total_cents - 1000 + 1) / 100, (total_cents - 1000 + 1) % 100);
    assert_error_code(
        app.post_as(&token, &path, &json!({"amount": too_much})).await,
        StatusCode::CONFLICT,
        "refund_refused",
    )
    .await;
    let rest = expect_json(app.post_as(&token, &path, &json!({})).await, StatusCode::CREATED).await;
    assert_eq!(
        rest["refunded"],
        json!(format!("{}.{:02}", (total_cents - 1000) / 100, (total_cents - 1000) % 100))
    );
    assert_eq!(stored(&app, &order).await["payment"]["state"], "refunded");
    assert_error_code(app.post_as(&token, &path, &json!({})).await, StatusCode::CONFLICT, "refund_refused")
        .await;
    assert_eq!(
        app.sql_count(&format!(
            "SELECT count(*) FROM outbox_messages WHERE related_id = '{id}' AND template = 'order_refunded'"
        )),
        2,
        "the guest hears of each refund"
    );
    assert_eq!(
        app.sql_count(&format!(
            "SELECT count(*) FROM audit_log WHERE entity_id = '{id}' AND action = 'refunded'"
        )),
        2
    );
    let history = app.admin_json(&token, &format!("/api/admin/orders/{id}/payment")).await;
    assert_eq!(history["refunds"].as_array().map(Vec::len), Some(2));
    assert_eq!(history["refundable"], "0.00");
    // The export says so too.
    let csv = app
        .request(reqwest::Method::GET, "/api/admin/exports/orders.csv")
        .bearer_auth(&token)
        .send()
        .await
        .expect("export");
    let text = csv.text().await.expect("text");
    let line = text.lines().find(|line| line.starts_with(id)).expect("the order's row");
    // Then the promo code columns (docs/decisions.md §15): no discount, no code.
    let total = order["total"].as_str().expect("total");
    assert!(line.ends_with(&format!(",refunded,{total},0.00,")), "{line}");
}

#[tokio::test]
async fn twenty_confirmations_of_one_order_at_once_charge_it_once() {
    let Shop { app, stripe } = shop().await;
    let order = place(&app).await;
    let mut methods = Vec::new();
    for _ in 0..20 {
        methods.push(stripe.card(PAID).await);
    }
    let attempts = methods.iter().map(|method| pay(&app, &order, method));
    let responses = futures_util::future::join_all(attempts).await;
    let statuses: Vec<StatusCode> = responses.iter().map(reqwest::Response::status).collect();
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::OK).count(), 1, "{statuses:?}");
    assert!(statuses.iter().all(|s| *s == StatusCode::OK || *s == StatusCode::CONFLICT), "{statuses:?}");
    let id = order["id"].as_str().expect("id");
    let charged: Vec<Value> = stripe
        .payments()
        .await
        .into_iter()
        .filter(|payment| payment["metadata"]["order"] == id && payment["status"] == "succeeded")
        .collect();
    assert_eq!(charged.len(), 1, "one charge at the provider");
    assert_eq!(app.sql_count(&format!("SELECT count(*) FROM payments WHERE order_id = '{id}'")), 1);
    assert_eq!(order_mails(&app, &order).await, 2);
}

/// Orders placed while others are paid: every answer is a success. (The
/// dashboard's counters once took their row locks in two orders, the totals
/// row first for a new order and last for a paid one, and an order placed
/// while another was paid could end in "deadlock detected", a 500.)
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn orders_placed_while_others_are_paid_all_succeed() {
    use std::sync::atomic::{AtomicBool, Ordering};
    let Shop { app, stripe } = shop().await;
    let mut unpaid = Vec::new();
    let mut methods = Vec::new();
    for _ in 0..16 {
        unpaid.push(place(&app).await);
        methods.push(stripe.card(PAID).await);
    }
    let products = app.products().await;
    let product = products.iter().find(|p| p["stock"].is_null()).expect("an unlimited product").clone();
    let paying = AtomicBool::new(true);
    let payments = async {
        let attempts = unpaid.iter().zip(&methods).map(|(order, method)| pay(&app, order, method));
        let statuses: Vec<StatusCode> =
            futures_util::future::join_all(attempts).await.iter().map(reqwest::Response::status).collect();
        paying.store(false, Ordering::SeqCst);
        statuses
    };
    // Four guests placing orders one after another for as long as the payments last.
    let guest = |n: usize| {
        let (paying, product) = (&paying, &product);
        let app = &app;
        async move {
            let mut statuses = Vec::new();
            while paying.load(Ordering::SeqCst) || statuses.is_empty() {
                let mut body = order_body(&[(product, 1)]);
                body["email"] = json!(format!("placing.{n}.{}@example.com", statuses.len()));
                statuses.push(app.post_json("/api/orders", &body).await.status());
            }
            statuses
        }
    };
    let placing = futures_util::future::join_all((0..4).map(guest));
    let (paid, placed) = futures_util::future::join(payments, placing).await;
    assert!(paid.iter().all(|s| *s == StatusCode::OK), "{paid:?}");
    let placed: Vec<StatusCode> = placed.into_iter().flatten().collect();
    assert!(placed.iter().all(|s| *s == StatusCode::CREATED), "{placed:?}");
    assert_eq!(
        app.sql_count("SELECT count(*) FROM orders WHERE payment_state = 'paid'"),
        16,
        "each paid order recorded"
    );
}

#[tokio::test]
async fn a_server_killed_between_charging_and_recording_leaves_a_payment_the_reconciliation_finds() {
    // The server runs as its own process, talking to localstripe through a
    // proxy that lets the payment be made but holds back the answer; once
    // the payment exists there, the process is killed (SIGKILL).
    let stripe = LocalStripe::start().await;
    let proxy = crate::stripe_server::HoldingProxy::start(stripe.port).await;
    let database = spawn_app().await;
    let port = free_port();
    let repo = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_server"))
        .env("DATABASE_URL", &database.database_url)
        .env("PORT", port.to_string())
        .env("FRONTEND_DIR", repo.join("target/no-frontend"))
        .env("DEMO_DIR", repo.join("demo"))
        .env("RUST_LOG", "error")
        .env("STRIPE_SECRET_KEY", crate::stripe_server::SECRET_KEY)
        .env("STRIPE_PUBLISHABLE_KEY", crate::stripe_server::PUBLISHABLE_KEY)
        .env("STRIPE_WEBHOOK_SECRET", WEBHOOK_SECRET)
        .env("STRIPE_API_BASE", proxy.url())
        .env("PAYMENT_SWEEP_SECONDS", "3600")
        .env_remove("ADMIN_EMAIL")
        .env_remove("ADMIN_PASSWORD")
        .env_remove("METRICS_ADDR")
        .env_remove("PAYMENTS")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("the server process starts");
    let base = format!("http://127.0.0.1:{port}");
    let client = reqwest::Client::new();
    let mut up = false;
    for _ in 0..400 {
        if client.get(format!("{base}/healthz")).send().await.is_ok_and(|r| r.status().is_success()) {
            up = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(up, "the server process answers");
    let products = database.products().await;
    let product = products.iter().find(|p| p["stock"].is_null()).expect("an unlimited product");
    let placed = client
        .post(format!("{base}/api/orders"))
        .json(&order_body(&[(product, 1)]))
        .send()
        .await
        .expect("placed");
    let order: Value = expect_json(placed, StatusCode::CREATED).await;
    assert_eq!(order["payment"]["state"], "awaiting_payment");
    let id = order["id"].as_str().expect("id").to_owned();
    let pay = json!({"paymentMethodId": stripe.card(PAID).await, "token": order["paymentToken"]});
    let paying = tokio::spawn(client.post(format!("{base}/api/orders/{id}/payment")).json(&pay).send());
    tokio::time::timeout(Duration::from_secs(30), proxy.created.notified())
        .await
        .expect("the payment was made");
    child.kill().expect("SIGKILL");
    child.wait().expect("it died");
    assert!(paying.await.expect("joined").is_err(), "the guest's request died with the server");
    let charged: Vec<Value> = stripe
        .payments()
        .await
        .into_iter()
        .filter(|payment| payment["metadata"]["order"] == id.as_str())
        .collect();
    assert_eq!(charged.len(), 1);
    assert_eq!(charged[0]["status"], "succeeded", "the provider took the money");
    assert_eq!(
        database.sql_text(&format!("SELECT status FROM payments WHERE order_id = '{id}'")),
        "creating",
        "our record of the attempt was written first and never heard back"
    );

    // The server comes back (here in-process, on the same database).
    let app = spawn_app_with(Options {
        database_url: Some(database.database_url.clone()),
        payments: Some(PaymentOptions::through(stripe.url())),
        ..Options::default()
    })
    .await;
    let token = app.admin_token().await;
    let today = chrono::Utc::now().date_naive().to_string();
    let report =
        app.admin_json(&token, &format!("/api/admin/payments/reconciliation?from={today}&to={today}")).await;
    let differences = report["differences"].as_array().expect("differences").clone();
    let found = differences
        .iter()
        .find(|d| d["providerId"] == charged[0]["id"])
        .unwrap_or_else(|| panic!("{report}"));
    assert_eq!(found["kind"], "disagree");
    assert!(found["detail"].as_str().expect("detail").contains("not recorded here"), "{found}");
    assert_eq!(found["orderId"], id.as_str());
    // The command-line check finds it too (and says so with its status).
    let cli = std::process::Command::new(env!("CARGO_BIN_EXE_server"))
        .args(["payments", "reconcile", "--from", &today, "--to", &today])
        .env("DATABASE_URL", &database.database_url)
        .env("RUST_LOG", "error")
        .env("STRIPE_SECRET_KEY", crate::stripe_server::SECRET_KEY)
        .env("STRIPE_PUBLISHABLE_KEY", crate::stripe_server::PUBLISHABLE_KEY)
        .env("STRIPE_WEBHOOK_SECRET", WEBHOOK_SECRET)
        .env("STRIPE_API_BASE", stripe.url())
        .env_remove("PAYMENTS")
        .output()
        .expect("the reconciliation runs");
    let printed = String::from_utf8_lossy(&cli.stdout);
    assert_eq!(cli.status.code(), Some(1), "{printed}{}", String::from_utf8_lossy(&cli.stderr));
    assert!(printed.contains(&format!("order {id}")) && printed.contains("not recorded here"), "{printed}");

    // A paid order is never left unrecorded: past the attempt's lease and the
    // unpaid timeout, the sweep finds the payment at the provider and the
    // order is paid, not expired.
    app.sql(&format!(
        "UPDATE payments SET created_at = now() - interval '5 minutes' WHERE order_id = '{id}'"
    ));
    app.sql(&format!("UPDATE orders SET created_at = now() - interval '31 minutes' WHERE id = '{id}'"));
    let mut state = Value::Null;
    for _ in 0..100 {
        state = stored(&app, &order).await["payment"]["state"].clone();
        if state != "awaiting_payment" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(state, "paid", "recovered, never expired with the money taken");
    assert_eq!(order_mails(&app, &order).await, 2, "and mailed once");
    let report =
        app.admin_json(&token, &format!("/api/admin/payments/reconciliation?from={today}&to={today}")).await;
    assert!(
        report["differences"].as_array().expect("list").iter().all(|d| d["providerId"] != charged[0]["id"]),
        "{report}"
    );
}

#[tokio::test]
async fn every_call_to_the_provider_carries_an_idempotency_key_made_from_our_record() {
    let stripe = LocalStripe::start().await;
    let recorder = Recorder::start(stripe.port).await;
    let app = spawn_app_with(Options {
        payments: Some(PaymentOptions::through(recorder.url())),
        ..Options::default()
    })
    .await;
    let order = place(&app).await;
    expect_json(pay(&app, &order, &stripe.card(PAID).await).await, StatusCode::OK).await;
    let token = app.admin_token().await;
    let id = order["id"].as_str().expect("id");
    expect_json(
        app.post_as(&token, &format!("/api/admin/orders/{id}/refunds"), &json!({"amount": "1.00"})).await,
        StatusCode::CREATED,
    )
    .await;
    let attempt = app.sql_text(&format!("SELECT id FROM payments WHERE order_id = '{id}'"));
    let refund = app.sql_text(&format!(
        "SELECT r.id FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE p.order_id = '{id}'"
    ));
    let sent = recorder.text().to_lowercase();
    let request_of = |path: &str| {
        sent.split("post ")
            .find(|request| request.starts_with(path))
            .unwrap_or_else(|| panic!("no {path} in {sent}"))
            .to_owned()
    };
    assert!(request_of("/v1/payment_intents ").contains(&format!("idempotency-key: {attempt}")), "{sent}");
    assert!(request_of("/v1/refunds ").contains(&format!("idempotency-key: {refund}")), "{sent}");
    assert!(!sent.contains("4242424242424242"), "no card number goes through the server");
}
