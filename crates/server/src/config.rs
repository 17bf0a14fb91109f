//! Configuration from the environment. Every variable has a default that
//! works for `just run` on a fresh machine; see the README's table.

use std::path::PathBuf;

use anyhow::{Context, bail};
use chrono_tz::Tz;

#[derive(Debug, Clone)]
pub struct Config {
    pub database_url: String,
    pub database_pool_size: u32,
    /// Create the database when it does not exist (local development).
    pub create_database: bool,
    pub host: String,
    /// 0 picks a free port (tests).
    pub port: u16,
    pub public_url: Option<String>,
    pub frontend_dir: PathBuf,
    /// Folder with `catalogue.json` and `media/`.
    pub demo_dir: PathBuf,
    /// Load the demo catalogue into an empty database and, when no admin
    /// exists, create a demo admin with a random password printed once.
    pub demo_data: bool,
    pub admin: Option<AdminSeed>,
    pub jwt_secret: Option<String>,
    pub token_ttl_hours: i64,
    pub business_tz: Tz,
    pub bcrypt_cost: u32,
}

/// The first admin, from ADMIN_EMAIL / ADMIN_PASSWORD / ADMIN_NAME.
#[derive(Clone)]
pub struct AdminSeed {
    pub email: String,
    pub password: String,
    pub name: String,
}

impl std::fmt::Debug for AdminSeed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AdminSeed")
            .field("email", &self.email)
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

pub const DEFAULT_DATABASE_URL: &str = "postgres://postgres@127.0.0.1:5432/golden_pine";

fn var(name: &str) -> Option<String> {
    std::env::var(name).ok().map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
}

fn parsed<T: std::str::FromStr>(name: &str, default: T) -> anyhow::Result<T>
where
    T::Err: std::fmt::Display,
{
    match var(name) {
        None => Ok(default),
        Some(text) => text.parse().map_err(|e| anyhow::anyhow!("{name}={text:?} is not valid: {e}")),
    }
}

fn flag(name: &str, default: bool) -> anyhow::Result<bool> {
    match var(name).map(|v| v.to_ascii_lowercase()).as_deref() {
        None => Ok(default),
        Some("1" | "true" | "yes" | "on") => Ok(true),
        Some("0" | "false" | "no" | "off") => Ok(false),
        Some(other) => bail!("{name}={other:?} must be true or false"),
    }
}

impl Config {
    pub fn from_env() -> anyhow::Result<Self> {
        let admin = match (var("ADMIN_EMAIL"), std::env::var("ADMIN_PASSWORD").ok().filter(|p| !p.is_empty()))
        {
            (Some(email), Some(password)) => Some(AdminSeed {
                email,
                password,
                name: var("ADMIN_NAME").unwrap_or_else(|| "Administrator".to_owned()),
            }),
            (None, None) => None,
            _ => bail!("set both ADMIN_EMAIL and ADMIN_PASSWORD, or neither"),
        };
        let tz_name = var("BUSINESS_TZ").unwrap_or_else(|| "America/Los_Angeles".to_owned());
        let business_tz: Tz = tz_name
            .parse()
            .map_err(|_| anyhow::anyhow!("BUSINESS_TZ={tz_name:?} is not an IANA time zone"))?;
        let bcrypt_cost = parsed("BCRYPT_COST", 12u32)?;
        if !(4..=16).contains(&bcrypt_cost) {
            bail!("BCRYPT_COST must be from 4 to 16");
        }
        Ok::<_, anyhow::Error>(Self {
            database_url: var("DATABASE_URL").unwrap_or_else(|| DEFAULT_DATABASE_URL.to_owned()),
            database_pool_size: parsed("DATABASE_POOL_SIZE", 10u32)?,
            create_database: flag("CREATE_DATABASE", true)?,
            host: var("HOST").unwrap_or_else(|| "127.0.0.1".to_owned()),
            port: parsed("PORT", 8080u16)?,
            public_url: var("PUBLIC_URL").map(|url| url.trim_end_matches('/').to_owned()),
            frontend_dir: var("FRONTEND_DIR").map_or_else(|| PathBuf::from("frontend/dist"), PathBuf::from),
            demo_dir: var("DEMO_DIR").map_or_else(|| PathBuf::from("demo"), PathBuf::from),
            demo_data: flag("DEMO_DATA", false)?,
            admin,
            jwt_secret: var("JWT_SECRET"),
            token_ttl_hours: parsed("TOKEN_TTL_HOURS", 8i64).and_then(|hours| {
                if (1..=72).contains(&hours) {
                    Ok(hours)
                } else {
                    bail!("TOKEN_TTL_HOURS must be from 1 to 72")
                }
            })?,
            business_tz,
            bcrypt_cost,
        })
        .context("reading the configuration from the environment")
    }
}
