use chrono::{Datelike, NaiveDate, TimeZone};
use domain::booking::{BookingStatus, TimeSlot};
use domain::gift_card::GiftCardState;
use domain::order::{Customer, OrderItem, OrderStatus, OrderTotals};
use domain::payment::{Deposit, DepositState, OrderPayment};

use super::*;

const PUBLIC_URL: &str = "https://goldenpine.example";

/// Tokens that show what the composer does with them: which record, and
/// characters a URL must escape.
struct Links;

impl GuestLinks for Links {
    fn booking_token(&self, booking_id: Uuid, last_day: NaiveDate) -> String {
        format!("b{}+{last_day}/=", booking_id.simple())
    }
    fn verify_booking(&self, _token: &str) -> Option<Uuid> {
        None
    }
    fn unsubscribe_token(&self, subscription_id: Uuid) -> String {
        format!("u{}+", subscription_id.simple())
    }
    fn verify_unsubscribe(&self, _token: &str) -> Option<Uuid> {
        None
    }
    fn order_token(&self, order_id: Uuid) -> String {
        format!("o.{}", order_id.simple())
    }
    fn verify_order(&self, _token: &str) -> Option<Uuid> {
        None
    }
    fn gift_card_token(&self, card_id: Uuid) -> String {
        format!("g{}+/", card_id.simple())
    }
    fn verify_gift_card(&self, _token: &str) -> Option<Uuid> {
        None
    }
    fn rating_token(&self, booking_id: Uuid) -> String {
        format!("r+/{}", booking_id.simple())
    }
    fn verify_rating(&self, _token: &str) -> Option<Uuid> {
        None
    }
    fn follow_up_unsubscribe_token(&self, booking_id: Uuid) -> String {
        format!("f+/{}", booking_id.simple())
    }
    fn verify_follow_up_unsubscribe(&self, _token: &str) -> Option<Uuid> {
        None
    }
    fn waitlist_offer_token(&self, offer_id: Uuid) -> String {
        format!("w+/{}", offer_id.simple())
    }
    fn verify_waitlist_offer(&self, _token: &str) -> Option<Uuid> {
        None
    }
    fn waitlist_leave_token(&self, entry_id: Uuid) -> String {
        format!("l+/{}", entry_id.simple())
    }
    fn verify_waitlist_leave(&self, _token: &str) -> Option<Uuid> {
        None
    }
    fn privacy_request_token(&self, request_id: Uuid) -> String {
        format!("p+/{}", request_id.simple())
    }
    fn verify_privacy_request(&self, _token: &str) -> Option<Uuid> {
        None
    }
    fn privacy_copy_token(&self, request_id: Uuid) -> String {
        format!("c+/{}", request_id.simple())
    }
    fn verify_privacy_copy(&self, _token: &str) -> Option<Uuid> {
        None
    }
}

fn config(owner: Option<&str>) -> ComposerConfig {
    ComposerConfig {
        public_url: format!("{PUBLIC_URL}/"),
        retreat_email: "stay@goldenpineretreat.com".to_owned(),
        owner: owner.map(|address| Email::parse(address).expect("owner")),
        time_zone: chrono_tz::America::Los_Angeles,
        organizer: "Golden Pine <bookings@goldenpine.example>".to_owned(),
        cancellation_free_hours: 48,
    }
}

fn composer() -> Composer {
    Composer::new(config(Some("owner@goldenpine.example")), Arc::new(Links))
}

