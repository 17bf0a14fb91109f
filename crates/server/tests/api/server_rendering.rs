//! Pages that arrive whole (docs/decisions.md §13): every public route's HTML
//! already holds its heading and main content, rendered by the real frontend
//! server bundle (`frontend/dist/.server/render.js`, built by
//! `just build-frontend`, which `just test-rust` runs first) inside the
//! server, with the data the app starts from; what the dashboard changes is
//! in the next answer.

use std::path::PathBuf;

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{
    Options, TestApp, booking_body, days_from_today, expect_json, order_body, spawn_app_with,
};

pub fn built_frontend() -> PathBuf {
    let dist = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../frontend/dist");
    assert!(
        dist.join(".server/render.js").is_file(),
        "the frontend's server bundle is missing: run `just build-frontend` first"
    );
    dist
}

async fn site() -> TestApp {
    spawn_app_with(Options { frontend_dir: Some(built_frontend()), ..Options::default() }).await
}

/// The page's HTML, with its status.
async fn html(app: &TestApp, path: &str) -> (StatusCode, String) {
    let response = app.get(path).await;
    let status = response.status();
    (status, response.text().await.expect("html"))
}

/// The server-rendered root element's content.
fn root(html: &str) -> &str {
    let start = html.find(r#"<div id="root">"#).expect("root element") + r#"<div id="root">"#.len();
    let end = html.rfind("</main>").unwrap_or(html.len());
    &html[start..end.max(start)]
}

/// The data block the app starts from.
fn query_state(html: &str) -> Value {
    let start = html.find(r#"<script id="query-state" type="application/json">"#).expect("query state")
        + r#"<script id="query-state" type="application/json">"#.len();
    let end = start + html[start..].find("</script>").expect("end of the data block");
    serde_json::from_str(&html[start..end]).expect("query state is JSON")
}

fn assert_contains(page: &str, html: &str, texts: &[&str]) {
    for text in texts {
        assert!(html.contains(text), "{page}: the server-rendered HTML lacks {text:?}\n{html}");
    }
}

#[tokio::test]
async fn every_public_page_arrives_with_its_content() {
    let app = site().await;
    let token = app.admin_token().await;
    let product = app.create_product(&token, "Juniper Bath Salts", "skincare", "18.00").await;
    let service = json!({"name": "Cedar Sound Bath", "description": "Singing bowls under the old cedars.",
        "price": "65", "duration": "45", "image": "/media/services/sound-bath.webp"});
    expect_json(app.post_as(&token, "/api/services", &service).await, StatusCode::CREATED).await;
    let post = json!({"title": "Pine Pollen Season", "slug": "pine-pollen-season", "excerpt": "Spring gold.",
        "content": "Gold dust drifts down from the sugar pines every May.",
        "image": "/media/blog/forest-bathing-san-jacinto.webp"});
    expect_json(app.post_as(&token, "/api/blog-posts", &post).await, StatusCode::CREATED).await;

    let pages: [(&str, &[&str]); 11] = [
        ("/", &["Where the pines", "teach stillness", "Our Services", "Cedar Sound Bath", "The Apothecary"]),
        ("/services", &["Our Services", "Cedar Sound Bath", "Singing bowls under the old cedars.", "$65"]),
        ("/products", &["Wellness Products", "Juniper Bath Salts", "$18.00"]),
        ("/blog", &["Notes from the Mountain", "Pine Pollen Season", "Spring gold."]),
        (
            "/blog/pine-pollen-season",
            &["Pine Pollen Season", "Gold dust drifts down from the sugar pines every May."],
        ),
        ("/contact", &["Contact Us"]),
        ("/wellness-quiz", &["Wellness Quiz"]),
        ("/checkout", &["Checkout"]),
        // The amounts (presets, then the custom amount's range) and the treatments: bookable services.
        (
            "/gift-cards",
            &[
                "Gift Cards",
                "Choose an amount",
                ">$50<",
                ">$100<",
                ">$150<",
                ">$250<",
                "Any amount from $25 to $1,000",
                "Massage Therapy",
                "Rustic Spa Treatments",
            ],
        ),
        // A guest's page arrives in its loading state (her booking loads in
        // her browser), with the words a phone paints first.
        (
            "/bookings/manage/eyJhbGciOiJIUzI1NiJ9.e30.sig",
            &["Your Booking", "The details of your time with us", "Loading your booking"],
        ),
        ("/no-such-page", &["404 Page Not Found"]),
    ];
    for (path, texts) in pages {
        let (status, page) = html(&app, path).await;
        let expected = if path == "/no-such-page" { StatusCode::NOT_FOUND } else { StatusCode::OK };
        assert_eq!(status, expected, "{path}");
        let rendered = root(&page);
        assert!(rendered.starts_with('<'), "{path}: #root is empty\n{page}");
        // The header's navigation is there too, as plain links.
        assert_contains(path, rendered, &[r#"href="/services""#, r#"href="/products""#, r#"href="/blog""#]);
        assert_contains(path, rendered, texts);
    }

    // The data each page was rendered from goes with it, so the app does not
    // ask again.
    let (_, products_page) = html(&app, "/products").await;
    assert!(query_state(&products_page).to_string().contains("Juniper Bath Salts"));
    let (_, post_page) = html(&app, "/blog/pine-pollen-season").await;
    assert!(query_state(&post_page).to_string().contains("Gold dust drifts down"));

    // A change through the API is in the very next page.
    let id = product["id"].as_str().expect("id");
    let mut renamed = product.clone();
    renamed["name"] = json!("Juniper & Sage Bath Salts");
    expect_json(app.put_as(&token, &format!("/api/admin/products/{id}"), &renamed).await, StatusCode::OK)
        .await;
    let (_, page) = html(&app, "/products").await;
    assert_contains("/products after the rename", root(&page), &["Juniper &amp; Sage Bath Salts"]);

    // A post's page for a slug that is no post is a 404 (the app shows it).
    let (status, _) = html(&app, "/blog/no-such-post").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_gift_card_page_arrives_with_the_options_the_api_gives_and_follows_the_services() {
    let app = site().await;
    let token = app.admin_token().await;
    let options = app.get_json("/api/gift-cards/options").await;
    let (status, page) = html(&app, "/gift-cards").await;
    assert_eq!(status, StatusCode::OK);
    let rendered = root(&page);
    assert!(!rendered.contains(r#"aria-busy="true""#), "the amounts are not left loading\n{rendered}");
    let treatments = options["services"].as_array().expect("services");
    assert!(!treatments.is_empty(), "the demo services are bookable");
    for treatment in treatments {
        assert_contains("/gift-cards", rendered, &[treatment["name"].as_str().expect("name")]);
    }
    // The page came with exactly the API's answer, under the key the page reads.
    let state = query_state(&page);
    let queries = state["queries"].as_array().expect("queries");
    let sent =
        queries.iter().find(|q| q["queryKey"] == json!(["gift-cards", "options"])).expect("the options");
    assert_eq!(sent["state"]["data"], options);

    // A treatment renamed in the dashboard is in the very next page, and in the API's answer.
    let massage = treatments.iter().find(|s| s["name"] == "Massage Therapy").expect("the demo massage");
    let id = massage["id"].as_str().expect("id");
    let services = app.get_json("/api/services").await;
    let mut record =
        services.as_array().expect("services").iter().find(|s| s["id"] == id).expect("record").clone();
    record["name"] = json!("Cedar & Stone Massage");
    expect_json(app.put_as(&token, &format!("/api/admin/services/{id}"), &record).await, StatusCode::OK)
        .await;
    let (_, page) = html(&app, "/gift-cards").await;
    assert_contains("/gift-cards after the rename", root(&page), &["Cedar &amp; Stone Massage"]);
    assert!(!root(&page).contains("Massage Therapy"), "{}", root(&page));
    let renamed = app.get_json("/api/gift-cards/options").await;
    assert_eq!(query_state(&page)["queries"][0]["state"]["data"], renamed);
}

#[tokio::test]
async fn the_privacy_page_states_the_retention_of_health_answers_the_owner_set() {
    let app = site().await;
    let owner = app.admin_token().await;
    assert_eq!(app.get_json("/api/privacy/terms").await, json!({"intakeKeepMonths": 24}));
    let (status, page) = html(&app, "/privacy").await;
    assert_eq!(status, StatusCode::OK);
    assert_contains(
        "/privacy",
        root(&page),
        &["Health and intake answers", "24 months after your last visit"],
    );

    // The owner keeps them longer: the very next page says so, and the API too.
    let settings = json!({"lockHours": 12, "keepMonths": 36});
    expect_json(app.put_as(&owner, "/api/admin/intake-settings", &settings).await, StatusCode::OK).await;
    let (_, page) = html(&app, "/privacy").await;
    assert_contains("/privacy after the change", root(&page), &["36 months after your last visit"]);
    assert!(!root(&page).contains("24 months"), "{}", root(&page));
    assert_eq!(app.get_json("/api/privacy/terms").await, json!({"intakeKeepMonths": 36}));
    let state = query_state(&page);
    let sent = state["queries"]
        .as_array()
        .expect("queries")
        .iter()
        .find(|q| q["queryKey"] == json!(["privacy", "terms"]));
    assert_eq!(sent.map(|q| &q["state"]["data"]), Some(&json!({"intakeKeepMonths": 36})));
}

#[tokio::test]
async fn text_from_the_dashboard_cannot_break_out_of_the_page() {
    let app = site().await;
    let token = app.admin_token().await;
    let hostile = "</script><script>alert(1)</script>";
    app.create_product(&token, hostile, "candles", "9.00").await;
    let (_, page) = html(&app, "/products").await;
    // React escapes it in the markup; the data block escapes every `<`.
    assert!(!page.contains("<script>alert(1)"), "{page}");
    assert!(query_state(&page).to_string().contains(hostile));
}

#[tokio::test]
async fn the_server_bundle_is_not_served() {
    let app = site().await;
    // The file service refuses hidden paths outright (400).
    let response = app.get("/.server/render.js").await;
    assert!(response.status().is_client_error(), "{}", response.status());
    let body = response.text().await.expect("body");
    assert!(!body.contains("routeData"), "the bundle's source must not be sent");
}

/// How many pages the server bundle has rendered since the start
/// (`golden_pine_pages_rendered_total` of `/metrics`).
async fn pages_rendered(app: &TestApp, token: &str) -> u64 {
    let text = app.get_as(token, "/metrics").await.text().await.expect("metrics");
    text.lines()
        .find_map(|line| line.strip_prefix("golden_pine_pages_rendered_total "))
        .and_then(|value| value.trim().parse().ok())
        .expect("the pages counter is exposed")
}

#[tokio::test]
async fn guests_booking_writing_and_signing_in_leave_every_kept_page_as_it_is() {
    let app = site().await;
    let token = app.admin_token().await;
    let paths = [
        "/",
        "/services",
        "/products",
        "/blog",
        "/contact",
        "/wellness-quiz",
        "/checkout",
        "/gift-cards",
        "/privacy",
    ];
    for path in paths {
        assert_eq!(html(&app, path).await.0, StatusCode::OK, "{path}");
    }
    let made = pages_rendered(&app, &token).await;
    assert!(made >= paths.len() as u64, "each page was rendered once: {made}");
    for path in paths {
        html(&app, path).await;
    }
    assert_eq!(pages_rendered(&app, &token).await, made, "kept pages are not rendered again");

    // A burst of bookings, and every other write a guest or the owner makes
    // that changes nothing the pages show.
    // Each at a time of its own: the demo retreat takes two or three guests a time.
    let bookings = (0..24).map(|i| {
        let date = days_from_today(9 + (i / 5) as i64);
        let time = ["9:00", "11:00", "13:00", "15:00", "17:00"][i % 5];
        let mut body = booking_body(["massage", "spa", "package"][i % 3], &date, time);
        body["email"] = json!(format!("guest{i}@example.com"));
        let app = &app;
        async move { app.post_json("/api/bookings", &body).await.status() }
    });
    for status in futures_util::future::join_all(bookings).await {
        assert_eq!(status, StatusCode::CREATED);
    }
    let message = json!({"firstName": "Ada", "lastName": "Pine", "email": "ada@example.com",
        "message": "Do you have a sauna?"});
    assert_eq!(app.post_json("/api/contact-messages", &message).await.status(), StatusCode::CREATED);
    let sign_up = json!({"email": "news@example.com"});
    assert_eq!(app.post_json("/api/newsletter-subscriptions", &sign_up).await.status(), StatusCode::CREATED);
    let answers = json!({"wellnessGoal": "stress-relief", "stressLevel": "high", "timePreference": "quick",
        "experienceType": "hands-on", "productInterest": "teas"});
    assert_eq!(app.post_json("/api/quiz/recommendation", &answers).await.status(), StatusCode::OK);
    app.admin_token().await;
    // An order of products with no stock limit shows nowhere.
    let products = app.products().await;
    let order = order_body(&[(&products[0], 1)]);
    assert_eq!(app.post_json("/api/orders", &order).await.status(), StatusCode::CREATED);
    // The intake purge's stamp shares a row with the retention the privacy page states.
    app.sql("UPDATE intake_settings SET purged_at = now()");
    for path in paths {
        html(&app, path).await;
    }
    assert_eq!(pages_rendered(&app, &token).await, made, "none of those writes made a page again");

    // A change to the catalogue does: the pages that show it are made anew.
    let mut update = products[0].clone();
    update["price"] = json!("91.00");
    let response = app
        .put_as(&token, &format!("/api/admin/products/{}", products[0]["id"].as_str().expect("id")), &update)
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let (_, shop) = html(&app, "/products").await;
    assert_contains("/products", &shop, &["$91.00"]);
    assert_eq!(pages_rendered(&app, &token).await, made + 1, "the shop was made again, once");
}

#[tokio::test]
async fn an_order_taking_a_limited_stock_is_in_the_next_shop_page() {
    let app = site().await;
    let token = app.admin_token().await;
    let candle = json!({"name": "Ember Candle", "category": "candles", "price": "30.00",
        "description": "Hand-poured.", "image": "/media/products/cedar.webp", "stock": 6});
    let candle = expect_json(app.post_as(&token, "/api/products", &candle).await, StatusCode::CREATED).await;
    let (_, shop) = html(&app, "/products").await;
    assert!(!shop.contains("Only 4 left"), "{}", root(&shop));
    let order = order_body(&[(&candle, 2)]);
    assert_eq!(app.post_json("/api/orders", &order).await.status(), StatusCode::CREATED);
    let (_, shop) = html(&app, "/products").await;
    assert_contains("/products", &shop, &["Only 4 left"]);
}
