//! Gift cards (docs/decisions.md §16): buying one (paid at a real
//! Stripe-compatible server, mailed over real SMTP on its day), its balance
//! and printable page, paying orders with it, the ledger under simultaneous
//! checkouts, the owner's void, redemption and cash-out, and the look-up
//! limit that keeps codes from being enumerated.

use futures_util::future::join_all;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;
use crate::smtp::SmtpServer;
use crate::stripe_server::LocalStripe;

const PAID_CARD: &str = "4242424242424242";

fn purchase(amount: Value, deliver_on: &str) -> Value {
    json!({
        "amount": amount,
        "recipientName": "Maya Chen",
        "recipientEmail": "maya@example.com",
        "message": "Happy birthday, Maya!\nA whole afternoon of quiet, just for you.",
        "deliverOn": deliver_on,
        "firstName": "Daniel",
        "lastName": "Rivera",
        "email": "daniel@example.com",
    })
}

/// A promotional card given by the owner: its id and its code as printed.
async fn give(app: &TestApp, token: &str, amount: &str) -> (String, String) {
    let (id, mail) = give_gift_card(app, token, amount).await;
    (id, mail.code)
}

async fn balance(app: &TestApp, code: &str) -> reqwest::Response {
    app.post_json("/api/gift-cards/balance", &json!({"code": code})).await
}

/// An order of two of one unlimited product (subtotal under $100: shipped
/// for $15), paying with `card`.
async fn order_with_card(app: &TestApp, card: &str) -> reqwest::Response {
    let products = app.products().await;
    let product = products.iter().find(|p| p["stock"].is_null()).expect("an unlimited product");
    let mut body = order_body(&[(product, 2)]);
    body["giftCard"] = json!(card);
    app.post_json("/api/orders", &body).await
}

fn cents(value: &Value) -> i64 {
    let text = value.as_str().expect("money");
    let (whole, fraction) = text.split_once('.').expect("two decimals");
    let sign = if whole.starts_with('-') { -1 } else { 1 };
    sign * (whole.trim_start_matches('-').parse::<i64>().expect("dollars") * 100
        + fraction.parse::<i64>().expect("cents"))
}

