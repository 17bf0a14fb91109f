//! Booking deposits (docs/decisions.md §14) against localstripe and real
//! PostgreSQL: the guest's card saved with the request, the deposit taken
//! when the owner confirms (or the guest's bank asked, and the guest mailed),
//! the card let go when the owner declines, and the guest's own cancellation
//! following the policy: refunded in time, kept after the cutoff.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;
use crate::stripe_server::{
    LocalStripe, Shop, provider_events_taken, send_event, spawn_shop, spawn_shop_with,
};

const PAID: &str = "4242424242424242";
/// Declined when it is saved for later (attached to a customer).
const DECLINED_WHEN_SAVED: &str = "4000000000000002";
const THREE_D_SECURE: &str = "4000002760003184";

/// A massage (the demo's asks for a $25.00 deposit) `days` ahead, with a card or not.
async fn book(shop: &Shop, card: Option<&str>, days: i64) -> reqwest::Response {
    let mut body = booking_body("massage", &days_from_today(days), "9:00");
    if let Some(number) = card {
        body["paymentMethodId"] = json!(shop.stripe.card(number).await);
    }
    shop.app.post_json("/api/bookings", &body).await
}

async fn booked(shop: &Shop, card: &str, days: i64) -> Value {
    expect_json(book(shop, Some(card), days).await, StatusCode::CREATED).await
}

async fn set_status(app: &TestApp, booking: &Value, status: &str) -> Value {
    let token = app.admin_token().await;
    let path = format!("/api/admin/bookings/{}", booking["id"].as_str().expect("id"));
    expect_json(app.put_as(&token, &path, &json!({"status": status})).await, StatusCode::OK).await
}

/// The guest's link, from their request's message.
fn manage_token(app: &TestApp, booking: &Value) -> String {
    let text = app.sql_text(&format!(
        "SELECT text_body FROM outbox_messages WHERE related_id = '{}' AND template = 'booking_requested'",
        booking["id"].as_str().expect("id")
    ));
    let start = text.find("/bookings/manage/").expect("a manage link") + "/bookings/manage/".len();
    text[start..].split_whitespace().next().expect("token").to_owned()
}

fn mail_text(app: &TestApp, booking: &Value, template: &str) -> String {
    app.sql_text(&format!(
        "SELECT text_body FROM outbox_messages WHERE related_id = '{}' AND template = '{template}'",
        booking["id"].as_str().expect("id")
    ))
}

/// The provider's payments for a booking.
async fn charges(stripe: &LocalStripe, booking: &Value) -> Vec<Value> {
    stripe
        .payments()
        .await
        .into_iter()
        .filter(|payment| payment["metadata"]["booking"] == booking["id"])
        .collect()
}

