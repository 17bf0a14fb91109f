use async_trait::async_trait;
use bigdecimal::BigDecimal;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use domain::audit::{Actor, AuditEntity, AuditRecord};
use domain::idempotency::KeyUse;
use domain::mail::MailEvent;
use domain::order::{
    Customer, NewOrder, Order, OrderItem, OrderRequest, OrderStatus, OrderTotals, StockMovement,
};
use domain::{Email, Money};
use ports::{Created, IdempotencyKey, OrderError, OrderRepository, RepoError, RepoResult};

use crate::idempotency::{self, Operation};
use crate::money::{CorruptRow, from_numeric, to_numeric};
use crate::rows::{ProductRow, convert_all};
use crate::schema::{orders, products};
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
                price: Money::parse(&item.price).map_err(|reason| RepoError::storage(CorruptRow(reason)))?,
                product_name: item.product_name,
                quantity: item.quantity,
            })
        })
        .collect()
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = orders, check_for_backend(diesel::pg::Pg))]
struct OrderRow {
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
}

impl TryFrom<OrderRow> for Order {
    type Error = RepoError;

    fn try_from(row: OrderRow) -> RepoResult<Order> {
        let corrupt = |reason: String| RepoError::storage(CorruptRow(reason));
        Ok(Order {
            id: row.id,
            customer: Customer {
                email: Email::parse(&row.email).map_err(corrupt)?,
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
                tax: from_numeric(&row.tax)?,
                shipping: from_numeric(&row.shipping)?,
                total: from_numeric(&row.total)?,
            },
            status: OrderStatus::from_text(&row.status)
                .ok_or_else(|| corrupt(format!("status {}", row.status)))?,
            created_at: row.created_at,
        })
    }
}

fn load_order(conn: &mut PgConnection, id: Uuid) -> RepoResult<Order> {
    orders::table.find(id).select(OrderRow::as_select()).first(conn).map_err(storage)?.try_into()
}

fn insert_order(conn: &mut PgConnection, order: &NewOrder) -> RepoResult<Order> {
    let customer = &order.customer;
    diesel::insert_into(orders::table)
        .values((
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
        ))
        .returning(OrderRow::as_returning())
        .get_result(conn)
        .map_err(storage)?
        .try_into()
}

#[async_trait]
impl OrderRepository for PgStore {
    async fn place_order(
        &self,
        request: OrderRequest,
        key: Option<IdempotencyKey>,
    ) -> Result<Created<Order>, OrderError> {
        let store = self.clone();
        self.run(move |conn| {
            // Prices are read and the order written in one transaction, so an
            // order never records a price that was already replaced.
            transaction(conn, |conn| {
                if let Some(key) = &key {
                    match idempotency::claim(conn, Operation::PlaceOrder, key, Utc::now())? {
                        KeyUse::First => {}
                        KeyUse::Repeat(id) => return Ok(Ok(Created::Repeated(load_order(conn, id)?))),
                        KeyUse::Reused => return Ok(Err(OrderError::KeyReused)),
                    }
                }
                let ids: Vec<Uuid> = request.lines.iter().map(|(id, _)| *id).collect();
                // Locked for update: two orders for the last candle never both get it.
                let rows = products::table
                    .filter(products::id.eq_any(&ids))
                    .select(ProductRow::as_select())
                    .for_update()
                    .load(conn)
                    .map_err(storage)?;
                let catalogue: Vec<domain::catalog::Product> = convert_all(rows)?;
                match request.price(&catalogue) {
                    Ok(order) => {
                        for (product, left) in domain::order::stock_after_order(&order.items, &catalogue) {
                            diesel::update(products::table.find(product))
                                .set(products::stock.eq(crate::catalog::stock_column(left)))
                                .execute(conn)
                                .map_err(storage)?;
                        }
                        let order = insert_order(conn, &order)?;
                        if let Some(key) = &key {
                            idempotency::remember(conn, Operation::PlaceOrder, key, order.id)?;
                        }
                        store.enqueue(conn, &MailEvent::OrderPlaced { order: order.clone() })?;
                        Ok(Ok(Created::New(order)))
                    }
                    Err(pricing) => {
                        if let Some(key) = &key {
                            idempotency::release(conn, Operation::PlaceOrder, key)?;
                        }
                        Ok(Err(OrderError::Pricing(pricing)))
                    }
                }
            })
        })
        .await?
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

    async fn set_order_status(&self, id: Uuid, status: OrderStatus, actor: Actor) -> RepoResult<Order> {
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
                let before = previous.status.as_str();
                let movement = StockMovement::between(previous.status, status);
                let order: Order = diesel::update(orders::table.find(id))
                    .set(orders::status.eq(status.as_str()))
                    .returning(OrderRow::as_returning())
                    .get_result(conn)
                    .map_err(storage)?
                    .try_into()?;
                if movement != StockMovement::None {
                    move_stock(conn, &order, movement)?;
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
                audit::record(
                    conn,
                    &actor,
                    AuditRecord::status_changed(AuditEntity::Order, id, &previous, &order),
                )?;
                Ok(order)
            })
        })
        .await
    }
}

/// Puts a cancelled order's items back on the shelf, or takes a reinstated
/// order's again (products since deleted or made unlimited are skipped).
fn move_stock(conn: &mut PgConnection, order: &Order, movement: StockMovement) -> RepoResult<()> {
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
