//! `just bench-scale`: the admin's paged calls, searches and exports at the
//! volume of a busy retreat, and at ten times it.
//!
//! For each scale factor (arguments, default `1 10`; ×1 = 100,000 orders,
//! 50,000 bookings, 20,000 contact messages and 20,000 newsletter
//! subscribers): a fresh database `golden_pine_scale`, `target/release/server`
//! started on it with the demo data, the volume seeded with plain SQL (one
//! `INSERT … SELECT FROM generate_series` per table), `VACUUM ANALYZE`, then
//! every call of [`calls`] measured as an admin with `SCALE_CLIENTS` (8)
//! concurrent keep-alive clients for `SCALE_SECONDS` (5) each, asking for
//! `gzip, br` as a browser does. Exports are timed to the last byte with the
//! server's peak resident memory during them. Last, the dashboard's Orders
//! tab in Chromium (`scripts/scale-bench/orders-tab.mjs`). One Markdown table
//! per scale, then how each call's p99 grew from the first scale.
//!
//! `SCALE_KEEP_DB=1` leaves the last database in place (to look at plans);
//! `SCALE_CALLS=search` measures only the calls whose names hold that text
//! (the database is still seeded: a minute at ×1; no Orders tab then).

mod server_process;

use std::io::Read;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use reqwest::{Client, StatusCode};
use serde_json::{Value, json};
use server_process::{Server, memory_kib};

/// What a browser sends: the sizes measured are the compressed ones.
const BROWSER_ENCODINGS: &str = "gzip, br";
const ADMIN_EMAIL: &str = "scale-bench@goldenpine.local";
const ADMIN_PASSWORD: &str = "scale-bench-password";
/// The issue's targets at ×1: a paged call's p99 and compressed size, and
/// the Orders tab after login; at ×10 no call more than this much slower.
const P99_TARGET_MS: f64 = 50.0;
const KB_TARGET: f64 = 100.0;
const TAB_TARGET_MS: f64 = 1500.0;
const GROWTH_TARGET: f64 = 2.0;

/// How a call is measured.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    /// One request, at ×1 only: the old list of everything, the "before" figure.
    Once,
    /// The concurrent clients for the configured seconds.
    Load,
    /// As `Load`, on the page reached by following `next` from the first page
    /// (page n: n − 1 cursors followed).
    Page(u32),
    /// A CSV download: time to the last byte, size, the server's peak memory.
    Export,
}

struct Call {
    name: &'static str,
    path: String,
    kind: Kind,
}

impl Call {
    fn new(name: &'static str, path: &str, kind: Kind) -> Self {
        Self { name, path: path.to_owned(), kind }
    }
}

/// Every call measured, in order: one line each. `from`..`to` is a half-year
/// a year back (yyyy-mm-dd). The search words are in the seeded data
/// ([`seed_sql`]): Alvarez, Nguyen and Okafor among the last names, "sauna"
/// in one of the messages' sentences.
fn calls(from: &str, to: &str) -> Vec<Call> {
    use Kind::{Export, Load, Once, Page};
    vec![
        Call::new("GET /api/orders (old full list)", "/api/orders", Once),
        Call::new("orders, first page", "/api/admin/orders?limit=50", Load),
        Call::new("orders, page 20", "/api/admin/orders?limit=50", Page(20)),
        Call::new("orders, search", "/api/admin/orders?limit=50&q=alvarez", Load),
        Call::new(
            "orders, cancelled in a half-year",
            &format!("/api/admin/orders?limit=50&status=cancelled&from={from}&to={to}"),
            Load,
        ),
        Call::new("bookings, first page", "/api/admin/bookings?limit=50", Load),
        Call::new("bookings, search", "/api/admin/bookings?limit=50&q=nguyen", Load),
        Call::new(
            "bookings, pending massages",
            "/api/admin/bookings?limit=50&status=pending&service=massage",
            Load,
        ),
        Call::new("messages, first page", "/api/admin/contact-messages?limit=50", Load),
        Call::new("messages, search", "/api/admin/contact-messages?limit=50&q=sauna", Load),
        Call::new("messages, new", "/api/admin/contact-messages?limit=50&state=new", Load),
        Call::new("subscribers, first page", "/api/admin/subscribers?limit=50", Load),
        Call::new("subscribers, search", "/api/admin/subscribers?limit=50&q=okafor", Load),
        Call::new("summary", "/api/admin/summary", Load),
        Call::new("export orders.csv, delivered", "/api/admin/exports/orders.csv?status=delivered", Export),
        Call::new("export orders.csv, all", "/api/admin/exports/orders.csv", Export),
    ]
}

/// One line of a scale's table.
struct Row {
    name: String,
    p50: Option<f64>,
    p99: Option<f64>,
    rps: Option<f64>,
    /// p50 and p99 of one client alone.
    alone: (Option<f64>, Option<f64>),
    kb: Option<f64>,
    notes: String,
    /// Against the issue's target (only at ×1): met or not.
    target: Option<bool>,
}

impl Row {
    fn skipped(name: &str, why: impl Into<String>) -> Self {
        Self {
            name: name.to_owned(),
            p50: None,
            p99: None,
            rps: None,
            alone: (None, None),
            kb: None,
            notes: why.into(),
            target: None,
        }
    }

