//! Demo data for the dashboard's previews: a booking, an order with two
//! lines, a contact message, a sign-up and a gift card, as guests would make
//! them.

use chrono::{DateTime, Duration, NaiveDate, Utc};
use uuid::Uuid;

use domain::Money;
use domain::booking::{Booking, BookingStatus, MovedBy, ServiceKey, TimeSlot};
use domain::content::{ContactMessage, ContactReply, NewsletterSubscription, ReplyMail};
use domain::gift_card::{GiftCard, GiftCardCode, GiftCardKind, GiftCardState};
use domain::mail::{BookedService, CancelledBy, MailEvent, MailTemplate};
use domain::order::{Customer, Order, OrderItem, OrderStatus, OrderTotals};
use domain::payment::{Deposit, DepositState, OrderPayment, PaymentState};

pub struct Demo {
    booking: Booking,
    service: BookedService,
    order: Order,
    message: ContactMessage,
    subscription: NewsletterSubscription,
    gift_card: GiftCard,
    gift_card_code: GiftCardCode,
}

const BOOKING_ID: Uuid = Uuid::from_u128(0x5d0c_2f7e_8b1a_4c36_9e42_7a1f_0b6d_3c21);
const ORDER_ID: Uuid = Uuid::from_u128(0x3f9a_61c4_2d7e_4b58_8a10_c6e2_94b7_0d15);
const MESSAGE_ID: Uuid = Uuid::from_u128(0x8c41_7e2a_5b93_4f06_b1d8_2e6c_a457_9f30);
const REPLY_ID: Uuid = Uuid::from_u128(0x2e57_c0a9_71d4_4b3e_9f68_0c1a_d5b2_8e47);
const SUBSCRIPTION_ID: Uuid = Uuid::from_u128(0x1b7e_93d2_46a5_4c8f_a0e3_5d19_c862_7b44);
const GIFT_CARD_ID: Uuid = Uuid::from_u128(0x6a2d_b8f1_93c4_4e75_8d06_1f4b_e72a_c598);
const INVITATION_ID: Uuid = Uuid::from_u128(0x4f1c_2a9e_6b37_4d80_9c15_e3a7_0b62_d4f9);
/// A made-up link secret for previews; no stored link has its hash.
const PREVIEW_LINK_SECRET: &str = "preview-only-not-a-real-link";
/// A made-up code, the same in every preview; no card in any store has it
/// (a real one comes from random bytes).
const GIFT_CARD_CODE: &str = "K7QM-R2XD-9HPT-WV3A-BC4E";

fn money(cents: i64) -> Money {
    Money::from_cents(cents).unwrap_or_default()
}

