//! Wiring: the only place that knows the concrete adapters. Builds the store,
//! the credential adapters and the HTTP app from a [`Config`].

pub mod app;
pub mod bundle;
pub mod config;
pub mod demo;
pub mod openapi;

use std::net::TcpListener;
use std::sync::Arc;

use actix_web::dev::Server;
use actix_web::{HttpServer, web};
use anyhow::Context;
use chrono::{DateTime, Utc};
use chrono_tz::Tz;
use secrecy::ExposeSecret;

use auth::{BcryptHasher, GuestLinkSigner, JwtIssuer, random_secret};
use domain::admin::NewAdmin;
use domain::booking::LocalNow;
use domain::limits::Limit;
use http_api::ApiState;
use http_api::state::{Guard, MailState};
use site::{SiteConfig, SiteState};

use ports::{AdminRepository, AuthService, BookingService, Clock, GuestLinks, MailDelivery};

/// The window `PUBLIC_WRITE_LIMIT` counts in.
pub const PUBLIC_WRITE_WINDOW_MINUTES: i64 = 10;
/// The window of the gift card look-up limit.
pub const GIFT_CARD_LOOKUP_WINDOW_MINUTES: i64 = 15;
/// The address guests are told to write to (the site's contact address).
pub const RETREAT_EMAIL: &str = "stay@goldenpineretreat.com";
use store_postgres::PgStore;

pub use config::Config;

/// The system clock, read in the retreat's time zone for "today".
pub struct BusinessClock {
    pub tz: Tz,
}

impl Clock for BusinessClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }

    fn local_now(&self) -> LocalNow {
        let local = Utc::now().with_timezone(&self.tz);
        LocalNow { date: local.date_naive(), time: local.time() }
    }

    fn start_of_local_day(&self, date: chrono::NaiveDate) -> chrono::DateTime<Utc> {
        use chrono::TimeZone;
        // A clock change can skip midnight (never in California, but in
        // other zones): then the day starts at its first existing minute.
        (0..24 * 60)
            .filter_map(|minute| {
                let time = chrono::NaiveTime::MIN + chrono::Duration::minutes(minute);
                self.tz.from_local_datetime(&date.and_time(time)).earliest()
            })
            .next()
            .map_or_else(|| date.and_time(chrono::NaiveTime::MIN).and_utc(), |at| at.with_timezone(&Utc))
    }
}

/// Key under which a generated JWT secret is shared by every process.
const JWT_SECRET_SETTING: &str = "jwt_secret";

/// Everything the binary and the tests need, connected and migrated.
pub struct Wiring {
    pub store: PgStore,
    pub auth: AuthService,
    pub clock: Arc<dyn Clock>,
    /// Signs the links in guests' mail (same secret, own issuer and audiences).
    pub links: Arc<dyn GuestLinks>,
    /// Signs team members' calendar feed addresses (same secret, own purpose).
    pub feed_tokens: Arc<dyn ports::FeedSigner>,
    /// An erased guest's stable pseudonym (same secret, own purpose).
    pub pseudonyms: Arc<dyn ports::Pseudonyms>,
}

/// Connects to PostgreSQL (creating the database if allowed), migrates, and
/// builds the auth service with the configured or shared JWT secret.
pub async fn wire(config: &Config) -> anyhow::Result<Wiring> {
    wire_with_clock(config, None).await
}

