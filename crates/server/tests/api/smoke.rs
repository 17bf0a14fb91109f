use reqwest::StatusCode;

use crate::helpers::{assert_error, spawn_app};

#[tokio::test]
async fn demo_catalogue_is_served() {
    let app = spawn_app().await;
    let services = app.get_json("/api/services").await;
    assert_eq!(services.as_array().map(Vec::len), Some(4));
    let products = app.get_json("/api/products").await;
    assert!(products.as_array().is_some_and(|p| p.len() >= 9));
    let token = app.admin_token().await;
    let me = app.admin_json(&token, "/api/admin/me").await;
    assert_eq!(me["email"], crate::helpers::ADMIN_EMAIL);
    assert_error(app.get("/api/nothing-here").await, StatusCode::NOT_FOUND).await;
}
