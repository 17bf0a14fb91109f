//! The built messages are read back with `mail-parser`, as a mail client
//! would read them. Nothing here leaves the machine: the one sending test
//! knocks on a closed loopback port.

use chrono::{NaiveDate, TimeZone, Utc};
use domain::mail::{MailState, MailTemplate};
use mail_parser::{MessageParser, MimeHeaders};
use ports::{CalendarInvite, OutgoingMail};
use uuid::Uuid;

use super::*;
use crate::calendar::{self, Invitation, Method};

const ID: Uuid = Uuid::from_u128(0x0e7a_11ed_0000_4000_8000_0000_0000_0001);

fn sender() -> SmtpSender {
    SmtpSender::new("smtp://127.0.0.1:2525", "Golden Pine Wellness Retreat <bookings@goldenpine.example>")
        .expect("a sender")
}

fn outgoing() -> OutgoingMail {
    OutgoingMail {
        template: MailTemplate::BookingRequested,
        to: "ada@example.com".to_owned(),
        subject: "Your booking request at Golden Pine — merci, café".to_owned(),
        text: "Dear Ada,\n\nThank you for choosing Golden Pine.\n".to_owned(),
        html: "<!DOCTYPE html><html><body><p>Dear Ada, welcome to the pines 🌲</p></body></html>".to_owned(),
        calendar: None,
        list_unsubscribe: None,
        related_id: Some(Uuid::from_u128(7)),
        send_after: None,
    }
}

fn stored(mail: OutgoingMail) -> StoredMail {
    let now = Utc.with_ymd_and_hms(2026, 11, 20, 8, 0, 0).single().expect("time");
    StoredMail {
        id: ID,
        mail,
        state: MailState::Queued,
        attempts: 0,
        last_error: None,
        next_attempt_at: now,
        created_at: now,
        sent_at: None,
    }
}

fn invite(method: Method) -> CalendarInvite {
    let start = NaiveDate::from_ymd_opt(2026, 12, 18).and_then(|d| d.and_hms_opt(11, 0, 0)).expect("start");
    let ics = calendar::write(&Invitation {
        method,
        booking_id: Uuid::from_u128(0xb00c),
        start,
        duration_minutes: 75,
        time_zone: chrono_tz::America::Los_Angeles,
        summary: "Rustic Spa Treatments at Golden Pine",
        description: "See you soon. Ça va, Zoë?",
        url: "https://goldenpine.example/bookings/manage/t",
        organizer: "bookings@goldenpine.example",
        attendee_name: "Ada Lovelace",
        attendee_email: "ada@example.com",
        stamp: Utc::now(),
        moves: 0,
    });
    CalendarInvite { method: method.as_str().to_owned(), ics }
}

fn build(mail: OutgoingMail) -> Vec<u8> {
    sender().build_message(&stored(mail)).expect("a message")
}

/// The header block, as text.
fn header_block(raw: &[u8]) -> String {
    let text = String::from_utf8_lossy(raw);
    text.split("\r\n\r\n").next().unwrap_or_default().to_owned()
}

fn crlf_to_lf(text: &str) -> String {
    text.replace("\r\n", "\n")
}

#[test]
fn a_message_has_its_headers_and_both_parts() {
    let mail = outgoing();
    let raw = build(mail.clone());
    let parsed = MessageParser::default().parse(&raw).expect("parsable");

    let from = parsed.from().and_then(|a| a.first()).expect("from");
    assert_eq!(from.address(), Some("bookings@goldenpine.example"));
    assert_eq!(from.name(), Some("Golden Pine Wellness Retreat"));
    assert_eq!(parsed.to().and_then(|a| a.first()).and_then(|a| a.address()), Some("ada@example.com"));
    assert_eq!(parsed.subject(), Some(mail.subject.as_str()), "non-ASCII subjects survive encoding");
    assert_eq!(parsed.message_id(), Some(format!("{ID}@goldenpine.example").as_str()));
    assert!(parsed.date().is_some());
    let root = parsed.root_part().content_type().expect("content type");
    assert_eq!((root.ctype(), root.subtype()), ("multipart", Some("alternative")));
    assert_eq!(parsed.body_text(0).map(|t| crlf_to_lf(&t)), Some(mail.text.clone()));
    assert_eq!(parsed.body_html(0).map(|t| crlf_to_lf(&t)), Some(mail.html.clone()));
    assert_eq!(parsed.attachment_count(), 0);
    assert!(parsed.header_raw("List-Unsubscribe").is_none());
    assert!(parsed.reply_to().is_none(), "replies go to the sender unless told otherwise");

    let headers = header_block(&raw);
    assert!(headers.contains("\r\nMIME-Version: 1.0") || headers.starts_with("MIME-Version: 1.0"));
    assert!(raw.iter().all(u8::is_ascii), "8-bit text is transfer-encoded");
}

