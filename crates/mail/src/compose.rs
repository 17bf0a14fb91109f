//! From an event to the messages it produces: who hears of it is the
//! domain's decision (`plan_mail`); the words, links and invitations are
//! written here.

use std::sync::Arc;

use chrono::{DateTime, Duration, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Utc};
use chrono_tz::Tz;
use uuid::Uuid;

use domain::Email;
use domain::after_visit::DueFollowUp;
use domain::booking::{Booking, CHECK_OUT_TIME, MovedBy, ServiceKey, booking_starts_at};
use domain::content::{ContactMessage, ContactReply, Interest, NewsletterSubscription};
use domain::gift_card::{GiftCard, GiftCardCode, GiftCardKind};
use domain::mail::{BookedService, CancelledBy, FormerPlace, MailEvent, MailTemplate, plan_mail};
use domain::order::{Order, TAX_PERCENT, order_reference};
use domain::payment::{PaymentState, cancellation_policy_text};
use domain::reminders::{DueReminder, ReminderKind};
use ports::{BookingCalendar, CalendarInvite, GuestLinks, MailComposer, OutgoingMail};

use crate::calendar::{self, Invitation, Method};
use crate::templates::{
    self as t, Body, BookingView, Frame, GiftCardView, InvitationItem, InvitationView, MessageView,
    OrderLine, OrderView, OwnerPrivacyView, PrivacyCopyView, PrivacyRequestView, RatingHiddenView,
    ReminderView, ReplyView, ResetView, ReturnView, ThanksItem, ThanksView, WaitlistJoinedView,
    WaitlistOfferView, WelcomeView,
};
use crate::text::{deposit_words, dollars, header_safe, long_date_time, short_date};

/// How the composer writes: where links point, who signs, which clock the
/// retreat keeps.
#[derive(Debug, Clone)]
pub struct ComposerConfig {
    /// The site's address without a trailing slash (`PUBLIC_URL`); every
    /// link in a message starts with it.
    pub public_url: String,
    /// Where guests write to the retreat, e.g. `stay@goldenpineretreat.com`.
    pub retreat_email: String,
    /// Who hears of new bookings, orders and messages (`NOTIFY_EMAIL`);
    /// without it those messages are not written.
    pub owner: Option<Email>,
    /// The retreat's time zone (`BUSINESS_TZ`): bookings are local times in it.
    pub time_zone: Tz,
    /// The sending address (`MAIL_FROM`, `addr` or `Name <addr>`), the
    /// invitations' organizer.
    pub organizer: String,
    /// Free cancellation until so many hours before a booking begins
    /// (`CANCELLATION_FREE_HOURS`): every mail of a booking with a deposit
    /// says so.
    pub cancellation_free_hours: i64,
}

/// Writes the retreat's messages ([`ports::MailComposer`]).
#[derive(Clone)]
pub struct Composer {
    config: ComposerConfig,
    links: Arc<dyn GuestLinks>,
}

/// One message before it is addressed.
struct Message {
    subject: String,
    body: Body,
    calendar: Option<CalendarInvite>,
    list_unsubscribe: Option<String>,
    /// Not sent before this moment; `None`: at once.
    send_after: Option<DateTime<Utc>>,
}

/// The subject of the owner's answer to a contact message, as a mail client
/// would write it.
const REPLY_SUBJECT: &str = "Re: your message to Golden Pine Wellness Retreat";

/// Guest names reach subjects and preview lines; keep those short.
const NAME_IN_SUBJECT: usize = 60;

const GUEST_BOOKING_REASON: &str =
    "You are receiving this because a booking was made with this address at Golden Pine.";
const GUEST_ORDER_REASON: &str =
    "You are receiving this because an order was placed with this address at Golden Pine.";
const GUEST_CONTACT_REASON: &str = "You are receiving this because you wrote to us through our website.";
const NEWSLETTER_REASON: &str = "You are receiving this because you joined the Golden Pine journal.";
const TEAM_REASON: &str = "You are receiving this because of your account on the Golden Pine dashboard.";
const INVITATION_SUBJECT: &str = "Your invitation to the Golden Pine team";
const RESET_SUBJECT: &str = "Set a new password for Golden Pine";
const OWNER_REASON: &str = "Sent to the retreat's notification address (NOTIFY_EMAIL).";
const FOLLOW_UP_REASON: &str = "You are receiving this because you visited Golden Pine.";
const WAITLIST_REASON: &str = "You are receiving this because you joined the Golden Pine waitlist.";
const PRIVACY_REASON: &str =
    "You are receiving this because someone asked Golden Pine about the data held for this address.";
const GIFT_CARD_REASON: &str =
    "You are receiving this because a Golden Pine gift card was sent to this address.";

/// A gift card arrives at this local time on its chosen day: a birthday
/// present should be there with the morning coffee, not at midnight.
const GIFT_CARD_DELIVERY_TIME: NaiveTime = match NaiveTime::from_hms_opt(9, 0, 0) {
    Some(time) => time,
    None => panic!("9:00 is a time of day"),
};

impl Composer {
    pub fn new(mut config: ComposerConfig, links: Arc<dyn GuestLinks>) -> Self {
        let trimmed = config.public_url.trim_end_matches('/').len();
        config.public_url.truncate(trimmed);
        Self { config, links }
    }

    fn frame(&self, heading: impl Into<String>, preheader: String, reason: &'static str) -> Frame {
        Frame {
            public_url: self.config.public_url.clone(),
            retreat_email: self.config.retreat_email.clone(),
            heading: heading.into(),
            preheader: header_safe(&preheader),
            reason,
            unsubscribe_url: None,
        }
    }

    fn dashboard(&self, tab: &str, key: &str, id: Uuid) -> String {
        format!("{}/admin/dashboard?tab={tab}&{key}={id}", self.config.public_url)
    }

    fn local(&self, at: DateTime<Utc>) -> NaiveDateTime {
        at.with_timezone(&self.config.time_zone).naive_local()
    }

