//! Money received and given back (`money_movements`, migration
//! `2026-12-06-000001_money_has_one_home`): one row per movement, written in
//! the transaction that records it, so the dashboard's revenue with payments
//! on is a sum of what the provider said (docs/decisions.md §14).

use diesel::prelude::*;
use uuid::Uuid;

use domain::Money;
use domain::payment::MoneySource;
use ports::RepoResult;

use crate::money::to_numeric;
use crate::schema::money_movements;
use crate::storage;

/// One movement of money: received (a positive amount) or given back.
pub(crate) struct Movement {
    pub source: MoneySource,
    /// Cents: positive when received, negative when given back.
    pub cents: i64,
    pub payment: Option<Uuid>,
    pub order: Option<Uuid>,
    pub booking: Option<Uuid>,
    pub gift_card: Option<Uuid>,
}

impl Movement {
    pub(crate) fn new(source: MoneySource, cents: i64) -> Self {
        Self { source, cents, payment: None, order: None, booking: None, gift_card: None }
    }
}

/// Records `movement` (nothing for a zero amount). A payment is received
/// once: a second word of the same success changes nothing.
pub(crate) fn record(conn: &mut PgConnection, movement: Movement) -> RepoResult<()> {
    if movement.cents == 0 {
        return Ok(());
    }
    let amount = Money::from_cents(movement.cents.abs()).map_err(ports::RepoError::storage)?;
    let amount = if movement.cents < 0 { -to_numeric(amount) } else { to_numeric(amount) };
    diesel::insert_into(money_movements::table)
        .values((
            money_movements::source.eq(movement.source.as_str()),
            money_movements::amount.eq(amount),
            money_movements::payment_id.eq(movement.payment),
            money_movements::order_id.eq(movement.order),
            money_movements::booking_id.eq(movement.booking),
            money_movements::gift_card_id.eq(movement.gift_card),
        ))
        .on_conflict_do_nothing()
        .execute(conn)
        .map_err(storage)?;
    Ok(())
}
