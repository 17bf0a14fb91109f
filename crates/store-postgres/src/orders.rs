use std::collections::HashMap;

use async_trait::async_trait;
use bigdecimal::BigDecimal;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use domain::audit::{Actor, AuditEntity, AuditRecord};
use domain::gift_card::{self, CardPayment, CardRefusal, CardValue, GiftCardCode};
use domain::idempotency::KeyUse;
use domain::mail::MailEvent;
use domain::order::{
    Customer, NewOrder, Order, OrderItem, OrderKind, OrderQuery, OrderRequest, OrderStatus, OrderTotals,
    PricedOrders, PricingError, StockMovement, price_orders,
};
use domain::paging::Page;
use domain::payment::{OrderPayment, PaymentState};
use domain::promo::{AppliedPromo, PromoCodeText};
use domain::settlement::{OrderCancellation, OrderHoldsMoney, PaymentOnCancel, plan_order_cancellation};
use domain::{Email, Money};
use ports::{
    Created, GiftCardError, GiftCardPurchase, IdempotencyKey, OrderError, OrderRepository, OrderStatusError,
    OutgoingMail, RepoError, RepoResult,
};

use crate::batch::BatchWrite;
use crate::idempotency::{self, Operation};
use crate::money::{CorruptRow, from_numeric, to_numeric};
use crate::paging::{self, Condition, KeptCount};
use crate::rows::convert_all;
use crate::schema::{dashboard_totals, orders, products, services};
use crate::{PgStore, audit, storage, transaction};

/// One entry of `orders.items`, the JSON list the specification describes.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct StoredItem {
    product_id: Uuid,
    product_name: String,
    price: String,
    quantity: u32,
}

fn items_to_json(items: &[OrderItem]) -> RepoResult<serde_json::Value> {
    let stored: Vec<StoredItem> = items
        .iter()
        .map(|item| StoredItem {
            product_id: item.product_id,
            product_name: item.product_name.clone(),
            price: item.price.to_string(),
            quantity: item.quantity,
        })
        .collect();
    serde_json::to_value(&stored).map_err(RepoError::storage)
}

fn items_from_json(json: serde_json::Value) -> RepoResult<Vec<OrderItem>> {
    let stored: Vec<StoredItem> = serde_json::from_value(json).map_err(RepoError::storage)?;
    stored
        .into_iter()
        .map(|item| {
            Ok(OrderItem {
                product_id: item.product_id,
                price: Money::parse(&item.price)
                    .map_err(|reason| RepoError::storage(CorruptRow(reason.to_string())))?,
                product_name: item.product_name,
                quantity: item.quantity,
            })
        })
        .collect()
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = orders, check_for_backend(diesel::pg::Pg))]
pub(crate) struct OrderRow {
    id: Uuid,
    first_name: String,
    last_name: String,
    email: String,
    phone: Option<String>,
    address: String,
    city: String,
    state: String,
    zip: String,
    items: serde_json::Value,
    subtotal: BigDecimal,
    tax: BigDecimal,
    shipping: BigDecimal,
    total: BigDecimal,
    status: String,
    created_at: DateTime<Utc>,
    payment_state: String,
    payment_refunded: BigDecimal,
    payment_error: Option<String>,
    discount: BigDecimal,
    promo_code_id: Option<Uuid>,
    promo_code: Option<String>,
    gift_card_id: Option<Uuid>,
    gift_card_amount: BigDecimal,
    gift_card_last_four: Option<String>,
    kind: String,
}

impl TryFrom<OrderRow> for Order {
    type Error = RepoError;

