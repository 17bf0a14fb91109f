//! Who hears about what: the events that produce mail and, for each, the
//! messages it produces (guest and owner). Rendering them (words, HTML,
//! calendar invitations) is the mail adapter's; delivering them, the
//! outbox's. Messages are written in the same transaction as their event,
//! so a rolled-back event leaves none and a committed one always has its own
//! (docs/decisions.md §9).

use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::booking::Booking;
use crate::content::{ContactMessage, ContactReply, NewsletterSubscription};
use crate::money::Money;
use crate::order::Order;
use crate::validation::Email;

/// What the guest booked, from the record that carries the booking key
/// (absent when no record carries it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookedService {
    pub name: String,
    pub duration_minutes: i32,
    pub price: Money,
    /// The service asks an intake form before the visit (docs/decisions.md §22).
    pub asks_intake: bool,
}

/// Who ended a booking.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CancelledBy {
    Owner,
    Guest,
}

/// Where a booking was before it moved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FormerPlace {
    pub date: chrono::NaiveDate,
    pub check_out: Option<chrono::NaiveDate>,
    pub time: crate::booking::TimeSlot,
}

impl FormerPlace {
    pub fn of(booking: &Booking) -> Self {
        Self { date: booking.date, check_out: booking.check_out, time: booking.time }
    }
}

/// Something that happened and that someone should hear about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MailEvent {
    BookingRequested {
        booking: Booking,
        service: Option<BookedService>,
    },
    BookingConfirmed {
        booking: Booking,
        service: Option<BookedService>,
    },
    BookingCancelled {
        booking: Booking,
        service: Option<BookedService>,
        by: CancelledBy,
    },
    /// A booking moved to another date or time (or other nights), by its
    /// guest or the owner: the guest hears (with her calendar invitation
    /// updated), and the owner when the guest moved it.
    BookingMoved {
        booking: Booking,
        service: Option<BookedService>,
        /// Where it was: its date, check-out and time before the move.
        from: FormerPlace,
        by: crate::booking::MovedBy,
    },
    /// A reminder of a guest's visit (`crate::reminders`): one message
    /// listing every booking of it, asking her to confirm or not.
    VisitReminder {
        reminder: crate::reminders::DueReminder,
        /// Each booking's service, in the visit's order.
        services: Vec<Option<BookedService>>,
        /// The retreat's date when it is sent (the clock's): "today", "tomorrow".
        today: chrono::NaiveDate,
        /// The first booking of the visit whose intake form is still missing,
        /// if any: the reminder asks for it again.
        intake_missing: Option<Uuid>,
    },
    /// The thank-you after a visit (`crate::after_visit`): each booking
    /// with its service and the service's aftercare words, and a link to
    /// rate it.
    VisitThanks {
        follow_up: crate::after_visit::DueFollowUp,
        /// Each booking's service, in the follow-up's order.
        services: Vec<Option<BookedService>>,
        /// Each booking's service's aftercare words.
        aftercare: Vec<Option<String>>,
    },
    /// The invitation to return when a service's next visit is due: the
    /// next open times of each service, and what her gift cards still hold.
    ReturnInvitation {
        follow_up: crate::after_visit::DueFollowUp,
        services: Vec<Option<BookedService>>,
        open_times: Vec<Vec<(chrono::NaiveDate, crate::booking::TimeSlot)>>,
        /// The balance of the active gift cards sent to her address, if any.
        gift_card_balance: Option<Money>,
    },
    /// The owner took a rating down under a written rule: its author hears which.
    RatingHidden {
        rating: crate::after_visit::Rating,
        rule: crate::after_visit::HideRule,
        service: Option<BookedService>,
    },
    /// A guest joined the waitlist: she hears what she asked for, and how to leave it.
    WaitlistJoined {
        entry: crate::waitlist::WaitlistEntry,
        service: Option<BookedService>,
    },
    /// A place freed up that one of her wishes asks for: it is held for her
    /// until the offer's time (a link to take it, one to let it go).
    WaitlistOffered {
        offer: crate::waitlist::Offer,
        entry: crate::waitlist::WaitlistEntry,
        service: Option<BookedService>,
    },
    /// Someone asked for a copy or the erasure of an address's data: the
    /// address gets a link to confirm it was her.
    PrivacyRequested {
        request: crate::privacy::PrivacyRequest,
    },
    /// She confirmed her request: the owner hears, to do it from the dashboard.
    PrivacyRequestConfirmed {
        request: crate::privacy::PrivacyRequest,
    },
    /// The owner sent her the copy she asked for: a link to it (it is
    /// gathered when she opens it, never written into the mail).
    PrivacyCopyReady {
        request: crate::privacy::PrivacyRequest,
    },
    OrderPlaced {
        order: Order,
    },
    OrderShipped {
        order: Order,
    },
    OrderCancelled {
        order: Order,
    },
    ContactReceived {
        message: ContactMessage,
    },
    /// The owner answered a message from the dashboard: the guest gets the
    /// answer, with their own words quoted below it.
    ContactReplied {
        message: ContactMessage,
        reply: ContactReply,
    },
    /// A first sign-up (signing up again sends nothing).
    NewsletterJoined {
        subscription: NewsletterSubscription,
    },
    /// Money given back for an order (`amount` this time; the order says how much in all).
    OrderRefunded {
        order: Order,
        amount: crate::Money,
    },
    /// A booking's deposit given back (`amount` this time).
    DepositRefunded {
        booking: Booking,
        service: Option<BookedService>,
        amount: crate::Money,
    },
    /// A gift card is issued: its recipient hears on the day the buyer chose
    /// (the only moment its code is known; the store keeps a hash).
    GiftCardDelivered {
        card: crate::gift_card::GiftCard,
        code: crate::gift_card::GiftCardCode,
    },
    /// The owner confirmed the booking and the guest's bank asks them to
    /// authenticate the deposit's charge: they finish it through their link.
    DepositActionRequired {
        booking: Booking,
        service: Option<BookedService>,
    },
    /// The owner invited someone to the team: their link sets a password.
    TeamInvited {
        invitation: crate::team::Invitation,
        secret: crate::team::LinkSecret,
    },
    /// Someone asked for a new password: the account's address gets a
    /// single-use link.
    PasswordResetAsked {
        admin: crate::admin::Admin,
        secret: crate::team::LinkSecret,
        expires_at: DateTime<Utc>,
    },
}

