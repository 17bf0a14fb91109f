//! Counts in fixed windows, shared by every server process: failed logins
//! per client address and per account, public writes per client address.
//! The window rule is the domain's (`domain::limits::Limit`); this locks,
//! loads, applies and tidies.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{Array, Integer, Text, Timestamptz};

use domain::limits::{Limit, WindowCount};
use ports::{RepoError, RepoResult};

use crate::batch::BatchWrite;
use crate::{storage, transaction};

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
    #[diesel(sql_type = Text)]
    key: String,
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
    let mut counts = count_all_in_window(conn, counter, &[(key, limit, now)])?;
    counts.pop().ok_or_else(|| RepoError::storage(crate::money::CorruptRow("no count".to_owned())))
}

/// Counts one more for each attempt, in their order (one key may come
/// several times), and returns each count after it; see [`count_in_window`].
/// The rows are locked in the keys' order, so simultaneous counts queue
/// instead of deadlocking.
pub(crate) fn count_all_in_window(
    conn: &mut PgConnection,
    counter: Counter,
    attempts: &[(&str, Limit, DateTime<Utc>)],
) -> RepoResult<Vec<WindowCount>> {
    let (table, key_column, count_column, start_column) = counter.columns();
    let mut keys: Vec<&str> = attempts.iter().map(|(key, _, _)| *key).collect();
    keys.sort_unstable();
    keys.dedup();
    let Some(now) = attempts.iter().map(|(_, _, now)| *now).max() else { return Ok(Vec::new()) };
    // A first count has no row for `FOR UPDATE` to lock: create empty ones
    // first, so simultaneous first counts queue on them too.
    diesel::sql_query(format!(
        "INSERT INTO {table} ({key_column}, {count_column}, {start_column}) \
         SELECT k, 0, $2 FROM unnest($1::text[]) AS k ORDER BY k ON CONFLICT DO NOTHING"
    ))
    .bind::<Array<Text>, _>(&keys)
    .bind::<Timestamptz, _>(now)
    .execute(conn)
    .map_err(storage)?;
    let rows: Vec<Row> = diesel::sql_query(format!(
        "SELECT {key_column} AS key, {count_column} AS count, {start_column} AS started_at FROM {table} \
         WHERE {key_column} = ANY($1) ORDER BY {key_column} FOR UPDATE"
    ))
    .bind::<Array<Text>, _>(&keys)
    .load(conn)
    .map_err(storage)?;
    let mut current: HashMap<String, WindowCount> = rows
        .into_iter()
        .map(|row| (row.key, WindowCount { count: row.count, started_at: row.started_at }))
        .collect();
    let counts: Vec<WindowCount> = attempts
        .iter()
        .map(|(key, limit, now)| {
            let next = limit.count_after(current.get(*key).copied(), *now);
            current.insert((*key).to_owned(), next);
            next
        })
        .collect();
    let (mut keys, mut counts_after, mut starts) = (Vec::new(), Vec::new(), Vec::new());
    for (key, count) in &current {
        keys.push(key.as_str());
        counts_after.push(count.count);
        starts.push(count.started_at);
    }
    diesel::sql_query(format!(
        "UPDATE {table} SET {count_column} = v.count, {start_column} = v.started_at \
         FROM unnest($1::text[], $2::int4[], $3::timestamptz[]) AS v(key, count, started_at) \
         WHERE {table}.{key_column} = v.key"
    ))
    .bind::<Array<Text>, _>(&keys)
    .bind::<Array<Integer>, _>(&counts_after)
    .bind::<Array<Timestamptz>, _>(&starts)
    .execute(conn)
    .map_err(storage)?;
    let longest = attempts.iter().map(|(_, limit, _)| limit.window).max().unwrap_or_default();
    diesel::sql_query(format!("DELETE FROM {table} WHERE {start_column} < $1"))
        .bind::<Timestamptz, _>(now - longest - longest)
        .execute(conn)
        .map_err(storage)?;
    Ok(counts)
}

/// Counts public writes per client address in batches (`crate::batch`).
pub(crate) struct PublicWriteCounts;

impl BatchWrite for PublicWriteCounts {
    type Request = (String, Limit, DateTime<Utc>);
    type Answer = RepoResult<WindowCount>;

    fn write(&self, conn: &mut PgConnection, requests: &[Self::Request]) -> RepoResult<Vec<Self::Answer>> {
        let attempts: Vec<(&str, Limit, DateTime<Utc>)> =
            requests.iter().map(|(client, limit, now)| (client.as_str(), *limit, *now)).collect();
        let counts = transaction(conn, |conn| count_all_in_window(conn, Counter::PublicWrites, &attempts))?;
        Ok(counts.into_iter().map(Ok).collect())
    }

    fn failed(error: RepoError) -> Self::Answer {
        Err(error)
    }
}