#[test]
fn an_invitation_is_inline_for_calendar_apps_and_attached_as_invite_ics() {
    for method in [Method::Request, Method::Cancel] {
        let invite = invite(method);
        let raw = build(OutgoingMail { calendar: Some(invite.clone()), ..outgoing() });
        let parsed = MessageParser::default().parse(&raw).expect("parsable");
        let root = parsed.root_part().content_type().expect("content type");
        assert_eq!((root.ctype(), root.subtype()), ("multipart", Some("mixed")));
        assert_eq!(parsed.body_text(0).map(|t| crlf_to_lf(&t)), Some(outgoing().text));
        assert!(parsed.body_html(0).is_some());

        let inline = parsed
            .parts
            .iter()
            .find(|part| {
                part.content_type().is_some_and(|ct| ct.ctype() == "text" && ct.subtype() == Some("calendar"))
            })
            .expect("a text/calendar part");
        let content_type = inline.content_type().expect("content type");
        assert_eq!(content_type.attribute("method"), Some(method.as_str()));
        assert_eq!(content_type.attribute("charset").map(str::to_ascii_uppercase).as_deref(), Some("UTF-8"));
        assert_eq!(inline.text_contents(), Some(invite.ics.as_str()), "the invitation, byte for byte");

        let attachment =
            parsed.attachments().find(|a| a.attachment_name() == Some("invite.ics")).expect("invite.ics");
        assert_eq!(attachment.contents(), invite.ics.as_bytes());
        assert!(attachment.content_disposition().is_some_and(|d| d.ctype() == "attachment"));
    }
}

#[test]
fn replies_can_go_to_the_retreat() {
    let sender = sender().with_reply_to("Golden Pine <stay@goldenpineretreat.com>").expect("an address");
    let raw = sender.build_message(&stored(outgoing())).expect("a message");
    let parsed = MessageParser::default().parse(&raw).expect("parsable");
    assert_eq!(
        parsed.reply_to().and_then(|a| a.first()).and_then(|a| a.address()),
        Some("stay@goldenpineretreat.com")
    );
    assert!(
        SmtpSender::new("smtp://localhost", "a@b.example").expect("sender").with_reply_to("nope").is_err()
    );
}

#[test]
fn newsletter_mail_offers_one_click_unsubscribe() {
    let url = "https://goldenpine.example/api/newsletter/unsubscribe?token=abc.def-_";
    let raw = build(OutgoingMail { list_unsubscribe: Some(url.to_owned()), ..outgoing() });
    let headers = header_block(&raw);
    assert!(headers.contains(&format!("\r\nList-Unsubscribe: <{url}>\r\n")), "{headers}");
    assert!(headers.contains("\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n"), "{headers}");
    let parsed = MessageParser::default().parse(&raw).expect("parsable");
    assert_eq!(parsed.header_raw("List-Unsubscribe-Post").map(str::trim), Some("List-Unsubscribe=One-Click"));
}

#[test]
fn injected_line_breaks_never_make_a_header() {
    let hostile = OutgoingMail {
        subject: "Hello\r\nBcc: eve@example.com\r\n\r\nforged body".to_owned(),
        list_unsubscribe: Some("https://goldenpine.example/u?t=1\r\nBcc: eve@example.com".to_owned()),
        ..outgoing()
    };
    let raw = build(hostile);
    let headers = header_block(&raw);
    let names: Vec<&str> = headers
        .split("\r\n")
        .filter(|line| !line.starts_with([' ', '\t']))
        .filter_map(|line| line.split_once(':').map(|(name, _)| name))
        .collect();
    for name in &names {
        assert!(
            [
                "From",
                "To",
                "Subject",
                "Message-ID",
                "Reply-To",
                "Date",
                "MIME-Version",
                "Content-Type",
                "List-Unsubscribe",
                "List-Unsubscribe-Post"
            ]
            .contains(name),
            "unexpected header {name:?} in\n{headers}"
        );
    }
    let parsed = MessageParser::default().parse(&raw).expect("parsable");
    assert!(parsed.bcc().is_none());
    assert_eq!(parsed.subject(), Some("Hello Bcc: eve@example.com forged body"));

    for recipient in
        ["ada@example.com\r\nBcc: eve@example.com", "ada@example.com\nX-Evil: 1", "not an address", ""]
    {
        let failure = sender()
            .build_message(&stored(OutgoingMail { to: recipient.to_owned(), ..outgoing() }))
            .expect_err("refused");
        assert!(failure.permanent, "{recipient:?} can never be delivered");
        assert!(!failure.reply.contains('\n'), "the reply shows the address escaped: {}", failure.reply);
    }
}

#[test]
fn an_unknown_calendar_method_is_a_permanent_failure() {
    let bad =
        CalendarInvite { method: "PUBLISH\r\nX-Evil: 1".to_owned(), ics: "BEGIN:VCALENDAR\r\n".to_owned() };
    let failure = sender()
        .build_message(&stored(OutgoingMail { calendar: Some(bad), ..outgoing() }))
        .expect_err("refused");
    assert!(failure.permanent);
}