impl MailEvent {
    /// The record the event is about, for the outbox's list.
    pub fn subject_id(&self) -> Uuid {
        match self {
            MailEvent::BookingRequested { booking, .. }
            | MailEvent::BookingConfirmed { booking, .. }
            | MailEvent::BookingCancelled { booking, .. }
            | MailEvent::BookingMoved { booking, .. }
            | MailEvent::DepositRefunded { booking, .. }
            | MailEvent::DepositActionRequired { booking, .. } => booking.id,
            MailEvent::VisitReminder { reminder, .. } => reminder.visit.anchor.id,
            MailEvent::VisitThanks { follow_up, .. } | MailEvent::ReturnInvitation { follow_up, .. } => {
                follow_up.bookings.first().map_or(Uuid::nil(), |b| b.id)
            }
            MailEvent::RatingHidden { rating, .. } => rating.id,
            MailEvent::WaitlistJoined { entry, .. } => entry.id,
            MailEvent::WaitlistOffered { offer, .. } => offer.id,
            MailEvent::PrivacyRequested { request }
            | MailEvent::PrivacyRequestConfirmed { request }
            | MailEvent::PrivacyCopyReady { request } => request.id,
            MailEvent::OrderPlaced { order }
            | MailEvent::OrderShipped { order }
            | MailEvent::OrderCancelled { order }
            | MailEvent::OrderRefunded { order, .. } => order.id,
            MailEvent::ContactReceived { message } | MailEvent::ContactReplied { message, .. } => message.id,
            MailEvent::NewsletterJoined { subscription } => subscription.id,
            MailEvent::GiftCardDelivered { card, .. } => card.id,
            MailEvent::TeamInvited { invitation, .. } => invitation.id,
            MailEvent::PasswordResetAsked { admin, .. } => admin.id,
        }
    }
}

