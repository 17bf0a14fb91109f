//! PostgreSQL adapter: implements the repository ports with Diesel.
//!
//! Diesel is blocking, so every port call runs on Tokio's blocking pool with a
//! connection from an r2d2 pool; multi-row writes are one transaction.

mod admins;
mod after_visit;
mod audit;
mod batch;
mod bookings;
mod card_ledger;
mod catalog;
mod changes;
mod content;
mod counters;
mod feeds;
mod gift_cards;
mod idempotency;
mod intake;
mod media;
mod money;
mod moves;
mod orders;
mod outbox;
mod paging;

pub use plans::{ListPlan, ListPlans, WALKED_COUNT};
mod payments;
mod plans;
mod privacy;
mod promos;
mod received;
mod rows;
mod schedule;
mod schema;
mod stay_sync;
mod summary;
mod team;
mod two_factor;
mod visits;
mod waitlist;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use tokio::sync::Semaphore;

use diesel::connection::SimpleConnection;
use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::r2d2::{ConnectionManager, Pool, PooledConnection};
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};
use domain::limits::{Limit, WindowCount};
use ports::{LimitRepository, MailComposer, RepoError, RepoResult, StoreHealth, StoreStats};

pub use changes::watch_catalogue;

pub const MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations");

type PgPool = Pool<ConnectionManager<PgConnection>>;

/// The one store behind every repository port.
#[derive(Clone)]
pub struct PgStore {
    pool: PgPool,
    /// A turn at the pool's connections for each call of [`PgStore::run`],
    /// given first come, first served (Tokio's semaphore is fair). The pool
    /// hands a freed connection to whichever thread asks first, so under
    /// load a call could lose its turn to later ones again and again: with
    /// eight clients on two cores and 3 connections, the orders search's
    /// p99 was 38–51 ms that way and 32–35 in turn (docs/decisions.md).
    turns: Arc<Semaphore>,
    calls: Arc<CallCounts>,
    /// Composes the messages events produce, written in the events' own
    /// transactions; without one (admin CLI tasks) no mail is written.
    mail: Option<Arc<dyn MailComposer>>,
    /// The batched writes (`batch`), started on the first of them.
    writers: Arc<OnceLock<Writers>>,
}

/// The writes that simultaneous requests share transactions for.
struct Writers {
    bookings: batch::WriteQueue<bookings::BookingWrites>,
    orders: batch::WriteQueue<orders::OrderWrites>,
    public_writes: batch::WriteQueue<counters::PublicWriteCounts>,
}

/// Store calls waiting for a turn at a connection or for the blocking
/// pool, and running on it.
#[derive(Default)]
struct CallCounts {
    waiting: AtomicU64,
    running: AtomicU64,
}

/// Counts a call as waiting while it lives: until it runs, or until its
/// caller gives up (a request whose client hung up while it waited its
/// turn).
struct Waiting(Arc<CallCounts>);

impl Waiting {
    fn new(calls: Arc<CallCounts>) -> Self {
        calls.waiting.fetch_add(1, Ordering::Relaxed);
        Self(calls)
    }
}

