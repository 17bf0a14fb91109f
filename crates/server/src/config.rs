//! Configuration from the environment (or the same names as command-line
//! flags), read by clap. Every variable has a default that works for
//! `just run` on a fresh machine; see the README's table. Secrets are
//! `secrecy` values: `Debug` never prints them.

use std::net::SocketAddr;
use std::path::PathBuf;

use anyhow::bail;
use chrono_tz::Tz;
use clap::builder::BoolishValueParser;
use clap::{ArgAction, Args, ValueEnum};
use secrecy::{ExposeSecret, SecretString};

/// The local server `just run` uses. The database is on this machine, so its
/// connections skip TLS (a handshake each, for traffic that never leaves it).
pub const DEFAULT_DATABASE_URL: &str = "postgres://postgres@127.0.0.1:5432/golden_pine?sslmode=disable";
/// A JWT secret shorter than this is refused: an HS256 key should be at least
/// as long as the hash (RFC 7518 §3.2).
pub const MIN_JWT_SECRET_BYTES: usize = 32;

/// One more than the machine's cores: the queries a server runs at once,
/// one for each core and one waiting on the disk (a commit's flush), while
/// the rest wait their turn for a connection, first come first served
/// (`store-postgres::PgStore::run`). More at once on the same cores answer
/// no more requests: they share the cores, and each takes longer. The scale
/// bench on 2 cores (8 clients, ×1, a common word's orders search): p99
/// 32–35 ms with 3 connections, 48–51 with 4, 55–61 with 5, 53–70 with 10
/// (docs/decisions.md, "A pool the size of the cores").
pub fn default_pool_size() -> u32 {
    let cores = std::thread::available_parallelism().map_or(2, usize::from);
    u32::try_from(cores.saturating_add(1)).map_or(500, |size| size.min(500))
}