fn booking() -> Booking {
    Booking {
        id: Uuid::from_u128(0xb00c),
        first_name: "Ada".to_owned(),
        last_name: "Lovelace".to_owned(),
        email: "ada@example.com".to_owned(),
        service: ServiceKey::Spa,
        date: NaiveDate::from_ymd_opt(2026, 12, 18).expect("date"),
        check_out: None,
        time: TimeSlot::ElevenAm,
        notes: Some("Quiet room, please.\nNo lavender.".to_owned()),
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

fn spa() -> Option<BookedService> {
    Some(BookedService {
        name: "Rustic Spa Treatments".to_owned(),
        duration_minutes: 75,
        price: domain::Money::from_cents(8_500).expect("price"),
        asks_intake: false,
    })
}

fn manage_url(booking: &Booking) -> String {
    format!("{PUBLIC_URL}/bookings/manage/b{}%2B{}%2F%3D", booking.id.simple(), booking.date)
}

fn order_of(lines: &[(&str, i64, u32)]) -> Order {
    let items: Vec<OrderItem> = lines
        .iter()
        .enumerate()
        .map(|(n, (name, cents, quantity))| OrderItem {
            product_id: Uuid::from_u128(n as u128),
            product_name: (*name).to_owned(),
            price: domain::Money::from_cents(*cents).expect("price"),
            quantity: *quantity,
        })
        .collect();
    Order {
        id: Uuid::parse_str("3f9a61c4-2d7e-4b58-8a10-c6e294b70d15").expect("id"),
        kind: domain::order::OrderKind::Goods,
        customer: Customer {
            first_name: "Grace".to_owned(),
            last_name: "Hopper".to_owned(),
            email: Email::parse("grace@example.com").expect("email"),
            phone: None,
            address: "1 Harbor Way".to_owned(),
            city: "Arlington".to_owned(),
            state: "VA".to_owned(),
            zip: "22201".to_owned(),
        },
        totals: OrderTotals::for_lines(items.iter().map(|i| (i.price, i.quantity))).expect("totals"),
        items,
        status: OrderStatus::Pending,
        created_at: Utc.with_ymd_and_hms(2026, 11, 20, 18, 5, 0).single().expect("time"),
        payment: OrderPayment::new(PaymentState::Unpaid),
        promo: None,
        gift_card: None,
    }
}

fn contact(first_name: &str, text: &str) -> ContactMessage {
    ContactMessage {
        id: Uuid::from_u128(0xc0),
        first_name: first_name.to_owned(),
        last_name: "Park".to_owned(),
        email: "elena@example.com".to_owned(),
        interest: Some("package".to_owned()),
        message: text.to_owned(),
        created_at: Utc.with_ymd_and_hms(2026, 11, 20, 18, 5, 0).single().expect("time"),
        read_at: None,
        answered_at: None,
    }
}

const CODE: &str = "K7QM-R2XD-9HPT-WV3A-BC4E";

fn gift_card(kind: GiftCardKind, deliver_on: NaiveDate) -> GiftCard {
    GiftCard {
        id: Uuid::from_u128(0x91f7),
        last_four: Some("BC4E".to_owned()),
        kind,
        amount: domain::Money::from_cents(10_000).expect("amount"),
        balance: domain::Money::from_cents(10_000).expect("amount"),
        state: GiftCardState::Active,
        label: None,
        recipient_name: "Ana Lima".to_owned(),
        recipient_email: "ana@example.com".to_owned(),
        from_name: "Ben".to_owned(),
        message: Some("Happy birthday <b>Ana</b> & many more!\nSee you in the mountains.".to_owned()),
        deliver_on,
        delivered_at: None,
        order_id: Some(Uuid::from_u128(0x0d)),
        buyer_email: Some("ben@example.com".to_owned()),
        void_reason: None,
        created_at: Utc.with_ymd_and_hms(2026, 11, 20, 18, 5, 0).single().expect("time"),
    }
}

fn delivered(card: GiftCard) -> OutgoingMail {
    let code = GiftCardCode::parse(CODE).expect("code");
    let mut mails = composer().compose(&MailEvent::GiftCardDelivered { card, code });
    assert_eq!(mails.len(), 1, "only the recipient hears of it");
    mails.remove(0)
}

/// A day of next year: always ahead, whatever day the tests run.
fn next_year(month: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(Utc::now().year() + 1, month, day).expect("date")
}

fn one(mails: &[OutgoingMail], template: MailTemplate) -> &OutgoingMail {
    mails.iter().find(|m| m.template == template).unwrap_or_else(|| panic!("no {template} message"))
}

#[test]
fn a_booking_request_tells_the_guest_what_happens_next_and_the_owner_where_to_look() {
    let booking = booking();
    let mails = composer().compose(&MailEvent::BookingRequested { booking: booking.clone(), service: spa() });
    assert_eq!(mails.len(), 2);

    let guest = one(&mails, MailTemplate::BookingRequested);
    assert_eq!(guest.to, "ada@example.com");
    assert_eq!(guest.subject, "Your booking request at Golden Pine");
    assert_eq!(guest.related_id, Some(booking.id));
    assert!(guest.calendar.is_none(), "nothing for the calendar before it is confirmed");
    for body in [&guest.text, &guest.html] {
        assert!(body.contains("Friday, December 18, 2026 at 11:00 AM PST"), "{body}");
        assert!(body.contains("Rustic Spa Treatments"));
        assert!(body.contains("confirm your booking personally"));
        assert!(body.contains(&manage_url(&booking)), "the self-service link");
        assert!(!body.contains("No lavender"), "guest text is not mailed back to the address it names");
    }

    let owner = one(&mails, MailTemplate::OwnerNewBooking);
    assert_eq!(owner.to, "owner@goldenpine.example");
    assert_eq!(owner.subject, "New booking request: Ada Lovelace, Rustic Spa Treatments, Dec 18");
    let dashboard = format!("{PUBLIC_URL}/admin/dashboard?tab=bookings&booking={}", booking.id);
    assert!(owner.text.contains(&dashboard));
    assert!(owner.html.contains(&dashboard.replace('&', "&#38;")));
    assert!(owner.text.contains("Quiet room, please.\nNo lavender."));
    assert!(
        owner.html.contains("Quiet room, please.<br/>No lavender.")
            || owner.html.contains("Quiet room, please.<br>No lavender.")
    );
    assert!(owner.text.contains("ada@example.com") && owner.text.contains("$85.00"));
}

#[test]
fn a_stay_reads_from_check_in_to_check_out_costs_its_nights_and_spans_them_in_the_invitation() {
    let stay = Booking {
        service: ServiceKey::Accommodation,
        time: TimeSlot::ThreePm,
        check_out: Some(NaiveDate::from_ymd_opt(2026, 12, 20).expect("date")),
        ..booking()
    };
    let tiny_home = Some(BookedService {
        name: "Tiny Home Retreat".to_owned(),
        duration_minutes: 1440,
        price: domain::Money::from_cents(22_500).expect("price"),
        asks_intake: false,
    });
    let confirmed = composer().compose(&MailEvent::BookingConfirmed { booking: stay, service: tiny_home });
    let confirmed = &confirmed[0];
    assert!(
        confirmed.text.contains(
            "Friday, December 18, 2026 at 3:00 PM PST to Sunday, December 20, 2026 at 11:00 AM PST (2 nights)"
        ),
        "{}",
        confirmed.text
    );
    assert!(confirmed.text.contains("2 nights"));
    assert!(confirmed.text.contains("$450.00"), "two nights at $225.00: {}", confirmed.text);
    let unfolded = confirmed.calendar.as_ref().expect("an invitation").ics.replace("\r\n ", "");
    assert!(unfolded.contains("DTSTART;TZID=America/Los_Angeles:20261218T150000\r\n"));
    assert!(unfolded.contains("DTEND;TZID=America/Los_Angeles:20261220T110000\r\n"), "{unfolded}");
}

#[test]
fn a_confirmation_carries_the_invitation_and_a_cancellation_withdraws_it() {
    let booking = booking();
    let composer = composer();
    let confirmed =
        composer.compose(&MailEvent::BookingConfirmed { booking: booking.clone(), service: spa() });
    assert_eq!(confirmed.len(), 1, "the owner confirmed it and needs no mail");
    let confirmed = &confirmed[0];
    assert_eq!(confirmed.subject, "Confirmed: Rustic Spa Treatments on Dec 18");
    let request = confirmed.calendar.as_ref().expect("an invitation");
    assert_eq!(request.method, "REQUEST");
    // Compared unfolded: long lines are folded at 75 octets.
    let unfolded = request.ics.replace("\r\n ", "");
    assert!(unfolded.contains("METHOD:REQUEST\r\n"));
    assert!(unfolded.contains("DTSTART;TZID=America/Los_Angeles:20261218T110000\r\n"));
    assert!(unfolded.contains("DTEND;TZID=America/Los_Angeles:20261218T121500\r\n"));
    assert!(
        unfolded.contains("ORGANIZER;CN=Golden Pine Wellness Retreat:mailto:bookings@goldenpine.example\r\n")
    );
    assert!(
        unfolded
            .contains("ATTENDEE;CN=Ada Lovelace;ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:ada@example.com\r\n")
    );
    assert!(unfolded.contains(&manage_url(&booking)), "the invitation links to the booking");
    assert!(confirmed.text.contains(&manage_url(&booking)));

    let cancelled = composer.compose(&MailEvent::BookingCancelled {
        booking: booking.clone(),
        service: spa(),
        by: CancelledBy::Owner,
    });
    assert_eq!(cancelled.len(), 1, "the owner knows what they did");
    let cancel = cancelled[0].calendar.as_ref().expect("a cancellation");
    assert_eq!(cancel.method, "CANCEL");
    assert_eq!(cancelled[0].subject, "Cancelled: Rustic Spa Treatments on Dec 18");
    assert!(cancelled[0].text.contains("we have had to cancel"));
    let uid = |ics: &str| ics.lines().find(|l| l.starts_with("UID:")).map(str::to_owned);
    assert_eq!(uid(&cancel.ics), uid(&request.ics));
    assert!(cancel.ics.contains("SEQUENCE:1\r\n") && request.ics.contains("SEQUENCE:0\r\n"));
    assert!(cancel.ics.contains("STATUS:CANCELLED\r\n"));
    assert!(cancelled[0].text.contains(&manage_url(&booking)));
}

#[test]
fn a_guest_cancelling_is_thanked_and_the_owner_told() {
    let mails = composer().compose(&MailEvent::BookingCancelled {
        booking: booking(),
        service: spa(),
        by: CancelledBy::Guest,
    });
    let guest = one(&mails, MailTemplate::BookingCancelled);
    assert!(guest.text.contains("As you asked"));
    let owner = one(&mails, MailTemplate::OwnerBookingCancelled);
    assert_eq!(owner.subject, "Guest cancelled: Ada Lovelace, Rustic Spa Treatments, Dec 18");
    assert!(owner.calendar.is_none());
    assert!(owner.text.contains("/admin/dashboard?tab=bookings&booking="));
}

#[test]
fn a_booking_without_a_service_record_is_an_hour_under_the_key_name() {
    let mails = composer().compose(&MailEvent::BookingConfirmed { booking: booking(), service: None });
    assert_eq!(mails[0].subject, "Confirmed: Rustic Spa Treatments on Dec 18");
    let ics = &mails[0].calendar.as_ref().expect("invitation").ics;
    assert!(ics.contains("DTEND;TZID=America/Los_Angeles:20261218T120000\r\n"));
}

#[test]
fn a_receipt_lists_every_line_and_the_totals() {
    let order = order_of(&[("Cedar & Ember Candle", 4_600, 2), ("Pine Needle Forest Tea", 2_200, 1)]);
    let mails = composer().compose(&MailEvent::OrderPlaced { order: order.clone() });
    let receipt = one(&mails, MailTemplate::OrderReceipt);
    assert_eq!(receipt.to, "grace@example.com");
    assert_eq!(receipt.subject, "Your Golden Pine order #3f9a61c4");
    assert!(receipt.text.contains("2 × Cedar & Ember Candle at $46.00: $92.00"), "{}", receipt.text);
    assert!(receipt.text.contains("1 × Pine Needle Forest Tea at $22.00: $22.00"));
    assert!(receipt.text.contains("Subtotal:  $114.00"));
    assert!(receipt.text.contains("Tax (8%):  $9.12"));
    assert!(receipt.text.contains("Shipping:  Free"), "free above $100");
    assert!(receipt.text.contains("Total:     $123.12"));
    assert!(
        receipt.text.contains("Friday, November 20, 2026 at 10:05 AM PST"),
        "placed, in the retreat's time"
    );
    assert!(receipt.html.contains("Cedar &#38; Ember Candle"));
    for amount in ["$46.00", "$92.00", "$22.00", "$114.00", "$9.12", "$123.12"] {
        assert!(receipt.html.contains(amount), "{amount}");
    }

    let small = order_of(&[("Golden Hour Chamomile", 1_800, 1)]);
    let mails = composer().compose(&MailEvent::OrderPlaced { order: small });
    assert!(one(&mails, MailTemplate::OrderReceipt).text.contains("Shipping:  $15.00"));

    let owner = one(&mails, MailTemplate::OwnerNewOrder);
    assert_eq!(owner.subject, "New order #3f9a61c4: Grace Hopper, $34.44");
    assert!(owner.text.contains(&format!("{PUBLIC_URL}/admin/dashboard?tab=orders&order={}", order.id)));
}

#[test]
fn a_receipt_shows_what_a_gift_card_paid_and_the_rest_and_a_deposit_names_its_card() {
    let mut order = order_of(&[("Cedar & Ember Candle", 4_600, 2), ("Pine Needle Forest Tea", 2_200, 1)]);
    order.gift_card = Some(domain::gift_card::CardPayment {
        card_id: Uuid::from_u128(9),
        last_four: "BC4E".to_owned(),
        amount: domain::Money::from_cents(5_000).expect("amount"),
    });
    let mails = composer().compose(&MailEvent::OrderPlaced { order });
    let receipt = one(&mails, MailTemplate::OrderReceipt);
    assert!(
        receipt
            .text
            .contains("Total:     $123.12\n  Gift card ••••BC4E:  −$50.00\n  To pay by card:  $73.12"),
        "{}",
        receipt.text
    );
    assert!(receipt.html.contains("Gift card ••••BC4E") && receipt.html.contains("$73.12"));

    let mut booking = with_deposit(DepositState::CardSaved, 500);
    booking.gift_card = Some(domain::gift_card::CardPayment {
        card_id: Uuid::from_u128(9),
        last_four: "BC4E".to_owned(),
        amount: domain::Money::from_cents(2_000).expect("amount"),
    });
    let mails = composer().compose(&MailEvent::BookingRequested { booking: booking.clone(), service: spa() });
    let text = &one(&mails, MailTemplate::BookingRequested).text;
    assert!(text.contains("and $20.00 paid with gift card ••••BC4E"), "{text}");
    booking.deposit = None;
    let mails = composer().compose(&MailEvent::BookingRequested { booking, service: spa() });
    let text = &one(&mails, MailTemplate::BookingRequested).text;
    assert!(text.contains("$20.00, paid with gift card ••••BC4E"), "{text}");
    assert!(text.contains("Free cancellation until"), "the policy applies to what the card paid: {text}");
}

#[test]
fn shipped_and_cancelled_orders_say_so() {
    let order = order_of(&[("Cedar & Ember Candle", 4_600, 2)]);
    let shipped = composer().compose(&MailEvent::OrderShipped { order: order.clone() });
    assert_eq!(shipped.len(), 1);
    assert_eq!(shipped[0].subject, "Your order #3f9a61c4 is on its way");
    assert!(shipped[0].text.contains("1 Harbor Way") && shipped[0].text.contains("Arlington, VA 22201"));
    let cancelled = composer().compose(&MailEvent::OrderCancelled { order });
    assert_eq!(cancelled[0].subject, "Your order #3f9a61c4 has been cancelled");
    assert!(cancelled[0].text.contains("$92.00"));
}

#[test]
fn a_contact_message_is_acknowledged_and_reaches_the_owner_escaped() {
    let text = "Hello <b>there</b>!\nDo you have rooms & tea?";
    let mails = composer().compose(&MailEvent::ContactReceived { message: contact("Elena", text) });
    let ack = one(&mails, MailTemplate::ContactAcknowledged);
    assert_eq!(ack.subject, "We received your message");
    assert!(!ack.text.contains("rooms & tea"), "the guest's words are not mailed back");
    let owner = one(&mails, MailTemplate::OwnerNewMessage);
    assert_eq!(owner.subject, "New message from Elena Park");
    assert!(owner.text.contains(text));
    assert!(owner.text.contains("Wellness packages"));
    assert!(
        owner.text.contains(&format!(
            "{PUBLIC_URL}/admin/dashboard?tab=messages&message={}",
            Uuid::from_u128(0xc0)
        ))
    );
    assert!(owner.html.contains("Hello &#60;b&#62;there&#60;/b&#62;!"));
    assert!(!owner.html.contains("<b>there"));
}

#[test]
fn a_reply_goes_to_the_guest_alone_and_quotes_their_message_escaped() {
    let text = "Hello <b>there</b>!\nDo you have rooms & tea?";
    let reply = ContactReply {
        id: Uuid::from_u128(0xe1),
        message_id: Uuid::from_u128(0xc0),
        text: "Dear Elena,\n\nWe do: <i>both</i>.\nOlive".to_owned(),
        sent_by: "owner@goldenpine.example".to_owned(),
        created_at: Utc::now(),
        mail: None,
    };
    let mails = composer()
        .compose(&MailEvent::ContactReplied { message: contact("Elena", text), reply: reply.clone() });
    assert_eq!(mails.len(), 1, "the owner wrote it: no copy to the owner");
    let mail = one(&mails, MailTemplate::ContactReply);
    assert_eq!(mail.to, "elena@example.com");
    assert_eq!(mail.subject, "Re: your message to Golden Pine Wellness Retreat");
    assert_eq!(mail.related_id, Some(Uuid::from_u128(0xc0)), "listed with the message");
    // The reply, then the guest's words quoted below it.
    let (answer, quote) = mail.text.split_once("you wrote:").expect("a quote after the reply");
    assert!(answer.contains("Dear Elena,\n\nWe do: <i>both</i>.\nOlive"), "{}", mail.text);
    assert!(answer.contains("On Friday, November 20, 2026 at 10:05 AM PST, "), "when they wrote: {answer}");
    assert!(quote.contains("> Hello <b>there</b>!\n> Do you have rooms & tea?"), "{}", mail.text);
    assert!(mail.html.contains("We do: &#60;i&#62;both&#60;/i&#62;.<br/>Olive"), "{}", mail.html);
    assert!(mail.html.contains("Hello &#60;b&#62;there&#60;/b&#62;!<br/>Do you have rooms &#38; tea?"));
    assert!(!mail.html.contains("<b>there") && !mail.html.contains("<i>both"));
}

#[test]
fn the_newsletter_welcome_carries_both_unsubscribe_links() {
    let subscription = NewsletterSubscription {
        id: Uuid::from_u128(0x5b),
        email: "sam@example.com".to_owned(),
        created_at: Utc::now(),
    };
    let mails = composer().compose(&MailEvent::NewsletterJoined { subscription });
    assert_eq!(mails.len(), 1);
    let welcome = &mails[0];
    let token = format!("u{}%2B", Uuid::from_u128(0x5b).simple());
    assert_eq!(
        welcome.list_unsubscribe.as_deref(),
        Some(format!("{PUBLIC_URL}/api/newsletter/unsubscribe?token={token}").as_str())
    );
    let page = format!("{PUBLIC_URL}/newsletter/unsubscribe?token={token}");
    assert!(welcome.text.contains(&page));
    assert!(welcome.html.contains(&page));
    assert_eq!(welcome.subject, "Welcome to the Golden Pine journal");
}

#[test]
fn without_an_owner_address_only_guests_hear() {
    let composer = Composer::new(config(None), Arc::new(Links));
    let mails = composer.compose(&MailEvent::BookingRequested { booking: booking(), service: spa() });
    assert_eq!(mails.iter().map(|m| m.template).collect::<Vec<_>>(), [MailTemplate::BookingRequested]);
}

/// Every message each event produces, for a guest with hostile names.
fn everything_for(first_name: &str, last_name: &str) -> Vec<OutgoingMail> {
    let composer = composer();
    let booking = Booking { first_name: first_name.to_owned(), last_name: last_name.to_owned(), ..booking() };
    let mut order = order_of(&[(first_name, 100, 1)]);
    order.customer.first_name = first_name.to_owned();
    order.customer.last_name = last_name.to_owned();
    let card = GiftCard {
        recipient_name: format!("{first_name} {last_name}"),
        from_name: first_name.to_owned(),
        message: Some(first_name.to_owned()),
        ..gift_card(GiftCardKind::Purchased, next_year(1, 15))
    };
    let events = [
        MailEvent::GiftCardDelivered { card, code: GiftCardCode::parse(CODE).expect("code") },
        MailEvent::BookingRequested { booking: booking.clone(), service: spa() },
        MailEvent::BookingConfirmed { booking: booking.clone(), service: spa() },
        MailEvent::BookingCancelled { booking, service: spa(), by: CancelledBy::Guest },
        MailEvent::OrderPlaced { order: order.clone() },
        MailEvent::OrderShipped { order: order.clone() },
        MailEvent::OrderCancelled { order },
        MailEvent::ContactReceived { message: contact(first_name, first_name) },
    ];
    events.iter().flat_map(|event| composer.compose(event)).collect()
}

#[test]
fn no_control_character_ever_reaches_a_subject() {
    let mails = everything_for("Ada\r\nBcc: eve@example.com", "Love\u{0}lace\n\rX-Evil: 1\t");
    assert_eq!(mails.len(), 12);
    for mail in &mails {
        assert!(!mail.subject.chars().any(char::is_control), "{:?}", mail.subject);
        assert_eq!(mail.subject.trim(), mail.subject);
    }
    assert_eq!(
        one(&mails, MailTemplate::OwnerNewBooking).subject,
        "New booking request: Ada Bcc: eve@example.com Love lace X-Evil: 1, Rustic Spa Treatments, Dec 18"
    );
}

#[test]
fn guest_names_are_escaped_in_html_and_kept_short_in_subjects() {
    let mails = everything_for("<script>alert(1)</script>", &"Long".repeat(40));
    for mail in &mails {
        assert!(!mail.html.contains("<script>"), "{}", mail.template);
        assert!(mail.subject.chars().count() < 140, "{}", mail.subject);
    }
    assert!(
        one(&mails, MailTemplate::BookingRequested)
            .html
            .contains("Dear &#60;script&#62;alert(1)&#60;/script&#62;,")
    );
    assert!(one(&mails, MailTemplate::OwnerNewBooking).subject.contains("…, Rustic Spa Treatments, Dec 18"));
}

#[test]
fn previews_show_every_template_in_the_retreat_look_with_nothing_from_other_hosts() {
    let previews = composer().previews();
    let templates: Vec<MailTemplate> = previews.iter().map(|m| m.template).collect();
    assert_eq!(templates, MailTemplate::ALL);
    for mail in &previews {
        let name = mail.template.as_str();
        assert!(!mail.subject.is_empty() && !mail.text.is_empty(), "{name}");
        assert!(mail.text.contains("54200 Pine Crest Road, Idyllwild, CA 92549"), "{name}");
        assert!(mail.text.contains("(951) 555-0148"), "{name}");
        assert!(
            mail.text.ends_with('\n') && !mail.text.contains("\n\n\n"),
            "{name} reads evenly:\n{}",
            mail.text
        );
        assert!(!mail.text.contains("&#"), "{name}: plain text is not HTML-escaped");
        let html = &mail.html;
        assert!(html.contains(r#"<meta name="color-scheme" content="dark light">"#), "{name}");
        assert!(html.contains(r#"<meta name="supported-color-schemes" content="dark light">"#), "{name}");
        assert!(
            html.contains("GOLDEN PINE") && html.contains("#14110d") && html.contains("#c9a66b"),
            "{name}"
        );
        for remote in ["<img", "<link", "src=", "url(", "@import", "<script"] {
            assert!(!html.contains(remote), "{name} loads something: {remote}");
        }
        // Every table cell paints its own background, so inverting clients keep the contrast.
        assert!(html.contains("<td"), "{name}");
        for cell in html.split("<td").skip(1) {
            let tag = cell.split('>').next().unwrap_or_default();
            assert!(tag.contains("background-color:#") && tag.contains("bgcolor="), "{name}: <td{tag}>");
        }
        let to_owner = name.starts_with("owner_");
        assert_eq!(mail.to == "owner@goldenpine.example", to_owner, "{name}");
        assert!(mail.related_id.is_some());
        if mail.template != MailTemplate::GiftCardDelivered {
            assert_eq!(mail.send_after, None, "{name} goes at once");
        }
    }
    let confirmed = one(&previews, MailTemplate::BookingConfirmed);
    assert!(confirmed.calendar.as_ref().is_some_and(|c| c.method == "REQUEST"));
    let receipt = one(&previews, MailTemplate::OrderReceipt);
    assert!(receipt.text.contains("Cedar & Ember Candle") && receipt.text.contains("Pine Needle Forest Tea"));
    assert!(one(&previews, MailTemplate::NewsletterWelcome).list_unsubscribe.is_some());
    let gift = one(&previews, MailTemplate::GiftCardDelivered);
    assert_eq!(gift.to, "maya.chen@example.com");
    assert_eq!(gift.subject, "Maya, a gift from Daniel Rivera: a Golden Pine gift card");
    assert!(gift.text.contains("$150.00") && gift.text.contains("K7QM-R2XD-9HPT-WV3A-BC4E"));
}

#[test]
fn helpers_write_for_people() {
    assert_eq!(duration_words(ServiceKey::Massage, 60).as_deref(), Some("1 hour"));
    assert_eq!(duration_words(ServiceKey::Package, 480).as_deref(), Some("8 hours"));
    assert_eq!(duration_words(ServiceKey::Spa, 75).as_deref(), Some("75 minutes"));
    assert_eq!(duration_words(ServiceKey::Accommodation, 1440).as_deref(), Some("One night"));
    assert_eq!(duration_words(ServiceKey::Spa, 0), None);
    assert_eq!(address_of("Golden Pine <bookings@goldenpine.example>"), "bookings@goldenpine.example");
    assert_eq!(address_of(" bookings@goldenpine.example "), "bookings@goldenpine.example");
    assert_eq!(url_component("a.b-c_d~e+f/g=h é"), "a.b-c_d~e%2Bf%2Fg%3Dh%20%C3%A9");
    assert_eq!(clip("Ada Lovelace", 60), "Ada Lovelace");
    assert_eq!(clip("abcdef", 4), "abc…");
}

fn with_deposit(state: DepositState, cents: i64) -> Booking {
    Booking {
        deposit: Some(Deposit {
            state,
            amount: domain::Money::from_cents(cents).expect("amount"),
            refunded: domain::Money::ZERO,
            error: None,
            card: None,
        }),
        ..booking()
    }
}

#[test]
fn a_booking_with_a_deposit_shows_it_and_the_cancellation_policy_in_every_message() {
    let composer = composer();
    let policy =
        "Free cancellation until 48 hours before your booking begins; after that, the deposit is kept.";
    let requested = composer.compose(&MailEvent::BookingRequested {
        booking: with_deposit(DepositState::CardSaved, 2_550),
        service: spa(),
    });
    let guest = one(&requested, MailTemplate::BookingRequested);
    for body in [&guest.text, &guest.html] {
        assert!(body.contains("$25.50, charged to the card you gave when we confirm your booking"), "{body}");
        assert!(body.contains(policy), "{body}");
    }
    let confirmed = composer.compose(&MailEvent::BookingConfirmed {
        booking: with_deposit(DepositState::Paid, 2_550),
        service: spa(),
    });
    let guest = one(&confirmed, MailTemplate::BookingConfirmed);
    assert!(guest.text.contains("Deposit: $25.50, paid"), "{}", guest.text);
    assert!(guest.text.contains(policy));
    let cancelled = composer.compose(&MailEvent::BookingCancelled {
        booking: with_deposit(DepositState::Kept, 2_550),
        service: spa(),
        by: CancelledBy::Guest,
    });
    let guest = one(&cancelled, MailTemplate::BookingCancelled);
    assert!(guest.text.contains("$25.50, kept under the cancellation policy"), "{}", guest.text);
    assert!(guest.text.contains(policy));
    // Without a deposit, nothing about deposits or the policy.
    let plain = composer.compose(&MailEvent::BookingRequested { booking: booking(), service: spa() });
    let guest = one(&plain, MailTemplate::BookingRequested);
    assert!(!guest.text.contains("Deposit") && !guest.text.contains("Free cancellation"));
}

#[test]
fn a_deposit_refund_and_a_bank_asking_to_authenticate_are_mailed_with_the_guests_link() {
    let composer = composer();
    let booking = with_deposit(DepositState::Refunded, 2_550);
    let mails = composer.compose(&MailEvent::DepositRefunded {
        booking: booking.clone(),
        service: spa(),
        amount: domain::Money::from_cents(2_550).expect("amount"),
    });
    assert_eq!(mails.len(), 1, "only the guest hears of it");
    let refund = one(&mails, MailTemplate::DepositRefunded);
    assert_eq!(refund.to, "ada@example.com");
    assert_eq!(refund.subject, "Your deposit of $25.50 is refunded");
    assert!(refund.text.contains(&manage_url(&booking)));
    let booking = with_deposit(DepositState::RequiresAuthentication, 2_550);
    let mails =
        composer.compose(&MailEvent::DepositActionRequired { booking: booking.clone(), service: spa() });
    let action = one(&mails, MailTemplate::DepositActionRequired);
    assert_eq!(action.subject, "Please confirm your deposit for Rustic Spa Treatments on Dec 18");
    assert!(action.text.contains(&manage_url(&booking)));
    assert!(action.html.contains("Confirm your deposit"));
}

#[test]
fn a_paid_receipt_says_so_and_a_refund_says_how_much_this_time_and_in_all() {
    let composer = composer();
    let mut order = order_of(&[("Cedar Candle", 4_600, 2)]);
    let unpaid = composer.compose(&MailEvent::OrderPlaced { order: order.clone() });
    assert!(!one(&unpaid, MailTemplate::OrderReceipt).text.contains("Paid by card"));
    order.payment = OrderPayment::new(PaymentState::Paid);
    let paid = composer.compose(&MailEvent::OrderPlaced { order: order.clone() });
    let receipt = one(&paid, MailTemplate::OrderReceipt);
    assert!(receipt.text.contains(&format!("Paid by card: ${}", order.totals.total)), "{}", receipt.text);
    order.payment.state = PaymentState::PartiallyRefunded;
    order.payment.refunded = domain::Money::from_cents(5_000).expect("amount");
    let mails = composer.compose(&MailEvent::OrderRefunded {
        order: order.clone(),
        amount: domain::Money::from_cents(3_000).expect("amount"),
    });
    assert_eq!(mails.len(), 1, "only the guest hears of it");
    let refund = one(&mails, MailTemplate::OrderRefunded);
    assert_eq!(refund.subject, "A refund of $30.00 for your order #3f9a61c4");
    assert!(refund.text.contains("We have refunded $30.00 of your order #3f9a61c4"), "{}", refund.text);
    assert!(refund.text.contains(&format!("Refunded in all: $50.00 of ${}", order.totals.total)));
}

#[test]
fn a_gift_card_mail_carries_the_code_the_value_and_the_buyers_words() {
    let card = gift_card(GiftCardKind::Purchased, next_year(1, 15));
    let mail = delivered(card.clone());
    assert_eq!(mail.template, MailTemplate::GiftCardDelivered);
    assert_eq!(mail.to, "ana@example.com");
    assert_eq!(mail.subject, "Ana, a gift from Ben: a Golden Pine gift card");
    assert_eq!(mail.related_id, Some(card.id));
    assert!(mail.calendar.is_none() && mail.list_unsubscribe.is_none());
    // The token is escaped for the query; the code rides in the fragment.
    let print =
        format!("{PUBLIC_URL}/gift-cards/print?token=g{}%2B%2F#K7QMR2XD9HPTWV3ABC4E", card.id.simple());
    for body in [&mail.text, &mail.html] {
        assert!(body.contains("Dear Ana Lima,"), "{body}");
        assert!(body.contains("Ben sent you a Golden Pine Wellness Retreat gift card"), "{body}");
        assert!(body.contains("K7QM-R2XD-9HPT-WV3A-BC4E"), "the code, grouped");
        assert!(body.contains("$100.00"));
        assert!(body.contains("This card never expires and carries no fees."));
        assert!(body.contains("View and print your card"));
        assert!(body.contains(&print), "{body}");
        assert!(body.contains(
            "Enter the code at checkout in our shop or when you book a treatment; it pays a booking's deposit too."
        ));
        assert!(body.contains("Check your balance at"));
    }
    assert!(mail.text.contains(&format!("Check your balance at {PUBLIC_URL}/gift-cards.")));
    assert!(mail.html.contains(&format!(r#"<a href="{PUBLIC_URL}/gift-cards" "#)));
    assert!(mail.text.contains("Happy birthday <b>Ana</b> & many more!\n  See you in the mountains."));
    assert!(
        mail.html.contains(
            "Happy birthday &#60;b&#62;Ana&#60;/b&#62; &#38; many more!<br/>See you in the mountains."
        ) || mail.html.contains(
            "Happy birthday &#60;b&#62;Ana&#60;/b&#62; &#38; many more!<br>See you in the mountains."
        ),
        "{}",
        mail.html
    );
    assert!(!mail.html.contains("<b>Ana"));
    assert!(!mail.text.contains("&#"));
}

#[test]
fn a_gift_card_bought_as_a_treatment_names_it_and_a_card_without_words_quotes_nothing() {
    let card = GiftCard {
        label: Some("One Massage Therapy".to_owned()),
        message: Some("  \n ".to_owned()),
        ..gift_card(GiftCardKind::Purchased, next_year(1, 15))
    };
    let mail = delivered(card);
    for body in [&mail.text, &mail.html] {
        assert!(body.contains("One Massage Therapy") && body.contains("$100.00"), "{body}");
        assert!(!body.contains("— Ben") && !body.contains("&mdash; Ben"), "no empty quote: {body}");
    }
    assert!(mail.text.contains("For:       One Massage Therapy"), "{}", mail.text);
}

#[test]
fn only_a_promotional_card_may_expire_and_it_says_when() {
    let until = NaiveDate::from_ymd_opt(2027, 3, 31).expect("date");
    let promotional =
        delivered(gift_card(GiftCardKind::Promotional { expires_on: Some(until) }, next_year(1, 15)));
    for body in [&promotional.text, &promotional.html] {
        assert!(body.contains("Valid until March 31, 2027."), "{body}");
        assert!(!body.contains("never expires"));
    }
    let open = delivered(gift_card(GiftCardKind::Promotional { expires_on: None }, next_year(1, 15)));
    assert!(open.text.contains("This card never expires."), "{}", open.text);
    let purchased = delivered(gift_card(GiftCardKind::Purchased, next_year(1, 15)));
    assert!(purchased.text.contains("This card never expires and carries no fees."));
}

#[test]
fn a_gift_card_arrives_at_nine_in_the_morning_of_a_later_day_or_at_once_for_today() {
    // 9:00 in Los Angeles: 17:00 UTC in winter (PST), 16:00 in summer (PDT).
    let winter = next_year(1, 15);
    let mail = delivered(gift_card(GiftCardKind::Purchased, winter));
    assert_eq!(mail.send_after, Some(winter.and_hms_opt(17, 0, 0).expect("time").and_utc()));
    let summer = next_year(7, 15);
    let mail = delivered(gift_card(GiftCardKind::Purchased, summer));
    assert_eq!(mail.send_after, Some(summer.and_hms_opt(16, 0, 0).expect("time").and_utc()));
    let past = NaiveDate::from_ymd_opt(2020, 1, 15).expect("date");
    assert_eq!(delivered(gift_card(GiftCardKind::Purchased, past)).send_after, None);
    let today = chrono::Utc::now().with_timezone(&chrono_tz::America::Los_Angeles).date_naive();
    assert_eq!(
        delivered(gift_card(GiftCardKind::Purchased, today)).send_after,
        None,
        "today: at once, even before nine"
    );
    // Every other message goes at once.
    let others = composer().compose(&MailEvent::BookingRequested { booking: booking(), service: spa() });
    assert!(others.iter().all(|mail| mail.send_after.is_none()));
}

#[test]
fn a_gift_card_subject_copes_with_missing_names() {
    let nameless =
        GiftCard { recipient_name: " ".to_owned(), ..gift_card(GiftCardKind::Purchased, next_year(1, 15)) };
    assert_eq!(delivered(nameless).subject, "A gift from Ben: a Golden Pine gift card");
    let anonymous =
        GiftCard { from_name: String::new(), ..gift_card(GiftCardKind::Purchased, next_year(1, 15)) };
    let mail = delivered(anonymous);
    assert_eq!(mail.subject, "Ana, a gift for you: a Golden Pine gift card");
    assert!(mail.text.contains("Someone sent you a Golden Pine Wellness Retreat gift card"));
}

#[test]
fn a_move_updates_the_guests_event_in_place_and_a_later_cancel_outranks_it() {
    let before = Booking { status: BookingStatus::Confirmed, ..booking() };
    let moved = Booking {
        date: NaiveDate::from_ymd_opt(2026, 12, 21).expect("date"),
        time: TimeSlot::ThreePm,
        moves: 1,
        guest_moves: 1,
        ..before.clone()
    };
    let from = domain::mail::FormerPlace::of(&before);
    let mails = composer().compose(&MailEvent::BookingMoved {
        booking: moved.clone(),
        service: spa(),
        from,
        by: MovedBy::Guest,
    });
    let guest = one(&mails, MailTemplate::BookingMoved);
    assert_eq!(guest.subject, "Moved: Rustic Spa Treatments, now on Dec 21");
    assert!(guest.text.contains("As you asked, your visit has moved"));
    assert!(guest.text.contains("It was on Friday, December 18, 2026 at 11:00 AM PST."), "{}", guest.text);
    assert!(guest.text.contains("Monday, December 21, 2026 at 3:00 PM PST"));
    // The new page's link: the token follows the new date.
    assert!(guest.text.contains(&manage_url(&moved)));
    let invite = guest.calendar.as_ref().expect("the event, moved");
    assert_eq!(invite.method, "REQUEST");
    assert!(invite.ics.contains("SEQUENCE:1\r\n"));
    assert!(invite.ics.contains("DTSTART;TZID=America/Los_Angeles:20261221T150000\r\n"));
    let owner = one(&mails, MailTemplate::OwnerBookingMoved);
    assert_eq!(owner.subject, "Guest moved: Ada Lovelace, Rustic Spa Treatments, now Dec 21");
    assert!(
        owner.text.contains("It was on Friday, December 18, 2026 at 11:00 AM PST; that time is free again.")
    );

    // The retreat's move: the guest alone hears, in the retreat's words.
    let by_owner = composer().compose(&MailEvent::BookingMoved {
        booking: moved.clone(),
        service: spa(),
        from,
        by: MovedBy::Owner,
    });
    assert_eq!(by_owner.len(), 1);
    assert!(by_owner[0].text.contains("We have moved your visit"));

    // Cancelled after its move, the cancel is the later version still.
    let cancelled = composer().compose(&MailEvent::BookingCancelled {
        booking: Booking { status: BookingStatus::Cancelled, ..moved },
        service: spa(),
        by: CancelledBy::Owner,
    });
    assert!(cancelled[0].calendar.as_ref().expect("cancel").ics.contains("SEQUENCE:2\r\n"));
}

#[test]
fn a_reminder_lists_the_visit_and_asks_until_she_answers() {
    use domain::reminders::{DueReminder, ReminderKind, Visit};
    let stay = Booking {
        service: domain::booking::ServiceKey::Accommodation,
        check_out: Some(NaiveDate::from_ymd_opt(2026, 12, 20).expect("date")),
        time: TimeSlot::ThreePm,
        status: BookingStatus::Confirmed,
        ..booking()
    };
    let massage = Booking {
        id: Uuid::from_u128(0xbeef),
        service: domain::booking::ServiceKey::Massage,
        date: NaiveDate::from_ymd_opt(2026, 12, 19).expect("date"),
        ..booking()
    };
    let visit = Visit { anchor: stay.clone(), bookings: vec![stay.clone(), massage] };
    let today = NaiveDate::from_ymd_opt(2026, 12, 11).expect("date");
    let reminder = DueReminder { visit: visit.clone(), kind: ReminderKind::First, asks: true };
    let mails = composer().compose(&MailEvent::VisitReminder {
        reminder,
        services: vec![None, None],
        today,
        intake_missing: None,
    });
    assert_eq!(mails.len(), 1, "the guest alone");
    let mail = one(&mails, MailTemplate::VisitReminder);
    assert_eq!(mail.subject, "Your visit on Dec 18: will you be with us?");
    assert!(
        mail.text.contains("Tiny Home Retreat: Friday, December 18, 2026 at 3:00 PM PST to"),
        "{}",
        mail.text
    );
    assert!(mail.text.contains("Massage Therapy: Saturday, December 19, 2026 at 11:00 AM PST"));
    let page = manage_url(&stay);
    for answer in ["confirm", "change", "cancel"] {
        assert!(mail.text.contains(&format!("{page}?answer={answer}")), "{answer}");
        assert!(mail.html.contains(&format!("{page}?answer={answer}")), "{answer} in html");
    }
    assert!(mail.calendar.is_none());

    let plain = DueReminder { visit, kind: ReminderKind::Second, asks: false };
    let today = NaiveDate::from_ymd_opt(2026, 12, 17).expect("date");
    let mails = composer().compose(&MailEvent::VisitReminder {
        reminder: plain,
        services: vec![None, None],
        today,
        intake_missing: None,
    });
    assert_eq!(mails[0].subject, "See you tomorrow at Golden Pine");
    assert!(!mails[0].text.contains("?answer=confirm") && mails[0].text.contains("?answer=change"));
    assert!(!mails[0].text.contains("health form"), "no form is missing");

    // A form still missing for the massage: the reminder asks for it on the massage's own page.
    let reminder = DueReminder { visit: visit_again(), kind: ReminderKind::First, asks: true };
    let mails = composer().compose(&MailEvent::VisitReminder {
        reminder,
        services: vec![None, None],
        today,
        intake_missing: Some(Uuid::from_u128(0xbeef)),
    });
    let massage_page = format!(
        "{PUBLIC_URL}/bookings/manage/b{}%2B2026-12-19%2F%3D#intake",
        Uuid::from_u128(0xbeef).simple()
    );
    assert!(
        mails[0].text.contains("We have not yet had your health form")
            && mails[0].text.contains(&massage_page),
        "{}",
        mails[0].text
    );
    assert!(mails[0].html.contains(&massage_page));
}

/// The stay and the massage of the reminder test's visit.
fn visit_again() -> domain::reminders::Visit {
    let stay = Booking {
        service: ServiceKey::Accommodation,
        time: TimeSlot::ThreePm,
        check_out: Some(NaiveDate::from_ymd_opt(2026, 12, 20).expect("date")),
        ..booking()
    };
    let massage = Booking {
        id: Uuid::from_u128(0xbeef),
        service: ServiceKey::Massage,
        date: NaiveDate::from_ymd_opt(2026, 12, 19).expect("date"),
        ..booking()
    };
    domain::reminders::Visit { anchor: stay.clone(), bookings: vec![stay, massage] }
}

#[test]
fn a_service_that_asks_a_form_asks_for_it_in_the_guest_s_request_and_confirmation_only() {
    let massage = Some(BookedService {
        name: "Massage Therapy".to_owned(),
        duration_minutes: 60,
        price: domain::Money::from_cents(12_000).expect("price"),
        asks_intake: true,
    });
    let form = format!("{}#intake", manage_url(&booking()));
    for event in [
        MailEvent::BookingRequested { booking: booking(), service: massage.clone() },
        MailEvent::BookingConfirmed { booking: booking(), service: massage.clone() },
    ] {
        let mails = composer().compose(&event);
        for mail in &mails {
            let guest = !mail.template.as_str().starts_with("owner_");
            assert_eq!(mail.text.contains(&form), guest, "{}", mail.template);
            assert_eq!(mail.html.contains(&form), guest, "{}", mail.template);
            assert_eq!(mail.text.contains("health questions"), guest, "{}", mail.template);
        }
    }
    let cancelled = composer().compose(&MailEvent::BookingCancelled {
        booking: booking(),
        service: massage,
        by: domain::mail::CancelledBy::Owner,
    });
    assert!(!cancelled[0].text.contains("#intake"));
    let plain = composer().compose(&MailEvent::BookingConfirmed { booking: booking(), service: spa() });
    assert!(!plain[0].text.contains("#intake"), "a service without a form asks none");
    // Without the paragraph the link still ends its own line (a guest's mail client must find its end).
    let page_line = format!("{}\n\n", manage_url(&booking()));
    let requested = composer().compose(&MailEvent::BookingRequested { booking: booking(), service: spa() });
    for mail in [&plain[0], &requested[0]] {
        assert!(mail.text.contains(&page_line), "{}: {}", mail.template, mail.text);
    }
}
