//! Orders: the server prices the cart (docs/decisions.md §4) and admins manage them.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{
    TestApp, assert_error, assert_field_errors, expect_json, is_money, is_uuid, keys, order_body, sorted,
    spawn_app,
};

const ORDER_KEYS: &[&str] = &[
    "id",
    "kind",
    "firstName",
    "lastName",
    "email",
    "phone",
    "address",
    "city",
    "state",
    "zip",
    "items",
    // Additive: the same lines as a list.
    "lines",
    "subtotal",
    // Additive (docs/decisions.md §15): a promo code's discount, and the code.
    "discount",
    "promoCode",
    "tax",
    "shipping",
    "total",
    "status",
    "createdAt",
    // Additive: where its payment stands (payments off here: unpaid).
    "payment",
    // Additive (docs/decisions.md §16): what a gift card paid of it.
    "giftCardAmount",
    "giftCardLastFour",
];
const PRICES_CHANGED: &str = "Prices have changed, please review your cart";

async fn stored_orders(app: &TestApp) -> Vec<Value> {
    let token = app.admin_token().await;
    app.admin_json(&token, "/api/orders").await.as_array().expect("list").clone()
}

fn items_of(order: &Value) -> Vec<Value> {
    let text = order["items"].as_str().expect("items is JSON text");
    serde_json::from_str::<Vec<Value>>(text).expect("items parse")
}

#[tokio::test]
async fn an_order_with_correct_totals_is_stored_with_server_names_and_prices() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let tea = app.create_product(&token, "Pine Needle Test Tea", "teas", "22.00").await;
    let chamomile = app.create_product(&token, "Chamomile Test Tea", "teas", "18").await;
    let mut body = order_body(&[(&tea, 2), (&chamomile, 1)]);
    assert_eq!(body["subtotal"], "62.00");
    assert_eq!(body["tax"], "4.96");
    assert_eq!(body["shipping"], "15.00");
    assert_eq!(body["total"], "81.96");
    // The browser's names and prices are not trusted: only id and quantity count.
    let forged_items = json!([
        {"productId": tea["id"], "productName": "Free Gold", "price": "0.01", "quantity": 2},
        {"productId": chamomile["id"], "productName": "Free Silver", "price": "0.01", "quantity": 1},
    ]);
    body["items"] = json!(forged_items.to_string());
    body["phone"] = json!("  ");

    let placed = expect_json(app.post_json("/api/orders", &body).await, StatusCode::CREATED).await;
    assert_eq!(keys(&placed), sorted(ORDER_KEYS));
    assert!(is_uuid(&placed["id"]));
    assert_eq!(placed["status"], "pending");
    assert_eq!(placed["phone"], Value::Null, "a blank phone is stored as null");
    for field in ["subtotal", "tax", "shipping", "total"] {
        assert!(is_money(&placed[field]), "{field}");
    }

    let orders = stored_orders(&app).await;
    assert_eq!(orders.len(), 1);
    let stored = &orders[0];
    assert_eq!(stored, &placed);
    assert_eq!(stored["subtotal"], "62.00");
    assert_eq!(stored["tax"], "4.96");
    assert_eq!(stored["shipping"], "15.00");
    assert_eq!(stored["total"], "81.96");
    let items = items_of(stored);
    assert_eq!(items.len(), 2);
    assert_eq!(
        items[0],
        json!({"productId": tea["id"], "productName": "Pine Needle Test Tea", "price": "22.00", "quantity": 2})
    );
    assert_eq!(
        items[1],
        json!({"productId": chamomile["id"], "productName": "Chamomile Test Tea", "price": "18.00", "quantity": 1})
    );
    // The typed list says the same as the specification's JSON text.
    assert_eq!(stored["lines"], Value::Array(items.clone()));
    // The database row agrees.
    let id = placed["id"].as_str().expect("id");
    assert_eq!(
        app.sql_count(&format!(
            "SELECT count(*) FROM orders WHERE id = '{id}' AND total = 81.96 AND phone IS NULL AND items::text NOT LIKE '%Free Gold%'"
        )),
        1
    );
}

#[tokio::test]
async fn a_phone_is_kept_and_items_may_be_sent_as_a_list() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let soak = app.create_product(&token, "Mineral Test Soak", "skincare", "34.00").await;
    let mut body = order_body(&[(&soak, 3)]);
    body["phone"] = json!("(951) 555-0100");
    body["items"] = json!([{"productId": soak["id"], "quantity": 3}]);
    let placed = expect_json(app.post_json("/api/orders", &body).await, StatusCode::CREATED).await;
    assert_eq!(placed["phone"], "(951) 555-0100");
    assert_eq!(placed["subtotal"], "102.00");
    assert_eq!(placed["shipping"], "0.00");
    assert_eq!(placed["tax"], "8.16");
    assert_eq!(placed["total"], "110.16");
}

