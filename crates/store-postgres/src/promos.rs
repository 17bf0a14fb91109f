//! Promo codes (docs/decisions.md §15): the owner's codes, the book of codes
//! a batch of orders names (read under the codes' row locks, with their uses
//! so far), and what each code brought.

use std::collections::HashMap;

use async_trait::async_trait;
use bigdecimal::BigDecimal;
use chrono::{DateTime, NaiveDate, Utc};
use diesel::dsl::{count_star, sum};
use diesel::prelude::*;
use uuid::Uuid;

use domain::Email;
use domain::audit::{Actor, AuditEntity, AuditRecord};
use domain::booking::ServiceKey;
use domain::order::{Cart, PromoBook, Quote};
use domain::promo::{PromoCode, PromoCodeText, PromoScope, PromoValue};
use ports::{
    BookingQuote, BookingQuoteError, OrderError, PromoCodeEntry, PromoCodeError, PromoCodeRepository,
    PromoCodeStats, RepoError, RepoResult,
};

use crate::money::{CorruptRow, from_numeric, to_numeric};
use crate::schema::{bookings, orders, promo_codes};
use crate::{Constraint, PgStore, audit, storage, transaction, violates};

#[derive(Queryable, Selectable)]
#[diesel(table_name = promo_codes, check_for_backend(diesel::pg::Pg))]
struct PromoCodeRow {
    id: Uuid,
    code: String,
    percent_off: Option<i16>,
    amount_off: Option<BigDecimal>,
    applies_to: String,
    min_subtotal: Option<BigDecimal>,
    starts_on: Option<NaiveDate>,
    ends_on: Option<NaiveDate>,
    max_uses: Option<i32>,
    max_uses_per_guest: Option<i32>,
    product_ids: Vec<Option<Uuid>>,
    service_ids: Vec<Option<Uuid>>,
    active: bool,
    created_at: DateTime<Utc>,
}

impl PromoCodeRow {
    fn into_domain(self) -> RepoResult<(PromoCode, DateTime<Utc>)> {
        let corrupt = |what: &str| RepoError::storage(CorruptRow(format!("promo code {}: {what}", self.id)));
        let value = match (self.percent_off, &self.amount_off) {
            (Some(percent), None) => {
                PromoValue::Percent(u8::try_from(percent).map_err(|_| corrupt("percent"))?)
            }
            (None, Some(amount)) => PromoValue::Fixed(from_numeric(amount)?),
            _ => return Err(corrupt("value")),
        };
        let limit = |n: Option<i32>| n.map(|n| u32::try_from(n).map_err(|_| corrupt("limit"))).transpose();
        let promo = PromoCode {
            id: self.id,
            code: PromoCodeText::parse(&self.code).map_err(|_| corrupt("code"))?,
            value,
            scope: PromoScope::from_text(&self.applies_to).ok_or_else(|| corrupt("scope"))?,
            min_subtotal: self.min_subtotal.as_ref().map(from_numeric).transpose()?,
            starts_on: self.starts_on,
            ends_on: self.ends_on,
            max_uses: limit(self.max_uses)?,
            max_uses_per_guest: limit(self.max_uses_per_guest)?,
            products: self.product_ids.iter().flatten().copied().collect(),
            services: self.service_ids.iter().flatten().copied().collect(),
            active: self.active,
        };
        Ok((promo, self.created_at))
    }
}

#[derive(AsChangeset, Insertable)]
#[diesel(table_name = promo_codes, treat_none_as_null = true)]
struct PromoCodeValues {
    code: String,
    percent_off: Option<i16>,
    amount_off: Option<BigDecimal>,
    applies_to: &'static str,
    min_subtotal: Option<BigDecimal>,
    starts_on: Option<NaiveDate>,
    ends_on: Option<NaiveDate>,
    max_uses: Option<i32>,
    max_uses_per_guest: Option<i32>,
    product_ids: Vec<Option<Uuid>>,
    service_ids: Vec<Option<Uuid>>,
    active: bool,
}

fn values(promo: &PromoCode) -> PromoCodeValues {
    let (percent_off, amount_off) = match promo.value {
        PromoValue::Percent(percent) => (Some(i16::from(percent)), None),
        PromoValue::Fixed(amount) => (None, Some(to_numeric(amount))),
    };
    // Limits are at most domain::promo::MAX_USE_LIMIT, well within i32.
    let limit = |n: Option<u32>| n.map(|n| i32::try_from(n).unwrap_or(i32::MAX));
    PromoCodeValues {
        code: promo.code.as_str().to_owned(),
        percent_off,
        amount_off,
        applies_to: promo.scope.as_str(),
        min_subtotal: promo.min_subtotal.map(to_numeric),
        starts_on: promo.starts_on,
        ends_on: promo.ends_on,
        max_uses: limit(promo.max_uses),
        max_uses_per_guest: limit(promo.max_uses_per_guest),
        product_ids: promo.products.iter().copied().map(Some).collect(),
        service_ids: promo.services.iter().copied().map(Some).collect(),
        active: promo.active,
    }
}