impl Drop for Waiting {
    fn drop(&mut self) {
        self.0.waiting.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Counts a call as running while it lives (a panicking call too).
struct Running<'a>(&'a CallCounts);

impl Drop for Running<'_> {
    fn drop(&mut self) {
        self.0.running.fetch_sub(1, Ordering::Relaxed);
    }
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
        let turns = Arc::new(Semaphore::new(usize::try_from(size).unwrap_or(Semaphore::MAX_PERMITS)));
        Ok(Self { pool, turns, calls: Arc::default(), mail: None, writers: Arc::default() })
    }

    /// The same store, writing the messages events produce with `composer`.
    pub fn with_mail(self, composer: Arc<dyn MailComposer>) -> Self {
        Self { mail: Some(composer), writers: Arc::default(), ..self }
    }

    fn writers(&self) -> &Writers {
        self.writers.get_or_init(|| {
            // The writer threads hold the store without its writers: they
            // end once the last clone of this store is gone.
            let detached = || Self { writers: Arc::default(), ..self.clone() };
            let (pool, calls) = (&self.pool, &self.calls);
            Writers {
                bookings: batch::WriteQueue::start(
                    "bookings",
                    bookings::BookingWrites(detached()),
                    pool.clone(),
                    calls.clone(),
                ),
                orders: batch::WriteQueue::start(
                    "orders",
                    orders::OrderWrites(detached()),
                    pool.clone(),
                    calls.clone(),
                ),
                public_writes: batch::WriteQueue::start(
                    "public-writes",
                    counters::PublicWriteCounts,
                    pool.clone(),
                    calls.clone(),
                ),
            }
        })
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

    /// Runs `work` on the blocking pool with a pooled connection, once it is
    /// this call's turn ([`PgStore::turns`]).
    async fn run<T, F>(&self, work: F) -> RepoResult<T>
    where
        T: Send + 'static,
        F: FnOnce(&mut PgConnection) -> RepoResult<T> + Send + 'static,
    {
        let pool = self.pool.clone();
        let calls = self.calls.clone();
        // The request's span goes along, so a slow query logs under its request.
        let span = tracing::Span::current();
        let waiting = Waiting::new(calls.clone());
        // Never closed, so never an error; the batched writers take their
        // connections without a turn, so one may still wait in the pool.
        let turn = self.turns.clone().acquire_owned().await.map_err(RepoError::unavailable)?;
        tokio::task::spawn_blocking(move || {
            drop(waiting);
            calls.running.fetch_add(1, Ordering::Relaxed);
            let _running = Running(&calls);
            let _turn = turn;
            let _entered = span.enter();
            let mut conn: PooledConnection<ConnectionManager<PgConnection>> =
                pool.get().map_err(RepoError::unavailable)?;
            work(&mut conn)
        })
        .await
        .map_err(RepoError::storage)?
    }
}

#[async_trait::async_trait]
impl LimitRepository for PgStore {
    async fn count_public_write(
        &self,
        client: &str,
        limit: Limit,
        now: chrono::DateTime<chrono::Utc>,
    ) -> RepoResult<WindowCount> {
        self.writers().public_writes.submit((client.to_owned(), limit, now)).await
    }
}

#[async_trait::async_trait]
impl StoreHealth for PgStore {
    async fn readiness(&self) -> Result<(), String> {
        let pool = self.pool.clone();
        tokio::task::spawn_blocking(move || {
            // Not the pool's usual 10 s: a probe must answer quickly.
            let mut conn =
                pool.get_timeout(Duration::from_secs(2)).map_err(|e| format!("database unreachable: {e}"))?;
            conn.batch_execute("SELECT 1").map_err(|e| format!("database not answering: {e}"))?;
            match conn.has_pending_migration(MIGRATIONS) {
                Ok(false) => Ok(()),
                Ok(true) => Err("database migrations pending".to_owned()),
                Err(e) => Err(format!("cannot read the applied migrations: {e}")),
            }
        })
        .await
        .map_err(|e| e.to_string())?
    }