    /// The figure compared between scales.
    fn headline(&self) -> Option<f64> {
        self.p99.or(self.p50)
    }
}

struct Settings {
    seconds: u64,
    clients: usize,
    serial_seconds: u64,
}

/// Sets the process's peak resident memory (VmHWM) back to its current
/// resident memory, so the next reading is the peak of what follows.
fn reset_peak(pid: u32) -> bool {
    std::fs::write(format!("/proc/{pid}/clear_refs"), "5").is_ok()
}

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut scales: Vec<u32> = Vec::new();
    for arg in std::env::args().skip(1) {
        // `just bench-scale` passes "1 10" as one word when SCALES is quoted.
        for word in arg.split_whitespace() {
            let scale: u32 = word.parse().map_err(|_| {
                anyhow::anyhow!(
                    "usage: scale [FACTOR...] (default `1 10`; ×1 = 100,000 orders), not {word:?}"
                )
            })?;
            anyhow::ensure!(scale >= 1, "a scale factor is 1 or more");
            scales.push(scale);
        }
    }
    if scales.is_empty() {
        scales = vec![1, 10];
    }
    let settings = Settings {
        seconds: env_or("SCALE_SECONDS", 5),
        clients: env_or("SCALE_CLIENTS", 8),
        serial_seconds: env_or("SCALE_SERIAL_SECONDS", 2),
    };
    let pg =
        std::env::var("TEST_DATABASE_URL").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".into());
    let database_url = format!("{}/golden_pine_scale?sslmode=disable", pg.trim_end_matches('/'));
    println!(
        "scale bench: {} s per call with {} concurrent keep-alive clients, then {} s with one; \
         Accept-Encoding: {BROWSER_ENCODINGS}",
        settings.seconds, settings.clients, settings.serial_seconds
    );
    let mut results: Vec<(u32, Vec<Row>)> = Vec::new();
    for &scale in &scales {
        let rows = run_scale(scale, &database_url, &settings).await?;
        print_table(scale, &rows);
        results.push((scale, rows));
    }
    if std::env::var_os("SCALE_KEEP_DB").is_none() {
        store_postgres::drop_database(&database_url).map_err(anyhow::Error::msg)?;
    }
    for (scale, rows) in results.iter().skip(1) {
        let (base_scale, base_rows) = &results[0];
        println!("\n### {} vs {} (p99; one-off figures: their time)\n", label(*scale), label(*base_scale));
        for row in rows {
            let Some(base_row) = base_rows.iter().find(|b| b.name == row.name) else { continue };
            let (Some(before), Some(after)) = (base_row.headline(), row.headline()) else { continue };
            let ratio = after / before.max(0.001);
            let mark = if row.p99.is_some() && ratio > GROWTH_TARGET { " (over ×2)" } else { "" };
            let alone = match (base_row.alone.1, row.alone.1) {
                (Some(before), Some(after)) => {
                    format!("; 1 client ×{:.1} ({before:.1} → {after:.1} ms)", after / before.max(0.001))
                }
                _ => String::new(),
            };
            println!(
                "- {}: {} vs {}: ×{ratio:.1}{mark} ({before:.1} → {after:.1} ms{alone})",
                row.name,
                label(*scale),
                label(*base_scale)
            );
        }
    }
    Ok(())
}

/// "100k", "1M": a scale by its orders.
fn label(scale: u32) -> String {
    let orders = 100_000 * u64::from(scale);
    if orders % 1_000_000 == 0 { format!("{}M", orders / 1_000_000) } else { format!("{}k", orders / 1_000) }
}