impl Demo {
    /// Demo data around `today` (the retreat's local date): the booking is
    /// ten days ahead; the order and the message came in that day, and the
    /// gift card is delivered on it.
    pub fn new(today: NaiveDate) -> Self {
        let made: DateTime<Utc> = today.and_hms_opt(17, 24, 0).unwrap_or_default().and_utc();
        let items = vec![
            OrderItem {
                product_id: Uuid::from_u128(1),
                product_name: "Cedar & Ember Candle".to_owned(),
                price: money(4_600),
                quantity: 2,
            },
            OrderItem {
                product_id: Uuid::from_u128(2),
                product_name: "Pine Needle Forest Tea".to_owned(),
                price: money(2_200),
                quantity: 1,
            },
        ];
        let totals = OrderTotals::for_lines(items.iter().map(|item| (item.price, item.quantity)))
            .unwrap_or_else(|| OrderTotals::for_subtotal(Money::ZERO));
        Self {
            booking: Booking {
                id: BOOKING_ID,
                first_name: "Maya".to_owned(),
                last_name: "Thompson".to_owned(),
                email: "maya.thompson@example.com".to_owned(),
                service: ServiceKey::Spa,
                date: today + Duration::days(10),
                check_out: None,
                time: TimeSlot::ElevenAm,
                notes: Some("It is my first visit. Could the treatment room be kept warm?".to_owned()),
                status: BookingStatus::Pending,
                created_at: made,
                deposit: Some(Deposit {
                    state: DepositState::CardSaved,
                    amount: money(2_550),
                    refunded: Money::ZERO,
                    error: None,
                    card: None,
                }),
                promo: None,
                gift_card: None,
                moves: 0,
                guest_moves: 0,
                guest_confirmed_at: None,
            },
            service: BookedService {
                name: "Rustic Spa Treatments".to_owned(),
                duration_minutes: 75,
                price: money(8_500),
                // The demo's spa consent: the previews show where a form is asked.
                asks_intake: true,
            },
            order: Order {
                id: ORDER_ID,
                kind: domain::order::OrderKind::Goods,
                customer: Customer {
                    first_name: "Daniel".to_owned(),
                    last_name: "Rivera".to_owned(),
                    email: domain::Email::parse("daniel.rivera@example.com")
                        .expect("the demo address is valid"),
                    phone: Some("(760) 555-0192".to_owned()),
                    address: "1820 Juniper Lane".to_owned(),
                    city: "Palm Springs".to_owned(),
                    state: "CA".to_owned(),
                    zip: "92262".to_owned(),
                },
                items,
                totals,
                status: OrderStatus::Pending,
                created_at: made,
                payment: OrderPayment::new(PaymentState::Paid),
                promo: None,
                gift_card: None,
            },
            message: ContactMessage {
                id: MESSAGE_ID,
                first_name: "Elena".to_owned(),
                last_name: "Park".to_owned(),
                email: "elena.park@example.com".to_owned(),
                interest: Some("package".to_owned()),
                message: "Hello! My sister and I would love to spend a weekend with you in March.\n\
                          Do the wellness packages include a stay in the Tiny Home?"
                    .to_owned(),
                created_at: made,
                read_at: Some(made),
                answered_at: None,
            },
            subscription: NewsletterSubscription {
                id: SUBSCRIPTION_ID,
                email: "sam.okafor@example.com".to_owned(),
                created_at: made,
            },
            gift_card: GiftCard {
                id: GIFT_CARD_ID,
                last_four: Some(GIFT_CARD_CODE[GIFT_CARD_CODE.len() - 4..].to_owned()),
                kind: GiftCardKind::Purchased,
                amount: money(15_000),
                balance: money(15_000),
                state: GiftCardState::Active,
                label: None,
                recipient_name: "Maya Chen".to_owned(),
                recipient_email: "maya.chen@example.com".to_owned(),
                from_name: "Daniel Rivera".to_owned(),
                message: Some("Happy birthday, Maya! A whole afternoon of quiet, just for you.".to_owned()),
                deliver_on: today,
                delivered_at: None,
                order_id: Some(ORDER_ID),
                buyer_email: Some("daniel.rivera@example.com".to_owned()),
                void_reason: None,
                created_at: made,
            },
            gift_card_code: GiftCardCode::parse(GIFT_CARD_CODE).expect("the demo code is valid"),
        }
    }

