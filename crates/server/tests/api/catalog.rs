//! Products, product media and services: public reads, admin writes.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{
    assert_error, assert_error_code, assert_field_errors, cents, demo_catalogue, expect_json, is_money,
    is_uuid, keys, sorted, spawn_app,
};

/// The name and media count of the demo product with the most media.
fn richest_demo_product() -> (String, usize) {
    let catalogue = demo_catalogue();
    let product = catalogue["products"]
        .as_array()
        .expect("products")
        .iter()
        .max_by_key(|p| p["media"].as_array().map_or(0, Vec::len))
        .expect("a product")
        .clone();
    let count = product["media"].as_array().map_or(0, Vec::len);
    assert!(count >= 2, "a demo product with several media");
    (product["name"].as_str().expect("name").to_owned(), count)
}

/// The specification's product fields, plus `stock` (docs/decisions.md §9)
/// and the picture's `imageSize` (§13).
const PRODUCT_KEYS: &[&str] =
    &["id", "name", "category", "price", "description", "image", "imageSize", "stock"];
/// The specification's media fields, plus an image's `size` (docs/decisions.md §13).
const MEDIA_KEYS: &[&str] = &["id", "productId", "url", "size", "type", "title", "sortOrder", "createdAt"];
/// The specification's service fields, plus `bookingKey` (docs/decisions.md §5),
/// the picture's `imageSize` (§13) and the deposit it asks for (§14).
const SERVICE_KEYS: &[&str] = &[
    "id",
    "name",
    "description",
    "price",
    "duration",
    "image",
    "imageSize",
    "bookingKey",
    "depositAmount",
    "depositPercent",
];

fn names(list: &Value) -> Vec<String> {
    list.as_array().expect("list").iter().map(|p| p["name"].as_str().expect("name").to_owned()).collect()
}

fn product_body(name: &str, price: Value) -> Value {
    json!({
        "name": name,
        "category": "candles",
        "price": price,
        "description": "Beeswax and cedar.",
        "image": "/media/products/test.webp",
    })
}

#[tokio::test]
async fn products_are_listed_by_name_with_camel_case_fields_and_two_decimal_prices() {
    let app = spawn_app().await;
    let products = app.get_json("/api/products").await;
    let list = products.as_array().expect("list");
    let demo = demo_catalogue();
    let demo_products = demo["products"].as_array().expect("demo products");
    assert_eq!(list.len(), demo_products.len(), "the demo catalogue's products");
    for product in list {
        assert_eq!(keys(product), sorted(PRODUCT_KEYS), "{product}");
        assert!(is_uuid(&product["id"]));
        assert!(is_money(&product["price"]), "price {}", product["price"]);
        assert!(["skincare", "candles", "teas"].contains(&product["category"].as_str().expect("category")));
    }
    let mut expected = names(&products);
    expected.sort();
    assert_eq!(names(&products), expected, "products come sorted by name");
    for demo_product in demo_products {
        let served =
            list.iter().find(|p| p["name"] == demo_product["name"]).expect("every demo product is served");
        assert_eq!(served["category"], demo_product["category"]);
        assert_eq!(served["image"], demo_product["image"]);
        let price = served["price"].as_str().expect("price");
        assert_eq!(cents(price), cents(demo_product["price"].as_str().expect("demo price")), "{price}");
    }

    // A new product takes its place in name order, whenever it was created.
    let token = app.admin_token().await;
    app.create_product(&token, "Aaa First By Name", "teas", "1.00").await;
    app.create_product(&token, "Zzz Last By Name", "teas", "1.00").await;
    let after = names(&app.get_json("/api/products").await);
    assert_eq!(after.first().map(String::as_str), Some("Aaa First By Name"));
    assert_eq!(after.last().map(String::as_str), Some("Zzz Last By Name"));
}

#[tokio::test]
async fn a_product_is_fetched_by_id_unknown_is_404_and_malformed_is_400() {
    let app = spawn_app().await;
    for product in app.products().await {
        let id = product["id"].as_str().expect("id");
        assert_eq!(app.get_json(&format!("/api/products/{id}")).await, product);
    }

    let body = assert_error(
        app.get(&format!("/api/products/{}", uuid::Uuid::new_v4())).await,
        StatusCode::NOT_FOUND,
    )
    .await;
    assert_eq!(body["message"], "Product not found");
    assert_error(app.get("/api/products/not-a-uuid").await, StatusCode::BAD_REQUEST).await;
    assert_error(app.get("/api/products/123").await, StatusCode::BAD_REQUEST).await;
}

