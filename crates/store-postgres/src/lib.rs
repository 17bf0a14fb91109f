//! PostgreSQL adapter: implements the repository ports with Diesel.
//!
//! Diesel is blocking, so every port call runs on Tokio's blocking pool with a
//! connection from an r2d2 pool; multi-row writes are one transaction.

mod admins;
mod bookings;
mod catalog;
mod content;
mod money;
mod orders;
mod rows;
mod schema;

use std::time::Duration;

use diesel::connection::SimpleConnection;
use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::r2d2::{ConnectionManager, Pool, PooledConnection};
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};
use ports::{RepoError, RepoResult};

pub const MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations");

type PgPool = Pool<ConnectionManager<PgConnection>>;

/// The one store behind every repository port.
#[derive(Clone)]
pub struct PgStore {
    pool: PgPool,
}

#[derive(Debug, thiserror::Error)]
pub enum SetupError {
    #[error("cannot reach PostgreSQL at {url}: {reason}")]
    Unreachable { url: String, reason: String },
    #[error("database setup failed: {0}")]
    Setup(String),
}

impl PgStore {
    /// Opens a pool of `size` connections and checks one out, so a wrong URL
    /// or a stopped server is reported at start-up.
    pub fn connect(database_url: &str, size: u32) -> Result<Self, SetupError> {
        let manager = ConnectionManager::<PgConnection>::new(database_url);
        let pool = Pool::builder()
            .max_size(size)
            .connection_timeout(Duration::from_secs(10))
            .build(manager)
            .map_err(|error| SetupError::Unreachable {
                url: redact(database_url),
                reason: error.to_string(),
            })?;
        Ok(Self { pool })
    }

    /// Applies the embedded migrations that have not run yet. Concurrent
    /// server starts serialise on an advisory lock.
    pub fn migrate(&self) -> Result<usize, SetupError> {
        let mut conn = self.pool.get().map_err(|e| SetupError::Setup(e.to_string()))?;
        conn.batch_execute("SELECT pg_advisory_lock(7238423)")
            .map_err(|e| SetupError::Setup(e.to_string()))?;
        let applied = conn.run_pending_migrations(MIGRATIONS).map(|v| v.len());
        let unlock = conn.batch_execute("SELECT pg_advisory_unlock(7238423)");
        let applied = applied.map_err(|e| SetupError::Setup(e.to_string()))?;
        unlock.map_err(|e| SetupError::Setup(e.to_string()))?;
        Ok(applied)
    }

    /// Runs `work` on the blocking pool with a pooled connection.
    async fn run<T, F>(&self, work: F) -> RepoResult<T>
    where
        T: Send + 'static,
        F: FnOnce(&mut PgConnection) -> RepoResult<T> + Send + 'static,
    {
        let pool = self.pool.clone();
        tokio::task::spawn_blocking(move || {
            let mut conn: PooledConnection<ConnectionManager<PgConnection>> =
                pool.get().map_err(RepoError::storage)?;
            work(&mut conn)
        })
        .await
        .map_err(RepoError::storage)?
    }
}

/// Creates the database named in `database_url` when it does not exist yet,
/// by connecting to the server's `postgres` database. Lets `just run` work on
/// a fresh machine without any manual step.
pub fn create_database_if_missing(database_url: &str) -> Result<bool, SetupError> {
    let (server_url, name) = split_database_url(database_url).ok_or_else(|| {
        SetupError::Setup(format!("cannot read a database name from {}", redact(database_url)))
    })?;
    let unreachable = |reason: String| SetupError::Unreachable { url: redact(database_url), reason };
    let mut conn =
        PgConnection::establish(&format!("{server_url}/postgres")).map_err(|e| unreachable(e.to_string()))?;
    #[derive(QueryableByName)]
    struct Exists {
        #[diesel(sql_type = diesel::sql_types::Bool)]
        exists: bool,
    }
    let found: Exists =
        diesel::sql_query("SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1) AS exists")
            .bind::<diesel::sql_types::Text, _>(&name)
            .get_result(&mut conn)
            .map_err(|e| SetupError::Setup(e.to_string()))?;
    if found.exists {
        return Ok(false);
    }
    let quoted = format!("\"{}\"", name.replace('"', "\"\""));
    match conn.batch_execute(&format!("CREATE DATABASE {quoted}")) {
        Ok(()) => Ok(true),
        // Another process created it in the meantime.
        Err(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => Ok(false),
        Err(error) => Err(SetupError::Setup(error.to_string())),
    }
}

/// Drops a database (test clean-up), disconnecting its sessions first.
pub fn drop_database(database_url: &str) -> Result<(), SetupError> {
    let (server_url, name) = split_database_url(database_url)
        .ok_or_else(|| SetupError::Setup("cannot read a database name".to_owned()))?;
    let mut conn = PgConnection::establish(&format!("{server_url}/postgres"))
        .map_err(|e| SetupError::Unreachable { url: redact(database_url), reason: e.to_string() })?;
    let quoted = format!("\"{}\"", name.replace('"', "\"\""));
    conn.batch_execute(&format!("DROP DATABASE IF EXISTS {quoted} WITH (FORCE)"))
        .map_err(|e| SetupError::Setup(e.to_string()))
}

/// "postgres://u@h:5432/db?x" → ("postgres://u@h:5432", "db").
fn split_database_url(url: &str) -> Option<(String, String)> {
    let without_query = url.split('?').next()?;
    let (server, name) = without_query.rsplit_once('/')?;
    (server.contains("://") && !server.ends_with('/') && !name.is_empty())
        .then(|| (server.to_owned(), name.to_owned()))
}

/// The URL without its password, for messages.
pub fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme_end), Some(at)) if at > scheme_end => {
            let credentials = &url[scheme_end + 3..at];
            match credentials.split_once(':') {
                Some((user, _)) => format!("{}{}:***{}", &url[..scheme_end + 3], user, &url[at..]),
                None => url.to_owned(),
            }
        }
        _ => url.to_owned(),
    }
}

/// Maps Diesel's errors to the ports' vocabulary; `conflict` words a unique
/// violation for the operation at hand.
fn repo_error(error: DieselError, conflict: &str) -> RepoError {
    match error {
        DieselError::NotFound => RepoError::NotFound,
        DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _) => {
            RepoError::Conflict(conflict.to_owned())
        }
        other => RepoError::storage(other),
    }
}

/// Runs `work` in a transaction that commits only when it returns `Ok`.
fn transaction<T>(
    conn: &mut PgConnection,
    work: impl FnOnce(&mut PgConnection) -> RepoResult<T>,
) -> RepoResult<T> {
    struct Failed(RepoError);
    impl From<DieselError> for Failed {
        fn from(error: DieselError) -> Self {
            Failed(storage(error))
        }
    }
    conn.transaction::<T, Failed, _>(|conn| work(conn).map_err(Failed)).map_err(|Failed(error)| error)
}

fn storage(error: DieselError) -> RepoError {
    repo_error(error, "That conflicts with an existing record")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_and_redacts_urls() {
        assert_eq!(
            split_database_url("postgres://u:p@localhost:5432/retreat?sslmode=disable"),
            Some(("postgres://u:p@localhost:5432".to_owned(), "retreat".to_owned()))
        );
        assert_eq!(split_database_url("postgres://localhost:5432/"), None);
        assert_eq!(redact("postgres://u:secret@h/db"), "postgres://u:***@h/db");
        assert_eq!(redact("postgres://u@h/db"), "postgres://u@h/db");
    }
}