#[tokio::test]
async fn a_card_bought_online_is_paid_issued_and_mailed_with_its_code_and_printable_page() {
    let smtp = SmtpServer::start().await;
    let stripe = LocalStripe::start().await;
    let app = spawn_app_with(Options {
        smtp_url: Some(smtp.url()),
        payments: Some(PaymentOptions::through(stripe.url())),
        ..Options::default()
    })
    .await;
    stripe.send_webhooks_to(&format!("{}/api/payments/webhook", app.address)).await;

    let options = app.get_json("/api/gift-cards/options").await;
    assert_eq!(options["presets"], json!(["50.00", "100.00", "150.00", "250.00"]));
    assert_eq!((options["min"].as_str(), options["max"].as_str()), (Some("25.00"), Some("1000.00")));
    assert!(options["services"].as_array().expect("services").iter().any(|s| s["name"] == "Massage Therapy"));

    let order = expect_json(
        app.post_json("/api/gift-cards", &purchase(json!(100), &days_from_today(0))).await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(order["lines"][0]["productName"], "E-gift card for Maya Chen");
    assert_eq!(
        (order["total"].as_str(), order["tax"].as_str(), order["shipping"].as_str()),
        (Some("100.00"), Some("0.00"), Some("0.00"))
    );
    assert_eq!(order["payment"]["state"], "awaiting_payment");
    let token = app.admin_token().await;
    let listed = app.admin_json(&token, "/api/admin/gift-cards").await;
    assert_eq!(listed[0]["state"], "pending", "not issued before it is paid");
    assert_eq!(listed[0]["lastFour"], Value::Null, "and has no code yet");

    let id = order["id"].as_str().expect("id");
    let pay = json!({"paymentMethodId": stripe.card(PAID_CARD).await, "token": order["paymentToken"]});
    let paid =
        expect_json(app.post_json(&format!("/api/orders/{id}/payment"), &pay).await, StatusCode::OK).await;
    assert_eq!(paid["state"], "paid");

    // The buyer's receipt, the owner's alert and the recipient's card.
    let mails = smtp.wait_for(3).await;
    let card_mail = mails.iter().find(|m| m.to == "maya@example.com").expect("the recipient's mail");
    assert!(
        card_mail.text.contains("Daniel Rivera") && card_mail.text.contains("$100.00"),
        "{}",
        card_mail.text
    );
    assert!(card_mail.text.contains("A whole afternoon of quiet"), "the buyer's words");
    assert!(card_mail.text.contains("never expires"), "a card sold for money never expires");
    let mail = read_card_mail(&card_mail.text);
    let code = mail.code.clone();
    assert!(mails.iter().any(|m| m.to == "daniel@example.com"), "the buyer's receipt");
    // Not a parcel: never shipped, and delivered once its mail went out.
    let token = app.admin_token().await;
    let delivered = format!("SELECT count(*) FROM orders WHERE id = '{id}' AND status = 'delivered'");
    for _ in 0..200 {
        if app.sql_count(&delivered) == 1 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let orders = app.admin_json(&token, "/api/orders").await;
    let sold = orders.as_array().expect("list").iter().find(|o| o["id"] == order["id"]).expect("its order");
    assert_eq!((sold["kind"].as_str(), sold["status"].as_str()), (Some("gift_card"), Some("delivered")));
    let refused = assert_error_code(
        app.put_as(&token, &format!("/api/admin/orders/{id}/status"), &json!({"status": "shipped"})).await,
        StatusCode::CONFLICT,
        "not_a_parcel",
    )
    .await;
    assert_eq!(refused["message"], domain::order::NOT_A_PARCEL_MESSAGE);

    let card = expect_json(balance(&app, &code.to_lowercase().replace('-', " ")).await, StatusCode::OK).await;
    assert_eq!((card["balance"].as_str(), card["state"].as_str()), (Some("100.00"), Some("active")));
    assert_eq!(card["lastFour"], code[20..]);
    assert_eq!(card["expiresOn"], Value::Null);
    assert_eq!(card["refusal"], Value::Null, "it pays what it holds");

    // The printable page: the mail's signed link, with the code in its fragment.
    let (link_token, fragment) = (mail.print_token, mail.fragment.as_str());
    assert_eq!(fragment, code.replace('-', ""));
    let printed = expect_json(
        app.post_json("/api/gift-cards/print", &json!({"token": link_token, "code": fragment})).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(
        (printed["code"].as_str(), printed["recipientName"].as_str()),
        (Some(code.as_str()), Some("Maya Chen"))
    );
    assert_eq!(printed["fromName"], "Daniel Rivera");
    let (other_id, other_code) = give(&app, &token, "25").await;
    assert_ne!(other_id, listed[0]["id"].as_str().expect("id"));
    assert_error_code(
        app.post_json("/api/gift-cards/print", &json!({"token": link_token, "code": other_code})).await,
        StatusCode::NOT_FOUND,
        "invalid_link",
    )
    .await;
    assert_error_code(
        app.post_json("/api/gift-cards/print", &json!({"token": "forged", "code": fragment})).await,
        StatusCode::NOT_FOUND,
        "invalid_link",
    )
    .await;

    // The dashboard sees the last four, never the code: in its list, its
    // export and the mail's view.
    let listed = app.admin_json(&token, "/api/admin/gift-cards").await;
    let sold = listed.as_array().expect("list").iter().find(|c| c["kind"] == "purchased").expect("sold card");
    assert_eq!((sold["state"].as_str(), sold["lastFour"].as_str()), (Some("active"), Some(&code[20..])));
    assert_eq!(sold["buyerEmail"], "daniel@example.com");
    let mail_id = app.sql_text(&format!(
        "SELECT id::text FROM outbox_messages WHERE template = 'gift_card_delivered' AND related_id = '{}'",
        sold["id"].as_str().expect("id")
    ));
    let shown = app.admin_json(&token, &format!("/api/admin/emails/{mail_id}")).await;
    let shown_text = shown["text"].as_str().expect("text");
    assert!(!shown_text.contains(&code) && !shown_text.contains(&code.replace('-', "")), "{shown_text}");
    assert!(shown_text.contains(&format!("••••-••••-••••-••••-{}", &code[20..])), "{shown_text}");
    let export = app.get_as(&token, "/api/admin/exports/gift-cards.csv").await.text().await.expect("csv");
    assert!(!export.contains(&code.replace('-', "")) && export.contains(&code[20..]));
    let hashes = app.sql_count(&format!(
        "SELECT count(*) FROM gift_cards WHERE code_hash = sha256(convert_to('{}', 'UTF8'))",
        code.replace('-', "")
    ));
    assert_eq!(hashes, 1, "the store keeps the code's SHA-256 only");
}

#[tokio::test]
async fn a_card_for_a_later_day_waits_for_it_and_payments_off_issue_it_when_the_owner_accepts_the_order() {
    let app = spawn_app().await;
    let later = days_from_today(10);
    let order = expect_json(
        app.post_json(
            "/api/gift-cards",
            &json!({"serviceId": app.service_id("Massage Therapy").await,
            "recipientName": "Maya Chen", "recipientEmail": "maya@example.com", "deliverOn": later,
            "firstName": "Daniel", "lastName": "Rivera", "email": "daniel@example.com"}),
        )
        .await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(order["payment"]["state"], "unpaid");
    assert!(order["lines"][0]["productName"].as_str().expect("name").ends_with(": One Massage Therapy"));
    let token = app.admin_token().await;
    let card = &app.admin_json(&token, "/api/admin/gift-cards").await[0];
    assert_eq!(card["state"], "pending", "unpaid: not issued until the owner accepts the order");
    assert_eq!(card["label"], "One Massage Therapy");
    assert_eq!(card["amount"], order["total"]);
    let id = order["id"].as_str().expect("id");
    expect_json(
        app.put_as(&token, &format!("/api/admin/orders/{id}/status"), &json!({"status": "processing"})).await,
        StatusCode::OK,
    )
    .await;
    let card = &app.admin_json(&token, "/api/admin/gift-cards").await[0];
    assert_eq!((card["state"].as_str(), card["balance"].as_str()), (Some("active"), order["total"].as_str()));
    // Its mail is written now and waits for its day (9:00 at the retreat).
    let waiting = app.sql_count(&format!(
        "SELECT count(*) FROM outbox_messages WHERE template = 'gift_card_delivered' AND related_id = '{}' \
         AND state = 'queued' AND next_attempt_at > now() + interval '8 days'",
        card["id"].as_str().expect("id")
    ));
    assert_eq!(waiting, 1);
    // California: a card sold for money never expires; the database agrees.
    let with_expiry = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        app.sql("UPDATE gift_cards SET expires_on = current_date + 30 WHERE kind = 'purchased'");
    }));
    assert!(with_expiry.is_err(), "an expiry on a card sold for money is refused");
}

#[tokio::test]
async fn a_purchase_is_refused_field_by_field_and_codes_are_checked_by_shape_then_by_store() {
    let app = spawn_app().await;
    let today = days_from_today(0);
    for (amount, message) in [
        (json!(24), "A gift card is from $25 to $1,000, in whole dollars"),
        (json!(60.5), "A gift card is from $25 to $1,000, in whole dollars"),
        (json!(1001), "A gift card is from $25 to $1,000, in whole dollars"),
        (Value::Null, "Choose an amount or a treatment"),
    ] {
        assert_field_errors(
            app.post_json("/api/gift-cards", &purchase(amount, &today)).await,
            &[("amount", message)],
        )
        .await;
    }
    assert_field_errors(
        app.post_json("/api/gift-cards", &purchase(json!(50), &days_from_today(-1))).await,
        &[("deliverOn", "The delivery date is today or later, within a year")],
    )
    .await;
    let mut both = purchase(json!(50), &today);
    both["serviceId"] = json!(app.service_id("Massage Therapy").await);
    assert_field_errors(
        app.post_json("/api/gift-cards", &both).await,
        &[("amount", "Choose an amount or a treatment")],
    )
    .await;
    let mut unknown = purchase(Value::Null, &today);
    unknown["serviceId"] = json!("00000000-0000-4000-8000-000000000000");
    assert_field_errors(
        app.post_json("/api/gift-cards", &unknown).await,
        &[("serviceId", "Choose a treatment we offer")],
    )
    .await;
    let mut long = purchase(json!(50), &today);
    long["message"] = json!("x".repeat(501));
    assert_field_errors(
        app.post_json("/api/gift-cards", &long).await,
        &[("message", "A message is at most 500 characters")],
    )
    .await;
    assert_eq!(app.rows("gift_cards"), 0, "nothing was stored");

    assert_field_errors(
        balance(&app, "K7QM-R2XD-9HPT-WV3A-BC4O").await,
        &[("code", "A gift card code is 20 letters and digits, as printed on the card")],
    )
    .await;
    let unknown = assert_error_code(
        balance(&app, "K7QM-R2XD-9HPT-WV3A-BC4E").await,
        StatusCode::NOT_FOUND,
        "gift_card_not_found",
    )
    .await;
    assert_eq!(unknown["message"], "We don't recognise this gift card code");
}

#[tokio::test]
async fn a_card_pays_what_it_holds_of_an_order_and_a_cancelled_order_gives_it_back() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (card_id, code) = give(&app, &token, "50").await;

    let products = app.products().await;
    let product = products.iter().find(|p| p["stock"].is_null()).expect("an unlimited product");
    let quote = expect_json(
        app.post_json(
            "/api/checkout/quote",
            &json!({"items": [{"productId": product["id"], "quantity": 2}], "giftCard": code}),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    let total = cents(&quote["total"]);
    assert!(total > 5_000, "the order costs more than the card holds");
    assert_eq!(quote["giftCardAmount"], "50.00");
    assert_eq!(cents(&quote["amountDue"]), total - 5_000);
    assert_eq!(quote["giftCardLastFour"], code[20..]);

    let order = expect_json(order_with_card(&app, &code).await, StatusCode::CREATED).await;
    assert_eq!(
        (order["giftCardAmount"].as_str(), order["giftCardLastFour"].as_str()),
        (Some("50.00"), Some(&code[20..]))
    );
    assert_eq!(
        cents(&order["payment"]["amount"]),
        total - 5_000,
        "the rest is what the card provider is asked for"
    );
    assert_eq!(order["payment"]["state"], "unpaid", "payments off: the rest is paid at the retreat");
    let spent = expect_json(balance(&app, &code).await, StatusCode::OK).await;
    assert_eq!(spent["balance"], "0.00");
    assert_eq!(spent["refusal"], "This gift card has no balance left");

    let refused =
        assert_error_code(order_with_card(&app, &code).await, StatusCode::CONFLICT, "gift_card_refused")
            .await;
    assert_eq!(refused["message"], "This gift card has no balance left");
    let quote = expect_json(
        app.post_json(
            "/api/checkout/quote",
            &json!({"items": [{"productId": product["id"], "quantity": 2}], "giftCard": code}),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(
        (quote["giftCardRefusal"].as_str(), quote["giftCardAmount"].as_str()),
        (Some("This gift card has no balance left"), Some("0.00"))
    );

    let id = order["id"].as_str().expect("id");
    expect_json(
        app.put_as(&token, &format!("/api/admin/orders/{id}/status"), &json!({"status": "cancelled"})).await,
        StatusCode::OK,
    )
    .await;
    let back = expect_json(balance(&app, &code).await, StatusCode::OK).await;
    assert_eq!(back["balance"], "50.00", "a cancelled order gives the card its money back");
    let ledger = app.admin_json(&token, &format!("/api/admin/gift-cards/{card_id}/ledger")).await;
    let kinds: Vec<(&str, &str)> = ledger
        .as_array()
        .expect("ledger")
        .iter()
        .map(|entry| (entry["kind"].as_str().expect("kind"), entry["amount"].as_str().expect("amount")))
        .collect();
    assert_eq!(kinds, [("issued", "50.00"), ("redeemed", "-50.00"), ("returned", "50.00")]);
    assert_eq!(ledger[1]["orderId"], order["id"]);
    // Cancelling again (or reinstating and cancelling) gives nothing twice.
    for status in ["pending", "cancelled"] {
        app.put_as(&token, &format!("/api/admin/orders/{id}/status"), &json!({"status": status})).await;
    }
    assert_eq!(expect_json(balance(&app, &code).await, StatusCode::OK).await["balance"], "50.00");
}

#[tokio::test]
async fn an_order_the_card_pays_in_full_is_paid_at_once_without_the_provider() {
    let stripe = LocalStripe::start().await;
    let app = spawn_app_with(Options {
        payments: Some(PaymentOptions::through(stripe.url())),
        ..Options::default()
    })
    .await;
    let token = app.admin_token().await;
    let (_, code) = give(&app, &token, "200").await;
    let order = expect_json(order_with_card(&app, &code).await, StatusCode::CREATED).await;
    assert_eq!(order["payment"]["state"], "paid");
    assert_eq!(
        (order["payment"]["amount"].as_str(), order["giftCardAmount"].as_str()),
        (Some("0.00"), order["total"].as_str())
    );
    let mails = app.sql_count(&format!(
        "SELECT count(*) FROM outbox_messages WHERE related_id = '{}' AND template = 'order_receipt'",
        order["id"].as_str().expect("id")
    ));
    assert_eq!(mails, 1, "paid, so the receipt goes at once");
    assert!(stripe.payments().await.is_empty(), "nothing was charged at the provider");
    let left = expect_json(balance(&app, &code).await, StatusCode::OK).await;
    assert_eq!(cents(&left["balance"]), 20_000 - cents(&order["total"]));
}

#[tokio::test]
async fn simultaneous_checkouts_never_spend_the_same_dollars_twice() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (card_id, code) = give(&app, &token, "50").await;
    // Ten checkouts of more than the card holds, at the same moment.
    let answers = join_all((0..10).map(|_| order_with_card(&app, &code))).await;
    let statuses: Vec<StatusCode> = answers.iter().map(reqwest::Response::status).collect();
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::CREATED).count(), 1, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::CONFLICT).count(), 9, "{statuses:?}");
    let ledger = app.admin_json(&token, &format!("/api/admin/gift-cards/{card_id}/ledger")).await;
    let taken: i64 = ledger
        .as_array()
        .expect("ledger")
        .iter()
        .filter(|e| e["kind"] == "redeemed")
        .map(|e| cents(&e["amount"]))
        .sum();
    assert_eq!(taken, -5_000);
    assert_eq!(expect_json(balance(&app, &code).await, StatusCode::OK).await["balance"], "0.00");
    assert_eq!(app.sql_count("SELECT count(*) FROM orders WHERE gift_card_id IS NOT NULL"), 1);
}

