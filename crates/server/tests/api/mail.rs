//! Mail, end to end: events write their messages to the outbox in their own
//! transaction, a delivery worker sends them to a real SMTP server (Debian's
//! aiosmtpd, see `smtp.rs`), retries while it is down, and guests' signed
//! links show and cancel their booking and unsubscribe them.

use std::collections::HashSet;
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;
use crate::smtp::{Received, SmtpServer};

const OWNER_INBOX: &str = "owner-inbox@goldenpine.test";

async fn app_sending_to(smtp: &SmtpServer) -> TestApp {
    spawn_app_with(Options { smtp_url: Some(smtp.url()), ..Options::default() }).await
}

/// The manage link's token in a message (`…/bookings/manage/{token}`).
fn manage_token(message: &Received) -> String {
    let start = message.text.find("/bookings/manage/").expect("a manage link in the text") + 17;
    message.text[start..].chars().take_while(|c| c.is_ascii_alphanumeric() || "-_.%".contains(*c)).collect()
}

fn to<'a>(messages: &'a [Received], address: &str) -> Vec<&'a Received> {
    messages.iter().filter(|m| m.to == address).collect()
}

/// Waits (bounded) until the outbox holds `count` messages in `state`.
async fn wait_for_state(app: &TestApp, token: &str, state: &str, count: usize) -> Vec<Value> {
    for _ in 0..400 {
        let listed = app.admin_json(token, &format!("/api/admin/emails?state={state}")).await;
        let listed = listed.as_array().expect("a list").clone();
        if listed.len() >= count {
            return listed;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("expected {count} {state} messages");
}

#[tokio::test]
async fn a_booking_request_confirmation_and_guest_cancellation_reach_guest_and_owner() {
    let smtp = SmtpServer::start().await;
    let app = app_sending_to(&smtp).await;
    let date = days_from_today(12);
    // One place at 11:00 that day: the guest's cancellation must free it.
    let token = app.admin_token().await;
    let entry = json!({"date": date, "serviceId": app.service_id("Massage Therapy").await, "timeSlot": "11:00", "maxCapacity": 1});
    expect_json(app.upsert_availability(&token, &entry).await, StatusCode::OK).await;
    let created = expect_json(
        app.post_json("/api/bookings", &booking_body("massage", &date, "11:00")).await,
        StatusCode::CREATED,
    )
    .await;
    let booking_id = created["id"].as_str().expect("id").to_owned();

    let first = smtp.wait_for(2).await;
    let guest = to(&first, "ada@example.com");
    let owner = to(&first, OWNER_INBOX);
    assert_eq!((guest.len(), owner.len()), (1, 1), "{first:#?}");
    assert_eq!(guest[0].subject, "Your booking request at Golden Pine");
    assert!(guest[0].html.contains("<html") && !guest[0].text.contains('<'), "an HTML and a text part");
    assert_eq!(guest[0].from, "stay@goldenpine.test");
    assert!(guest[0].calendar.is_none(), "a request is not yet in the calendar");
    assert!(guest[0].text.contains("https://goldenpine.test/bookings/manage/"));
    assert!(owner[0].subject.starts_with("New booking request: Ada"), "{}", owner[0].subject);
    assert!(owner[0].text.contains(&format!("/admin/dashboard?tab=bookings&booking={booking_id}")));
    assert!(owner[0].text.contains("Quiet room, please"), "the owner reads the notes");
    assert!(!guest[0].text.contains("Quiet room, please"), "guest text is never mailed back to the guest");

    // The link shows the booking.
    let link = manage_token(guest[0]);
    let seen = expect_json(app.get(&format!("/api/guest/bookings/{link}")).await, StatusCode::OK).await;
    assert_eq!((seen["status"].as_str(), seen["cancellable"].as_bool()), (Some("pending"), Some(true)));
    assert_eq!(seen["date"], date.as_str());

    // Confirmed by the owner: an invitation for the calendar.
    let path = format!("/api/admin/bookings/{booking_id}");
    expect_json(app.put_as(&token, &path, &json!({"status": "confirmed"})).await, StatusCode::OK).await;
    let all = smtp.wait_for(3).await;
    let confirmed = all.iter().find(|m| m.subject.starts_with("Confirmed:")).expect("a confirmation");
    let invite = confirmed.calendar.as_deref().expect("an invitation");
    assert!(invite.contains("METHOD:REQUEST") && invite.contains("TZID=America/Los_Angeles"), "{invite}");
    let compact = date.replace('-', "");
    assert!(invite.contains(&format!("DTSTART;TZID=America/Los_Angeles:{compact}T110000")), "{invite}");
    let uid = invite.lines().find(|l| l.starts_with("UID:")).expect("a UID").to_owned();

    // The guest cancels through the link: the capacity comes back, both hear of it.
    let cancelled = expect_json(
        app.post_json(&format!("/api/guest/bookings/{link}/cancel"), &json!({})).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(
        (cancelled["status"].as_str(), cancelled["cancellable"].as_bool()),
        (Some("cancelled"), Some(false))
    );
    let all = smtp.wait_for(5).await;
    let guest_cancel = all.iter().find(|m| m.subject.starts_with("Cancelled:")).expect("a cancellation");
    let cancel_invite = guest_cancel.calendar.as_deref().expect("a cancelling invitation");
    assert!(
        cancel_invite.contains("METHOD:CANCEL") && cancel_invite.contains(&uid),
        "same UID: {cancel_invite}"
    );
    assert!(to(&all, OWNER_INBOX).iter().any(|m| m.subject.starts_with("Guest cancelled: Ada")));
    let booking = &app.admin_json(&token, "/api/bookings").await.as_array().expect("list").clone()[0];
    assert_eq!(booking["status"], "cancelled");
    // The place is free again: another guest gets it.
    let mut other = booking_body("massage", &date, "11:00");
    other["email"] = json!("next@example.com");
    expect_json(app.post_json("/api/bookings", &other).await, StatusCode::CREATED).await;

    // Twice is refused with a clear code; the outbox records every message as sent.
    assert_error_code(
        app.post_json(&format!("/api/guest/bookings/{link}/cancel"), &json!({})).await,
        StatusCode::CONFLICT,
        "already_cancelled",
    )
    .await;
    let sent = wait_for_state(&app, &token, "sent", 5).await;
    assert!(sent.iter().all(|m| m["attempts"] == 1 && m["lastError"].is_null()), "{sent:#?}");
}

#[tokio::test]
async fn orders_contact_messages_and_sign_ups_are_mailed_with_their_details() {
    let smtp = SmtpServer::start().await;
    let app = app_sending_to(&smtp).await;
    let products = app.products().await;
    let order = expect_json(
        app.post_json("/api/orders", &order_body(&[(&products[0], 2)])).await,
        StatusCode::CREATED,
    )
    .await;
    let message = json!({"firstName": "Rae", "lastName": "Moss", "email": "rae@example.com",
        "message": "Do you have <b>quiet</b> rooms?"});
    expect_json(app.post_json("/api/contact-messages", &message).await, StatusCode::CREATED).await;
    expect_json(
        app.post_json("/api/newsletter-subscriptions", &json!({"email": "reader@example.com"})).await,
        StatusCode::CREATED,
    )
    .await;
    let all = smtp.wait_for(5).await;
    assert_eq!(all.len(), 5, "receipt, new order, acknowledgement, new message, welcome: {all:#?}");

    let receipt = all.iter().find(|m| m.subject.starts_with("Your Golden Pine order")).expect("a receipt");
    let name = products[0]["name"].as_str().expect("name");
    assert!(receipt.text.contains(name) && receipt.text.contains(order["total"].as_str().unwrap_or("?")));
    assert!(
        receipt.text.contains("Subtotal")
            && receipt.text.contains("Tax")
            && receipt.text.contains("Shipping")
    );
    let new_order =
        to(&all, OWNER_INBOX).into_iter().find(|m| m.subject.starts_with("New order")).expect("owner");
    assert!(new_order.text.contains("/admin/dashboard?tab=orders"));
    let new_message = all.iter().find(|m| m.subject == "New message from Rae Moss").expect("owner message");
    assert!(
        new_message.html.contains("quiet") && !new_message.html.contains("<b>quiet</b>"),
        "the message is escaped in HTML: {}",
        new_message.html
    );
    assert!(to(&all, "rae@example.com").len() == 1, "the sender gets an acknowledgement");

    // Newsletter mail carries one-click unsubscribe (RFC 8058) that works.
    let welcome = to(&all, "reader@example.com")[0];
    assert_eq!(welcome.header("List-Unsubscribe-Post"), Some("List-Unsubscribe=One-Click"));
    let header = welcome.header("List-Unsubscribe").expect("List-Unsubscribe");
    let url = header.trim_start_matches('<').trim_end_matches('>');
    let path = url.strip_prefix("https://goldenpine.test").expect("on the public URL");
    assert!(path.starts_with("/api/newsletter/unsubscribe?token="), "{path}");
    assert_eq!(app.rows("newsletter_subscriptions"), 1);
    let response =
        app.client.post(app.url(path)).body("List-Unsubscribe=One-Click").send().await.expect("sent");
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(app.rows("newsletter_subscriptions"), 0);
    // Once more (a mail client may retry): still fine.
    let again = app.client.post(app.url(path)).send().await.expect("sent");
    assert_eq!(again.status(), StatusCode::OK);
    // A forged token is refused.
    let forged =
        app.client.post(app.url("/api/newsletter/unsubscribe?token=abc.def.ghi")).send().await.expect("sent");
    assert_error_code(forged, StatusCode::NOT_FOUND, "invalid_link").await;

    // Shipping is news for the guest.
    let token = app.admin_token().await;
    let path = format!("/api/admin/orders/{}/status", order["id"].as_str().expect("id"));
    expect_json(app.put_as(&token, &path, &json!({"status": "shipped"})).await, StatusCode::OK).await;
    let all = smtp.wait_for(6).await;
    assert!(all.iter().any(|m| m.subject.ends_with("is on its way")), "{all:#?}");
}

#[tokio::test]
async fn mail_waits_while_smtp_is_down_and_goes_out_once_it_is_back() {
    let mut smtp = SmtpServer::stopped().await;
    let app = app_sending_to(&smtp).await;
    let token = app.admin_token().await;
    let message =
        json!({"firstName": "Rae", "lastName": "Moss", "email": "rae@example.com", "message": "Hi"});
    expect_json(app.post_json("/api/contact-messages", &message).await, StatusCode::CREATED).await;

    // Refused connections are recorded and retried with a back-off.
    for _ in 0..400 {
        let listed = app.admin_json(&token, "/api/admin/emails").await;
        if listed.as_array().expect("list").iter().all(|m| m["attempts"].as_i64() >= Some(1)) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let listed = app.admin_json(&token, "/api/admin/emails").await;
    for message in listed.as_array().expect("list") {
        assert_eq!(message["state"], "queued", "{message}");
        assert!(message["lastError"].as_str().is_some_and(|e| !e.is_empty()), "{message}");
        let detail = app
            .admin_json(&token, &format!("/api/admin/emails/{}", message["id"].as_str().expect("id")))
            .await;
        assert!(!detail["attemptsMade"].as_array().expect("attempts").is_empty());
        assert_eq!(detail["attemptsMade"][0]["sent"], false);
    }

    smtp.run().await;
    let received = smtp.wait_for(2).await;
    assert_eq!(received.len(), 2);
    let sent = wait_for_state(&app, &token, "sent", 2).await;
    assert!(sent.iter().all(|m| m["attempts"].as_i64() >= Some(2)), "{sent:#?}");
}

#[tokio::test]
async fn a_refused_event_queues_nothing_and_a_failed_message_can_be_resent() {
    let app = spawn_app().await; // no SMTP_URL: everything stays queued
    let token = app.admin_token().await;
    let settings = app.admin_json(&token, "/api/admin/mail-settings").await;
    assert_eq!(settings["delivering"], false);

    // Refused events (a validation error, stale prices) leave no message.
    let mut bad = booking_body("massage", &days_from_today(5), "11:00");
    bad["email"] = json!("not-an-email");
    assert_error(app.post_json("/api/bookings", &bad).await, StatusCode::BAD_REQUEST).await;
    let products = app.products().await;
    let mut stale = order_body(&[(&products[0], 1)]);
    stale["total"] = json!("1.00");
    assert_eq!(app.post_json("/api/orders", &stale).await.status().as_u16() / 100, 4);
    assert_eq!(app.rows("outbox_messages"), 0);

    // A committed event always has its messages, queued while SMTP is unset.
    expect_json(
        app.post_json("/api/bookings", &booking_body("massage", &days_from_today(5), "11:00")).await,
        StatusCode::CREATED,
    )
    .await;
    let queued = wait_for_state(&app, &token, "queued", 2).await;
    assert_eq!(queued.len(), 2);

    // A message that failed for good is queued again by "Resend".
    let id = queued[0]["id"].as_str().expect("id").to_owned();
    let path = format!("/api/admin/emails/{id}/resend");
    assert_error_code(app.post_as(&token, &path, &json!({})).await, StatusCode::NOT_FOUND, "not_found").await;
    app.sql(&format!("UPDATE outbox_messages SET state = 'failed', attempts = 8 WHERE id = '{id}'"));
    assert_eq!(wait_for_state(&app, &token, "failed", 1).await.len(), 1);
    let resent = expect_json(app.post_as(&token, &path, &json!({})).await, StatusCode::OK).await;
    assert_eq!(resent["state"], "queued");

    // Every template has a preview; the emails view is admin-only.
    let previews = app.admin_json(&token, "/api/admin/email-previews").await;
    assert_eq!(
        previews.as_array().expect("list").len(),
        30,
        "one per template (issue 24 added the invitation and the reset link, issue 42 the moves and the reminder, \
         issue 43 the thank-you, the invitation to return, a rating taken down and the waitlist's two, issue 45 a \
         guest's request for her data: its confirmation, the owner's notice and the link to her copy)"
    );
    assert_eq!(app.get("/api/admin/emails").await.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_processes_send_each_of_200_messages_exactly_once() {
    let smtp = SmtpServer::start().await;
    let first =
        spawn_app_with(Options { smtp_url: Some(smtp.url()), notify_email: None, ..Options::default() })
            .await;
    let second = spawn_app_with(Options {
        smtp_url: Some(smtp.url()),
        notify_email: None,
        database_url: Some(first.database_url.clone()),
        ..Options::default()
    })
    .await;
    // 200 sign-ups, alternating between the processes: one welcome each.
    let bodies: Vec<Value> = (0..200).map(|n| json!({"email": format!("guest{n}@example.com")})).collect();
    let mut pending = Vec::new();
    for (n, body) in bodies.iter().enumerate() {
        let app = if n % 2 == 0 { &first } else { &second };
        pending.push(app.post_json("/api/newsletter-subscriptions", body));
    }
    for response in futures_util::future::join_all(pending).await {
        assert_eq!(response.status(), StatusCode::CREATED);
    }
    let received = smtp.wait_for(200).await;
    let token = first.admin_token().await;
    wait_for_state(&first, &token, "sent", 200).await;
    // Nothing more arrives: every message was sent once.
    let recipients: HashSet<&str> = received.iter().map(|m| m.to.as_str()).collect();
    assert_eq!((received.len(), recipients.len()), (200, 200));
    assert_eq!(smtp.raw_messages().len(), 200);
    let ids: HashSet<&str> = received.iter().filter_map(|m| m.header("Message-ID")).collect();
    assert_eq!(ids.len(), 200);
}

#[tokio::test]
async fn hostile_names_cannot_add_mail_headers() {
    let smtp = SmtpServer::start().await;
    let app = app_sending_to(&smtp).await;
    // A name is one line: a line break in it is refused before anything is stored.
    let mut body = booking_body("massage", &days_from_today(9), "11:00");
    body["firstName"] = json!("Eve\r\nBcc: victim@example.com");
    body["lastName"] = json!("Moss\nX-Injected: yes");
    let one_line = "Must be one line, without line breaks, tabs or control characters";
    assert_field_errors(
        app.post_json("/api/bookings", &body).await,
        &[("firstName", one_line), ("lastName", one_line)],
    )
    .await;
    // Text that keeps its line breaks cannot smuggle a header or a second message.
    let message = json!({"firstName": "Eve", "lastName": "M", "email": "eve@example.com",
        "message": "hi\r\n.\r\nMAIL FROM:<x@evil.example>\r\nBcc: victim@example.com\r\nX-Injected: yes"});
    expect_json(app.post_json("/api/contact-messages", &message).await, StatusCode::CREATED).await;
    let expected = 2;
    let all = smtp.wait_for(expected).await;
    for message in &all {
        assert!(message.header("Bcc").is_none() && message.header("X-Injected").is_none(), "{}", message.raw);
        assert!(!message.subject.contains('\n') && !message.subject.contains('\r'));
        assert_ne!(message.to, "victim@example.com");
    }
    let token = app.admin_token().await;
    wait_for_state(&app, &token, "sent", expected).await;
    assert_eq!(app.rows("outbox_messages"), expected as i64);
    assert_eq!(app.rows("bookings"), 0);
    assert_eq!(smtp.raw_messages().len(), expected, "no extra message was smuggled in");
}

#[tokio::test]
async fn guest_links_are_signed_expire_and_close_at_the_cutoff() {
    let app = spawn_app_with(Options { guest_cancel_cutoff_hours: 72, ..Options::default() }).await;
    let token = app.admin_token().await;
    // Tomorrow is inside a 72-hour cutoff: shown, not cancellable.
    let soon = expect_json(
        app.post_json("/api/bookings", &booking_body("massage", &days_from_today(1), "11:00")).await,
        StatusCode::CREATED,
    )
    .await;
    let id = soon["id"].as_str().expect("id");
    let detail_link = guest_link_for(&app, &token, id).await;
    let seen =
        expect_json(app.get(&format!("/api/guest/bookings/{detail_link}")).await, StatusCode::OK).await;
    assert_eq!(seen["cancellable"], false);
    assert!(seen["notCancellableReason"].as_str().is_some_and(|r| !r.is_empty()));
    assert_error_code(
        app.post_json(&format!("/api/guest/bookings/{detail_link}/cancel"), &json!({})).await,
        StatusCode::CONFLICT,
        "cancellation_closed",
    )
    .await;
    assert_eq!(app.admin_json(&token, "/api/bookings").await[0]["status"], "pending");

    // A changed character, a token for another purpose, an expired one: 404 invalid_link.
    let mut tampered = detail_link.clone().into_bytes();
    let last = tampered.len() - 2;
    tampered[last] = if tampered[last] == b'A' { b'B' } else { b'A' };
    let tampered = String::from_utf8(tampered).expect("ascii");
    let expired = forge_guest_token(id, "manage-booking", -60);
    let other_purpose = forge_guest_token(id, "unsubscribe", 3600);
    let admin_token = token.clone();
    for bad in [tampered.as_str(), expired.as_str(), other_purpose.as_str(), admin_token.as_str(), "nonsense"]
    {
        assert_error_code(
            app.get(&format!("/api/guest/bookings/{bad}")).await,
            StatusCode::NOT_FOUND,
            "invalid_link",
        )
        .await;
        assert_error_code(
            app.post_json(&format!("/api/guest/bookings/{bad}/cancel"), &json!({})).await,
            StatusCode::NOT_FOUND,
            "invalid_link",
        )
        .await;
    }
    // A valid signature for a booking that is gone.
    let gone = forge_guest_token(&uuid::Uuid::new_v4().to_string(), "manage-booking", 3600);
    assert_error_code(
        app.get(&format!("/api/guest/bookings/{gone}")).await,
        StatusCode::NOT_FOUND,
        "invalid_link",
    )
    .await;
}

/// The manage link the outbox holds for a booking's guest.
async fn guest_link_for(app: &TestApp, token: &str, booking_id: &str) -> String {
    let listed = wait_for_state(app, token, "queued", 1).await;
    let message = listed
        .iter()
        .find(|m| m["relatedId"] == booking_id && m["template"] == "booking_requested")
        .expect("the guest's request message");
    let detail =
        app.admin_json(token, &format!("/api/admin/emails/{}", message["id"].as_str().expect("id"))).await;
    let text = detail["text"].as_str().expect("text");
    let start = text.find("/bookings/manage/").expect("a link") + 17;
    text[start..].chars().take_while(|c| c.is_ascii_alphanumeric() || "-_.%".contains(*c)).collect()
}

/// A guest-link token signed with the test secret, as the server would.
fn forge_guest_token(id: &str, audience: &str, seconds_from_now: i64) -> String {
    let claims = json!({
        "sub": id, "aud": audience, "iss": "golden-pine-retreat/guest-link",
        "exp": chrono::Utc::now().timestamp() + seconds_from_now,
    });
    jsonwebtoken::encode(
        &jsonwebtoken::Header::new(jsonwebtoken::Algorithm::HS256),
        &claims,
        &jsonwebtoken::EncodingKey::from_secret(JWT_SECRET.as_bytes()),
    )
    .expect("token")
}