#[derive(Debug, Clone, Args)]
pub struct Config {
    /// The PostgreSQL database.
    #[arg(long, env = "DATABASE_URL", default_value = DEFAULT_DATABASE_URL, value_parser = DatabaseUrl::parse, hide_env_values = true)]
    pub database_url: DatabaseUrl,
    /// Connections per server process (by default one more than the cores).
    #[arg(long, env = "DATABASE_POOL_SIZE", default_value_t = default_pool_size(), value_parser = clap::value_parser!(u32).range(1..=500))]
    pub database_pool_size: u32,
    /// Create the database when it does not exist (local development).
    #[arg(long, env = "CREATE_DATABASE", default_value_t = true, action = ArgAction::Set, value_parser = BoolishValueParser::new())]
    pub create_database: bool,
    /// Address to listen on (0.0.0.0 behind a proxy or in a container).
    #[arg(long, env = "HOST", default_value = "127.0.0.1")]
    pub host: String,
    /// Port to listen on; 0 picks a free one (tests).
    #[arg(long, env = "PORT", default_value_t = 8080)]
    pub port: u16,
    /// Absolute base URL for links (sitemap, canonical, Open Graph), e.g. https://goldenpine.example.
    #[arg(long, env = "PUBLIC_URL", value_parser = parse_public_url)]
    pub public_url: Option<String>,
    /// The built frontend to serve; by default the one built into the binary.
    #[arg(long, env = "FRONTEND_DIR")]
    pub frontend_dir: Option<PathBuf>,
    /// Folder with `catalogue.json` and `media/`; by default the one built into the binary.
    #[arg(long, env = "DEMO_DIR")]
    pub demo_dir: Option<PathBuf>,
    /// Where right-sized copies of media images are kept (made on first
    /// request, then served from here); by default `$TMPDIR/golden-pine/image-copies`.
    #[arg(long, env = "IMAGE_CACHE_DIR")]
    pub image_cache_dir: Option<PathBuf>,
    /// Load the demo catalogue into an empty database and, when no admin
    /// exists, create a demo admin with a random password printed once.
    #[arg(long, env = "DEMO_DATA", default_value_t = false, action = ArgAction::Set, value_parser = BoolishValueParser::new())]
    pub demo_data: bool,
    /// The first admin's email (with ADMIN_PASSWORD): created at start when no admin has it.
    #[arg(long, env = "ADMIN_EMAIL")]
    pub admin_email: Option<String>,
    /// The first admin's password (12+ characters).
    #[arg(long, env = "ADMIN_PASSWORD", hide_env_values = true, value_parser = secret)]
    pub admin_password: Option<SecretString>,
    #[arg(long, env = "ADMIN_NAME", default_value = "Administrator")]
    pub admin_name: String,
    /// Token signing secret (32+ bytes); when unset, one is generated at first
    /// start and kept in the database, shared by every process.
    #[arg(long, env = "JWT_SECRET", hide_env_values = true, value_parser = secret)]
    pub jwt_secret: Option<SecretString>,
    /// Admin session length in hours.
    #[arg(long, env = "TOKEN_TTL_HOURS", default_value_t = 8, value_parser = clap::value_parser!(i64).range(1..=72))]
    pub token_ttl_hours: i64,
    /// The retreat's IANA time zone: decides "today" for bookings.
    #[arg(long, env = "BUSINESS_TZ", default_value = "America/Los_Angeles", value_parser = parse_tz)]
    pub business_tz: Tz,
    /// Password hashing cost.
    #[arg(long, env = "BCRYPT_COST", default_value_t = 12, value_parser = clap::value_parser!(u32).range(4..=16))]
    pub bcrypt_cost: u32,
    /// Log lines as text (for people) or JSON (for log collectors).
    #[arg(long, env = "LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,
    /// Public writes (bookings, orders, contact messages, newsletter sign-ups)
    /// one client address may make per 10 minutes; more get 429.
    #[arg(long, env = "PUBLIC_WRITE_LIMIT", default_value_t = 30, value_parser = clap::value_parser!(i32).range(1..))]
    pub public_write_limit: i32,
    /// Gift card look-ups (balance checks, codes given at the checkout or a
    /// booking) one client address may make per 15 minutes; more get 429.
    #[arg(long, env = "GIFT_CARD_LOOKUP_LIMIT", default_value_t = 20, value_parser = clap::value_parser!(i32).range(1..))]
    pub gift_card_lookup_limit: i32,
    /// Proxies (addresses or CIDR networks, comma-separated) whose
    /// X-Forwarded-For / Forwarded headers name the client; from any other
    /// peer those headers are ignored.
    #[arg(long, env = "TRUSTED_PROXIES", default_value = "", value_parser = parse_trusted_proxies)]
    pub trusted_proxies: http_api::client_ip::TrustedProxies,
    /// Seconds a request body may take to arrive (then 408).
    #[arg(long, env = "REQUEST_BODY_TIMEOUT_SECONDS", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=600))]
    pub request_body_timeout_seconds: u64,
    /// Where mail is sent: smtp://user:pass@host:587 (STARTTLS with ?tls=required),
    /// smtps://user:pass@host:465 (TLS). Unset: messages stay queued in the
    /// outbox and show in the dashboard; nothing is sent.
    #[arg(long, env = "SMTP_URL", hide_env_values = true, value_parser = parse_smtp_url)]
    pub smtp_url: Option<SecretString>,
    /// The sender of every message.
    #[arg(
        long,
        env = "MAIL_FROM",
        default_value = "Golden Pine Wellness Retreat <stay@goldenpineretreat.com>"
    )]
    pub mail_from: String,
    /// The owner's address for new bookings, orders and messages and guests' cancellations.
    #[arg(long, env = "NOTIFY_EMAIL", value_parser = parse_email)]
    pub notify_email: Option<domain::Email>,
    /// Hours before a booking begins until which its guest may cancel it online.
    #[arg(long, env = "GUEST_CANCEL_CUTOFF_HOURS", default_value_t = domain::booking::DEFAULT_GUEST_CANCEL_CUTOFF_HOURS, value_parser = clap::value_parser!(i64).range(0..=720))]
    pub guest_cancel_cutoff_hours: i64,
    /// Seconds before a failed message is tried again (doubling each time, at most an hour).
    #[arg(long, env = "MAIL_RETRY_BASE_SECONDS", default_value_t = 30, value_parser = clap::value_parser!(i64).range(1..=3600))]
    pub mail_retry_base_seconds: i64,
    /// How often each process's delivery worker looks for due messages, in milliseconds.
    #[arg(long, env = "MAIL_POLL_MILLISECONDS", default_value_t = 1000, value_parser = clap::value_parser!(u64).range(50..=60_000))]
    pub mail_poll_milliseconds: u64,
    /// A second address serving only /metrics, without a token (for a scraper on a private network).
    /// Without it, /metrics on the main port needs an admin token.
    #[arg(long, env = "METRICS_ADDR")]
    pub metrics_addr: Option<SocketAddr>,
    /// `off` to run without taking payments (a deliberate choice where no
    /// provider keys are set outside a demo); left unset, payments are on
    /// exactly when the Stripe keys are set.
    #[arg(long, env = "PAYMENTS", value_enum)]
    pub payments: Option<PaymentsSwitch>,
    /// Stripe's secret key (`sk_test_…` in test mode, `sk_live_…` in production).
    #[arg(long, env = "STRIPE_SECRET_KEY", hide_env_values = true, value_parser = secret)]
    pub stripe_secret_key: Option<SecretString>,
    /// Stripe's publishable key (`pk_…`), given to the browser.
    #[arg(long, env = "STRIPE_PUBLISHABLE_KEY")]
    pub stripe_publishable_key: Option<String>,
    /// The signing secret of the webhook endpoint `/api/payments/webhook` (`whsec_…`).
    #[arg(long, env = "STRIPE_WEBHOOK_SECRET", hide_env_values = true, value_parser = secret)]
    pub stripe_webhook_secret: Option<SecretString>,
    /// Stripe's API (a Stripe-compatible server in tests).
    #[arg(long, env = "STRIPE_API_BASE", default_value = "https://api.stripe.com", value_parser = parse_public_url)]
    pub stripe_api_base: String,
    /// Where browsers load Stripe.js.
    #[arg(long, env = "STRIPE_JS_URL", default_value = "https://js.stripe.com/v3/", value_parser = parse_script_url)]
    pub stripe_js_url: String,
    /// Minutes an order may wait for its payment before it is cancelled and its stock given back.
    #[arg(long, env = "PAYMENT_TIMEOUT_MINUTES", default_value_t = 30, value_parser = clap::value_parser!(i64).range(1..=10_080))]
    pub payment_timeout_minutes: i64,
    /// Hours before a booking with a deposit begins until which it may be
    /// cancelled free; later, the deposit is kept.
    #[arg(long, env = "CANCELLATION_FREE_HOURS", default_value_t = 48, value_parser = clap::value_parser!(i64).range(0..=720))]
    pub cancellation_free_hours: i64,
    /// How often each process looks for orders whose payment timed out, in seconds.
    #[arg(long, env = "PAYMENT_SWEEP_SECONDS", default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub payment_sweep_seconds: u64,
    /// How often each process looks for visit reminders, thank-yous, invitations and waitlist offers that
    /// are due, in seconds.
    #[arg(long, env = "REMINDER_SWEEP_SECONDS", default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub reminder_sweep_seconds: u64,
    /// How often each process looks for calendar imports (Airbnb, VRBO…)
    /// that are due a fetch, in seconds (the owner sets how often each is
    /// fetched; this is how often the schedule is looked at).
    #[arg(long, env = "STAY_SYNC_SWEEP_SECONDS", default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub stay_sync_sweep_seconds: u64,
    /// Let calendar imports fetch private and loopback addresses (a test's
    /// local server, a calendar on the retreat's own network). Off: an
    /// address that resolves or redirects to one is refused.
    #[arg(long, env = "ICAL_IMPORT_ALLOW_PRIVATE", default_value_t = false, action = ArgAction::Set, value_parser = BoolishValueParser::new())]
    pub ical_import_allow_private: bool,
    /// The longest a calendar import's fetch may take, in seconds.
    #[arg(long, env = "ICAL_IMPORT_TIMEOUT_SECONDS", default_value_t = 15, value_parser = clap::value_parser!(u64).range(1..=120))]
    pub ical_import_timeout_seconds: u64,
    /// Uploaded media (issue 24): where files are kept and how.
    #[command(flatten)]
    pub media: MediaConfig,
}

