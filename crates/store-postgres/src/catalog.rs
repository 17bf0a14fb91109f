use async_trait::async_trait;
use bigdecimal::BigDecimal;
use diesel::prelude::*;
use uuid::Uuid;

use domain::catalog::{
    BookingKeyChange, NewMedia, NewProduct, NewService, Product, ProductMedia, Service, StockUpdate,
};
use ports::{CatalogRepository, RepoError, RepoResult, ServiceError};

use crate::money::to_numeric;
use crate::rows::{MediaRow, ProductRow, ServiceRow, convert_all};
use crate::schema::{product_media, products, services};
use crate::{Constraint, PgStore, storage, violates};

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
        name: &product.name,
        category: product.category.as_str(),
        price: to_numeric(product.price),
        description: &product.description,
        image: &product.image,
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
}

pub(crate) fn service_values(service: &NewService) -> ServiceValues<'_> {
    ServiceValues {
        name: &service.name,
        description: &service.description,
        price: to_numeric(service.price),
        duration: service.duration_minutes,
        image: &service.image,
        booking_key: match service.booking_key {
            BookingKeyChange::Keep => None,
            BookingKeyChange::Set(key) => Some(key.map(|k| k.as_str())),
        },
    }
}

/// A booking key another record carries is the save's own refusal.
fn service_error(error: diesel::result::Error, service: &NewService) -> ServiceError {
    match service.booking_key {
        BookingKeyChange::Set(Some(key))
            if violates(&error, Constraint::Unique, "services_booking_key_key") =>
        {
            ServiceError::BookingKeyTaken(key)
        }
        _ => ServiceError::Repo(storage(error)),
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
        url: &media.url,
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

    async fn create_product(&self, product: NewProduct) -> RepoResult<Product> {
        self.run(move |conn| {
            diesel::insert_into(products::table)
                .values((product_values(&product), products::stock.eq(created_stock(product.stock))))
                .returning(ProductRow::as_returning())
                .get_result(conn)
                .map_err(storage)?
                .try_into()
        })
        .await
    }

    async fn update_product(&self, id: Uuid, product: NewProduct) -> RepoResult<Product> {
        self.run(move |conn| {
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
            row.map_err(storage)?.try_into()
        })
        .await
    }

    async fn delete_product(&self, id: Uuid) -> RepoResult<()> {
        self.run(move |conn| {
            exactly_one(diesel::delete(products::table.find(id)).execute(conn).map_err(storage)?)
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

    async fn add_media(&self, product_id: Uuid, media: NewMedia) -> RepoResult<ProductMedia> {
        self.run(move |conn| {
            diesel::insert_into(product_media::table)
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
                .try_into()
        })
        .await
    }

    async fn set_media_sort_order(&self, media_id: Uuid, sort_order: i32) -> RepoResult<ProductMedia> {
        self.run(move |conn| {
            diesel::update(product_media::table.find(media_id))
                .set(product_media::sort_order.eq(sort_order))
                .returning(MediaRow::as_returning())
                .get_result(conn)
                .map_err(storage)?
                .try_into()
        })
        .await
    }

    async fn delete_media(&self, media_id: Uuid) -> RepoResult<()> {
        self.run(move |conn| {
            exactly_one(diesel::delete(product_media::table.find(media_id)).execute(conn).map_err(storage)?)
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

    async fn create_service(&self, service: NewService) -> Result<Service, ServiceError> {
        self.run(move |conn| {
            let row = diesel::insert_into(services::table)
                .values(service_values(&service))
                .returning(ServiceRow::as_returning())
                .get_result(conn);
            Ok(row.map_err(|e| service_error(e, &service)).and_then(|row| Ok(Service::try_from(row)?)))
        })
        .await?
    }

    async fn update_service(&self, id: Uuid, service: NewService) -> Result<Service, ServiceError> {
        self.run(move |conn| {
            let row = diesel::update(services::table.find(id))
                .set(service_values(&service))
                .returning(ServiceRow::as_returning())
                .get_result(conn);
            Ok(row.map_err(|e| service_error(e, &service)).and_then(|row| Ok(Service::try_from(row)?)))
        })
        .await?
    }

    async fn delete_service(&self, id: Uuid) -> RepoResult<()> {
        self.run(move |conn| {
            exactly_one(diesel::delete(services::table.find(id)).execute(conn).map_err(storage)?)
        })
        .await
    }
}
