//! Administrator login: tokens, uniform failures, deactivation, throttling.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{
    ADMIN_EMAIL, ADMIN_NAME, ADMIN_PASSWORD, TestApp, assert_error, assert_field_errors, expect_json, keys,
    sorted, spawn_app,
};

const ADMIN_KEYS: &[&str] =
    &["id", "email", "name", "isActive", "createdAt", "lastLogin", "role", "twoFactor", "canReadIntake"];

async fn login(app: &TestApp, email: &str, password: &str) -> reqwest::Response {
    app.post_json("/api/admin/login", &json!({"email": email, "password": password})).await
}

/// Fails when any key anywhere in `value` mentions a password.
fn assert_no_password(value: &Value) {
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                assert!(!key.to_ascii_lowercase().contains("password"), "{key} in {value}");
                assert_no_password(inner);
            }
        }
        Value::Array(items) => items.iter().for_each(assert_no_password),
        Value::String(text) => {
            assert!(!text.contains(ADMIN_PASSWORD), "the password leaked");
            assert!(!text.starts_with("$2"), "a bcrypt hash leaked");
        }
        _ => {}
    }
}

#[tokio::test]
async fn login_returns_a_token_and_the_admin_sets_last_login_and_the_token_works() {
    let app = spawn_app().await;
    assert_eq!(app.sql_count("SELECT count(*) FROM admin_users WHERE last_login IS NULL"), 1);
    let started = chrono::Utc::now();
    let body = expect_json(login(&app, ADMIN_EMAIL, ADMIN_PASSWORD).await, StatusCode::OK).await;
    assert_eq!(keys(&body), sorted(&["token", "expiresAt", "admin"]));
    assert_no_password(&body);
    let admin = &body["admin"];
    assert_eq!(keys(admin), sorted(ADMIN_KEYS));
    assert_eq!(admin["email"], ADMIN_EMAIL);
    assert_eq!(admin["name"], ADMIN_NAME);
    assert_eq!(admin["isActive"], true);
    let last_login: chrono::DateTime<chrono::Utc> =
        admin["lastLogin"].as_str().expect("lastLogin set").parse().expect("time");
    assert!((last_login - started).num_seconds().abs() < 60, "lastLogin is now");
    assert_eq!(app.sql_count("SELECT count(*) FROM admin_users WHERE last_login IS NOT NULL"), 1);
    let expires: chrono::DateTime<chrono::Utc> =
        body["expiresAt"].as_str().expect("expiresAt").parse().expect("time");
    let lifetime = expires - started;
    assert!(
        lifetime > chrono::Duration::hours(7) && lifetime <= chrono::Duration::hours(9),
        "tokens last hours: {lifetime}"
    );

    let token = body["token"].as_str().expect("token");
    let me = app.admin_json(token, "/api/admin/me").await;
    assert_no_password(&me);
    assert_eq!(&me, admin);
    // The bearer scheme is case-insensitive.
    let response = app
        .request(reqwest::Method::GET, "/api/admin/me")
        .header("Authorization", format!("bearer {token}"))
        .send()
        .await;
    assert_eq!(response.expect("sent").status(), StatusCode::OK);

    // The email is matched without regard to case.
    expect_json(login(&app, "OWNER@GoldenPine.TEST", ADMIN_PASSWORD).await, StatusCode::OK).await;
}

#[tokio::test]
async fn wrong_password_and_unknown_email_both_answer_exactly_invalid_credentials() {
    let app = spawn_app().await;
    let mut bodies = Vec::new();
    for (email, password) in [
        (ADMIN_EMAIL, "wrong password entirely"),
        (ADMIN_EMAIL, &format!("{ADMIN_PASSWORD} ")),
        ("nobody@goldenpine.test", ADMIN_PASSWORD),
        ("not-an-email", ADMIN_PASSWORD),
    ] {
        let response = login(&app, email, password).await;
        assert_eq!(response.headers().get("www-authenticate").and_then(|v| v.to_str().ok()), Some("Bearer"));
        let body = assert_error(response, StatusCode::UNAUTHORIZED).await;
        assert_eq!(body, json!({"code": "invalid_credentials", "message": "Invalid credentials"}), "{email}");
        bodies.push(body);
    }
    assert!(bodies.windows(2).all(|pair| pair[0] == pair[1]), "no difference reveals which part was wrong");
    assert_eq!(app.sql_count("SELECT count(*) FROM admin_users WHERE last_login IS NOT NULL"), 0);

    assert_field_errors(
        app.post_json("/api/admin/login", &json!({})).await,
        &[("email", "Email is required"), ("password", "Password is required")],
    )
    .await;
    assert_field_errors(
        app.post_json("/api/admin/login", &json!({"email": ADMIN_EMAIL, "password": ""})).await,
        &[("password", "Password is required")],
    )
    .await;
}

