//! Wiring: the only place that knows the concrete adapters. Builds the store,
//! the credential adapters and the HTTP app from a [`Config`].

pub mod config;
pub mod demo;

use std::net::TcpListener;
use std::sync::Arc;

use actix_web::dev::Server;
use actix_web::{HttpServer, web};
use anyhow::Context;
use chrono::{DateTime, Utc};
use chrono_tz::Tz;

use auth::{BcryptHasher, JwtIssuer, random_secret};
use domain::admin::NewAdmin;
use domain::booking::LocalNow;
use http_api::{AppState, SiteConfig};
use ports::{AdminRepository, AuthService, Clock};
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
}

/// Key under which a generated JWT secret is shared by every process.
const JWT_SECRET_SETTING: &str = "jwt_secret";

/// Everything the binary and the tests need, connected and migrated.
pub struct Wiring {
    pub store: PgStore,
    pub auth: AuthService,
    pub clock: Arc<dyn Clock>,
}

/// Connects to PostgreSQL (creating the database if allowed), migrates, and
/// builds the auth service with the configured or shared JWT secret.
pub async fn wire(config: &Config) -> anyhow::Result<Wiring> {
    let url = config.database_url.clone();
    let (create, pool_size) = (config.create_database, config.database_pool_size);
    let store = tokio::task::spawn_blocking(move || -> anyhow::Result<PgStore> {
        if create {
            store_postgres::create_database_if_missing(&url).map_err(unreachable_hint)?;
        }
        let store = PgStore::connect(&url, pool_size).map_err(unreachable_hint)?;
        let applied = store.migrate()?;
        if applied > 0 {
            tracing::info!(applied, "database migrations applied");
        }
        Ok(store)
    })
    .await??;
    let secret = match &config.jwt_secret {
        Some(secret) => secret.clone(),
        None => store.setting_or_insert(JWT_SECRET_SETTING, &random_secret(64)).await?,
    };
    let clock: Arc<dyn Clock> = Arc::new(BusinessClock { tz: config.business_tz });
    let hasher = BcryptHasher::new(config.bcrypt_cost).map_err(anyhow::Error::msg)?;
    let tokens = JwtIssuer::new(secret.as_bytes(), chrono::Duration::hours(config.token_ttl_hours));
    let auth = AuthService::new(Arc::new(store.clone()), Arc::new(hasher), Arc::new(tokens), clock.clone());
    Ok(Wiring { store, auth, clock })
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

/// The running HTTP server and the port it listens on.
pub struct Application {
    port: u16,
    server: Server,
}

impl Application {
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        // Bind first: a busy port must fail before a one-time password is printed.
        let listener = TcpListener::bind((config.host.as_str(), config.port)).with_context(|| {
            format!("cannot listen on {}:{} (set PORT to use another port)", config.host, config.port)
        })?;
        let wiring = wire(&config).await?;
        seed(&config, &wiring).await?;
        let port = listener.local_addr()?.port();
        let public_url = config.public_url.clone().unwrap_or_else(|| format!("http://localhost:{port}"));
        let store = wiring.store;
        let state = web::Data::new(AppState {
            catalog: Arc::new(store.clone()),
            content: Arc::new(store.clone()),
            orders: Arc::new(store.clone()),
            bookings: Arc::new(store),
            auth: wiring.auth,
            clock: wiring.clock,
            site: SiteConfig {
                frontend_dir: config.frontend_dir.clone(),
                media_dir: config.demo_dir.join("media"),
                public_url,
            },
        });
        let server = HttpServer::new(move || http_api::build_app(state.clone())).listen(listener)?.run();
        Ok(Self { port, server })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        self.server.await
    }
}

/// First-start data: the configured admin, then (in demo mode) the demo
/// catalogue and a demo admin when there is no admin at all.
async fn seed(config: &Config, wiring: &Wiring) -> anyhow::Result<()> {
    if let Some(seed) = &config.admin {
        let admin = NewAdmin::parse(&seed.email, &seed.name, &seed.password)
            .map_err(|e| anyhow::anyhow!("ADMIN_EMAIL/ADMIN_PASSWORD/ADMIN_NAME: {e}"))?;
        if let Some(created) = wiring.auth.ensure_admin(admin).await? {
            tracing::info!(email = %created.email, "admin created from ADMIN_EMAIL");
        }
    }
    if !config.demo_data {
        return Ok(());
    }
    let catalogue = demo::load(&config.demo_dir)?;
    if wiring.store.load_demo_catalogue_once(catalogue).await? {
        tracing::info!("demo catalogue loaded");
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
