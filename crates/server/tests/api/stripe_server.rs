//! A real Stripe-compatible server for the payment tests: `localstripe`
//! (PyPI, installed by `.ci/run` into `target/payments-venv`), started on a
//! free port per test. It keeps everything in memory, serves a Stripe.js of
//! its own and signs its webhooks as Stripe does. What it lacks is in
//! docs/decisions.md §14 (it ignores `Idempotency-Key`: the key the server
//! sends is read by a recording proxy between the two, see [`Recorder`]).

use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Value, json};

use crate::helpers::{Options, PaymentOptions, TestApp, free_port, spawn_app_with};

/// The test secret key and webhook secret the test apps are given.
pub const SECRET_KEY: &str = "sk_test_golden_pine";
pub const PUBLISHABLE_KEY: &str = "pk_test_golden_pine";
pub const WEBHOOK_SECRET: &str = "whsec_golden_pine_test";
/// What the guest's browser creates its payment method with. Stripe.js uses
/// the publishable key; localstripe takes payment methods only with a key
/// that looks secret (any `sk_…`), so the browser's stand-in sends this one,
/// which is not the server's.
pub const BROWSER_KEY: &str = "sk_test_browser_stand_in";

pub struct LocalStripe {
    pub port: u16,
    child: Child,
    client: reqwest::Client,
}

fn program() -> PathBuf {
    std::env::var_os("LOCALSTRIPE").map(PathBuf::from).unwrap_or_else(|| {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/payments-venv/bin/localstripe")
    })
}

