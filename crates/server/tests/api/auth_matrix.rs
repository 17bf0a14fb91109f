//! Every operation the generated OpenAPI document marks as secured refuses
//! every kind of bad credential with a JSON 401, and accepts a valid token.

use jsonwebtoken::{Algorithm, EncodingKey, Header, encode};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{JWT_SECRET, Operation, TestApp, fill_path, operations, spawn_app};

const ISSUER: &str = "golden-pine-retreat";

fn sign(claims: &Value, secret: &str) -> String {
    encode(&Header::new(Algorithm::HS256), claims, &EncodingKey::from_secret(secret.as_bytes()))
        .expect("token")
}

fn claims(sub: &str, issued_ago_secs: i64, lifetime_secs: i64, issuer: &str) -> Value {
    let now = chrono::Utc::now().timestamp();
    json!({"sub": sub, "iat": now - issued_ago_secs, "exp": now - issued_ago_secs + lifetime_secs, "iss": issuer})
}

/// base64url without padding, for hand-made tokens.
fn base64url(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], *chunk.get(1).unwrap_or(&0), *chunk.get(2).unwrap_or(&0)];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..=chunk.len() {
            out.push(char::from(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize]));
        }
    }
    out
}

/// An unsigned token (`alg: none`) with otherwise valid claims.
fn unsigned(claims: &Value) -> String {
    let header = base64url(br#"{"alg":"none","typ":"JWT"}"#);
    format!("{header}.{}.", base64url(claims.to_string().as_bytes()))
}

/// The token with the first character of its signature changed.
fn tamper_signature(token: &str) -> String {
    let at = token.rfind('.').expect("signature") + 1;
    let replacement = if token[at..].starts_with('A') { "B" } else { "A" };
    format!("{}{replacement}{}", &token[..at], &token[at + 1..])
}

/// The admin operations, read from the running app's OpenAPI document.
async fn admin_operations(app: &TestApp) -> Vec<Operation> {
    let all = operations(&app.openapi().await);
    let secured: Vec<Operation> = all.iter().filter(|op| op.secured).cloned().collect();
    let labels: Vec<String> = secured.iter().map(Operation::label).collect();
    for expected in [
        "PUT /api/admin/products/{id}",
        "GET /api/orders",
        "POST /api/products",
        "POST /api/blog-posts",
        "POST /api/services",
        "POST /api/products/{id}/media",
        "PUT /api/product-media/{id}",
        "DELETE /api/product-media/{id}",
        "GET /api/bookings",
        "GET /api/contact-messages",
        "GET /api/admin/contact-messages/{id}",
        "PUT /api/admin/contact-messages/{id}/state",
        "POST /api/admin/contact-messages/{id}/replies",
        "GET /api/admin/newsletter-subscriptions",
        "POST /api/admin/availability",
        "GET /api/admin/me",
    ] {
        assert!(labels.iter().any(|l| l == expected), "{expected} must be an admin operation: {labels:?}");
    }
    assert!(secured.len() >= 25, "a non-trivial list: {labels:?}");
    // ...and the public calls stay public.
    for public in [
        "GET /api/products",
        "POST /api/bookings",
        "POST /api/orders",
        "POST /api/admin/login",
        "GET /api/check-availability",
    ] {
        let op = all.iter().find(|op| op.label() == public).unwrap_or_else(|| panic!("{public} documented"));
        assert!(!op.secured, "{public} is public");
    }
    secured
}

async fn call(app: &TestApp, op: &Operation, authorization: Option<&str>) -> reqwest::Response {
    let path = fill_path(&op.path, &uuid::Uuid::new_v4().to_string());
    let mut request = app.request(op.method.clone(), &path);
    if let Some(value) = authorization {
        request = request.header("Authorization", value);
    }
    if op.body_schema.is_some() || op.method == Method::POST || op.method == Method::PUT {
        request = request.json(&json!({}));
    }
    request.send().await.expect("request sent")
}

async fn assert_unauthorized(app: &TestApp, ops: &[Operation], label: &str, authorization: Option<&str>) {
    for op in ops {
        let response = call(app, op, authorization).await;
        let status = response.status();
        let content_type = response
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        let text = response.text().await.expect("body");
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{} with {label}: {text}", op.label());
        assert!(content_type.starts_with("application/json"), "{} with {label}: {content_type}", op.label());
        let body: Value = serde_json::from_str(&text).expect("json");
        assert!(
            body["message"].as_str().is_some_and(|m| !m.is_empty()),
            "{} with {label}: {text}",
            op.label()
        );
    }
}

#[tokio::test]
async fn every_admin_operation_refuses_missing_malformed_forged_and_expired_tokens() {
    let app = spawn_app().await;
    let ops = admin_operations(&app).await;
    let token = app.admin_token().await;
    let admin_id = app.admin_json(&token, "/api/admin/me").await["id"].as_str().expect("id").to_owned();
    // Tokens name their signed-in device (session); crafted ones name the login's.
    let session = app.sql_text("SELECT id FROM admin_sessions ORDER BY created_at DESC LIMIT 1");
    let claims = |sub: &str, ago: i64, lifetime: i64, issuer: &str| {
        let mut claims = claims(sub, ago, lifetime, issuer);
        claims["sid"] = json!(session);
        claims
    };

    // The crafting is right: a token made here with the test secret is accepted...
    let crafted = sign(&claims(&admin_id, 0, 3600, ISSUER), JWT_SECRET);
    app.admin_json(&crafted, "/api/admin/me").await;

    // ...so each of these fails for the one reason it differs by.
    let bad: Vec<(&str, Option<String>)> = vec![
        ("no token", None),
        ("an empty bearer", Some("Bearer ".to_owned())),
        ("a malformed token", Some("Bearer not-a-jwt".to_owned())),
        ("three junk segments", Some("Bearer aaa.bbb.ccc".to_owned())),
        ("another scheme", Some(format!("Basic {}", base64url(b"owner:password")))),
        ("the token without a scheme", Some(token.clone())),
        (
            "another secret",
            Some(format!("Bearer {}", sign(&claims(&admin_id, 0, 3600, ISSUER), "some-other-secret"))),
        ),
        (
            "an expired token",
            Some(format!("Bearer {}", sign(&claims(&admin_id, 7200, 3600, ISSUER), JWT_SECRET))),
        ),
        (
            "another issuer",
            Some(format!("Bearer {}", sign(&claims(&admin_id, 0, 3600, "someone-else"), JWT_SECRET))),
        ),
        (
            "an unknown admin",
            Some(format!(
                "Bearer {}",
                sign(&claims(&uuid::Uuid::new_v4().to_string(), 0, 3600, ISSUER), JWT_SECRET)
            )),
        ),
        (
            "a subject that is not an id",
            Some(format!("Bearer {}", sign(&claims("admin", 0, 3600, ISSUER), JWT_SECRET))),
        ),
        (
            "no expiry",
            Some(format!(
                "Bearer {}",
                sign(&json!({"sub": admin_id, "iss": ISSUER, "sid": session}), JWT_SECRET)
            )),
        ),
        (
            "no session",
            Some(format!("Bearer {}", sign(&self::claims(&admin_id, 0, 3600, ISSUER), JWT_SECRET))),
        ),
        (
            "another session",
            Some(format!("Bearer {}", {
                let mut other = claims(&admin_id, 0, 3600, ISSUER);
                other["sid"] = json!(uuid::Uuid::new_v4());
                sign(&other, JWT_SECRET)
            })),
        ),
        ("an unsigned token", Some(format!("Bearer {}", unsigned(&claims(&admin_id, 0, 3600, ISSUER))))),
        ("a tampered signature", Some(format!("Bearer {}", tamper_signature(&crafted)))),
    ];
    for op in &ops {
        assert!(op.responses.contains(&401), "{} documents its 401", op.label());
    }
    for (label, authorization) in &bad {
        assert_unauthorized(&app, &ops, label, authorization.as_deref()).await;
    }

    // A valid token gets past authentication on every one of them. Logout
    // ends the sessions, so it goes last (below).
    let (logout, ops): (Vec<Operation>, Vec<Operation>) =
        ops.into_iter().partition(|op| op.path == "/api/admin/logout");
    assert_eq!(logout.len(), 1, "logout is an admin operation");
    for bearer in [&token, &crafted] {
        for op in &ops {
            let response = call(&app, op, Some(&format!("Bearer {bearer}"))).await;
            let status = response.status();
            assert_ne!(status, StatusCode::UNAUTHORIZED, "{} with a valid token", op.label());
            assert!(!status.is_server_error(), "{} with a valid token: {status}", op.label());
            assert!(
                op.responses.contains(&status.as_u16()),
                "{} answered {status}, which its documentation {:?} does not list",
                op.label(),
                op.responses
            );
        }
    }

    // Logout ends the device's session: both tokens name it, so both stop at once.
    let response = call(&app, &logout[0], Some(&format!("Bearer {crafted}"))).await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT, "logout with a valid token");
    assert_unauthorized(&app, &ops, "a token from before logout", Some(&format!("Bearer {token}"))).await;
    assert_unauthorized(&app, &logout, "a token from before logout", Some(&format!("Bearer {crafted}")))
        .await;

    // A deactivated admin's tokens stop working at once.
    let token = app.admin_token().await;
    assert_eq!(app.get_as(&token, "/api/admin/me").await.status(), StatusCode::OK, "a new login works");
    let session = app.sql_text("SELECT id FROM admin_sessions ORDER BY created_at DESC LIMIT 1");
    let mut new_session = claims(&admin_id, 0, 3600, ISSUER);
    new_session["sid"] = json!(session);
    let crafted = sign(&new_session, JWT_SECRET);
    assert_eq!(
        app.get_as(&crafted, "/api/admin/me").await.status(),
        StatusCode::OK,
        "crafted for the new session"
    );
    app.sql(&format!("UPDATE admin_users SET is_active = FALSE WHERE id = '{admin_id}'"));
    assert_unauthorized(&app, &ops, "a deactivated admin's token", Some(&format!("Bearer {token}"))).await;
    assert_unauthorized(
        &app,
        &ops,
        "a deactivated admin's crafted token",
        Some(&format!("Bearer {crafted}")),
    )
    .await;
}

#[tokio::test]
async fn the_served_openapi_document_is_the_committed_one() {
    let app = spawn_app().await;
    let served = app.openapi().await;
    let committed: Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../openapi.json"))
            .expect("openapi.json"),
    )
    .expect("json");
    assert_eq!(served, committed, "openapi.json is stale: regenerate it");
    assert_eq!(served["components"]["securitySchemes"]["bearer_auth"]["scheme"], "bearer");
}
