//! Promo codes (docs/decisions.md §15): the owner's codes, the checkout's
//! quote, orders that use them, and their limits under simultaneous checkouts.

use futures_util::future::join_all;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{
    TestApp, assert_error_code, assert_field_errors, booking_body, days_from_today, expect_json, order_body,
    spawn_app,
};

async fn create_code(app: &TestApp, token: &str, body: Value) -> Value {
    expect_json(app.post_as(token, "/api/admin/promo-codes", &body).await, StatusCode::CREATED).await
}

/// The quote's figures as an order claims them, with the code.
fn with_quote(mut order: Value, quote: &Value) -> Value {
    for field in ["subtotal", "discount", "tax", "shipping", "total"] {
        order[field] = quote[field].clone();
    }
    order["promoCode"] = quote["promoCode"].clone();
    order
}

async fn quote(app: &TestApp, lines: Value, code: &str) -> reqwest::Response {
    app.post_json("/api/checkout/quote", &json!({"items": lines, "promoCode": code})).await
}

fn lines(product: &Value, quantity: u32) -> Value {
    json!([{"productId": product["id"], "quantity": quantity}])
}

#[tokio::test]
async fn the_owner_creates_lists_and_edits_codes_and_bad_setups_are_refused_by_field() {
    let app = spawn_app().await;
    let token = app.admin_token().await;

    let anonymous = app
        .post_json("/api/admin/promo-codes", &json!({"code": "X1Y", "percentOff": 10, "appliesTo": "shop"}))
        .await;
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);

    let created = create_code(
        &app,
        &token,
        json!({"code": " spring-10 ", "percentOff": 10, "appliesTo": "both", "minSubtotal": "40.00", "maxUses": 100}),
    )
    .await;
    assert_eq!(created["code"], "SPRING-10");
    assert_eq!(created["percentOff"], 10);
    assert_eq!(created["amountOff"], Value::Null);
    assert_eq!(created["minSubtotal"], "40.00");
    assert_eq!(created["active"], true);
    assert_eq!((created["uses"].as_i64(), created["revenue"].as_str()), (Some(0), Some("0.00")));

    assert_error_code(
        app.post_as(
            &token,
            "/api/admin/promo-codes",
            &json!({"code": "Spring-10", "amountOff": 5, "appliesTo": "shop"}),
        )
        .await,
        StatusCode::CONFLICT,
        "duplicate_promo_code",
    )
    .await;
    assert_field_errors(
        app.post_as(
            &token,
            "/api/admin/promo-codes",
            &json!({"code": "BOTH", "percentOff": 10, "amountOff": "5.00", "appliesTo": "shop"}),
        )
        .await,
        &[("amountOff", "Give a percent off or an amount off, not both")],
    )
    .await;
    assert_field_errors(
        app.post_as(&token, "/api/admin/promo-codes", &json!({"code": "NONE", "appliesTo": "shop"})).await,
        &[("percentOff", "Give a percent off or an amount off")],
    )
    .await;
    assert_field_errors(
        app.post_as(
            &token,
            "/api/admin/promo-codes",
            &json!({"code": "BACKWARDS", "percentOff": 5, "appliesTo": "shop", "startsOn": "2026-12-10", "endsOn": "2026-12-01"}),
        )
        .await,
        &[("endsOn", "The end date must not be before the start date")],
    )
    .await;
    assert_field_errors(
        app.post_as(
            &token,
            "/api/admin/promo-codes",
            &json!({"code": "a b", "percentOff": 101, "appliesTo": "shop"}),
        )
        .await,
        &[
            ("code", "A promo code is 3 to 32 letters, digits or hyphens"),
            ("percentOff", "A percent is a whole number from 1 to 100"),
        ],
    )
    .await;

    let id = created["id"].as_str().expect("id");
    let edited = expect_json(
        app.put_as(
            &token,
            &format!("/api/admin/promo-codes/{id}"),
            &json!({"code": "SPRING-10", "amountOff": "12.50", "appliesTo": "shop", "active": false}),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(
        (edited["amountOff"].as_str(), edited["percentOff"].as_i64(), edited["active"].as_bool()),
        (Some("12.50"), None, Some(false))
    );
    let listed = app.admin_json(&token, "/api/admin/promo-codes").await;
    assert_eq!(listed.as_array().map(Vec::len), Some(1));
    assert_eq!(listed[0]["amountOff"], "12.50");
    let missing = app
        .put_as(
            &token,
            &format!("/api/admin/promo-codes/{}", uuid::Uuid::new_v4()),
            &json!({"code": "GONE", "percentOff": 5, "appliesTo": "shop"}),
        )
        .await;
    assert_error_code(missing, StatusCode::NOT_FOUND, "not_found").await;

    // Each save is in the activity trail.
    let activity = app.admin_json(&token, "/api/admin/activity?entity=promo_code").await;
    let summaries: Vec<&str> = activity["entries"]
        .as_array()
        .or(activity.as_array())
        .expect("entries")
        .iter()
        .filter_map(|e| e["summary"].as_str())
        .collect();
    assert!(summaries.iter().any(|s| s.contains("“SPRING-10” — off 10%")), "{summaries:?}");
    assert!(
        summaries.iter().any(|s| s.contains("off 10% → $12.50") && s.contains("active yes → no")),
        "{summaries:?}"
    );
}

#[tokio::test]
async fn the_quote_takes_the_discount_before_tax_and_shipping_and_says_why_a_code_does_not_apply() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let oil = app.create_product(&token, "Quote Test Oil", "skincare", "60.00").await;
    let candle = app.create_product(&token, "Quote Test Candle", "candles", "50.00").await;
    create_code(&app, &token, json!({"code": "TWENTY", "percentOff": 20, "appliesTo": "shop"})).await;

    // 2 × 60.00 = 120.00; 20 % off is 24.00; 96.00 is not above 100, so
    // shipping is due; 8 % tax of 96.00 is 7.68.
    let quoted = expect_json(quote(&app, lines(&oil, 2), "twenty").await, StatusCode::OK).await;
    assert_eq!(
        quoted,
        json!({"subtotal": "120.00", "discount": "24.00", "tax": "7.68", "shipping": "15.00", "total": "118.68", "promoCode": "TWENTY",
            "giftCardAmount": "0.00", "amountDue": "118.68", "giftCardLastFour": null, "giftCardRefusal": null})
    );
    // No code: the figures the checkout always had.
    let plain = expect_json(quote(&app, lines(&oil, 2), "").await, StatusCode::OK).await;
    assert_eq!(plain["discount"], "0.00");
    assert_eq!(plain["total"], "129.60");

    let candles_only =
        json!({"code": "CANDLES", "amountOff": "100.00", "appliesTo": "shop", "productIds": [candle["id"]]});
    create_code(&app, &token, candles_only).await;
    let mixed = json!([{"productId": oil["id"], "quantity": 1}, {"productId": candle["id"], "quantity": 1}]);
    let quoted = expect_json(quote(&app, mixed, "CANDLES").await, StatusCode::OK).await;
    assert_eq!(quoted["discount"], "50.00", "a fixed amount takes at most the lines it applies to");

    for (code, body, message) in [
        ("NOPE", None, "We don't recognise this promo code"),
        (
            "LATER",
            Some(json!({"percentOff": 5, "appliesTo": "shop", "startsOn": days_from_today(3)})),
            "This promo code starts on",
        ),
        (
            "OVER",
            Some(json!({"percentOff": 5, "appliesTo": "shop", "endsOn": days_from_today(-1)})),
            "This promo code ended on",
        ),
        (
            "SPA-ONLY",
            Some(json!({"percentOff": 5, "appliesTo": "bookings"})),
            "This promo code is for bookings, not the shop",
        ),
        (
            "BIG-SPEND",
            Some(json!({"percentOff": 5, "appliesTo": "shop", "minSubtotal": "500"})),
            "This promo code needs a subtotal of at least $500.00",
        ),
        (
            "PAUSED",
            Some(json!({"percentOff": 5, "appliesTo": "shop", "active": false})),
            "This promo code is no longer active",
        ),
        ("CANDLES", None, "This promo code does not apply to anything in your cart"),
    ] {
        if let Some(mut body) = body {
            body["code"] = json!(code);
            create_code(&app, &token, body).await;
        }
        let refused = assert_error_code(
            quote(&app, lines(&oil, 1), code).await,
            StatusCode::CONFLICT,
            "promo_code_refused",
        )
        .await;
        assert!(refused["message"].as_str().is_some_and(|m| m.starts_with(message)), "{code}: {refused}");
    }
    assert_field_errors(
        quote(&app, lines(&oil, 1), "a b").await,
        &[("promoCode", "A promo code is 3 to 32 letters, digits or hyphens")],
    )
    .await;
}