#[tokio::test]
async fn a_deposit_is_asked_with_the_request_saved_and_taken_when_the_owner_confirms() {
    let shop = spawn_shop().await;
    let app = &shop.app;
    let asked =
        assert_error_code(book(&shop, None, 10).await, StatusCode::PAYMENT_REQUIRED, "payment_required")
            .await;
    assert!(asked["message"].as_str().expect("message").contains("$25.00"), "{asked}");
    let declined = assert_error_code(
        book(&shop, Some(DECLINED_WHEN_SAVED), 10).await,
        StatusCode::PAYMENT_REQUIRED,
        "payment_declined",
    )
    .await;
    assert!(declined["message"].as_str().expect("reason").to_lowercase().contains("declined"), "{declined}");
    assert_eq!(
        app.sql_count("SELECT count(*) FROM bookings"),
        0,
        "nothing is booked without the deposit's card"
    );

    let booking = booked(&shop, PAID, 10).await;
    assert_eq!(booking["deposit"]["state"], "card_saved");
    assert_eq!(booking["deposit"]["amount"], "25.00");
    assert!(charges(&shop.stripe, &booking).await.is_empty(), "nothing is charged before the owner confirms");
    let requested = mail_text(app, &booking, "booking_requested");
    assert!(
        requested.contains("$25.00, charged to the card you gave when we confirm your booking"),
        "{requested}"
    );
    assert!(requested.contains("Free cancellation until 48 hours before your booking begins"), "{requested}");

    let confirmed = set_status(app, &booking, "confirmed").await;
    assert_eq!(confirmed["deposit"]["state"], "paid");
    let taken = charges(&shop.stripe, &booking).await;
    assert_eq!(taken.len(), 1);
    assert_eq!((taken[0]["status"].as_str(), taken[0]["amount"].as_i64()), (Some("succeeded"), Some(2500)));
    assert!(mail_text(app, &booking, "booking_confirmed").contains("Deposit: $25.00, paid"));
    // Confirming again takes nothing more.
    set_status(app, &booking, "confirmed").await;
    assert_eq!(charges(&shop.stripe, &booking).await.len(), 1);
    let token = app.admin_token().await;
    let history = app
        .admin_json(&token, &format!("/api/admin/bookings/{}/deposit", booking["id"].as_str().expect("id")))
        .await;
    assert_eq!((history["state"].as_str(), history["refundable"].as_str()), (Some("paid"), Some("25.00")));
    assert_eq!(history["attempts"][0]["providerId"], taken[0]["id"]);
}

#[tokio::test]
async fn a_declined_request_lets_the_guest_s_card_go_and_charges_nothing() {
    let shop = spawn_shop().await;
    let booking = booked(&shop, PAID, 10).await;
    let card = shop.app.sql_text(&format!(
        "SELECT deposit_method FROM bookings WHERE id = '{}'",
        booking["id"].as_str().expect("id")
    ));
    assert!(!shop.stripe.get(&format!("/v1/payment_methods/{card}")).await["customer"].is_null());
    let declined = set_status(&shop.app, &booking, "cancelled").await;
    assert_eq!(declined["deposit"]["state"], "released");
    let method = shop.stripe.get(&format!("/v1/payment_methods/{card}")).await;
    assert!(method["customer"].is_null(), "the card is detached: {method}");
    assert!(charges(&shop.stripe, &booking).await.is_empty());
    assert!(
        mail_text(&shop.app, &booking, "booking_cancelled").contains("not charged; your card was released")
    );
}

