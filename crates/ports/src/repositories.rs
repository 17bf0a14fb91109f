//! Repository contracts. Implementations must be safe to share between
//! threads and processes: nothing that must be shared may live only in one
//! process's memory.

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use uuid::Uuid;

use domain::Email;
use domain::admin::Admin;
use domain::audit::{Actor, AuditEntry, AuditQuery};
use domain::booking::{
    AvailabilityEntry, Blackout, Booking, BookingQuery, BookingStatus, DayAvailability, DayLoad, DayReason,
    LocalNow, MovedBy, NewAvailability, NewBlackout, NewBooking, NewPlace, Schedule, ServiceKey,
    VisitSettings,
};
use domain::catalog::{NewMedia, NewProduct, NewService, Product, ProductMedia, Service};
use domain::content::{
    BlogPost, ContactMessage, ContactReply, MessageQuery, MessageState, MessageThread, NewBlogPost,
    NewContactMessage, NewsletterSubscription, ReplyText, SubscriberQuery,
};
use domain::limits::{Limit, WindowCount};
use domain::order::{Order, OrderQuery, OrderRequest, OrderStatus};
use domain::paging::Page;
use domain::team::{Invitation, MemberChange, Session};

use crate::error::{
    AvailabilityError, BookingError, CreateAdminError, GuestCancelError, OrderError, PostError, RepoResult,
    ServiceError, StatusChangeError, TeamChangeError,
};

/// A move of a booking, as the booking use case asks the store for it.
#[derive(Debug, Clone)]
pub struct MoveRequest {
    pub id: Uuid,
    pub to: NewPlace,
    /// For a stay: move its guest's treatments inside it along, each to the
    /// same day of the stay at its time (`domain::booking::treatments_inside`).
    pub with_treatments: bool,
    pub by: MovedBy,
    pub actor: Actor,
    pub now: LocalNow,
    /// The free-cancellation hours and the online cancellation cutoff: a
    /// guest moves until the earlier of the two deadlines.
    pub hours: (i64, i64),
}

/// A booking moved, and the treatments that moved along with it.
#[derive(Debug, Clone)]
pub struct Moved {
    pub booking: Booking,
    pub along: Vec<Booking>,
}

/// A client's retry key for a create (the `Idempotency-Key` header) and the
/// fingerprint of the request it came with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdempotencyKey {
    pub key: String,
    pub fingerprint: String,
}

/// What a create answered: a new record, or the record an earlier request
/// with the same idempotency key created.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Created<T> {
    New(T),
    Repeated(T),
}

impl<T> Created<T> {
    pub fn into_inner(self) -> T {
        match self {
            Created::New(value) | Created::Repeated(value) => value,
        }
    }

    pub fn is_repeat(&self) -> bool {
        matches!(self, Created::Repeated(_))
    }

    pub fn get(&self) -> &T {
        match self {
            Created::New(value) | Created::Repeated(value) => value,
        }
    }
}

/// An open session, its admin, and whether the owner's rule asks every
/// member for a second factor: read together because every admin call needs
/// all three (one round trip to the database, not two).
#[derive(Debug, Clone)]
pub struct OpenSession {
    pub admin: Admin,
    pub session: Session,
    pub two_factor_required: bool,
}

#[async_trait]
pub trait CatalogRepository: Send + Sync {
    /// Products ordered by name.
    async fn list_products(&self) -> RepoResult<Vec<Product>>;
    async fn get_product(&self, id: Uuid) -> RepoResult<Product>;
    async fn create_product(&self, product: NewProduct, actor: Actor) -> RepoResult<Product>;
    async fn update_product(&self, id: Uuid, product: NewProduct, actor: Actor) -> RepoResult<Product>;
    /// Deletes the product and, by cascade, its media.
    async fn delete_product(&self, id: Uuid, actor: Actor) -> RepoResult<()>;