    fn try_from(row: OrderRow) -> RepoResult<Order> {
        let corrupt = |reason: String| RepoError::storage(CorruptRow(reason));
        let discount = from_numeric(&row.discount)?;
        let promo = match (row.promo_code_id, row.promo_code) {
            (Some(promo), Some(code)) => Some(AppliedPromo {
                promo,
                code: PromoCodeText::parse(&code).map_err(|reason| corrupt(reason.to_owned()))?,
                amount: discount,
            }),
            _ => None,
        };
        Ok(Order {
            id: row.id,
            kind: OrderKind::from_text(&row.kind)
                .ok_or_else(|| corrupt(format!("order kind {}", row.kind)))?,
            customer: Customer {
                email: Email::parse(&row.email).map_err(|reason| corrupt(reason.to_string()))?,
                first_name: row.first_name,
                last_name: row.last_name,
                phone: row.phone,
                address: row.address,
                city: row.city,
                state: row.state,
                zip: row.zip,
            },
            items: items_from_json(row.items)?,
            totals: OrderTotals {
                subtotal: from_numeric(&row.subtotal)?,
                discount,
                tax: from_numeric(&row.tax)?,
                shipping: from_numeric(&row.shipping)?,
                total: from_numeric(&row.total)?,
            },
            status: OrderStatus::from_text(&row.status)
                .ok_or_else(|| corrupt(format!("status {}", row.status)))?,
            created_at: row.created_at,
            payment: OrderPayment {
                state: PaymentState::from_text(&row.payment_state)
                    .ok_or_else(|| corrupt(format!("payment state {}", row.payment_state)))?,
                refunded: from_numeric(&row.payment_refunded)?,
                last_error: row.payment_error,
            },
            promo,
            gift_card: match (row.gift_card_id, row.gift_card_last_four) {
                (Some(card_id), Some(last_four)) => {
                    Some(CardPayment { card_id, last_four, amount: from_numeric(&row.gift_card_amount)? })
                }
                _ => None,
            },
        })
    }
}

/// Inserts the priced orders with the ids chosen for them, by id.
pub(crate) fn insert_orders<'a>(
    conn: &mut PgConnection,
    accepted: impl Iterator<Item = &'a Order>,
) -> RepoResult<()> {
    let rows = accepted
        .map(|order| {
            let customer = &order.customer;
            Ok((
                orders::id.eq(order.id),
                orders::kind.eq(order.kind.as_str()),
                orders::first_name.eq(&customer.first_name),
                orders::last_name.eq(&customer.last_name),
                orders::email.eq(customer.email.as_str()),
                orders::phone.eq(&customer.phone),
                orders::address.eq(&customer.address),
                orders::city.eq(&customer.city),
                orders::state.eq(&customer.state),
                orders::zip.eq(&customer.zip),
                orders::items.eq(items_to_json(&order.items)?),
                orders::subtotal.eq(to_numeric(order.totals.subtotal)),
                orders::tax.eq(to_numeric(order.totals.tax)),
                orders::shipping.eq(to_numeric(order.totals.shipping)),
                orders::total.eq(to_numeric(order.totals.total)),
                orders::status.eq(order.status.as_str()),
                orders::created_at.eq(order.created_at),
                orders::payment_state.eq(order.payment.state.as_str()),
                orders::discount.eq(to_numeric(order.totals.discount)),
                orders::promo_code_id.eq(order.promo.as_ref().map(|p| p.promo)),
                orders::promo_code.eq(order.promo.as_ref().map(|p| p.code.as_str().to_owned())),
                orders::gift_card_id.eq(order.gift_card.as_ref().map(|card| card.card_id)),
                orders::gift_card_amount
                    .eq(to_numeric(order.gift_card.as_ref().map_or(Money::ZERO, |card| card.amount))),
                orders::gift_card_last_four.eq(order.gift_card.as_ref().map(|card| card.last_four.clone())),
            ))
        })
        .collect::<RepoResult<Vec<_>>>()?;
    if rows.is_empty() {
        return Ok(());
    }
    diesel::insert_into(orders::table).values(&rows).execute(conn).map_err(storage)?;
    Ok(())
}

/// The receipt and the owner's alert of a placed order: now when it is not
/// to be paid (payments off), or once the provider says it is paid.
pub(crate) fn order_placed_mails(store: &PgStore, order: &Order) -> Vec<OutgoingMail> {
    match order.payment.state {
        // Payments off, or a gift card paid it all: told at once.
        PaymentState::Unpaid | PaymentState::Paid => {
            store.compose(&MailEvent::OrderPlaced { order: order.clone() })
        }
        _ => Vec::new(),
    }
}

