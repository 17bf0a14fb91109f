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
    /// The private metrics port, when `Options::metrics_addr` asked for one.
    pub metrics_port: Option<u16>,
    /// Whether dropping the app drops its database (not when it shares another app's).
    owns_database: bool,
    /// The app's own uploads folder, removed with it.
    pub uploads: Option<tempfile::TempDir>,
}

static COUNTER: AtomicU64 = AtomicU64::new(0);

/// A port for a server a test starts as its own process (SMTP, localstripe,
/// moto, a second server) to listen on: one the system has free now, and
/// never one given to another test of this run. The process binds it a
/// moment later, so two tests given the same port would both see a server
/// answer there: the second's process failing to bind, its test talking to
/// the first's server. The system hands a port it just freed out again.
pub fn free_port() -> u16 {
    static GIVEN: std::sync::Mutex<std::collections::BTreeSet<u16>> =
        std::sync::Mutex::new(std::collections::BTreeSet::new());
    loop {
        let port =
            std::net::TcpListener::bind("127.0.0.1:0").expect("free port").local_addr().expect("addr").port();
        if GIVEN.lock().unwrap_or_else(std::sync::PoisonError::into_inner).insert(port) {
            return port;
        }
    }
}

fn pg_server() -> String {
    std::env::var("TEST_DATABASE_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".to_owned())
        .trim_end_matches('/')
        .to_owned()
}

pub struct Options {
    pub demo_data: bool,
    pub frontend_dir: Option<PathBuf>,
    /// A private address for `/metrics` (port 0 for a free one).
    pub metrics_addr: Option<std::net::SocketAddr>,
    /// High by default: suites other than the limit's own send many writes
    /// from one address.
    pub public_write_limit: i32,
    /// High by default, as `public_write_limit`.
    pub gift_card_lookup_limit: i32,
    pub trusted_proxies: http_api::client_ip::TrustedProxies,
    pub request_body_timeout_seconds: u64,
    /// Where mail goes (a test SMTP server); `None` keeps it queued.
    pub smtp_url: Option<String>,
    pub notify_email: Option<String>,
    pub guest_cancel_cutoff_hours: i64,
    /// An existing database to share with another app (two processes).
    pub database_url: Option<String>,
    /// Where image copies are kept (`IMAGE_CACHE_DIR`); the default folder when None.
    pub image_cache_dir: Option<PathBuf>,
    /// Payments on, through this Stripe-compatible server (`STRIPE_API_BASE`);
    /// off (`PAYMENTS=off`) when None.
    pub payments: Option<PaymentOptions>,
    /// Where uploads go; a fresh folder of the app's own when None.
    pub media: Option<server::config::MediaConfig>,
    /// The app's clock; the system's when None.
    pub clock: Option<std::sync::Arc<dyn ports::Clock>>,
    /// Whether calendar imports may fetch 127.0.0.1 (the tests' own calendar server): on by default.
    pub ical_import_allow_private: bool,
    pub ical_import_timeout_seconds: u64,
}

/// How a test app takes payments.
#[derive(Clone)]
pub struct PaymentOptions {
    pub api_base: String,
    pub timeout_minutes: i64,
    /// `CANCELLATION_FREE_HOURS`.
    pub cancellation_free_hours: i64,
}

impl PaymentOptions {
    pub fn through(api_base: String) -> Self {
        Self { api_base, timeout_minutes: 30, cancellation_free_hours: 48 }
    }
}

