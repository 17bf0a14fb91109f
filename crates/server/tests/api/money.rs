//! Money has one home (docs/decisions.md §14): every edge of a payment is
//! settled or refused with its own reason, against localstripe and real
//! PostgreSQL. A booking holding money is cancelled before it is deleted
//! (its deposit charged, saved but not charged, paid in part by a gift card,
//! already refunded); an order paid by card is cancelled only with the
//! owner's word on its payment (paid, paid by a gift card, awaiting
//! payment); and the stat cards count money received less refunds, each
//! dollar once, computed here from a scripted mix.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;
use crate::stripe_server::{Shop, spawn_shop};

const PAID: &str = "4242424242424242";
const THREE_D_SECURE: &str = "4000002760003184";

fn id(value: &Value) -> &str {
    value["id"].as_str().expect("id")
}

/// A massage `days` ahead (the demo's asks for a $25.00 deposit), with a
/// card and, when given, a gift card paying part of the deposit.
async fn book(shop: &Shop, days: i64, gift_card: Option<&str>) -> Value {
    let mut body = booking_body("massage", &days_from_today(days), "9:00");
    body["paymentMethodId"] = json!(shop.stripe.card(PAID).await);
    if let Some(code) = gift_card {
        body["giftCard"] = json!(code);
    }
    expect_json(shop.app.post_json("/api/bookings", &body).await, StatusCode::CREATED).await
}

async fn set_booking(app: &TestApp, token: &str, booking: &Value, status: &str) -> Value {
    let path = format!("/api/admin/bookings/{}", id(booking));
    expect_json(app.put_as(token, &path, &json!({"status": status})).await, StatusCode::OK).await
}

async fn delete_booking(app: &TestApp, token: &str, booking: &Value) -> reqwest::Response {
    app.delete_as(token, &format!("/api/admin/bookings/{}", id(booking))).await
}

async fn balance(app: &TestApp, code: &str) -> String {
    let card =
        expect_json(app.post_json("/api/gift-cards/balance", &json!({"code": code})).await, StatusCode::OK)
            .await;
    card["balance"].as_str().expect("balance").to_owned()
}

