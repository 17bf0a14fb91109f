//! Gift cards (docs/decisions.md §16), the repository: buying one (its
//! order is placed by `orders`), the owner's cards and work on them
//! (give, void, redeem, cash out, resend), found and listed. The balance and
//! its ledger are `card_ledger`'s, which orders and bookings use too.

use std::collections::HashMap;

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;
use uuid::Uuid;

use domain::Money;
use domain::audit::{Actor, AuditAction, AuditEntity, AuditRecord};
use domain::gift_card::{
    self, CardRefusal, GiftCard, GiftCardCode, GiftCardKind, GiftCardState, LedgerEntry, LedgerKind,
};
use domain::mail::MailTemplate;
use domain::order::Order;
use domain::payment::MoneySource;
use ports::{
    Created, GiftCardError, GiftCardPurchase, GiftCardRepository, IdempotencyKey, PromotionalCard, RepoError,
    RepoResult,
};

use crate::card_ledger::{Entry, GiftCardRow, LedgerRow, add_entry, code_hash, lock_card, set_balance, take};
use crate::money::to_numeric;
use crate::schema::{gift_card_ledger, gift_cards, outbox_messages};
use crate::{PgStore, audit, storage, transaction};

/// The cards with when their mail reached the recipient's server (the
/// outbox's record of it: the card row does not duplicate it).
fn with_delivery(conn: &mut PgConnection, mut cards: Vec<GiftCard>) -> RepoResult<Vec<GiftCard>> {
    let ids: Vec<Uuid> = cards.iter().map(|card| card.id).collect();
    let sent: Vec<(Option<Uuid>, Option<DateTime<Utc>>)> = outbox_messages::table
        .filter(outbox_messages::template.eq(MailTemplate::GiftCardDelivered.as_str()))
        .filter(outbox_messages::related_id.eq_any(&ids))
        .filter(outbox_messages::sent_at.is_not_null())
        .select((outbox_messages::related_id, outbox_messages::sent_at))
        .load(conn)
        .map_err(storage)?;
    let sent: HashMap<Uuid, DateTime<Utc>> =
        sent.into_iter().filter_map(|(card, at)| Some((card?, at?))).collect();
    for card in &mut cards {
        card.delivered_at = sent.get(&card.id).copied();
    }
    Ok(cards)
}

fn audit_card(
    conn: &mut PgConnection,
    actor: &Actor,
    card: Uuid,
    action: AuditAction,
    summary: &str,
) -> RepoResult<()> {
    audit::record(conn, actor, AuditRecord::new(AuditEntity::GiftCard, Some(card), action, summary))
}

fn shown(card: &GiftCard) -> String {
    format!("gift card …{}", card.last_four.as_deref().unwrap_or("(pending)"))
}

#[async_trait]
impl GiftCardRepository for PgStore {
    async fn buy_gift_card(
        &self,
        purchase: GiftCardPurchase,
        key: Option<IdempotencyKey>,
    ) -> Result<Created<Order>, GiftCardError> {
        let store = self.clone();
        self.run(move |conn| {
            transaction(conn, |conn| {
                crate::orders::place_gift_card_order(conn, &store, &purchase, key.as_ref())
            })
        })
        .await?
    }

    async fn give_gift_card(&self, card: PromotionalCard, actor: Actor) -> Result<GiftCard, GiftCardError> {
        let amount = gift_card::purchase_amount(card.amount)?;
        let store = self.clone();
        self.run(move |conn| {
            transaction(conn, |conn| {
                let dedication = &card.dedication;
                let id: Uuid = diesel::insert_into(gift_cards::table)
                    .values((
                        gift_cards::kind.eq(GiftCardKind::Promotional { expires_on: card.expires_on }.name()),
                        gift_cards::amount.eq(to_numeric(amount)),
                        gift_cards::balance.eq(to_numeric(Money::ZERO)),
                        gift_cards::state.eq(GiftCardState::Pending.as_str()),
                        gift_cards::recipient_name.eq(&dedication.recipient_name),
                        gift_cards::recipient_email.eq(&dedication.recipient_email),
                        gift_cards::from_name.eq(&dedication.from_name),
                        gift_cards::message.eq(&dedication.message),
                        gift_cards::deliver_on.eq(dedication.deliver_on),
                        gift_cards::expires_on.eq(card.expires_on),
                    ))
                    .returning(gift_cards::id)
                    .get_result(conn)
                    .map_err(storage)?;
                let issued = store.issue(conn, id)?;
                let expiry = match card.expires_on {
                    Some(day) => format!(", valid until {day}"),
                    None => String::new(),
                };
                let summary =
                    format!("{} given to {} — {amount}{expiry}", shown(&issued), issued.recipient_email);
                audit_card(conn, &actor, id, AuditAction::Created, &summary)?;
                Ok(issued)
            })
        })
        .await
        .map_err(GiftCardError::from)
    }

    async fn find_gift_card(&self, code: &GiftCardCode) -> RepoResult<Option<GiftCard>> {
        let hash = code_hash(code);
        self.run(move |conn| {
            gift_cards::table
                .filter(gift_cards::code_hash.eq(hash))
                .select(GiftCardRow::as_select())
                .first(conn)
                .optional()
                .map_err(storage)?
                .map(GiftCard::try_from)
                .transpose()
        })
        .await
    }

    async fn gift_card(&self, id: Uuid) -> RepoResult<GiftCard> {
        self.run(move |conn| {
            let card =
                gift_cards::table.find(id).select(GiftCardRow::as_select()).first(conn).map_err(storage)?;
            Ok(with_delivery(conn, vec![card.try_into()?])?.remove(0))
        })
        .await
    }

