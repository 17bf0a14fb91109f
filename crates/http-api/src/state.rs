//! What every handler of the JSON API can reach: the catalogue read model,
//! the stores behind the ports, the use cases and the API's settings. Built
//! once by the server binary.

use std::sync::Arc;

use catalogue::Catalogue;
use domain::limits::Limit;
use ports::{
    AuditRepository, AuthService, BookingRepository, BookingService, CatalogRepository, Clock,
    ContentRepository, LimitRepository, OrderRepository, StoreHealth,
};

pub struct ApiState {
    /// The catalogue as published: the public catalogue reads are answered
    /// from it, and the writes that change it say so.
    pub catalogue: Arc<Catalogue>,
    /// Products, their media and services: the dashboard's writes.
    pub catalog_store: Arc<dyn CatalogRepository>,
    /// Journal posts (writes), contact messages and newsletter sign-ups.
    pub content_store: Arc<dyn ContentRepository>,
    pub order_store: Arc<dyn OrderRepository>,
    /// Promo codes: the dashboard's, and the checkout's quote.
    pub promo_store: Arc<dyn ports::PromoCodeRepository>,
    /// Gift cards: buying, balances, redemption and the owner's work.
    pub gift_card_store: Arc<dyn ports::GiftCardRepository>,
    /// The calendar's records: bookings as listed, blackouts and availability entries.
    pub calendar_store: Arc<dyn BookingRepository>,
    /// The booking use case: availability answers and booking requests,
    /// changes and removals with the money they hold, as of the retreat's "now".
    pub bookings: BookingService,
    /// The order use case: the checkout, paying, and the owner's changes.
    pub orders: ports::OrderService,
    pub auth: AuthService,
    pub clock: Arc<dyn Clock>,
    pub store_health: Arc<dyn StoreHealth>,
    pub metrics: crate::metrics::Metrics,
    /// The audit trail's reading side (the Activity view).
    pub audit_trail: Arc<dyn AuditRepository>,
    /// The dashboard's stat cards.
    pub summary: Arc<dyn ports::SummaryRepository>,
    /// Public-write counts, shared by every process.
    pub write_limits: Arc<dyn LimitRepository>,
    pub guard: Guard,
    pub mail: MailState,
    /// Taking money; `None` when payments are off (a demo store).
    pub payments: Option<ports::PaymentService>,
    pub payment_settings: PaymentSettings,
    /// Uploads and the media library.
    pub media: ports::MediaService,
    /// Guests' visits: reminders, their answers, the coming days.
    pub visits: ports::VisitService,
    /// After the visit: thank-yous, ratings, invitations to return.
    pub after_visit: ports::AfterVisitService,
    /// The waitlist: joining, offers, the team's list.
    pub waitlist: ports::WaitlistService,
    /// Intake and consent forms: the owner's forms, guests' answers, the purge.
    pub intake: ports::IntakeService,
    /// A guest's own data: gathering, erasure, her requests.
    pub privacy: ports::PrivacyService,
    /// Team members' calendar feeds.
    pub calendar_feeds: ports::CalendarFeedService,
    /// The Tiny Home in step with other sites: imports and the export.
    pub stay_sync: ports::StaySyncService,
    /// The site's public address (`PUBLIC_URL`), for the addresses the API
    /// hands out (a calendar feed's).
    pub public_url: String,
}

/// What the browser needs to take a card with the provider, and the policies.
#[derive(Debug, Clone, Default)]
pub struct PaymentSettings {
    /// The provider's publishable key (`pk_…`), when payments are on.
    pub publishable_key: Option<String>,
    /// Where the browser loads the provider's script (Stripe.js).
    pub script_url: Option<String>,
    /// Free cancellation of a booking with a deposit until this many hours before it.
    pub cancellation_free_hours: i64,
    /// An order not paid within this many minutes is cancelled.
    pub timeout_minutes: i64,
}

/// Mail: the outbox, the composer (for previews), guest links, and settings.
pub struct MailState {
    pub outbox: Arc<dyn ports::OutboxRepository>,
    pub composer: Arc<dyn ports::MailComposer>,
    pub links: Arc<dyn ports::GuestLinks>,
    /// Whether a delivery worker is sending (SMTP_URL is set).
    pub delivering: bool,
    pub from: String,
    pub notify: Option<String>,
    pub guest_cancel_cutoff_hours: i64,
    /// The retreat's time zone (`BUSINESS_TZ`): every time a guest is shown is in it.
    pub time_zone: chrono_tz::Tz,
}

impl MailState {
    /// The name mail is signed with ("Golden Pine Wellness Retreat" of
    /// `Name <address>`), or the address itself.
    pub fn from_name(&self) -> String {
        match self.from.split_once('<') {
            Some((name, _)) if !name.trim().is_empty() => name.trim().trim_matches('"').to_owned(),
            _ => self.from.trim().to_owned(),
        }
    }
}

/// What keeps the public writes (bookings, orders, messages, sign-ups) from
/// being flooded: a limit per client address, the proxies whose forwarding
/// headers say who the client is, and how long a body may take.
#[derive(Debug, Clone)]
pub struct Guard {
    pub public_write_limit: Limit,
    /// Gift card look-ups (balance checks, codes at the checkout) per client
    /// address: as logins are, so codes cannot be enumerated.
    pub gift_card_lookup_limit: Limit,
    pub trusted_proxies: crate::client_ip::TrustedProxies,
    /// How long a request body may take to arrive (408 after).
    pub body_timeout: std::time::Duration,
}