/// Where uploaded pictures and videos are kept.
#[derive(Debug, Clone, Args)]
pub struct MediaConfig {
    /// `local`: a folder of this machine (MEDIA_DIR); `s3`: an S3-compatible
    /// bucket shared by every process (the S3_* settings).
    #[arg(long, env = "MEDIA_STORE", value_enum, default_value_t = MediaStoreKind::Local)]
    pub media_store: MediaStoreKind,
    /// The local store's folder; with `s3`, this process's copies of the
    /// files it serves. Created when missing.
    #[arg(long, env = "MEDIA_DIR", default_value = "uploads")]
    pub media_dir: PathBuf,
    /// The bucket (MEDIA_STORE=s3).
    #[arg(long, env = "S3_BUCKET")]
    pub s3_bucket: Option<String>,
    /// The service's address (R2, B2, MinIO...); AWS when unset.
    #[arg(long, env = "S3_ENDPOINT")]
    pub s3_endpoint: Option<String>,
    #[arg(long, env = "S3_REGION", default_value = "us-east-1")]
    pub s3_region: String,
    #[arg(long, env = "S3_ACCESS_KEY_ID", hide_env_values = true)]
    pub s3_access_key_id: Option<String>,
    #[arg(long, env = "S3_SECRET_ACCESS_KEY", hide_env_values = true, value_parser = secret)]
    pub s3_secret_access_key: Option<SecretString>,
    /// Path-style addresses (endpoint/bucket/key): MinIO and most
    /// self-hosted servers; virtual-hosted (bucket.endpoint/key) otherwise.
    #[arg(long, env = "S3_PATH_STYLE", default_value_t = false, action = ArgAction::Set, value_parser = BoolishValueParser::new())]
    pub s3_path_style: bool,
    /// Keys are kept under this prefix.
    #[arg(long, env = "S3_PREFIX", default_value = "uploads")]
    pub s3_prefix: String,
}

