//! A gift card's balance and ledger (docs/decisions.md §16): a card found
//! by the SHA-256 of its code, issued (its code made, its mail queued) when
//! its order is paid, and its balance moved only with a ledger entry written
//! under the card's row lock, in the transaction of the order, booking or
//! owner's action it records. Orders and bookings take and give back through
//! these; nothing here knows of them but the ids it records.

use std::collections::HashMap;

use bigdecimal::{BigDecimal, Signed};
use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;
use sha2::{Digest, Sha256};
use uuid::Uuid;

use domain::Money;
use domain::audit::Actor;
use domain::gift_card::{
    self, CardPayment, GiftCard, GiftCardCode, GiftCardKind, GiftCardState, LedgerEntry, LedgerKind,
};
use domain::mail::MailEvent;
use domain::order::Order;
use ports::{RepoError, RepoResult};

use crate::money::{CorruptRow, from_numeric, to_numeric};
use crate::schema::{gift_card_ledger, gift_cards};
use crate::{PgStore, storage};

#[derive(Queryable, Selectable)]
#[diesel(table_name = gift_cards, check_for_backend(diesel::pg::Pg))]
pub(crate) struct GiftCardRow {
    id: Uuid,
    last_four: Option<String>,
    kind: String,
    amount: BigDecimal,
    balance: BigDecimal,
    state: String,
    label: Option<String>,
    recipient_name: String,
    recipient_email: String,
    from_name: String,
    buyer_email: Option<String>,
    message: Option<String>,
    deliver_on: NaiveDate,
    expires_on: Option<NaiveDate>,
    order_id: Option<Uuid>,
    void_reason: Option<String>,
    created_at: DateTime<Utc>,
}

impl TryFrom<GiftCardRow> for GiftCard {
    type Error = RepoError;

    fn try_from(row: GiftCardRow) -> RepoResult<GiftCard> {
        let corrupt = |what: &str| RepoError::storage(CorruptRow(format!("gift card {}: {what}", row.id)));
        let kind = GiftCardKind::from_name(&row.kind, row.expires_on).ok_or_else(|| corrupt("kind"))?;
        Ok(GiftCard {
            id: row.id,
            last_four: row.last_four,
            kind,
            amount: from_numeric(&row.amount)?,
            balance: from_numeric(&row.balance)?,
            state: GiftCardState::from_text(&row.state).ok_or_else(|| corrupt("state"))?,
            label: row.label,
            recipient_name: row.recipient_name,
            recipient_email: row.recipient_email,
            from_name: row.from_name,
            message: row.message,
            deliver_on: row.deliver_on,
            delivered_at: None,
            order_id: row.order_id,
            buyer_email: row.buyer_email,
            void_reason: row.void_reason,
            created_at: row.created_at,
        })
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = gift_card_ledger, check_for_backend(diesel::pg::Pg))]
pub(crate) struct LedgerRow {
    id: Uuid,
    kind: String,
    amount: BigDecimal,
    balance_after: BigDecimal,
    order_id: Option<Uuid>,
    booking_id: Option<Uuid>,
    note: Option<String>,
    actor: Option<String>,
    created_at: DateTime<Utc>,
}

impl TryFrom<LedgerRow> for LedgerEntry {
    type Error = RepoError;

    fn try_from(row: LedgerRow) -> RepoResult<LedgerEntry> {
        let corrupt = |what: &str| RepoError::storage(CorruptRow(format!("ledger entry {}: {what}", row.id)));
        let magnitude = from_numeric(&row.amount.abs())?.cents();
        Ok(LedgerEntry {
            id: row.id,
            kind: LedgerKind::from_text(&row.kind).ok_or_else(|| corrupt("kind"))?,
            amount: if row.amount.is_negative() { -magnitude } else { magnitude },
            balance_after: from_numeric(&row.balance_after)?,
            order_id: row.order_id,
            booking_id: row.booking_id,
            note: row.note,
            actor: row.actor,
            created_at: row.created_at,
        })
    }
}

/// What the store keeps of a code: its SHA-256. A code has about 99 bits,
/// so the hash cannot be walked back by trying codes.
pub(crate) fn code_hash(code: &GiftCardCode) -> Vec<u8> {
    Sha256::digest(code.as_str().as_bytes()).to_vec()
}

/// A new code from the operating system's secure generator.
pub(crate) fn new_code() -> GiftCardCode {
    use rand::RngCore;
    loop {
        let mut bytes = [0u8; 64];
        rand::rng().fill_bytes(&mut bytes);
        if let Some(code) = GiftCardCode::from_random(bytes) {
            return code;
        }
    }
}

pub(crate) fn lock_card(conn: &mut PgConnection, id: Uuid) -> RepoResult<GiftCard> {
    gift_cards::table
        .find(id)
        .select(GiftCardRow::as_select())
        .for_update()
        .first(conn)
        .map_err(storage)?
        .try_into()
}

