//! Stock: optional per product, taken by orders in their transaction, given
//! back by cancelling, never oversold however many orders arrive at once.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;

async fn product_with_stock(app: &TestApp, token: &str, stock: Value) -> Value {
    let body = json!({"name": "Cedar Candle", "category": "candles", "price": "20.00",
        "description": "Hand-poured.", "image": "/media/products/cedar.webp", "stock": stock});
    expect_json(app.post_as(token, "/api/products", &body).await, StatusCode::CREATED).await
}

async fn stock_of(app: &TestApp, id: &Value) -> Value {
    let products = app.get_json("/api/products").await;
    products.as_array().expect("list").iter().find(|p| p["id"] == *id).expect("product")["stock"].clone()
}

#[tokio::test]
async fn orders_take_stock_exactly_and_a_line_asking_too_much_stores_nothing() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let candle = product_with_stock(&app, &token, json!(3)).await;
    assert_eq!(candle["stock"], 3);
    // Demo products are unlimited.
    assert!(app.products().await.iter().filter(|p| p["id"] != candle["id"]).all(|p| p["stock"].is_null()));

    let first =
        expect_json(app.post_json("/api/orders", &order_body(&[(&candle, 2)])).await, StatusCode::CREATED)
            .await;
    assert_eq!(stock_of(&app, &candle["id"]).await, 1);

    let orders_before = app.rows("orders");
    let body = assert_error_code(
        app.post_json("/api/orders", &order_body(&[(&candle, 2)])).await,
        StatusCode::CONFLICT,
        "out_of_stock",
    )
    .await;
    assert_eq!(body["message"], "Only 1 left of Cedar Candle");
    assert_eq!((app.rows("orders"), stock_of(&app, &candle["id"]).await), (orders_before, json!(1)));

    // Exactly what is left: fine, and then it is sold out.
    expect_json(app.post_json("/api/orders", &order_body(&[(&candle, 1)])).await, StatusCode::CREATED).await;
    assert_eq!(stock_of(&app, &candle["id"]).await, 0);
    let body = assert_error_code(
        app.post_json("/api/orders", &order_body(&[(&candle, 1)])).await,
        StatusCode::CONFLICT,
        "out_of_stock",
    )
    .await;
    assert_eq!(body["message"], "Cedar Candle is sold out");

    // Cancelling gives the stock back; reinstating takes it again.
    let path = format!("/api/admin/orders/{}/status", first["id"].as_str().expect("id"));
    expect_json(app.put_as(&token, &path, &json!({"status": "cancelled"})).await, StatusCode::OK).await;
    assert_eq!(stock_of(&app, &candle["id"]).await, 2);
    expect_json(app.put_as(&token, &path, &json!({"status": "cancelled"})).await, StatusCode::OK).await;
    assert_eq!(stock_of(&app, &candle["id"]).await, 2, "cancelling twice gives back once");
    expect_json(app.put_as(&token, &path, &json!({"status": "pending"})).await, StatusCode::OK).await;
    assert_eq!(stock_of(&app, &candle["id"]).await, 0);
}

#[tokio::test]
async fn stock_is_kept_by_updates_without_it_and_checked_when_sent() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let candle = product_with_stock(&app, &token, json!(5)).await;
    let path = format!("/api/admin/products/{}", candle["id"].as_str().expect("id"));
    // The specification's dashboard sends no stock: it stays.
    let update = json!({"name": "Cedar Candle", "category": "candles", "price": "22.00",
        "description": "Hand-poured.", "image": "/media/products/cedar.webp"});
    let updated = expect_json(app.put_as(&token, &path, &update).await, StatusCode::OK).await;
    assert_eq!((updated["price"].as_str(), updated["stock"].as_i64()), (Some("22.00"), Some(5)));
    let mut with_stock = update.clone();
    with_stock["stock"] = json!(null);
    assert!(
        expect_json(app.put_as(&token, &path, &with_stock).await, StatusCode::OK).await["stock"].is_null()
    );
    with_stock["stock"] = json!("7");
    assert_eq!(expect_json(app.put_as(&token, &path, &with_stock).await, StatusCode::OK).await["stock"], 7);
    for bad in [json!(-1), json!(100_001), json!(1.5), json!("many"), json!(true), json!([])] {
        with_stock["stock"] = bad.clone();
        assert_field_errors(
            app.put_as(&token, &path, &with_stock).await,
            &[("stock", "Stock must be a whole number from 0 to 100000, or empty for unlimited")],
        )
        .await;
        assert_eq!(stock_of(&app, &candle["id"]).await, 7, "{bad}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn thirty_orders_at_once_for_ten_candles_sell_exactly_ten() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let candle = product_with_stock(&app, &token, json!(10)).await;
    let body = order_body(&[(&candle, 1)]);
    let answers = futures_util::future::join_all((0..30).map(|_| app.post_json("/api/orders", &body))).await;
    let created = answers.iter().filter(|r| r.status() == StatusCode::CREATED).count();
    let refused = answers.iter().filter(|r| r.status() == StatusCode::CONFLICT).count();
    assert_eq!((created, refused), (10, 20));
    assert_eq!(stock_of(&app, &candle["id"]).await, 0);
    assert_eq!(
        app.sql_count(&format!(
            "SELECT count(*) FROM orders WHERE items::text LIKE '%{}%'",
            candle["id"].as_str().expect("id")
        )),
        10
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn fifty_orders_at_once_for_five_left_sell_exactly_five_and_cancelling_gives_them_back() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let tea = product_with_stock(&app, &token, json!(5)).await;
    let body = order_body(&[(&tea, 1)]);
    // Each from its own connection, all at once.
    let answers = futures_util::future::join_all((0..50).map(|_| {
        let (client, url, body) = (reqwest::Client::new(), app.url("/api/orders"), body.clone());
        async move { client.post(url).json(&body).send().await.expect("request sent") }
    }))
    .await;
    let mut created = Vec::new();
    for answer in answers {
        match answer.status() {
            StatusCode::CREATED => created.push(answer.json::<Value>().await.expect("json")),
            StatusCode::CONFLICT => {
                let body: Value = answer.json().await.expect("json");
                assert_eq!(body["code"], "out_of_stock", "{body}");
            }
            other => panic!("unexpected {other}"),
        }
    }
    assert_eq!(created.len(), 5);
    assert_eq!(stock_of(&app, &tea["id"]).await, 0);
    let id = created[0]["id"].as_str().expect("id");
    let cancelled =
        app.put_as(&token, &format!("/api/admin/orders/{id}/status"), &json!({"status": "cancelled"})).await;
    assert_eq!(cancelled.status(), StatusCode::OK);
    assert_eq!(stock_of(&app, &tea["id"]).await, 1, "the cancelled order's tea is back on the shelf");
}
