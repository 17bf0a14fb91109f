//! CSV exports: RFC 4180 records that spreadsheets read right, with formula
//! injection neutralised and nothing lost.

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::*;

/// The export's records, after checking the envelope (type, file name, BOM, CRLF).
async fn export(app: &TestApp, token: &str, name: &str) -> Vec<Vec<String>> {
    let response = app.get_as(token, &format!("/api/admin/exports/{name}.csv")).await;
    assert_eq!(response.status(), StatusCode::OK, "{name}");
    let headers = response.headers().clone();
    assert_eq!(headers["content-type"], "text/csv; charset=utf-8");
    let disposition = headers["content-disposition"].to_str().expect("ascii");
    assert!(
        disposition.starts_with("attachment") && disposition.contains(&format!("golden-pine-{name}-")),
        "{disposition}"
    );
    let body = response.bytes().await.expect("body");
    let text = std::str::from_utf8(&body).expect("UTF-8");
    let text = text.strip_prefix('\u{feff}').expect("a byte-order mark for spreadsheet programs");
    assert!(text.ends_with("\r\n") && !text.replace("\r\n", "").contains('\r'), "CRLF line ends");
    let mut reader = csv::ReaderBuilder::new().has_headers(false).from_reader(text.as_bytes());
    reader.records().map(|r| r.expect("a valid record").iter().map(str::to_owned).collect()).collect()
}

#[tokio::test]
async fn every_export_has_a_header_row_iso_dates_decimal_money_and_neutralised_formulas() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let mut booking = booking_body("massage", &days_from_today(6), "11:00");
    booking["firstName"] = json!("=HYPERLINK(\"http://evil.example\",\"x\")");
    booking["notes"] = json!("Line one, \"quoted\"\nline two");
    expect_json(app.post_json("/api/bookings", &booking).await, StatusCode::CREATED).await;
    let products = app.products().await;
    let mut order = order_body(&[(&products[0], 2)]);
    order["phone"] = json!("+1 555 0100");
    let placed = expect_json(app.post_json("/api/orders", &order).await, StatusCode::CREATED).await;
    let message = json!({"firstName": "Zoë", "lastName": "@Moss", "email": "zoe@example.com", "message": "-2+3 and\ttabs"});
    expect_json(app.post_json("/api/contact-messages", &message).await, StatusCode::CREATED).await;
    expect_json(
        app.post_json("/api/newsletter-subscriptions", &json!({"email": "reader@example.com"})).await,
        StatusCode::CREATED,
    )
    .await;

    let bookings = export(&app, &token, "bookings").await;
    assert_eq!(
        bookings[0],
        [
            "id",
            "created_at",
            "status",
            "service",
            "date",
            "time",
            "first_name",
            "last_name",
            "email",
            "notes",
            "check_out",
            "deposit_state",
            "deposit_amount",
            "deposit_refunded"
        ]
    );
    assert_eq!(bookings.len(), 2);
    let row = &bookings[1];
    assert_eq!(row[4], days_from_today(6));
    assert!(chrono::DateTime::parse_from_rfc3339(&row[1]).is_ok(), "{}", row[1]);
    assert_eq!((row[2].as_str(), row[3].as_str(), row[5].as_str()), ("pending", "massage", "11:00"));
    assert_eq!(row[6], "'=HYPERLINK(\"http://evil.example\",\"x\")", "a formula is shown as text");
    assert_eq!(row[9], "Line one, \"quoted\"\nline two", "quotes, commas and line breaks survive");
    assert_eq!((row[11].as_str(), row[12].as_str()), ("none", ""), "payments off: no deposit");

    let orders = export(&app, &token, "orders").await;
    // 16 columns of the specification's order, 2 of payments, 2 of promo codes (additive, last).
    assert_eq!(orders[0].len(), 20);
    assert_eq!((orders[0][16].as_str(), orders[0][17].as_str()), ("payment_state", "refunded"));
    assert_eq!((orders[0][18].as_str(), orders[0][19].as_str()), ("discount", "promo_code"));
    let row = &orders[1];
    assert_eq!((row[16].as_str(), row[17].as_str()), ("unpaid", "0.00"), "payments off: placed unpaid");
    assert_eq!((row[18].as_str(), row[19].as_str()), ("0.00", ""), "no promo code");
    assert_eq!(row[0], placed["id"].as_str().expect("id"));
    assert_eq!(row[6], "'+1 555 0100");
    for (column, field) in [(12, "subtotal"), (13, "tax"), (14, "shipping"), (15, "total")] {
        assert_eq!(row[column], placed[field].as_str().expect("money"), "{field}");
        assert!(is_money(&json!(row[column])), "{field}: {}", row[column]);
    }
    assert!(
        row[11].starts_with(&format!("2 x {}", products[0]["name"].as_str().expect("name"))),
        "{}",
        row[11]
    );

    let messages = export(&app, &token, "contact-messages").await;
    assert_eq!(messages[1][2], "Zoë");
    assert_eq!(messages[1][3], "'@Moss");
    assert_eq!(messages[1][6], "'-2+3 and\ttabs");

    let subscribers = export(&app, &token, "newsletter-subscriptions").await;
    assert_eq!(subscribers.len(), 2);
    assert_eq!(subscribers[1][2], "reader@example.com");

    for name in ["orders", "bookings", "contact-messages", "newsletter-subscriptions"] {
        assert_error_code(
            app.get(&format!("/api/admin/exports/{name}.csv")).await,
            StatusCode::UNAUTHORIZED,
            "unauthenticated",
        )
        .await;
    }
}

#[tokio::test]
async fn an_empty_export_is_just_the_header_row() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let subscribers = export(&app, &token, "newsletter-subscriptions").await;
    assert_eq!(subscribers, [["id", "created_at", "email"]]);
}