    /// The event that produces `template`.
    pub fn event_for(&self, template: MailTemplate) -> MailEvent {
        let booking = |status| Booking { status, ..self.booking.clone() };
        let deposit = |state, refunded| {
            let mut booking = booking(BookingStatus::Confirmed);
            if let Some(deposit) = booking.deposit.as_mut() {
                deposit.state = state;
                deposit.refunded = refunded;
            }
            booking
        };
        let service = Some(self.service.clone());
        let order = |status| Order { status, ..self.order.clone() };
        match template {
            MailTemplate::BookingRequested | MailTemplate::OwnerNewBooking => {
                MailEvent::BookingRequested { booking: booking(BookingStatus::Pending), service }
            }
            MailTemplate::BookingConfirmed => {
                MailEvent::BookingConfirmed { booking: booking(BookingStatus::Confirmed), service }
            }
            MailTemplate::BookingCancelled | MailTemplate::OwnerBookingCancelled => {
                MailEvent::BookingCancelled {
                    booking: booking(BookingStatus::Cancelled),
                    service,
                    by: CancelledBy::Guest,
                }
            }
            MailTemplate::BookingMoved | MailTemplate::OwnerBookingMoved => {
                let moved = booking(BookingStatus::Confirmed);
                let from = domain::mail::FormerPlace {
                    date: moved.date - Duration::days(3),
                    check_out: None,
                    time: TimeSlot::ThreePm,
                };
                let moved = Booking { moves: 1, guest_moves: 1, ..moved };
                MailEvent::BookingMoved { booking: moved, service, from, by: MovedBy::Guest }
            }
            MailTemplate::VisitReminder => {
                let visit = domain::reminders::Visit {
                    anchor: booking(BookingStatus::Confirmed),
                    bookings: vec![booking(BookingStatus::Confirmed)],
                };
                let reminder = domain::reminders::DueReminder {
                    visit,
                    kind: domain::reminders::ReminderKind::First,
                    asks: true,
                };
                let today = self.booking.date - Duration::days(2);
                let intake_missing = Some(reminder.visit.anchor.id);
                MailEvent::VisitReminder { reminder, services: vec![service], today, intake_missing }
            }
            MailTemplate::VisitThanks => MailEvent::VisitThanks {
                follow_up: domain::after_visit::DueFollowUp {
                    kind: domain::after_visit::FollowUpKind::Thanks,
                    bookings: vec![booking(BookingStatus::Completed)],
                },
                services: vec![service],
                aftercare: vec![Some(
                    "Drink plenty of water today, keep warm, and leave a hot bath for tomorrow.".to_owned(),
                )],
            },
            MailTemplate::ReturnInvitation => {
                let next = self.booking.date + Duration::days(35);
                MailEvent::ReturnInvitation {
                    follow_up: domain::after_visit::DueFollowUp {
                        kind: domain::after_visit::FollowUpKind::Invitation,
                        bookings: vec![booking(BookingStatus::Completed)],
                    },
                    services: vec![service],
                    open_times: vec![vec![
                        (next, TimeSlot::ElevenAm),
                        (next, TimeSlot::ThreePm),
                        (next + Duration::days(1), TimeSlot::ElevenAm),
                    ]],
                    gift_card_balance: Some(money(8_500)),
                }
            }
            MailTemplate::RatingHidden => {
                let at = self.message.created_at;
                MailEvent::RatingHidden {
                    rating: domain::after_visit::Rating {
                        id: REPLY_ID,
                        booking: Some(self.booking.id),
                        service: self.booking.service,
                        stars: 1,
                        comment: Some("An example of a comment taken down.".to_owned()),
                        may_quote: true,
                        author: domain::after_visit::author_of(&self.booking.first_name, &self.booking.last_name),
                        email: self.booking.email.clone(),
                        visited_on: self.booking.date,
                        created_at: at,
                        updated_at: at,
                        reply: None,
                        hidden: None,
                    },
                    rule: domain::after_visit::HideRule::OffTopic,
                    service,
                }
            }
            MailTemplate::WaitlistJoined | MailTemplate::WaitlistOffer => {
                let entry = domain::waitlist::WaitlistEntry {
                    id: REPLY_ID,
                    service: self.booking.service,
                    first_name: self.booking.first_name.clone(),
                    last_name: self.booking.last_name.clone(),
                    email: self.booking.email.clone(),
                    wishes: vec![
                        domain::waitlist::Wish {
                            from: self.booking.date,
                            to: self.booking.date,
                            time: Some(self.booking.time),
                        },
                        domain::waitlist::Wish {
                            from: self.booking.date + Duration::days(7),
                            to: self.booking.date + Duration::days(9),
                            time: None,
                        },
                    ],
                    state: domain::waitlist::WaitlistState::Waiting,
                    created_at: self.message.created_at,
                };
                if template == MailTemplate::WaitlistJoined {
                    MailEvent::WaitlistJoined { entry, service }
                } else {
                    let offer = domain::waitlist::Offer {
                        id: REPLY_ID,
                        entry: entry.id,
                        place: domain::booking::place_of(&booking(BookingStatus::Pending)),
                        held_until: self.message.created_at + Duration::hours(2),
                        state: domain::waitlist::OfferState::Held,
                    };
                    MailEvent::WaitlistOffered { offer, entry, service }
                }
            }
            MailTemplate::PrivacyRequestConfirm
            | MailTemplate::OwnerPrivacyRequest
            | MailTemplate::PrivacyCopyReady => {
                let request = domain::privacy::PrivacyRequest {
                    id: REPLY_ID,
                    email: self.booking.email.clone(),
                    kind: domain::privacy::PrivacyRequestKind::Copy,
                    created_at: self.message.created_at,
                    confirmed_at: (template != MailTemplate::PrivacyRequestConfirm)
                        .then_some(self.message.created_at),
                    done_at: (template == MailTemplate::PrivacyCopyReady).then_some(self.message.created_at),
                    done_by: None,
                };
                match template {
                    MailTemplate::PrivacyRequestConfirm => MailEvent::PrivacyRequested { request },
                    MailTemplate::OwnerPrivacyRequest => MailEvent::PrivacyRequestConfirmed { request },
                    _ => MailEvent::PrivacyCopyReady { request },
                }
            }
            MailTemplate::OrderReceipt | MailTemplate::OwnerNewOrder => {
                MailEvent::OrderPlaced { order: order(OrderStatus::Pending) }
            }
            MailTemplate::OrderShipped => MailEvent::OrderShipped { order: order(OrderStatus::Shipped) },
            MailTemplate::OrderCancelled => {
                MailEvent::OrderCancelled { order: order(OrderStatus::Cancelled) }
            }
            MailTemplate::ContactAcknowledged | MailTemplate::OwnerNewMessage => {
                MailEvent::ContactReceived { message: self.message.clone() }
            }
            MailTemplate::ContactReply => MailEvent::ContactReplied {
                message: self.message.clone(),
                reply: ContactReply {
                    id: REPLY_ID,
                    message_id: MESSAGE_ID,
                    text: "Dear Elena,\n\nThank you for writing. A Wellness Package is one full day with us; for a \
                           weekend, pair it with two nights in the Tiny Home Retreat. March weekends still have \
                           room.\n\nWarmly,\nOlive at Golden Pine"
                        .to_owned(),
                    sent_by: "stay@goldenpineretreat.com".to_owned(),
                    created_at: self.message.created_at,
                    mail: None::<ReplyMail>,
                },
            },
            MailTemplate::NewsletterWelcome => {
                MailEvent::NewsletterJoined { subscription: self.subscription.clone() }
            }
            MailTemplate::OrderRefunded => {
                let mut order = order(OrderStatus::Cancelled);
                order.payment.state = PaymentState::PartiallyRefunded;
                order.payment.refunded = money(4_600);
                MailEvent::OrderRefunded { order, amount: money(4_600) }
            }
            MailTemplate::DepositRefunded => {
                let amount = money(2_550);
                MailEvent::DepositRefunded {
                    booking: deposit(DepositState::Refunded, amount),
                    service,
                    amount,
                }
            }
            MailTemplate::DepositActionRequired => MailEvent::DepositActionRequired {
                booking: deposit(DepositState::RequiresAuthentication, Money::ZERO),
                service,
            },
            MailTemplate::GiftCardDelivered => MailEvent::GiftCardDelivered {
                card: self.gift_card.clone(),
                code: self.gift_card_code.clone(),
            },
            MailTemplate::TeamInvitation => MailEvent::TeamInvited {
                invitation: domain::team::Invitation {
                    id: INVITATION_ID,
                    email: "olive@example.com".to_owned(),
                    name: "Olive Hart".to_owned(),
                    role: domain::team::Role::Staff,
                    invited_by: Some("Maya Chen".to_owned()),
                    created_at: self.message.created_at,
                    expires_at: domain::team::invitation_expires(self.message.created_at),
                },
                secret: domain::team::LinkSecret::new(PREVIEW_LINK_SECRET.to_owned()),
            },
            MailTemplate::PasswordReset => MailEvent::PasswordResetAsked {
                admin: domain::admin::Admin {
                    id: INVITATION_ID,
                    email: "olive@example.com".to_owned(),
                    name: "Olive Hart".to_owned(),
                    is_active: true,
                    created_at: self.message.created_at,
                    last_login: None,
                    session_version: domain::admin::FIRST_SESSION_VERSION,
                    role: domain::team::Role::Staff,
                    two_factor: false,
                    can_read_intake: false,
                },
                secret: domain::team::LinkSecret::new(PREVIEW_LINK_SECRET.to_owned()),
                expires_at: domain::team::reset_expires(self.message.created_at),
            },
        }
    }