#[tokio::test]
async fn an_order_with_a_code_keeps_its_discount_and_a_cancelled_order_gives_its_use_back() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let tea = app.create_product(&token, "Promo Order Tea", "teas", "40.00").await;
    create_code(
        &app,
        &token,
        json!({"code": "ONCE-EACH", "amountOff": "10.00", "appliesTo": "shop", "maxUsesPerGuest": 1}),
    )
    .await;

    let quoted = expect_json(quote(&app, lines(&tea, 3), "ONCE-EACH").await, StatusCode::OK).await;
    // 120.00 − 10.00 = 110.00, above 100: free shipping; tax 8.80.
    assert_eq!(
        (quoted["discount"].as_str(), quoted["shipping"].as_str(), quoted["total"].as_str()),
        (Some("10.00"), Some("0.00"), Some("118.80"))
    );

    // The browser must claim the discounted figures: the undiscounted ones
    // with the code are stale and refused, and nothing is stored.
    let mut stale = order_body(&[(&tea, 3)]);
    stale["promoCode"] = json!("ONCE-EACH");
    assert_error_code(app.post_json("/api/orders", &stale).await, StatusCode::CONFLICT, "prices_changed")
        .await;

    let order = expect_json(
        app.post_json("/api/orders", &with_quote(order_body(&[(&tea, 3)]), &quoted)).await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(
        (order["discount"].as_str(), order["promoCode"].as_str(), order["total"].as_str()),
        (Some("10.00"), Some("ONCE-EACH"), Some("118.80"))
    );
    assert_eq!(order["payment"]["amount"], "118.80");
    // The receipt shows the code and what it took off.
    let receipt = app.sql_text(&format!(
        "SELECT text_body FROM outbox_messages WHERE template = 'order_receipt' AND related_id = '{}'",
        order["id"].as_str().expect("id")
    ));
    assert!(receipt.contains("Promo code ONCE-EACH:  −$10.00"), "{receipt}");

    // The same guest (in any case) may not use it twice; another guest may.
    let mut again = with_quote(order_body(&[(&tea, 3)]), &quoted);
    again["email"] = json!("GRACE@example.com");
    let refused = assert_error_code(
        app.post_json("/api/orders", &again).await,
        StatusCode::CONFLICT,
        "promo_code_refused",
    )
    .await;
    assert_eq!(refused["message"], "You have already used this promo code");
    let mut other = with_quote(order_body(&[(&tea, 3)]), &quoted);
    other["email"] = json!("ada@example.com");
    expect_json(app.post_json("/api/orders", &other).await, StatusCode::CREATED).await;
    // The quote knows the guest too, once the checkout has the address.
    let known = app
        .post_json(
            "/api/checkout/quote",
            &json!({"items": lines(&tea, 1), "promoCode": "once-each", "email": "grace@example.com"}),
        )
        .await;
    assert_error_code(known, StatusCode::CONFLICT, "promo_code_refused").await;

    // Cancelling the first order gives Grace's use back.
    let id = order["id"].as_str().expect("id");
    expect_json(
        app.put_as(&token, &format!("/api/admin/orders/{id}/status"), &json!({"status": "cancelled"})).await,
        StatusCode::OK,
    )
    .await;
    expect_json(app.post_json("/api/orders", &again).await, StatusCode::CREATED).await;

    // The dashboard counts the standing uses and what they brought.
    let listed = app.admin_json(&token, "/api/admin/promo-codes").await;
    assert_eq!(
        (listed[0]["uses"].as_i64(), listed[0]["discountGiven"].as_str(), listed[0]["revenue"].as_str()),
        (Some(2), Some("20.00"), Some("237.60"))
    );
    let csv = app.get_as(&token, "/api/admin/exports/promo-codes.csv").await.text().await.expect("csv");
    let mut rows = csv.trim_start_matches('\u{feff}').lines();
    assert_eq!(
        rows.next(),
        Some(
            "code,created_at,active,percent_off,amount_off,applies_to,min_subtotal,starts_on,ends_on,max_uses,max_uses_per_guest,uses,discount_given,revenue"
        )
    );
    let row = rows.next().expect("a row");
    assert!(row.starts_with("ONCE-EACH,") && row.ends_with(",yes,,10.00,shop,,,,,1,2,20.00,237.60"), "{row}");
    // Orders without a code say so.
    let plain =
        expect_json(app.post_json("/api/orders", &order_body(&[(&tea, 1)])).await, StatusCode::CREATED).await;
    assert_eq!((plain["discount"].as_str(), plain["promoCode"].as_str()), (Some("0.00"), None));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn twelve_simultaneous_checkouts_for_a_code_with_three_uses_left_give_three_orders() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let tea = app.create_product(&token, "Race Test Tea", "teas", "30.00").await;
    create_code(
        &app,
        &token,
        json!({"code": "LAST-THREE", "percentOff": 50, "appliesTo": "shop", "maxUses": 3}),
    )
    .await;
    let quoted = expect_json(quote(&app, lines(&tea, 1), "LAST-THREE").await, StatusCode::OK).await;

    let requests = (0..12).map(|i| {
        let client = reqwest::Client::new();
        let mut body = with_quote(order_body(&[(&tea, 1)]), &quoted);
        body["email"] = json!(format!("racer{i}@example.com"));
        let url = app.url("/api/orders");
        async move { client.post(url).json(&body).send().await.expect("request sent") }
    });
    let mut created = 0;
    let mut refused = 0;
    for response in join_all(requests).await {
        match response.status() {
            StatusCode::CREATED => created += 1,
            StatusCode::CONFLICT => {
                let body: Value = response.json().await.expect("json");
                assert_eq!(
                    (body["code"].as_str(), body["message"].as_str()),
                    (Some("promo_code_refused"), Some("This promo code has been fully redeemed"))
                );
                refused += 1;
            }
            other => panic!("unexpected {other}: {}", response.text().await.unwrap_or_default()),
        }
    }
    assert_eq!((created, refused), (3, 9));
    assert_eq!(app.sql_count("SELECT count(*) FROM orders WHERE promo_code = 'LAST-THREE'"), 3);
}