/// The order, locked for the transaction.
pub(crate) fn lock_order(conn: &mut PgConnection, id: Uuid) -> RepoResult<Order> {
    orders::table.find(id).select(OrderRow::as_select()).for_update().first(conn).map_err(storage)?.try_into()
}

/// The order as it is now.
pub(crate) fn find_order(conn: &mut PgConnection, id: Uuid) -> RepoResult<Order> {
    orders::table.find(id).select(OrderRow::as_select()).first(conn).map_err(storage)?.try_into()
}

/// The orders with these ids, by id.
fn load_orders(conn: &mut PgConnection, ids: &[Uuid]) -> RepoResult<HashMap<Uuid, Order>> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows = orders::table
        .filter(orders::id.eq_any(ids))
        .select(OrderRow::as_select())
        .load(conn)
        .map_err(storage)?;
    convert_all::<_, Order>(rows).map(|found| found.into_iter().map(|o| (o.id, o)).collect())
}

/// Writes simultaneous orders in one transaction: their products locked
/// and read once, each order priced in turn against the stock the ones
/// before it took (`price_orders`), the accepted ones and their mail
/// inserted together. Prices are read and the orders written in one
/// transaction, so an order never records a price already replaced, and two
/// orders for the last candle never both get it. A refused order leaves
/// nothing, not even its idempotency key.
pub(crate) struct OrderWrites(pub(crate) PgStore);

/// One order to place: the checkout, its idempotency key, and whether it is
/// to be paid (awaiting payment) or not (payments off: unpaid).
pub(crate) struct PlaceOrder {
    pub(crate) request: OrderRequest,
    pub(crate) key: Option<IdempotencyKey>,
    pub(crate) payment: PaymentState,
}

impl BatchWrite for OrderWrites {
    type Request = PlaceOrder;
    type Answer = Result<Created<Order>, OrderError>;

    fn write(&self, conn: &mut PgConnection, requests: &[Self::Request]) -> RepoResult<Vec<Self::Answer>> {
        transaction(conn, |conn| write_orders(&self.0, conn, requests))
    }

    fn failed(error: RepoError) -> Self::Answer {
        Err(OrderError::Repo(error))
    }

    /// One order per gift card in a batch: each order then reads the
    /// card's balance as the one before it left it, under the card's lock.
    fn exclusive_keys(place: &PlaceOrder) -> Vec<String> {
        let key = place.key.iter().map(|key| format!("key:{}", key.key));
        let card = place.request.gift_card.iter().map(|code| format!("gift card:{}", code.as_str()));
        key.chain(card).collect()
    }
}