    /// A product's media in sortOrder order; `NotFound` for an unknown product.
    async fn list_media(&self, product_id: Uuid) -> RepoResult<Vec<ProductMedia>>;
    async fn add_media(&self, product_id: Uuid, media: NewMedia, actor: Actor) -> RepoResult<ProductMedia>;
    async fn set_media_sort_order(
        &self,
        media_id: Uuid,
        sort_order: i32,
        actor: Actor,
    ) -> RepoResult<ProductMedia>;
    async fn delete_media(&self, media_id: Uuid, actor: Actor) -> RepoResult<()>;

    /// Services ordered by price, then name.
    async fn list_services(&self) -> RepoResult<Vec<Service>>;
    /// `BookingKeyTaken` when another record carries the booking key.
    async fn create_service(&self, service: NewService, actor: Actor) -> Result<Service, ServiceError>;
    async fn update_service(
        &self,
        id: Uuid,
        service: NewService,
        actor: Actor,
    ) -> Result<Service, ServiceError>;
    async fn delete_service(&self, id: Uuid, actor: Actor) -> RepoResult<()>;
}

#[async_trait]
pub trait ContentRepository: Send + Sync {
    /// Posts newest first.
    async fn list_posts(&self) -> RepoResult<Vec<BlogPost>>;
    async fn get_post_by_slug(&self, slug: &str) -> RepoResult<BlogPost>;
    /// `DuplicateSlug` when the slug is taken.
    async fn create_post(&self, post: NewBlogPost, actor: Actor) -> Result<BlogPost, PostError>;
    async fn update_post(&self, id: Uuid, post: NewBlogPost, actor: Actor) -> Result<BlogPost, PostError>;
    async fn delete_post(&self, id: Uuid, actor: Actor) -> RepoResult<()>;

    async fn create_message(&self, message: NewContactMessage) -> RepoResult<ContactMessage>;
    /// Messages newest first.
    async fn list_messages(&self) -> RepoResult<Vec<ContactMessage>>;
    /// One page of the messages the query matches, newest first.
    async fn page_messages(&self, query: MessageQuery) -> RepoResult<Page<ContactMessage>>;
    /// Deletes the message and, by cascade, its replies (their mail stays in the outbox's log).
    async fn delete_message(&self, id: Uuid, actor: Actor) -> RepoResult<()>;
    /// A message with its replies, oldest first, each with its mail's state.
    async fn get_message(&self, id: Uuid) -> RepoResult<MessageThread>;
    /// Puts a message in `state` at `now` (`MessageState::times`); a change
    /// is recorded in the audit trail, marking it as it already is is not.
    async fn set_message_state(
        &self,
        id: Uuid,
        state: MessageState,
        now: DateTime<Utc>,
        actor: Actor,
    ) -> RepoResult<ContactMessage>;
    /// In one transaction: the reply kept with the message, its mail to the
    /// guest in the outbox (quoting the message), the message answered (and
    /// read), and the audit record. `NotFound` for an unknown message.
    async fn reply_to_message(
        &self,
        id: Uuid,
        text: ReplyText,
        now: DateTime<Utc>,
        actor: Actor,
    ) -> RepoResult<ContactReply>;

    /// Stores the address once; subscribing again renews the sign-up's time,
    /// so nothing in the answer tells a new address from a known one.
    async fn subscribe(&self, email: Email) -> RepoResult<NewsletterSubscription>;
    async fn list_subscriptions(&self) -> RepoResult<Vec<NewsletterSubscription>>;
    /// One page of the subscribers the query matches, newest sign-up first.
    async fn page_subscriptions(&self, query: SubscriberQuery) -> RepoResult<Page<NewsletterSubscription>>;
    /// Removes a subscription (`NotFound` when it is already gone).
    async fn unsubscribe(&self, id: Uuid) -> RepoResult<()>;
}