#[tokio::test]
async fn a_guest_cancelling_in_time_has_the_deposit_refunded_and_is_told() {
    let shop = spawn_shop().await;
    let app = &shop.app;
    let booking = booked(&shop, PAID, 10).await;
    set_status(app, &booking, "confirmed").await;
    let link = manage_token(app, &booking);
    let seen = expect_json(app.get(&format!("/api/guest/bookings/{link}")).await, StatusCode::OK).await;
    assert_eq!(seen["deposit"]["state"], "paid");
    assert!(seen["cancellationPolicy"].as_str().expect("policy").contains("48 hours"));
    let cancelled = expect_json(
        app.post_json(&format!("/api/guest/bookings/{link}/cancel"), &json!({})).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(
        (cancelled["status"].as_str(), cancelled["deposit"]["state"].as_str()),
        (Some("cancelled"), Some("refunded"))
    );
    let charge = &charges(&shop.stripe, &booking).await[0];
    let refunds =
        shop.stripe.get(&format!("/v1/refunds?payment_intent={}", charge["id"].as_str().expect("id"))).await;
    assert_eq!(refunds["data"][0]["amount"], 2500, "{refunds}");
    assert!(mail_text(app, &booking, "deposit_refunded").contains("We have refunded your deposit of $25.00"));
    let id = booking["id"].as_str().expect("id");
    assert_eq!(
        app.sql_count(&format!(
            "SELECT count(*) FROM audit_log WHERE entity_id = '{id}' AND action = 'refunded'"
        )),
        1
    );
}

#[tokio::test]
async fn a_guest_cancelling_after_the_free_cutoff_leaves_the_deposit_kept() {
    // Free until 30 days before: a booking 10 days ahead is past it, but
    // still cancellable online (24 hours before).
    let shop = spawn_shop_with(|options| PaymentOptions { cancellation_free_hours: 720, ..options }).await;
    let app = &shop.app;
    let booking = booked(&shop, PAID, 10).await;
    set_status(app, &booking, "confirmed").await;
    let link = manage_token(app, &booking);
    let cancelled = expect_json(
        app.post_json(&format!("/api/guest/bookings/{link}/cancel"), &json!({})).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(cancelled["deposit"]["state"], "kept");
    let charge = &charges(&shop.stripe, &booking).await[0];
    let refunds =
        shop.stripe.get(&format!("/v1/refunds?payment_intent={}", charge["id"].as_str().expect("id"))).await;
    assert_eq!(refunds["data"].as_array().map(Vec::len), Some(0), "nothing given back: {refunds}");
    assert!(
        mail_text(app, &booking, "booking_cancelled").contains("$25.00, kept under the cancellation policy")
    );
    // The owner may still give it back, as a gesture.
    let token = app.admin_token().await;
    let path = format!("/api/admin/bookings/{}/deposit/refunds", booking["id"].as_str().expect("id"));
    let refunded = expect_json(
        app.post_as(&token, &path, &json!({"amount": "10.00", "reason": "A kind exception"})).await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(refunded["refunded"], "10.00");
    assert_error_code(
        app.post_as(&token, &path, &json!({"amount": "20.00"})).await,
        StatusCode::CONFLICT,
        "refund_refused",
    )
    .await;
}

/// The owner's refund and the provider's word about the same deposit, at
/// once. The refund locks the booking, then writes its row naming the
/// payment; the provider's word locks the payment, then the booking. Had
/// the payment been locked against that naming, each would wait for the
/// other and PostgreSQL would end one (a 500, a lost webhook). The test
/// forces that interleaving by holding the refunds table itself, and lets
/// go once both are seen waiting.
#[tokio::test]
async fn a_refund_and_the_providers_word_about_the_same_deposit_at_once_both_land() {
    use diesel::Connection;
    use diesel::connection::SimpleConnection;

    let shop = spawn_shop().await;
    let app = &shop.app;
    let booking = booked(&shop, PAID, 10).await;
    set_status(app, &booking, "confirmed").await;
    // The provider's own word about the charge comes a second later: taken first, out of the way.
    assert_eq!(
        provider_events_taken(app, "payment_intent.succeeded").await,
        1,
        "the provider's webhook was taken"
    );
    let charge = charges(&shop.stripe, &booking).await.remove(0);

    let mut holder = diesel::PgConnection::establish(&app.database_url).expect("connect");
    holder.batch_execute("BEGIN; LOCK TABLE refunds IN SHARE MODE").expect("refunds held");
    let token = app.admin_token().await;
    let path = format!("/api/admin/bookings/{}/deposit/refunds", booking["id"].as_str().expect("id"));
    let body = json!({"amount": "5.00", "reason": "The sauna was closed"});
    let now = chrono::Utc::now().timestamp();
    let (refund, word, ()) = tokio::join!(
        app.post_as(&token, &path, &body),
        async {
            // The refund holds the booking and waits to write its row...
            app.wait_until_blocked("INSERT INTO \"refunds\"%").await;
            send_event(app, "evt_word_meanwhile", "payment_intent.succeeded", charge.clone(), now).await
        },
        async {
            // ...and the provider's word, past the payment, waits for the booking.
            app.wait_until_blocked("INSERT INTO \"refunds\"%").await;
            app.wait_until_blocked("%FROM \"bookings\"%FOR UPDATE%").await;
            holder.batch_execute("COMMIT").expect("refunds let go");
        },
    );
    let refunded = expect_json(refund, StatusCode::CREATED).await;
    assert_eq!(refunded["refunded"], "5.00");
    assert_eq!(word.status(), StatusCode::OK, "{}", word.text().await.unwrap_or_default());
    let stored = app.sql_text(&format!(
        "SELECT deposit_state || ' ' || deposit_refunded FROM bookings WHERE id = '{}'",
        booking["id"].as_str().expect("id")
    ));
    assert_eq!(stored, "paid 5.00", "the deposit is paid, $5.00 of it given back");
}

#[tokio::test]
async fn when_the_bank_asks_at_confirmation_the_guest_is_mailed_and_completes_it_through_their_link() {
    let shop = spawn_shop().await;
    let app = &shop.app;
    let booking = booked(&shop, THREE_D_SECURE, 10).await;
    let confirmed = set_status(app, &booking, "confirmed").await;
    assert_eq!(confirmed["deposit"]["state"], "requires_authentication", "the dashboard says so");
    let asked = mail_text(app, &booking, "deposit_action_required");
    assert!(asked.contains("/bookings/manage/"), "{asked}");
    let link = manage_token(app, &booking);
    let seen = expect_json(app.get(&format!("/api/guest/bookings/{link}")).await, StatusCode::OK).await;
    assert_eq!(seen["deposit"]["state"], "requires_authentication");
    let secret = seen["deposit"]["clientSecret"].as_str().expect("the bank's step").to_owned();
    let intent = secret.split("_secret_").next().expect("intent").to_owned();
    let (status, body) = shop
        .stripe
        .post(
            &format!("/v1/payment_intents/{intent}/_authenticate"),
            &[("success", "true"), ("client_secret", &secret)],
        )
        .await;
    assert!(status < 300, "{body}");
    let done = expect_json(
        app.post_json(&format!("/api/guest/bookings/{link}/deposit/refresh"), &json!({})).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(done["deposit"]["state"], "paid");
    assert_eq!(done["deposit"]["clientSecret"], Value::Null);
}

#[tokio::test]
async fn without_payments_a_booking_asks_for_no_deposit_as_before() {
    let app = spawn_app().await;
    let booking = expect_json(
        app.post_json("/api/bookings", &booking_body("massage", &days_from_today(10), "9:00")).await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(booking["deposit"], Value::Null);
    let confirmed = {
        let token = app.admin_token().await;
        let path = format!("/api/admin/bookings/{}", booking["id"].as_str().expect("id"));
        expect_json(app.put_as(&token, &path, &json!({"status": "confirmed"})).await, StatusCode::OK).await
    };
    assert_eq!(confirmed["deposit"], Value::Null);
    assert!(!mail_text(&app, &booking, "booking_confirmed").contains("Deposit"));
}

#[tokio::test]
async fn a_promo_code_lowers_a_deposit_taken_as_a_share_of_the_price() {
    let shop = spawn_shop().await;
    let app = &shop.app;
    let token = app.admin_token().await;
    let created = app
        .post_as(
            &token,
            "/api/admin/promo-codes",
            &json!({"code": "STAY-20", "percentOff": 20, "appliesTo": "bookings"}),
        )
        .await;
    assert_eq!(created.status(), StatusCode::CREATED);
    // Two nights of the Tiny Home at $180.00: $360.00, less 20 % is $288.00;
    // its deposit is 30 % of what is left: $86.40 (not $108.00).
    let date = days_from_today(30);
    let mut body = booking_body("accommodation", &date, "15:00");
    body["checkOut"] = json!(days_from_today(32));
    body["promoCode"] = json!("STAY-20");
    body["paymentMethodId"] = json!(shop.stripe.card(PAID).await);
    let booking = expect_json(app.post_json("/api/bookings", &body).await, StatusCode::CREATED).await;
    assert_eq!(
        (booking["discount"].as_str(), booking["deposit"]["amount"].as_str()),
        (Some("72.00"), Some("86.40"))
    );
}