impl MediaConfig {
    /// The local folder store `just run` uses, in `dir`.
    pub fn local(dir: impl Into<PathBuf>) -> Self {
        Self {
            media_store: MediaStoreKind::Local,
            media_dir: dir.into(),
            s3_bucket: None,
            s3_endpoint: None,
            s3_region: "us-east-1".to_owned(),
            s3_access_key_id: None,
            s3_secret_access_key: None,
            s3_path_style: false,
            s3_prefix: "uploads".to_owned(),
        }
    }

    /// The S3 settings when MEDIA_STORE=s3, or what is missing.
    pub fn s3(&self) -> anyhow::Result<Option<media_store::S3Settings>> {
        if self.media_store != MediaStoreKind::S3 {
            return Ok(None);
        }
        let (Some(bucket), Some(access_key_id), Some(secret)) =
            (&self.s3_bucket, &self.s3_access_key_id, &self.s3_secret_access_key)
        else {
            bail!("MEDIA_STORE=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY");
        };
        Ok(Some(media_store::S3Settings {
            bucket: bucket.clone(),
            endpoint: self.s3_endpoint.clone(),
            region: self.s3_region.clone(),
            access_key_id: access_key_id.clone(),
            secret_access_key: secret.expose_secret().to_owned(),
            path_style: self.s3_path_style,
            prefix: self.s3_prefix.clone(),
        }))
    }
}

/// The kinds of media store.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MediaStoreKind {
    Local,
    S3,
}

/// The deliberate `PAYMENTS` settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PaymentsSwitch {
    /// No card is charged: orders are placed unpaid and bookings ask for no deposit.
    Off,
}