#[test]
fn configuration_is_checked_and_never_repeats_the_password() {
    for url in [
        "smtp://localhost",
        "smtp://user:p%40ss@mail.example.com:2525",
        "smtp://mail.example.com:587?tls=required",
        "smtps://user:pass@mail.example.com",
    ] {
        assert!(SmtpSender::new(url, "bookings@goldenpine.example").is_ok(), "{url}");
    }
    let error = SmtpSender::new("http://user:s3cret@mail.example.com", "bookings@goldenpine.example")
        .err()
        .expect("not an SMTP URL");
    assert!(!error.contains("s3cret"), "{error}");
    assert!(SmtpSender::new("smtp://localhost", "not an address").is_err());
    assert!(SmtpSender::new("smtp://localhost", "Golden Pine <bookings@goldenpine.example>").is_ok());
}

#[tokio::test]
async fn a_server_that_is_down_is_a_failure_worth_retrying() {
    // A port that was free a moment ago: nothing listens there.
    let port = std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("port").port();
    let sender =
        SmtpSender::new(&format!("smtp://127.0.0.1:{port}"), "bookings@goldenpine.example").expect("sender");
    let failure = sender.send(&stored(outgoing())).await.expect_err("nobody listens");
    assert!(!failure.permanent, "{}", failure.reply);
    assert!(!failure.reply.is_empty());

    let bad = stored(OutgoingMail { to: "nobody".to_owned(), ..outgoing() });
    assert!(sender.send(&bad).await.expect_err("never sent").permanent);
}

struct Links;

impl ports::GuestLinks for Links {
    fn booking_token(&self, booking_id: Uuid, _last_day: NaiveDate) -> String {
        format!("b.{}", booking_id.simple())
    }
    fn verify_booking(&self, _token: &str) -> Option<Uuid> {
        None
    }
    fn unsubscribe_token(&self, subscription_id: Uuid) -> String {
        format!("u.{}", subscription_id.simple())
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
        format!("g.{}", card_id.simple())
    }
    fn verify_gift_card(&self, _token: &str) -> Option<Uuid> {
        None
    }
    fn rating_token(&self, booking_id: Uuid) -> String {
        format!("r.{}", booking_id.simple())
    }
    fn verify_rating(&self, _token: &str) -> Option<Uuid> {
        None
    }
    fn follow_up_unsubscribe_token(&self, booking_id: Uuid) -> String {
        format!("f.{}", booking_id.simple())
    }
    fn verify_follow_up_unsubscribe(&self, _token: &str) -> Option<Uuid> {
        None
    }
    fn waitlist_offer_token(&self, offer_id: Uuid) -> String {
        format!("w.{}", offer_id.simple())
    }
    fn verify_waitlist_offer(&self, _token: &str) -> Option<Uuid> {
        None
    }
    fn waitlist_leave_token(&self, entry_id: Uuid) -> String {
        format!("l.{}", entry_id.simple())
    }
    fn verify_waitlist_leave(&self, _token: &str) -> Option<Uuid> {
        None
    }
    fn privacy_request_token(&self, request_id: Uuid) -> String {
        format!("p.{}", request_id.simple())
    }
    fn verify_privacy_request(&self, _token: &str) -> Option<Uuid> {
        None
    }
    fn privacy_copy_token(&self, request_id: Uuid) -> String {
        format!("c.{}", request_id.simple())
    }
    fn verify_privacy_copy(&self, _token: &str) -> Option<Uuid> {
        None
    }
}

#[test]
fn every_composed_message_builds_and_reads_back() {
    use ports::MailComposer;
    let composer = crate::Composer::new(
        crate::ComposerConfig {
            public_url: "https://goldenpine.example".to_owned(),
            retreat_email: "stay@goldenpineretreat.com".to_owned(),
            owner: domain::Email::parse("owner@goldenpine.example").ok(),
            time_zone: chrono_tz::America::Los_Angeles,
            organizer: "bookings@goldenpine.example".to_owned(),
            cancellation_free_hours: 48,
        },
        std::sync::Arc::new(Links),
    );
    for mail in composer.previews() {
        let raw = build(mail.clone());
        let parsed = MessageParser::default().parse(&raw).expect("parsable");
        assert_eq!(parsed.subject(), Some(mail.subject.as_str()));
        assert_eq!(parsed.to().and_then(|a| a.first()).and_then(|a| a.address()), Some(mail.to.as_str()));
        assert_eq!(parsed.body_text(0).map(|t| crlf_to_lf(&t)), Some(crlf_to_lf(&mail.text)));
        assert_eq!(parsed.body_html(0).map(|t| crlf_to_lf(&t)), Some(crlf_to_lf(&mail.html)));
        let invite_attached = parsed.attachments().any(|a| a.attachment_name() == Some("invite.ics"));
        assert_eq!(invite_attached, mail.calendar.is_some(), "{}", mail.template);
        assert_eq!(parsed.header_raw("List-Unsubscribe").is_some(), mail.list_unsubscribe.is_some());
    }
}