fn write_orders(
    store: &PgStore,
    conn: &mut PgConnection,
    requests: &[PlaceOrder],
) -> RepoResult<Vec<Result<Created<Order>, OrderError>>> {
    // Each request's record id, decided now so that its key can name it.
    let ids: Vec<Uuid> = requests.iter().map(|_| Uuid::new_v4()).collect();
    let keys: Vec<Option<&IdempotencyKey>> = requests.iter().map(|place| place.key.as_ref()).collect();
    let uses = idempotency::claim_all(conn, Operation::PlaceOrder, &keys, &ids, Utc::now())?;
    let repeated = load_orders(conn, &idempotency::repeated_ids(&uses))?;

    let claimed: Vec<usize> = (0..requests.len()).filter(|&i| uses[i] == KeyUse::First).collect();

    // Gift cards first (locked before promo codes and products, as every
    // writer takes them): an order whose card cannot pay is refused before
    // it is priced, so it takes no stock. A batch holds one order per card
    // (`exclusive_keys`), so what a card holds now is what it can pay.
    let card_codes: Vec<&GiftCardCode> =
        claimed.iter().filter_map(|&i| requests[i].request.gift_card.as_ref()).collect();
    let cards = crate::card_ledger::lock_cards_by_code(conn, &card_codes)?;
    let mut card_refusals: HashMap<usize, CardRefusal> = HashMap::new();
    for &i in &claimed {
        let Some(code) = &requests[i].request.gift_card else { continue };
        let refusal = match cards.get(code) {
            None => Some(CardRefusal::Unknown),
            Some(card) => domain::gift_card::usable(card.standing(), requests[i].request.placed_on).err(),
        };
        if let Some(refusal) = refusal {
            card_refusals.insert(i, refusal);
        }
    }
    let acting: Vec<usize> = claimed.iter().copied().filter(|i| !card_refusals.contains_key(i)).collect();
    let mut product_ids: Vec<Uuid> =
        acting.iter().flat_map(|&i| requests[i].request.lines.iter().map(|(id, _)| *id)).collect();
    product_ids.sort_unstable();
    product_ids.dedup();
    let now = crate::now_in_microseconds();

    // The orders priced against the catalogue as it is now, and their
    // messages composed, before the products are locked. Under the locks
    // they are priced again; an order whose pricing changed meanwhile (a
    // price or stock changed in between, which is rare) has its messages
    // composed again there. An order to be paid is told of once it is paid.
    let codes: Vec<&PromoCodeText> =
        acting.iter().filter_map(|&i| requests[i].request.promo.as_ref()).collect();
    let seen = crate::catalog::load_products(conn, &product_ids, false)?;
    let promos = crate::promos::promo_book(conn, &codes, false)?;
    let tentative =
        price_orders(acting.iter().map(|&i| requests[i].request.clone()), &seen, &promos).decisions;
    let placed = |i: usize, order: &NewOrder| order.placed(ids[i], now, requests[i].payment);
    let mut mails: HashMap<usize, (NewOrder, Vec<OutgoingMail>)> = acting
        .iter()
        .zip(tentative)
        .filter_map(|(&i, priced)| priced.ok().map(|order| (i, order)))
        .map(|(i, order)| {
            let mails = order_placed_mails(store, &placed(i, &order));
            (i, (order, mails))
        })
        .collect();

    // Locked in the ids' order, as every order does, so simultaneous orders
    // queue instead of deadlocking: promo codes first, then products.
    let promos = crate::promos::promo_book(conn, &codes, true)?;
    let catalogue = crate::catalog::load_products(conn, &product_ids, true)?;
    let PricedOrders { decisions, stock_left } =
        price_orders(acting.iter().map(|&i| requests[i].request.clone()), &catalogue, &promos);
    for (product, left) in stock_left {
        diesel::update(products::table.find(product))
            .set(products::stock.eq(crate::catalog::stock_column(left)))
            .execute(conn)
            .map_err(storage)?;
    }
    let mut decided: HashMap<usize, Result<Order, PricingError>> = acting
        .iter()
        .copied()
        .zip(decisions)
        .map(|(i, priced)| (i, priced.map(|order| placed(i, &order))))
        .collect();
    // Each card pays what it holds of its order (its ledger entry is written
    // once the order is); an order it pays in full is paid now.
    let mut card_payments = Vec::new();
    for (&i, decision) in decided.iter_mut() {
        let (Ok(order), Some(code)) = (decision, &requests[i].request.gift_card) else { continue };
        let Some(card) = cards.get(code) else { continue };
        let Ok(redemption) =
            domain::gift_card::redeem(card.standing(), order.totals.total, requests[i].request.placed_on)
        else {
            continue;
        };
        card_payments.push((card, redemption.from_card, order.id));
        order.gift_card = crate::card_ledger::card_payment(card, redemption.from_card);
        if redemption.still_due == Money::ZERO {
            order.payment.state = PaymentState::Paid;
        }
    }
    let refused_keys: Vec<&str> = claimed
        .iter()
        .filter(|i| card_refusals.contains_key(i) || matches!(decided.get(i), Some(Err(_))))
        .filter_map(|&i| requests[i].key.as_ref().map(|key| key.key.as_str()))
        .collect();
    idempotency::release_all(conn, Operation::PlaceOrder, &refused_keys)?;
    let created: HashMap<Uuid, Order> = acting
        .iter()
        .filter_map(|i| match decided.get(i) {
            Some(Ok(order)) => Some((order.id, order.clone())),
            _ => None,
        })
        .collect();
    insert_orders(conn, created.values())?;
    for (card, amount, order) in card_payments {
        crate::card_ledger::take(conn, card, amount, (Some(order), None), None, None)?;
    }
    // Each customer (and the owner) hears of the order, in the same transaction.
    let mut accepted_mails = Vec::new();
    for &i in &acting {
        let Some(Ok(order)) = decided.get(&i) else { continue };
        match mails.remove(&i) {
            Some((tentative, composed)) if placed(i, &tentative) == *order => accepted_mails.extend(composed),
            _ => accepted_mails.extend(order_placed_mails(store, order)),
        }
    }
    crate::outbox::write_mails(conn, &accepted_mails)?;

    Ok((0..requests.len())
        .map(|i| match uses[i] {
            KeyUse::Reused => Err(OrderError::KeyReused),
            KeyUse::Repeat(id) => {
                repeated.get(&id).cloned().map(Created::Repeated).ok_or(OrderError::Repo(RepoError::NotFound))
            }
            KeyUse::First => match decided.remove(&i) {
                _ if card_refusals.contains_key(&i) => Err(OrderError::GiftCard(card_refusals[&i])),
                Some(Err(pricing)) => Err(OrderError::Pricing(pricing)),
                _ => created
                    .get(&ids[i])
                    .cloned()
                    .map(Created::New)
                    .ok_or(OrderError::Repo(RepoError::NotFound)),
            },
        })
        .collect())
}

