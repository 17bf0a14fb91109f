//! Counts in fixed windows, shared by every server process: failed logins
//! per client address and per account, public writes per client address.
//! The window rule is the domain's (`domain::limits::Limit`); this locks,
//! loads, applies and tidies.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{Integer, Text, Timestamptz};

use domain::limits::{Limit, WindowCount};
use ports::RepoResult;

use crate::storage;

/// The counters, each a table of (key, count, window start).
#[derive(Debug, Clone, Copy)]
pub(crate) enum Counter {
    LoginsByClient,
    LoginsByAccount,
    PublicWrites,
}

impl Counter {
    /// Table, key column, count column, window-start column. Fixed names,
    /// never input, so they may be written into the statements.
    fn columns(self) -> (&'static str, &'static str, &'static str, &'static str) {
        match self {
            Counter::LoginsByClient => ("login_attempts", "client", "failures", "window_started_at"),
            Counter::LoginsByAccount => {
                ("account_login_attempts", "account", "failures", "window_started_at")
            }
            Counter::PublicWrites => ("public_write_counts", "client", "writes", "started_at"),
        }
    }
}

#[derive(QueryableByName)]
struct Row {
    #[diesel(sql_type = Integer)]
    count: i32,
    #[diesel(sql_type = Timestamptz)]
    started_at: DateTime<Utc>,
}

/// Counts one more for `key` and returns the count after it. Run inside a
/// transaction: simultaneous counts of one key queue on its row, so none is
/// lost. Rows whose window ended a window ago are removed on the way.
pub(crate) fn count_in_window(
    conn: &mut PgConnection,
    counter: Counter,
    key: &str,
    limit: Limit,
    now: DateTime<Utc>,
) -> RepoResult<WindowCount> {
    let (table, key_column, count_column, start_column) = counter.columns();
    // A first count has no row for `FOR UPDATE` to lock: create an empty one
    // first, so simultaneous first counts queue on it too.
    diesel::sql_query(format!(
        "INSERT INTO {table} ({key_column}, {count_column}, {start_column}) VALUES ($1, 0, $2) ON CONFLICT DO NOTHING"
    ))
    .bind::<Text, _>(key)
    .bind::<Timestamptz, _>(now)
    .execute(conn)
    .map_err(storage)?;
    let previous = diesel::sql_query(format!(
        "SELECT {count_column} AS count, {start_column} AS started_at FROM {table} WHERE {key_column} = $1 FOR UPDATE"
    ))
    .bind::<Text, _>(key)
    .get_result::<Row>(conn)
    .optional()
    .map_err(storage)?
    .map(|row| WindowCount { count: row.count, started_at: row.started_at });
    let next = limit.count_after(previous, now);
    diesel::sql_query(format!(
        "UPDATE {table} SET {count_column} = $2, {start_column} = $3 WHERE {key_column} = $1"
    ))
    .bind::<Text, _>(key)
    .bind::<Integer, _>(next.count)
    .bind::<Timestamptz, _>(next.started_at)
    .execute(conn)
    .map_err(storage)?;
    diesel::sql_query(format!("DELETE FROM {table} WHERE {start_column} < $1"))
        .bind::<Timestamptz, _>(now - limit.window - limit.window)
        .execute(conn)
        .map_err(storage)?;
    Ok(next)
}