/// As [`wire`], with another clock than the system's (a test's, set to the
/// moment it needs: reminders are due when the clock says so).
pub async fn wire_with_clock(config: &Config, clock: Option<Arc<dyn Clock>>) -> anyhow::Result<Wiring> {
    config.validate()?;
    let url = config.database_url.clone();
    let (create, pool_size) = (config.create_database, config.database_pool_size);
    let store = tokio::task::spawn_blocking(move || -> anyhow::Result<PgStore> {
        if create {
            store_postgres::create_database_if_missing(url.expose()).map_err(unreachable_hint)?;
        }
        let store = PgStore::connect(url.expose(), pool_size).map_err(unreachable_hint)?;
        let applied = store.migrate()?;
        if applied > 0 {
            tracing::info!(applied, "database migrations applied");
        }
        Ok(store)
    })
    .await??;
    let secret = match &config.jwt_secret {
        Some(secret) => secret.expose_secret().to_owned(),
        None => store.setting_or_insert(JWT_SECRET_SETTING, &random_secret(64)).await?,
    };
    let clock: Arc<dyn Clock> = clock.unwrap_or_else(|| Arc::new(BusinessClock { tz: config.business_tz }));
    let hasher = BcryptHasher::new(config.bcrypt_cost).map_err(anyhow::Error::msg)?;
    let tokens = JwtIssuer::new(secret.as_bytes(), chrono::Duration::hours(config.token_ttl_hours));
    let auth = AuthService::new(ports::AuthPorts {
        admins: Arc::new(store.clone()),
        factors: Arc::new(store.clone()),
        hasher: Arc::new(hasher),
        tokens: Arc::new(tokens),
        secrets: Arc::new(auth::RandomLinkSecrets),
        codes: Arc::new(auth::TotpCodes),
        // Set once the site's address is known (`passkeys_for`).
        passkeys: None,
        clock: clock.clone(),
    });
    let links: Arc<dyn GuestLinks> = Arc::new(GuestLinkSigner::new(secret.as_bytes()));
    let feed_tokens: Arc<dyn ports::FeedSigner> = Arc::new(auth::FeedTokens::new(secret.as_bytes()));
    let pseudonyms: Arc<dyn ports::Pseudonyms> = Arc::new(auth::PseudonymKey::new(secret.as_bytes()));
    Ok(Wiring { store, auth, clock, links, feed_tokens, pseudonyms })
}

/// Passkeys for the site at `public_url`, or none (with a warning) where
/// its address is not a domain name: WebAuthn ties a passkey to one.
fn passkeys_for(public_url: &str) -> Option<Arc<dyn ports::PasskeyVerifier>> {
    match auth::WebauthnPasskeys::new(public_url) {
        Ok(passkeys) => Some(Arc::new(passkeys)),
        Err(reason) => {
            tracing::warn!(%reason, "passkeys are off: set PUBLIC_URL to the site's https:// address");
            None
        }
    }
}

/// The payment provider the configuration names, with its publishable
/// key; `None` when payments are off (`Config::stripe`).
pub fn payment_gateway(config: &Config) -> anyhow::Result<Option<(Arc<dyn ports::PaymentGateway>, String)>> {
    let Some(keys) = config.stripe()? else { return Ok(None) };
    let gateway = payments_stripe::Stripe::new(payments_stripe::StripeConfig {
        api_base: config.stripe_api_base.clone(),
        secret_key: keys.secret_key.expose_secret().to_owned(),
        webhook_secret: keys.webhook_secret.expose_secret().to_owned(),
    })
    .map_err(|e| anyhow::anyhow!("payment provider: {e}"))?;
    Ok(Some((Arc::new(gateway), keys.publishable_key)))
}

fn unreachable_hint(error: store_postgres::SetupError) -> anyhow::Error {
    match error {
        store_postgres::SetupError::Unreachable { .. } => anyhow::anyhow!(
            "{error}\n\nIs PostgreSQL running? Start the local server with\n    \
             pg_ctlcluster --skip-systemctl-redirect 15 main start\nor point DATABASE_URL at a reachable database."
        ),
        other => other.into(),
    }
}

/// The running HTTP server (and the private metrics server, when
/// configured) and the ports they listen on. Both stop gracefully on SIGTERM
/// or Ctrl-C: requests in flight finish (for up to 30 s), new ones are refused.
pub struct Application {
    port: u16,
    metrics_port: Option<u16>,
    server: Server,
    metrics_server: Option<Server>,
    mail_worker: Option<MailWorker>,
    payment_worker: Option<PaymentWorker>,
    reminder_worker: SweepWorker,
    follow_up_worker: SweepWorker,
    waitlist_worker: SweepWorker,
    intake_worker: SweepWorker,
    stay_sync_worker: SweepWorker,
}

