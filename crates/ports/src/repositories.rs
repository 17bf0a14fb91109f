//! Repository contracts. Implementations must be safe to share between
//! threads and processes: nothing that must be shared may live only in one
//! process's memory.

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use uuid::Uuid;

use domain::Email;
use domain::admin::{Admin, LoginAttempts};
use domain::booking::{
    AvailabilityEntry, Blackout, Booking, BookingStatus, DayAvailability, LocalNow, NewAvailability,
    NewBlackout, NewBooking, ServiceKey,
};
use domain::catalog::{NewMedia, NewProduct, NewService, Product, ProductMedia, Service};
use domain::content::{BlogPost, ContactMessage, NewBlogPost, NewContactMessage, NewsletterSubscription};
use domain::order::{Order, OrderRequest, OrderStatus};

use crate::error::{BookingError, OrderError, RepoResult};

#[async_trait]
pub trait CatalogRepository: Send + Sync {
    /// Products ordered by name.
    async fn list_products(&self) -> RepoResult<Vec<Product>>;
    async fn get_product(&self, id: Uuid) -> RepoResult<Product>;
    async fn create_product(&self, product: NewProduct) -> RepoResult<Product>;
    async fn update_product(&self, id: Uuid, product: NewProduct) -> RepoResult<Product>;
    /// Deletes the product and, by cascade, its media.
    async fn delete_product(&self, id: Uuid) -> RepoResult<()>;

    /// A product's media in sortOrder order; `NotFound` for an unknown product.
    async fn list_media(&self, product_id: Uuid) -> RepoResult<Vec<ProductMedia>>;
    async fn add_media(&self, product_id: Uuid, media: NewMedia) -> RepoResult<ProductMedia>;
    async fn set_media_sort_order(&self, media_id: Uuid, sort_order: i32) -> RepoResult<ProductMedia>;
    async fn delete_media(&self, media_id: Uuid) -> RepoResult<()>;

    /// Services ordered by price, then name.
    async fn list_services(&self) -> RepoResult<Vec<Service>>;
    async fn create_service(&self, service: NewService) -> RepoResult<Service>;
    async fn update_service(&self, id: Uuid, service: NewService) -> RepoResult<Service>;
    async fn delete_service(&self, id: Uuid) -> RepoResult<()>;
}

#[async_trait]
pub trait ContentRepository: Send + Sync {
    /// Posts newest first.
    async fn list_posts(&self) -> RepoResult<Vec<BlogPost>>;
    async fn get_post_by_slug(&self, slug: &str) -> RepoResult<BlogPost>;
    /// `Conflict` when the slug is taken.
    async fn create_post(&self, post: NewBlogPost) -> RepoResult<BlogPost>;
    async fn update_post(&self, id: Uuid, post: NewBlogPost) -> RepoResult<BlogPost>;
    async fn delete_post(&self, id: Uuid) -> RepoResult<()>;

    async fn create_message(&self, message: NewContactMessage) -> RepoResult<ContactMessage>;
    /// Messages newest first.
    async fn list_messages(&self) -> RepoResult<Vec<ContactMessage>>;
    async fn delete_message(&self, id: Uuid) -> RepoResult<()>;

    /// Stores the address once; subscribing again returns the first row.
    async fn subscribe(&self, email: Email) -> RepoResult<NewsletterSubscription>;
    async fn list_subscriptions(&self) -> RepoResult<Vec<NewsletterSubscription>>;
}

#[async_trait]
pub trait OrderRepository: Send + Sync {
    /// Prices the request from the stored catalogue (domain rules) and stores
    /// the order, or stores nothing.
    async fn place_order(&self, request: OrderRequest) -> Result<Order, OrderError>;
    /// Orders newest first.
    async fn list_orders(&self) -> RepoResult<Vec<Order>>;
    async fn set_order_status(&self, id: Uuid, status: OrderStatus) -> RepoResult<Order>;
}

