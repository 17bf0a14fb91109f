use async_trait::async_trait;
use bigdecimal::BigDecimal;
use diesel::prelude::*;
use uuid::Uuid;

use domain::audit::{Actor, AuditEntity, AuditRecord};
use domain::catalog::{
    BookingKeyChange, NewMedia, NewProduct, NewService, Product, ProductMedia, Service, StockUpdate,
};
use domain::payment::DepositPolicy;
use ports::{CatalogRepository, RepoError, RepoResult, ServiceError};

use crate::money::to_numeric;
use crate::rows::{MediaRow, ProductRow, ServiceRow, convert_all};
use crate::schema::{product_media, products, services};
use crate::{Constraint, PgStore, audit, refusable_transaction, storage, transaction, violates};

/// `NotFound` when a delete or update touched no row.
pub(crate) fn exactly_one(affected: usize) -> RepoResult<()> {
    if affected == 0 { Err(RepoError::NotFound) } else { Ok(()) }
}

#[derive(Insertable, AsChangeset)]
#[diesel(table_name = products)]
pub(crate) struct ProductValues<'a> {
    name: &'a str,
    category: &'a str,
    price: BigDecimal,
    description: &'a str,
    image: &'a str,
}

/// A new product's stock column: unlimited unless a number was given.
pub(crate) fn created_stock(stock: StockUpdate) -> Option<i32> {
    match stock {
        StockUpdate::Keep | StockUpdate::Set(None) => None,
        StockUpdate::Set(Some(n)) => Some(stock_column(n)),
    }
}

/// Stock as the column holds it (at most `MAX_STOCK`, so it always fits).
pub(crate) fn stock_column(n: u32) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

pub(crate) fn product_values(product: &NewProduct) -> ProductValues<'_> {
    ProductValues {
        name: product.name.as_str(),
        category: product.category.as_str(),
        price: to_numeric(product.price),
        description: product.description.as_str(),
        image: product.image.as_str(),
    }
}

#[derive(Insertable, AsChangeset)]
#[diesel(table_name = services)]
pub(crate) struct ServiceValues<'a> {
    name: &'a str,
    description: &'a str,
    price: BigDecimal,
    duration: i32,
    image: &'a str,
    /// Left out of an update when the save did not name a key.
    booking_key: Option<Option<&'a str>>,
    /// Left out of an update when the save did not name a deposit.
    deposit_amount: Option<Option<BigDecimal>>,
    deposit_percent: Option<Option<i16>>,
}

pub(crate) fn service_values(service: &NewService) -> ServiceValues<'_> {
    ServiceValues {
        name: service.name.as_str(),
        description: service.description.as_str(),
        price: to_numeric(service.price),
        duration: service.duration_minutes,
        image: service.image.as_str(),
        booking_key: match service.booking_key {
            BookingKeyChange::Keep => None,
            BookingKeyChange::Set(key) => Some(key.map(|k| k.as_str())),
        },
        deposit_amount: service.deposit.map(|policy| match policy {
            DepositPolicy::Fixed(amount) => Some(to_numeric(amount)),
            _ => None,
        }),
        deposit_percent: service.deposit.map(|policy| match policy {
            DepositPolicy::Percent(percent) => Some(i16::from(percent)),
            _ => None,
        }),
    }
}

/// A booking key another record carries is the save's own refusal; any
/// other failure is the store's.
fn refused_or_failed(
    error: diesel::result::Error,
    service: &NewService,
) -> RepoResult<Result<Service, ServiceError>> {
    match service.booking_key {
        BookingKeyChange::Set(Some(key))
            if violates(&error, Constraint::Unique, "services_booking_key_key") =>
        {
            Ok(Err(ServiceError::BookingKeyTaken(key)))
        }
        _ => Err(storage(error)),
    }
}

#[derive(Insertable)]
#[diesel(table_name = product_media)]
pub(crate) struct MediaValues<'a> {
    product_id: Uuid,
    url: &'a str,
    type_: &'a str,
    title: Option<&'a str>,
    sort_order: i32,
}

pub(crate) fn media_values(product_id: Uuid, media: &NewMedia) -> MediaValues<'_> {
    MediaValues {
        product_id,
        url: media.url.as_str(),
        type_: media.media_type.as_str(),
        title: media.title.as_deref(),
        sort_order: media.sort_order,
    }
}

#[async_trait]
impl CatalogRepository for PgStore {
    async fn list_products(&self) -> RepoResult<Vec<Product>> {
        self.run(|conn| {
            let rows = products::table
                .select(ProductRow::as_select())
                .order((products::name.asc(), products::id.asc()))
                .load(conn)
                .map_err(storage)?;
            convert_all(rows)
        })
        .await
    }