#[tokio::test]
async fn a_deactivated_admin_cannot_log_in_and_loses_its_session() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    app.sql(&format!("UPDATE admin_users SET is_active = FALSE WHERE email = '{ADMIN_EMAIL}'"));
    let body = assert_error(login(&app, ADMIN_EMAIL, ADMIN_PASSWORD).await, StatusCode::UNAUTHORIZED).await;
    assert_eq!(body["message"], "Invalid credentials");
    assert_error(app.get_as(&token, "/api/admin/me").await, StatusCode::UNAUTHORIZED).await;
    // Reactivated, it can log in again.
    app.sql(&format!("UPDATE admin_users SET is_active = TRUE WHERE email = '{ADMIN_EMAIL}'"));
    expect_json(login(&app, ADMIN_EMAIL, ADMIN_PASSWORD).await, StatusCode::OK).await;
    app.admin_json(&token, "/api/admin/me").await;
}

#[tokio::test]
async fn repeated_failures_from_one_client_are_throttled_with_429_and_retry_after() {
    let app = spawn_app().await;
    let max = domain::admin::MAX_FAILED_LOGINS;
    for attempt in 1..=max {
        let body =
            assert_error(login(&app, ADMIN_EMAIL, "not the password").await, StatusCode::UNAUTHORIZED).await;
        assert_eq!(body["message"], "Invalid credentials", "attempt {attempt}");
    }
    // Locked out now: even the right password waits.
    for password in ["not the password", ADMIN_PASSWORD] {
        let response = login(&app, ADMIN_EMAIL, password).await;
        let retry_after: i64 = response
            .headers()
            .get("retry-after")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse().ok())
            .expect("Retry-After in seconds");
        let window = domain::admin::LOGIN_WINDOW_MINUTES * 60;
        assert!((1..=window).contains(&retry_after), "Retry-After {retry_after}");
        let body = assert_error(response, StatusCode::TOO_MANY_REQUESTS).await;
        assert_eq!(body["message"], "Too many failed logins. Please try again later.");
    }
    // Other emails from the same client are throttled too, and forwarding
    // headers (which anyone can send) do not make it another client.
    assert_error(login(&app, "someone@else.test", "whatever password").await, StatusCode::TOO_MANY_REQUESTS)
        .await;
    for header in ["X-Forwarded-For", "X-Real-IP", "Forwarded"] {
        let value = if header == "Forwarded" { "for=203.0.113.7" } else { "203.0.113.7" };
        let response = app
            .request(reqwest::Method::POST, "/api/admin/login")
            .header(header, value)
            .json(&json!({"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD}))
            .send()
            .await
            .expect("sent");
        assert_error(response, StatusCode::TOO_MANY_REQUESTS).await;
    }
    assert_eq!(app.sql_count("SELECT count(*) FROM admin_users WHERE last_login IS NOT NULL"), 0);

    // When the window has passed, the client may try again.
    app.sql("UPDATE login_attempts SET window_started_at = now() - interval '16 minutes'");
    expect_json(login(&app, ADMIN_EMAIL, ADMIN_PASSWORD).await, StatusCode::OK).await;
}

#[tokio::test]
async fn a_successful_login_clears_the_failure_count() {
    let app = spawn_app().await;
    let max = domain::admin::MAX_FAILED_LOGINS;
    for _ in 1..max {
        assert_error(login(&app, ADMIN_EMAIL, "wrong wrong wrong").await, StatusCode::UNAUTHORIZED).await;
    }
    expect_json(login(&app, ADMIN_EMAIL, ADMIN_PASSWORD).await, StatusCode::OK).await;
    for attempt in 1..=max {
        let body =
            assert_error(login(&app, ADMIN_EMAIL, "wrong wrong wrong").await, StatusCode::UNAUTHORIZED).await;
        assert_eq!(body["message"], "Invalid credentials", "attempt {attempt} after the reset");
    }
    assert_error(login(&app, ADMIN_EMAIL, ADMIN_PASSWORD).await, StatusCode::TOO_MANY_REQUESTS).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_of_simultaneous_failures_gets_no_more_guesses_than_the_limit() {
    let app = spawn_app().await;
    let max = usize::try_from(domain::admin::MAX_FAILED_LOGINS).expect("limit");
    let attempts = (0..30).map(|i| {
        let client = reqwest::Client::new();
        let url = app.url("/api/admin/login");
        let body = json!({"email": ADMIN_EMAIL, "password": format!("guess number {i}")});
        async move { client.post(url).json(&body).send().await.expect("request sent").status() }
    });
    let statuses = futures_util::future::join_all(attempts).await;
    let checked = statuses.iter().filter(|s| **s == StatusCode::UNAUTHORIZED).count();
    let throttled = statuses.iter().filter(|s| **s == StatusCode::TOO_MANY_REQUESTS).count();
    assert_eq!((checked, throttled), (max, 30 - max), "only {max} guesses are checked: {statuses:?}");
    let counted = app.sql_count("SELECT failures FROM login_attempts");
    assert!(counted > i64::from(domain::admin::MAX_FAILED_LOGINS), "no failure was lost: {counted}");
    assert_error(login(&app, ADMIN_EMAIL, ADMIN_PASSWORD).await, StatusCode::TOO_MANY_REQUESTS).await;
}
