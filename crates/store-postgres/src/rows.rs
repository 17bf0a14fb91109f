//! Row structs as Diesel reads and writes them, and their conversion to the
//! domain's types. A row that does not fit the domain is a storage error:
//! the CHECK constraints make that impossible short of manual edits.

use bigdecimal::BigDecimal;
use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;
use uuid::Uuid;

use domain::admin::Admin;
use domain::booking::{
    AccommodationType, AvailabilityEntry, Blackout, BlackoutType, Booking, BookingStatus, ServiceKey,
    TimeSlot,
};
use domain::catalog::{MediaType, Product, ProductCategory, ProductMedia, Service};
use domain::content::{BlogPost, ContactMessage, NewsletterSubscription, Slug};
use domain::payment::{Deposit, DepositCard, DepositPolicy, DepositState};
use ports::{RepoError, RepoResult};

use crate::money::{CorruptRow, from_numeric};
use crate::schema::*;

fn parsed<T>(value: Option<T>, column: &str, text: &str) -> Result<T, RepoError> {
    value.ok_or_else(|| RepoError::storage(CorruptRow(format!("{column} = {text:?}"))))
}

/// A nullable text column holding one of an enum's texts.
pub fn optional<T>(
    text: Option<&str>,
    column: &str,
    parse: fn(&str) -> Option<T>,
) -> Result<Option<T>, RepoError> {
    text.map(|text| parsed(parse(text), column, text)).transpose()
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = products, check_for_backend(diesel::pg::Pg))]
pub struct ProductRow {
    pub id: Uuid,
    pub name: String,
    pub category: String,
    pub price: BigDecimal,
    pub description: String,
    pub image: String,
    pub stock: Option<i32>,
}

impl TryFrom<ProductRow> for Product {
    type Error = RepoError;

    fn try_from(row: ProductRow) -> Result<Self, RepoError> {
        Ok(Product {
            id: row.id,
            category: parsed(ProductCategory::from_text(&row.category), "category", &row.category)?,
            price: from_numeric(&row.price)?,
            name: row.name,
            description: row.description,
            image: row.image,
            stock: row.stock.map(|n| u32::try_from(n).unwrap_or(0)),
        })
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = product_media, check_for_backend(diesel::pg::Pg))]
pub struct MediaRow {
    pub id: Uuid,
    pub product_id: Uuid,
    pub url: String,
    pub type_: String,
    pub title: Option<String>,
    pub sort_order: i32,
    pub created_at: DateTime<Utc>,
}

impl TryFrom<MediaRow> for ProductMedia {
    type Error = RepoError;

    fn try_from(row: MediaRow) -> Result<Self, RepoError> {
        Ok(ProductMedia {
            id: row.id,
            product_id: row.product_id,
            media_type: parsed(MediaType::from_text(&row.type_), "type", &row.type_)?,
            url: row.url,
            title: row.title,
            sort_order: row.sort_order,
            created_at: row.created_at,
        })
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = services, check_for_backend(diesel::pg::Pg))]
pub struct ServiceRow {
    pub id: Uuid,
    pub name: String,
    pub description: String,
    pub price: BigDecimal,
    pub duration: i32,
    pub image: String,
    pub booking_key: Option<String>,
    pub deposit_amount: Option<BigDecimal>,
    pub deposit_percent: Option<i16>,
}

/// A service's deposit policy from its two columns (at most one is set).
pub(crate) fn deposit_policy(amount: Option<&BigDecimal>, percent: Option<i16>) -> RepoResult<DepositPolicy> {
    match (amount, percent) {
        (Some(amount), _) => Ok(DepositPolicy::Fixed(from_numeric(amount)?)),
        (None, Some(percent)) => DepositPolicy::percent(i64::from(percent))
            .map_err(|error| RepoError::Storage(format!("deposit_percent {percent}: {error}").into())),
        (None, None) => Ok(DepositPolicy::None),
    }
}

impl TryFrom<ServiceRow> for Service {
    type Error = RepoError;

    fn try_from(row: ServiceRow) -> Result<Self, RepoError> {
        Ok(Service {
            id: row.id,
            price: from_numeric(&row.price)?,
            name: row.name,
            description: row.description,
            duration_minutes: row.duration,
            image: row.image,
            booking_key: optional(row.booking_key.as_deref(), "booking_key", ServiceKey::from_text)?,
            deposit: deposit_policy(row.deposit_amount.as_ref(), row.deposit_percent)?,
        })
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = blog_posts, check_for_backend(diesel::pg::Pg))]
pub struct PostRow {
    pub id: Uuid,
    pub title: String,
    pub slug: String,
    pub excerpt: String,
    pub content: String,
    pub image: String,
    pub published_at: DateTime<Utc>,
}