#[tokio::test]
async fn tampered_figures_are_refused_with_409_and_nothing_is_stored() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let balm = app.create_product(&token, "Sage Test Balm", "skincare", "42.00").await;
    let body = order_body(&[(&balm, 1)]);
    assert_eq!(body["total"], "60.36");
    for (field, forged) in [
        ("total", "0.01"),
        ("total", "60.35"),
        ("total", "60.37"),
        ("subtotal", "41.00"),
        ("tax", "0.00"),
        ("tax", "3.37"),
        ("shipping", "0.00"),
    ] {
        let mut tampered = body.clone();
        tampered[field] = json!(forged);
        let error = assert_error(app.post_json("/api/orders", &tampered).await, StatusCode::CONFLICT).await;
        assert_eq!(error["message"], PRICES_CHANGED, "{field} = {forged}");
    }
    // A consistent but wrong set of figures (cheaper price) is refused too.
    let mut cheaper = body.clone();
    cheaper["subtotal"] = json!("40.00");
    cheaper["tax"] = json!("3.20");
    cheaper["total"] = json!("58.20");
    let error = assert_error(app.post_json("/api/orders", &cheaper).await, StatusCode::CONFLICT).await;
    assert_eq!(error["message"], PRICES_CHANGED);
    assert_eq!(app.rows("orders"), 0, "nothing was stored");
    assert!(stored_orders(&app).await.is_empty());

    // A price change between cart and checkout is caught the same way.
    let id = balm["id"].as_str().expect("id");
    let mut changed = balm.clone();
    changed["price"] = json!("45.00");
    expect_json(app.put_as(&token, &format!("/api/admin/products/{id}"), &changed).await, StatusCode::OK)
        .await;
    let error = assert_error(app.post_json("/api/orders", &body).await, StatusCode::CONFLICT).await;
    assert_eq!(error["message"], PRICES_CHANGED);
    assert_eq!(app.rows("orders"), 0);
    expect_json(app.post_json("/api/orders", &order_body(&[(&changed, 1)])).await, StatusCode::CREATED).await;
    assert_eq!(app.rows("orders"), 1);
}

#[tokio::test]
async fn unknown_products_bad_quantities_and_empty_carts_are_400() {
    let app = spawn_app().await;
    let tea = app.products().await[0].clone();
    let valid = order_body(&[(&tea, 1)]);

    let mut ghost = valid.clone();
    ghost["items"] = json!(json!([{"productId": uuid::Uuid::new_v4(), "quantity": 1}]).to_string());
    let error = assert_error(app.post_json("/api/orders", &ghost).await, StatusCode::BAD_REQUEST).await;
    assert!(error["errors"]["items"].as_str().is_some_and(|m| m.starts_with("Unknown product")), "{error}");

    for quantity in [json!(0), json!(-1), json!(1000), json!(1.5), json!("x"), json!(null), json!(1e20)] {
        let mut bad = valid.clone();
        bad["items"] = json!(json!([{"productId": tea["id"], "quantity": quantity}]).to_string());
        assert_field_errors(
            app.post_json("/api/orders", &bad).await,
            &[("items", "Each quantity must be a whole number from 1 to 999")],
        )
        .await;
    }
    for items in [json!("[]"), json!([]), json!(null), json!("")] {
        let mut empty = valid.clone();
        empty["items"] = items.clone();
        let error = assert_error(app.post_json("/api/orders", &empty).await, StatusCode::BAD_REQUEST).await;
        assert!(error["errors"]["items"].is_string(), "{items}: {error}");
    }
    for items in [json!("not json"), json!("{\"productId\": 1}"), json!({"a": 1}), json!(5), json!("[1, 2]")]
    {
        let mut shapeless = valid.clone();
        shapeless["items"] = items.clone();
        let error =
            assert_error(app.post_json("/api/orders", &shapeless).await, StatusCode::BAD_REQUEST).await;
        assert!(error["errors"]["items"].is_string(), "{items}: {error}");
    }
    let mut duplicate = valid.clone();
    duplicate["items"] = json!(
        json!([{"productId": tea["id"], "quantity": 1}, {"productId": tea["id"], "quantity": 1}]).to_string()
    );
    assert_error(app.post_json("/api/orders", &duplicate).await, StatusCode::BAD_REQUEST).await;

    // Required customer fields.
    let mut blank = valid.clone();
    for field in ["firstName", "lastName", "address", "city", "state", "zip"] {
        blank[field] = json!(" ");
    }
    blank["email"] = json!("nope");
    assert_field_errors(
        app.post_json("/api/orders", &blank).await,
        &[
            ("firstName", "First name is required"),
            ("lastName", "Last name is required"),
            ("email", "Please enter a valid email address"),
            ("address", "Address is required"),
            ("city", "City is required"),
            ("state", "State is required"),
            ("zip", "ZIP code is required"),
        ],
    )
    .await;
    // Malformed amounts.
    let mut amounts = valid.clone();
    amounts["subtotal"] = json!("-1.00");
    amounts["tax"] = json!("1.001");
    amounts["shipping"] = json!("abc");
    amounts["total"] = json!("");
    let error = assert_error(app.post_json("/api/orders", &amounts).await, StatusCode::BAD_REQUEST).await;
    for field in ["subtotal", "tax", "shipping", "total"] {
        assert!(error["errors"][field].is_string(), "{field}: {error}");
    }
    assert_eq!(app.rows("orders"), 0, "nothing invalid was stored");
    expect_json(app.post_json("/api/orders", &valid).await, StatusCode::CREATED).await;
}