crate::text_enum! {
    /// Each kind of message the retreat sends.
    MailTemplate {
        BookingRequested,
        BookingConfirmed,
        BookingCancelled,
        OrderReceipt,
        OrderShipped,
        OrderCancelled,
        ContactAcknowledged,
        NewsletterWelcome,
        OwnerNewBooking,
        OwnerNewOrder,
        OwnerNewMessage,
        OwnerBookingCancelled,
        OrderRefunded,
        DepositRefunded,
        DepositActionRequired,
        GiftCardDelivered,
        ContactReply,
        TeamInvitation,
        PasswordReset,
        BookingMoved,
        OwnerBookingMoved,
        VisitReminder,
        VisitThanks,
        ReturnInvitation,
        RatingHidden,
        WaitlistJoined,
        WaitlistOffer,
        PrivacyRequestConfirm,
        OwnerPrivacyRequest,
        PrivacyCopyReady,
    }
}

crate::text_enum! {
    /// Where a message stands in the outbox.
    MailState { Queued, Sending, Sent, Failed }
}

/// One message to write for an event: which, and to whom.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlannedMail {
    pub template: MailTemplate,
    pub to: String,
}

/// The messages an event produces. The owner (`NOTIFY_EMAIL`) hears of new
/// bookings, orders and messages and of a guest's own cancellation; without
/// an owner address those are left out.
pub fn plan_mail(event: &MailEvent, owner: Option<&Email>) -> Vec<PlannedMail> {
    use MailTemplate as T;
    let guest = |template, to: &str| PlannedMail { template, to: to.to_owned() };
    let owner_mail = |template| owner.map(|owner| PlannedMail { template, to: owner.as_str().to_owned() });
    match event {
        MailEvent::BookingRequested { booking, .. } => {
            [Some(guest(T::BookingRequested, &booking.email)), owner_mail(T::OwnerNewBooking)]
                .into_iter()
                .flatten()
                .collect()
        }
        MailEvent::BookingConfirmed { booking, .. } => vec![guest(T::BookingConfirmed, &booking.email)],
        MailEvent::BookingCancelled { booking, by, .. } => {
            let owner_hears =
                (*by == CancelledBy::Guest).then(|| owner_mail(T::OwnerBookingCancelled)).flatten();
            [Some(guest(T::BookingCancelled, &booking.email)), owner_hears].into_iter().flatten().collect()
        }
        MailEvent::BookingMoved { booking, by, .. } => {
            let owner_hears =
                (*by == crate::booking::MovedBy::Guest).then(|| owner_mail(T::OwnerBookingMoved)).flatten();
            [Some(guest(T::BookingMoved, &booking.email)), owner_hears].into_iter().flatten().collect()
        }
        MailEvent::VisitReminder { reminder, .. } => {
            vec![guest(T::VisitReminder, &reminder.visit.anchor.email)]
        }
        MailEvent::VisitThanks { follow_up, .. } => vec![guest(T::VisitThanks, follow_up.email())],
        MailEvent::ReturnInvitation { follow_up, .. } => vec![guest(T::ReturnInvitation, follow_up.email())],
        MailEvent::RatingHidden { rating, .. } => vec![guest(T::RatingHidden, &rating.email)],
        MailEvent::WaitlistJoined { entry, .. } => vec![guest(T::WaitlistJoined, &entry.email)],
        MailEvent::WaitlistOffered { entry, .. } => vec![guest(T::WaitlistOffer, &entry.email)],
        MailEvent::PrivacyRequested { request } => vec![guest(T::PrivacyRequestConfirm, &request.email)],
        MailEvent::PrivacyRequestConfirmed { .. } => owner_mail(T::OwnerPrivacyRequest).into_iter().collect(),
        MailEvent::PrivacyCopyReady { request } => vec![guest(T::PrivacyCopyReady, &request.email)],
        MailEvent::OrderPlaced { order } => {
            [Some(guest(T::OrderReceipt, order.customer.email.as_str())), owner_mail(T::OwnerNewOrder)]
                .into_iter()
                .flatten()
                .collect()
        }
        MailEvent::OrderShipped { order } => vec![guest(T::OrderShipped, order.customer.email.as_str())],
        MailEvent::OrderCancelled { order } => vec![guest(T::OrderCancelled, order.customer.email.as_str())],
        MailEvent::ContactReceived { message } => {
            [Some(guest(T::ContactAcknowledged, &message.email)), owner_mail(T::OwnerNewMessage)]
                .into_iter()
                .flatten()
                .collect()
        }
        MailEvent::ContactReplied { message, .. } => vec![guest(T::ContactReply, &message.email)],
        MailEvent::NewsletterJoined { subscription } => {
            vec![guest(T::NewsletterWelcome, &subscription.email)]
        }
        MailEvent::OrderRefunded { order, .. } => {
            vec![guest(T::OrderRefunded, order.customer.email.as_str())]
        }
        MailEvent::DepositRefunded { booking, .. } => vec![guest(T::DepositRefunded, &booking.email)],
        MailEvent::DepositActionRequired { booking, .. } => {
            vec![guest(T::DepositActionRequired, &booking.email)]
        }
        MailEvent::GiftCardDelivered { card, .. } => vec![guest(T::GiftCardDelivered, &card.recipient_email)],
        MailEvent::TeamInvited { invitation, .. } => vec![guest(T::TeamInvitation, &invitation.email)],
        MailEvent::PasswordResetAsked { admin, .. } => vec![guest(T::PasswordReset, &admin.email)],
    }
}