    fn stats(&self) -> StoreStats {
        let state = self.pool.state();
        StoreStats {
            connections: state.connections,
            idle_connections: state.idle_connections,
            max_connections: self.pool.max_size(),
            calls_waiting: self.calls.waiting.load(Ordering::Relaxed),
            calls_running: self.calls.running.load(Ordering::Relaxed),
        }
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
    let mut conn = PgConnection::establish(&server_url).map_err(|e| unreachable(e.to_string()))?;
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
    let mut conn = PgConnection::establish(&server_url)
        .map_err(|e| SetupError::Unreachable { url: redact(database_url), reason: e.to_string() })?;
    let quoted = format!("\"{}\"", name.replace('"', "\"\""));
    conn.batch_execute(&format!("DROP DATABASE IF EXISTS {quoted} WITH (FORCE)"))
        .map_err(|e| SetupError::Setup(e.to_string()))
}

/// The PostgreSQL server of the crate's tests (`TEST_DATABASE_URL`), without
/// a database name.
#[cfg(test)]
fn test_server() -> String {
    std::env::var("TEST_DATABASE_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".into())
        .trim_end_matches('/')
        .to_owned()
}

/// "postgres://u@h:5432/db?x" → ("postgres://u@h:5432/postgres?x", "db"):
/// the same server's maintenance database, and the database's name.
fn split_database_url(text: &str) -> Option<(String, String)> {
    let mut url = url::Url::parse(text).ok()?;
    let name =
        url.path().strip_prefix('/').filter(|name| !name.is_empty() && !name.contains('/'))?.to_owned();
    let name = percent_decode(&name)?;
    url.set_path("/postgres");
    Some((url.to_string(), name))
}

fn percent_decode(text: &str) -> Option<String> {
    url::form_urlencoded::parse(format!("n={}", text.replace('+', "%2B")).as_bytes())
        .next()
        .map(|(_, value)| value.into_owned())
}

/// The URL without its password, for messages.
pub fn redact(text: &str) -> String {
    match url::Url::parse(text) {
        Ok(mut url) => {
            if url.password().is_some() {
                let _ = url.set_password(Some("***"));
            }
            url.to_string()
        }
        Err(_) => "(unreadable database URL)".to_owned(),
    }
}

/// Maps Diesel's errors to the ports' vocabulary. Operations that expect a
/// particular constraint (a taken slug, a deleted service) check for it with
/// [`violates`] first; any other constraint a concurrent change can trip is a
/// `Conflict` (a 409, never a 500).
fn storage(error: DieselError) -> RepoError {
    match error {
        DieselError::NotFound => RepoError::NotFound,
        DieselError::DatabaseError(
            DatabaseErrorKind::UniqueViolation
            | DatabaseErrorKind::ForeignKeyViolation
            | DatabaseErrorKind::CheckViolation
            | DatabaseErrorKind::NotNullViolation
            | DatabaseErrorKind::SerializationFailure,
            _,
        ) => RepoError::Conflict,
        DieselError::DatabaseError(DatabaseErrorKind::ClosedConnection, _) => RepoError::unavailable(error),
        other => RepoError::storage(other),
    }
}

/// Whether `error` is a violation of the named constraint (kind and name).
fn violates(error: &DieselError, kind: Constraint, name: &str) -> bool {
    let DieselError::DatabaseError(found, info) = error else { return false };
    let kind_matches = matches!(
        (kind, found),
        (Constraint::Unique, DatabaseErrorKind::UniqueViolation)
            | (Constraint::ForeignKey, DatabaseErrorKind::ForeignKeyViolation)
    );
    kind_matches && info.constraint_name() == Some(name)
}

#[derive(Debug, Clone, Copy)]
enum Constraint {
    Unique,
    ForeignKey,
}

/// Now, to the microsecond: what a `TIMESTAMPTZ` column keeps, so a record
/// built before its insert (and the mail that names it) is the one stored.
pub(crate) fn now_in_microseconds() -> chrono::DateTime<chrono::Utc> {
    use chrono::DurationRound;
    let now = chrono::Utc::now();
    now.duration_trunc(chrono::Duration::microseconds(1)).unwrap_or(now)
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

/// Runs `work` in a transaction that commits only when it returns
/// `Ok(Ok(_))`: a refusal (`Ok(Err(_))`, such as a taken slug or a full
/// date) is rolled back like a failure, so nothing of it, and no audit
/// record, is left.
fn refusable_transaction<T, E>(
    conn: &mut PgConnection,
    work: impl FnOnce(&mut PgConnection) -> RepoResult<Result<T, E>>,
) -> RepoResult<Result<T, E>> {
    enum Undone<E> {
        Failed(RepoError),
        Refused(E),
    }
    impl<E> From<DieselError> for Undone<E> {
        fn from(error: DieselError) -> Self {
            Undone::Failed(storage(error))
        }
    }
    let outcome = conn.transaction::<T, Undone<E>, _>(|conn| match work(conn) {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(refusal)) => Err(Undone::Refused(refusal)),
        Err(error) => Err(Undone::Failed(error)),
    });
    match outcome {
        Ok(value) => Ok(Ok(value)),
        Err(Undone::Refused(refusal)) => Ok(Err(refusal)),
        Err(Undone::Failed(error)) => Err(error),
    }
}

#[cfg(test)]
mod tests {
    use std::future::Future;
    use std::pin::Pin;
    use std::sync::Mutex;
    use std::task::{Context, Waker};