    /// The message `template` says for `event`, or `None` when the template
    /// is not one of the event's (a planning mistake, logged by the caller).
    fn message(&self, event: &MailEvent, template: MailTemplate, stamp: DateTime<Utc>) -> Option<Message> {
        match event {
            MailEvent::BookingRequested { booking, service }
            | MailEvent::BookingConfirmed { booking, service }
            | MailEvent::DepositActionRequired { booking, service } => {
                self.booking_message(template, booking, service.as_ref(), BookingNews::Plain, stamp)
            }
            MailEvent::BookingCancelled { booking, service, by } => {
                self.booking_message(template, booking, service.as_ref(), BookingNews::Cancelled(*by), stamp)
            }
            MailEvent::BookingMoved { booking, service, from, by } => self.booking_message(
                template,
                booking,
                service.as_ref(),
                BookingNews::Moved(*from, *by),
                stamp,
            ),
            MailEvent::DepositRefunded { booking, service, amount } => self.booking_message(
                template,
                booking,
                service.as_ref(),
                BookingNews::Refunded(*amount),
                stamp,
            ),
            MailEvent::VisitReminder { reminder, services, today, intake_missing } => {
                self.reminder_message(reminder, services, *today, *intake_missing)
            }
            MailEvent::VisitThanks { follow_up, services, aftercare } => {
                self.thanks_message(follow_up, services, aftercare)
            }
            MailEvent::ReturnInvitation { follow_up, services, open_times, gift_card_balance } => {
                self.return_message(follow_up, services, open_times, *gift_card_balance)
            }
            MailEvent::RatingHidden { rating, rule, service } => {
                self.rating_hidden_message(rating, *rule, service.as_ref())
            }
            MailEvent::WaitlistJoined { entry, service } => {
                self.waitlist_joined_message(entry, service.as_ref())
            }
            MailEvent::WaitlistOffered { offer, entry, service } => {
                self.waitlist_offer_message(offer, entry, service.as_ref())
            }
            MailEvent::PrivacyRequested { request }
            | MailEvent::PrivacyRequestConfirmed { request }
            | MailEvent::PrivacyCopyReady { request } => self.privacy_message(template, request),
            MailEvent::OrderPlaced { order }
            | MailEvent::OrderShipped { order }
            | MailEvent::OrderCancelled { order } => self.order_message(template, order, None),
            MailEvent::OrderRefunded { order, amount } => self.order_message(template, order, Some(*amount)),
            MailEvent::ContactReceived { message } => self.contact_message(template, message),
            MailEvent::ContactReplied { message, reply } => self.reply_message(template, message, reply),
            MailEvent::NewsletterJoined { subscription } => self.newsletter_message(template, subscription),
            MailEvent::GiftCardDelivered { card, code } => {
                self.gift_card_message(template, card, code, stamp)
            }
            MailEvent::TeamInvited { invitation, secret } => {
                self.invitation_message(template, invitation, secret)
            }
            MailEvent::PasswordResetAsked { admin, secret, expires_at } => {
                self.reset_message(template, admin, secret, *expires_at)
            }
        }
    }

    fn booking_message(
        &self,
        template: MailTemplate,
        booking: &Booking,
        service: Option<&BookedService>,
        news: BookingNews,
        stamp: DateTime<Utc>,
    ) -> Option<Message> {
        let token = self.links.booking_token(booking.id, booking.date);
        let service_name =
            service.map_or_else(|| booking.service.service_name().to_owned(), |s| s.name.clone());
        let nights = booking.stay_nights().map(|n| format!("{n} night{}", if n == 1 { "" } else { "s" }));
        let when = self.when_words(FormerPlace::of(booking));
        let (cancelled_by, refunded, moved) = match news {
            BookingNews::Plain => (None, None, None),
            BookingNews::Cancelled(by) => (Some(by), None, None),
            BookingNews::Refunded(amount) => (None, Some(amount), None),
            BookingNews::Moved(from, by) => (None, None, Some((from, by))),
        };
        let view = BookingView {
            first_name: booking.first_name.clone(),
            guest_name: full_name(&booking.first_name, &booking.last_name),
            guest_email: booking.email.clone(),
            service: service_name.clone(),
            when,
            duration: nights
                .or_else(|| service.and_then(|s| duration_words(booking.service, s.duration_minutes))),
            price: service.map(|s| {
                let price = booking.price_at(s.price);
                match &booking.promo {
                    // The price guests pay, and what their code took off it.
                    Some(promo) => format!(
                        "{} (promo code {}: {} off {})",
                        dollars(price.minus(promo.amount)),
                        promo.code.as_str(),
                        dollars(promo.amount),
                        dollars(price)
                    ),
                    None => dollars(price),
                }
            }),
            notes: booking.notes.clone().filter(|notes| !notes.trim().is_empty()),
            manage_url: format!("{}/bookings/manage/{}", self.config.public_url, url_component(&token)),
            intake_url: (service.is_some_and(|s| s.asks_intake)
                && matches!(template, MailTemplate::BookingRequested | MailTemplate::BookingConfirmed))
            .then(|| format!("{}/bookings/manage/{}#intake", self.config.public_url, url_component(&token))),
            admin_url: self.dashboard("bookings", "booking", booking.id),
            cancelled_by_guest: cancelled_by == Some(CancelledBy::Guest),
            deposit: match (&booking.deposit, &booking.gift_card) {
                (Some(deposit), Some(card)) => Some(format!(
                    "{}; and {} paid with gift card ••••{}",
                    deposit_words(deposit),
                    dollars(card.amount),
                    card.last_four
                )),
                (None, Some(card)) => {
                    Some(format!("{}, paid with gift card ••••{}", dollars(card.amount), card.last_four))
                }
                (deposit, None) => deposit.as_ref().map(deposit_words),
            },
            policy: (booking.deposit.is_some() || booking.gift_card.is_some())
                .then(|| cancellation_policy_text(self.config.cancellation_free_hours)),
            refunded: refunded.map(dollars),
            moved_from: moved.map(|(from, _)| self.when_words(from)),
            moved_by_guest: moved.is_some_and(|(_, by)| by == MovedBy::Guest),
        };
        let day = short_date(booking.date);
        let guest = clip(&view.guest_name, NAME_IN_SUBJECT);
        let summary = format!("{}, {}", view.service, view.when);
        let invite = |method| self.invitation(method, booking, service, &view, stamp);
        let (subject, body, calendar) = match template {
            MailTemplate::BookingRequested => {
                let frame = self.frame(
                    "We have your request",
                    format!("{summary}. We will confirm it personally."),
                    GUEST_BOOKING_REASON,
                );
                (
                    "Your booking request at Golden Pine".to_owned(),
                    t::booking_requested::render(&frame, &view),
                    None,
                )
            }
            MailTemplate::BookingConfirmed => {
                let frame = self.frame(
                    "Your time with us is confirmed",
                    format!("{summary}. Your calendar invitation is attached."),
                    GUEST_BOOKING_REASON,
                );
                let body = t::booking_confirmed::render(&frame, &view);
                (format!("Confirmed: {service_name} on {day}"), body, Some(invite(Method::Request)))
            }
            MailTemplate::BookingCancelled => {
                let frame = self.frame("Your booking is cancelled", summary, GUEST_BOOKING_REASON);
                let body = t::booking_cancelled::render(&frame, &view);
                (format!("Cancelled: {service_name} on {day}"), body, Some(invite(Method::Cancel)))
            }
            MailTemplate::OwnerNewBooking => {
                let frame = self.frame("New booking request", format!("{guest}: {summary}"), OWNER_REASON);
                let body = t::owner_new_booking::render(&frame, &view);
                (format!("New booking request: {guest}, {service_name}, {day}"), body, None)
            }
            MailTemplate::OwnerBookingCancelled => {
                let frame = self.frame("A guest cancelled", format!("{guest}: {summary}"), OWNER_REASON);
                let body = t::owner_booking_cancelled::render(&frame, &view);
                (format!("Guest cancelled: {guest}, {service_name}, {day}"), body, None)
            }
            MailTemplate::BookingMoved => {
                let frame = self.frame(
                    "Your visit has moved",
                    format!("{summary}. Your calendar is updated."),
                    GUEST_BOOKING_REASON,
                );
                let body = t::booking_moved::render(&frame, &view);
                // The same event, a later version: calendars move it in place.
                // A request not yet confirmed stays tentative, as on its page.
                let method = if booking.status == domain::booking::BookingStatus::Confirmed {
                    Method::Request
                } else {
                    Method::Publish { tentative: true }
                };
                (format!("Moved: {service_name}, now on {day}"), body, Some(invite(method)))
            }
            MailTemplate::OwnerBookingMoved => {
                let frame =
                    self.frame("A guest moved their visit", format!("{guest}: {summary}"), OWNER_REASON);
                let body = t::owner_booking_moved::render(&frame, &view);
                (format!("Guest moved: {guest}, {service_name}, now {day}"), body, None)
            }
            MailTemplate::DepositRefunded => {
                let amount = view.refunded.clone().unwrap_or_default();
                let frame = self.frame(
                    "Your deposit is on its way back",
                    format!("{amount} for your {summary}."),
                    GUEST_BOOKING_REASON,
                );
                let body = t::deposit_refunded::render(&frame, &view);
                (format!("Your deposit of {amount} is refunded"), body, None)
            }
            MailTemplate::DepositActionRequired => {
                let frame = self.frame(
                    "One step to confirm your deposit",
                    format!("Your bank asks you to confirm the deposit for your {summary}."),
                    GUEST_BOOKING_REASON,
                );
                let body = t::deposit_action_required::render(&frame, &view);
                (format!("Please confirm your deposit for {service_name} on {day}"), body, None)
            }
            _ => return None,
        };
        Some(Message { subject, body, calendar, list_unsubscribe: None, send_after: None })
    }