impl Application {
    /// Binds the ports, connects and migrates the store, then wires each
    /// part in turn: mail, payments, media, the catalogue, the website, the
    /// JSON API's state, and the HTTP servers.
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        Self::build_with_clock(config, None).await
    }

    /// As [`Application::build`], reading the time from `clock` when given
    /// (a test's): the reminder sweep, availability and every "now" follow it.
    pub async fn build_with_clock(config: Config, clock: Option<Arc<dyn Clock>>) -> anyhow::Result<Self> {
        // Bind first: a busy port must fail before a one-time password is printed.
        let listener = TcpListener::bind((config.host.as_str(), config.port)).with_context(|| {
            format!("cannot listen on {}:{} (set PORT to use another port)", config.host, config.port)
        })?;
        let metrics_listener = match config.metrics_addr {
            Some(addr) => Some(
                TcpListener::bind(addr).with_context(|| format!("cannot listen on {addr} (METRICS_ADDR)"))?,
            ),
            None => None,
        };
        let wiring = wire_with_clock(&config, clock).await?;
        let demo_dir = match &config.demo_dir {
            Some(dir) => dir.clone(),
            None => bundle::demo_dir()?,
        };
        let frontend_dir = match &config.frontend_dir {
            Some(dir) => dir.clone(),
            None => bundle::frontend_dir()?,
        };
        seed(&config, &wiring, &demo_dir).await?;
        let port = listener.local_addr()?.port();
        let public_url = config.public_url.clone().unwrap_or_else(|| format!("http://localhost:{port}"));

        let (store, mail, mail_worker) = wire_mail(&config, &wiring, &public_url)?;
        let payments = wire_payments(&config, &store, &wiring)?;
        let policy = app::SecurityPolicy::for_provider(&payments.sources);
        let payment_worker = payments.service.as_ref().map(|service| {
            PaymentWorker::start(
                service.clone(),
                config.payment_timeout_minutes,
                std::time::Duration::from_secs(config.payment_sweep_seconds),
            )
        });
        let visits = ports::VisitService::new(Arc::new(store.clone()), wiring.clock.clone());
        let reminder_worker = SweepWorker::start_reminders(
            visits.clone(),
            std::time::Duration::from_secs(config.reminder_sweep_seconds),
        );
        let stay_sync = ports::StaySyncService::new(
            Arc::new(store.clone()),
            Arc::new(listing_calendars::HttpListingCalendars::new(listing_calendars::FetchLimits {
                timeout: std::time::Duration::from_secs(config.ical_import_timeout_seconds),
                allow_private: config.ical_import_allow_private,
                ..listing_calendars::FetchLimits::default()
            })),
            wiring.clock.clone(),
        );
        let stay_sync_worker = SweepWorker::start_stay_sync(
            stay_sync.clone(),
            std::time::Duration::from_secs(config.stay_sync_sweep_seconds),
        );
        let media = wire_media(&config, &store)?;
        let media_dir = demo_dir.join("media");
        let catalogue = wire_catalogue(&config, &store, &media_dir, &media.uploads_dir)?;
        let metrics = http_api::metrics::Metrics::new().map_err(|e| anyhow::anyhow!("metrics: {e}"))?;
        let site = wire_site(SiteParts {
            catalogue: catalogue.clone(),
            frontend_dir,
            media_dir,
            public_url: public_url.clone(),
            time_zone: config.business_tz.name().to_owned(),
            metrics: &metrics,
            uploads_dir: media.uploads_dir.clone(),
            shared_store: media.local_copies.as_ref().map(|_| media.store.clone()),
        })?;
        let api = web::Data::new(api_state(ApiParts {
            config: &config,
            store: &store,
            wiring,
            catalogue,
            mail,
            payments,
            media,
            metrics,
            public_url: &public_url,
            visits,
            stay_sync,
        }));
        // The thank-yous and invitations ride the reminders' schedule.
        let follow_up_worker = SweepWorker::start_follow_ups(
            api.after_visit.clone(),
            std::time::Duration::from_secs(config.reminder_sweep_seconds),
        );
        // So do the waitlist's offers, and at once when this process frees a place.
        let waitlist_worker = SweepWorker::start_waitlist(
            api.waitlist.clone(),
            std::time::Duration::from_secs(config.reminder_sweep_seconds),
        );
        // And the purge of intake answers past their keeping time (the clock's today).
        let intake_worker = SweepWorker::start_intake_purge(
            api.intake.clone(),
            std::time::Duration::from_secs(config.reminder_sweep_seconds),
        );
        let (metrics_port, metrics_server) = match metrics_listener {
            Some(listener) => {
                let metrics_port = listener.local_addr()?.port();
                let api = api.clone();
                let server = HttpServer::new(move || app::build_metrics_app(api.clone()))
                    .workers(1)
                    .listen(listener)?;
                (Some(metrics_port), Some(server.run()))
            }
            None => (None, None),
        };
        // The workers' blocking pools (the store's calls, file reads) have
        // as many threads together as the connection pool has connections:
        // a thread more could only wait for a connection, while costing its
        // stack and its allocator arena's memory.
        let workers = std::thread::available_parallelism().map_or(2, usize::from);
        let connections = usize::try_from(config.database_pool_size).unwrap_or(10);
        let blocking_threads = connections.div_ceil(workers).max(2);
        let server = HttpServer::new(move || app::build_app(api.clone(), site.clone(), policy.clone()))
            .workers(workers)
            .worker_max_blocking_threads(blocking_threads)
            // Without it the last small piece of a compressed (streamed) answer
            // waits for the client's delayed acknowledgement: ~40 ms added to
            // every dashboard page on a kept-alive connection (the scale bench).
            .tcp_nodelay(true)
            .listen(listener)?
            .run();
        Ok(Self {
            port,
            metrics_port,
            server,
            metrics_server,
            mail_worker,
            payment_worker,
            reminder_worker,
            follow_up_worker,
            waitlist_worker,
            intake_worker,
            stay_sync_worker,
        })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    pub fn metrics_port(&self) -> Option<u16> {
        self.metrics_port
    }

    /// Serves until SIGTERM or Ctrl-C, then lets the mail worker finish the
    /// message it is sending before returning.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        let served = match self.metrics_server {
            Some(metrics) => {
                let (main, _) = tokio::join!(self.server, metrics);
                main
            }
            None => self.server.await,
        };
        if let Some(worker) = self.payment_worker {
            worker.stop().await;
        }
        self.reminder_worker.stop().await;
        self.follow_up_worker.stop().await;
        self.waitlist_worker.stop().await;
        self.intake_worker.stop().await;
        self.stay_sync_worker.stop().await;
        if let Some(worker) = self.mail_worker {
            worker.stop().await;
        }
        served
    }
}

