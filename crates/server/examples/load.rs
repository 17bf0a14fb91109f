//! `just bench`: HTTP throughput, latency and memory of the release server.
//!
//! Starts `target/release/server` on a fresh database with the demo data,
//! drives each scenario with 32 concurrent keep-alive clients for the given
//! number of seconds, and reads the server's resident memory from /proc.
//! Then, with payments on through a local Stripe-compatible server
//! (localstripe, from `just payments-server`), places orders and pays them.

mod server_process;

use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use reqwest::{Client, Method};
use serde_json::{Value, json};
use server_process::{Server, memory_kib};

const CONCURRENCY: usize = 32;

struct Scenario {
    name: &'static str,
    method: Method,
    path: String,
    body: Option<Value>,
    /// Sent with every request (an `If-None-Match` for the 304 path, the
    /// encodings a browser takes); `{n}` in a value is numbered as in the body.
    headers: Vec<(&'static str, String)>,
    /// Another load at the same time: half the clients send it (its figures
    /// on a line of their own), the other half this scenario's requests.
    alongside: Option<Box<Scenario>>,
}

impl Scenario {
    fn get(name: &'static str, path: &str) -> Self {
        Self {
            name,
            method: Method::GET,
            path: path.to_owned(),
            body: None,
            headers: Vec::new(),
            alongside: None,
        }
    }

    fn post(name: &'static str, path: &str, body: Value) -> Self {
        Self {
            name,
            method: Method::POST,
            path: path.to_owned(),
            body: Some(body),
            headers: Vec::new(),
            alongside: None,
        }
    }