/// The Stripe settings, when payments are on.
#[derive(Debug, Clone)]
pub struct StripeSettings {
    pub secret_key: SecretString,
    pub publishable_key: String,
    pub webhook_secret: SecretString,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LogFormat {
    Text,
    Json,
}

/// Stripe.js's address: https (http only on the local machine, for tests).
fn parse_script_url(text: &str) -> Result<String, String> {
    let url = url::Url::parse(text).map_err(|_| format!("{text} is not a URL"))?;
    let local = matches!(url.host_str(), Some("127.0.0.1" | "localhost" | "[::1]"));
    if url.scheme() == "https" || (url.scheme() == "http" && local) {
        Ok(url.to_string())
    } else {
        Err("STRIPE_JS_URL must be an https:// address".to_owned())
    }
}

fn secret(text: &str) -> Result<SecretString, String> {
    Ok(SecretString::from(text))
}

fn parse_trusted_proxies(text: &str) -> Result<http_api::client_ip::TrustedProxies, String> {
    http_api::client_ip::TrustedProxies::parse(text)
}

fn parse_smtp_url(text: &str) -> Result<SecretString, String> {
    let url = url::Url::parse(text).map_err(|_| "SMTP_URL is not a URL".to_owned())?;
    if !matches!(url.scheme(), "smtp" | "smtps") || url.host().is_none() {
        return Err("SMTP_URL must be smtp://[user:pass@]host[:port] or smtps://...".to_owned());
    }
    Ok(SecretString::from(text))
}

fn parse_email(text: &str) -> Result<domain::Email, String> {
    domain::Email::parse(text).map_err(|error| error.to_string())
}

fn parse_tz(text: &str) -> Result<Tz, String> {
    text.parse().map_err(|_| format!("{text:?} is not an IANA time zone"))
}

fn parse_public_url(text: &str) -> Result<String, String> {
    let url = url::Url::parse(text).map_err(|e| format!("{text:?} is not a URL: {e}"))?;
    if !matches!(url.scheme(), "http" | "https") || url.host().is_none() {
        return Err(format!("{text:?} must be an http(s) URL with a host"));
    }
    Ok(text.trim_end_matches('/').to_owned())
}

/// A PostgreSQL URL whose password never reaches a log or `Debug`.
#[derive(Clone)]
pub struct DatabaseUrl(SecretString);

impl DatabaseUrl {
    pub fn parse(text: &str) -> Result<Self, String> {
        let url = url::Url::parse(text).map_err(|_| "DATABASE_URL is not a URL".to_owned())?;
        if !matches!(url.scheme(), "postgres" | "postgresql") {
            return Err("DATABASE_URL must start with postgres:// or postgresql://".to_owned());
        }
        Ok(Self(SecretString::from(text)))
    }

    /// The URL itself, for the connection.
    pub fn expose(&self) -> &str {
        self.0.expose_secret()
    }

    /// The URL with its password replaced, for messages.
    pub fn redacted(&self) -> String {
        match url::Url::parse(self.expose()) {
            Ok(mut url) if url.password().is_some() => {
                let _ = url.set_password(Some("***"));
                url.to_string()
            }
            Ok(url) => url.to_string(),
            Err(_) => "(unreadable URL)".to_owned(),
        }
    }
}

impl std::fmt::Debug for DatabaseUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.redacted())
    }
}

/// The first admin, from ADMIN_EMAIL / ADMIN_PASSWORD / ADMIN_NAME.
#[derive(Debug, Clone)]
pub struct AdminSeed {
    pub email: String,
    pub password: SecretString,
    pub name: String,
}

impl Config {
    /// Checks what the flags' own parsers cannot: pairs and lengths.
    pub fn validate(&self) -> anyhow::Result<()> {
        self.media.s3()?;
        if self.admin_email.is_some() != self.admin_password.is_some() {
            bail!("set both ADMIN_EMAIL and ADMIN_PASSWORD, or neither");
        }
        if let Some(secret) = &self.jwt_secret
            && secret.expose_secret().len() < MIN_JWT_SECRET_BYTES
        {
            bail!(
                "JWT_SECRET must be at least {MIN_JWT_SECRET_BYTES} bytes (or unset, to use a generated one)"
            );
        }
        Ok(())
    }

    /// The Stripe settings when payments are on (all three keys set), or
    /// why the server may not start: some keys without the others, or no
    /// keys outside a demo without `PAYMENTS=off`.
    pub fn stripe(&self) -> anyhow::Result<Option<StripeSettings>> {
        let keys = (
            self.stripe_secret_key.clone(),
            self.stripe_publishable_key.clone(),
            self.stripe_webhook_secret.clone(),
        );
        if self.payments == Some(PaymentsSwitch::Off) {
            return Ok(None);
        }
        match keys {
            (Some(secret_key), Some(publishable_key), Some(webhook_secret)) => {
                Ok(Some(StripeSettings { secret_key, publishable_key, webhook_secret }))
            }
            (None, None, None) if self.demo_data => Ok(None),
            (None, None, None) => bail!(
                "no payment provider: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, \
                 or PAYMENTS=off to take no payments (orders are then placed unpaid)"
            ),
            _ => bail!(
                "set all of STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or none"
            ),
        }
    }