/// Mail: the composer (every event's messages are written in the event's own
/// transaction, so the store is given it), the delivery worker when
/// `SMTP_URL` is set, and what the API needs of mail.
fn wire_mail(
    config: &Config,
    wiring: &Wiring,
    public_url: &str,
) -> anyhow::Result<(PgStore, MailState, Option<MailWorker>)> {
    let composer: Arc<dyn ports::MailComposer> = Arc::new(mail::Composer::new(
        mail::ComposerConfig {
            public_url: public_url.to_owned(),
            retreat_email: RETREAT_EMAIL.to_owned(),
            owner: config.notify_email.clone(),
            time_zone: config.business_tz,
            organizer: config.mail_from.clone(),
            cancellation_free_hours: config.cancellation_free_hours,
        },
        wiring.links.clone(),
    ));
    let store = wiring.store.clone().with_mail(composer.clone());
    let mail_worker = match &config.smtp_url {
        Some(url) => {
            let sender = mail::SmtpSender::new(url.expose_secret(), &config.mail_from)
                .map_err(|e| anyhow::anyhow!("SMTP_URL/MAIL_FROM: {e}"))?;
            let delivery = MailDelivery::new(
                Arc::new(store.clone()),
                Arc::new(sender),
                wiring.clock.clone(),
                config.mail_retry_base_seconds,
            );
            Some(MailWorker::start(delivery, std::time::Duration::from_millis(config.mail_poll_milliseconds)))
        }
        None => {
            tracing::info!(
                "SMTP_URL is not set: mail stays queued in the outbox (dashboard, Emails) and nothing is sent"
            );
            None
        }
    };
    let mail = MailState {
        outbox: Arc::new(store.clone()),
        composer,
        links: wiring.links.clone(),
        delivering: mail_worker.is_some(),
        from: config.mail_from.clone(),
        notify: config.notify_email.as_ref().map(|email| email.as_str().to_owned()),
        guest_cancel_cutoff_hours: config.guest_cancel_cutoff_hours,
        time_zone: config.business_tz,
    };
    Ok((store, mail, mail_worker))
}

/// Taking money (docs/decisions.md §14): on with the provider's keys; off in
/// a demo, or when the operator says `PAYMENTS=off`.
struct Payments {
    service: Option<ports::PaymentService>,
    settings: http_api::state::PaymentSettings,
    /// The provider's origins for the Content-Security-Policy (none when off).
    sources: app::ProviderSources,
}