#[tokio::test]
async fn a_booking_that_holds_money_is_cancelled_before_it_is_deleted_and_its_records_stay() {
    let shop = spawn_shop().await;
    let app = &shop.app;
    let token = app.admin_token().await;

    // Deposit charged: refused with its own reason, never the generic conflict.
    let charged = book(&shop, 10, None).await;
    set_booking(app, &token, &charged, "confirmed").await;
    let refused = assert_error_code(
        delete_booking(app, &token, &charged).await,
        StatusCode::CONFLICT,
        "booking_holds_money",
    )
    .await;
    let message = refused["message"].as_str().expect("message");
    assert!(
        message.contains("its $25.00 deposit was charged") && message.contains("Cancel it first"),
        "{message}"
    );
    // Cancelled by the owner, the deposit taken stays hers to refund or keep; then it can go.
    let cancelled = set_booking(app, &token, &charged, "cancelled").await;
    assert_eq!(cancelled["deposit"]["state"], "paid");
    assert_eq!(delete_booking(app, &token, &charged).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(
        app.sql_count(&format!(
            "SELECT count(*) FROM payments WHERE booking_id = '{}' AND status = 'succeeded'",
            id(&charged)
        )),
        1,
        "the charge's record keeps the booking it was for"
    );
    let trail = app.admin_json(&token, "/api/admin/activity?entity=booking").await;
    let deleted = trail["entries"]
        .as_array()
        .expect("items")
        .iter()
        .find(|entry| entry["action"] == "deleted")
        .expect("the deletion is audited");
    assert!(
        deleted["summary"].as_str().expect("summary").contains("deposit $25.00 paid, refunded $0.00"),
        "{deleted}"
    );

    // Saved but not charged: refused; cancelling lets the card go at the provider.
    let saved = book(&shop, 11, None).await;
    assert_eq!(saved["deposit"]["state"], "card_saved");
    let refused = assert_error_code(
        delete_booking(app, &token, &saved).await,
        StatusCode::CONFLICT,
        "booking_holds_money",
    )
    .await;
    assert!(refused["message"].as_str().expect("message").contains("a card is saved for its $25.00 deposit"));
    let method = app.sql_text(&format!("SELECT deposit_method FROM bookings WHERE id = '{}'", id(&saved)));
    set_booking(app, &token, &saved, "cancelled").await;
    assert!(
        shop.stripe.get(&format!("/v1/payment_methods/{method}")).await["customer"].is_null(),
        "released"
    );
    assert_eq!(delete_booking(app, &token, &saved).await.status(), StatusCode::NO_CONTENT);

    // Paid in part by a gift card: refused (it was a 409 "conflict" that
    // could never be resolved); cancelled, the card's part comes back, and
    // deleted, the card's ledger keeps the booking's id.
    let (card_id, card) = give_gift_card(app, &token, "25").await;
    let redeem = format!("/api/admin/gift-cards/{card_id}/redeem");
    expect_json(app.post_as(&token, &redeem, &json!({"amount": 15})).await, StatusCode::OK).await;
    let part = book(&shop, 12, Some(&card.code)).await;
    assert_eq!(
        (part["giftCardAmount"].as_str(), part["deposit"]["amount"].as_str()),
        (Some("10.00"), Some("15.00"))
    );
    let refused = assert_error_code(
        delete_booking(app, &token, &part).await,
        StatusCode::CONFLICT,
        "booking_holds_money",
    )
    .await;
    assert!(refused["message"].as_str().expect("message").contains("a gift card paid $10.00"), "{refused}");
    set_booking(app, &token, &part, "cancelled").await;
    assert_eq!(balance(app, &card.code).await, "10.00");
    assert_eq!(delete_booking(app, &token, &part).await.status(), StatusCode::NO_CONTENT);
    let ledger = app.admin_json(&token, &format!("/api/admin/gift-cards/{card_id}/ledger")).await;
    assert_eq!(
        ledger.as_array().expect("entries").iter().filter(|entry| entry["bookingId"] == part["id"]).count(),
        2
    );

    // Already refunded: refunded, cancelled, deleted; the refund stays on record.
    let refunded = book(&shop, 13, None).await;
    set_booking(app, &token, &refunded, "confirmed").await;
    let path = format!("/api/admin/bookings/{}/deposit/refunds", id(&refunded));
    expect_json(app.post_as(&token, &path, &json!({"reason": "Change of plans"})).await, StatusCode::CREATED)
        .await;
    let cancelled = set_booking(app, &token, &refunded, "cancelled").await;
    assert_eq!(cancelled["deposit"]["state"], "refunded");
    assert_eq!(delete_booking(app, &token, &refunded).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(
        app.sql_count(&format!(
            "SELECT count(*) FROM refunds JOIN payments ON payments.id = refunds.payment_id
             WHERE payments.booking_id = '{}' AND refunds.status = 'succeeded'",
            id(&refunded)
        )),
        1
    );

    // The checks agree: every charge and refund, deleted bookings' too, is
    // ours and the provider's alike, and counted as deposits.
    let check = app.admin_json(&token, &reconciliation_of_today()).await;
    assert_eq!(check["differences"], json!([]), "{check}");
    let deposits = check["totals"]
        .as_array()
        .expect("totals")
        .iter()
        .find(|t| t["source"] == "deposit")
        .expect("deposits");
    assert_eq!(
        (deposits["payments"].as_i64(), deposits["chargedHere"].as_str(), deposits["chargedThere"].as_str()),
        (Some(2), Some("50.00"), Some("50.00"))
    );
    assert_eq!(
        (deposits["refundedHere"].as_str(), deposits["refundedThere"].as_str()),
        (Some("25.00"), Some("25.00"))
    );
    // $25 kept (the deposit charged and cancelled by the owner), $25 refunded.
    let summary = app.admin_json(&token, "/api/admin/summary").await;
    assert_eq!(summary["revenue"], "25.00");
    assert_eq!(summary["revenueSources"]["thisMonth"]["deposits"], "25.00");
}

#[tokio::test]
async fn a_paid_order_is_cancelled_only_with_a_word_on_its_payment() {
    let shop = spawn_shop().await;
    let app = &shop.app;
    let token = app.admin_token().await;
    let products = app.products().await;
    let product = products.iter().find(|p| p["stock"].is_null()).expect("an unlimited product");
    let place = |body: Value| async move {
        expect_json(app.post_json("/api/orders", &body).await, StatusCode::CREATED).await
    };
    let pay = |order: Value, card: &'static str| {
        let stripe = &shop.stripe;
        async move {
            let body = json!({"paymentMethodId": stripe.card(card).await, "token": order["paymentToken"]});
            app.post_json(&format!("/api/orders/{}/payment", id(&order)), &body).await
        }
    };
    let cancel = |order: &Value, payment: Option<&str>| {
        let mut body = json!({"status": "cancelled"});
        if let Some(word) = payment {
            body["payment"] = json!(word);
        }
        let path = format!("/api/admin/orders/{}/status", id(order));
        let token = &token;
        async move { app.put_as(token, &path, &body).await }
    };

    // Paid by card: refused without a word, with the amount held.
    let kept = place(order_body(&[(product, 2)])).await;
    expect_json(pay(kept.clone(), PAID).await, StatusCode::OK).await;
    let total = kept["total"].as_str().expect("total").to_owned();
    let refused =
        assert_error_code(cancel(&kept, None).await, StatusCode::CONFLICT, "order_holds_money").await;
    assert!(refused["message"].as_str().expect("message").contains(&format!("${total}")), "{refused}");
    assert_field_errors(cancel(&kept, Some("donate")).await, &[("payment", "Please choose refund or keep")])
        .await;
    // "Keep": cancelled, the money stays, and the trail says so.
    let cancelled = expect_json(cancel(&kept, Some("keep")).await, StatusCode::OK).await;
    assert_eq!(
        (cancelled["status"].as_str(), cancelled["payment"]["state"].as_str()),
        (Some("cancelled"), Some("paid"))
    );
    let trail = app.admin_json(&token, "/api/admin/activity?entity=order").await;
    assert!(
        trail["entries"].as_array().expect("items").iter().any(|entry| entry["summary"]
            .as_str()
            .is_some_and(|s| s.contains(&format!("its card payment of ${total} kept")))),
        "{trail}"
    );

    // "Refund": given back at the provider first, then cancelled.
    let refund = place(order_body(&[(product, 1)])).await;
    expect_json(pay(refund.clone(), PAID).await, StatusCode::OK).await;
    let cancelled = expect_json(cancel(&refund, Some("refund")).await, StatusCode::OK).await;
    assert_eq!(
        (cancelled["status"].as_str(), cancelled["payment"]["state"].as_str()),
        (Some("cancelled"), Some("refunded"))
    );
    let intent = app.sql_text(&format!(
        "SELECT provider_id FROM payments WHERE order_id = '{}' AND status = 'succeeded'",
        id(&refund)
    ));
    let at_provider = shop.stripe.payment(&intent).await;
    let given_back: i64 = at_provider["charges"]["data"]
        .as_array()
        .expect("charges")
        .iter()
        .filter_map(|charge| charge["amount_refunded"].as_i64())
        .sum();
    assert_eq!(given_back, cents(refund["total"].as_str().expect("total")), "{at_provider}");

    // Paid by a gift card alone: cancelled plainly, the card's part given back.
    let (_, card) = give_gift_card(app, &token, "500").await;
    let mut body = order_body(&[(product, 1)]);
    body["giftCard"] = json!(card.code);
    let by_card = place(body).await;
    assert_eq!(by_card["payment"]["amount"], "0.00");
    expect_json(cancel(&by_card, None).await, StatusCode::OK).await;
    assert_eq!(balance(app, &card.code).await, "500.00");

    // Awaiting payment, the bank's step begun: its payment is cancelled at
    // the provider and the order closed as never paid; it cannot be paid after.
    let waiting = place(order_body(&[(product, 1)])).await;
    let step = expect_json(pay(waiting.clone(), THREE_D_SECURE).await, StatusCode::OK).await;
    assert_eq!(step["state"], "requires_action");
    let closed = expect_json(cancel(&waiting, None).await, StatusCode::OK).await;
    assert_eq!(
        (closed["status"].as_str(), closed["payment"]["state"].as_str()),
        (Some("cancelled"), Some("expired"))
    );
    let intent =
        app.sql_text(&format!("SELECT provider_id FROM payments WHERE order_id = '{}'", id(&waiting)));
    assert_eq!(shop.stripe.payment(&intent).await["status"], "canceled");
    assert_error_code(pay(waiting.clone(), PAID).await, StatusCode::CONFLICT, "not_payable").await;

    // The checks agree, and the figures count the kept payment alone.
    let check = app.admin_json(&token, &reconciliation_of_today()).await;
    assert_eq!(check["differences"], json!([]), "{check}");
    let summary = app.admin_json(&token, "/api/admin/summary").await;
    assert_eq!(summary["revenue"], json!(total));
    assert_eq!(summary["ordersNeverPaid"], 1, "the closed one");
}

/// The reconciliation of today's payments (its days are UTC days).
fn reconciliation_of_today() -> String {
    let today = chrono::Utc::now().date_naive();
    format!("/api/admin/payments/reconciliation?from={today}&to={today}")
}

fn dollars_of(value: &Value) -> i64 {
    cents(value.as_str().expect("money"))
}

#[tokio::test]
async fn the_stat_cards_count_money_received_once_less_refunds_and_never_an_unpaid_order() {
    let shop = spawn_shop().await;
    let app = &shop.app;
    let token = app.admin_token().await;
    let empty = app.admin_json(&token, "/api/admin/summary").await;
    assert_eq!(
        (empty["revenueBasis"].as_str(), empty["revenue"].as_str()),
        (Some("money_received"), Some("0.00"))
    );
    let products = app.products().await;
    let product = products.iter().find(|p| p["stock"].is_null()).expect("an unlimited product");
    let place = |lines: u32, gift_card: Option<String>| async move {
        let mut body = order_body(&[(product, lines)]);
        if let Some(code) = gift_card {
            body["giftCard"] = json!(code);
        }
        expect_json(app.post_json("/api/orders", &body).await, StatusCode::CREATED).await
    };
    let stripe = &shop.stripe;
    let pay = |order: Value| async move {
        let body = json!({"paymentMethodId": stripe.card(PAID).await, "token": order["paymentToken"]});
        expect_json(
            app.post_json(&format!("/api/orders/{}/payment", id(&order)), &body).await,
            StatusCode::OK,
        )
        .await
    };

    // A: paid. B: never paid. C: paid, then refunded in full.
    let a = place(2, None).await;
    pay(a.clone()).await;
    let b = place(1, None).await;
    let c = place(3, None).await;
    pay(c.clone()).await;
    let path = format!("/api/admin/orders/{}/refunds", id(&c));
    expect_json(app.post_as(&token, &path, &json!({})).await, StatusCode::CREATED).await;
    // A gift card sold for $60, then paying $60 of order D: counted once, when sold.
    let purchase = json!({"amount": 60, "recipientName": "Maya Chen", "recipientEmail": "maya@example.com",
        "firstName": "Daniel", "lastName": "Rivera", "email": "daniel@example.com", "deliverOn": days_from_today(0)});
    let sale = expect_json(app.post_json("/api/gift-cards", &purchase).await, StatusCode::CREATED).await;
    pay(sale.clone()).await;
    let text = app.sql_text("SELECT text_body FROM outbox_messages WHERE template = 'gift_card_delivered'");
    let code = read_card_mail(&text).code;
    let d = place(4, Some(code)).await;
    assert_eq!(d["giftCardAmount"], "60.00");
    pay(d.clone()).await;
    // E: never paid, closed by the owner (expired).
    let e = place(1, None).await;
    let path = format!("/api/admin/orders/{}/status", id(&e));
    expect_json(app.put_as(&token, &path, &json!({"status": "cancelled"})).await, StatusCode::OK).await;
    // Deposits: one taken and kept, one taken and refunded.
    let mut taken = Vec::new();
    for days in [10, 11] {
        let mut body = booking_body("massage", &days_from_today(days), "9:00");
        body["paymentMethodId"] = json!(shop.stripe.card(PAID).await);
        let booking = expect_json(app.post_json("/api/bookings", &body).await, StatusCode::CREATED).await;
        let path = format!("/api/admin/bookings/{}", id(&booking));
        expect_json(app.put_as(&token, &path, &json!({"status": "confirmed"})).await, StatusCode::OK).await;
        taken.push(booking);
    }
    let path = format!("/api/admin/bookings/{}/deposit/refunds", id(&taken[1]));
    expect_json(app.post_as(&token, &path, &json!({})).await, StatusCode::CREATED).await;

    // Each card, computed here.
    let total = |order: &Value| dollars_of(&order["total"]);
    let shop_money = total(&a) + (total(&d) - 6_000);
    let expected_revenue = shop_money + 2_500 + 6_000;
    let summary = app.admin_json(&token, "/api/admin/summary").await;
    assert_eq!(dollars_of(&summary["revenue"]), expected_revenue, "{summary}");
    assert_eq!(dollars_of(&summary["revenueThisMonth"]), expected_revenue);
    let month = &summary["revenueSources"]["thisMonth"];
    assert_eq!(
        dollars_of(&month["shop"]),
        shop_money,
        "C's refund taken off; D's gift card part not counted again"
    );
    assert_eq!(dollars_of(&month["deposits"]), 2_500);
    assert_eq!(dollars_of(&month["giftCards"]), 6_000);
    assert_eq!(dollars_of(&month["refunded"]), total(&c) + 2_500);
    assert_eq!(summary["revenueSources"]["lastMonth"]["shop"], "0.00");
    // Orders: A, C, D and the card's sale count; B (waiting) and E (closed unpaid) do not.
    assert_eq!(summary["orders"], 4);
    assert_eq!(summary["ordersPending"], 4, "paid, not yet processed");
    assert_eq!(summary["ordersNeverPaid"], 2);
    let _ = b;
    // The Orders tab's default view (payments on) leaves the never-paid out; a filter shows them.
    let counted = app.admin_json(&token, "/api/admin/orders?payment=counted").await;
    assert_eq!((counted["total"].as_i64(), counted["items"].as_array().map(Vec::len)), (Some(4), Some(4)));
    let never = app.admin_json(&token, "/api/admin/orders?payment=never_paid").await;
    let ids: Vec<&str> = never["items"].as_array().expect("items").iter().map(id).collect();
    assert_eq!((never["total"].as_i64(), ids.len()), (Some(2), 2));
    assert!(ids.contains(&id(&b)) && ids.contains(&id(&e)));
    let all = app.admin_json(&token, "/api/admin/orders").await;
    assert_eq!(all["total"], 6, "left out, the filter is every order, as before");
    let pending_counted = app.admin_json(&token, "/api/admin/orders?payment=counted&status=pending").await;
    assert_eq!(pending_counted["total"], 4);
}

#[tokio::test]
async fn with_payments_off_every_figure_stays_the_specification_s() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let products = app.products().await;
    let mut totals = 0;
    for quantity in [1, 3] {
        let order = expect_json(
            app.post_json("/api/orders", &order_body(&[(&products[0], quantity)])).await,
            StatusCode::CREATED,
        )
        .await;
        totals += dollars_of(&order["total"]);
    }
    let summary = app.admin_json(&token, "/api/admin/summary").await;
    assert_eq!(
        (summary["revenueBasis"].as_str(), dollars_of(&summary["revenue"])),
        (Some("order_totals"), totals)
    );
    assert_eq!((summary["orders"].as_i64(), summary["ordersPending"].as_i64()), (Some(2), Some(2)));
    assert_eq!(
        (summary["revenueSources"].clone(), summary["ordersNeverPaid"].as_i64()),
        (Value::Null, Some(0))
    );
}