#[async_trait]
pub trait BookingRepository: Send + Sync {
    /// Whether `key` can be booked on `date`, and at which times.
    async fn day_availability(
        &self,
        key: ServiceKey,
        date: NaiveDate,
        now: LocalNow,
    ) -> RepoResult<DayAvailability>;
    /// Re-checks availability and takes one unit of every governing entry in
    /// the same transaction as the insert, so concurrent requests never
    /// overbook.
    async fn create_booking(&self, booking: NewBooking, now: LocalNow) -> Result<Booking, BookingError>;
    /// Bookings newest first.
    async fn list_bookings(&self) -> RepoResult<Vec<Booking>>;
    /// Gives capacity back when a booking is cancelled and takes it again
    /// (`Conflict` when full) when a cancelled booking is reinstated.
    async fn set_booking_status(&self, id: Uuid, status: BookingStatus) -> RepoResult<Booking>;
    /// Deletes the booking and gives back the capacity it held.
    async fn delete_booking(&self, id: Uuid) -> RepoResult<()>;

    /// Blackout periods by start date.
    async fn list_blackouts(&self) -> RepoResult<Vec<Blackout>>;
    async fn create_blackout(&self, blackout: NewBlackout, created_by: Option<Uuid>) -> RepoResult<Blackout>;
    async fn delete_blackout(&self, id: Uuid) -> RepoResult<()>;

    /// Entries dated from `start` to `end` inclusive.
    async fn list_availability(&self, start: NaiveDate, end: NaiveDate)
    -> RepoResult<Vec<AvailabilityEntry>>;
    /// Creates or replaces the entry for (date, service, accommodation, slot).
    /// A new entry starts from the bookings it already governs; `Conflict`
    /// when the capacity would be below them, `Invalid` for an unknown service.
    async fn upsert_availability(&self, entry: NewAvailability) -> RepoResult<AvailabilityEntry>;
    /// Removes an entry; the bookings it governed stay, no longer capped by it.
    async fn delete_availability(&self, id: Uuid) -> RepoResult<()>;
}

#[async_trait]
pub trait AdminRepository: Send + Sync {
    /// The admin and their password hash.
    async fn find_by_email(&self, email: &Email) -> RepoResult<Option<(Admin, String)>>;
    async fn find_by_id(&self, id: Uuid) -> RepoResult<Option<Admin>>;
    /// `Conflict` when the e-mail is taken.
    async fn create(&self, email: &Email, name: &str, password_hash: &str) -> RepoResult<Admin>;
    async fn count(&self) -> RepoResult<i64>;
    async fn set_active(&self, email: &Email, active: bool) -> RepoResult<Admin>;
    async fn set_password_hash(&self, email: &Email, password_hash: &str) -> RepoResult<Admin>;
    async fn record_login(&self, id: Uuid, at: DateTime<Utc>) -> RepoResult<Admin>;

    async fn login_attempts(&self, client: &str) -> RepoResult<Option<LoginAttempts>>;
    /// Counts a failure, starting a fresh window when the last one has ended,
    /// and returns the count after it. Concurrent calls never lose a count.
    async fn record_failed_login(&self, client: &str, now: DateTime<Utc>) -> RepoResult<LoginAttempts>;
    async fn clear_failed_logins(&self, client: &str) -> RepoResult<()>;

    /// The stored value of `key`, storing `value` first if there is none.
    /// Concurrent callers all get the same stored value.
    async fn setting_or_insert(&self, key: &str, value: &str) -> RepoResult<String>;

    /// Loads the demo catalogue if it has never been loaded into this
    /// database; returns whether it did.
    async fn load_demo_catalogue_once(&self, catalogue: DemoCatalogue) -> RepoResult<bool>;
}

/// Demo content for a fresh database.
#[derive(Debug, Clone, Default)]
pub struct DemoCatalogue {
    pub services: Vec<NewService>,
    pub products: Vec<DemoProduct>,
    pub posts: Vec<DemoPost>,
}

#[derive(Debug, Clone)]
pub struct DemoProduct {
    pub product: NewProduct,
    pub media: Vec<NewMedia>,
}

#[derive(Debug, Clone)]
pub struct DemoPost {
    pub post: NewBlogPost,
    pub published_at: DateTime<Utc>,
}