fn wire_payments(config: &Config, store: &PgStore, wiring: &Wiring) -> anyhow::Result<Payments> {
    let Some((gateway, publishable_key)) = payment_gateway(config)? else {
        tracing::info!(
            "payments are off: no card is charged, orders are placed unpaid and bookings ask for no deposit"
        );
        return Ok(Payments {
            service: None,
            settings: http_api::state::PaymentSettings {
                publishable_key: None,
                script_url: None,
                cancellation_free_hours: config.cancellation_free_hours,
                timeout_minutes: config.payment_timeout_minutes,
            },
            sources: app::ProviderSources::default(),
        });
    };
    tracing::info!(api = %config.stripe_api_base, "payments are on: cards are charged through Stripe");
    Ok(Payments {
        service: Some(ports::PaymentService {
            gateway,
            store: Arc::new(store.clone()),
            clock: wiring.clock.clone(),
        }),
        settings: http_api::state::PaymentSettings {
            publishable_key: Some(publishable_key),
            script_url: Some(config.stripe_js_url.clone()),
            cancellation_free_hours: config.cancellation_free_hours,
            timeout_minutes: config.payment_timeout_minutes,
        },
        sources: app::ProviderSources {
            scripts: vec![origin_of(&config.stripe_js_url)],
            frames: vec![
                origin_of(&config.stripe_js_url),
                "https://js.stripe.com".into(),
                "https://hooks.stripe.com".into(),
            ],
            connect: vec![origin_of(&config.stripe_api_base), "https://api.stripe.com".into()],
        },
    })
}

/// Uploads (issue 24): a folder of this machine, or a bucket shared by every
/// process with this folder holding the copies this one serves.
struct Media {
    store: Arc<dyn ports::MediaStore>,
    local_copies: Option<Arc<dyn ports::MediaStore>>,
    uploads_dir: std::path::PathBuf,
    library: PgStore,
}

fn wire_media(config: &Config, store: &PgStore) -> anyhow::Result<Media> {
    let uploads_dir = config.media.media_dir.clone();
    let local_uploads: Arc<dyn ports::MediaStore> = Arc::new(media_store::LocalMediaStore::new(&uploads_dir));
    let (media_store, local_copies): (Arc<dyn ports::MediaStore>, Option<Arc<dyn ports::MediaStore>>) =
        match config.media.s3()? {
            Some(settings) => (
                Arc::new(
                    media_store::S3MediaStore::new(&settings).map_err(|e| anyhow::anyhow!("S3_*: {e}"))?,
                ),
                Some(local_uploads),
            ),
            None => (local_uploads, None),
        };
    tracing::info!("uploaded media are kept in {}", media_store.describe());
    Ok(Media { store: media_store, local_copies, uploads_dir, library: store.clone() })
}

/// The catalogue as published, read by the API and the pages alike. Its
/// answers are forgotten whenever any process changes the catalogue; the
/// feed's thread ends with the last reference to it.
fn wire_catalogue(
    config: &Config,
    store: &PgStore,
    media_dir: &std::path::Path,
    uploads_dir: &std::path::Path,
) -> anyhow::Result<Arc<catalogue::Catalogue>> {
    let image_cache_dir = config
        .image_cache_dir
        .clone()
        .unwrap_or_else(|| std::env::temp_dir().join("golden-pine").join("image-copies"));
    let images =
        Arc::new(image_variants::ImageLibrary::new(media_dir, image_cache_dir).with_uploads_dir(uploads_dir));
    let catalogue = Arc::new(catalogue::Catalogue::new(
        Arc::new(store.clone()),
        Arc::new(store.clone()),
        Arc::new(store.clone()),
        Arc::new(store.clone()),
        config.business_tz,
        images,
    ));
    let (alive, hears) = (Arc::downgrade(&catalogue), Arc::downgrade(&catalogue));
    store_postgres::watch_catalogue(
        config.database_url.expose(),
        move || alive.strong_count() > 0,
        move || {
            if let Some(catalogue) = hears.upgrade() {
                catalogue.changed();
            }
        },
    )?;
    Ok(catalogue)
}

/// What the website is built from.
struct SiteParts<'a> {
    catalogue: Arc<catalogue::Catalogue>,
    frontend_dir: std::path::PathBuf,
    media_dir: std::path::PathBuf,
    public_url: String,
    time_zone: String,
    metrics: &'a http_api::metrics::Metrics,
    uploads_dir: std::path::PathBuf,
    /// The shared bucket, when uploads are kept elsewhere than this machine.
    shared_store: Option<Arc<dyn ports::MediaStore>>,
}

