//! Idempotency keys, claimed inside the transaction of the orders or
//! bookings they belong to. Inserting a key another transaction holds waits for that
//! transaction to end, so simultaneous retries queue: the first acts, the
//! others then read what it created. What a key means is the domain's
//! (`domain::idempotency::key_use`).

use std::collections::{HashMap, HashSet};

use chrono::{DateTime, Duration, Utc};
use diesel::prelude::*;
use uuid::Uuid;

use domain::idempotency::{KEY_LIFETIME_HOURS, KeyUse, StoredKey, key_use};
use ports::{IdempotencyKey, RepoError, RepoResult};

use crate::schema::idempotency_keys;
use crate::storage;

#[derive(Debug, Clone, Copy)]
pub(crate) enum Operation {
    PlaceOrder,
    RequestBooking,
    BuyGiftCard,
}

impl Operation {
    fn name(self) -> &'static str {
        match self {
            Operation::PlaceOrder => "place_order",
            Operation::RequestBooking => "request_booking",
            Operation::BuyGiftCard => "buy_gift_card",
        }
    }
}

/// Claims each request's key (if it came with one) for it, all in the
/// caller's transaction, and answers one use per request: `First` means act
/// (a request without a key always does; a key is held until the
/// transaction ends, already naming the request's entry of `resources`, the
/// id its record will have); otherwise what was answered before, or a
/// reuse. The keys must differ from each other (a batch never holds one key
/// twice).
pub(crate) fn claim_all(
    conn: &mut PgConnection,
    operation: Operation,
    keys: &[Option<&IdempotencyKey>],
    resources: &[Uuid],
    now: DateTime<Utc>,
) -> RepoResult<Vec<KeyUse>> {
    let claims: Vec<(&IdempotencyKey, Uuid)> =
        keys.iter().zip(resources).filter_map(|(key, id)| Some(((*key)?, *id))).collect();
    let mut uses = claim_keys(conn, operation, &claims, now)?.into_iter();
    Ok(keys.iter().map(|key| key.and_then(|_| uses.next()).unwrap_or(KeyUse::First)).collect())
}

/// The records the repeated requests created, which the caller loads.
pub(crate) fn repeated_ids(uses: &[KeyUse]) -> Vec<Uuid> {
    uses.iter().filter_map(|used| if let KeyUse::Repeat(id) = used { Some(*id) } else { None }).collect()
}

fn claim_keys(
    conn: &mut PgConnection,
    operation: Operation,
    claims: &[(&IdempotencyKey, Uuid)],
    now: DateTime<Utc>,
) -> RepoResult<Vec<KeyUse>> {
    if claims.is_empty() {
        return Ok(Vec::new());
    }
    let name = operation.name();
    // Forgotten keys make room, and old ones are tidied on the way.
    diesel::delete(
        idempotency_keys::table
            .filter(idempotency_keys::created_at.lt(now - Duration::hours(KEY_LIFETIME_HOURS))),
    )
    .execute(conn)
    .map_err(storage)?;
    // Inserted in the keys' order, as every batch does, so two batches that
    // share keys queue on the first of them instead of deadlocking.
    let mut sorted: Vec<&(&IdempotencyKey, Uuid)> = claims.iter().collect();
    sorted.sort_by(|a, b| a.0.key.cmp(&b.0.key));
    let rows: Vec<_> = sorted
        .iter()
        .map(|(key, resource)| {
            (
                idempotency_keys::operation.eq(name),
                idempotency_keys::key.eq(&key.key),
                idempotency_keys::fingerprint.eq(&key.fingerprint),
                idempotency_keys::resource_id.eq(Some(*resource)),
                idempotency_keys::created_at.eq(now),
            )
        })
        .collect();
    let inserted: HashSet<String> = diesel::insert_into(idempotency_keys::table)
        .values(&rows)
        .on_conflict_do_nothing()
        .returning(idempotency_keys::key)
        .get_results(conn)
        .map_err(storage)?
        .into_iter()
        .collect();
    let held: Vec<&str> =
        claims.iter().map(|(key, _)| key.key.as_str()).filter(|key| !inserted.contains(*key)).collect();
    let stored: HashMap<String, StoredKey> = if held.is_empty() {
        HashMap::new()
    } else {
        idempotency_keys::table
            .filter(idempotency_keys::operation.eq(name))
            .filter(idempotency_keys::key.eq_any(&held))
            .select((
                idempotency_keys::key,
                idempotency_keys::fingerprint,
                idempotency_keys::resource_id,
                idempotency_keys::created_at,
            ))
            .load::<(String, String, Option<Uuid>, DateTime<Utc>)>(conn)
            .map_err(storage)?
            .into_iter()
            .map(|(key, fingerprint, resource_id, created_at)| {
                (key, StoredKey { fingerprint, resource_id, created_at })
            })
            .collect()
    };
    claims
        .iter()
        .map(|(key, _)| {
            if inserted.contains(&key.key) {
                return Ok(KeyUse::First);
            }
            match key_use(stored.get(&key.key), &key.fingerprint, now) {
                // Held by a finished transaction without a record: cannot
                // happen, as a refused request gives its key back.
                KeyUse::First => Err(RepoError::Conflict),
                decided => Ok(decided),
            }
        })
        .collect()
}

/// Gives the keys of refused requests back: a retry may act.
pub(crate) fn release_all(conn: &mut PgConnection, operation: Operation, keys: &[&str]) -> RepoResult<()> {
    if keys.is_empty() {
        return Ok(());
    }
    diesel::delete(
        idempotency_keys::table
            .filter(idempotency_keys::operation.eq(operation.name()))
            .filter(idempotency_keys::key.eq_any(keys)),
    )
    .execute(conn)
    .map_err(storage)?;
    Ok(())
}