impl Default for Options {
    fn default() -> Self {
        Self {
            demo_data: true,
            frontend_dir: None,
            metrics_addr: None,
            public_write_limit: 1_000_000,
            gift_card_lookup_limit: 1_000_000,
            trusted_proxies: http_api::client_ip::TrustedProxies::default(),
            request_body_timeout_seconds: 10,
            smtp_url: None,
            notify_email: Some("owner-inbox@goldenpine.test".to_owned()),
            guest_cancel_cutoff_hours: 24,
            database_url: None,
            image_cache_dir: None,
            payments: None,
            media: None,
            clock: None,
            ical_import_allow_private: true,
            ical_import_timeout_seconds: 3,
        }
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
    let owns_database = options.database_url.is_none();
    // Without TLS: the server is local, and a test binary whose many pools
    // (left in the actix worker threads of finished tests) still hold or
    // retry TLS connections while the process exits can crash in OpenSSL's
    // exit-time cleanup (seen once as SIGSEGV after every test had passed).
    let database_url =
        options.database_url.clone().unwrap_or_else(|| format!("{}/{name}?sslmode=disable", pg_server()));
    let repo = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let (media, uploads) = match options.media {
        Some(media) => (media, None),
        None => {
            let dir = tempfile::tempdir().expect("uploads folder");
            (server::config::MediaConfig::local(dir.path().join("uploads")), Some(dir))
        }
    };
    let config = Config {
        database_url: server::config::DatabaseUrl::parse(&database_url).expect("database url"),
        database_pool_size: 8,
        create_database: true,
        host: "127.0.0.1".to_owned(),
        port: 0,
        public_url: Some("https://goldenpine.test".to_owned()),
        frontend_dir: Some(options.frontend_dir.unwrap_or_else(|| repo.join("target/no-frontend"))),
        demo_dir: Some(repo.join("demo")),
        image_cache_dir: options.image_cache_dir,
        demo_data: options.demo_data,
        admin_email: Some(ADMIN_EMAIL.to_owned()),
        admin_password: Some(ADMIN_PASSWORD.into()),
        admin_name: ADMIN_NAME.to_owned(),
        jwt_secret: Some(JWT_SECRET.into()),
        token_ttl_hours: 8,
        business_tz: chrono_tz::America::Los_Angeles,
        bcrypt_cost: 4,
        log_format: server::config::LogFormat::Text,
        metrics_addr: options.metrics_addr,
        public_write_limit: options.public_write_limit,
        gift_card_lookup_limit: options.gift_card_lookup_limit,
        trusted_proxies: options.trusted_proxies,
        request_body_timeout_seconds: options.request_body_timeout_seconds,
        smtp_url: options.smtp_url.map(Into::into),
        mail_from: "Golden Pine Wellness Retreat <stay@goldenpine.test>".to_owned(),
        notify_email: options.notify_email.map(|email| domain::Email::parse(&email).expect("notify email")),
        guest_cancel_cutoff_hours: options.guest_cancel_cutoff_hours,
        // Quick retries, so a test sees a message go out once SMTP is back.
        mail_retry_base_seconds: 1,
        mail_poll_milliseconds: 100,
        payments: options.payments.is_none().then_some(server::config::PaymentsSwitch::Off),
        stripe_secret_key: options.payments.as_ref().map(|_| crate::stripe_server::SECRET_KEY.into()),
        stripe_publishable_key: options
            .payments
            .as_ref()
            .map(|_| crate::stripe_server::PUBLISHABLE_KEY.to_owned()),
        stripe_webhook_secret: options.payments.as_ref().map(|_| crate::stripe_server::WEBHOOK_SECRET.into()),
        stripe_api_base: options
            .payments
            .as_ref()
            .map_or("https://api.stripe.com".to_owned(), |p| p.api_base.clone()),
        stripe_js_url: "https://js.stripe.com/v3/".to_owned(),
        payment_timeout_minutes: options.payments.as_ref().map_or(30, |p| p.timeout_minutes),
        cancellation_free_hours: options.payments.as_ref().map_or(48, |p| p.cancellation_free_hours),
        // The sweep for unpaid orders looks every second in tests.
        payment_sweep_seconds: 1,
        // So does the reminder sweep (the test's clock says when they are due).
        reminder_sweep_seconds: 1,
        // And the calendar imports' schedule; the imports are served by the
        // test's own server on 127.0.0.1.
        stay_sync_sweep_seconds: 1,
        ical_import_allow_private: options.ical_import_allow_private,
        ical_import_timeout_seconds: options.ical_import_timeout_seconds,
        media,
    };
    let app = Application::build_with_clock(config, options.clock).await.expect("application builds");
    let address = format!("http://127.0.0.1:{}", app.port());
    let metrics_port = app.metrics_port();
    tokio::spawn(app.run_until_stopped());
    TestApp {
        address,
        database_url,
        client: Client::builder().build().expect("client"),
        metrics_port,
        owns_database,
        uploads,
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        // Best effort: a database left behind by a crash is harmless.
        if !self.owns_database {
            return;
        }
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
        let response = self
            .post_json("/api/admin/login", &json!({"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD}))
            .await;
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

    /// GETs `path` until `done` holds for its JSON, for at most a second: a
    /// catalogue change made by SQL (not through this app) reaches its kept
    /// answers through the database's change notification, not at once.
    pub async fn eventually_json(&self, path: &str, done: impl Fn(&Value) -> bool) -> Value {
        let start = std::time::Instant::now();
        loop {
            let body = self.get_json(path).await;
            if done(&body) || start.elapsed() > std::time::Duration::from_secs(1) {
                return body;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    }

    /// Runs SQL directly against this app's database (setup the API cannot do).
    pub fn sql(&self, statement: &str) {
        use diesel::Connection;
        use diesel::connection::SimpleConnection;
        let mut conn = diesel::PgConnection::establish(&self.database_url).expect("connect");
        conn.batch_execute(statement).expect("sql");
    }
}

/// `FROM pg_stat_activity WHERE …`: this database's connections blocked on
/// a lock while running a statement like `pattern`.
fn blocked_running(pattern: &str) -> String {
    format!(
        "FROM pg_stat_activity WHERE datname = current_database() \
         AND wait_event_type = 'Lock' AND query LIKE '{pattern}'"
    )
}

/// The error codes the OpenAPI document declares (`ErrorBody.code`'s enum).
pub fn documented_error_codes() -> &'static [String] {
    static CODES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    CODES.get_or_init(|| {
        let document: Value = serde_json::from_str(&server::openapi::document_json()).expect("document");
        document["components"]["schemas"]["ErrorCode"]["enum"]
            .as_array()
            .expect("ErrorCode is an enum in the document")
            .iter()
            .map(|code| code.as_str().expect("code").to_owned())
            .collect()
    })
}

/// Asserts status and JSON error shape (a documented `code` and a
/// `message`); returns the body.
pub async fn assert_error(response: Response, status: StatusCode) -> Value {
    let actual = response.status();
    let content_type =
        response.headers().get("content-type").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    let text = response.text().await.expect("body");
    assert_eq!(actual, status, "body: {text}");
    assert!(content_type.starts_with("application/json"), "content type {content_type}: {text}");
    let body: Value = serde_json::from_str(&text).expect("json error body");
    assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()), "message in {body}");
    let code = body["code"].as_str().unwrap_or_else(|| panic!("code in {body}"));
    assert!(documented_error_codes().iter().any(|c| c == code), "{code} is not a documented code: {body}");
    body
}

/// Asserts a JSON error with this status and code; returns the body.
pub async fn assert_error_code(response: Response, status: StatusCode, code: &str) -> Value {
    let body = assert_error(response, status).await;
    assert_eq!(body["code"], code, "{body}");
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

// ---------------------------------------------------------------------------
// Additions shared by the resource suites.

impl TestApp {
    /// Waits until one of the app's connections is blocked on a lock while
    /// running a statement like `pattern` (SQL `LIKE`): a state PostgreSQL
    /// shows in `pg_stat_activity`, for tests that force an interleaving.
    pub async fn wait_until_blocked(&self, pattern: &str) {
        let blocked = format!("SELECT count(*) {}", blocked_running(pattern));
        for _ in 0..1500 {
            if self.sql_count(&blocked) > 0 {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        panic!("no connection was seen blocked running {pattern}");
    }

    /// Cuts the app's connections blocked running a statement like
    /// `pattern`, as a lost connection would be.
    pub fn cut_blocked(&self, pattern: &str) {
        self.sql(&format!("SELECT pg_terminate_backend(pid) {}", blocked_running(pattern)));
    }

    /// Runs a query that returns one BIGINT column (counts) and returns it.
    pub fn sql_count(&self, query: &str) -> i64 {
        use diesel::{Connection, QueryableByName, RunQueryDsl};
        #[derive(QueryableByName)]
        struct Count {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            n: i64,
        }
        let mut conn = diesel::PgConnection::establish(&self.database_url).expect("connect");
        let row: Count =
            diesel::sql_query(format!("SELECT ({query})::BIGINT AS n")).get_result(&mut conn).expect("count");
        row.n
    }

    /// The secret of the newest dashboard link mailed to `to` with
    /// `template` (an invitation, a password reset): what follows `#` in
    /// the mail's `/admin/…` link, as the guest's browser would read it.
    pub fn mailed_link_secret(&self, template: &str, to: &str) -> String {
        let text = self.sql_text(&format!(
            "SELECT text_body FROM outbox_messages WHERE template = '{template}' AND recipient = '{to}' \
             ORDER BY created_at DESC LIMIT 1"
        ));
        let link = text
            .split_whitespace()
            .find(|word| word.contains("/admin/") && word.contains('#'))
            .expect("a link");
        link.rsplit_once('#').expect("fragment").1.trim_end_matches(['.', ')']).to_owned()
    }

    /// Runs a query that returns one TEXT column (one row) and returns it.
    pub fn sql_text(&self, query: &str) -> String {
        use diesel::{Connection, QueryableByName, RunQueryDsl};
        #[derive(QueryableByName)]
        struct Text {
            #[diesel(sql_type = diesel::sql_types::Text)]
            t: String,
        }
        let mut conn = diesel::PgConnection::establish(&self.database_url).expect("connect");
        let row: Text =
            diesel::sql_query(format!("SELECT ({query})::TEXT AS t")).get_result(&mut conn).expect("text");
        row.t
    }

    /// Rows of a table, counted straight in the database.
    pub fn rows(&self, table: &str) -> i64 {
        self.sql_count(&format!("SELECT count(*) FROM {table}"))
    }

    pub async fn put_as(&self, token: &str, path: &str, body: &Value) -> Response {
        self.send_as(token, Method::PUT, path, Some(body)).await
    }

    pub async fn post_as(&self, token: &str, path: &str, body: &Value) -> Response {
        self.send_as(token, Method::POST, path, Some(body)).await
    }

    pub async fn delete_as(&self, token: &str, path: &str) -> Response {
        self.send_as(token, Method::DELETE, path, None).await
    }

    /// The id of the service record with this exact name.
    pub async fn service_id(&self, name: &str) -> String {
        let services = self.get_json("/api/services").await;
        services
            .as_array()
            .and_then(|all| all.iter().find(|s| s["name"] == name))
            .and_then(|s| s["id"].as_str())
            .unwrap_or_else(|| panic!("service {name}"))
            .to_owned()
    }

    /// A demo product by exact name.
    pub async fn product(&self, name: &str) -> Value {
        let products = self.get_json("/api/products").await;
        products
            .as_array()
            .and_then(|all| all.iter().find(|p| p["name"] == name))
            .cloned()
            .unwrap_or_else(|| panic!("product {name}"))
    }

    /// Creates a product through the admin API and returns it.
    pub async fn create_product(&self, token: &str, name: &str, category: &str, price: &str) -> Value {
        let response = self
            .post_as(
                token,
                "/api/products",
                &json!({
                    "name": name,
                    "category": category,
                    "price": price,
                    "description": "Made for a test.",
                    "image": "/media/products/test.webp",
                }),
            )
            .await;
        expect_json(response, StatusCode::CREATED).await
    }

    /// Upserts an availability entry; returns the response.
    pub async fn upsert_availability(&self, token: &str, body: &Value) -> Response {
        self.post_as(token, "/api/admin/availability", body).await
    }

    /// The availability entries dated `date`.
    pub async fn availability_on(&self, token: &str, date: &str) -> Vec<Value> {
        let list = self.admin_json(token, &format!("/api/admin/availability?start={date}&end={date}")).await;
        list.as_array().expect("list").clone()
    }

    pub async fn check_availability(&self, service: &str, date: &str) -> Value {
        self.get_json(&format!("/api/check-availability?date={date}&serviceId={service}")).await
    }

    /// The generated OpenAPI document as the running app serves it.
    pub async fn openapi(&self) -> Value {
        self.get_json("/api/openapi.json").await
    }
}

/// Asserts the status and a JSON body; returns the body.
pub async fn expect_json(response: Response, status: StatusCode) -> Value {
    let actual = response.status();
    let content_type =
        response.headers().get("content-type").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    let text = response.text().await.expect("body");
    assert_eq!(actual, status, "body: {text}");
    assert!(content_type.starts_with("application/json"), "content type {content_type}: {text}");
    serde_json::from_str(&text).expect("json body")
}

/// Asserts a validation error (400) whose `errors` holds these field
/// messages (other fields may have messages too).
pub async fn assert_field_errors(response: Response, expected: &[(&str, &str)]) -> Value {
    let body = assert_error(response, StatusCode::BAD_REQUEST).await;
    let errors = body["errors"].as_object().unwrap_or_else(|| panic!("errors in {body}"));
    for (field, message) in expected {
        assert_eq!(errors.get(*field).and_then(Value::as_str), Some(*message), "{field} in {body}");
    }
    body
}

/// An operation of the OpenAPI document.
#[derive(Debug, Clone)]
pub struct Operation {
    pub method: Method,
    pub path: String,
    pub secured: bool,
    /// The name of the JSON request body's schema, if the call takes one.
    pub body_schema: Option<String>,
    /// The documented response status codes.
    pub responses: Vec<u16>,
}

impl Operation {
    pub fn label(&self) -> String {
        format!("{} {}", self.method, self.path)
    }
}

/// Every operation of an OpenAPI document.
pub fn operations(document: &Value) -> Vec<Operation> {
    let mut all = Vec::new();
    for (path, item) in document["paths"].as_object().expect("paths") {
        for (method, operation) in item.as_object().expect("path item") {
            let method = match method.as_str() {
                "get" => Method::GET,
                "post" => Method::POST,
                "put" => Method::PUT,
                "delete" => Method::DELETE,
                "patch" => Method::PATCH,
                _ => continue,
            };
            let secured = operation["security"].as_array().is_some_and(|s| !s.is_empty());
            let body_schema = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
                .as_str()
                .map(|r| r.trim_start_matches("#/components/schemas/").to_owned());
            let responses = operation["responses"]
                .as_object()
                .map(|r| r.keys().filter_map(|code| code.parse().ok()).collect())
                .unwrap_or_default();
            all.push(Operation { method, path: path.clone(), secured, body_schema, responses });
        }
    }
    all
}

/// Replaces every `{param}` of an OpenAPI path with `value`.
pub fn fill_path(template: &str, value: &str) -> String {
    let mut out = String::new();
    let mut rest = template;
    while let Some(start) = rest.find('{') {
        out.push_str(&rest[..start]);
        let end = rest[start..].find('}').map(|e| start + e + 1).expect("closing brace");
        out.push_str(value);
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// A valid checkout for `lines` of (product, quantity), with the figures the
/// server will compute (8 % tax half-up, 15.00 shipping up to 100.00).
pub fn order_body(lines: &[(&Value, u32)]) -> Value {
    let cents = |price: &str| -> i64 {
        let (whole, fraction) = price.split_once('.').expect("two decimals");
        whole.parse::<i64>().expect("dollars") * 100 + fraction.parse::<i64>().expect("cents")
    };
    let subtotal: i64 =
        lines.iter().map(|(p, q)| cents(p["price"].as_str().expect("price")) * i64::from(*q)).sum();
    let tax = (subtotal * 8 + 50) / 100;
    let shipping = if subtotal > 10_000 { 0 } else { 1_500 };
    let items: Vec<Value> = lines
        .iter()
        .map(|(p, q)| {
            json!({"productId": p["id"], "productName": p["name"], "price": p["price"], "quantity": q})
        })
        .collect();
    json!({
        "firstName": "Grace",
        "lastName": "Hopper",
        "email": "grace@example.com",
        "phone": null,
        "address": "1 Pine Ridge Rd",
        "city": "Idyllwild",
        "state": "CA",
        "zip": "92549",
        "items": Value::Array(items).to_string(),
        "subtotal": money(subtotal),
        "tax": money(tax),
        "shipping": money(shipping),
        "total": money(subtotal + tax + shipping),
    })
}

/// Cents as the wire writes money: "12.50".
pub fn money(cents: i64) -> String {
    format!("{}.{:02}", cents / 100, cents % 100)
}

/// True when `text` is money with exactly two decimals.
pub fn is_money(value: &Value) -> bool {
    value.as_str().is_some_and(|text| {
        let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
        !whole.is_empty()
            && whole.chars().all(|c| c.is_ascii_digit())
            && fraction.len() == 2
            && fraction.chars().all(|c| c.is_ascii_digit())
    })
}

/// True when `value` is a yyyy-MM-dd date.
pub fn is_date(value: &Value) -> bool {
    value.as_str().is_some_and(|text| {
        text.len() == 10
            && text.char_indices().all(|(i, c)| if i == 4 || i == 7 { c == '-' } else { c.is_ascii_digit() })
            && chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d").is_ok()
    })
}

/// True when `value` is a uuid string.
pub fn is_uuid(value: &Value) -> bool {
    value.as_str().is_some_and(|text| uuid::Uuid::parse_str(text).is_ok())
}

/// The sorted keys of a JSON object.
pub fn keys(value: &Value) -> Vec<String> {
    let mut keys: Vec<String> =
        value.as_object().unwrap_or_else(|| panic!("object: {value}")).keys().cloned().collect();
    keys.sort();
    keys
}

/// `names` sorted, for comparing against `keys`.
pub fn sorted(names: &[&str]) -> Vec<String> {
    let mut names: Vec<String> = names.iter().map(|n| (*n).to_owned()).collect();
    names.sort();
    names
}

/// The demo catalogue every test app starts with (`demo/catalogue.json`), so
/// expectations follow the file instead of repeating it.
pub fn demo_catalogue() -> Value {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../demo/catalogue.json");
    serde_json::from_str(&std::fs::read_to_string(path).expect("demo catalogue")).expect("catalogue JSON")
}

/// Whole cents of a money text ("46", "46.5", "46.00").
pub fn cents(text: &str) -> i64 {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let fraction = format!("{fraction:0<2}");
    whole.parse::<i64>().expect("dollars") * 100 + fraction[..2].parse::<i64>().expect("cents")
}

impl TestApp {
    /// Every product, as the public list has them.
    pub async fn products(&self) -> Vec<Value> {
        self.get_json("/api/products").await.as_array().expect("list").clone()
    }

    /// A demo post's slug (the second newest, so not the first of the list).
    pub async fn demo_slug(&self) -> String {
        let posts = self.get_json("/api/blog-posts").await;
        let list = posts.as_array().expect("list");
        list[list.len().min(2) - 1]["slug"].as_str().expect("slug").to_owned()
    }

    /// The URL of a demo product's image, served from /media.
    pub async fn demo_image(&self) -> String {
        self.products().await[0]["image"].as_str().expect("image").to_owned()
    }
}

/// What a gift card's mail carries: its code as printed (grouped), and its
/// print link's signed token and the code in the link's fragment.
pub struct CardMail {
    pub code: String,
    pub print_token: String,
    pub fragment: String,
}

/// Reads a gift card mail's text.
pub fn read_card_mail(text: &str) -> CardMail {
    let start = text.find("Your code: ").expect("a code in the mail") + "Your code: ".len();
    let code = text[start..start + 24].to_owned();
    let link_start =
        text.find("/gift-cards/print?token=").expect("a print link") + "/gift-cards/print?token=".len();
    let link: String = text[link_start..].chars().take_while(|c| !c.is_whitespace()).collect();
    let (token, fragment) = link.split_once('#').expect("the code in the link's fragment");
    let print_token = token.replace("%2B", "+").replace("%2F", "/").replace("%3D", "=");
    CardMail { code, print_token, fragment: fragment.to_owned() }
}

/// A promotional card of `amount` the owner gives (no SMTP needed): its id
/// and its mail, read from the outbox that holds it.
pub async fn give_gift_card(app: &TestApp, token: &str, amount: &str) -> (String, CardMail) {
    let body = json!({"amount": amount, "recipientName": "Ada Byron", "recipientEmail": "ada@example.com",
        "deliverOn": days_from_today(0)});
    let card =
        expect_json(app.post_as(token, "/api/admin/gift-cards", &body).await, StatusCode::CREATED).await;
    let id = card["id"].as_str().expect("id").to_owned();
    let text = app.sql_text(&format!(
        "SELECT text_body FROM outbox_messages WHERE template = 'gift_card_delivered' AND related_id = '{id}'"
    ));
    (id, read_card_mail(&text))
}

impl TestApp {
    /// Lifts the demo retreat's standing figures (three massages a time, one
    /// Tiny Home: docs/decisions.md §5), for a test about something else
    /// that books more than they hold.
    pub async fn open_calendar(&self, token: &str) {
        let all = json!(["9:00", "11:00", "13:00", "15:00", "17:00"]);
        let open = json!({
            "capacity": {"massage": null, "spa": null, "package": null, "accommodation": null},
            "openingHours": {"monday": all, "tuesday": all, "wednesday": all, "thursday": all,
                "friday": all, "saturday": all, "sunday": all},
            "minimumNoticeHours": 0, "horizonDays": null,
        });
        let response = self.put_as(token, "/api/admin/schedule", &open).await;
        assert_eq!(response.status(), StatusCode::OK, "the calendar opens");
    }
}