impl LocalStripe {
    pub async fn start() -> Self {
        let port = free_port();
        let program = program();
        let child = Command::new(&program)
            .args(["--port", &port.to_string(), "--from-scratch"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| {
                panic!(
                    "{} (pip install localstripe into target/payments-venv, as .ci/run does): {e}",
                    program.display()
                )
            });
        // Owned at once, so it is stopped (and waited for) however this ends.
        let mut server = Self { port, child, client: reqwest::Client::new() };
        for _ in 0..400 {
            if TcpStream::connect(("127.0.0.1", port)).is_ok() {
                return server;
            }
            if let Ok(Some(status)) = server.child.try_wait() {
                panic!("localstripe ended ({status}) before listening on port {port}");
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        panic!("localstripe did not start on port {port}");
    }

    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// Asks localstripe to send its events to `url`, signed with the test secret.
    pub async fn send_webhooks_to(&self, url: &str) {
        let response = self
            .client
            .post(format!("{}/_config/webhooks/golden-pine", self.url()))
            .form(&[("url", url), ("secret", WEBHOOK_SECRET)])
            .send()
            .await
            .expect("webhook configured");
        assert!(response.status().is_success(), "{}", response.text().await.unwrap_or_default());
    }

    /// A card payment method, as the guest's browser creates it with the
    /// provider (the card number goes to the provider, never to our server).
    pub async fn card(&self, number: &str) -> String {
        let response = self
            .client
            .post(format!("{}/v1/payment_methods", self.url()))
            .bearer_auth(BROWSER_KEY)
            .form(&[
                ("type", "card"),
                ("card[number]", number),
                ("card[exp_month]", "12"),
                ("card[exp_year]", "2030"),
                ("card[cvc]", "123"),
            ])
            .send()
            .await
            .expect("payment method");
        let body: Value = response.json().await.expect("json");
        body["id"].as_str().unwrap_or_else(|| panic!("a payment method: {body}")).to_owned()
    }

    /// A payment as the provider has it.
    pub async fn payment(&self, id: &str) -> Value {
        self.get(&format!("/v1/payment_intents/{id}")).await
    }

    /// Every payment the provider has.
    pub async fn payments(&self) -> Vec<Value> {
        self.get("/v1/payment_intents?limit=100").await["data"].as_array().cloned().unwrap_or_default()
    }

    pub async fn get(&self, path: &str) -> Value {
        let response = self
            .client
            .get(format!("{}{path}", self.url()))
            .bearer_auth(SECRET_KEY)
            .send()
            .await
            .expect("get");
        response.json().await.expect("json")
    }

    pub async fn post(&self, path: &str, form: &[(&str, &str)]) -> (u16, Value) {
        let response = self
            .client
            .post(format!("{}{path}", self.url()))
            .bearer_auth(SECRET_KEY)
            .form(form)
            .send()
            .await
            .expect("post");
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(Value::Null))
    }
}

/// A shop that takes payments: the app, a localstripe of its own, and the
/// app's webhook endpoint registered with it.
pub struct Shop {
    pub app: TestApp,
    pub stripe: LocalStripe,
}

/// An event as the provider sends it to the app's webhook, signed at `signed_at`.
pub async fn send_event(
    app: &TestApp,
    id: &str,
    kind: &str,
    object: Value,
    signed_at: i64,
) -> reqwest::Response {
    let event = json!({"id": id, "object": "event", "type": kind, "created": signed_at,
        "data": {"object": object}, "livemode": false});
    let body = event.to_string();
    let signature = payments_stripe::sign(WEBHOOK_SECRET, body.as_bytes(), signed_at);
    app.request(reqwest::Method::POST, "/api/payments/webhook")
        .header("Content-Type", "application/json")
        .header("Stripe-Signature", signature)
        .body(body)
        .send()
        .await
        .expect("sent")
}

/// How many of the provider's own webhooks of `kind` the app has taken,
/// once at least one has (localstripe sends each about a second after the
/// call that made it), or none after ten seconds.
pub async fn provider_events_taken(app: &TestApp, kind: &str) -> i64 {
    let taken = format!("SELECT count(*) FROM payment_events WHERE kind = '{kind}'");
    for _ in 0..200 {
        if app.sql_count(&taken) > 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    app.sql_count(&taken)
}

pub async fn spawn_shop() -> Shop {
    spawn_shop_with(|options| options).await
}

pub async fn spawn_shop_with(change: impl FnOnce(PaymentOptions) -> PaymentOptions) -> Shop {
    let stripe = LocalStripe::start().await;
    let payments = change(PaymentOptions::through(stripe.url()));
    let app = spawn_app_with(Options { payments: Some(payments), ..Options::default() }).await;
    stripe.send_webhooks_to(&format!("{}/api/payments/webhook", app.address)).await;
    Shop { app, stripe }
}

impl Drop for LocalStripe {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A proxy between the server and localstripe that keeps the text of every
/// request the server sends, so a test reads the headers it sent
/// (localstripe ignores `Idempotency-Key`; Stripe does not).
pub struct Recorder {
    pub port: u16,
    pub requests: Arc<Mutex<Vec<u8>>>,
}

impl Recorder {
    pub async fn start(upstream: u16) -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let port = listener.local_addr().expect("addr").port();
        let requests = Arc::new(Mutex::new(Vec::new()));
        let seen = requests.clone();
        tokio::spawn(async move {
            while let Ok((mut inbound, _)) = listener.accept().await {
                let seen = seen.clone();
                tokio::spawn(async move {
                    use tokio::io::{AsyncReadExt, AsyncWriteExt};
                    let Ok(mut outbound) = tokio::net::TcpStream::connect(("127.0.0.1", upstream)).await
                    else {
                        return;
                    };
                    let (mut in_read, mut in_write) = inbound.split();
                    let (mut out_read, mut out_write) = outbound.split();
                    let upward = async {
                        let mut buffer = [0u8; 8192];
                        loop {
                            let read = in_read.read(&mut buffer).await.unwrap_or(0);
                            if read == 0 {
                                let _ = out_write.shutdown().await;
                                return;
                            }
                            seen.lock().expect("requests").extend_from_slice(&buffer[..read]);
                            if out_write.write_all(&buffer[..read]).await.is_err() {
                                return;
                            }
                        }
                    };
                    let downward = tokio::io::copy(&mut out_read, &mut in_write);
                    let _ = tokio::join!(upward, downward);
                });
            }
        });
        Self { port, requests }
    }

    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// Everything the server sent, as text.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.requests.lock().expect("requests")).into_owned()
    }
}

/// A proxy between the server and localstripe that passes everything
/// through until the server asks to create a payment: that request reaches
/// localstripe (the payment is made there), but its answer is held back, as
/// if the server died before it heard it. `created` is told when it happened.
pub struct HoldingProxy {
    pub port: u16,
    pub created: Arc<tokio::sync::Notify>,
}

impl HoldingProxy {
    pub async fn start(upstream: u16) -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let port = listener.local_addr().expect("addr").port();
        let created = Arc::new(tokio::sync::Notify::new());
        let told = created.clone();
        tokio::spawn(async move {
            while let Ok((mut inbound, _)) = listener.accept().await {
                let told = told.clone();
                tokio::spawn(async move {
                    use tokio::io::{AsyncReadExt, AsyncWriteExt};
                    let Ok(mut outbound) = tokio::net::TcpStream::connect(("127.0.0.1", upstream)).await
                    else {
                        return;
                    };
                    let (mut in_read, mut in_write) = inbound.split();
                    let (mut out_read, mut out_write) = outbound.split();
                    let holding = std::sync::atomic::AtomicBool::new(false);
                    let upward = async {
                        let mut buffer = [0u8; 8192];
                        loop {
                            let read = in_read.read(&mut buffer).await.unwrap_or(0);
                            if read == 0 {
                                return;
                            }
                            if String::from_utf8_lossy(&buffer[..read]).contains("POST /v1/payment_intents ")
                            {
                                holding.store(true, std::sync::atomic::Ordering::SeqCst);
                            }
                            if out_write.write_all(&buffer[..read]).await.is_err() {
                                return;
                            }
                        }
                    };
                    let downward = async {
                        let mut buffer = [0u8; 8192];
                        loop {
                            let read = out_read.read(&mut buffer).await.unwrap_or(0);
                            if read == 0 {
                                return;
                            }
                            if holding.load(std::sync::atomic::Ordering::SeqCst) {
                                // Made at the provider; the server never hears of it.
                                told.notify_one();
                                continue;
                            }
                            if in_write.write_all(&buffer[..read]).await.is_err() {
                                return;
                            }
                        }
                    };
                    let _ = tokio::join!(upward, downward);
                });
            }
        });
        Self { port, created }
    }

    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }
}
