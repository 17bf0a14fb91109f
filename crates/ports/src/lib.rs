//! Ports: what the application needs from the outside world, stated as
//! traits, and the use-case services that combine them with the domain rules.
//!
//! Adapters (PostgreSQL, bcrypt/JWT, HTTP) depend on this crate; it depends
//! only on the domain. Every repository method is one unit of work: a method
//! that writes several rows does so in one transaction.

mod after_visit;
mod auth;
mod booking;
mod error;
mod feeds;
mod gift_cards;
mod health;
mod intake;
mod mail;
mod media;
mod orders;
mod payments;
mod privacy;
mod promos;
mod repositories;
mod services;
mod stay_sync;
mod visits;
mod waitlist;

pub use after_visit::{
    AfterVisitRepository, AfterVisitService, InvitationExtras, RateError, ServiceFollowUp,
};
pub use auth::{
    AuthError, AuthPorts, AuthService, Authenticated, AuthenticatorSetup, Ceremony, Clock, IssuedToken,
    LinkSecrets, LoginOutcome, NewPasskey, OneTimeCodes, PasskeyError, PasskeyKey, PasskeyVerifier,
    PasswordHasher, SecondFactorChallenge, SignInChallenge, SignedIn, StoredPasskey, Team, TokenError,
    TokenIssuer, TokenSubject, TotpFactor, TwoFactorRepository, TwoFactorStatus,
};
pub use booking::{BookingPolicy, BookingPorts, BookingRequest, BookingService};
pub use error::{
    AvailabilityError, BookingError, CreateAdminError, DeleteBookingError, GuestCancelError, MoveError,
    OrderError, PostError, RepoError, RepoResult, ServiceError, StatusChangeError, TeamChangeError,
};
pub use feeds::{CalendarFeedRepository, CalendarFeedService, FeedContent, FeedSigner};
pub use gift_cards::{GiftCardError, GiftCardPurchase, GiftCardRepository, PromotionalCard};
pub use health::{StoreHealth, StoreStats};
pub use intake::{GuestIntake, IntakeError, IntakeRepository, IntakeService};
pub use mail::{
    BookingCalendar, CalendarInvite, GuestLinks, ListedMail, MailAttempt, MailComposer, MailDelivery,
    MailQuery, MailSender, OutboxRepository, OutgoingMail, SendFailure, StoredMail,
};
pub use media::{
    MediaDeleteError, MediaLibraryRepository, MediaPorts, MediaService, MediaStore, MediaStoreError,
    UploadCleaner, UploadError,
};
pub use orders::{CartQuote, OrderPorts, OrderService, OrderStatusError, StockEvents};
pub use payments::{
    AttemptAnswer, BeginPaymentError, DepositCharge, Difference, EventRecord, KeptAttempt, OrderPaymentView,
    PayError, PayWith, PaymentAttempt, PaymentFailure, PaymentGateway, PaymentHistory, PaymentPurpose,
    PaymentRecord, PaymentRepository, PaymentRequest, PaymentService, ProviderPayment, ProviderRefund,
    ProviderStatus, Reconciled, RefundError, RefundFailure, RefundRecord, RefundStart, RefundTarget,
    SavedCard, SourceTotals, UnpaidOrder, WebhookEvent, WebhookFailure, WebhookRefusal, differences,
    status_text,
};
pub use privacy::{
    ErasureCounts, ErasureError, GuestRecords, PrivacyRepository, PrivacyRequestError, PrivacyService,
    Pseudonyms, Reader,
};
pub use promos::{
    BookingQuote, BookingQuoteError, PromoCodeEntry, PromoCodeError, PromoCodeRepository, PromoCodeStats,
};
pub use repositories::{
    AdminRepository, AuditRepository, BookingRepository, CatalogRepository, ContentRepository, Created,
    DemoCatalogue, DemoPost, DemoProduct, IdempotencyKey, LimitRepository, MonthDayView, MoveRequest, Moved,
    OpenSession, OrderRepository, SummaryRepository,
};
pub use services::{QuizResult, recommend};
pub use stay_sync::{
    DoubleBooking, FetchRefusal, ListingCalendars, StaySyncRepository, StaySyncService, SyncOutcome,
};
pub use visits::{COMING_DAYS, ReminderRecord, VisitRepository, VisitService};
pub use waitlist::{NewWaitlistEntry, OfferError, SweepOutcome, WaitlistRepository, WaitlistService};