    /// One message for a visit's reminder: every booking of it, and Confirm,
    /// Change and Cancel (the anchor's page, which opens on the answer) when it
    /// asks; a plain reminder with its page's link when she has confirmed.
    fn reminder_message(
        &self,
        reminder: &DueReminder,
        services: &[Option<BookedService>],
        today: NaiveDate,
        intake_missing: Option<Uuid>,
    ) -> Option<Message> {
        let visit = &reminder.visit;
        let anchor = &visit.anchor;
        let token = self.links.booking_token(anchor.id, anchor.date);
        let manage_url = format!("{}/bookings/manage/{}", self.config.public_url, url_component(&token));
        let answer = |what: &str| format!("{manage_url}?answer={what}");
        let items = visit
            .bookings
            .iter()
            .enumerate()
            .map(|(i, booking)| {
                let name = services
                    .get(i)
                    .and_then(|s| s.as_ref().map(|s| s.name.clone()))
                    .unwrap_or_else(|| booking.service.service_name().to_owned());
                (name, self.when_words(FormerPlace::of(booking)))
            })
            .collect::<Vec<_>>();
        let starts = visit.starts_at();
        let day = match (starts.date() - today).num_days() {
            0 => "today".to_owned(),
            1 => "tomorrow".to_owned(),
            _ => format!("on {}", short_date(starts.date())),
        };
        let (subject, heading, intro) = match (reminder.kind, reminder.asks) {
            (ReminderKind::First, true) => (
                format!("Your visit {day}: will you be with us?"),
                "We look forward to your visit".to_owned(),
                format!(
                    "Your time with us begins {day}. Will you be with us? One click tells us, and if your plans have changed you can choose another time or cancel."
                ),
            ),
            (ReminderKind::Second, true) => (
                format!("Your visit {day}: please confirm"),
                "Will we see you soon?".to_owned(),
                format!(
                    "Your time with us begins {day}, and we have not heard from you yet. Please tell us whether you are coming, so we can prepare for you or offer the time to another guest."
                ),
            ),
            (_, false) => (
                format!("See you {day} at Golden Pine"),
                "See you soon".to_owned(),
                format!(
                    "Thank you for confirming. Your time with us begins {day}; everything is ready for you."
                ),
            ),
        };
        let view = ReminderView {
            first_name: anchor.first_name.clone(),
            intro,
            items,
            asks: reminder.asks,
            confirm_url: answer("confirm"),
            change_url: answer("change"),
            cancel_url: answer("cancel"),
            manage_url,
            intake_url: intake_missing.and_then(|id| visit.bookings.iter().find(|b| b.id == id)).map(
                |booking| {
                    let token = self.links.booking_token(booking.id, booking.date);
                    format!("{}/bookings/manage/{}#intake", self.config.public_url, url_component(&token))
                },
            ),
        };
        let frame = self.frame(heading, header_safe(&subject), GUEST_BOOKING_REASON);
        let body = t::visit_reminder::render(&frame, &view);
        Some(Message { subject, body, calendar: None, list_unsubscribe: None, send_after: None })
    }

    /// The follow-ups' unsubscribe page and one-click address (RFC 8058),
    /// signed for the first booking of the message.
    fn follow_up_unsubscribe(&self, follow_up: &DueFollowUp) -> (String, String) {
        let id = follow_up.bookings.first().map_or(Uuid::nil(), |b| b.id);
        let token = url_component(&self.links.follow_up_unsubscribe_token(id));
        let public_url = &self.config.public_url;
        (
            format!("{public_url}/visits/unsubscribe?token={token}"),
            format!("{public_url}/api/follow-ups/unsubscribe?token={token}"),
        )
    }

    fn service_name(booking: &Booking, service: Option<&Option<BookedService>>) -> String {
        service
            .and_then(|s| s.as_ref().map(|s| s.name.clone()))
            .unwrap_or_else(|| booking.service.service_name().to_owned())
    }

    fn thanks_message(
        &self,
        follow_up: &DueFollowUp,
        services: &[Option<BookedService>],
        aftercare: &[Option<String>],
    ) -> Option<Message> {
        let first = follow_up.bookings.first()?;
        let items = follow_up
            .bookings
            .iter()
            .enumerate()
            .map(|(i, booking)| ThanksItem {
                service: Self::service_name(booking, services.get(i)),
                when: self.when_words(FormerPlace::of(booking)),
                aftercare: aftercare.get(i).cloned().flatten(),
                rate_url: format!(
                    "{}/visits/rate?token={}",
                    self.config.public_url,
                    url_component(&self.links.rating_token(booking.id))
                ),
            })
            .collect::<Vec<_>>();
        let (page, one_click) = self.follow_up_unsubscribe(follow_up);
        let view = ThanksView { first_name: header_safe(&first.first_name), items };
        let mut frame = self.frame(
            "Thank you for your visit",
            "How was your time with us? One click to rate it.".to_owned(),
            FOLLOW_UP_REASON,
        );
        frame.unsubscribe_url = Some(page);
        Some(Message {
            subject: "Thank you for your visit to Golden Pine".to_owned(),
            body: t::visit_thanks::render(&frame, &view),
            calendar: None,
            list_unsubscribe: Some(one_click),
            send_after: None,
        })
    }