/// Delivery attempts before a message is given up as failed.
pub const MAX_ATTEMPTS: i32 = 8;

/// When to try a message again after `attempts` failed tries: the base
/// delay doubled each time, at most an hour; `None` once it is given up.
pub fn next_attempt(attempts: i32, base_seconds: i64, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
    if attempts >= MAX_ATTEMPTS {
        return None;
    }
    let doubling = 2_i64.saturating_pow(u32::try_from(attempts.saturating_sub(1)).unwrap_or(0));
    let seconds = base_seconds.saturating_mul(doubling).min(3600);
    Some(now + chrono::Duration::seconds(seconds))
}

/// Percent-encodes everything but RFC 3986's unreserved characters, so a
/// token is safe in a path segment and in a query value.
pub fn url_component(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::booking::{BookingStatus, ServiceKey, TimeSlot};

    fn booking() -> Booking {
        Booking {
            id: Uuid::new_v4(),
            first_name: "Ada".into(),
            last_name: "Lovelace".into(),
            email: "ada@example.com".into(),
            service: ServiceKey::Spa,
            date: chrono::NaiveDate::from_ymd_opt(2026, 12, 18).expect("date"),
            check_out: None,
            time: TimeSlot::ElevenAm,
            notes: None,
            status: BookingStatus::Pending,
            created_at: Utc::now(),
            deposit: None,
            promo: None,
            gift_card: None,
            moves: 0,
            guest_moves: 0,
            guest_confirmed_at: None,
        }
    }

    #[test]
    fn guests_hear_of_their_own_and_the_owner_of_new_things_and_guest_cancellations() {
        let owner = Email::parse("owner@goldenpine.example").expect("email");
        let templates = |event: &MailEvent, owner: Option<&Email>| -> Vec<(MailTemplate, String)> {
            plan_mail(event, owner).into_iter().map(|m| (m.template, m.to)).collect()
        };
        let requested = MailEvent::BookingRequested { booking: booking(), service: None };
        assert_eq!(
            templates(&requested, Some(&owner)),
            [
                (MailTemplate::BookingRequested, "ada@example.com".to_owned()),
                (MailTemplate::OwnerNewBooking, "owner@goldenpine.example".to_owned())
            ]
        );
        assert_eq!(
            templates(&requested, None),
            [(MailTemplate::BookingRequested, "ada@example.com".to_owned())]
        );
        let by_owner =
            MailEvent::BookingCancelled { booking: booking(), service: None, by: CancelledBy::Owner };
        assert_eq!(templates(&by_owner, Some(&owner)).len(), 1, "the owner knows what they did");
        let by_guest =
            MailEvent::BookingCancelled { booking: booking(), service: None, by: CancelledBy::Guest };
        assert_eq!(templates(&by_guest, Some(&owner))[1].0, MailTemplate::OwnerBookingCancelled);
    }

    #[test]
    fn retries_back_off_to_an_hour_and_then_give_up() {
        let now = Utc::now();
        assert_eq!(next_attempt(1, 30, now), Some(now + chrono::Duration::seconds(30)));
        assert_eq!(next_attempt(2, 30, now), Some(now + chrono::Duration::seconds(60)));
        assert_eq!(next_attempt(7, 30, now), Some(now + chrono::Duration::seconds(1920)));
        assert_eq!(next_attempt(MAX_ATTEMPTS - 1, 100, now), Some(now + chrono::Duration::seconds(3600)));
        assert_eq!(next_attempt(MAX_ATTEMPTS, 30, now), None);
    }
}