#[async_trait]
pub trait OrderRepository: Send + Sync {
    /// Prices the request from the stored catalogue (domain rules) and stores
    /// the order, or stores nothing. With a key, a repeat of the same request
    /// answers the first order (`domain::idempotency::key_use`), decided in
    /// the same transaction, so simultaneous retries store one order.
    /// `payment` is the new order's payment: unpaid (payments off: it is
    /// told of at once) or awaiting payment (told of once it is paid).
    async fn place_order(
        &self,
        request: OrderRequest,
        key: Option<IdempotencyKey>,
        payment: domain::payment::PaymentState,
    ) -> Result<Created<Order>, OrderError>;
    /// Orders newest first.
    async fn list_orders(&self) -> RepoResult<Vec<Order>>;
    /// One page of the orders the query matches, newest first
    /// (`domain::paging`), read through the indexes of issue 23.
    async fn page_orders(&self, query: OrderQuery) -> RepoResult<Page<Order>>;
    async fn get_order(&self, id: Uuid) -> RepoResult<Order>;
    /// Sets an order's status with its stock and gift card part moved, the
    /// guest told, and the audit record. Cancelling applies
    /// `domain::settlement::plan_order_cancellation` with the owner's `word`
    /// under the order's lock: refused while a card payment is held without
    /// one, a never-paid order closed as expired, a kept payment recorded.
    async fn set_order_status(
        &self,
        id: Uuid,
        status: OrderStatus,
        word: Option<domain::settlement::PaymentOnCancel>,
        actor: Actor,
    ) -> Result<Order, crate::OrderStatusError>;
}

/// A day as the month calendar shows it: whether it (for the Tiny Home,
/// its night) can be booked, why not, and whether a guest may wait for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MonthDayView {
    pub date: NaiveDate,
    pub open: bool,
    pub reason: Option<DayReason>,
    pub can_wait: bool,
}

#[async_trait]
pub trait BookingRepository: Send + Sync {
    /// Whether `key` can be booked on `date`, and at which times. Places
    /// held for waitlist offers read as taken, but for offer `holder`'s own.
    async fn day_availability(
        &self,
        key: ServiceKey,
        date: NaiveDate,
        now: LocalNow,
        holder: Option<Uuid>,
    ) -> RepoResult<DayAvailability>;
    /// Each day from `first` to `last` as the month calendar shows it
    /// (`domain::booking::month_day`), read in one go.
    async fn days_availability(
        &self,
        key: ServiceKey,
        first: NaiveDate,
        last: NaiveDate,
        now: LocalNow,
        holder: Option<Uuid>,
    ) -> RepoResult<Vec<MonthDayView>>;
    /// Re-checks availability (`domain::booking::plan_booking`) and takes one
    /// unit of every governing entry in the same transaction as the insert,
    /// with the date locked, so concurrent requests never overbook.
    /// With a key, a repeat of the same request answers the first booking.
    /// With `offer`, the booking takes that waitlist offer's held place
    /// (refused with `BookingError::OfferNotHeld` once it is no longer held).
    async fn create_booking(
        &self,
        booking: NewBooking,
        now: LocalNow,
        key: Option<IdempotencyKey>,
        offer: Option<Uuid>,
    ) -> Result<Created<Booking>, BookingError>;
    /// Bookings newest first.
    async fn list_bookings(&self) -> RepoResult<Vec<Booking>>;
    /// One page of the bookings the query matches, newest request first.
    async fn page_bookings(&self, query: BookingQuery) -> RepoResult<Page<Booking>>;
    async fn get_booking(&self, id: Uuid) -> RepoResult<Booking>;
    /// The bookings of one guest's address (any case) beginning from `first`
    /// to `last`, by date and time.
    async fn guest_bookings(
        &self,
        email: &str,
        first: NaiveDate,
        last: NaiveDate,
    ) -> RepoResult<Vec<Booking>>;
    /// The guest's own cancellation (`domain::booking::guest_may_cancel` with
    /// `cutoff_hours`), giving its capacity back, in one transaction with the
    /// guest's and the owner's messages; its deposit follows the cancellation
    /// policy (free until `free_hours` before it begins:
    /// `domain::payment::deposit_state_after_cancellation`).
    async fn cancel_by_guest(
        &self,
        id: Uuid,
        now: LocalNow,
        cutoff_hours: i64,
        free_hours: i64,
    ) -> Result<Booking, GuestCancelError>;
    /// Applies `domain::booking::plan_status_change` in one transaction:
    /// capacity back on cancel, taken again (or refused) on reinstating.
    async fn set_booking_status(
        &self,
        id: Uuid,
        status: BookingStatus,
        actor: Actor,
    ) -> Result<Booking, StatusChangeError>;
    /// Deletes the booking and gives back the capacity it held, unless it
    /// still holds the guest's money (`domain::settlement::plan_booking_removal`,
    /// decided under its lock); the records of its payments and gift card
    /// entries stay. Returns the booking as it was.
    async fn delete_booking(&self, id: Uuid, actor: Actor) -> Result<Booking, crate::DeleteBookingError>;
    /// Moves a booking (and, asked, a stay's treatments inside it) in one
    /// transaction: who may move it decided under its lock
    /// (`domain::booking::may_move` with the owner's settings), the new
    /// places checked and taken with the old ones given back
    /// (`domain::booking::plan_move`: all or none), the guest (and the
    /// owner, for a guest's move) told, audited.
    async fn move_booking(&self, request: MoveRequest) -> Result<Moved, crate::MoveError>;
    /// The owner's settings for guests' visits (the defaults when never saved).
    async fn visit_settings(&self) -> RepoResult<VisitSettings>;
    async fn save_visit_settings(&self, settings: VisitSettings, actor: Actor) -> RepoResult<VisitSettings>;