    fn return_message(
        &self,
        follow_up: &DueFollowUp,
        services: &[Option<BookedService>],
        open_times: &[Vec<(NaiveDate, domain::booking::TimeSlot)>],
        gift_card_balance: Option<domain::Money>,
    ) -> Option<Message> {
        let first = follow_up.bookings.first()?;
        let public_url = &self.config.public_url;
        let items = follow_up
            .bookings
            .iter()
            .enumerate()
            .map(|(i, booking)| {
                let service = Self::service_name(booking, services.get(i));
                let book_url = format!("{public_url}/services?book={}", booking.service.as_str());
                let times = open_times
                    .get(i)
                    .map(Vec::as_slice)
                    .unwrap_or_default()
                    .iter()
                    .map(|(date, time)| {
                        let words = if booking.check_out.is_some() {
                            format!("{}, check-in", date.format("%A, %B %-d"))
                        } else {
                            long_date_time(date.and_time(time.starts_at()), self.config.time_zone)
                        };
                        let url = format!("{book_url}&date={date}&time={}", url_component(time.as_str()));
                        (words, url)
                    })
                    .collect();
                let ended = domain::after_visit::visit_ended_on(booking);
                InvitationItem {
                    last_visit: format!("Your last {service} with us was on {}.", ended.format("%A, %B %-d")),
                    times,
                    book_url,
                }
            })
            .collect::<Vec<_>>();
        let (page, one_click) = self.follow_up_unsubscribe(follow_up);
        let view = ReturnView {
            first_name: header_safe(&first.first_name),
            items,
            gift_card_balance: gift_card_balance
                .map(|balance| format!("Your Golden Pine gift card still holds {}.", dollars(balance))),
        };
        let mut frame = self.frame(
            "Time for your next visit?",
            "The next open times, one click from your booking.".to_owned(),
            FOLLOW_UP_REASON,
        );
        frame.unsubscribe_url = Some(page);
        Some(Message {
            subject: "Time for your next visit to Golden Pine?".to_owned(),
            body: t::return_invitation::render(&frame, &view),
            calendar: None,
            list_unsubscribe: Some(one_click),
            send_after: None,
        })
    }

    fn rating_hidden_message(
        &self,
        rating: &domain::after_visit::Rating,
        rule: domain::after_visit::HideRule,
        service: Option<&BookedService>,
    ) -> Option<Message> {
        let first_name = rating.author.split(' ').next().unwrap_or_default();
        let view = RatingHiddenView {
            first_name: header_safe(first_name),
            service: service.map_or_else(|| rating.service.service_name().to_owned(), |s| s.name.clone()),
            visited: rating.visited_on.format("%B %-d, %Y").to_string(),
            rule: rule.wording().to_owned(),
        };
        let frame = self.frame(
            "About your rating",
            "We have taken your rating off our website, and why.".to_owned(),
            FOLLOW_UP_REASON,
        );
        Some(Message {
            subject: "About your rating of Golden Pine".to_owned(),
            body: t::rating_hidden::render(&frame, &view),
            calendar: None,
            list_unsubscribe: None,
            send_after: None,
        })
    }

    /// A guest's request for her data: its confirmation link to her, the
    /// owner's notice, the link to her copy. No mail carries her data itself.
    fn privacy_message(
        &self,
        template: MailTemplate,
        request: &domain::privacy::PrivacyRequest,
    ) -> Option<Message> {
        use domain::privacy::{COPY_LINK_DAYS, PrivacyRequestKind, UNCONFIRMED_DAYS};
        let asked = match request.kind {
            PrivacyRequestKind::Copy => "a copy of everything",
            PrivacyRequestKind::Erasure => "the erasure of everything",
        };
        let url = &self.config.public_url;
        let (subject, body) = match template {
            MailTemplate::PrivacyRequestConfirm => {
                let token = url_component(&self.links.privacy_request_token(request.id));
                let view = PrivacyRequestView {
                    asked,
                    days: UNCONFIRMED_DAYS,
                    confirm_url: format!("{url}/privacy/confirm?token={token}"),
                };
                let frame = self.frame(
                    "Please confirm your request",
                    "One click tells us it was you.".to_owned(),
                    PRIVACY_REASON,
                );
                (
                    "Confirm your request to Golden Pine".to_owned(),
                    t::privacy_request_confirm::render(&frame, &view),
                )
            }
            MailTemplate::OwnerPrivacyRequest => {
                let confirmed = request.confirmed_at.unwrap_or(request.created_at);
                let view = OwnerPrivacyView {
                    asked,
                    email: request.email.clone(),
                    confirmed: long_date_time(self.local(confirmed), self.config.time_zone),
                    admin_url: format!("{url}/admin/dashboard?tab=guest-data"),
                };
                let what = match request.kind {
                    PrivacyRequestKind::Copy => "a copy of her data",
                    PrivacyRequestKind::Erasure => "the erasure of her data",
                };
                let frame =
                    self.frame("A guest's request", format!("A guest asked for {what}."), OWNER_REASON);
                (format!("A guest asked for {what}"), t::owner_privacy_request::render(&frame, &view))
            }
            MailTemplate::PrivacyCopyReady => {
                let token = url_component(&self.links.privacy_copy_token(request.id));
                let view = PrivacyCopyView {
                    days: COPY_LINK_DAYS,
                    copy_url: format!("{url}/api/privacy/copy?token={token}&format=html"),
                };
                let frame = self.frame(
                    "Your data, as you asked",
                    "Everything we hold about this address, one click away.".to_owned(),
                    PRIVACY_REASON,
                );
                ("Your Golden Pine data".to_owned(), t::privacy_copy_ready::render(&frame, &view))
            }
            _ => return None,
        };
        Some(Message { subject, body, calendar: None, list_unsubscribe: None, send_after: None })
    }

    fn waitlist_leave_url(&self, entry: &domain::waitlist::WaitlistEntry) -> String {
        format!(
            "{}/waitlist/leave?token={}",
            self.config.public_url,
            url_component(&self.links.waitlist_leave_token(entry.id))
        )
    }

    /// What a wish asks for, in words: "December 10 to December 12, at
    /// 10:00 AM", "December 10, any time"; a stay "December 10 to December 13 (3 nights)".
    fn wish_words(service: domain::booking::ServiceKey, wish: &domain::waitlist::Wish) -> String {
        let day = |date: NaiveDate| date.format("%A, %B %-d").to_string();
        if service == domain::booking::ServiceKey::Accommodation {
            let nights = (wish.to - wish.from).num_days();
            return format!(
                "Check-in {} to check-out {} ({nights} night{}), or some of those nights",
                day(wish.from),
                day(wish.to),
                if nights == 1 { "" } else { "s" }
            );
        }
        let days = if wish.from == wish.to {
            day(wish.from)
        } else {
            format!("{} to {}", day(wish.from), day(wish.to))
        };
        match wish.time {
            Some(time) => format!("{days}, at {}", time.starts_at().format("%-I:%M %p")),
            None => format!("{days}, any time"),
        }
    }