async fn run_scale(scale: u32, database_url: &str, settings: &Settings) -> anyhow::Result<Vec<Row>> {
    println!("\n== ×{scale} ({} orders): fresh database, server, seed", label(scale));
    store_postgres::drop_database(database_url).map_err(anyhow::Error::msg)?;
    let port = std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
    let mut command = Command::new("target/release/server");
    command
        .env("DATABASE_URL", database_url)
        .env("PORT", port.to_string())
        .env("DEMO_DATA", "true")
        .env("ADMIN_EMAIL", ADMIN_EMAIL)
        .env("ADMIN_PASSWORD", ADMIN_PASSWORD)
        .env("ADMIN_NAME", "Scale Bench")
        .env("RUST_LOG", "error")
        .stdout(Stdio::null());
    // The frontend as built (`just build-frontend`), when there is one;
    // otherwise the one built into the binary.
    if std::env::var_os("FRONTEND_DIR").is_none() {
        let dist = std::env::current_dir()?.join("frontend/dist");
        if dist.join("index.html").exists() {
            command.env("FRONTEND_DIR", dist);
        }
    }
    let server = Server(command.spawn().map_err(|e| {
        anyhow::anyhow!("start target/release/server (run `cargo build --release -p server`): {e}")
    })?);
    let pid = server.0.id();
    let base = format!("http://127.0.0.1:{port}");
    let client = Client::builder().pool_max_idle_per_host(settings.clients).build()?;
    let started = Instant::now();
    while client.get(format!("{base}/api/services")).send().await.is_err() {
        anyhow::ensure!(started.elapsed() < Duration::from_secs(60), "server did not start");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    seed(database_url, scale)?;

    let login: Value = client
        .post(format!("{base}/api/admin/login"))
        .json(&json!({"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD}))
        .send()
        .await?
        .error_for_status()?
        .json()
        .await?;
    let token = login["token"].as_str().unwrap_or_default().to_owned();
    let idle_rss = memory_kib(pid, "VmRSS:");
    let today = chrono::Utc::now().date_naive();
    let from = (today - chrono::Duration::days(365)).format("%Y-%m-%d").to_string();
    let to = (today - chrono::Duration::days(183)).format("%Y-%m-%d").to_string();

    let only = std::env::var("SCALE_CALLS").unwrap_or_default();
    let mut rows = Vec::new();
    for call in calls(&from, &to).into_iter().filter(|call| call.name.contains(only.as_str())) {
        let row = match call.kind {
            Kind::Once if scale > 1 => Row::skipped(call.name, format!("skipped at ×{scale} (×1 only)")),
            Kind::Once => once(&client, &base, &token, &call).await,
            Kind::Load => load(&client, &base, &token, &call, &call.path, settings).await,
            Kind::Page(n) => match nth_page(&client, &base, &token, &call.path, n).await {
                Ok(path) => load(&client, &base, &token, &call, &path, settings).await,
                Err(why) => Row::skipped(call.name, why),
            },
            Kind::Export => export(&client, &base, &token, &call, pid).await,
        };
        print_row(&row);
        rows.push(row);
    }
    println!(
        "server memory: {} MiB resident after seeding, {} MiB now, {} MiB peak",
        idle_rss / 1024,
        memory_kib(pid, "VmRSS:") / 1024,
        memory_kib(pid, "VmHWM:") / 1024
    );
    if only.is_empty() {
        rows.extend(orders_tab(&base, scale));
    }
    drop(server);
    Ok(rows)
}

/// Seeds the volume of `scale` and analyses it: one statement per table.
fn seed(database_url: &str, scale: u32) -> anyhow::Result<()> {
    let scale = u64::from(scale);
    let started = Instant::now();
    let mut timings = Vec::new();
    for (table, rows) in [
        ("orders", 100_000 * scale),
        ("bookings", 50_000 * scale),
        ("contact_messages", 20_000 * scale),
        ("newsletter_subscriptions", 20_000 * scale),
    ] {
        let start = Instant::now();
        psql(database_url, &[&seed_sql(table, rows)])?;
        timings.push(format!("{rows} {table} {:.1} s", start.elapsed().as_secs_f64()));
    }
    let start = Instant::now();
    // VACUUM cannot run in a transaction: one -c each, as psql sends them apart.
    psql(
        database_url,
        &[
            "VACUUM ANALYZE orders",
            "VACUUM ANALYZE bookings",
            "VACUUM ANALYZE contact_messages",
            "VACUUM ANALYZE newsletter_subscriptions",
        ],
    )?;
    timings.push(format!("VACUUM ANALYZE {:.1} s", start.elapsed().as_secs_f64()));
    let size = Command::new("psql")
        .arg(database_url)
        .args(["-tAc", "SELECT pg_size_pretty(pg_database_size(current_database()))"])
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
        .unwrap_or_default();
    println!("seeded in {:.1} s ({}); database {size}", started.elapsed().as_secs_f64(), timings.join(", "));
    Ok(())
}

fn psql(database_url: &str, statements: &[&str]) -> anyhow::Result<()> {
    let mut command = Command::new("psql");
    command.arg(database_url).args(["-q", "-v", "ON_ERROR_STOP=1"]);
    for statement in statements {
        command.args(["-c", statement]);
    }
    let status = command.status()?;
    anyhow::ensure!(status.success(), "psql failed: {}", statements.join("; "));
    Ok(())
}

/// Names, places and words the seeded rows pick from.
const FIRST_NAMES: &str = "'Ana','Ben','Carla','Diego','Elena','Farah','Grace','Hiro','Ines','Jonas','Keiko','Liam',\
    'Maya','Noah','Olivia','Pablo','Quinn','Rosa','Sam','Tara','Uma','Victor','Wren','Yusuf'";
const LAST_NAMES: &str = "'Alvarez','Brooks','Chen','Dubois','Evans','Fischer','Garcia','Haddad','Ito','Johnson',\
    'Kowalski','Larsen','Martin','Nguyen','Okafor','Patel','Quint','Rossi','Schmidt','Tanaka','Underwood','Varga',\
    'Walker','Xu','Young','Zimmerman','Moreau','Silva','Novak','Berg'";
const DOMAINS: &str = "'example.com','mail.example.org','inbox.example.net','pinecone.example'";
const STREETS: &str = "'Pine Ridge Rd','Cedar St','Oak Ave','Tahquitz View Dr','Fern Valley Rd','Maple Ln','Summit Way',\
    'Lakeview Ct'";
const CITIES: &str = "'Idyllwild','Palm Springs','San Diego','Los Angeles','Portland','Seattle','Denver','Austin',\
    'Phoenix','San Francisco'";
const STATES: &str = "'CA','CA','CA','CA','OR','WA','CO','TX','AZ','CA'";
const ZIPS: &str = "'92549','92262','92101','90012','97205','98101','80202','73301','85004','94103'";
const SENTENCES: &str = "'We are planning a weekend away for our anniversary in the spring.',\
    'Could you tell me whether the tiny homes have a wood stove and how many guests they sleep?',\
    'My mother would love a massage; do you offer gift cards for treatments?',\
    'Is the sauna open to guests who only book a spa treatment?',\
    'We have a dog and wonder whether pets are welcome in the cabins.',\
    'I ordered the cedar candles last month and they arrived beautifully packed.',\
    'Do you host small groups for a company retreat of about twelve people?',\
    'Please let me know if there is a quieter week in October.',\
    'I have a nut allergy: can the breakfast basket be made without nuts?',\
    'The pine-needle tea was wonderful and I would like to buy some for home.',\
    'Could the wellness package be split across two days?',\
    'Thank you for a lovely stay, we will be back before winter.'";

/// `INSERT … SELECT FROM generate_series` of `rows` realistic rows of
/// `table`, created over the four years up to now (in time order, as a real
/// table fills). Each column picks from its list with its own hash of the
/// row number, so the picks are spread and the same on every run.
fn seed_sql(table: &str, rows: u64) -> String {
    // h(k): a spread non-negative number for this row, one per k.
    let h = |k: u32| format!("(hashint4extended(g, {k}) & 2147483647)");
    let pick =
        |list: &str, k: u32| format!("(ARRAY[{list}])[1 + {} % {}]", h(k), list.matches("','").count() + 1);
    let first = pick(FIRST_NAMES, 1);
    let last = pick(LAST_NAMES, 2);
    // A person writes again: the same address for about one row in 50 of their name.
    let email = format!("lower({first} || '.' || {last} || {} % 50 || '@' || {})", h(3), pick(DOMAINS, 4));
    // g = 1 is four years ago, g = rows a few minutes ago.
    let age = format!(
        "(({rows} - g)::float8 / {rows}) * interval '1461 days' + {} % 600 * interval '1 second'",
        h(5)
    );
    match table {
        "orders" => {
            let place = format!("1 + {} % 10", h(8));
            // Mostly delivered, as an old shop's orders are; every status present,
            // but only the last month's orders still on their way (pending,
            // processing, shipped), as a shop that keeps up has them.
            let status = pick(
                "'pending','processing','shipped','shipped','delivered','delivered','delivered','delivered',\
                 'delivered','delivered','delivered','delivered','delivered','delivered','delivered','delivered',\
                 'delivered','cancelled','cancelled','processing'",
                9,
            );
            let item = |at: &str, quantity: &str| {
                format!(
                    "jsonb_build_object('productId', ids[{at}], 'productName', names[{at}], \
                     'price', prices[{at}]::text, 'quantity', {quantity})"
                )
            };
            format!(
                "WITH p AS (SELECT array_agg(id ORDER BY name) AS ids, array_agg(name ORDER BY name) AS names, \
                     array_agg(price ORDER BY name) AS prices, count(*)::int AS n FROM products), \
                 s AS (SELECT g, p.*, 1 + {ha} % p.n AS a, 1 + ({ha} % p.n + 1 + {hb} % (p.n - 1)) % p.n AS b, \
                     1 + {hq} % 3 AS qa, 1 + {hr} % 2 AS qb, {ht} % 3 = 0 AS two \
                     FROM generate_series(1, {rows}) AS g, p), \
                 t AS (SELECT s.*, prices[a] * qa + CASE WHEN two THEN prices[b] * qb ELSE 0 END AS subtotal FROM s) \
                 INSERT INTO orders (first_name, last_name, email, phone, address, city, state, zip, items, \
                     subtotal, tax, shipping, total, status, created_at) \
                 SELECT {first}, {last}, {email}, \
                     CASE WHEN {hp} % 3 > 0 THEN '+1 ' || (200 + {hp} % 800) || '-555-' || lpad(({hp} % 10000)::text, 4, '0') END, \
                     (10 + {hs} % 9990) || ' ' || {street}, \
                     (ARRAY[{CITIES}])[{place}], (ARRAY[{STATES}])[{place}], (ARRAY[{ZIPS}])[{place}], \
                     jsonb_build_array({item_a}) || CASE WHEN two THEN jsonb_build_array({item_b}) ELSE '[]'::jsonb END, \
                     subtotal, round(subtotal * 0.08, 2), CASE WHEN subtotal > 100 THEN 0 ELSE 15 END, \
                     subtotal + round(subtotal * 0.08, 2) + CASE WHEN subtotal > 100 THEN 0 ELSE 15 END, \
                     CASE WHEN {status} IN ('pending', 'processing', 'shipped') AND ({age}) > interval '30 days' \
                         THEN 'delivered' ELSE {status} END, now() - ({age}) \
                 FROM t",
                ha = h(10),
                hb = h(11),
                hq = h(12),
                hr = h(13),
                ht = h(14),
                hp = h(6),
                hs = h(7),
                street = pick(STREETS, 15),
                item_a = item("a", "qa"),
                item_b = item("b", "qb"),
            )
        }
        "bookings" => {
            // Visit days from four years back to three months ahead, in order;
            // requested up to 45 days before (never after now).
            let service = pick(
                "'massage','massage','massage','spa','spa','accommodation','accommodation','package'",
                20,
            );
            format!(
                "WITH s AS (SELECT g, {service} AS service, \
                     (current_date - 1461 + (g::bigint * 1551 / {rows})::int) AS day FROM generate_series(1, {rows}) AS g) \
                 INSERT INTO bookings (first_name, last_name, email, service, date, time, notes, status, created_at, check_out) \
                 SELECT {first}, {last}, {email}, service, day, \
                     CASE WHEN service = 'accommodation' THEN '15:00' ELSE {slot} END, \
                     CASE WHEN {hn} % 4 = 0 THEN {note} END, \
                     CASE WHEN day < current_date THEN {past} ELSE {future} END, \
                     LEAST(now() - {hm} % 600 * interval '1 second', \
                         day - (1 + {hd} % 45) * interval '1 day' + {hh} % 14 * interval '1 hour' + interval '7 hours'), \
                     CASE WHEN service = 'accommodation' THEN day + (1 + {hc} % 4)::int END \
                 FROM s",
                slot = pick("'9:00','11:00','13:00','15:00','17:00'", 21),
                hn = h(22),
                note = pick(
                    "'First visit, a little nervous about deep pressure.','Celebrating a birthday.',\
                     'Arriving late in the evening.','Vegetarian breakfast, please.','Sensitive to scented oils.'",
                    23
                ),
                past = pick(
                    "'completed','completed','completed','completed','completed','completed','completed',\
                     'completed','completed','completed','completed','completed','completed','completed',\
                     'completed','completed','cancelled','cancelled','cancelled','pending'",
                    24
                ),
                future = pick("'pending','pending','confirmed','confirmed','confirmed','cancelled'", 24),
                hm = h(25),
                hd = h(26),
                hh = h(27),
                hc = h(28),
            )
        }
        "contact_messages" => {
            // Another sentence than the first.
            let other_sentence = format!(
                "(ARRAY[{SENTENCES}])[1 + ({} + 1 + {} % ({n} - 1)) % {n}]",
                h(31),
                h(32),
                n = SENTENCES.matches("','").count() + 1
            );
            // Some say nothing of what they are after.
            let interest = format!(
                "(ARRAY['massage','spa','accommodation','package','products','general',NULL])[1 + {} % 7]",
                h(30)
            );
            // Read (and most answered) within two days, but for about half of
            // the last fortnight's: those are the new ones.
            format!(
                "WITH s AS (SELECT g, now() - ({age}) AS at, {hr} AS r FROM generate_series(1, {rows}) AS g), \
             t AS (SELECT s.*, CASE WHEN at < now() - interval '14 days' OR r % 2 = 0 \
                 THEN LEAST(now(), at + (1 + r % 47) * interval '1 hour') END AS read FROM s) \
             INSERT INTO contact_messages (first_name, last_name, email, interest, message, created_at, read_at, answered_at) \
             SELECT {first}, {last}, {email}, \
                 {interest}, \
                 concat_ws(' ', {s1}, {s2}, CASE WHEN {h3} % 2 = 0 THEN {s3} END, 'Warm regards, ' || {first} || '.'), \
                 at, read, CASE WHEN r % 10 > 0 AND read IS NOT NULL THEN LEAST(now(), read + interval '3 hours') END \
             FROM t",
                hr = h(35),
                s1 = pick(SENTENCES, 31),
                s2 = other_sentence,
                h3 = h(33),
                s3 = pick(SENTENCES, 34),
            )
        }
        "newsletter_subscriptions" => format!(
            // The row number keeps each address unique, as the table wants.
            "INSERT INTO newsletter_subscriptions (email, created_at) \
             SELECT lower({first} || '.' || {last} || '.' || g || '@' || {domain}), now() - ({age}) \
             FROM generate_series(1, {rows}) AS g",
            domain = pick(DOMAINS, 4),
        ),
        other => unreachable!("no seed for {other}"),
    }
}

fn url(base: &str, path: &str) -> String {
    format!("{base}{path}")
}

/// What one answer is like: status, time, bytes as sent (compressed when
/// the server compressed it) and its encoding.
struct Answer {
    status: StatusCode,
    elapsed: Duration,
    body: Vec<u8>,
    encoding: String,
}

async fn fetch(client: &Client, url: &str, token: &str, encodings: Option<&str>) -> Result<Answer, String> {
    let mut request = client.get(url).bearer_auth(token);
    if let Some(encodings) = encodings {
        request = request.header("Accept-Encoding", encodings);
    }
    let start = Instant::now();
    let response = request.send().await.map_err(|e| format!("request failed: {e}"))?;
    let status = response.status();
    let encoding = response
        .headers()
        .get("content-encoding")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("identity")
        .to_owned();
    let body = response.bytes().await.map_err(|e| format!("body failed: {e}"))?.to_vec();
    Ok(Answer { status, elapsed: start.elapsed(), body, encoding })
}

/// The body as JSON or text, whatever its encoding.
fn decoded(answer: &Answer) -> Vec<u8> {
    let mut out = Vec::new();
    let ok = match answer.encoding.as_str() {
        "gzip" => flate2::read::GzDecoder::new(&answer.body[..]).read_to_end(&mut out).is_ok(),
        "br" => brotli::Decompressor::new(&answer.body[..], 4096).read_to_end(&mut out).is_ok(),
        _ => {
            out.extend_from_slice(&answer.body);
            true
        }
    };
    if ok { out } else { Vec::new() }
}

/// A non-200 answer: the line that says so instead of figures.
fn refused(name: &str, answer: &Answer) -> Row {
    Row::skipped(name, format!("skipped: {}", answer.status.as_u16()))
}

/// What a paged answer holds: its items, total and whether there is more.
fn page_notes(body: &[u8]) -> String {
    let Ok(page) = serde_json::from_slice::<Value>(body) else {
        return String::new();
    };
    if let Some(list) = page.as_array() {
        return format!("{} items (a list, not a page)", list.len());
    }
    let Some(items) = page["items"].as_array() else {
        return String::new();
    };
    let total = match (page["total"].as_u64(), page["totalExact"].as_bool()) {
        (Some(total), Some(false)) => format!(", total ≥{total}"),
        (Some(total), _) => format!(", total {total}"),
        _ => String::new(),
    };
    let more = if page["next"].is_string() { ", more" } else { ", last page" };
    format!("{} items{total}{more}", items.len())
}

/// The old way: one request for everything, its time and size.
async fn once(client: &Client, base: &str, token: &str, call: &Call) -> Row {
    let answer = match fetch(client, &url(base, &call.path), token, Some(BROWSER_ENCODINGS)).await {
        Ok(answer) => answer,
        Err(why) => return Row::skipped(call.name, why),
    };
    if answer.status != StatusCode::OK {
        return refused(call.name, &answer);
    }
    let ms = answer.elapsed.as_secs_f64() * 1000.0;
    let raw = decoded(&answer);
    Row {
        name: call.name.to_owned(),
        p50: Some(ms),
        p99: None,
        rps: None,
        alone: (None, None),
        kb: Some(answer.body.len() as f64 / 1024.0),
        notes: format!(
            "one request; {}, {:.1} MB uncompressed ({})",
            page_notes(&raw),
            raw.len() as f64 / 1e6,
            answer.encoding
        ),
        target: None,
    }
}

/// The path of page `n`: the first page's, then `&after=<next>` n − 1 times.
async fn nth_page(client: &Client, base: &str, token: &str, path: &str, n: u32) -> Result<String, String> {
    let mut current = path.to_owned();
    for page in 1..n {
        let answer = fetch(client, &url(base, &current), token, None).await?;
        if answer.status != StatusCode::OK {
            return Err(format!("skipped: {}", answer.status.as_u16()));
        }
        let body: Value =
            serde_json::from_slice(&answer.body).map_err(|e| format!("skipped: not JSON: {e}"))?;
        let Some(next) = body["next"].as_str() else {
            return Err(format!("skipped: only {page} pages"));
        };
        let cursor: String = url::form_urlencoded::byte_serialize(next.as_bytes()).collect();
        let separator = if path.contains('?') { '&' } else { '?' };
        current = format!("{path}{separator}after={cursor}");
    }
    Ok(current)
}

/// `settings.clients` keep-alive clients asking for `path` for
/// `settings.seconds`, as a browser does; then one client alone for
/// `settings.serial_seconds` (what a request costs without a queue).
async fn load(client: &Client, base: &str, token: &str, call: &Call, path: &str, settings: &Settings) -> Row {
    let target_url = url(base, path);
    let probe = match fetch(client, &target_url, token, Some(BROWSER_ENCODINGS)).await {
        Ok(answer) => answer,
        Err(why) => return Row::skipped(call.name, why),
    };
    if probe.status != StatusCode::OK {
        return refused(call.name, &probe);
    }
    let page = page_notes(&decoded(&probe));
    let busy = hammer(client, &target_url, token, settings.clients, settings.seconds).await;
    let alone = hammer(client, &target_url, token, 1, settings.serial_seconds).await;
    let kb = probe.body.len() as f64 / 1024.0;
    let mut notes = [page.as_str(), probe.encoding.as_str()]
        .into_iter()
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join("; ");
    if busy.errors + alone.errors > 0 {
        notes.push_str(&format!("; {} errors", busy.errors + alone.errors));
    }
    Row {
        name: call.name.to_owned(),
        p50: busy.quantile(0.5),
        p99: busy.quantile(0.99),
        rps: Some(busy.latencies.len() as f64 / busy.elapsed.as_secs_f64()),
        alone: (alone.quantile(0.5), alone.quantile(0.99)),
        kb: Some(kb),
        notes,
        target: busy.quantile(0.99).map(|p99| p99 <= P99_TARGET_MS && kb <= KB_TARGET),
    }
}

/// What a run of clients measured: the answered requests' latencies, sorted.
struct Measured {
    latencies: Vec<Duration>,
    errors: u64,
    elapsed: Duration,
}

impl Measured {
    fn quantile(&self, q: f64) -> Option<f64> {
        let at = ((self.latencies.len() as f64 - 1.0) * q).round() as usize;
        self.latencies.get(at).map(|d| d.as_secs_f64() * 1000.0)
    }
}

/// `clients` keep-alive clients sending GET `target_url` one after another
/// for `seconds`.
async fn hammer(client: &Client, target_url: &str, token: &str, clients: usize, seconds: u64) -> Measured {
    let stop = Arc::new(AtomicBool::new(false));
    let errors = Arc::new(AtomicU64::new(0));
    let mut workers = Vec::new();
    for _ in 0..clients {
        let (client, stop, errors, target_url, token) =
            (client.clone(), stop.clone(), errors.clone(), target_url.to_owned(), token.to_owned());
        workers.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            while !stop.load(Ordering::Relaxed) {
                let start = Instant::now();
                let sent = client
                    .get(&target_url)
                    .bearer_auth(&token)
                    .header("Accept-Encoding", BROWSER_ENCODINGS)
                    .send()
                    .await;
                let answered = match sent {
                    Ok(response) if response.status().is_success() => response.bytes().await.is_ok(),
                    _ => false,
                };
                if answered {
                    latencies.push(start.elapsed());
                } else {
                    errors.fetch_add(1, Ordering::Relaxed);
                }
            }
            latencies
        }));
    }
    let started = Instant::now();
    tokio::time::sleep(Duration::from_secs(seconds)).await;
    stop.store(true, Ordering::Relaxed);
    let mut latencies = Vec::new();
    for worker in workers {
        latencies.extend(worker.await.unwrap_or_default());
    }
    let elapsed = started.elapsed();
    latencies.sort();
    Measured { latencies, errors: errors.load(Ordering::Relaxed), elapsed }
}

/// A CSV download, as a browser makes it: up to three times (fewer when one
/// takes long), the time to the last byte and the server's peak resident
/// memory during it.
async fn export(client: &Client, base: &str, token: &str, call: &Call, pid: u32) -> Row {
    let target_url = url(base, &call.path);
    let mut times = Vec::new();
    let (mut first, mut peak_mib, mut before_mib) = (None, 0, 0);
    let started = Instant::now();
    while times.len() < 3 && (times.is_empty() || started.elapsed() < Duration::from_secs(20)) {
        let before = memory_kib(pid, "VmRSS:");
        // The peak since now: reset it, or (where the kernel refuses) sample.
        let reset = reset_peak(pid);
        let sampling = Arc::new(AtomicBool::new(true));
        let sampler = {
            let sampling = sampling.clone();
            tokio::spawn(async move {
                let mut max = 0;
                while sampling.load(Ordering::Relaxed) {
                    max = max.max(memory_kib(pid, "VmRSS:"));
                    tokio::time::sleep(Duration::from_millis(5)).await;
                }
                max
            })
        };
        let answer = fetch(client, &target_url, token, Some(BROWSER_ENCODINGS)).await;
        sampling.store(false, Ordering::Relaxed);
        let sampled = sampler.await.unwrap_or(0);
        let peak = if reset { memory_kib(pid, "VmHWM:") } else { sampled };
        let answer = match answer {
            Ok(answer) => answer,
            Err(why) => return Row::skipped(call.name, why),
        };
        if answer.status != StatusCode::OK {
            return refused(call.name, &answer);
        }
        times.push(answer.elapsed.as_secs_f64() * 1000.0);
        peak_mib = peak_mib.max(peak / 1024);
        before_mib = before / 1024;
        if first.is_none() {
            first = Some(answer);
        }
    }
    let first = first.expect("one export at least");
    let lines = decoded(&first).split(|&b| b == b'\n').filter(|line| !line.is_empty()).count();
    times.sort_by(f64::total_cmp);
    Row {
        name: call.name.to_owned(),
        p50: times.get(times.len() / 2).copied(),
        p99: times.last().copied(),
        rps: None,
        alone: (None, None),
        kb: Some(first.body.len() as f64 / 1024.0),
        notes: format!(
            "{} runs (p99 column: slowest); {} rows; server peak {peak_mib} MiB resident (from {before_mib}); {}",
            times.len(),
            lines.saturating_sub(1),
            first.encoding
        ),
        target: None,
    }
}

/// The dashboard's Orders tab in Chromium (scripts/scale-bench/orders-tab.mjs):
/// from a click on the tab to its first row; and the bookmarked Orders view
/// opened signed out, from submitting the login form to the first row, and
/// from the login's answer (the password checked) to it; the latter two
/// also on the page's own clock (without Playwright's work around a click).
fn orders_tab(base: &str, scale: u32) -> Vec<Row> {
    let names = [
        "Orders tab: click → first row",
        "Orders view: login submitted → first row",
        "Orders view: login answered → first row",
        "… on the page's clock: login submitted → first row",
        "… on the page's clock: login answered → first row",
    ];
    let report = match run_node(base) {
        Ok(report) => report,
        Err(why) => {
            println!("orders tab: {why}");
            return names.iter().map(|name| Row::skipped(name, format!("skipped: {why}"))).collect();
        }
    };
    println!("orders tab: {report}");
    let error = report["error"].as_str().unwrap_or("no figure").to_owned();
    let row = |name: &str, measured: &Value, extra: String| {
        if measured.is_null() || measured["error"].is_string() {
            let why = measured["error"].as_str().unwrap_or(&error);
            return Row::skipped(name, format!("skipped: {why}"));
        }
        let ms = measured["ms"].as_f64();
        let result = measured["result"].as_str().unwrap_or("?");
        let memory = &measured["memory"];
        let mut notes = match result {
            "shown" => String::new(),
            other => format!("{other}; "),
        };
        let heap = memory["jsHeapUsedMB"]
            .as_f64()
            .map_or_else(|| "unreadable (page busy or gone)".to_owned(), |mb| format!("{mb:.0} MB"));
        notes.push_str(&format!(
            "{extra}JS heap {heap}, Chromium {:.0} MB resident (PSS {:.0} MB, peak RSS {:.0} MB)",
            memory["chromiumRssMB"].as_f64().unwrap_or(0.0),
            memory["chromiumPssMB"].as_f64().unwrap_or(0.0),
            memory["chromiumPeakRssMB"].as_f64().unwrap_or(0.0),
        ));
        Row {
            name: name.to_owned(),
            p50: ms.filter(|_| result == "shown"),
            p99: None,
            rps: None,
            alone: (None, None),
            kb: None,
            notes,
            target: (scale == 1).then_some(result == "shown" && ms.is_some_and(|ms| ms <= TAB_TARGET_MS)),
        }
    };
    let click = &report["tabClick"];
    let signed_in = &report["afterLogin"];
    let login = signed_in["loginMs"]
        .as_f64()
        .map(|ms| format!("the login's answer {ms:.0} ms; "))
        .unwrap_or_default();
    let mut answered = signed_in.clone();
    answered["ms"] = signed_in["afterAnswerMs"].clone();
    // The same view timed by the page itself, from the form's submit event
    // to the frame that shows the row (orders-tab.mjs, `watchInPage`).
    let in_page = &signed_in["inPage"];
    let on_page_clock = |ms: Value| {
        let mut measured = signed_in.clone();
        measured["ms"] = ms;
        if in_page.is_null() {
            measured["result"] = "not timed by the page".into();
        }
        measured
    };
    let page_login =
        in_page["loginMs"].as_f64().map(|ms| format!("the login's answer {ms:.0} ms; ")).unwrap_or_default();
    let page_answered = match (in_page["ms"].as_f64(), in_page["loginMs"].as_f64()) {
        (Some(shown), Some(login)) => json!(shown - login),
        _ => Value::Null,
    };
    let mut rows = vec![
        row(names[0], click, String::new()),
        row(names[1], signed_in, login),
        row(names[2], &answered, String::new()),
        row(names[3], &on_page_clock(in_page["ms"].clone()), page_login),
        row(names[4], &on_page_clock(page_answered), String::new()),
    ];
    // The issue's target is the time after login (both readings are shown);
    // the click is not one.
    rows[0].target = None;
    rows
}

/// Runs the browser script and reads its JSON line; one that runs past its
/// own limits (two minutes a measurement) is stopped.
fn run_node(base: &str) -> Result<Value, String> {
    let mut child = Command::new("node")
        .args(["scripts/scale-bench/orders-tab.mjs", base, ADMIN_EMAIL, ADMIN_PASSWORD])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| format!("node did not run: {e}"))?;
    let started = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(_)) => break,
            Ok(None) if started.elapsed() > Duration::from_secs(330) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err("the browser script ran past 5.5 minutes and was stopped".to_owned());
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(200)),
            Err(e) => return Err(format!("node: {e}")),
        }
    }
    let mut text = String::new();
    if let Some(mut stdout) = child.stdout.take() {
        let _ = stdout.read_to_string(&mut text);
    }
    text.lines()
        .rev()
        .find_map(|line| serde_json::from_str::<Value>(line).ok())
        .ok_or_else(|| "no report from the browser script".to_owned())
}

