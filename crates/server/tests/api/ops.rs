//! Operations: liveness, readiness (with the database unreachable and with a
//! migration missing), Prometheus metrics (guarded, and on a private
//! address), and a graceful stop on SIGTERM that lets a request finish.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{Options, assert_error_code, free_port, spawn_app, spawn_app_with};

#[tokio::test]
async fn healthz_and_readyz_follow_the_database() {
    let app = spawn_app().await;
    let health = app.get("/healthz").await;
    assert_eq!(health.status(), StatusCode::OK);
    assert_eq!(health.json::<Value>().await.expect("json"), json!({"status": "ok"}));
    let ready = app.get("/readyz").await;
    assert_eq!(ready.status(), StatusCode::OK);
    assert_eq!(ready.json::<Value>().await.expect("json")["status"], "ready");

    // The database stops taking connections (as when it is down for this app).
    let name =
        app.database_url.rsplit('/').next().and_then(|n| n.split('?').next()).expect("name").to_owned();
    let admin_url = app.database_url.replace(&format!("/{name}"), "/postgres");
    let sql = |statement: String| {
        use diesel::Connection;
        use diesel::connection::SimpleConnection;
        let mut conn = diesel::PgConnection::establish(&admin_url).expect("connect");
        conn.batch_execute(&statement).expect("sql");
    };
    sql(format!(
        "ALTER DATABASE {name} ALLOW_CONNECTIONS false; \
         SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'"
    ));
    let not_ready = app.get("/readyz").await;
    assert_eq!(not_ready.status(), StatusCode::SERVICE_UNAVAILABLE);
    let body: Value = not_ready.json().await.expect("json");
    assert_eq!(body["status"], "not ready");
    assert!(body["reason"].as_str().is_some_and(|r| r.contains("database")), "{body}");
    // Still alive, and an API call says plainly that the store is unavailable.
    assert_eq!(app.get("/healthz").await.status(), StatusCode::OK);
    assert_error_code(
        app.get("/api/services").await,
        StatusCode::SERVICE_UNAVAILABLE,
        "temporarily_unavailable",
    )
    .await;

    sql(format!("ALTER DATABASE {name} ALLOW_CONNECTIONS true"));
    // The pool reconnects with a back-off (at most its 10 s connection timeout).
    let mut ready_again = false;
    for _ in 0..60 {
        if app.get("/readyz").await.status() == StatusCode::OK {
            ready_again = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    assert!(ready_again, "ready again once the database is back");

    // A build that knows a migration the database lacks is not ready either.
    app.sql("DELETE FROM __diesel_schema_migrations WHERE version = (SELECT max(version) FROM __diesel_schema_migrations)");
    let pending = app.get("/readyz").await;
    assert_eq!(pending.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert!(
        pending.json::<Value>().await.expect("json")["reason"]
            .as_str()
            .is_some_and(|r| r.contains("migrations"))
    );
}

#[tokio::test]
async fn metrics_count_requests_by_route_and_show_the_store() {
    let app = spawn_app_with(Options {
        metrics_addr: Some("127.0.0.1:0".parse().expect("addr")),
        ..Options::default()
    })
    .await;
    for _ in 0..3 {
        assert_eq!(app.get("/api/products").await.status(), StatusCode::OK);
    }
    let unknown = format!("/api/products/{}", uuid::Uuid::new_v4());
    assert_eq!(app.get(&unknown).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.get("/api/no/such/endpoint/at/all").await.status(), StatusCode::NOT_FOUND);

    assert_error_code(app.get("/metrics").await, StatusCode::UNAUTHORIZED, "unauthenticated").await;
    let token = app.admin_token().await;
    let response = app.get_as(&token, "/metrics").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.headers()["content-type"].to_str().expect("type").starts_with("text/plain"));
    let text = response.text().await.expect("text");
    for expected in [
        r#"golden_pine_http_requests_total{endpoint="/api/products",method="GET",status="200"} 3"#,
        r#"golden_pine_http_requests_total{endpoint="/api/products/{id}",method="GET",status="404"} 1"#,
        r#"golden_pine_http_requests_duration_seconds_bucket{endpoint="/api/products",method="GET",status="200",le="0.005"}"#,
        "golden_pine_db_pool_connections ",
        "golden_pine_db_pool_max_connections 8",
        "golden_pine_store_calls_waiting ",
        "golden_pine_store_calls_running ",
        "process_resident_memory_bytes ",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in\n{text}");
    }
    // An unmatched path is one label, not one per path a scanner tries.
    assert!(!text.contains("/no/such/endpoint"), "{text}");

    // The private address serves the same without a token.
    let port = app.metrics_port.expect("metrics port");
    let open = reqwest::get(format!("http://127.0.0.1:{port}/metrics")).await.expect("metrics");
    assert_eq!(open.status(), StatusCode::OK);
    assert!(open.text().await.expect("text").contains("golden_pine_http_requests_total"));
    let other = reqwest::get(format!("http://127.0.0.1:{port}/api/products")).await.expect("answer");
    assert_eq!(other.status(), StatusCode::NOT_FOUND, "nothing else is served there");
}

/// Sends the head of a POST, waits until the server has taken the request
/// up (its `100 Continue`), sends half the body, and returns the stream.
fn start_slow_post(port: u16, body: &str) -> TcpStream {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connect");
    stream.set_read_timeout(Some(Duration::from_secs(60))).expect("timeout");
    let head = format!(
        "POST /api/contact-messages HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
         Expect: 100-continue\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).expect("head");
    let mut interim = Vec::new();
    let mut byte = [0u8; 1];
    while !interim.ends_with(b"\r\n\r\n") {
        stream.read_exact(&mut byte).expect("100 Continue");
        interim.push(byte[0]);
    }
    assert!(interim.starts_with(b"HTTP/1.1 100"), "{}", String::from_utf8_lossy(&interim));
    stream.write_all(&body.as_bytes()[..body.len() / 2]).expect("first half");
    stream.flush().expect("flush");
    stream
}

#[tokio::test]
async fn sigterm_lets_a_request_in_flight_finish() {
    let app = spawn_app().await;
    let port = free_port();
    let repo = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut child = Command::new(env!("CARGO_BIN_EXE_server"))
        .env("DATABASE_URL", &app.database_url)
        .env("PORT", port.to_string())
        .env("FRONTEND_DIR", repo.join("target/no-frontend"))
        .env("DEMO_DIR", repo.join("demo"))
        .env("RUST_LOG", "error")
        // A production start: no payment keys, said deliberately.
        .env("PAYMENTS", "off")
        .env_remove("ADMIN_EMAIL")
        .env_remove("ADMIN_PASSWORD")
        .env_remove("METRICS_ADDR")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("server starts");
    let base = format!("http://127.0.0.1:{port}");
    let client = reqwest::Client::new();
    let mut up = false;
    for _ in 0..200 {
        if client.get(format!("{base}/healthz")).send().await.is_ok_and(|r| r.status().is_success()) {
            up = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(up, "the server process answers");

    let body = json!({
        "firstName": "Iris", "lastName": "Vale", "email": "iris@example.com",
        "message": "Sent slowly, across a restart.",
    })
    .to_string();
    let messages_before = app.rows("contact_messages");
    let mut stream = start_slow_post(port, &body);
    // Stop the server while the request is half received.
    let killed = Command::new("kill").args(["-TERM", &child.id().to_string()]).status().expect("kill");
    assert!(killed.success());
    // Once it stops accepting, the request in flight is still being served.
    let mut refused = false;
    for _ in 0..400 {
        if TcpStream::connect(("127.0.0.1", port)).is_err() {
            refused = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert!(refused, "no new connections after SIGTERM");
    stream.write_all(&body.as_bytes()[body.len() / 2..]).expect("second half");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).expect("answer");
    assert!(answer.starts_with("HTTP/1.1 201"), "{answer}");
    assert_eq!(app.rows("contact_messages"), messages_before + 1);
    let status = child.wait().expect("exits");
    assert!(status.success(), "a graceful stop exits cleanly: {status:?}");
}