#[tokio::test]
async fn a_booking_takes_a_code_for_bookings_and_refuses_one_for_the_shop() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let spa = app.service_id("Rustic Spa Treatments").await;
    create_code(&app, &token, json!({"code": "SPA-DAY", "percentOff": 10, "appliesTo": "bookings", "serviceIds": [spa], "maxUsesPerGuest": 1})).await;
    create_code(&app, &token, json!({"code": "SHOP-ONLY", "percentOff": 10, "appliesTo": "shop"})).await;
    let date = days_from_today(12);

    // The dialog's quote: the spa is $85.00; 10 % off is $8.50.
    let quoted = expect_json(
        app.post_json(
            "/api/bookings/quote",
            &json!({"service": "spa", "date": date, "promoCode": "spa-day"}),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(
        quoted,
        json!({"price": "85.00", "discount": "8.50", "total": "76.50", "promoCode": "SPA-DAY"})
    );
    let not_here = app
        .post_json(
            "/api/bookings/quote",
            &json!({"service": "massage", "date": date, "promoCode": "SPA-DAY"}),
        )
        .await;
    let refused = assert_error_code(not_here, StatusCode::CONFLICT, "promo_code_refused").await;
    assert_eq!(refused["message"], "This promo code does not apply to this treatment");
    let shop_code = app
        .post_json("/api/bookings/quote", &json!({"service": "spa", "date": date, "promoCode": "SHOP-ONLY"}))
        .await;
    let refused = assert_error_code(shop_code, StatusCode::CONFLICT, "promo_code_refused").await;
    assert_eq!(refused["message"], "This promo code is for the shop, not bookings");

    // The request records the discount; nothing is booked with a code that does not apply.
    let mut body = booking_body("spa", &date, "9:00");
    body["promoCode"] = json!("SHOP-ONLY");
    assert_error_code(
        app.post_json("/api/bookings", &body).await,
        StatusCode::CONFLICT,
        "promo_code_refused",
    )
    .await;
    assert_eq!(app.rows("bookings"), 0);
    body["promoCode"] = json!("spa-day");
    let booking = expect_json(app.post_json("/api/bookings", &body).await, StatusCode::CREATED).await;
    assert_eq!(
        (booking["discount"].as_str(), booking["promoCode"].as_str()),
        (Some("8.50"), Some("SPA-DAY"))
    );
    let requested = app.sql_text(&format!(
        "SELECT text_body FROM outbox_messages WHERE template = 'booking_requested' AND related_id = '{}'",
        booking["id"].as_str().expect("id")
    ));
    assert!(requested.contains("$76.50 (promo code SPA-DAY: $8.50 off $85.00)"), "{requested}");
    // Once per guest, whatever the booking.
    body["time"] = json!("13:00");
    let again = assert_error_code(
        app.post_json("/api/bookings", &body).await,
        StatusCode::CONFLICT,
        "promo_code_refused",
    )
    .await;
    assert_eq!(again["message"], "You have already used this promo code");
    // A booking without a code is as it always was.
    body["promoCode"] = Value::Null;
    let plain = expect_json(app.post_json("/api/bookings", &body).await, StatusCode::CREATED).await;
    assert_eq!((plain["discount"].as_str(), plain["promoCode"].as_str()), (Some("0.00"), None));

    // The dashboard counts the booking's use and discount (not revenue: it is paid at the retreat).
    let listed = app.admin_json(&token, "/api/admin/promo-codes").await;
    let spa_day =
        listed.as_array().expect("list").iter().find(|p| p["code"] == "SPA-DAY").expect("listed").clone();
    assert_eq!(
        (spa_day["uses"].as_i64(), spa_day["discountGiven"].as_str(), spa_day["revenue"].as_str()),
        (Some(1), Some("8.50"), Some("0.00"))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn simultaneous_bookings_for_a_code_with_one_use_left_give_one_discount() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    create_code(
        &app,
        &token,
        json!({"code": "FIRST-GUEST", "amountOff": "20.00", "appliesTo": "both", "maxUses": 1}),
    )
    .await;
    let requests = (0..8).map(|i| {
        let client = reqwest::Client::new();
        let mut body = booking_body("spa", &days_from_today(20 + i), "9:00");
        body["email"] = json!(format!("guest{i}@example.com"));
        body["promoCode"] = json!("FIRST-GUEST");
        let url = app.url("/api/bookings");
        async move { client.post(url).json(&body).send().await.expect("request sent") }
    });
    let statuses: Vec<StatusCode> = join_all(requests).await.iter().map(reqwest::Response::status).collect();
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::CREATED).count(), 1, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::CONFLICT).count(), 7, "{statuses:?}");
    assert_eq!(app.sql_count("SELECT count(*) FROM bookings WHERE promo_code = 'FIRST-GUEST'"), 1);
}