#[tokio::test]
async fn the_owner_redeems_cashes_out_and_voids_cards_within_the_rules_and_each_is_audited() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (id, code) = give(&app, &token, "30").await;
    let path = |action: &str| format!("/api/admin/gift-cards/{id}/{action}");

    let short = assert_error_code(
        app.post_as(&token, &path("redeem"), &json!({"amount": "30.01"})).await,
        StatusCode::CONFLICT,
        "gift_card_refused",
    )
    .await;
    assert_eq!(short["message"], "This gift card holds only $30.00");
    let too_much = assert_error_code(
        app.post_as(&token, &path("cash-out"), &json!({})).await,
        StatusCode::CONFLICT,
        "gift_card_refused",
    )
    .await;
    assert_eq!(too_much["message"], "Only a balance under $10.00 is paid out in cash");
    let card = expect_json(
        app.post_as(&token, &path("redeem"), &json!({"amount": 21.5, "note": "Hot stone massage, Dec 3"}))
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(card["balance"], "8.50");
    let card = expect_json(app.post_as(&token, &path("cash-out"), &json!({})).await, StatusCode::OK).await;
    assert_eq!(card["balance"], "0.00");

    assert_field_errors(
        app.post_as(&token, &path("void"), &json!({"reason": " "})).await,
        &[("reason", "Please say why the card is voided")],
    )
    .await;
    let voided = expect_json(
        app.post_as(&token, &path("void"), &json!({"reason": "Reported stolen"})).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(
        (voided["state"].as_str(), voided["voidReason"].as_str()),
        (Some("voided"), Some("Reported stolen"))
    );
    assert_error_code(
        app.post_as(&token, &path("void"), &json!({"reason": "Again"})).await,
        StatusCode::CONFLICT,
        "gift_card_refused",
    )
    .await;
    let refused =
        assert_error_code(order_with_card(&app, &code).await, StatusCode::CONFLICT, "gift_card_refused")
            .await;
    assert_eq!(refused["message"], "This gift card is not active");

    let ledger = app.admin_json(&token, &format!("/api/admin/gift-cards/{id}/ledger")).await;
    let entries: Vec<(&str, &str, &str)> = ledger
        .as_array()
        .expect("ledger")
        .iter()
        .map(|e| {
            (
                e["kind"].as_str().unwrap_or(""),
                e["amount"].as_str().unwrap_or(""),
                e["balanceAfter"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        entries,
        [
            ("issued", "30.00", "30.00"),
            ("redeemed", "-21.50", "8.50"),
            ("cashed_out", "-8.50", "0.00"),
            ("voided", "0.00", "0.00")
        ]
    );
    assert_eq!(ledger[1]["note"], "Hot stone massage, Dec 3");
    let trail = app.admin_json(&token, "/api/admin/activity?entity=gift_card").await;
    let summaries: Vec<&str> =
        trail["entries"].as_array().expect("records").iter().filter_map(|r| r["summary"].as_str()).collect();
    assert!(summaries.iter().any(|s| s.contains("voided") && s.contains("Reported stolen")), "{summaries:?}");
    assert!(summaries.iter().any(|s| s.contains("paid out in cash")), "{summaries:?}");

    // A promotional card may expire (California lets a free one), a sold one may not.
    let (promo, promo_code) = give(&app, &token, "25").await;
    // Yesterday at the retreat (PostgreSQL's current_date is UTC's, a day ahead every evening there).
    let yesterday = days_from_today(-1);
    app.sql(&format!("UPDATE gift_cards SET expires_on = '{yesterday}' WHERE id = '{promo}'"));
    let expired = assert_error_code(
        order_with_card(&app, &promo_code).await,
        StatusCode::CONFLICT,
        "gift_card_refused",
    )
    .await;
    assert!(expired["message"].as_str().expect("message").starts_with("This gift card expired on "));
}

#[tokio::test]
async fn look_ups_of_codes_are_throttled_per_address() {
    let app = spawn_app_with(Options { gift_card_lookup_limit: 3, ..Options::default() }).await;
    for _ in 0..3 {
        assert_error_code(
            balance(&app, "K7QM-R2XD-9HPT-WV3A-BC4E").await,
            StatusCode::NOT_FOUND,
            "gift_card_not_found",
        )
        .await;
    }
    let blocked = balance(&app, "K7QM-R2XD-9HPT-WV3A-BC4F").await;
    assert_eq!(blocked.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(blocked.headers().contains_key("retry-after"));
    // A code given at the checkout is a look-up too; a quote without one is not.
    let products = app.products().await;
    let items = json!([{"productId": products[0]["id"], "quantity": 1}]);
    let quote = app
        .post_json("/api/checkout/quote", &json!({"items": items, "giftCard": "K7QM-R2XD-9HPT-WV3A-BC4E"}))
        .await;
    assert_eq!(quote.status(), StatusCode::TOO_MANY_REQUESTS);
    let plain = app.post_json("/api/checkout/quote", &json!({"items": items})).await;
    assert_eq!(plain.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_card_pays_a_booking_s_deposit_in_part_or_in_full_and_a_cancellation_gives_it_back() {
    let shop = crate::stripe_server::spawn_shop().await;
    let app = &shop.app;
    let token = app.admin_token().await;
    // The demo's massage asks for a $25.00 deposit.
    let (part_id, part) = give(app, &token, "30").await;
    expect_json(
        app.post_as(&token, &format!("/api/admin/gift-cards/{part_id}/redeem"), &json!({"amount": 10})).await,
        StatusCode::OK,
    )
    .await;
    let mut body = booking_body("massage", &days_from_today(12), "9:00");
    body["giftCard"] = json!(part);
    let asked = assert_error_code(
        app.post_json("/api/bookings", &body).await,
        StatusCode::PAYMENT_REQUIRED,
        "payment_required",
    )
    .await;
    assert!(asked["message"].as_str().expect("message").contains("$5.00"), "only the rest is asked: {asked}");
    body["paymentMethodId"] = json!(shop.stripe.card(PAID_CARD).await);
    let booking = expect_json(app.post_json("/api/bookings", &body).await, StatusCode::CREATED).await;
    assert_eq!(
        (booking["giftCardAmount"].as_str(), booking["giftCardLastFour"].as_str()),
        (Some("20.00"), Some(&part[20..]))
    );
    assert_eq!(booking["deposit"]["amount"], "5.00", "the guest's card is kept for the rest only");
    assert_eq!(expect_json(balance(app, &part).await, StatusCode::OK).await["balance"], "0.00");
    let path = format!("/api/admin/bookings/{}", booking["id"].as_str().expect("id"));
    let confirmed =
        expect_json(app.put_as(&token, &path, &json!({"status": "confirmed"})).await, StatusCode::OK).await;
    assert_eq!(confirmed["deposit"]["state"], "paid");
    let charged: Vec<Value> = shop
        .stripe
        .payments()
        .await
        .into_iter()
        .filter(|payment| payment["metadata"]["booking"] == booking["id"])
        .collect();
    assert_eq!(charged.len(), 1);
    assert_eq!(charged[0]["amount"], 500, "the provider took the rest: $5.00");

    // A card that holds the whole deposit pays it: no card of the guest's is needed.
    let (whole_id, whole) = give(app, &token, "50").await;
    let mut body = booking_body("massage", &days_from_today(14), "9:00");
    body["giftCard"] = json!(whole);
    let booking = expect_json(app.post_json("/api/bookings", &body).await, StatusCode::CREATED).await;
    assert_eq!((booking["giftCardAmount"].as_str(), &booking["deposit"]), (Some("25.00"), &Value::Null));
    assert_eq!(expect_json(balance(app, &whole).await, StatusCode::OK).await["balance"], "25.00");
    let path = format!("/api/admin/bookings/{}", booking["id"].as_str().expect("id"));
    expect_json(app.put_as(&token, &path, &json!({"status": "cancelled"})).await, StatusCode::OK).await;
    assert_eq!(
        expect_json(balance(app, &whole).await, StatusCode::OK).await["balance"],
        "50.00",
        "cancelled by the retreat: the card's part comes back"
    );
    let ledger = app.admin_json(&token, &format!("/api/admin/gift-cards/{whole_id}/ledger")).await;
    assert_eq!(ledger[1]["bookingId"], booking["id"]);
    assert_eq!((ledger[2]["kind"].as_str(), ledger[2]["amount"].as_str()), (Some("returned"), Some("25.00")));

    // A spent card refuses the request before anything is booked.
    let mut body = booking_body("massage", &days_from_today(15), "9:00");
    body["giftCard"] = json!(part);
    let refused = assert_error_code(
        app.post_json("/api/bookings", &body).await,
        StatusCode::CONFLICT,
        "gift_card_refused",
    )
    .await;
    assert_eq!(refused["message"], "This gift card has no balance left");
}

#[tokio::test]
async fn without_a_deposit_to_pay_a_booking_takes_no_gift_card() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (_, code) = give(&app, &token, "50").await;
    let mut body = booking_body("massage", &days_from_today(12), "9:00");
    body["giftCard"] = json!(code);
    assert_field_errors(
        app.post_json("/api/bookings", &body).await,
        &[(
            "giftCard",
            "This booking asks for no deposit: bring your gift card to the retreat and we take it off there",
        )],
    )
    .await;
    assert_eq!(app.rows("bookings"), 0);
    assert_eq!(expect_json(balance(&app, &code).await, StatusCode::OK).await["balance"], "50.00");
}