impl TryFrom<PostRow> for BlogPost {
    type Error = RepoError;

    fn try_from(row: PostRow) -> Result<Self, RepoError> {
        Ok(BlogPost {
            id: row.id,
            slug: Slug::parse(&row.slug)
                .map_err(|reason| RepoError::storage(CorruptRow(reason.to_string())))?,
            title: row.title,
            excerpt: row.excerpt,
            content: row.content,
            image: row.image,
            published_at: row.published_at,
        })
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = contact_messages, check_for_backend(diesel::pg::Pg))]
pub struct MessageRow {
    pub id: Uuid,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub interest: Option<String>,
    pub message: String,
    pub created_at: DateTime<Utc>,
    pub read_at: Option<DateTime<Utc>>,
    pub answered_at: Option<DateTime<Utc>>,
}

impl From<MessageRow> for ContactMessage {
    fn from(row: MessageRow) -> Self {
        ContactMessage {
            id: row.id,
            first_name: row.first_name,
            last_name: row.last_name,
            email: row.email,
            interest: row.interest,
            message: row.message,
            created_at: row.created_at,
            read_at: row.read_at,
            answered_at: row.answered_at,
        }
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = newsletter_subscriptions, check_for_backend(diesel::pg::Pg))]
pub struct SubscriptionRow {
    pub id: Uuid,
    pub email: String,
    pub created_at: DateTime<Utc>,
}

impl From<SubscriptionRow> for NewsletterSubscription {
    fn from(row: SubscriptionRow) -> Self {
        NewsletterSubscription { id: row.id, email: row.email, created_at: row.created_at }
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = bookings, check_for_backend(diesel::pg::Pg))]
pub struct BookingRow {
    pub id: Uuid,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub service: String,
    pub date: NaiveDate,
    pub time: String,
    pub notes: Option<String>,
    pub status: String,
    pub created_at: DateTime<Utc>,
    pub check_out: Option<NaiveDate>,
    pub deposit_state: String,
    pub deposit_amount: Option<BigDecimal>,
    pub deposit_refunded: BigDecimal,
    pub deposit_customer: Option<String>,
    pub deposit_method: Option<String>,
    pub deposit_error: Option<String>,
    pub discount: BigDecimal,
    pub promo_code_id: Option<Uuid>,
    pub promo_code: Option<String>,
    pub gift_card_id: Option<Uuid>,
    pub gift_card_amount: BigDecimal,
    pub gift_card_last_four: Option<String>,
    pub moves: i32,
    pub guest_moves: i32,
    pub guest_confirmed_at: Option<DateTime<Utc>>,
}

impl TryFrom<BookingRow> for Booking {
    type Error = RepoError;

    fn try_from(row: BookingRow) -> Result<Self, RepoError> {
        let promo = match (row.promo_code_id, &row.promo_code) {
            (Some(promo), Some(code)) => Some(domain::promo::AppliedPromo {
                promo,
                code: parsed(domain::promo::PromoCodeText::parse(code).ok(), "promo code", code)?,
                amount: from_numeric(&row.discount)?,
            }),
            _ => None,
        };
        let gift_card = match (row.gift_card_id, row.gift_card_last_four) {
            (Some(card_id), Some(last_four)) => Some(domain::gift_card::CardPayment {
                card_id,
                last_four,
                amount: from_numeric(&row.gift_card_amount)?,
            }),
            _ => None,
        };
        Ok(Booking {
            promo,
            gift_card,
            moves: row.moves,
            guest_moves: row.guest_moves,
            guest_confirmed_at: row.guest_confirmed_at,
            id: row.id,
            service: parsed(ServiceKey::from_text(&row.service), "service", &row.service)?,
            date: row.date,
            check_out: row.check_out,
            time: parsed(TimeSlot::from_text(&row.time), "time", &row.time)?,
            status: parsed(BookingStatus::from_text(&row.status), "status", &row.status)?,
            first_name: row.first_name,
            last_name: row.last_name,
            email: row.email,
            notes: row.notes,
            created_at: row.created_at,
            deposit: match row.deposit_amount {
                None => None,
                Some(amount) => Some(Deposit {
                    state: parsed(
                        DepositState::from_text(&row.deposit_state),
                        "deposit state",
                        &row.deposit_state,
                    )?,
                    amount: from_numeric(&amount)?,
                    refunded: from_numeric(&row.deposit_refunded)?,
                    error: row.deposit_error,
                    card: row
                        .deposit_customer
                        .zip(row.deposit_method)
                        .map(|(customer, method)| DepositCard { customer, method }),
                }),
            },
        })
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = blackout_dates, check_for_backend(diesel::pg::Pg))]
pub struct BlackoutRow {
    pub id: Uuid,
    pub start_date: NaiveDate,
    pub end_date: NaiveDate,
    pub type_: String,
    pub reason: Option<String>,
    pub created_by: Option<Uuid>,
    pub created_at: DateTime<Utc>,
}