/// Orders that used a code and still stand: a cancelled (or expired) order
/// gives its use back.
fn standing_uses() -> diesel::dsl::And<
    diesel::dsl::IsNotNull<orders::promo_code_id>,
    diesel::dsl::NotEq<orders::status, &'static str>,
> {
    orders::promo_code_id.is_not_null().and(orders::status.ne("cancelled"))
}

/// Bookings that used a code and still stand (a cancelled booking gives its use back).
fn standing_bookings() -> diesel::dsl::And<
    diesel::dsl::IsNotNull<bookings::promo_code_id>,
    diesel::dsl::NotEq<bookings::status, &'static str>,
> {
    bookings::promo_code_id.is_not_null().and(bookings::status.ne("cancelled"))
}

/// The codes named, with their uses so far; with `lock`, the codes' rows
/// are locked for the transaction (in the codes' order, as every order takes
/// them), so two checkouts spending a code's last use queue, and the second
/// finds it used.
pub(crate) fn promo_book(
    conn: &mut PgConnection,
    codes: &[&PromoCodeText],
    lock: bool,
) -> RepoResult<PromoBook> {
    let mut book = PromoBook::default();
    if codes.is_empty() {
        return Ok(book);
    }
    let mut names: Vec<&str> = codes.iter().map(|code| code.as_str()).collect();
    names.sort_unstable();
    names.dedup();
    let query = promo_codes::table
        .filter(promo_codes::code.eq_any(&names))
        .select(PromoCodeRow::as_select())
        .order(promo_codes::code.asc());
    let rows = if lock { query.for_update().load(conn) } else { query.load(conn) }.map_err(storage)?;
    let ids: Vec<Uuid> = rows.iter().map(|row| row.id).collect();
    let mut counted: Vec<(Option<Uuid>, String, i64)> = orders::table
        .filter(standing_uses().and(orders::promo_code_id.eq_any(&ids)))
        .group_by((orders::promo_code_id, orders::email))
        .select((orders::promo_code_id, orders::email, count_star()))
        .load(conn)
        .map_err(storage)?;
    // A code for both counts its uses by orders and bookings together.
    counted.extend(
        bookings::table
            .filter(standing_bookings().and(bookings::promo_code_id.eq_any(&ids)))
            .group_by((bookings::promo_code_id, bookings::email))
            .select((bookings::promo_code_id, bookings::email, count_star()))
            .load::<(Option<Uuid>, String, i64)>(conn)
            .map_err(storage)?,
    );
    for row in rows {
        let (promo, _) = row.into_domain()?;
        let mut total = 0u32;
        let mut by_guest = HashMap::new();
        for (_, email, uses) in counted.iter().filter(|(id, _, _)| *id == Some(promo.id)) {
            let uses = u32::try_from(*uses).unwrap_or(u32::MAX);
            total = total.saturating_add(uses);
            // Addresses are stored as parsed (in small letters).
            *by_guest.entry(email.to_lowercase()).or_insert(0u32) += uses;
        }
        book.add(promo, total, by_guest);
    }
    Ok(book)
}

/// A code's orders as counted: the code, how many, their discounts and their totals.
type OrderUses = (Option<Uuid>, i64, Option<BigDecimal>, Option<BigDecimal>);
/// A code's bookings as counted: the code, how many, their discounts.
type BookingUses = (Option<Uuid>, i64, Option<BigDecimal>);

/// What each code brought, by code.
fn stats(conn: &mut PgConnection, ids: &[Uuid]) -> RepoResult<HashMap<Uuid, PromoCodeStats>> {
    let rows: Vec<OrderUses> = orders::table
        .filter(standing_uses().and(orders::promo_code_id.eq_any(ids)))
        .group_by(orders::promo_code_id)
        .select((orders::promo_code_id, count_star(), sum(orders::discount), sum(orders::total)))
        .load(conn)
        .map_err(storage)?;
    let booked: Vec<BookingUses> = bookings::table
        .filter(standing_bookings().and(bookings::promo_code_id.eq_any(ids)))
        .group_by(bookings::promo_code_id)
        .select((bookings::promo_code_id, count_star(), sum(bookings::discount)))
        .load(conn)
        .map_err(storage)?;
    let amount = |value: Option<BigDecimal>| {
        value.as_ref().map(from_numeric).transpose().map(Option::unwrap_or_default)
    };
    let mut stats: HashMap<Uuid, PromoCodeStats> = HashMap::new();
    for (id, uses, discount, revenue) in rows {
        let Some(id) = id else { continue };
        let entry = stats.entry(id).or_default();
        entry.uses = entry.uses.saturating_add(u32::try_from(uses).unwrap_or(u32::MAX));
        entry.discount_given = entry.discount_given + amount(discount)?;
        entry.revenue = entry.revenue + amount(revenue)?;
    }
    // Bookings are paid at the retreat: they count in uses and discounts, not revenue.
    for (id, uses, discount) in booked {
        let Some(id) = id else { continue };
        let entry = stats.entry(id).or_default();
        entry.uses = entry.uses.saturating_add(u32::try_from(uses).unwrap_or(u32::MAX));
        entry.discount_given = entry.discount_given + amount(discount)?;
    }
    Ok(stats)
}