/// The website: the public pages rendered by the frontend's own server
/// bundle (docs/decisions.md §13); without one they go out as the bare shell.
fn wire_site(parts: SiteParts<'_>) -> anyhow::Result<web::Data<SiteState>> {
    let bundle = parts.frontend_dir.join(site::SERVER_BUNDLE);
    let renderer = match page_render::PageRenderer::start(&bundle) {
        Ok(renderer) => Some(renderer),
        Err(error) => {
            tracing::warn!(%error, "pages are not rendered on the server: the browser renders them");
            None
        }
    };
    let site_config = SiteConfig {
        frontend_dir: parts.frontend_dir,
        media_dir: parts.media_dir,
        public_url: parts.public_url,
        time_zone: parts.time_zone,
    };
    Ok(web::Data::new(
        SiteState::new(parts.catalogue, renderer, site_config, parts.metrics.registry())
            .map_err(|e| anyhow::anyhow!("metrics: {e}"))?
            .with_uploads(parts.uploads_dir, parts.shared_store),
    ))
}

/// What the JSON API's state is built from.
struct ApiParts<'a> {
    config: &'a Config,
    store: &'a PgStore,
    wiring: Wiring,
    catalogue: Arc<catalogue::Catalogue>,
    mail: MailState,
    payments: Payments,
    media: Media,
    metrics: http_api::metrics::Metrics,
    public_url: &'a str,
    visits: ports::VisitService,
    stay_sync: ports::StaySyncService,
}

/// The JSON API's state: the stores behind the ports, and the use cases
/// built on them (bookings, orders, media, auth).
fn api_state(parts: ApiParts<'_>) -> ApiState {
    let ApiParts {
        config,
        store,
        wiring,
        catalogue,
        mail,
        payments,
        media,
        metrics,
        public_url,
        visits,
        stay_sync,
    } = parts;
    let bookings = BookingService::new(ports::BookingPorts {
        bookings: Arc::new(store.clone()),
        services: Arc::new(store.clone()),
        promos: Arc::new(store.clone()),
        gift_cards: Arc::new(store.clone()),
        payments: payments.service.clone(),
        clock: wiring.clock.clone(),
        policy: ports::BookingPolicy {
            guest_cancel_cutoff_hours: config.guest_cancel_cutoff_hours,
            cancellation_free_hours: config.cancellation_free_hours,
        },
    });
    let orders = ports::OrderService::new(ports::OrderPorts {
        orders: Arc::new(store.clone()),
        promos: Arc::new(store.clone()),
        gift_cards: Arc::new(store.clone()),
        payments: payments.service.clone(),
        stock: catalogue.clone(),
        clock: wiring.clock.clone(),
    });
    let media = ports::MediaService::new(ports::MediaPorts {
        store: media.store,
        local_copies: media.local_copies,
        library: Arc::new(media.library),
        cleaner: Arc::new(image_variants::clean::UploadCleaner),
    });
    let after_visit =
        ports::AfterVisitService::new(Arc::new(store.clone()), bookings.clone(), wiring.clock.clone());
    let waitlist = ports::WaitlistService::new(Arc::new(store.clone()), wiring.clock.clone());
    let calendar_feeds = ports::CalendarFeedService::new(
        Arc::new(store.clone()),
        wiring.feed_tokens.clone(),
        wiring.clock.clone(),
    );
    let intake = ports::IntakeService::new(Arc::new(store.clone()), wiring.clock.clone());
    let privacy =
        ports::PrivacyService::new(Arc::new(store.clone()), wiring.pseudonyms.clone(), wiring.clock.clone());
    ApiState {
        catalogue,
        catalog_store: Arc::new(store.clone()),
        content_store: Arc::new(store.clone()),
        order_store: Arc::new(store.clone()),
        promo_store: Arc::new(store.clone()),
        gift_card_store: Arc::new(store.clone()),
        bookings,
        orders,
        calendar_store: Arc::new(store.clone()),
        store_health: Arc::new(store.clone()),
        audit_trail: Arc::new(store.clone()),
        summary: Arc::new(store.clone()),
        write_limits: Arc::new(store.clone()),
        guard: Guard {
            public_write_limit: Limit {
                max: config.public_write_limit,
                window: chrono::Duration::minutes(PUBLIC_WRITE_WINDOW_MINUTES),
            },
            gift_card_lookup_limit: Limit {
                max: config.gift_card_lookup_limit,
                window: chrono::Duration::minutes(GIFT_CARD_LOOKUP_WINDOW_MINUTES),
            },
            trusted_proxies: config.trusted_proxies.clone(),
            body_timeout: std::time::Duration::from_secs(config.request_body_timeout_seconds),
        },
        // The team's mail (invitations, reset links) is written with its change.
        auth: wiring.auth.with_admins(Arc::new(store.clone())).with_passkeys(passkeys_for(public_url)),
        clock: wiring.clock,
        metrics,
        mail,
        payments: payments.service,
        payment_settings: payments.settings,
        media,
        visits,
        after_visit,
        waitlist,
        privacy,
        intake,
        calendar_feeds,
        stay_sync,
        public_url: public_url.to_owned(),
    }
}