#[tokio::test]
async fn shipping_is_free_strictly_above_100_and_tax_rounds_half_up_to_the_cent() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let cases = [
        // price, subtotal, tax, shipping, total
        ("100.00", "100.00", "8.00", "15.00", "123.00"),
        ("100.01", "100.01", "8.00", "0.00", "108.01"),
        ("99.99", "99.99", "8.00", "15.00", "122.99"),
        ("10.31", "10.31", "0.82", "15.00", "26.13"),
        ("10.32", "10.32", "0.83", "15.00", "26.15"),
        ("0.06", "0.06", "0.00", "15.00", "15.06"),
        ("0.07", "0.07", "0.01", "15.00", "15.08"),
        ("6.25", "6.25", "0.50", "15.00", "21.75"),
    ];
    for (price, subtotal, tax, shipping, total) in cases {
        let product = app.create_product(&token, &format!("Priced {price}"), "skincare", price).await;
        let mut body = order_body(&[(&product, 1)]);
        for (field, value) in [("subtotal", subtotal), ("tax", tax), ("shipping", shipping), ("total", total)]
        {
            body[field] = json!(value);
        }
        let placed = expect_json(app.post_json("/api/orders", &body).await, StatusCode::CREATED).await;
        assert_eq!(
            (&placed["subtotal"], &placed["tax"], &placed["shipping"], &placed["total"]),
            (&json!(subtotal), &json!(tax), &json!(shipping), &json!(total)),
            "price {price}"
        );
    }
    // The boundary the other way: claiming free shipping at exactly 100.00 is refused.
    let hundred = app.create_product(&token, "Exactly One Hundred", "candles", "100.00").await;
    let mut body = order_body(&[(&hundred, 1)]);
    body["shipping"] = json!("0.00");
    body["total"] = json!("108.00");
    assert_error(app.post_json("/api/orders", &body).await, StatusCode::CONFLICT).await;
    // Two lines adding up to 100.00 still pay shipping.
    let fifty = app.create_product(&token, "Fifty", "candles", "50.00").await;
    let body = order_body(&[(&fifty, 2)]);
    assert_eq!(body["shipping"], "15.00");
    let placed = expect_json(app.post_json("/api/orders", &body).await, StatusCode::CREATED).await;
    assert_eq!(placed["total"], "123.00");
    assert_eq!(stored_orders(&app).await.len(), cases.len() + 1);
}

#[tokio::test]
async fn admins_list_orders_newest_first_and_change_their_status() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let candle = app.products().await[1].clone();
    let first =
        expect_json(app.post_json("/api/orders", &order_body(&[(&candle, 1)])).await, StatusCode::CREATED)
            .await;
    let second =
        expect_json(app.post_json("/api/orders", &order_body(&[(&candle, 2)])).await, StatusCode::CREATED)
            .await;
    let orders = app.admin_json(&token, "/api/orders").await;
    let ids: Vec<&Value> = orders.as_array().expect("list").iter().map(|o| &o["id"]).collect();
    assert_eq!(ids, [&second["id"], &first["id"]]);

    let id = first["id"].as_str().expect("id");
    for status in ["processing", "shipped", "delivered", "cancelled", "pending"] {
        let updated = expect_json(
            app.put_as(&token, &format!("/api/admin/orders/{id}/status"), &json!({"status": status})).await,
            StatusCode::OK,
        )
        .await;
        assert_eq!(updated["status"], status);
        assert_eq!(updated["id"], id);
        assert_eq!(updated["total"], first["total"]);
    }
    expect_json(
        app.put_as(&token, &format!("/api/admin/orders/{id}/status"), &json!({"status": "shipped"})).await,
        StatusCode::OK,
    )
    .await;
    let orders = app.admin_json(&token, "/api/orders").await;
    let stored = orders.as_array().expect("list").iter().find(|o| o["id"] == id).expect("order");
    assert_eq!(stored["status"], "shipped");

    for status in [json!("lost"), json!(""), json!("SHIPPED")] {
        let error = assert_error(
            app.put_as(&token, &format!("/api/admin/orders/{id}/status"), &json!({"status": status})).await,
            StatusCode::BAD_REQUEST,
        )
        .await;
        assert_eq!(
            error["errors"]["status"],
            "Status must be pending, processing, shipped, delivered or cancelled"
        );
    }
    assert_error(
        app.put_as(
            &token,
            &format!("/api/admin/orders/{}/status", uuid::Uuid::new_v4()),
            &json!({"status": "shipped"}),
        )
        .await,
        StatusCode::NOT_FOUND,
    )
    .await;
    assert_error(
        app.put_as(&token, "/api/admin/orders/12345/status", &json!({"status": "shipped"})).await,
        StatusCode::BAD_REQUEST,
    )
    .await;
}