fn entry(conn: &mut PgConnection, row: PromoCodeRow) -> RepoResult<PromoCodeEntry> {
    let (promo, created_at) = row.into_domain()?;
    let stats = stats(conn, &[promo.id])?.remove(&promo.id).unwrap_or_default();
    Ok(PromoCodeEntry { promo, stats, created_at })
}

/// A code another record carries is the save's own refusal.
fn refused_or_failed(
    error: diesel::result::Error,
    promo: &PromoCode,
) -> Result<PromoCodeEntry, PromoCodeError> {
    if violates(&error, Constraint::Unique, "promo_codes_code_key") {
        Err(PromoCodeError::CodeTaken(promo.code.as_str().to_owned()))
    } else {
        Err(PromoCodeError::Repo(storage(error)))
    }
}

#[async_trait]
impl PromoCodeRepository for PgStore {
    async fn list_promo_codes(&self) -> RepoResult<Vec<PromoCodeEntry>> {
        self.run(|conn| {
            let rows = promo_codes::table
                .select(PromoCodeRow::as_select())
                .order((promo_codes::created_at.desc(), promo_codes::id.asc()))
                .load(conn)
                .map_err(storage)?;
            let ids: Vec<Uuid> = rows.iter().map(|row| row.id).collect();
            let mut stats = stats(conn, &ids)?;
            rows.into_iter()
                .map(|row| {
                    let (promo, created_at) = row.into_domain()?;
                    let stats = stats.remove(&promo.id).unwrap_or_default();
                    Ok(PromoCodeEntry { promo, stats, created_at })
                })
                .collect()
        })
        .await
    }

    async fn create_promo_code(
        &self,
        promo: PromoCode,
        actor: Actor,
    ) -> Result<PromoCodeEntry, PromoCodeError> {
        self.run(move |conn| {
            transaction(conn, |conn| {
                let inserted = diesel::insert_into(promo_codes::table)
                    .values(values(&promo))
                    .returning(PromoCodeRow::as_returning())
                    .get_result(conn);
                let row = match inserted {
                    Ok(row) => row,
                    Err(error) => return Ok(refused_or_failed(error, &promo)),
                };
                let created = entry(conn, row)?;
                audit::record(
                    conn,
                    &actor,
                    AuditRecord::created(AuditEntity::PromoCode, created.promo.id, &created.promo),
                )?;
                Ok(Ok(created))
            })
        })
        .await?
    }

    async fn update_promo_code(
        &self,
        promo: PromoCode,
        actor: Actor,
    ) -> Result<PromoCodeEntry, PromoCodeError> {
        self.run(move |conn| {
            transaction(conn, |conn| {
                let before: PromoCodeRow = promo_codes::table
                    .find(promo.id)
                    .select(PromoCodeRow::as_select())
                    .for_update()
                    .first(conn)
                    .map_err(storage)?;
                let (before, _) = before.into_domain()?;
                let updated = diesel::update(promo_codes::table.find(promo.id))
                    .set(values(&promo))
                    .returning(PromoCodeRow::as_returning())
                    .get_result(conn);
                let row = match updated {
                    Ok(row) => row,
                    Err(error) => return Ok(refused_or_failed(error, &promo)),
                };
                let saved = entry(conn, row)?;
                audit::record(
                    conn,
                    &actor,
                    AuditRecord::updated(AuditEntity::PromoCode, promo.id, &before, &saved.promo),
                )?;
                Ok(Ok(saved))
            })
        })
        .await?
    }

    async fn quote_cart(
        &self,
        lines: Vec<(Uuid, u32)>,
        promo: Option<PromoCodeText>,
        guest: Option<Email>,
        placed_on: NaiveDate,
    ) -> Result<Quote, OrderError> {
        let answer = self
            .run(move |conn| {
                let ids: Vec<Uuid> = lines.iter().map(|(id, _)| *id).collect();
                let catalogue = crate::catalog::load_products(conn, &ids, false)?;
                let book = promo_book(conn, &promo.iter().collect::<Vec<_>>(), false)?;
                let cart = Cart { lines: &lines, promo: promo.as_ref(), guest: guest.as_ref(), placed_on };
                Ok(cart.quote(&catalogue, &book))
            })
            .await?;
        answer.map_err(OrderError::Pricing)
    }

    async fn quote_booking(
        &self,
        service: ServiceKey,
        nights: Option<u32>,
        promo: &PromoCodeText,
        guest: Option<Email>,
        today: NaiveDate,
    ) -> Result<Option<BookingQuote>, BookingQuoteError> {
        let code = promo.clone();
        let answer = self
            .run(move |conn| {
                let prices = crate::catalog::service_prices(conn)?;
                let book = promo_book(conn, &[&code], false)?;
                let Some(&(service_id, price)) = prices.get(&service) else { return Ok(Ok(None)) };
                let price = domain::payment::booking_price(price, nights);
                Ok(book
                    .booking_promo(&code, guest.as_ref(), today, service_id, price)
                    .map(|promo| Some(BookingQuote { price, promo })))
            })
            .await?;
        Ok(answer?)
    }
}