#[tokio::test]
async fn admin_creates_updates_and_deletes_a_product() {
    let app = spawn_app().await;
    let token = app.admin_token().await;

    // Create: a price sent as "32.5" or as a JSON number is stored exactly.
    let created = expect_json(
        app.post_as(&token, "/api/products", &product_body("  Fir Balsam Candle  ", json!("32.5"))).await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(keys(&created), sorted(PRODUCT_KEYS));
    assert_eq!(created["name"], "Fir Balsam Candle", "names are trimmed");
    assert_eq!(created["price"], "32.50");
    assert_eq!(created["category"], "candles");
    let id = created["id"].as_str().expect("id").to_owned();
    assert_eq!(
        app.sql_count(&format!("SELECT count(*) FROM products WHERE id = '{id}' AND price = 32.50")),
        1
    );
    let numeric = expect_json(
        app.post_as(&token, "/api/products", &product_body("Numeric Price", json!(19.9))).await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(numeric["price"], "19.90");
    assert_eq!(app.get_json(&format!("/api/products/{id}")).await, created);

    // Update replaces every field.
    let update = json!({
        "name": "Fir Balsam Tea",
        "category": "teas",
        "price": "12.00",
        "description": "Now a tea.",
        "image": "https://cdn.example.com/fir.webp",
    });
    let updated =
        expect_json(app.put_as(&token, &format!("/api/admin/products/{id}"), &update).await, StatusCode::OK)
            .await;
    assert_eq!(updated["id"], id.as_str());
    assert_eq!(updated["name"], "Fir Balsam Tea");
    assert_eq!(updated["category"], "teas");
    assert_eq!(updated["price"], "12.00");
    assert_eq!(updated["image"], "https://cdn.example.com/fir.webp");
    assert_eq!(app.get_json(&format!("/api/products/{id}")).await, updated);

    // Unknown and malformed ids.
    let ghost = uuid::Uuid::new_v4();
    assert_error(
        app.put_as(&token, &format!("/api/admin/products/{ghost}"), &update).await,
        StatusCode::NOT_FOUND,
    )
    .await;
    assert_error(app.put_as(&token, "/api/admin/products/nope", &update).await, StatusCode::BAD_REQUEST)
        .await;
    assert_error(app.delete_as(&token, &format!("/api/admin/products/{ghost}")).await, StatusCode::NOT_FOUND)
        .await;
    assert_error(app.delete_as(&token, "/api/admin/products/nope").await, StatusCode::BAD_REQUEST).await;
    // An invalid update changes nothing.
    let invalid =
        json!({"name": "", "category": "teas", "price": "1", "description": "d", "image": "/x.webp"});
    assert_error(
        app.put_as(&token, &format!("/api/admin/products/{id}"), &invalid).await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(app.get_json(&format!("/api/products/{id}")).await, updated);

    // Delete.
    let response = app.delete_as(&token, &format!("/api/admin/products/{id}")).await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    assert_error(app.get(&format!("/api/products/{id}")).await, StatusCode::NOT_FOUND).await;
    assert_error(app.delete_as(&token, &format!("/api/admin/products/{id}")).await, StatusCode::NOT_FOUND)
        .await;
    assert!(!names(&app.get_json("/api/products").await).contains(&"Fir Balsam Tea".to_owned()));
}

#[tokio::test]
async fn product_validation_names_each_invalid_field() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let before = app.rows("products");
    assert_field_errors(
        app.post_as(&token, "/api/products", &json!({})).await,
        &[
            ("name", "Name is required"),
            ("price", "Price is required"),
            ("description", "Description is required"),
            ("image", "Image URL is required"),
            ("category", "Please choose a category: skincare, candles or teas"),
        ],
    )
    .await;
    for price in [json!("-1.00"), json!("1.001"), json!("1e3"), json!("abc"), json!(-5), json!("100000000")] {
        let body = assert_error(
            app.post_as(&token, "/api/products", &product_body("Bad Price", price.clone())).await,
            StatusCode::BAD_REQUEST,
        )
        .await;
        assert!(body["errors"]["price"].is_string(), "price {price}: {body}");
    }
    for image in ["javascript:alert(1)", "//evil.example/x.png", "data:text/html,hi", "ftp://x/y.png"] {
        let mut body = product_body("Bad Image", json!("5.00"));
        body["image"] = json!(image);
        let body =
            assert_error(app.post_as(&token, "/api/products", &body).await, StatusCode::BAD_REQUEST).await;
        assert!(body["errors"]["image"].is_string(), "{image}: {body}");
    }
    let mut wrong_category = product_body("Bad Category", json!("5.00"));
    wrong_category["category"] = json!("crystals");
    assert_field_errors(
        app.post_as(&token, "/api/products", &wrong_category).await,
        &[("category", "Please choose a category: skincare, candles or teas")],
    )
    .await;
    assert_eq!(app.rows("products"), before, "nothing invalid was stored");
}

#[tokio::test]
async fn product_media_come_in_sort_order_and_can_be_added_reordered_and_deleted() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (name, count) = richest_demo_product();
    let product_id = app.product(&name).await["id"].as_str().expect("id").to_owned();
    let media_path = format!("/api/products/{product_id}/media");

    let media = app.get_json(&media_path).await;
    let list = media.as_array().expect("list").clone();
    assert_eq!(list.len(), count, "{name} has its demo media");
    for item in &list {
        assert_eq!(keys(item), sorted(MEDIA_KEYS), "{item}");
        assert_eq!(item["productId"], product_id.as_str());
        assert!(["image", "video"].contains(&item["type"].as_str().expect("type")));
    }
    let orders: Vec<i64> = list.iter().map(|m| m["sortOrder"].as_i64().expect("sortOrder")).collect();
    let expected: Vec<i64> = (0..i64::try_from(count).expect("count")).collect();
    assert_eq!(orders, expected);

    // Add, as the dashboard does: sortOrder = current count.
    let added = expect_json(
        app.post_as(
            &token,
            &media_path,
            &json!({"url": "/media/products/extra.webm", "type": "video", "title": "Pouring", "sortOrder": count}),
        )
        .await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(keys(&added), sorted(MEDIA_KEYS));
    assert_eq!(added["type"], "video");
    assert_eq!(added["title"], "Pouring");
    assert_eq!(added["sortOrder"], count);
    // No title and no sortOrder: null and 0.
    let untitled = expect_json(
        app.post_as(
            &token,
            &media_path,
            &json!({"url": "https://cdn.example.com/a.webp", "type": "image", "title": "  "}),
        )
        .await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(untitled["title"], Value::Null);
    assert_eq!(untitled["sortOrder"], 0);

    // Media are listed by sortOrder, whatever the insertion order.
    let listed = app.get_json(&media_path).await;
    let sort_orders: Vec<i64> =
        listed.as_array().expect("list").iter().map(|m| m["sortOrder"].as_i64().expect("n")).collect();
    let mut sorted_orders = sort_orders.clone();
    sorted_orders.sort_unstable();
    assert_eq!(sort_orders, sorted_orders);
    assert_eq!(listed.as_array().expect("list").last().expect("last")["id"], added["id"]);

    // Reorder: the dashboard swaps the sortOrder of two neighbours.
    let (first, second) = (list[0]["id"].as_str().expect("id"), list[1]["id"].as_str().expect("id"));
    let moved = expect_json(
        app.put_as(&token, &format!("/api/product-media/{first}"), &json!({"sortOrder": 1})).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(moved["sortOrder"], 1);
    assert_eq!(moved["id"], first);
    expect_json(
        app.put_as(&token, &format!("/api/product-media/{second}"), &json!({"sortOrder": 0})).await,
        StatusCode::OK,
    )
    .await;
    let reordered = app.get_json(&media_path).await;
    let ids: Vec<&str> =
        reordered.as_array().expect("list").iter().map(|m| m["id"].as_str().expect("id")).collect();
    let second_index = ids.iter().position(|id| *id == second).expect("second");
    let first_index = ids.iter().position(|id| *id == first).expect("first");
    assert!(second_index < first_index, "after the swap {second} comes before {first}: {ids:?}");

    // Delete.
    let id = added["id"].as_str().expect("id");
    assert_eq!(
        app.delete_as(&token, &format!("/api/product-media/{id}")).await.status(),
        StatusCode::NO_CONTENT
    );
    assert_error(app.delete_as(&token, &format!("/api/product-media/{id}")).await, StatusCode::NOT_FOUND)
        .await;
    assert_error(
        app.put_as(&token, &format!("/api/product-media/{id}"), &json!({"sortOrder": 2})).await,
        StatusCode::NOT_FOUND,
    )
    .await;
    let remaining = app.get_json(&media_path).await;
    assert!(remaining.as_array().expect("list").iter().all(|m| m["id"] != id));
    assert_eq!(remaining.as_array().expect("list").len(), count + 1);
}

#[tokio::test]
async fn media_validation_unknown_products_and_malformed_ids() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let product_id = app.products().await[0]["id"].as_str().expect("id").to_owned();
    let media_path = format!("/api/products/{product_id}/media");
    let before = app.rows("product_media");

    assert_field_errors(
        app.post_as(&token, &media_path, &json!({"url": "", "type": "image"})).await,
        &[("url", "Please provide a media URL")],
    )
    .await;
    assert_field_errors(
        app.post_as(&token, &media_path, &json!({"type": "image"})).await,
        &[("url", "Please provide a media URL")],
    )
    .await;
    let body = assert_error(
        app.post_as(&token, &media_path, &json!({"url": "/m/a.mp3", "type": "audio"})).await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert!(body["errors"]["type"].is_string(), "{body}");
    for sort_order in [json!(-1), json!(1.5), json!(1e12), json!("first")] {
        let body = assert_error(
            app.post_as(
                &token,
                &media_path,
                &json!({"url": "/m/a.webp", "type": "image", "sortOrder": sort_order}),
            )
            .await,
            StatusCode::BAD_REQUEST,
        )
        .await;
        assert!(body["errors"]["sortOrder"].is_string(), "{body}");
    }
    assert_error(
        app.post_as(&token, &media_path, &json!({"url": "javascript:alert(1)", "type": "image"})).await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(app.rows("product_media"), before, "nothing invalid was stored");

    let ghost = uuid::Uuid::new_v4();
    assert_error(app.get(&format!("/api/products/{ghost}/media")).await, StatusCode::NOT_FOUND).await;
    assert_error(app.get("/api/products/not-a-uuid/media").await, StatusCode::BAD_REQUEST).await;
    assert_error(
        app.post_as(
            &token,
            &format!("/api/products/{ghost}/media"),
            &json!({"url": "/m/a.webp", "type": "image"}),
        )
        .await,
        StatusCode::NOT_FOUND,
    )
    .await;
    assert_error(
        app.put_as(&token, &format!("/api/product-media/{ghost}"), &json!({"sortOrder": 1})).await,
        StatusCode::NOT_FOUND,
    )
    .await;
    assert_error(app.delete_as(&token, &format!("/api/product-media/{ghost}")).await, StatusCode::NOT_FOUND)
        .await;
    assert_error(app.delete_as(&token, "/api/product-media/xyz").await, StatusCode::BAD_REQUEST).await;

    let media = app.get_json(&media_path).await;
    let media_id = media[0]["id"].as_str().expect("id");
    for sort_order in [json!(-1), json!(1.5), json!(null), json!("x"), json!(100_001)] {
        let body = assert_error(
            app.put_as(&token, &format!("/api/product-media/{media_id}"), &json!({"sortOrder": sort_order}))
                .await,
            StatusCode::BAD_REQUEST,
        )
        .await;
        assert!(body["errors"]["sortOrder"].is_string(), "{body}");
    }
}

#[tokio::test]
async fn deleting_a_product_deletes_its_media() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (name, count) = richest_demo_product();
    let product = app.product(&name).await;
    let id = product["id"].as_str().expect("id");
    app.post_as(&token, &format!("/api/products/{id}/media"), &json!({"url": "/m/x.webp", "type": "image"}))
        .await;
    let media = app.get_json(&format!("/api/products/{id}/media")).await;
    let media_ids: Vec<String> =
        media.as_array().expect("list").iter().map(|m| m["id"].as_str().expect("id").to_owned()).collect();
    assert_eq!(media_ids.len(), count + 1);
    let total_before = app.rows("product_media");
    let own = i64::try_from(count + 1).expect("count");
    assert_eq!(app.sql_count(&format!("SELECT count(*) FROM product_media WHERE product_id = '{id}'")), own);

    assert_eq!(
        app.delete_as(&token, &format!("/api/admin/products/{id}")).await.status(),
        StatusCode::NO_CONTENT
    );

    assert_error(app.get(&format!("/api/products/{id}/media")).await, StatusCode::NOT_FOUND).await;
    assert_eq!(app.sql_count(&format!("SELECT count(*) FROM product_media WHERE product_id = '{id}'")), 0);
    assert_eq!(app.rows("product_media"), total_before - own, "other products keep their media");
    for media_id in media_ids {
        assert_error(
            app.put_as(&token, &format!("/api/product-media/{media_id}"), &json!({"sortOrder": 1})).await,
            StatusCode::NOT_FOUND,
        )
        .await;
    }
}

#[tokio::test]
async fn services_are_listed_by_price_and_managed_by_admins() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let services = app.get_json("/api/services").await;
    let list = services.as_array().expect("list");
    let demo = demo_catalogue();
    let demo_services = demo["services"].as_array().expect("demo services");
    assert_eq!(list.len(), demo_services.len());
    for service in list {
        assert_eq!(keys(service), sorted(SERVICE_KEYS), "{service}");
        assert!(is_money(&service["price"]));
        let demo_service =
            demo_services.iter().find(|s| s["name"] == service["name"]).expect("a demo service");
        assert_eq!(service["duration"], demo_service["duration"]);
    }
    let prices: Vec<i64> = list.iter().map(|s| cents(s["price"].as_str().expect("price"))).collect();
    assert!(prices.windows(2).all(|pair| pair[0] <= pair[1]), "by price: {prices:?}");
    // The four bookable services at the specification's prices.
    for (name, price) in [
        ("Massage Therapy", "120.00"),
        ("Rustic Spa Treatments", "85.00"),
        ("Tiny Home Retreat", "180.00"),
        ("Wellness Packages", "450.00"),
    ] {
        let service = list.iter().find(|s| s["name"] == name).unwrap_or_else(|| panic!("{name}"));
        assert_eq!(service["price"], price, "{name}");
    }
    let demo_count = list.len();

    // Create.
    let body = json!({
        "name": "Sound Bath",
        "description": "Singing bowls.",
        "price": "65",
        "duration": "45",
        "image": "/media/services/sound-bath.webp",
    });
    let created = expect_json(app.post_as(&token, "/api/services", &body).await, StatusCode::CREATED).await;
    assert_eq!(keys(&created), sorted(SERVICE_KEYS));
    assert_eq!(created["price"], "65.00");
    assert_eq!(created["duration"], 45);
    let id = created["id"].as_str().expect("id").to_owned();
    assert_eq!(app.get_json("/api/services").await.as_array().expect("list").len(), demo_count + 1);

    // Validation.
    assert_field_errors(
        app.post_as(&token, "/api/services", &json!({})).await,
        &[
            ("name", "Name is required"),
            ("description", "Description is required"),
            ("price", "Price is required"),
            ("duration", "Duration is required"),
            ("image", "Image URL is required"),
        ],
    )
    .await;
    for duration in [json!(0), json!(-30), json!(1.5), json!(10_081), json!("an hour")] {
        let mut invalid = body.clone();
        invalid["duration"] = duration;
        assert_field_errors(
            app.post_as(&token, "/api/services", &invalid).await,
            &[("duration", "Duration must be from 1 to 10080 minutes")],
        )
        .await;
    }
    assert_eq!(app.rows("services"), i64::try_from(demo_count + 1).expect("count"));

    // Update returns the updated service.
    let mut update = body.clone();
    update["price"] = json!(70.5);
    update["duration"] = json!(50);
    let updated =
        expect_json(app.put_as(&token, &format!("/api/admin/services/{id}"), &update).await, StatusCode::OK)
            .await;
    assert_eq!(updated["price"], "70.50");
    assert_eq!(updated["duration"], 50);
    let ghost = uuid::Uuid::new_v4();
    assert_error(
        app.put_as(&token, &format!("/api/admin/services/{ghost}"), &update).await,
        StatusCode::NOT_FOUND,
    )
    .await;
    assert_error(app.put_as(&token, "/api/admin/services/1", &update).await, StatusCode::BAD_REQUEST).await;

    // Delete takes the service's availability entries with it.
    let date = crate::helpers::days_from_today(30);
    expect_json(
        app.upsert_availability(
            &token,
            &json!({"date": date, "serviceId": id, "timeSlot": "9:00", "maxCapacity": 2}),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(app.sql_count(&format!("SELECT count(*) FROM availability WHERE service_id = '{id}'")), 1);
    assert_eq!(
        app.delete_as(&token, &format!("/api/admin/services/{id}")).await.status(),
        StatusCode::NO_CONTENT
    );
    assert_eq!(app.sql_count(&format!("SELECT count(*) FROM availability WHERE service_id = '{id}'")), 0);
    assert_error(app.delete_as(&token, &format!("/api/admin/services/{id}")).await, StatusCode::NOT_FOUND)
        .await;
    assert_error(app.delete_as(&token, "/api/admin/services/x").await, StatusCode::BAD_REQUEST).await;
    assert_eq!(app.get_json("/api/services").await.as_array().expect("list").len(), demo_count);
}

#[tokio::test]
async fn a_service_asks_for_a_fixed_or_a_percentage_deposit_and_a_save_without_one_keeps_it() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let body = json!({"name": "Deposit Ritual", "description": "d", "price": "80.00", "duration": 60,
        "image": "/x.webp", "depositPercent": 25});
    let created = expect_json(app.post_as(&token, "/api/services", &body).await, StatusCode::CREATED).await;
    assert_eq!((created["depositPercent"].as_i64(), &created["depositAmount"]), (Some(25), &Value::Null));
    let path = format!("/api/admin/services/{}", created["id"].as_str().expect("id"));
    // The specification's dashboard sends no deposit: the service keeps its own.
    let plain = json!({"name": "Deposit Ritual", "description": "d", "price": "90.00", "duration": 60, "image": "/x.webp"});
    let kept = expect_json(app.put_as(&token, &path, &plain).await, StatusCode::OK).await;
    assert_eq!(kept["depositPercent"], 25);
    let mut fixed = plain.clone();
    fixed["depositAmount"] = json!("30.00");
    fixed["depositPercent"] = json!(0);
    let changed = expect_json(app.put_as(&token, &path, &fixed).await, StatusCode::OK).await;
    assert_eq!(
        (changed["depositAmount"].as_str(), &changed["depositPercent"]),
        (Some("30.00"), &Value::Null)
    );
    let mut none = plain.clone();
    none["depositAmount"] = json!(0);
    let cleared = expect_json(app.put_as(&token, &path, &none).await, StatusCode::OK).await;
    assert_eq!((&cleared["depositAmount"], &cleared["depositPercent"]), (&Value::Null, &Value::Null));
    for (field, value, message) in [
        ("depositPercent", json!(101), "A deposit percentage must be a whole number from 1 to 100"),
        ("depositPercent", json!(12.5), "A deposit percentage must be a whole number from 1 to 100"),
        ("depositAmount", json!("-5"), "Deposit:"),
    ] {
        let mut bad = plain.clone();
        bad[field] = value;
        let refused = assert_error_code(
            app.put_as(&token, &path, &bad).await,
            StatusCode::BAD_REQUEST,
            "validation_failed",
        )
        .await;
        assert!(refused["errors"][field].as_str().expect("message").starts_with(message), "{refused}");
    }
    let mut both = plain;
    both["depositAmount"] = json!("10.00");
    both["depositPercent"] = json!(10);
    let refused = assert_error_code(
        app.put_as(&token, &path, &both).await,
        StatusCode::BAD_REQUEST,
        "validation_failed",
    )
    .await;
    assert_eq!(refused["errors"]["depositAmount"], "A deposit is an amount or a percentage, not both");
    // The demo's stay asks for 30 %.
    let services = app.get_json("/api/services").await;
    let stay =
        services.as_array().expect("list").iter().find(|s| s["bookingKey"] == "accommodation").expect("stay");
    assert_eq!(stay["depositPercent"], 30);
}
