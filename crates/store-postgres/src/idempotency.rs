//! Idempotency keys, claimed inside the transaction of the order or booking
//! they belong to. Inserting a key another transaction holds waits for that
//! transaction to end, so simultaneous retries queue: the first acts, the
//! others then read what it created. What a key means is the domain's
//! (`domain::idempotency::key_use`).

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
}

impl Operation {
    fn name(self) -> &'static str {
        match self {
            Operation::PlaceOrder => "place_order",
            Operation::RequestBooking => "request_booking",
        }
    }
}

/// Claims `key` for this request: `First` means act (the key is held until
/// the transaction ends); otherwise what was answered before, or a reuse.
pub(crate) fn claim(
    conn: &mut PgConnection,
    operation: Operation,
    key: &IdempotencyKey,
    now: DateTime<Utc>,
) -> RepoResult<KeyUse> {
    let name = operation.name();
    let this = idempotency_keys::table
        .filter(idempotency_keys::operation.eq(name))
        .filter(idempotency_keys::key.eq(&key.key));
    // Forgotten keys make room, and old ones are tidied on the way.
    diesel::delete(
        idempotency_keys::table
            .filter(idempotency_keys::created_at.lt(now - Duration::hours(KEY_LIFETIME_HOURS))),
    )
    .execute(conn)
    .map_err(storage)?;
    let inserted = diesel::insert_into(idempotency_keys::table)
        .values((
            idempotency_keys::operation.eq(name),
            idempotency_keys::key.eq(&key.key),
            idempotency_keys::fingerprint.eq(&key.fingerprint),
            idempotency_keys::created_at.eq(now),
        ))
        .on_conflict_do_nothing()
        .execute(conn)
        .map_err(storage)?;
    if inserted == 1 {
        return Ok(KeyUse::First);
    }
    let (fingerprint, resource_id, created_at) = this
        .select((idempotency_keys::fingerprint, idempotency_keys::resource_id, idempotency_keys::created_at))
        .first::<(String, Option<Uuid>, DateTime<Utc>)>(conn)
        .map_err(storage)?;
    match key_use(Some(&StoredKey { fingerprint, resource_id, created_at }), &key.fingerprint, now) {
        // Held by a finished transaction without a record: cannot happen, as
        // a refused request gives its key back.
        KeyUse::First => Err(RepoError::Conflict),
        decided => Ok(decided),
    }
}

/// Records what the request created under its key.
pub(crate) fn remember(
    conn: &mut PgConnection,
    operation: Operation,
    key: &IdempotencyKey,
    id: Uuid,
) -> RepoResult<()> {
    diesel::update(
        idempotency_keys::table
            .filter(idempotency_keys::operation.eq(operation.name()))
            .filter(idempotency_keys::key.eq(&key.key)),
    )
    .set(idempotency_keys::resource_id.eq(id))
    .execute(conn)
    .map_err(storage)?;
    Ok(())
}

/// Gives the key back when the request was refused: a retry may act.
pub(crate) fn release(conn: &mut PgConnection, operation: Operation, key: &IdempotencyKey) -> RepoResult<()> {
    diesel::delete(
        idempotency_keys::table
            .filter(idempotency_keys::operation.eq(operation.name()))
            .filter(idempotency_keys::key.eq(&key.key)),
    )
    .execute(conn)
    .map_err(storage)?;
    Ok(())
}