    use super::*;

    /// Against PostgreSQL (`TEST_DATABASE_URL`, its `postgres` database): one
    /// connection, held by a first call until sixteen more have asked for it
    /// in turn, each taking its place in line when first polled. Through the
    /// pool alone their order was whichever thread the pool woke first.
    #[tokio::test]
    async fn calls_are_given_a_connection_in_the_order_they_asked_for_it() {
        let url = format!("{}/postgres?sslmode=disable", test_server());
        let store = PgStore::connect(&url, 1).expect("PostgreSQL");
        let (entered, holding) = tokio::sync::oneshot::channel();
        let (release, released) = std::sync::mpsc::channel::<()>();
        let first = store.clone();
        let first = tokio::spawn(async move {
            first
                .run(move |conn| {
                    conn.batch_execute("SELECT 1").map_err(RepoError::storage)?;
                    entered.send(()).expect("the test waits");
                    released.recv().expect("the test releases");
                    Ok(())
                })
                .await
        });
        holding.await.expect("the first call holds the connection");

        let served = Arc::new(Mutex::new(Vec::new()));
        let mut calls: Vec<Pin<Box<dyn Future<Output = RepoResult<()>>>>> = (0..16)
            .map(|call| {
                let served = served.clone();
                let asked = store.run(move |conn| {
                    conn.batch_execute("SELECT 1").map_err(RepoError::storage)?;
                    served.lock().expect("served").push(call);
                    Ok(())
                });
                Box::pin(asked) as Pin<Box<dyn Future<Output = RepoResult<()>>>>
            })
            .collect();
        let mut asking = Context::from_waker(Waker::noop());
        for call in &mut calls {
            assert!(call.as_mut().poll(&mut asking).is_pending(), "the connection is held");
        }
        release.send(()).expect("the first call waits");
        first.await.expect("no panic").expect("the first call");
        for call in calls {
            call.await.expect("each call");
        }
        assert_eq!(*served.lock().expect("served"), (0..16).collect::<Vec<_>>());
        assert_eq!(store.calls.waiting.load(Ordering::Relaxed), 0);
    }

    /// A call whose caller gives up while it waits for its turn leaves the
    /// line, and is no longer counted as waiting.
    #[tokio::test]
    async fn a_call_given_up_while_it_waits_is_no_longer_counted() {
        let url = format!("{}/postgres?sslmode=disable", test_server());
        let store = PgStore::connect(&url, 1).expect("PostgreSQL");
        let turn = store.turns.clone().acquire_owned().await.expect("the only turn");
        let mut asked = Box::pin(store.run(|_| Ok(())));
        assert!(asked.as_mut().poll(&mut Context::from_waker(Waker::noop())).is_pending());
        assert_eq!(store.calls.waiting.load(Ordering::Relaxed), 1);
        drop(asked);
        assert_eq!(store.calls.waiting.load(Ordering::Relaxed), 0);
        drop(turn);
        store.run(|_| Ok(())).await.expect("the next call runs");
        assert_eq!(store.calls.waiting.load(Ordering::Relaxed), 0);
    }

    #[test]
    fn splits_and_redacts_urls() {
        assert_eq!(
            split_database_url("postgres://u:p@localhost:5432/retreat?sslmode=disable"),
            Some(("postgres://u:p@localhost:5432/postgres?sslmode=disable".to_owned(), "retreat".to_owned()))
        );
        assert_eq!(split_database_url("postgres://localhost:5432/"), None);
        assert_eq!(split_database_url("not a url"), None);
        assert_eq!(redact("postgres://u:secret@h/db"), "postgres://u:***@h/db");
        assert_eq!(redact("postgres://u@h/db"), "postgres://u@h/db");
    }
}