    fn browser_page(name: &'static str, path: &str) -> Self {
        Self {
            headers: vec![("Accept-Encoding", "gzip, deflate, br, zstd".to_owned())],
            ..Self::get(name, path)
        }
    }
}

/// Pages the server has rendered since it started (`/metrics` on the private address).
async fn pages_rendered(client: &Client, metrics: &str) -> u64 {
    let text = match client.get(format!("{metrics}/metrics")).send().await {
        Ok(response) => response.text().await.unwrap_or_default(),
        Err(_) => String::new(),
    };
    text.lines()
        .find_map(|line| line.strip_prefix("golden_pine_pages_rendered_total "))
        .and_then(|value| value.trim().parse().ok())
        .unwrap_or(0)
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let seconds: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(10);
    // An optional second argument runs only the scenarios whose name holds it
    // (`load 10 bookings`), for profiling one of them.
    let only = std::env::args().nth(2).unwrap_or_default();
    let pg =
        std::env::var("TEST_DATABASE_URL").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".into());
    // The database is on this machine: no TLS, as the README advises for it.
    let database_url = format!("{}/golden_pine_bench?sslmode=disable", pg.trim_end_matches('/'));
    store_postgres::drop_database(&database_url).map_err(anyhow::Error::msg)?;
    let port = std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
    let metrics_port = std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
    let child = Command::new("target/release/server")
        .env("DATABASE_URL", &database_url)
        .env("PORT", port.to_string())
        .env("METRICS_ADDR", format!("127.0.0.1:{metrics_port}"))
        .env("DEMO_DATA", "true")
        // The per-address write limit would refuse all but the first writes
        // of one load generator; the bench measures the writes themselves.
        .env("PUBLIC_WRITE_LIMIT", "1000000000")
        .env("RUST_LOG", "error")
        .stdout(Stdio::null())
        .spawn()
        .map_err(|e| {
            anyhow::anyhow!("start target/release/server (run `cargo build --release -p server`): {e}")
        })?;
    let server = Server(child);
    let pid = server.0.id();
    let base = format!("http://127.0.0.1:{port}");
    let client = Client::builder().pool_max_idle_per_host(CONCURRENCY).build()?;
    let started = Instant::now();
    loop {
        if client.get(format!("{base}/api/services")).send().await.is_ok() {
            break;
        }
        if started.elapsed() > Duration::from_secs(60) {
            anyhow::bail!("server did not start");
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let idle_rss = memory_kib(pid, "VmRSS:");
    a_year_of_bookings(&database_url)?;
    let products: Vec<Value> = client.get(format!("{base}/api/products")).send().await?.json().await?;
    let product_id = products[0]["id"].as_str().unwrap_or_default().to_owned();
    let products_etag = client
        .get(format!("{base}/api/products"))
        .send()
        .await?
        .headers()
        .get("etag")
        .and_then(|tag| tag.to_str().ok())
        .map(str::to_owned);
    let date = (chrono::Utc::now() + chrono::Duration::days(30)).format("%Y-%m-%d").to_string();
    let order = unlimited_order(&products);
    let mut keyed_order = order.clone();
    keyed_order["email"] = json!("keyed-{n}@example.com");
    let booking = |last_name: &str, service: &str, time: &str| {
        json!({"firstName": "Bench", "lastName": last_name, "email": format!("{}-{{n}}@example.com", last_name.to_lowercase()),
            "service": service, "date": date, "time": time})
    };

    // A guest's own booking (issue 42): her page's data and the page itself.
    let visit = client
        .post(format!("{base}/api/bookings"))
        .json(&json!({"firstName": "Bench", "lastName": "Guest", "email": "guest-page@example.com",
            "service": "spa", "date": date, "time": "9:00"}))
        .send()
        .await?
        .json::<Value>()
        .await?;
    let token = visit["manageToken"].as_str().unwrap_or_default().to_owned();

    let scenarios = vec![
        Scenario::get("GET /api/products", "/api/products"),
        Scenario::get("GET /api/guest/bookings/{token}", &format!("/api/guest/bookings/{token}")),
        Scenario::browser_page("GET /bookings/manage/{token} (br)", &format!("/bookings/manage/{token}")),
        Scenario {
            headers: products_etag.map(|tag| ("If-None-Match", tag)).into_iter().collect(),
            ..Scenario::get("GET /api/products (304)", "/api/products")
        },
        Scenario::get("GET /api/blog-posts", "/api/blog-posts"),
        Scenario::get("GET /api/services", "/api/services"),
        Scenario::get("GET /api/products/{id}/media", &format!("/api/products/{product_id}/media")),
        Scenario::get(
            "GET /api/check-availability",
            &format!("/api/check-availability?date={date}&serviceId=massage"),
        ),
        Scenario::get(
            "GET /api/availability/month",
            &format!("/api/availability/month?serviceId=massage&month={}", &date[..7]),
        ),
        Scenario::get(
            "GET /api/availability/month (stay)",
            &format!("/api/availability/month?serviceId=accommodation&month={}", &date[..7]),
        ),
        Scenario::get("GET /api/open-times", "/api/open-times?service=massage"),
        // A new guest each time: one guest may hold only 5 pending requests a day.
        Scenario::post("POST /api/bookings (write)", "/api/bookings", booking("Mark", "spa", "11:00")),
        Scenario::post("POST /api/orders (write)", "/api/orders", order.clone()),
        // As the site sends it: every attempt carries an Idempotency-Key.
        Scenario {
            headers: vec![("Idempotency-Key", "bench-booking-{n}".to_owned())],
            ..Scenario::post(
                "POST /api/bookings (write, keyed)",
                "/api/bookings",
                json!({"firstName": "Bench", "lastName": "Keyed", "email": "keyed-{n}@example.com",
                    "service": "massage", "date": date, "time": "13:00"}),
            )
        },
        Scenario {
            headers: vec![("Idempotency-Key", "bench-order-{n}".to_owned())],
            ..Scenario::post("POST /api/orders (write, keyed)", "/api/orders", keyed_order)
        },
        Scenario::get("GET / (page with head tags)", "/"),
        Scenario::browser_page("GET / (brotli, as browsers ask)", "/"),
        // Pages read while guests book: a booking changes no page, so every
        // page stays as it was made (the line after says how many were made).
        Scenario {
            alongside: Some(Box::new(Scenario::post(
                "  ...while POST /api/bookings",
                "/api/bookings",
                booking("Mixed", "package", "9:00"),
            ))),
            ..Scenario::browser_page("GET /, /services, /products (br)", "/{page}")
        },
    ];

    println!("{seconds} s per scenario, {CONCURRENCY} concurrent clients, server pid {pid}\n");
    println!(
        "{:<34} {:>9} {:>9} {:>9} {:>9} {:>7}",
        "scenario", "req/s", "p50 ms", "p99 ms", "max ms", "errors"
    );
    let metrics = format!("http://127.0.0.1:{metrics_port}");
    for scenario in scenarios.iter().filter(|scenario| scenario.name.contains(&only)) {
        if scenario.alongside.is_some() {
            // Each page made once first, as a running site has them.
            for page in PAGES {
                client.get(format!("{base}/{page}")).send().await?.bytes().await?;
            }
        }
        let before = pages_rendered(&client, &metrics).await;
        run(&client, &base, scenario, Duration::from_secs(seconds)).await;
        if scenario.alongside.is_some() {
            // The first request of each page after a start makes it once.
            println!("  pages rendered during it: {}", pages_rendered(&client, &metrics).await - before);
        }
    }
    println!(
        "\nserver memory: {} MiB resident idle, {} MiB resident after load, {} MiB peak",
        idle_rss / 1024,
        memory_kib(pid, "VmRSS:") / 1024,
        memory_kib(pid, "VmHWM:") / 1024
    );
    drop(server);
    if "reminder sweep".contains(&only) || only.is_empty() {
        reminder_sweeps(&database_url).await?;
    }
    store_postgres::drop_database(&database_url).map_err(anyhow::Error::msg)?;
    if "POST /api/orders (payments on)".contains(&only) || only.is_empty() {
        payments_on(&pg, Duration::from_secs(seconds)).await?;
    }
    Ok(())
}

/// A year of a busy retreat's bookings from today (two massages and a spa
/// treatment at every time, the Tiny Home every night: 5,840 in all), so the
/// availability reads count real bookings. The treatments' standing figures
/// are lifted (the Tiny Home keeps its one unit): the write scenarios book
/// far more guests into one time than a retreat holds, and measure the
/// writes, not refusals.
fn a_year_of_bookings(database_url: &str) -> anyhow::Result<()> {
    let sql = "UPDATE booking_schedule SET massage_capacity = NULL, spa_capacity = NULL, package_capacity = NULL; \
        INSERT INTO bookings (id, first_name, last_name, email, service, date, time, status, created_at, check_out, \
            deposit_state, deposit_refunded, discount, gift_card_amount) \
        SELECT gen_random_uuid(), 'Year', 'Guest', 'year-' || d || '-' || v.n || '@example.com', v.service, \
            current_date + d, v.slot, 'confirmed', now(), \
            CASE WHEN v.service = 'accommodation' THEN current_date + d + 1 END, 'none', 0, 0, 0 \
        FROM generate_series(0, 364) AS d, (VALUES \
            (1, 'massage', '9:00'), (2, 'massage', '9:00'), (3, 'massage', '11:00'), (4, 'massage', '11:00'), \
            (5, 'massage', '13:00'), (6, 'massage', '13:00'), (7, 'massage', '15:00'), (8, 'massage', '15:00'), \
            (9, 'massage', '17:00'), (10, 'massage', '17:00'), (11, 'spa', '9:00'), (12, 'spa', '11:00'), \
            (13, 'spa', '13:00'), (14, 'spa', '15:00'), (15, 'spa', '17:00'), (16, 'accommodation', '15:00')) \
            AS v(n, service, slot)";
    let status =
        Command::new("psql").arg(database_url).args(["-q", "-v", "ON_ERROR_STOP=1", "-c", sql]).status()?;
    anyhow::ensure!(status.success(), "seeding a year of bookings failed");
    Ok(())
}

/// A clock set to one moment, in the retreat's zone.
struct SetClock(chrono::DateTime<chrono::Utc>);

impl ports::Clock for SetClock {
    fn now(&self) -> chrono::DateTime<chrono::Utc> {
        self.0
    }

    fn local_now(&self) -> domain::booking::LocalNow {
        let local = self.0.with_timezone(&chrono_tz::America::Los_Angeles);
        domain::booking::LocalNow { date: local.date_naive(), time: local.time() }
    }

    fn start_of_local_day(&self, date: chrono::NaiveDate) -> chrono::DateTime<chrono::Utc> {
        use chrono::TimeZone;
        chrono_tz::America::Los_Angeles
            .from_local_datetime(&date.and_time(chrono::NaiveTime::MIN))
            .earliest()
            .map_or(self.0, |at| at.with_timezone(&chrono::Utc))
    }
}

/// The reminder sweep over the year of bookings (issue 42), as a process
/// runs it: tomorrow at 10:00, the first sweep writes the reminders then
/// due (the morning's second reminders, the first ones two days ahead), a
/// sweep after it finds nothing new. Through the store and the mail
/// composer the server uses, on its own connections.
async fn reminder_sweeps(database_url: &str) -> anyhow::Result<()> {
    use chrono::TimeZone;
    let zone = chrono_tz::America::Los_Angeles;
    let tomorrow = chrono::Utc::now().with_timezone(&zone).date_naive() + chrono::Duration::days(1);
    let at = zone
        .from_local_datetime(&tomorrow.and_hms_opt(10, 0, 0).unwrap_or_default())
        .earliest()
        .map_or_else(chrono::Utc::now, |at| at.with_timezone(&chrono::Utc));
    let links: Arc<dyn ports::GuestLinks> = Arc::new(auth::GuestLinkSigner::new(&[7; 32]));
    let composer = Arc::new(mail::Composer::new(
        mail::ComposerConfig {
            public_url: "https://goldenpine.example".to_owned(),
            retreat_email: "stay@goldenpineretreat.com".to_owned(),
            owner: None,
            time_zone: zone,
            organizer: "Golden Pine <stay@goldenpineretreat.com>".to_owned(),
            cancellation_free_hours: 48,
        },
        links,
    ));
    let url = database_url.to_owned();
    let store = tokio::task::spawn_blocking(move || store_postgres::PgStore::connect(&url, 2))
        .await?
        .map_err(|e| anyhow::anyhow!("{e}"))?
        .with_mail(composer);
    let visits = ports::VisitService::new(Arc::new(store), Arc::new(SetClock(at)));
    let started = Instant::now();
    let sent = visits.sweep().await?;
    let first = started.elapsed();
    let mut idle = Vec::new();
    for _ in 0..20 {
        let started = Instant::now();
        let again = visits.sweep().await?;
        anyhow::ensure!(again == 0, "a second sweep sent {again} reminders again");
        idle.push(started.elapsed());
    }
    idle.sort();
    println!(
        "\nreminder sweep over a year of bookings: {:.1} ms for the first of the day ({sent} reminders written), \
         {:.1} ms p50 for one with nothing new (of 20)",
        first.as_secs_f64() * 1000.0,
        idle[idle.len() / 2].as_secs_f64() * 1000.0
    );
    Ok(())
}

/// An order of one product without a stock limit, priced as the server will
/// (the products of the server it is sent to: each bench database has its own ids).
fn unlimited_order(products: &[Value]) -> Value {
    let unlimited = products.iter().find(|p| p["stock"].is_null()).unwrap_or(&products[0]);
    let price = unlimited["price"].as_str().unwrap_or("0.00");
    let cents: i64 = price.replace('.', "").parse().unwrap_or(0);
    let (tax, shipping) = ((cents * 8 + 50) / 100, if cents > 10_000 { 0 } else { 1_500 });
    let money = |c: i64| format!("{}.{:02}", c / 100, c % 100);
    json!({"firstName": "Bench", "lastName": "Mark", "email": "bench-{n}@example.com",
        "address": "1 Pine Ridge Rd", "city": "Idyllwild", "state": "CA", "zip": "92549",
        "items": [{"productId": unlimited["id"], "productName": unlimited["name"], "price": price, "quantity": 1}],
        "subtotal": money(cents), "tax": money(tax), "shipping": money(shipping),
        "total": money(cents + tax + shipping)})
}

/// Order placement with payments on, through localstripe: placing an order
/// (which now waits for its payment), and paying it (the server creating and
/// confirming the payment at the provider). The provider is a single Python
/// process, so the second line measures it as much as the server.
async fn payments_on(pg: &str, duration: Duration) -> anyhow::Result<()> {
    let program = "target/payments-venv/bin/localstripe";
    if !std::path::Path::new(program).exists() {
        println!(
            "
(payments on: skipped, {program} is missing: run `just payments-server`)"
        );
        return Ok(());
    }
    let stripe_port = std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
    let stripe = Server(
        Command::new(program)
            .args(["--port", &stripe_port.to_string(), "--from-scratch"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()?,
    );
    let stripe_url = format!("http://127.0.0.1:{stripe_port}");
    let database_url = format!("{}/golden_pine_bench_payments?sslmode=disable", pg.trim_end_matches('/'));
    store_postgres::drop_database(&database_url).map_err(anyhow::Error::msg)?;
    let port = std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
    let server = Server(
        Command::new("target/release/server")
            .env("DATABASE_URL", &database_url)
            .env("PORT", port.to_string())
            .env("DEMO_DATA", "true")
            .env("PUBLIC_WRITE_LIMIT", "1000000000")
            .env("RUST_LOG", "error")
            .env("STRIPE_SECRET_KEY", "sk_test_bench")
            .env("STRIPE_PUBLISHABLE_KEY", "pk_test_bench")
            .env("STRIPE_WEBHOOK_SECRET", "whsec_bench")
            .env("STRIPE_API_BASE", &stripe_url)
            .stdout(Stdio::null())
            .spawn()?,
    );
    let base = format!("http://127.0.0.1:{port}");
    let client = Client::builder().pool_max_idle_per_host(CONCURRENCY).build()?;
    let started = Instant::now();
    while client.get(format!("{base}/api/services")).send().await.is_err()
        || client.get(format!("{stripe_url}/v1/balance")).bearer_auth("sk_test_bench").send().await.is_err()
    {
        if started.elapsed() > Duration::from_secs(60) {
            anyhow::bail!("the payments bench did not start");
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let products: Vec<Value> = client.get(format!("{base}/api/products")).send().await?.json().await?;
    let order = &unlimited_order(&products);
    println!(
        "
with payments on, through localstripe ({} s each):",
        duration.as_secs()
    );
    run(
        &client,
        &base,
        &Scenario::post("POST /api/orders (payments on)", "/api/orders", order.clone()),
        duration,
    )
    .await;
    // Paying: each client places an order, the "browser" makes a payment
    // method at the provider, then the server is asked to pay (timed).
    let stop = Arc::new(AtomicBool::new(false));
    let errors = Arc::new(AtomicU64::new(0));
    let mut workers = Vec::new();
    for worker in 0..CONCURRENCY {
        let (client, stop, errors, base, stripe_url) =
            (client.clone(), stop.clone(), errors.clone(), base.clone(), stripe_url.clone());
        let body = order.to_string().replace("{n}", &format!("pay-{worker}"));
        workers.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            while !stop.load(Ordering::Relaxed) {
                let placed: Option<Value> = match client
                    .post(format!("{base}/api/orders"))
                    .header("Content-Type", "application/json")
                    .body(body.clone())
                    .send()
                    .await
                {
                    Ok(response) if response.status().is_success() => response.json().await.ok(),
                    _ => None,
                };
                let card = [
                    ("type", "card"),
                    ("card[number]", "4242424242424242"),
                    ("card[exp_month]", "12"),
                    ("card[exp_year]", "2030"),
                    ("card[cvc]", "123"),
                ];
                let method: Option<Value> = match client
                    .post(format!("{stripe_url}/v1/payment_methods"))
                    .bearer_auth("sk_test_browser")
                    .form(&card)
                    .send()
                    .await
                {
                    Ok(response) => response.json().await.ok(),
                    Err(_) => None,
                };
                let (Some(placed), Some(method)) = (placed, method) else {
                    errors.fetch_add(1, Ordering::Relaxed);
                    continue;
                };
                let pay = json!({"paymentMethodId": method["id"], "token": placed["paymentToken"]});
                let start = Instant::now();
                match client
                    .post(format!("{base}/api/orders/{}/payment", placed["id"].as_str().unwrap_or_default()))
                    .json(&pay)
                    .send()
                    .await
                {
                    Ok(response) if response.status().is_success() => {
                        let _ = response.bytes().await;
                        latencies.push(start.elapsed());
                    }
                    _ => {
                        errors.fetch_add(1, Ordering::Relaxed);
                    }
                }
            }
            latencies
        }));
    }
    tokio::time::sleep(duration).await;
    stop.store(true, Ordering::Relaxed);
    let mut latencies = Vec::new();
    for worker in workers {
        latencies.extend(worker.await.unwrap_or_default());
    }
    report(
        "POST /api/orders/{id}/payment",
        Measured { latencies, errors: errors.load(Ordering::Relaxed) },
        duration,
    );
    drop(server);
    drop(stripe);
    store_postgres::drop_database(&database_url).map_err(anyhow::Error::msg)?;
    Ok(())
}

/// The pages the mixed scenario reads in turn (`/{page}` in its path).
const PAGES: [&str; 3] = ["", "services", "products"];

async fn run(client: &Client, base: &str, scenario: &Scenario, duration: Duration) {
    let stop = Arc::new(AtomicBool::new(false));
    let clients = if scenario.alongside.is_some() { CONCURRENCY / 2 } else { CONCURRENCY };
    let main = load(client, base, scenario, clients, &stop);
    let beside =
        scenario.alongside.as_ref().map(|other| load(client, base, other, CONCURRENCY - clients, &stop));
    tokio::time::sleep(duration).await;
    stop.store(true, Ordering::Relaxed);
    report(scenario.name, main.await, duration);
    if let (Some(other), Some(beside)) = (&scenario.alongside, beside) {
        report(other.name, beside.await, duration);
    }
}

/// What a load's clients measured: the latencies of the answered requests
/// and how many failed.
struct Measured {
    latencies: Vec<Duration>,
    errors: u64,
}

/// Starts `clients` workers sending `scenario` until `stop`; resolves to
/// their measurements once they have stopped.
fn load(
    client: &Client,
    base: &str,
    scenario: &Scenario,
    clients: usize,
    stop: &Arc<AtomicBool>,
) -> impl Future<Output = Measured> + use<> {
    // Numbers the `{n}` in a body, so each write is a new guest.
    let sequence = Arc::new(AtomicU64::new(0));
    let errors = Arc::new(AtomicU64::new(0));
    let mut workers = Vec::new();
    for _ in 0..clients {
        let (client, stop, errors, sequence) =
            (client.clone(), stop.clone(), errors.clone(), sequence.clone());
        let url = format!("{base}{}", scenario.path);
        let (method, body) = (scenario.method.clone(), scenario.body.clone());
        let headers = scenario.headers.clone();
        workers.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            while !stop.load(Ordering::Relaxed) {
                let count = sequence.fetch_add(1, Ordering::Relaxed);
                let n = count.to_string();
                let url = url.replace("{page}", PAGES[(count % PAGES.len() as u64) as usize]);
                let mut request = client.request(method.clone(), &url);
                if let Some(body) = &body {
                    let text = body.to_string().replace("{n}", &n);
                    request = request.header("Content-Type", "application/json").body(text);
                }
                for (name, value) in &headers {
                    request = request.header(*name, value.replace("{n}", &n));
                }
                let start = Instant::now();
                match request.send().await {
                    Ok(response)
                        if response.status().is_success()
                            || response.status() == reqwest::StatusCode::NOT_MODIFIED =>
                    {
                        let _ = response.bytes().await;
                        latencies.push(start.elapsed());
                    }
                    _ => {
                        errors.fetch_add(1, Ordering::Relaxed);
                    }
                }
            }
            latencies
        }));
    }
    async move {
        let mut latencies = Vec::new();
        for worker in workers {
            latencies.extend(worker.await.unwrap_or_default());
        }
        Measured { latencies, errors: errors.load(Ordering::Relaxed) }
    }
}

fn report(name: &str, measured: Measured, duration: Duration) {
    let Measured { mut latencies, errors } = measured;
    latencies.sort();
    let pick = |q: f64| {
        latencies.get(((latencies.len() as f64 - 1.0) * q) as usize).map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    };
    println!(
        "{:<34} {:>9.0} {:>9.2} {:>9.2} {:>9.2} {:>7}",
        name,
        latencies.len() as f64 / duration.as_secs_f64(),
        pick(0.5),
        pick(0.99),
        pick(1.0),
        errors
    );
}