    fn waitlist_joined_message(
        &self,
        entry: &domain::waitlist::WaitlistEntry,
        service: Option<&BookedService>,
    ) -> Option<Message> {
        let view = WaitlistJoinedView {
            first_name: header_safe(&entry.first_name),
            service: service.map_or_else(|| entry.service.service_name().to_owned(), |s| s.name.clone()),
            wishes: entry.wishes.iter().map(|wish| Self::wish_words(entry.service, wish)).collect(),
            leave_url: self.waitlist_leave_url(entry),
        };
        let frame = self.frame(
            "You are on the waitlist",
            "We will write the moment a place opens for you.".to_owned(),
            WAITLIST_REASON,
        );
        Some(Message {
            subject: "You are on the Golden Pine waitlist".to_owned(),
            body: t::waitlist_joined::render(&frame, &view),
            calendar: None,
            list_unsubscribe: None,
            send_after: None,
        })
    }

    fn waitlist_offer_message(
        &self,
        offer: &domain::waitlist::Offer,
        entry: &domain::waitlist::WaitlistEntry,
        service: Option<&BookedService>,
    ) -> Option<Message> {
        let zone = self.config.time_zone;
        let place =
            FormerPlace { date: offer.place.date, check_out: offer.check_out(), time: offer.place.slot };
        let held_until = offer.held_until.with_timezone(&zone);
        let view = WaitlistOfferView {
            first_name: header_safe(&entry.first_name),
            service: service.map_or_else(|| entry.service.service_name().to_owned(), |s| s.name.clone()),
            when: self.when_words(place),
            held_until: held_until.format("%A, %B %-d at %-I:%M %p %Z").to_string(),
            offer_url: format!(
                "{}/waitlist/offer?token={}",
                self.config.public_url,
                url_component(&self.links.waitlist_offer_token(offer.id))
            ),
            leave_url: self.waitlist_leave_url(entry),
        };
        let frame = self.frame(
            "A place has opened for you",
            format!("Held for you until {}.", view.held_until),
            WAITLIST_REASON,
        );
        Some(Message {
            subject: format!("A place has opened: {}", view.service),
            body: t::waitlist_offer::render(&frame, &view),
            calendar: None,
            list_unsubscribe: None,
            send_after: None,
        })
    }

    /// "Friday, December 18, 2026 at 11:00 AM PST"; a stay reads from
    /// check-in to check-out with its nights.
    fn when_words(&self, place: FormerPlace) -> String {
        let zone = self.config.time_zone;
        let starts = place.date.and_time(place.time.starts_at());
        match place.check_out {
            Some(out) => {
                let n = domain::booking::nights_between(place.date, Some(out)).len();
                format!(
                    "{} to {} ({n} night{})",
                    long_date_time(starts, zone),
                    long_date_time(out.and_time(CHECK_OUT_TIME), zone),
                    if n == 1 { "" } else { "s" }
                )
            }
            None => long_date_time(starts, zone),
        }
    }

    fn invitation(
        &self,
        method: Method,
        booking: &Booking,
        service: Option<&BookedService>,
        view: &BookingView,
        stamp: DateTime<Utc>,
    ) -> CalendarInvite {
        let description = match method {
            Method::Request | Method::Publish { .. } => format!(
                "Your {} at Golden Pine Wellness Retreat.\n\nSee or cancel your booking: {}\n\n\
                 Questions? Call {} or write to {}.",
                view.service,
                view.manage_url,
                crate::retreat::PHONE,
                self.config.retreat_email
            ),
            Method::Cancel => format!(
                "This booking at Golden Pine Wellness Retreat has been cancelled.\n\nYour booking: {}\n\n\
                 Questions? Call {} or write to {}.",
                view.manage_url,
                crate::retreat::PHONE,
                self.config.retreat_email
            ),
        };
        let summary = format!("{} at Golden Pine", view.service);
        let ics = calendar::write(&Invitation {
            method,
            booking_id: booking.id,
            start: booking_starts_at(booking),
            duration_minutes: event_minutes(booking, service),
            time_zone: self.config.time_zone,
            summary: &summary,
            description: &description,
            url: &view.manage_url,
            organizer: address_of(&self.config.organizer),
            attendee_name: &view.guest_name,
            attendee_email: &booking.email,
            stamp,
            moves: u32::try_from(booking.moves).unwrap_or(0),
        });
        CalendarInvite { method: method.as_str().to_owned(), ics }
    }

    fn order_message(
        &self,
        template: MailTemplate,
        order: &Order,
        refunded_now: Option<domain::Money>,
    ) -> Option<Message> {
        let customer = &order.customer;
        let view = OrderView {
            reference: order_reference(order.id),
            first_name: customer.first_name.clone(),
            customer_name: full_name(&customer.first_name, &customer.last_name),
            email: customer.email.as_str().to_owned(),
            phone: customer.phone.clone().filter(|phone| !phone.trim().is_empty()),
            // A gift card's order ships nowhere: no address was asked.
            ship_to: if customer.address.is_empty() {
                vec!["Delivered by e-mail".to_owned()]
            } else {
                vec![
                    customer.address.clone(),
                    format!("{}, {} {}", customer.city, customer.state, customer.zip),
                ]
            },
            lines: order
                .items
                .iter()
                .map(|item| OrderLine {
                    name: item.product_name.clone(),
                    quantity: item.quantity,
                    unit_price: dollars(item.price),
                    line_total: item.price.times(item.quantity).map_or_else(String::new, dollars),
                })
                .collect(),
            subtotal: dollars(order.totals.subtotal),
            discount: order.promo.as_ref().map(|promo| {
                (format!("Promo code {}", promo.code.as_str()), format!("−{}", dollars(promo.amount)))
            }),
            gift_card: order.gift_card.as_ref().map(|card| {
                (
                    format!("Gift card ••••{}", card.last_four),
                    format!("−{}", dollars(card.amount)),
                    dollars(order.amount_due()),
                )
            }),
            tax_label: format!("Tax ({TAX_PERCENT}%)"),
            tax: dollars(order.totals.tax),
            shipping: if order.totals.shipping == domain::Money::ZERO {
                "Free".to_owned()
            } else {
                dollars(order.totals.shipping)
            },
            total: dollars(order.totals.total),
            placed: long_date_time(self.local(order.created_at), self.config.time_zone),
            admin_url: self.dashboard("orders", "order", order.id),
            paid: paid_words(order.payment.state),
            refunded_now: refunded_now.map(dollars),
            refunded_total: refunded_now.map(|_| dollars(order.payment.refunded)),
        };
        let reference = &view.reference;
        let (subject, body) = match template {
            MailTemplate::OrderReceipt => {
                let frame = self.frame(
                    "Thank you for your order",
                    format!("Order {reference}, {}. We will write again when it ships.", view.total),
                    GUEST_ORDER_REASON,
                );
                (format!("Your Golden Pine order {reference}"), t::order_receipt::render(&frame, &view))
            }
            MailTemplate::OrderShipped => {
                let frame = self.frame(
                    "Your order is on its way",
                    format!("Order {reference} has left the retreat."),
                    GUEST_ORDER_REASON,
                );
                (format!("Your order {reference} is on its way"), t::order_shipped::render(&frame, &view))
            }
            MailTemplate::OrderCancelled => {
                let frame = self.frame(
                    "Your order is cancelled",
                    format!("Order {reference} has been cancelled."),
                    GUEST_ORDER_REASON,
                );
                (
                    format!("Your order {reference} has been cancelled"),
                    t::order_cancelled::render(&frame, &view),
                )
            }
            MailTemplate::OwnerNewOrder => {
                let customer = clip(&view.customer_name, NAME_IN_SUBJECT);
                let frame = self.frame(
                    format!("New order {reference}"),
                    format!("{customer}, {}", view.total),
                    OWNER_REASON,
                );
                (
                    format!("New order {reference}: {customer}, {}", view.total),
                    t::owner_new_order::render(&frame, &view),
                )
            }
            MailTemplate::OrderRefunded => {
                let amount = view.refunded_now.clone().unwrap_or_default();
                let frame = self.frame(
                    "Your refund is on its way",
                    format!("{amount} back from order {reference}."),
                    GUEST_ORDER_REASON,
                );
                (
                    format!("A refund of {amount} for your order {reference}"),
                    t::order_refunded::render(&frame, &view),
                )
            }
            _ => return None,
        };
        Some(Message { subject, body, calendar: None, list_unsubscribe: None, send_after: None })
    }