fn print_row(row: &Row) {
    let ms = |v: Option<f64>| v.map_or("-".to_owned(), |v| format!("{v:.1}"));
    println!(
        "  {:<36} p50 {:>8} p99 {:>8} ms {:>6} req/s, alone {:>6} {:>6} ms {:>8} KB  {}",
        row.name,
        ms(row.p50),
        ms(row.p99),
        row.rps.map_or("-".to_owned(), |v| format!("{v:.0}")),
        ms(row.alone.0),
        ms(row.alone.1),
        row.kb.map_or("-".to_owned(), |v| format!("{v:.1}")),
        row.notes
    );
}

fn print_table(scale: u32, rows: &[Row]) {
    let cell = |v: Option<f64>, digits: usize| v.map_or("—".to_owned(), |v| format!("{v:.digits$}"));
    println!("\n### ×{scale}: {} orders\n", label(scale));
    println!(
        "| call | p50 ms | p99 ms | req/s | 1 client p50 | 1 client p99 | KB compressed | target | notes |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|:---:|---|");
    for row in rows {
        let target = match (scale, row.target) {
            (1, Some(true)) => "ok",
            (1, Some(false)) => "**over**",
            _ => "",
        };
        println!(
            "| {} | {} | {} | {} | {} | {} | {} | {target} | {} |",
            row.name,
            cell(row.p50, 1),
            cell(row.p99, 1),
            cell(row.rps, 0),
            cell(row.alone.0, 1),
            cell(row.alone.1, 1),
            cell(row.kb, 1),
            row.notes
        );
    }
}
