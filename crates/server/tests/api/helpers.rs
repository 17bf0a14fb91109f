//! Test harness: every test gets the real application on a random port,
//! backed by its own fresh PostgreSQL database that is dropped afterwards.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

use reqwest::{Client, Method, RequestBuilder, Response, StatusCode};
use serde_json::{Value, json};
use server::{Application, Config};

/// The admin every test app starts with.
pub const ADMIN_EMAIL: &str = "owner@goldenpine.test";
pub const ADMIN_PASSWORD: &str = "correct horse battery staple";
pub const ADMIN_NAME: &str = "Olive Owner";
/// The JWT secret of test apps, so tests can forge and expire tokens.
pub const JWT_SECRET: &str = "test-secret-for-integration-tests-only";

pub struct TestApp {
    pub address: String,
    pub database_url: String,
    pub client: Client,
}

static COUNTER: AtomicU64 = AtomicU64::new(0);

fn pg_server() -> String {
    std::env::var("TEST_DATABASE_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".to_owned())
        .trim_end_matches('/')
        .to_owned()
}

pub struct Options {
    pub demo_data: bool,
    pub frontend_dir: Option<PathBuf>,
}

impl Default for Options {
    fn default() -> Self {
        Self { demo_data: true, frontend_dir: None }
    }
}

/// An app with the demo catalogue and the test admin.
pub async fn spawn_app() -> TestApp {
    spawn_app_with(Options::default()).await
}

pub async fn spawn_app_with(options: Options) -> TestApp {
    let name = format!(
        "golden_pine_test_{}_{}_{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::SeqCst),
        uuid::Uuid::new_v4().simple()
    );
    let database_url = format!("{}/{name}", pg_server());
    let repo = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let config = Config {
        database_url: database_url.clone(),
        database_pool_size: 8,
        create_database: true,
        host: "127.0.0.1".to_owned(),
        port: 0,
        public_url: Some("https://goldenpine.test".to_owned()),
        frontend_dir: options.frontend_dir.unwrap_or_else(|| repo.join("target/no-frontend")),
        demo_dir: repo.join("demo"),
        demo_data: options.demo_data,
        admin: Some(server::config::AdminSeed {
            email: ADMIN_EMAIL.to_owned(),
            password: ADMIN_PASSWORD.to_owned(),
            name: ADMIN_NAME.to_owned(),
        }),
        jwt_secret: Some(JWT_SECRET.to_owned()),
        token_ttl_hours: 8,
        business_tz: chrono_tz::America::Los_Angeles,
        bcrypt_cost: 4,
    };
    let app = Application::build(config).await.expect("application builds");
    let address = format!("http://127.0.0.1:{}", app.port());
    tokio::spawn(app.run_until_stopped());
    TestApp { address, database_url, client: Client::builder().build().expect("client") }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        // Best effort: a database left behind by a crash is harmless.
        let url = self.database_url.clone();
        let _ = std::thread::spawn(move || store_postgres::drop_database(&url)).join();
    }
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    pub fn request(&self, method: Method, path: &str) -> RequestBuilder {
        self.client.request(method, self.url(path))
    }

    pub async fn get(&self, path: &str) -> Response {
        self.request(Method::GET, path).send().await.expect("request sent")
    }

    pub async fn get_as(&self, token: &str, path: &str) -> Response {
        self.request(Method::GET, path).bearer_auth(token).send().await.expect("request sent")
    }

    pub async fn post_json(&self, path: &str, body: &Value) -> Response {
        self.request(Method::POST, path).json(body).send().await.expect("request sent")
    }

    pub async fn send_as(&self, token: &str, method: Method, path: &str, body: Option<&Value>) -> Response {
        let request = self.request(method, path).bearer_auth(token);
        let request = match body {
            Some(body) => request.json(body),
            None => request,
        };
        request.send().await.expect("request sent")
    }

    /// Logs in as the test admin and returns the bearer token.
    pub async fn admin_token(&self) -> String {
        let response =
            self.post_json("/api/admin/login", &json!({"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD})).await;
        assert_eq!(response.status(), StatusCode::OK, "admin login");
        let body: Value = response.json().await.expect("json");
        body["token"].as_str().expect("token").to_owned()
    }

    /// GET that must succeed; returns the JSON.
    pub async fn get_json(&self, path: &str) -> Value {
        let response = self.get(path).await;
        assert_eq!(response.status(), StatusCode::OK, "GET {path}");
        response.json().await.expect("json")
    }

    pub async fn admin_json(&self, token: &str, path: &str) -> Value {
        let response = self.get_as(token, path).await;
        assert_eq!(response.status(), StatusCode::OK, "GET {path}");
        response.json().await.expect("json")
    }

    /// Runs SQL directly against this app's database (setup the API cannot do).
    pub fn sql(&self, statement: &str) {
        use diesel::Connection;
        use diesel::connection::SimpleConnection;
        let mut conn = diesel::PgConnection::establish(&self.database_url).expect("connect");
        conn.batch_execute(statement).expect("sql");
    }
}

/// Asserts status and JSON error shape; returns the body.
pub async fn assert_error(response: Response, status: StatusCode) -> Value {
    let actual = response.status();
    let content_type =
        response.headers().get("content-type").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    let text = response.text().await.expect("body");
    assert_eq!(actual, status, "body: {text}");
    assert!(content_type.starts_with("application/json"), "content type {content_type}: {text}");
    let body: Value = serde_json::from_str(&text).expect("json error body");
    assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()), "message in {body}");
    body
}

/// A date `days` from today in the retreat's time zone, yyyy-MM-dd.
pub fn days_from_today(days: i64) -> String {
    let today = chrono::Utc::now().with_timezone(&chrono_tz::America::Los_Angeles).date_naive();
    (today + chrono::Duration::days(days)).format("%Y-%m-%d").to_string()
}

pub fn booking_body(service: &str, date: &str, time: &str) -> Value {
    json!({
        "firstName": "Ada",
        "lastName": "Lovelace",
        "email": "ada@example.com",
        "service": service,
        "date": date,
        "time": time,
        "notes": "Quiet room, please",
    })
}