/// The process's sweep of orders whose payment timed out: each is cancelled
/// (its stock given back) after the provider is asked about its payments.
/// Every process runs one; an order is expired once, under its row's lock.
struct PaymentWorker {
    stop: tokio::sync::watch::Sender<bool>,
    task: tokio::task::JoinHandle<()>,
}

impl PaymentWorker {
    fn start(payments: ports::PaymentService, timeout_minutes: i64, every: std::time::Duration) -> Self {
        let (stop, mut stopped) = tokio::sync::watch::channel(false);
        let task = tokio::spawn(async move {
            while !*stopped.borrow() {
                match payments.expire_unpaid(timeout_minutes).await {
                    Ok(expired) if !expired.is_empty() => {
                        tracing::info!(count = expired.len(), "orders not paid in time were cancelled");
                    }
                    Ok(_) => {}
                    Err(error) => tracing::warn!(%error, "the unpaid-order sweep could not reach the store"),
                }
                let _ = tokio::time::timeout(every, stopped.changed()).await;
            }
        });
        Self { stop, task }
    }

    async fn stop(self) {
        let _ = self.stop.send(true);
        if let Err(error) = self.task.await {
            tracing::error!(%error, "payment worker ended abnormally");
        }
    }
}

/// The process's reminder sweep (docs/decisions.md §9 "Reminders"): every
/// process runs one; the store lets one at a time work, and writes each
/// reminder with its record, so none goes out twice.
struct SweepWorker {
    stop: tokio::sync::watch::Sender<bool>,
    task: tokio::task::JoinHandle<()>,
}

impl SweepWorker {
    /// A round of `round` every `every` until stopped; `what` names what a
    /// round did in the log.
    fn start<F, Fut>(what: &'static str, every: std::time::Duration, round: F) -> Self
    where
        F: Fn() -> Fut + Send + 'static,
        Fut: std::future::Future<Output = ports::RepoResult<usize>> + Send,
    {
        let (stop, mut stopped) = tokio::sync::watch::channel(false);
        let task = tokio::spawn(async move {
            while !*stopped.borrow() {
                match round().await {
                    Ok(done) if done > 0 => tracing::info!(done, "{what}"),
                    Ok(_) => {}
                    Err(error) => tracing::warn!(%error, "{what}: the sweep could not reach the store"),
                }
                let _ = tokio::time::timeout(every, stopped.changed()).await;
            }
        });
        Self { stop, task }
    }

    fn start_reminders(visits: ports::VisitService, every: std::time::Duration) -> Self {
        Self::start("visit reminders written to the outbox", every, move || {
            let visits = visits.clone();
            async move { visits.sweep().await }
        })
    }

    fn start_follow_ups(after_visit: ports::AfterVisitService, every: std::time::Duration) -> Self {
        Self::start("thank-yous and invitations written to the outbox", every, move || {
            let after_visit = after_visit.clone();
            async move { after_visit.sweep().await }
        })
    }

    /// The waitlist's sweep: lapses, expiries and offers, every `every` and
    /// whenever this process nudges it (a place freed here).
    fn start_waitlist(waitlist: ports::WaitlistService, every: std::time::Duration) -> Self {
        let (stop, mut stopped) = tokio::sync::watch::channel(false);
        let task = tokio::spawn(async move {
            while !*stopped.borrow() {
                match waitlist.sweep().await {
                    Ok(done) if done != ports::SweepOutcome::default() => {
                        tracing::info!(
                            offered = done.offered,
                            lapsed = done.lapsed,
                            expired = done.expired,
                            "waitlist swept"
                        );
                    }
                    Ok(_) => {}
                    Err(error) => tracing::warn!(%error, "waitlist: the sweep could not reach the store"),
                }
                tokio::select! {
                    _ = tokio::time::sleep(every) => {}
                    _ = stopped.changed() => {}
                    () = waitlist.nudged() => {}
                }
            }
        });
        Self { stop, task }
    }

    /// Deletes intake answers a set time after the guest's last visit
    /// (docs/decisions.md §22); logs how many, never whose.
    fn start_intake_purge(intake: ports::IntakeService, every: std::time::Duration) -> Self {
        Self::start("intake answers past their keeping time deleted", every, move || {
            let intake = intake.clone();
            async move { intake.purge().await }
        })
    }

    fn start_stay_sync(sync: ports::StaySyncService, every: std::time::Duration) -> Self {
        Self::start("listing calendars fetched", every, move || {
            let sync = sync.clone();
            async move { sync.sweep().await }
        })
    }

    async fn stop(self) {
        let _ = self.stop.send(true);
        if let Err(error) = self.task.await {
            tracing::error!(%error, "a sweep worker ended abnormally");
        }
    }
}

/// `scheme://host[:port]` of a URL, for the security policy.
fn origin_of(url: &str) -> String {
    url::Url::parse(url).map(|url| url.origin().ascii_serialization()).unwrap_or_else(|_| url.to_owned())
}

/// The process's mail delivery loop: sends what is due, then waits for the
/// next poll (or goes straight on while there is more to send).
struct MailWorker {
    stop: tokio::sync::watch::Sender<bool>,
    task: tokio::task::JoinHandle<()>,
}

impl MailWorker {
    fn start(delivery: MailDelivery, poll: std::time::Duration) -> Self {
        let (stop, mut stopped) = tokio::sync::watch::channel(false);
        let task = tokio::spawn(async move {
            while !*stopped.borrow() {
                let handled = match delivery.deliver_due().await {
                    Ok(handled) => handled,
                    Err(error) => {
                        tracing::warn!(%error, "mail delivery could not reach the outbox");
                        0
                    }
                };
                if handled == 0 {
                    // A stop during the wait ends the loop at once.
                    let _ = tokio::time::timeout(poll, stopped.changed()).await;
                }
            }
        });
        Self { stop, task }
    }