    fn contact_message(&self, template: MailTemplate, message: &ContactMessage) -> Option<Message> {
        let view = MessageView {
            first_name: message.first_name.clone(),
            sender_name: full_name(&message.first_name, &message.last_name),
            email: message.email.clone(),
            interest: message.interest.as_deref().filter(|text| !text.is_empty()).map(interest_words),
            message: message.message.clone(),
            received: long_date_time(self.local(message.created_at), self.config.time_zone),
            admin_url: self.dashboard("messages", "message", message.id),
        };
        let (subject, body) = match template {
            MailTemplate::ContactAcknowledged => {
                let frame = self.frame(
                    "Thank you for writing",
                    "Your message reached us; we will answer personally.".to_owned(),
                    GUEST_CONTACT_REASON,
                );
                ("We received your message".to_owned(), t::contact_acknowledged::render(&frame, &view))
            }
            MailTemplate::OwnerNewMessage => {
                let sender = clip(&view.sender_name, NAME_IN_SUBJECT);
                let frame = self.frame(
                    "New message",
                    format!("{sender} wrote: {}", clip(&view.message, 90)),
                    OWNER_REASON,
                );
                (format!("New message from {sender}"), t::owner_new_message::render(&frame, &view))
            }
            _ => return None,
        };
        Some(Message { subject, body, calendar: None, list_unsubscribe: None, send_after: None })
    }

    /// The owner's answer. It quotes the guest's message back to the
    /// address that sent it, which the acknowledgement never does: this one
    /// is written only when the owner, having read the message, answers it,
    /// so nobody can send their words to anyone through the retreat.
    fn reply_message(
        &self,
        template: MailTemplate,
        message: &ContactMessage,
        reply: &ContactReply,
    ) -> Option<Message> {
        if template != MailTemplate::ContactReply {
            return None;
        }
        let view = ReplyView {
            reply: reply.text.clone(),
            message: message.message.clone(),
            quoted: message
                .message
                .lines()
                .map(|line| format!("> {line}").trim_end().to_owned())
                .collect::<Vec<_>>()
                .join("\n"),
            received: long_date_time(self.local(message.created_at), self.config.time_zone),
        };
        let frame = self.frame(
            format!("Dear {}", clip(&message.first_name, NAME_IN_SUBJECT)),
            clip(&reply.text, 90),
            GUEST_CONTACT_REASON,
        );
        Some(Message {
            subject: REPLY_SUBJECT.to_owned(),
            body: t::contact_reply::render(&frame, &view),
            calendar: None,
            list_unsubscribe: None,
            send_after: None,
        })
    }

    /// The link's secret rides in the fragment: browsers never send it, so
    /// it reaches no server's log; the page reads it from there.
    fn invitation_message(
        &self,
        template: MailTemplate,
        invitation: &domain::team::Invitation,
        secret: &domain::team::LinkSecret,
    ) -> Option<Message> {
        if template != MailTemplate::TeamInvitation {
            return None;
        }
        let inviter = invitation.invited_by.as_deref().map(header_safe).filter(|name| !name.is_empty());
        let view = InvitationView {
            name: header_safe(&invitation.name),
            invited_by: inviter.unwrap_or_else(|| "The owner".to_owned()),
            role: match invitation.role {
                domain::team::Role::Owner => "an owner",
                domain::team::Role::Staff => "staff",
            }
            .to_owned(),
            accept_url: format!("{}/admin/join#{}", self.config.public_url, secret.expose()),
            expires: long_date_time(self.local(invitation.expires_at), self.config.time_zone),
        };
        let frame = self.frame(
            "Join the Golden Pine team",
            "Your invitation to the dashboard".to_owned(),
            TEAM_REASON,
        );
        Some(Message {
            subject: INVITATION_SUBJECT.to_owned(),
            body: t::team_invitation::render(&frame, &view),
            calendar: None,
            list_unsubscribe: None,
            send_after: None,
        })
    }

    fn reset_message(
        &self,
        template: MailTemplate,
        admin: &domain::admin::Admin,
        secret: &domain::team::LinkSecret,
        expires_at: DateTime<Utc>,
    ) -> Option<Message> {
        if template != MailTemplate::PasswordReset {
            return None;
        }
        let view = ResetView {
            name: header_safe(&admin.name),
            reset_url: format!("{}/admin/reset-password#{}", self.config.public_url, secret.expose()),
            expires: long_date_time(self.local(expires_at), self.config.time_zone),
        };
        let frame = self.frame("A new password", "Your link to set a new password".to_owned(), TEAM_REASON);
        Some(Message {
            subject: RESET_SUBJECT.to_owned(),
            body: t::password_reset::render(&frame, &view),
            calendar: None,
            list_unsubscribe: None,
            send_after: None,
        })
    }

    fn newsletter_message(
        &self,
        template: MailTemplate,
        subscription: &NewsletterSubscription,
    ) -> Option<Message> {
        if template != MailTemplate::NewsletterWelcome {
            return None;
        }
        let token = url_component(&self.links.unsubscribe_token(subscription.id));
        let public_url = &self.config.public_url;
        let view = WelcomeView {
            journal_url: format!("{public_url}/blog"),
            unsubscribe_url: format!("{public_url}/newsletter/unsubscribe?token={token}"),
        };
        let mut frame = self.frame(
            "Welcome to the journal",
            "Letters from the mountain, a few times a season.".to_owned(),
            NEWSLETTER_REASON,
        );
        frame.unsubscribe_url = Some(view.unsubscribe_url.clone());
        Some(Message {
            subject: "Welcome to the Golden Pine journal".to_owned(),
            body: t::newsletter_welcome::render(&frame, &view),
            calendar: None,
            list_unsubscribe: Some(format!("{public_url}/api/newsletter/unsubscribe?token={token}")),
            send_after: None,
        })
    }