    async fn get_product(&self, id: Uuid) -> RepoResult<Product> {
        self.run(move |conn| {
            products::table.find(id).select(ProductRow::as_select()).first(conn).map_err(storage)?.try_into()
        })
        .await
    }

    async fn create_product(&self, product: NewProduct, actor: Actor) -> RepoResult<Product> {
        self.run(move |conn| {
            transaction(conn, |conn| {
                let created: Product = diesel::insert_into(products::table)
                    .values((product_values(&product), products::stock.eq(created_stock(product.stock))))
                    .returning(ProductRow::as_returning())
                    .get_result(conn)
                    .map_err(storage)?
                    .try_into()?;
                audit::record(
                    conn,
                    &actor,
                    AuditRecord::created(AuditEntity::Product, created.id, &created),
                )?;
                Ok(created)
            })
        })
        .await
    }

    async fn update_product(&self, id: Uuid, product: NewProduct, actor: Actor) -> RepoResult<Product> {
        self.run(move |conn| {
            transaction(conn, |conn| {
                let before: Product = products::table
                    .find(id)
                    .select(ProductRow::as_select())
                    .for_update()
                    .first(conn)
                    .map_err(storage)?
                    .try_into()?;
                let row = match product.stock {
                    StockUpdate::Keep => diesel::update(products::table.find(id))
                        .set(product_values(&product))
                        .returning(ProductRow::as_returning())
                        .get_result(conn),
                    StockUpdate::Set(stock) => diesel::update(products::table.find(id))
                        .set((product_values(&product), products::stock.eq(stock.map(stock_column))))
                        .returning(ProductRow::as_returning())
                        .get_result(conn),
                };
                let after: Product = row.map_err(storage)?.try_into()?;
                audit::record(conn, &actor, AuditRecord::updated(AuditEntity::Product, id, &before, &after))?;
                Ok(after)
            })
        })
        .await
    }

    async fn delete_product(&self, id: Uuid, actor: Actor) -> RepoResult<()> {
        self.run(move |conn| {
            transaction(conn, |conn| {
                let deleted: Product = diesel::delete(products::table.find(id))
                    .returning(ProductRow::as_returning())
                    .get_result(conn)
                    .map_err(storage)?
                    .try_into()?;
                audit::record(conn, &actor, AuditRecord::deleted(AuditEntity::Product, id, &deleted))
            })
        })
        .await
    }

    async fn list_media(&self, product_id: Uuid) -> RepoResult<Vec<ProductMedia>> {
        self.run(move |conn| {
            let exists: bool = diesel::select(diesel::dsl::exists(products::table.find(product_id)))
                .get_result(conn)
                .map_err(storage)?;
            if !exists {
                return Err(RepoError::NotFound);
            }
            let rows = product_media::table
                .filter(product_media::product_id.eq(product_id))
                .select(MediaRow::as_select())
                .order((
                    product_media::sort_order.asc(),
                    product_media::created_at.asc(),
                    product_media::id.asc(),
                ))
                .load(conn)
                .map_err(storage)?;
            convert_all(rows)
        })
        .await
    }

    async fn add_media(&self, product_id: Uuid, media: NewMedia, actor: Actor) -> RepoResult<ProductMedia> {
        self.run(move |conn| {
            transaction(conn, |conn| {
                let added: ProductMedia = diesel::insert_into(product_media::table)
                    .values(media_values(product_id, &media))
                    .returning(MediaRow::as_returning())
                    .get_result(conn)
                    .map_err(|error| {
                        // The product vanished (or never was): the media has nowhere to go.
                        if violates(&error, Constraint::ForeignKey, "product_media_product_id_fkey") {
                            RepoError::NotFound
                        } else {
                            storage(error)
                        }
                    })?
                    .try_into()?;
                audit::record(
                    conn,
                    &actor,
                    AuditRecord::created(AuditEntity::ProductMedia, added.id, &added),
                )?;
                Ok(added)
            })
        })
        .await
    }

    async fn set_media_sort_order(
        &self,
        media_id: Uuid,
        sort_order: i32,
        actor: Actor,
    ) -> RepoResult<ProductMedia> {
        self.run(move |conn| {
            transaction(conn, |conn| {
                let before: ProductMedia = product_media::table
                    .find(media_id)
                    .select(MediaRow::as_select())
                    .for_update()
                    .first(conn)
                    .map_err(storage)?
                    .try_into()?;
                let after: ProductMedia = diesel::update(product_media::table.find(media_id))
                    .set(product_media::sort_order.eq(sort_order))
                    .returning(MediaRow::as_returning())
                    .get_result(conn)
                    .map_err(storage)?
                    .try_into()?;
                let record = AuditRecord::updated(AuditEntity::ProductMedia, media_id, &before, &after);
                audit::record(conn, &actor, record)?;
                Ok(after)
            })
        })
        .await
    }