    /// Blackout periods by start date.
    async fn list_blackouts(&self) -> RepoResult<Vec<Blackout>>;
    async fn create_blackout(&self, blackout: NewBlackout, actor: Actor) -> RepoResult<Blackout>;
    /// Creates a blackout and, in the same transaction, cancels the active
    /// bookings it covers (`NewBlackout::covered_bookings`): their capacity
    /// comes back and their guests are told. Returns the blackout and each
    /// cancelled booking as it was and as it is.
    async fn create_blackout_cancelling_covered(
        &self,
        blackout: NewBlackout,
        actor: Actor,
    ) -> RepoResult<(Blackout, Vec<(Booking, Booking)>)>;
    async fn delete_blackout(&self, id: Uuid, actor: Actor) -> RepoResult<()>;

    /// The standing schedule (`domain::booking::Schedule`; the default when never saved).
    async fn schedule(&self) -> RepoResult<Schedule>;
    /// Saves the standing schedule (checked by `domain::booking::check_schedule`), audited.
    async fn save_schedule(&self, schedule: Schedule, actor: Actor) -> RepoResult<Schedule>;
    /// Each day from `first` to `last`, each key's bookings against what the
    /// day holds (`domain::booking::day_load`).
    async fn capacity_overview(
        &self,
        first: NaiveDate,
        last: NaiveDate,
    ) -> RepoResult<Vec<(NaiveDate, Vec<DayLoad>)>>;

    /// Entries dated from `start` to `end` inclusive.
    async fn list_availability(&self, start: NaiveDate, end: NaiveDate)
    -> RepoResult<Vec<AvailabilityEntry>>;
    /// Creates or replaces the entry for (date, service, accommodation, slot),
    /// as `domain::booking::plan_entry` decides, with the service row and the
    /// date locked (a service deleted meanwhile is `UnknownService`).
    async fn upsert_availability(
        &self,
        entry: NewAvailability,
        actor: Actor,
    ) -> Result<AvailabilityEntry, AvailabilityError>;
    /// Removes an entry; the bookings it governed stay, no longer capped by it.
    async fn delete_availability(&self, id: Uuid, actor: Actor) -> RepoResult<()>;
}