    fn gift_card_message(
        &self,
        template: MailTemplate,
        card: &GiftCard,
        code: &GiftCardCode,
        stamp: DateTime<Utc>,
    ) -> Option<Message> {
        if template != MailTemplate::GiftCardDelivered {
            return None;
        }
        let public_url = &self.config.public_url;
        let token = url_component(&self.links.gift_card_token(card.id));
        let recipient = header_safe(&card.recipient_name);
        let from = Some(header_safe(&card.from_name)).filter(|name| !name.is_empty());
        let view = GiftCardView {
            recipient_name: if recipient.is_empty() { "friend".to_owned() } else { recipient.clone() },
            from_name: from.clone().unwrap_or_else(|| "Someone".to_owned()),
            amount: dollars(card.amount),
            label: card.label.as_deref().map(header_safe).filter(|label| !label.is_empty()),
            message: card
                .message
                .as_deref()
                .map(str::trim)
                .filter(|text| !text.is_empty())
                .map(str::to_owned),
            code: code.grouped(),
            expiry: expiry_words(card.kind),
            balance_url: format!("{public_url}/gift-cards"),
            // The code rides in the fragment: browsers never send it, so it
            // reaches no server's log; the page reads it from there.
            print_url: format!("{public_url}/gift-cards/print?token={token}#{}", code.as_str()),
        };
        // "Maya, a gift from Daniel Rivera: …": the first name reads as a
        // greeting; the buyer's whole name says who it is from.
        let first_name = clip(recipient.split(' ').next().unwrap_or_default(), NAME_IN_SUBJECT);
        let subject = match (first_name.as_str(), &from) {
            ("", Some(from)) => {
                format!("A gift from {}: a Golden Pine gift card", clip(from, NAME_IN_SUBJECT))
            }
            ("", None) => "A Golden Pine gift card for you".to_owned(),
            (first, Some(from)) => {
                format!("{first}, a gift from {}: a Golden Pine gift card", clip(from, NAME_IN_SUBJECT))
            }
            (first, None) => format!("{first}, a gift for you: a Golden Pine gift card"),
        };
        let value = match &view.label {
            Some(label) => format!("{label} ({})", view.amount),
            None => view.amount.clone(),
        };
        let frame = self.frame(
            "A gift for you",
            format!("{} sent you a Golden Pine gift card: {value}.", clip(&view.from_name, NAME_IN_SUBJECT)),
            GIFT_CARD_REASON,
        );
        Some(Message {
            subject,
            body: t::gift_card_delivered::render(&frame, &view),
            calendar: None,
            list_unsubscribe: None,
            send_after: self.morning_of(card.deliver_on, stamp),
        })
    }

    /// Delivery time on a later `day` in the retreat's zone (nine in the
    /// morning), or `None` (at once) for a card bought for today.
    fn morning_of(&self, day: NaiveDate, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
        // A card for today goes at once: the buyer chose "now".
        if day <= now.with_timezone(&self.config.time_zone).date_naive() {
            return None;
        }
        let local = day.and_time(GIFT_CARD_DELIVERY_TIME);
        // A zone whose clocks jump forward across nine would have no such
        // moment that day; the first hour that exists then is the one.
        let at = (0..=3)
            .find_map(|hours| {
                self.config.time_zone.from_local_datetime(&(local + Duration::hours(hours))).earliest()
            })?
            .with_timezone(&Utc);
        (at > now).then_some(at)
    }

    fn outgoing(
        &self,
        event: &MailEvent,
        template: MailTemplate,
        to: String,
        stamp: DateTime<Utc>,
    ) -> Option<OutgoingMail> {
        let Some(message) = self.message(event, template, stamp) else {
            tracing::error!(
                template = template.as_str(),
                "a mail template was planned for an event it does not describe"
            );
            return None;
        };
        Some(OutgoingMail {
            template,
            to,
            subject: header_safe(&message.subject),
            text: message.body.text,
            html: message.body.html,
            calendar: message.calendar,
            list_unsubscribe: message.list_unsubscribe,
            related_id: Some(event.subject_id()),
            send_after: message.send_after,
        })
    }
}

impl MailComposer for Composer {
    fn compose(&self, event: &MailEvent) -> Vec<OutgoingMail> {
        let stamp = Utc::now();
        plan_mail(event, self.config.owner.as_ref())
            .into_iter()
            .filter_map(|planned| self.outgoing(event, planned.template, planned.to, stamp))
            .collect()
    }

    fn booking_calendar(&self, booking: &Booking, service: Option<&BookedService>) -> BookingCalendar {
        let service_name =
            service.map_or_else(|| booking.service.service_name().to_owned(), |s| s.name.clone());
        let token = self.links.booking_token(booking.id, booking.date);
        let manage_url = format!("{}/bookings/manage/{}", self.config.public_url, url_component(&token));
        let summary = format!("{service_name} at Golden Pine");
        let start = booking_starts_at(booking);
        let minutes = event_minutes(booking, service);
        let description = format!(
            "Your {service_name} at Golden Pine Wellness Retreat.\n\nSee, change or cancel your booking: {manage_url}\n\n\
             Questions? Call {} or write to {}.",
            crate::retreat::PHONE,
            self.config.retreat_email
        );
        let ics = calendar::write(&Invitation {
            method: Method::Publish { tentative: booking.status == domain::booking::BookingStatus::Pending },
            booking_id: booking.id,
            start,
            duration_minutes: minutes,
            time_zone: self.config.time_zone,
            summary: &summary,
            description: &description,
            url: &manage_url,
            organizer: address_of(&self.config.organizer),
            attendee_name: &full_name(&booking.first_name, &booking.last_name),
            attendee_email: &booking.email,
            stamp: Utc::now(),
            moves: u32::try_from(booking.moves).unwrap_or(0),
        });
        // The web calendars are other companies' servers: the event's words,
        // never the guest's signed link.
        let details = format!(
            "Your {service_name} at Golden Pine Wellness Retreat. Your confirmation e-mail has the link to see, \
             change or cancel it. Questions? Call {} or write to {}.",
            crate::retreat::PHONE,
            self.config.retreat_email
        );
        let links = calendar::web_links(self.config.time_zone, start, minutes, &summary, &details);
        BookingCalendar { ics, google_url: links.google, outlook_url: links.outlook }
    }