    async fn list_gift_cards(&self) -> RepoResult<Vec<GiftCard>> {
        self.run(|conn| {
            let cards = gift_cards::table
                .order((gift_cards::created_at.desc(), gift_cards::id.asc()))
                .select(GiftCardRow::as_select())
                .load(conn)
                .map_err(storage)?
                .into_iter()
                .map(GiftCard::try_from)
                .collect::<RepoResult<Vec<_>>>()?;
            with_delivery(conn, cards)
        })
        .await
    }

    async fn gift_card_ledger(&self, id: Uuid) -> RepoResult<Vec<LedgerEntry>> {
        self.run(move |conn| {
            gift_cards::table.find(id).select(gift_cards::id).first::<Uuid>(conn).map_err(storage)?;
            gift_card_ledger::table
                .filter(gift_card_ledger::card_id.eq(id))
                .order((gift_card_ledger::created_at.asc(), gift_card_ledger::id.asc()))
                .select(LedgerRow::as_select())
                .load(conn)
                .map_err(storage)?
                .into_iter()
                .map(LedgerEntry::try_from)
                .collect()
        })
        .await
    }

    async fn void_gift_card(
        &self,
        id: Uuid,
        reason: String,
        actor: Actor,
    ) -> Result<GiftCard, GiftCardError> {
        self.run(move |conn| {
            transaction(conn, |conn| {
                let card = lock_card(conn, id)?;
                if card.state == GiftCardState::Voided {
                    return Ok(Err(GiftCardError::AlreadyVoid));
                }
                let voided: GiftCard = diesel::update(gift_cards::table.find(id))
                    .set((
                        gift_cards::state.eq(GiftCardState::Voided.as_str()),
                        gift_cards::void_reason.eq(&reason),
                        gift_cards::balance.eq(to_numeric(Money::ZERO)),
                    ))
                    .returning(GiftCardRow::as_returning())
                    .get_result(conn)
                    .map_err(storage)?
                    .try_into()?;
                let entry = Entry {
                    note: Some(&reason),
                    actor: Some(&actor),
                    ..Entry::new(LedgerKind::Voided, -card.balance.cents(), Money::ZERO)
                };
                add_entry(conn, id, entry)?;
                let summary = format!("{} voided ({} left): {reason}", shown(&card), card.balance);
                audit_card(conn, &actor, id, AuditAction::StatusChanged, &summary)?;
                Ok(Ok(voided))
            })
        })
        .await?
    }

    async fn redeem_gift_card(
        &self,
        id: Uuid,
        amount: Money,
        note: Option<String>,
        today: NaiveDate,
        actor: Actor,
    ) -> Result<GiftCard, GiftCardError> {
        self.run(move |conn| {
            transaction(conn, |conn| {
                let card = lock_card(conn, id)?;
                let redemption = match gift_card::redeem(card.standing(), amount, today) {
                    Ok(redemption) => redemption,
                    Err(refusal) => return Ok(Err(refusal.into())),
                };
                // At the retreat the owner takes a set amount: a card that
                // holds less pays what it holds only if the owner asks for that.
                if redemption.from_card < amount {
                    return Ok(Err(GiftCardError::Short(card.balance)));
                }
                let after = take(conn, &card, amount, (None, None), note.as_deref(), Some(&actor))?;
                let summary = format!("{} redeemed at the retreat: {amount}", shown(&card));
                audit_card(conn, &actor, id, AuditAction::Updated, &summary)?;
                Ok(Ok(after))
            })
        })
        .await?
    }

    async fn cash_out_gift_card(&self, id: Uuid, actor: Actor) -> Result<GiftCard, GiftCardError> {
        self.run(move |conn| {
            transaction(conn, |conn| {
                let card = lock_card(conn, id)?;
                if card.state != GiftCardState::Active {
                    return Ok(Err(CardRefusal::Inactive.into()));
                }
                let cash = match gift_card::cash_out(card.balance) {
                    Ok(cash) => cash,
                    Err(refusal) => return Ok(Err(refusal.into())),
                };
                let entry = Entry {
                    actor: Some(&actor),
                    ..Entry::new(LedgerKind::CashedOut, -cash.cents(), Money::ZERO)
                };
                add_entry(conn, id, entry)?;
                // Paid out in cash: money given back from what the card sold for.
                let paid_out = crate::received::Movement {
                    gift_card: Some(id),
                    ..crate::received::Movement::new(MoneySource::GiftCard, -cash.cents())
                };
                crate::received::record(conn, paid_out)?;
                let after = set_balance(conn, id, Money::ZERO)?;
                let summary = format!("{} paid out in cash: {cash}", shown(&card));
                audit_card(conn, &actor, id, AuditAction::Updated, &summary)?;
                Ok(Ok(after))
            })
        })
        .await?
    }

    async fn resend_gift_card(&self, id: Uuid, actor: Actor) -> Result<GiftCard, GiftCardError> {
        self.run(move |conn| {
            transaction(conn, |conn| {
                let card = lock_card(conn, id)?;
                if card.state != GiftCardState::Active {
                    return Ok(Err(CardRefusal::Inactive.into()));
                }
                // The code lives only in the mail that carries it: the same
                // message goes out again, now.
                let mail: Option<Uuid> = outbox_messages::table
                    .filter(outbox_messages::related_id.eq(id))
                    .filter(outbox_messages::template.eq(MailTemplate::GiftCardDelivered.as_str()))
                    .select(outbox_messages::id)
                    .first(conn)
                    .optional()
                    .map_err(storage)?;
                let Some(mail) = mail else { return Err(RepoError::NotFound) };
                crate::outbox::queue_again(conn, mail, Utc::now())?;
                let summary = format!("{} mailed again to {}", shown(&card), card.recipient_email);
                audit_card(conn, &actor, id, AuditAction::Resent, &summary)?;
                Ok(Ok(card))
            })
        })
        .await?
    }
}