impl TryFrom<BlackoutRow> for Blackout {
    type Error = RepoError;

    fn try_from(row: BlackoutRow) -> Result<Self, RepoError> {
        Ok(Blackout {
            id: row.id,
            start_date: row.start_date,
            end_date: row.end_date,
            blackout_type: parsed(BlackoutType::from_text(&row.type_), "type", &row.type_)?,
            reason: row.reason,
            created_by: row.created_by,
            created_at: row.created_at,
        })
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = availability, check_for_backend(diesel::pg::Pg))]
pub struct AvailabilityRow {
    pub id: Uuid,
    pub service_id: Option<Uuid>,
    pub accommodation_type: Option<String>,
    pub date: NaiveDate,
    pub time_slot: Option<String>,
    pub max_capacity: i32,
    pub current_bookings: i32,
    pub is_blocked: bool,
    pub block_reason: Option<String>,
    pub created_at: DateTime<Utc>,
}

impl AvailabilityRow {
    /// The domain entry, with its service record's booking key and name.
    pub fn into_entry(self, service: Option<&ServiceRef>) -> Result<AvailabilityEntry, RepoError> {
        let accommodation_type =
            optional(self.accommodation_type.as_deref(), "accommodation_type", AccommodationType::from_text)?;
        let time_slot = optional(self.time_slot.as_deref(), "time_slot", TimeSlot::from_text)?;
        Ok(AvailabilityEntry {
            id: self.id,
            service_id: self.service_id,
            service_key: service.and_then(|s| s.booking_key),
            service_name: service.map(|s| s.name.clone()),
            accommodation_type,
            date: self.date,
            time_slot,
            max_capacity: self.max_capacity,
            current_bookings: self.current_bookings,
            is_blocked: self.is_blocked,
            block_reason: self.block_reason,
            created_at: self.created_at,
        })
    }
}

/// What an availability entry needs of its service record.
#[derive(Debug, Clone)]
pub struct ServiceRef {
    pub name: String,
    pub booking_key: Option<ServiceKey>,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = admin_users, check_for_backend(diesel::pg::Pg))]
pub struct AdminRow {
    pub id: Uuid,
    pub email: String,
    pub password: String,
    pub name: String,
    pub is_active: bool,
    pub created_at: DateTime<Utc>,
    pub last_login: Option<DateTime<Utc>>,
    pub session_version: i32,
    pub role: String,
    pub two_factor: bool,
    pub can_read_intake: bool,
}

impl AdminRow {
    /// The admin, and the password hash kept apart from it.
    pub fn split(self) -> (Admin, String) {
        let admin = Admin {
            id: self.id,
            email: self.email,
            name: self.name,
            is_active: self.is_active,
            created_at: self.created_at,
            last_login: self.last_login,
            session_version: self.session_version,
            // The column's CHECK allows only the roles; an unknown word would
            // be a newer server's, and the safe reading of it is the lesser role.
            role: domain::team::Role::from_text(&self.role).unwrap_or(domain::team::Role::Staff),
            two_factor: self.two_factor,
            can_read_intake: self.can_read_intake,
        };
        (admin, self.password)
    }
}

/// Converts every row, failing on the first that does not fit.
pub fn convert_all<R, T>(rows: Vec<R>) -> Result<Vec<T>, RepoError>
where
    T: TryFrom<R, Error = RepoError>,
{
    rows.into_iter().map(T::try_from).collect()
}
