//! The catalogue read from memory (docs/decisions.md §13): strong ETags with
//! 304 answers, invalidated by every write, in every process on the database.

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use reqwest::header::{CACHE_CONTROL, ETAG, IF_NONE_MATCH};
use serde_json::{Value, json};

use crate::helpers::*;

/// GETs `path`, checks the caching headers, and returns (ETag, body).
async fn cached_get(app: &TestApp, path: &str) -> (String, Value) {
    let response = app.get(path).await;
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    assert_eq!(response.headers()[CACHE_CONTROL], "no-cache", "{path}: browsers keep it and revalidate");
    let etag = response.headers()[ETAG].to_str().expect("ascii").to_owned();
    assert!(etag.starts_with('"') && etag.ends_with('"') && !etag.starts_with("W/"), "a strong ETag: {etag}");
    (etag, response.json().await.expect("json"))
}

async fn status_with_etag(app: &TestApp, path: &str, etag: &str) -> (StatusCode, String) {
    let response =
        app.request(reqwest::Method::GET, path).header(IF_NONE_MATCH, etag).send().await.expect("sent");
    let status = response.status();
    (status, response.text().await.expect("body"))
}

#[tokio::test]
async fn every_cached_read_revalidates_with_its_etag_and_a_write_changes_it() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let product = app.products().await[0].clone();
    let product_id = product["id"].as_str().expect("id").to_owned();
    let slug = app.demo_slug().await;
    let paths = [
        "/api/products".to_owned(),
        "/api/services".to_owned(),
        "/api/blog-posts".to_owned(),
        format!("/api/blog-posts/{slug}"),
        format!("/api/products/{product_id}/media"),
    ];
    for path in &paths {
        let (etag, first) = cached_get(&app, path).await;
        let (again, second) = cached_get(&app, path).await;
        assert_eq!((&etag, &first), (&again, &second), "{path}: the same answer, the same tag");
        let (status, body) = status_with_etag(&app, path, &etag).await;
        assert_eq!((status, body.as_str()), (StatusCode::NOT_MODIFIED, ""), "{path}");
        let (status, _) = status_with_etag(&app, path, "\"stale\"").await;
        assert_eq!(status, StatusCode::OK, "{path}: another tag gets the body");
    }

    // A price change: the old tag no longer matches, the new answer has the price.
    let (etag, _) = cached_get(&app, "/api/products").await;
    let mut update = product.clone();
    update["price"] = json!("77.00");
    let response = app.put_as(&token, &format!("/api/admin/products/{product_id}"), &update).await;
    assert_eq!(response.status(), StatusCode::OK);
    let (status, body) = status_with_etag(&app, "/api/products", &etag).await;
    assert_eq!(status, StatusCode::OK, "the write made the kept answer stale");
    let list: Value = serde_json::from_str(&body).expect("json");
    let changed =
        list.as_array().expect("list").iter().find(|p| p["id"] == product_id.as_str()).expect("product");
    assert_eq!(changed["price"], "77.00");

    // Unknown posts and products are answered, not kept.
    assert_error(app.get("/api/blog-posts/no-such-post").await, StatusCode::NOT_FOUND).await;
    assert_error(
        app.get(&format!("/api/products/{}/media", uuid::Uuid::new_v4())).await,
        StatusCode::NOT_FOUND,
    )
    .await;
}

/// Asks `path` of `app` until `done` holds for the answer, at most a second.
async fn within_a_second(app: &TestApp, path: &str, done: impl Fn(&Value) -> bool) -> Duration {
    let start = Instant::now();
    loop {
        let (_, body) = cached_get(app, path).await;
        if done(&body) {
            return start.elapsed();
        }
        assert!(start.elapsed() < Duration::from_secs(1), "{path} still stale after a second: {body}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_change_made_through_one_process_is_served_by_another_within_a_second() {
    let first = spawn_app().await;
    let second =
        spawn_app_with(Options { database_url: Some(first.database_url.clone()), ..Options::default() })
            .await;
    let token = first.admin_token().await;

    // The second process keeps its answers...
    let (_, before) = cached_get(&second, "/api/products").await;
    let name = "Juniper Bath Salts";
    assert!(!before.as_array().expect("list").iter().any(|p| p["name"] == name));
    // ...until the first one changes the catalogue.
    first.create_product(&token, name, "skincare", "18.00").await;
    within_a_second(&second, "/api/products", |list| {
        list.as_array().expect("list").iter().any(|p| p["name"] == name)
    })
    .await;

    // A post, and a change made outside the API altogether (by hand in SQL).
    let (_, posts) = cached_get(&second, "/api/blog-posts").await;
    let count = posts.as_array().expect("list").len();
    let post = json!({"title": "Pine Pollen", "slug": "pine-pollen", "excerpt": "Spring.", "content": "Gold dust.",
        "image": "/media/blog/forest-bathing-san-jacinto.webp"});
    expect_json(first.post_as(&token, "/api/blog-posts", &post).await, StatusCode::CREATED).await;
    within_a_second(&second, "/api/blog-posts", |list| list.as_array().expect("list").len() == count + 1)
        .await;
    cached_get(&second, "/api/services").await;
    first.sql("UPDATE services SET price = 321 WHERE booking_key = 'massage'");
    within_a_second(&second, "/api/services", |list| {
        list.as_array().expect("list").iter().any(|s| s["price"] == "321.00")
    })
    .await;

    // How long health answers are kept, stated on the privacy page: the
    // owner's setting, changed in one process, is what the other answers.
    cached_get(&second, "/api/privacy/terms").await;
    first.sql("UPDATE intake_settings SET keep_months = 30");
    within_a_second(&second, "/api/privacy/terms", |terms| terms["intakeKeepMonths"] == 30).await;
}