    async fn delete_media(&self, media_id: Uuid, actor: Actor) -> RepoResult<()> {
        self.run(move |conn| {
            transaction(conn, |conn| {
                let deleted: ProductMedia = diesel::delete(product_media::table.find(media_id))
                    .returning(MediaRow::as_returning())
                    .get_result(conn)
                    .map_err(storage)?
                    .try_into()?;
                audit::record(
                    conn,
                    &actor,
                    AuditRecord::deleted(AuditEntity::ProductMedia, media_id, &deleted),
                )
            })
        })
        .await
    }

    async fn list_services(&self) -> RepoResult<Vec<Service>> {
        self.run(|conn| {
            let rows = services::table
                .select(ServiceRow::as_select())
                .order((services::price.asc(), services::name.asc(), services::id.asc()))
                .load(conn)
                .map_err(storage)?;
            convert_all(rows)
        })
        .await
    }

    async fn create_service(&self, service: NewService, actor: Actor) -> Result<Service, ServiceError> {
        self.run(move |conn| {
            refusable_transaction(conn, |conn| {
                let row = diesel::insert_into(services::table)
                    .values(service_values(&service))
                    .returning(ServiceRow::as_returning())
                    .get_result(conn);
                let created = match row {
                    Ok(row) => Service::try_from(row)?,
                    Err(error) => return refused_or_failed(error, &service),
                };
                audit::record(
                    conn,
                    &actor,
                    AuditRecord::created(AuditEntity::Service, created.id, &created),
                )?;
                Ok(Ok(created))
            })
        })
        .await?
    }

    async fn update_service(
        &self,
        id: Uuid,
        service: NewService,
        actor: Actor,
    ) -> Result<Service, ServiceError> {
        self.run(move |conn| {
            refusable_transaction(conn, |conn| {
                let before: Service = services::table
                    .find(id)
                    .select(ServiceRow::as_select())
                    .for_update()
                    .first(conn)
                    .map_err(storage)?
                    .try_into()?;
                let row = diesel::update(services::table.find(id))
                    .set(service_values(&service))
                    .returning(ServiceRow::as_returning())
                    .get_result(conn);
                let after = match row {
                    Ok(row) => Service::try_from(row)?,
                    Err(error) => return refused_or_failed(error, &service),
                };
                audit::record(conn, &actor, AuditRecord::updated(AuditEntity::Service, id, &before, &after))?;
                Ok(Ok(after))
            })
        })
        .await?
    }

    async fn delete_service(&self, id: Uuid, actor: Actor) -> RepoResult<()> {
        self.run(move |conn| {
            transaction(conn, |conn| {
                let deleted: Service = diesel::delete(services::table.find(id))
                    .returning(ServiceRow::as_returning())
                    .get_result(conn)
                    .map_err(storage)?
                    .try_into()?;
                audit::record(conn, &actor, AuditRecord::deleted(AuditEntity::Service, id, &deleted))
            })
        })
        .await
    }
}

/// The products with these ids, in the ids' order; with `lock`, locked for
/// the transaction (in that order, as every order takes them, so
/// simultaneous orders queue instead of deadlocking).
pub(crate) fn load_products(
    conn: &mut PgConnection,
    ids: &[Uuid],
    lock: bool,
) -> RepoResult<Vec<domain::catalog::Product>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let query = products::table
        .filter(products::id.eq_any(ids))
        .select(crate::rows::ProductRow::as_select())
        .order(products::id.asc());
    let rows = if lock { query.for_update().load(conn) } else { query.load(conn) };
    crate::rows::convert_all(rows.map_err(storage)?)
}

/// Each bookable service's id and price, by booking key.
pub(crate) fn service_prices(
    conn: &mut PgConnection,
) -> RepoResult<std::collections::HashMap<domain::booking::ServiceKey, (Uuid, domain::Money)>> {
    let rows = services::table
        .filter(services::booking_key.is_not_null())
        .select((services::id, services::booking_key, services::price))
        .load::<(Uuid, Option<String>, bigdecimal::BigDecimal)>(conn)
        .map_err(storage)?;
    rows.into_iter()
        .filter_map(|(id, key, price)| {
            let key = domain::booking::ServiceKey::from_text(key.as_deref()?)?;
            Some(crate::money::from_numeric(&price).map(|price| (key, (id, price))))
        })
        .collect()
}