#[async_trait]
pub trait AdminRepository: Send + Sync {
    /// The admin and their password hash.
    async fn find_by_email(&self, email: &Email) -> RepoResult<Option<(Admin, String)>>;
    async fn find_by_id(&self, id: Uuid) -> RepoResult<Option<Admin>>;
    /// `EmailTaken` when the e-mail is taken.
    async fn create(&self, email: &Email, name: &str, password_hash: &str)
    -> Result<Admin, CreateAdminError>;
    async fn count(&self) -> RepoResult<i64>;
    /// Activates or deactivates, ending the admin's sessions either way.
    async fn set_active(&self, email: &Email, active: bool) -> RepoResult<Admin>;
    /// Sets a new password, ending the admin's sessions.
    async fn set_password_hash(&self, email: &Email, password_hash: &str) -> RepoResult<Admin>;
    /// Records a checked login that failed (`summary` says why, for the
    /// Activity view only; the client always hears "Invalid credentials").
    async fn record_login_failure(&self, actor: Actor, summary: &str) -> RepoResult<()>;
    /// Moves the admin's session version on and ends every session row:
    /// every earlier token stops working.
    async fn end_sessions(&self, id: Uuid) -> RepoResult<Admin>;

    /// Opens a session for the admin who just proved who they are: stamps
    /// their last login, writes the session row and the audit record.
    async fn open_session(&self, admin_id: Uuid, session: domain::team::Session) -> RepoResult<Admin>;
    /// The admin and their session, if the session is open and not expired,
    /// with the owner's rule as it stands.
    async fn find_session(&self, session_id: Uuid, now: DateTime<Utc>) -> RepoResult<Option<OpenSession>>;
    /// Writes the session's "last seen".
    async fn touch_session(&self, session_id: Uuid, now: DateTime<Utc>) -> RepoResult<()>;
    /// The admin's open sessions, the most recently seen first.
    async fn list_sessions(&self, admin_id: Uuid, now: DateTime<Utc>) -> RepoResult<Vec<Session>>;
    /// Ends one of the admin's sessions (`summary` for the audit trail);
    /// `false` when they have no such open session.
    async fn end_session(
        &self,
        admin: &Admin,
        session_id: Uuid,
        action: domain::audit::AuditAction,
        summary: &str,
        now: DateTime<Utc>,
    ) -> RepoResult<bool>;
    /// Ends the admin's sessions other than `keep`; answers how many.
    async fn end_other_sessions(&self, admin: &Admin, keep: Uuid, now: DateTime<Utc>) -> RepoResult<u64>;

    /// Everyone on the team (active or not), owners first, then by name.
    async fn list_team(&self) -> RepoResult<Vec<Admin>>;
    /// Invitations neither accepted nor withdrawn (expired ones included,
    /// so the owner sees them and can send a new one).
    async fn open_invitations(&self) -> RepoResult<Vec<Invitation>>;
    /// Stores an invitation (withdrawing an earlier open one to the same
    /// address) and writes its mail, in one transaction.
    async fn create_invitation(
        &self,
        invitation: Invitation,
        token_hash: String,
        mail: domain::mail::MailEvent,
        actor: Actor,
    ) -> Result<Invitation, TeamChangeError>;
    /// Withdraws an open invitation; `false` when there is none with that id.
    async fn revoke_invitation(&self, id: Uuid, actor: Actor, now: DateTime<Utc>) -> RepoResult<bool>;
    /// The invitation a link's secret belongs to, if it still works.
    async fn usable_invitation(&self, token_hash: &str, now: DateTime<Utc>)
    -> RepoResult<Option<Invitation>>;
    /// Spends the invitation (once: simultaneous tries get one winner),
    /// creates the member with the invitation's role and opens their first
    /// session, in one transaction. `None` when the link no longer works.
    async fn accept_invitation(
        &self,
        token_hash: &str,
        password_hash: &str,
        session: domain::team::Session,
        now: DateTime<Utc>,
    ) -> Result<Option<Admin>, TeamChangeError>;
    /// Changes a member's role or whether they may sign in, keeping an
    /// active owner (`domain::team::check_change`, checked with the owners
    /// locked); deactivating ends their sessions. `None`: no such member.
    async fn change_member(
        &self,
        id: Uuid,
        change: MemberChange,
        actor: Actor,
    ) -> Result<Option<Admin>, TeamChangeError>;