    fn team_calendar(
        &self,
        bookings: &[Booking],
        services: &[(ServiceKey, BookedService)],
        blackouts: &[domain::booking::Blackout],
    ) -> String {
        use domain::calendar_feed::{FeedState, blackout_summary, booking_entry};
        let mut events = Vec::with_capacity(bookings.len() + blackouts.len());
        for booking in bookings {
            let service = services.iter().find(|(key, _)| *key == booking.service).map(|(_, s)| s);
            let name = service.map_or_else(|| booking.service.service_name().to_owned(), |s| s.name.clone());
            let dashboard =
                format!("{}/admin/dashboard?tab=bookings&booking={}", self.config.public_url, booking.id);
            let entry = booking_entry(booking, &name, &dashboard);
            let moves = u32::try_from(booking.moves).unwrap_or(0);
            let (sequence, status) = match entry.state {
                FeedState::Requested => (moves, calendar::FeedStatus::Tentative),
                FeedState::Confirmed => (moves, calendar::FeedStatus::Confirmed),
                // As its cancellation's invitation numbers it.
                FeedState::Cancelled => (moves.saturating_add(1), calendar::FeedStatus::Cancelled),
            };
            let when = match booking.check_out {
                Some(until) => calendar::FeedWhen::Days { first: booking.date, until },
                None => calendar::FeedWhen::Slot {
                    start: booking_starts_at(booking),
                    minutes: event_minutes(booking, service),
                },
            };
            events.push(calendar::FeedEvent {
                uid: calendar::uid(booking.id),
                sequence,
                stamp: booking.created_at,
                when,
                summary: entry.summary,
                description: entry.description,
                url: Some(dashboard),
                status,
            });
        }
        for blackout in blackouts {
            events.push(calendar::FeedEvent {
                uid: format!("blackout-{}@goldenpine.retreat", blackout.id),
                sequence: 0,
                stamp: blackout.created_at,
                when: calendar::FeedWhen::Days {
                    first: blackout.start_date,
                    until: blackout.end_date.succ_opt().unwrap_or(blackout.end_date),
                },
                summary: blackout_summary(blackout).to_owned(),
                description: "No bookings are taken for these days.".to_owned(),
                url: None,
                status: calendar::FeedStatus::Confirmed,
            });
        }
        calendar::write_feed("Golden Pine bookings", self.config.time_zone, &events)
    }

    fn taken_nights_calendar(&self, runs: &[(NaiveDate, NaiveDate)]) -> String {
        let events: Vec<calendar::FeedEvent> = runs
            .iter()
            .map(|&(first, last)| calendar::FeedEvent {
                // Stable per run, so an unchanged export is the same text.
                uid: format!(
                    "tiny-home-{}-{}@goldenpine.retreat",
                    first.format("%Y%m%d"),
                    last.format("%Y%m%d")
                ),
                sequence: 0,
                stamp: first.and_time(NaiveTime::MIN).and_utc(),
                when: calendar::FeedWhen::Days { first, until: last.succ_opt().unwrap_or(last) },
                summary: "Not available".to_owned(),
                description: String::new(),
                url: None,
                status: calendar::FeedStatus::Confirmed,
            })
            .collect();
        calendar::write_feed("Golden Pine Tiny Home", self.config.time_zone, &events)
    }

    fn previews(&self) -> Vec<OutgoingMail> {
        let stamp = Utc::now();
        let owner = self.config.owner.as_ref().map_or(self.config.retreat_email.as_str(), Email::as_str);
        let demo = crate::demo::Demo::new(self.local(stamp).date());
        MailTemplate::ALL
            .iter()
            .filter_map(|&template| {
                let event = demo.event_for(template);
                let to = if is_for_owner(template) { owner.to_owned() } else { demo.guest_address(template) };
                self.outgoing(&event, template, to, stamp)
            })
            .collect()
    }
}

/// What a booking's message tells beyond the booking itself.
#[derive(Debug, Clone, Copy)]
enum BookingNews {
    Plain,
    Cancelled(CancelledBy),
    Refunded(domain::Money),
    Moved(FormerPlace, MovedBy),
}

fn is_for_owner(template: MailTemplate) -> bool {
    matches!(
        template,
        MailTemplate::OwnerNewBooking
            | MailTemplate::OwnerNewOrder
            | MailTemplate::OwnerNewMessage
            | MailTemplate::OwnerBookingCancelled
            | MailTemplate::OwnerBookingMoved
            | MailTemplate::OwnerPrivacyRequest
    )
}

fn full_name(first: &str, last: &str) -> String {
    format!("{} {}", first.trim(), last.trim()).trim().to_owned()
}

/// At most `max` characters, with an ellipsis when cut.
fn clip(text: &str, max: usize) -> String {
    let text = header_safe(text);
    if text.chars().count() <= max {
        return text;
    }
    let mut clipped: String = text.chars().take(max.saturating_sub(1)).collect();
    clipped.truncate(clipped.trim_end().len());
    clipped.push('…');
    clipped
}

/// How an order was paid, in words; nothing when payments are off or it is not paid.
fn paid_words(state: PaymentState) -> Option<String> {
    match state {
        PaymentState::Paid | PaymentState::PartiallyRefunded | PaymentState::Refunded => {
            Some("Paid by card".to_owned())
        }
        _ => None,
    }
}

/// How long a booking's calendar event runs: a stay from check-in to
/// check-out, a treatment its service's minutes (an hour when unknown).
fn event_minutes(booking: &Booking, service: Option<&BookedService>) -> i64 {
    let minutes = match booking.check_out {
        Some(out) => (out.and_time(CHECK_OUT_TIME) - booking_starts_at(booking)).num_minutes(),
        None => service.map_or(60, |s| i64::from(s.duration_minutes)),
    };
    if minutes > 0 { minutes } else { 60 }
}

/// "75 minutes", "1 hour", "8 hours"; a stay is counted in nights.
fn duration_words(key: ServiceKey, minutes: i32) -> Option<String> {
    match (key, minutes) {
        (_, ..=0) => None,
        (ServiceKey::Accommodation, _) => Some("One night".to_owned()),
        (_, 60) => Some("1 hour".to_owned()),
        (_, m) if m % 60 == 0 => Some(format!("{} hours", m / 60)),
        (_, m) => Some(format!("{m} minutes")),
    }
}

/// What a contact message is about, in words (unknown text as it is).
fn interest_words(text: &str) -> String {
    let words = match Interest::from_text(text) {
        Some(Interest::Massage) => "Massage therapy",
        Some(Interest::Spa) => "Spa treatments",
        Some(Interest::Accommodation) => "A stay in the Tiny Home",
        Some(Interest::Package) => "Wellness packages",
        Some(Interest::Products) => "Our products",
        Some(Interest::General) => "A general question",
        None => return text.to_owned(),
    };
    words.to_owned()
}

/// A card's term in words. California lets only a card given away free
/// expire, and only when it says so (Civil Code §1749.5).
fn expiry_words(kind: GiftCardKind) -> String {
    match kind.expires_on() {
        Some(last) => format!("Valid until {}.", last.format("%B %-d, %Y")),
        None if kind == GiftCardKind::Purchased => "This card never expires and carries no fees.".to_owned(),
        None => "This card never expires.".to_owned(),
    }
}

/// The address in `Name <addr>` (or the text itself when it is a bare address).
fn address_of(mailbox: &str) -> &str {
    match (mailbox.rfind('<'), mailbox.rfind('>')) {
        (Some(open), Some(close)) if open < close => mailbox[open + 1..close].trim(),
        _ => mailbox.trim(),
    }
}

use domain::mail::url_component;

#[cfg(test)]
mod tests;