/// What an order query asks of the rows, but where its page starts (shared
/// by the page and its count).
pub(crate) fn order_conditions(query: &OrderQuery) -> Vec<Condition<orders::table>> {
    let mut conditions: Vec<Condition<orders::table>> = Vec::new();
    if let Some(search) = &query.search {
        let by_text = orders::search_text.like(search.like_pattern());
        conditions.push(match search.id_range() {
            Some((low, high)) => Box::new(by_text.or(orders::id.between(low, high))),
            None => Box::new(by_text),
        });
    }
    if let Some(status) = query.status {
        conditions.push(Box::new(orders::status.eq(status.as_str())));
    }
    if let Some(from) = query.placed_from {
        conditions.push(Box::new(orders::created_at.ge(from)));
    }
    if let Some(until) = query.placed_until {
        conditions.push(Box::new(orders::created_at.lt(until)));
    }
    if let Some(unpaid) = query.unpaid {
        let never_paid: Vec<&str> =
            PaymentState::ALL.iter().filter(|state| state.never_paid()).map(|state| state.as_str()).collect();
        conditions.push(if unpaid {
            Box::new(orders::payment_state.eq_any(never_paid))
        } else {
            Box::new(orders::payment_state.ne_all(never_paid))
        });
    }
    conditions
}

/// The count of an order query's rows from the counts triggers keep by
/// status and hour and day (`orders_counted`, migration
/// `2026-12-05-000001_kept_filter_counts`), where it has no search. Every
/// field is named, so a new filter must say whether those counts answer it.
pub(crate) fn kept_order_count(query: &OrderQuery) -> KeptCount {
    use diesel::sql_types::{Bool, Nullable, Text, Timestamptz};
    let OrderQuery { search, status, placed_from, placed_until, unpaid, page: _ } = query;
    if search.is_some() {
        return None;
    }
    Some(
        diesel::sql_query("SELECT orders_counted($1, $2, $3, $4) AS rows")
            .into_boxed()
            .bind::<Nullable<Text>, _>(status.map(OrderStatus::as_str))
            .bind::<Nullable<Timestamptz>, _>(*placed_from)
            .bind::<Nullable<Timestamptz>, _>(*placed_until)
            .bind::<Nullable<Bool>, _>(*unpaid),
    )
}

#[async_trait]
impl OrderRepository for PgStore {
    async fn place_order(
        &self,
        request: OrderRequest,
        key: Option<IdempotencyKey>,
        payment: PaymentState,
    ) -> Result<Created<Order>, OrderError> {
        self.writers().orders.submit(PlaceOrder { request, key, payment }).await
    }