    /// Whether a reset link's secret (by its hash) still works.
    async fn usable_reset(&self, token_hash: &str, now: DateTime<Utc>) -> RepoResult<bool>;
    /// When the account last had a reset link mailed.
    async fn last_reset_request(&self, admin_id: Uuid) -> RepoResult<Option<DateTime<Utc>>>;
    /// Stores a reset link's hash and writes its mail, in one transaction.
    async fn create_password_reset(
        &self,
        admin: &Admin,
        token_hash: String,
        expires_at: DateTime<Utc>,
        mail: domain::mail::MailEvent,
        now: DateTime<Utc>,
    ) -> RepoResult<()>;
    /// Spends a reset link (once) and sets the password, ending every
    /// session of the account. `None` when the link no longer works.
    async fn reset_password_with(
        &self,
        token_hash: &str,
        password_hash: &str,
        now: DateTime<Utc>,
    ) -> RepoResult<Option<Admin>>;

    /// Counts a login attempt as a failure for the client address and for the
    /// account (`domain::admin::CLIENT_LOGIN_LIMIT`, `ACCOUNT_LOGIN_LIMIT`:
    /// a new window when the last has ended) and returns both counts after
    /// it. Concurrent calls never lose a count. Counts whose window ended
    /// long ago are removed.
    async fn record_failed_login(
        &self,
        client: &str,
        account: &str,
        now: DateTime<Utc>,
    ) -> RepoResult<(WindowCount, WindowCount)>;
    /// Forgets the failures of the address and the account (a login succeeded).
    async fn clear_failed_logins(&self, client: &str, account: &str) -> RepoResult<()>;

    /// The stored value of `key`, storing `value` first if there is none.
    /// Concurrent callers all get the same stored value.
    async fn setting_or_insert(&self, key: &str, value: &str) -> RepoResult<String>;

    /// Loads the demo catalogue if it has never been loaded into this
    /// database; returns whether it did.
    async fn load_demo_catalogue_once(&self, catalogue: DemoCatalogue) -> RepoResult<bool>;
}

/// The audit trail's reading side; its records are written by the other
/// repositories, each in its change's own transaction.
#[async_trait]
pub trait AuditRepository: Send + Sync {
    /// Records matching `query`, newest first.
    async fn list_activity(&self, query: AuditQuery) -> RepoResult<Page<AuditEntry>>;
    /// Everyone the trail names, alphabetically (the view's admin filter).
    async fn activity_actors(&self) -> RepoResult<Vec<String>>;
}

#[async_trait]
pub trait LimitRepository: Send + Sync {
    /// Counts one public write (booking, order, message, sign-up) by the
    /// client address under `limit` and returns the count after it; shared by
    /// every server process. Old counts are removed.
    async fn count_public_write(
        &self,
        client: &str,
        limit: Limit,
        now: DateTime<Utc>,
    ) -> RepoResult<WindowCount>;
}

/// Demo content for a fresh database.
#[derive(Debug, Clone, Default)]
pub struct DemoCatalogue {
    pub services: Vec<NewService>,
    pub products: Vec<DemoProduct>,
    pub posts: Vec<DemoPost>,
    /// The demo retreat's standing schedule (docs/decisions.md §5).
    pub schedule: Option<Schedule>,
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

/// The dashboard's stat cards, counted in SQL (issue 23).
#[async_trait]
pub trait SummaryRepository: Send + Sync {
    async fn summary(&self, query: domain::summary::SummaryQuery) -> RepoResult<domain::summary::Summary>;
}