    /// Stops after the batch in progress (each send is bounded by the SMTP
    /// timeouts), so no message is left half-sent by a clean shutdown.
    async fn stop(self) {
        let _ = self.stop.send(true);
        if let Err(error) = self.task.await {
            tracing::error!(%error, "mail worker ended abnormally");
        }
    }
}

/// First-start data: the configured admin, then (in demo mode) the demo
/// catalogue and a demo admin when there is no admin at all.
async fn seed(config: &Config, wiring: &Wiring, demo_dir: &std::path::Path) -> anyhow::Result<()> {
    if let Some(seed) = config.admin() {
        let admin = NewAdmin::parse(&seed.email, &seed.name, seed.password.expose_secret())
            .map_err(|e| anyhow::anyhow!("ADMIN_EMAIL/ADMIN_PASSWORD/ADMIN_NAME: {e}"))?;
        if let Some(created) = wiring.auth.ensure_admin(admin).await? {
            tracing::info!(email = %created.email, "admin created from ADMIN_EMAIL");
        }
    }
    if !config.demo_data {
        return Ok(());
    }
    let catalogue = demo::load(demo_dir)?;
    if wiring.store.load_demo_catalogue_once(catalogue).await? {
        tracing::info!("demo catalogue loaded");
    }
    if wiring.store.load_demo_intake_forms_once(domain::intake::demo_forms(chrono::Utc::now())).await? {
        tracing::info!("demo intake forms loaded");
    }
    if wiring.auth.admin_count().await? == 0 {
        let password = random_secret(20);
        let admin =
            NewAdmin::parse(DEMO_ADMIN_EMAIL, "Retreat Manager", &password).map_err(anyhow::Error::msg)?;
        if wiring.auth.ensure_admin(admin).await?.is_some() {
            println!(
                "\n  Demo admin created — this password is shown only once:\n\n    email:    {DEMO_ADMIN_EMAIL}\n    \
                 password: {password}\n\n  Log in at /admin/login. Change it with:\n    \
                 just admin reset-password --email {DEMO_ADMIN_EMAIL}\n"
            );
        }
    }
    Ok(())
}

/// The demo admin's login name (its password is random, printed once).
pub const DEMO_ADMIN_EMAIL: &str = "manager@goldenpine.local";