/// The cards these codes belong to, locked in the hashes' order (as every
/// writer takes them, so simultaneous checkouts queue, never deadlock).
pub(crate) fn lock_cards_by_code(
    conn: &mut PgConnection,
    codes: &[&GiftCardCode],
) -> RepoResult<HashMap<GiftCardCode, GiftCard>> {
    if codes.is_empty() {
        return Ok(HashMap::new());
    }
    let mut hashes: Vec<(Vec<u8>, &GiftCardCode)> =
        codes.iter().map(|code| (code_hash(code), *code)).collect();
    hashes.sort_by(|a, b| a.0.cmp(&b.0));
    hashes.dedup_by(|a, b| a.0 == b.0);
    let wanted: Vec<Vec<u8>> = hashes.iter().map(|(hash, _)| hash.clone()).collect();
    let rows: Vec<(Option<Vec<u8>>, GiftCardRow)> = gift_cards::table
        .filter(gift_cards::code_hash.eq_any(&wanted))
        .order(gift_cards::code_hash.asc())
        .select((gift_cards::code_hash, GiftCardRow::as_select()))
        .for_update()
        .load(conn)
        .map_err(storage)?;
    let by_hash: HashMap<Vec<u8>, &GiftCardCode> = hashes.into_iter().collect();
    rows.into_iter()
        .filter_map(|(hash, row)| Some(((*by_hash.get(&hash?)?).clone(), row)))
        .map(|(code, row)| Ok((code, GiftCard::try_from(row)?)))
        .collect()
}

/// One ledger entry: what moved a card's balance, by how much, and where.
pub(crate) struct Entry<'a> {
    pub(crate) kind: LedgerKind,
    /// Signed cents: what it added to the balance.
    pub(crate) change: i64,
    pub(crate) balance_after: Money,
    /// The order and booking it paid (or that gave it back).
    pub(crate) place: (Option<Uuid>, Option<Uuid>),
    pub(crate) note: Option<&'a str>,
    pub(crate) actor: Option<&'a Actor>,
}

impl<'a> Entry<'a> {
    pub(crate) fn new(kind: LedgerKind, change: i64, balance_after: Money) -> Self {
        Self { kind, change, balance_after, place: (None, None), note: None, actor: None }
    }
}

pub(crate) fn add_entry(conn: &mut PgConnection, card: Uuid, entry: Entry<'_>) -> RepoResult<()> {
    diesel::insert_into(gift_card_ledger::table)
        .values((
            gift_card_ledger::card_id.eq(card),
            gift_card_ledger::kind.eq(entry.kind.as_str()),
            gift_card_ledger::amount.eq(BigDecimal::new(entry.change.into(), 2)),
            gift_card_ledger::balance_after.eq(to_numeric(entry.balance_after)),
            gift_card_ledger::order_id.eq(entry.place.0),
            gift_card_ledger::booking_id.eq(entry.place.1),
            gift_card_ledger::note.eq(entry.note),
            gift_card_ledger::actor.eq(entry.actor.map(|actor| actor.email.as_str())),
        ))
        .execute(conn)
        .map_err(storage)?;
    Ok(())
}

pub(crate) fn set_balance(conn: &mut PgConnection, card: Uuid, balance: Money) -> RepoResult<GiftCard> {
    diesel::update(gift_cards::table.find(card))
        .set(gift_cards::balance.eq(to_numeric(balance)))
        .returning(GiftCardRow::as_returning())
        .get_result(conn)
        .map_err(storage)?
        .try_into()
}

/// Takes `amount` off a locked card (the caller decided it may), with its
/// ledger entry.
pub(crate) fn take(
    conn: &mut PgConnection,
    card: &GiftCard,
    amount: Money,
    place: (Option<Uuid>, Option<Uuid>),
    note: Option<&str>,
    actor: Option<&Actor>,
) -> RepoResult<GiftCard> {
    let after = card.balance.minus(amount);
    add_entry(
        conn,
        card.id,
        Entry { place, note, actor, ..Entry::new(LedgerKind::Redeemed, -amount.cents(), after) },
    )?;
    set_balance(conn, card.id, after)
}