    pub fn admin(&self) -> Option<AdminSeed> {
        Some(AdminSeed {
            email: self.admin_email.clone()?,
            password: self.admin_password.clone()?,
            name: self.admin_name.clone(),
        })
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        config: Config,
    }

    fn parse(args: &[&str]) -> Result<Config, clap::Error> {
        Cli::try_parse_from(std::iter::once("server").chain(args.iter().copied())).map(|cli| cli.config)
    }

    #[test]
    fn secrets_never_show_in_debug() {
        let config = parse(&[
            "--database-url",
            "postgres://user:hunter2-database@db.example:5432/retreat",
            "--jwt-secret",
            "a-very-long-jwt-secret-that-is-surely-32-bytes",
            "--admin-email",
            "owner@example.com",
            "--admin-password",
            "correct horse battery staple",
            "--smtp-url",
            "smtps://mailer:smtp-hunter2@mail.example:465",
        ])
        .expect("parses");
        let debug = format!("{config:?} {:?}", config.admin());
        for secret in ["hunter2-database", "a-very-long-jwt-secret", "correct horse", "smtp-hunter2"] {
            assert!(!debug.contains(secret), "{secret} in {debug}");
        }
        assert!(debug.contains("postgres://user:***@db.example:5432/retreat"), "{debug}");
    }

    #[test]
    fn the_pool_holds_one_more_than_the_cores_unless_told() {
        let cores = std::thread::available_parallelism().map_or(2, usize::from);
        let default = parse(&[]).expect("parses").database_pool_size;
        assert_eq!(usize::try_from(default).expect("small"), cores + 1);
        assert_eq!(parse(&["--database-pool-size", "12"]).expect("parses").database_pool_size, 12);
        assert!(parse(&["--database-pool-size", "0"]).is_err());
    }

    #[test]
    fn bad_values_are_refused_with_their_name() {
        for args in [
            &["--bcrypt-cost", "3"][..],
            &["--token-ttl-hours", "0"],
            &["--business-tz", "Mars/Olympus"],
            &["--public-url", "goldenpine.example"],
            &["--database-url", "mysql://x/y"],
            &["--log-format", "xml"],
            &["--create-database", "perhaps"],
            &["--trusted-proxies", "10.0.0.0/33"],
            &["--public-write-limit", "0"],
            &["--smtp-url", "http://mail.example"],
            &["--notify-email", "not an email"],
        ] {
            assert!(parse(args).is_err(), "{args:?}");
        }
        let short = parse(&["--jwt-secret", "short"]).expect("parses");
        assert!(short.validate().is_err());
        let half = parse(&["--admin-email", "owner@example.com"]).expect("parses");
        assert!(half.validate().is_err());
        let explicit = parse(&["--port", "9090", "--create-database", "no"]).expect("parses");
        assert_eq!((explicit.port, explicit.create_database), (9090, false));
    }

    #[test]
    fn payments_are_on_with_all_three_keys_and_off_only_in_a_demo_or_when_said() {
        let keys = [
            "--stripe-secret-key",
            "sk_test_1",
            "--stripe-publishable-key",
            "pk_test_1",
            "--stripe-webhook-secret",
            "whsec_1",
        ];
        let on = parse(&keys).expect("parses");
        assert_eq!(on.stripe().expect("starts").map(|s| s.publishable_key), Some("pk_test_1".to_owned()));
        let production = parse(&[]).expect("parses");
        let refusal = production.stripe().expect_err("a production start needs keys or PAYMENTS=off");
        assert!(refusal.to_string().contains("PAYMENTS=off"), "{refusal}");
        assert!(parse(&["--payments", "off"]).expect("parses").stripe().expect("starts").is_none());
        assert!(parse(&["--demo-data", "true"]).expect("parses").stripe().expect("starts").is_none());
        assert!(parse(&keys[..2]).expect("parses").stripe().is_err(), "some keys without the others");
        assert!(parse(&["--payments", "maybe"]).is_err());
    }
}