    /// Who the guest's copy of `template` goes to.
    pub fn guest_address(&self, template: MailTemplate) -> String {
        match self.event_for(template) {
            MailEvent::BookingRequested { booking, .. }
            | MailEvent::BookingConfirmed { booking, .. }
            | MailEvent::BookingCancelled { booking, .. }
            | MailEvent::BookingMoved { booking, .. }
            | MailEvent::DepositRefunded { booking, .. }
            | MailEvent::DepositActionRequired { booking, .. } => booking.email,
            MailEvent::VisitReminder { reminder, .. } => reminder.visit.anchor.email,
            MailEvent::VisitThanks { follow_up, .. } | MailEvent::ReturnInvitation { follow_up, .. } => {
                follow_up.email().to_owned()
            }
            MailEvent::RatingHidden { rating, .. } => rating.email,
            MailEvent::WaitlistJoined { entry, .. } | MailEvent::WaitlistOffered { entry, .. } => entry.email,
            MailEvent::PrivacyRequested { request }
            | MailEvent::PrivacyRequestConfirmed { request }
            | MailEvent::PrivacyCopyReady { request } => request.email,
            MailEvent::OrderPlaced { order }
            | MailEvent::OrderShipped { order }
            | MailEvent::OrderCancelled { order }
            | MailEvent::OrderRefunded { order, .. } => order.customer.email.into_string(),
            MailEvent::ContactReceived { message } | MailEvent::ContactReplied { message, .. } => {
                message.email
            }
            MailEvent::NewsletterJoined { subscription } => subscription.email,
            MailEvent::GiftCardDelivered { card, .. } => card.recipient_email,
            MailEvent::TeamInvited { invitation, .. } => invitation.email,
            MailEvent::PasswordResetAsked { admin, .. } => admin.email,
        }
    }
}