impl PgStore {
    /// Makes a pending card's code, activates it with its value and queues
    /// its recipient's mail for the chosen day.
    pub(crate) fn issue(&self, conn: &mut PgConnection, card_id: Uuid) -> RepoResult<GiftCard> {
        let card = lock_card(conn, card_id)?;
        if card.state != GiftCardState::Pending {
            return Ok(card);
        }
        let code = new_code();
        let issued: GiftCard = diesel::update(gift_cards::table.find(card_id))
            .set((
                gift_cards::code_hash.eq(code_hash(&code)),
                gift_cards::last_four.eq(code.last_four()),
                gift_cards::state.eq(GiftCardState::Active.as_str()),
                gift_cards::balance.eq(to_numeric(card.amount)),
            ))
            .returning(GiftCardRow::as_returning())
            .get_result(conn)
            .map_err(storage)?
            .try_into()?;
        add_entry(conn, card_id, Entry::new(LedgerKind::Issued, issued.amount.cents(), issued.amount))?;
        self.enqueue(conn, &MailEvent::GiftCardDelivered { card: issued.clone(), code })?;
        Ok(issued)
    }

    /// An order was paid: the card it bought, if any, is issued.
    pub(crate) fn issue_bought_card(&self, conn: &mut PgConnection, order: Uuid) -> RepoResult<()> {
        let card: Option<Uuid> = gift_cards::table
            .filter(gift_cards::order_id.eq(order))
            .select(gift_cards::id)
            .first(conn)
            .optional()
            .map_err(storage)?;
        if let Some(card) = card {
            self.issue(conn, card)?;
        }
        Ok(())
    }
}

/// A cancelled, expired or refunded order gives back what a gift card paid
/// of it (once; the card's value caps the balance), under the card's lock.
pub(crate) fn return_card_payment(conn: &mut PgConnection, order: &Order) -> RepoResult<()> {
    match &order.gift_card {
        Some(payment) => give_back(conn, payment, (Some(order.id), None)),
        None => Ok(()),
    }
}

/// A cancelled booking gives back what a gift card paid of its deposit,
/// unless the policy keeps the deposit (a guest's late cancellation). Called
/// before the booking's dates are locked: cards are locked before dates.
pub(crate) fn return_deposit_payment(
    conn: &mut PgConnection,
    booking: &domain::booking::Booking,
    terms: Option<domain::payment::CancellationTerms>,
) -> RepoResult<()> {
    match &booking.gift_card {
        Some(payment) if gift_card::deposit_part_returned(terms) => {
            give_back(conn, payment, (None, Some(booking.id)))
        }
        _ => Ok(()),
    }
}

pub(crate) fn give_back(
    conn: &mut PgConnection,
    payment: &CardPayment,
    place: (Option<Uuid>, Option<Uuid>),
) -> RepoResult<()> {
    let card = lock_card(conn, payment.card_id)?;
    let returned =
        gift_card_ledger::table.filter(gift_card_ledger::kind.eq(LedgerKind::Returned.as_str())).into_boxed();
    let returned = match place {
        (Some(order), _) => returned.filter(gift_card_ledger::order_id.eq(order)),
        (None, Some(booking)) => returned.filter(gift_card_ledger::booking_id.eq(booking)),
        (None, None) => return Ok(()),
    };
    let already: i64 = returned.count().get_result(conn).map_err(storage)?;
    if already > 0 || card.state == GiftCardState::Voided {
        return Ok(());
    }
    let after = gift_card::balance_after_refund(card.balance, payment.amount, card.amount);
    let given = after.minus(card.balance);
    add_entry(conn, card.id, Entry { place, ..Entry::new(LedgerKind::Returned, given.cents(), after) })?;
    set_balance(conn, card.id, after)?;
    Ok(())
}

/// A card's payment of an order, as the order records it.
pub(crate) fn card_payment(card: &GiftCard, amount: Money) -> Option<CardPayment> {
    let last_four = card.last_four.clone()?;
    Some(CardPayment { card_id: card.id, last_four, amount })
}

/// A card bought online, pending until its order is paid (then issued: its
/// code made, its mail queued), so the form never mails a stranger's words unpaid.
pub(crate) fn insert_bought_card(
    conn: &mut PgConnection,
    value: Money,
    label: Option<&str>,
    dedication: &domain::gift_card::Dedication,
    buyer_email: &domain::Email,
    order: Uuid,
) -> RepoResult<()> {
    diesel::insert_into(gift_cards::table)
        .values((
            gift_cards::kind.eq(GiftCardKind::Purchased.name()),
            gift_cards::amount.eq(to_numeric(value)),
            gift_cards::balance.eq(to_numeric(Money::ZERO)),
            gift_cards::state.eq(GiftCardState::Pending.as_str()),
            gift_cards::label.eq(label),
            gift_cards::recipient_name.eq(&dedication.recipient_name),
            gift_cards::recipient_email.eq(&dedication.recipient_email),
            gift_cards::from_name.eq(&dedication.from_name),
            gift_cards::buyer_email.eq(buyer_email.as_str()),
            gift_cards::message.eq(&dedication.message),
            gift_cards::deliver_on.eq(dedication.deliver_on),
            gift_cards::order_id.eq(order),
        ))
        .execute(conn)
        .map_err(storage)?;
    Ok(())
}