    async fn list_orders(&self) -> RepoResult<Vec<Order>> {
        self.run(|conn| {
            let rows = orders::table
                .select(OrderRow::as_select())
                .order((orders::created_at.desc(), orders::id.asc()))
                .load(conn)
                .map_err(storage)?;
            convert_all(rows)
        })
        .await
    }

    async fn page_orders(&self, query: OrderQuery) -> RepoResult<Page<Order>> {
        self.run(move |conn| {
            let page = paging::read_page!(
                conn,
                orders,
                OrderRow,
                order_conditions(&query),
                query.page,
                query.search.is_some(),
                Some(|conn| dashboard_totals::table.select(dashboard_totals::orders).first(conn)),
                kept_order_count(&query)
            );
            Ok(Page {
                items: convert_all(page.items)?,
                next: page.next,
                previous: page.previous,
                total: page.total,
            })
        })
        .await
    }

    async fn get_order(&self, id: Uuid) -> RepoResult<Order> {
        self.run(move |conn| find_order(conn, id)).await
    }

    async fn set_order_status(
        &self,
        id: Uuid,
        status: OrderStatus,
        word: Option<PaymentOnCancel>,
        actor: Actor,
    ) -> Result<Order, OrderStatusError> {
        let store = self.clone();
        self.run(move |conn| {
            transaction(conn, |conn| {
                let previous: Order = orders::table
                    .find(id)
                    .select(OrderRow::as_select())
                    .for_update()
                    .first(conn)
                    .map_err(storage)?
                    .try_into()?;
                if !previous.kind.allows(status) {
                    return Ok(Err(OrderStatusError::NotAParcel));
                }
                // Cancelling settles the money it holds (decided again under the lock).
                let mut kept = None;
                let mut payment_state = previous.payment.state;
                if status == OrderStatus::Cancelled && previous.status != OrderStatus::Cancelled {
                    match plan_order_cancellation(&previous, word) {
                        Err(holds) => return Ok(Err(OrderStatusError::HoldsMoney(holds))),
                        Ok(OrderCancellation::CloseUnpaid) => payment_state = PaymentState::Expired,
                        Ok(OrderCancellation::Paid { refund: Some(left), .. }) => {
                            // The refund asked for has not been recorded (still under way).
                            return Ok(Err(OrderStatusError::HoldsMoney(OrderHoldsMoney { held: left })));
                        }
                        Ok(OrderCancellation::Paid { refund: None, kept: amount }) => kept = Some(amount),
                        Ok(OrderCancellation::Plain) => {}
                    }
                }
                let before = previous.status.as_str();
                let movement = StockMovement::between(previous.status, status);
                let order: Order = diesel::update(orders::table.find(id))
                    .set((
                        orders::status.eq(status.as_str()),
                        orders::payment_state.eq(payment_state.as_str()),
                    ))
                    .returning(OrderRow::as_returning())
                    .get_result(conn)
                    .map_err(storage)?
                    .try_into()?;
                if movement != StockMovement::None {
                    move_stock(conn, &order, movement)?;
                }
                // A cancelled order gives its gift card back what it paid
                // (once: reinstating it does not take it again).
                if status == OrderStatus::Cancelled {
                    crate::card_ledger::return_card_payment(conn, &order)?;
                }
                // Payments off: the owner accepting an order (paid at the
                // retreat, or by invoice) issues the gift card it bought.
                let accepted =
                    matches!(status, OrderStatus::Processing | OrderStatus::Shipped | OrderStatus::Delivered);
                if accepted && order.payment.state == PaymentState::Unpaid {
                    store.issue_bought_card(conn, id)?;
                }
                // The customer hears when the order ships or is cancelled.
                if before != status.as_str() {
                    let event = match status {
                        OrderStatus::Shipped => Some(MailEvent::OrderShipped { order: order.clone() }),
                        OrderStatus::Cancelled => Some(MailEvent::OrderCancelled { order: order.clone() }),
                        OrderStatus::Pending | OrderStatus::Processing | OrderStatus::Delivered => None,
                    };
                    if let Some(event) = event {
                        store.enqueue(conn, &event)?;
                    }
                }
                let mut record = AuditRecord::status_changed(AuditEntity::Order, id, &previous, &order);
                if let Some(amount) = kept {
                    record.summary.push_str(&format!("; its card payment of ${amount} kept"));
                }
                audit::record(conn, &actor, record)?;
                Ok(Ok(order))
            })
        })
        .await?
    }
}

/// A gift card bought online (docs/decisions.md §16): its order (one
/// untaxed, unshipped line) and the card, pending until it is paid, in the
/// caller's transaction; with a key, a repeat answers the first order.
pub(crate) fn place_gift_card_order(
    conn: &mut PgConnection,
    store: &PgStore,
    purchase: &GiftCardPurchase,
    key: Option<&IdempotencyKey>,
) -> RepoResult<Result<Created<Order>, GiftCardError>> {
    let id = Uuid::new_v4();
    let uses = idempotency::claim_all(conn, Operation::BuyGiftCard, &[key], &[id], Utc::now())?;
    match uses[0] {
        KeyUse::Reused => return Ok(Err(GiftCardError::KeyReused)),
        KeyUse::Repeat(order) => {
            return Ok(Ok(Created::Repeated(find_order(conn, order)?)));
        }
        KeyUse::First => {}
    }
    let (value, label) = match purchase.value.clone() {
        CardValue::Amount(amount) => match gift_card::purchase_amount(amount) {
            Ok(amount) => (amount, None),
            Err(refusal) => return Ok(Err(refusal.into())),
        },
        CardValue::Service(service) => {
            let found: Option<(String, BigDecimal)> = services::table
                .find(service)
                .select((services::name, services::price))
                .first(conn)
                .optional()
                .map_err(storage)?;
            let Some((name, price)) = found else {
                return Ok(Err(GiftCardError::UnknownService));
            };
            (from_numeric(&price)?, Some(gift_card::treatment_label(&name)))
        }
    };
    let (item, totals) = domain::order::gift_card_order(value, label.as_deref(), &purchase.dedication);
    let order = Order {
        id,
        kind: domain::order::OrderKind::GiftCard,
        customer: purchase.buyer.clone(),
        items: vec![item],
        totals,
        status: domain::order::OrderStatus::Pending,
        created_at: crate::now_in_microseconds(),
        payment: domain::payment::OrderPayment::new(purchase.payment),
        promo: None,
        gift_card: None,
    };
    insert_orders(conn, std::iter::once(&order))?;
    crate::card_ledger::insert_bought_card(
        conn,
        value,
        label.as_deref(),
        &purchase.dedication,
        &purchase.buyer.email,
        id,
    )?;
    // The card is issued (its code made, its mail queued) once
    // it is paid: by the provider's word, or, with payments off,
    // when the owner accepts the order (docs/decisions.md §16),
    // so the form never mails a stranger's words unpaid. The
    // buyer hears of the order as of any order.
    crate::outbox::write_mails(conn, &order_placed_mails(store, &order))?;
    Ok(Ok(Created::New(order)))
}

/// Puts a cancelled order's items back on the shelf, or takes a reinstated
/// order's again (products since deleted or made unlimited are skipped).
pub(crate) fn move_stock(conn: &mut PgConnection, order: &Order, movement: StockMovement) -> RepoResult<()> {
    for item in &order.items {
        let level: Option<Option<i32>> = products::table
            .find(item.product_id)
            .select(products::stock)
            .for_update()
            .first(conn)
            .optional()
            .map_err(storage)?;
        let Some(Some(level)) = level else { continue };
        let after = movement.apply(Some(u32::try_from(level).unwrap_or(0)), item.quantity);
        diesel::update(products::table.find(item.product_id))
            .set(products::stock.eq(after.map(crate::catalog::stock_column)))
            .execute(conn)
            .map_err(storage)?;
    }
    Ok(())
}
