//! Contact messages the owner works through (issue 23; docs/decisions.md
//! §17): new, read, answered; a reply kept with its message and mailed to
//! the guest through the outbox and a real SMTP server, in one transaction
//! with the message answered and the audit record.

use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::*;
use crate::smtp::SmtpServer;

const REPLY_SUBJECT: &str = "Re: your message to Golden Pine Wellness Retreat";
const REPLY_KEYS: &[&str] = &["id", "message", "sentBy", "createdAt", "emailId", "emailState"];

/// A message from a guest, as the contact form sends it; answers its id.
async fn guest_writes(app: &TestApp, message: &str) -> String {
    let body = json!({"firstName": "Rae", "lastName": "Moss", "email": "rae@example.com", "interest": "spa",
        "message": message});
    let created = expect_json(app.post_json("/api/contact-messages", &body).await, StatusCode::CREATED).await;
    assert_eq!(created["state"], "new");
    created["id"].as_str().expect("id").to_owned()
}

fn path(id: &str) -> String {
    format!("/api/admin/contact-messages/{id}")
}

async fn mark(app: &TestApp, token: &str, id: &str, state: &str) -> Value {
    let response = app.put_as(token, &format!("{}/state", path(id)), &json!({"state": state})).await;
    expect_json(response, StatusCode::OK).await
}

async fn reply(app: &TestApp, token: &str, id: &str, text: &str) -> reqwest::Response {
    app.post_as(token, &format!("{}/replies", path(id)), &json!({"message": text})).await
}

/// The audit records about a message, oldest first: (action, summary).
fn audit_of(app: &TestApp, id: &str) -> Vec<(String, String)> {
    let count = app.sql_count(&format!("SELECT count(*) FROM audit_log WHERE entity_id = '{id}'"));
    (0..count)
        .map(|n| {
            let row = |column: &str| {
                app.sql_text(&format!(
                    "SELECT {column} FROM audit_log WHERE entity_id = '{id}' ORDER BY at, id OFFSET {n} LIMIT 1"
                ))
            };
            (row("action"), row("summary"))
        })
        .collect()
}

#[tokio::test]
async fn a_message_is_read_answered_by_hand_and_marked_unread_again() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let id = guest_writes(&app, "Is the sauna open in winter?").await;

    let thread = app.admin_json(&token, &path(&id)).await;
    assert_eq!(thread["state"], "new");
    assert_eq!(thread["readAt"], Value::Null);
    assert_eq!(thread["answeredAt"], Value::Null);
    assert_eq!(thread["replies"], json!([]));
    assert_eq!(thread["message"], "Is the sauna open in winter?");

    // Opened: read, once; reading again keeps the first time and records nothing.
    let read = mark(&app, &token, &id, "read").await;
    assert_eq!(read["state"], "read");
    assert!(read["readAt"].is_string() && read["answeredAt"].is_null(), "{read}");
    let again = mark(&app, &token, &id, "read").await;
    assert_eq!(again["readAt"], read["readAt"], "the first reading stays");
    assert_eq!(audit_of(&app, &id).len(), 1, "marking a message as it is is no change");

    // Answered by phone: no reply, no mail.
    let answered = mark(&app, &token, &id, "answered").await;
    assert_eq!(answered["state"], "answered");
    assert_eq!(answered["readAt"], read["readAt"]);
    assert!(answered["answeredAt"].is_string());
    assert_eq!(app.sql_count("SELECT count(*) FROM outbox_messages WHERE template = 'contact_reply'"), 0);

    // Unread again: both times go.
    let unread = mark(&app, &token, &id, "new").await;
    assert_eq!(unread["state"], "new");
    assert!(unread["readAt"].is_null() && unread["answeredAt"].is_null(), "{unread}");

    // The list carries the state too.
    let listed = app.admin_json(&token, "/api/contact-messages").await;
    let item = listed.as_array().expect("list").iter().find(|m| m["id"] == id.as_str()).expect("listed");
    assert_eq!(item["state"], "new");

    let trail = audit_of(&app, &id);
    let actions: Vec<&str> = trail.iter().map(|(action, _)| action.as_str()).collect();
    assert_eq!(actions, ["status_changed", "status_changed", "status_changed"]);
    assert_eq!(trail[0].1, "“Message from Rae Moss”: state new → read");
    assert_eq!(trail[1].1, "“Message from Rae Moss”: state read → answered");
    assert_eq!(trail[2].1, "“Message from Rae Moss”: state answered → new");

    // Refusals: an unknown state, an unknown or malformed id.
    assert_field_errors(
        app.put_as(&token, &format!("{}/state", path(&id)), &json!({"state": "archived"})).await,
        &[("state", "State must be new, read or answered")],
    )
    .await;
    assert_field_errors(
        app.put_as(&token, &format!("{}/state", path(&id)), &json!({})).await,
        &[("state", "State must be new, read or answered")],
    )
    .await;
    let unknown = uuid::Uuid::new_v4();
    assert_error_code(
        app.put_as(&token, &format!("{}/state", path(&unknown.to_string())), &json!({"state": "read"})).await,
        StatusCode::NOT_FOUND,
        "not_found",
    )
    .await;
    assert_error_code(
        app.get_as(&token, &path(&unknown.to_string())).await,
        StatusCode::NOT_FOUND,
        "not_found",
    )
    .await;
    assert_error_code(app.get_as(&token, &path("not-an-id")).await, StatusCode::BAD_REQUEST, "invalid_id")
        .await;
    assert_error_code(
        app.put_as(&token, "/api/admin/contact-messages/42/state", &json!({"state": "read"})).await,
        StatusCode::BAD_REQUEST,
        "invalid_id",
    )
    .await;
    assert_eq!(audit_of(&app, &id).len(), 3, "refusals leave no record");
}

#[tokio::test]
async fn a_reply_is_kept_mailed_with_the_quoted_message_and_answers_the_message() {
    let smtp = SmtpServer::start().await;
    let app = spawn_app_with(Options { smtp_url: Some(smtp.url()), ..Options::default() }).await;
    let token = app.admin_token().await;
    let id = guest_writes(&app, "Hello!\nDo you have <b>quiet</b> rooms?").await;
    // The acknowledgement and the owner's notification.
    smtp.wait_for(2).await;

    let text = "Dear Rae,\n\nWe do: every Tiny Home is quiet & dark.\n\nOlive";
    let created =
        expect_json(reply(&app, &token, &id, &format!("  {text}\n")).await, StatusCode::CREATED).await;
    assert_eq!(keys(&created), sorted(REPLY_KEYS));
    assert_eq!(created["message"], text, "trimmed, line breaks kept");
    assert_eq!(created["sentBy"], ADMIN_EMAIL);
    assert_eq!(created["emailState"], "queued");
    let email_id = created["emailId"].as_str().expect("the reply's mail").to_owned();

    // Kept with the message, which is now read and answered.
    let thread = app.admin_json(&token, &path(&id)).await;
    assert_eq!(thread["state"], "answered");
    assert!(thread["readAt"].is_string() && thread["answeredAt"].is_string(), "{thread}");
    let replies = thread["replies"].as_array().expect("replies");
    assert_eq!(replies.len(), 1);
    assert_eq!(replies[0]["id"], created["id"]);
    assert_eq!(replies[0]["message"], text);
    assert_eq!(replies[0]["emailId"], email_id.as_str());

    // Mailed to the guest over SMTP: the reply, then their message quoted.
    let all = smtp.wait_for(3).await;
    let mail =
        all.iter().find(|m| m.subject == REPLY_SUBJECT).unwrap_or_else(|| panic!("a reply in {all:#?}"));
    assert_eq!(mail.to, "rae@example.com");
    assert_eq!(mail.from, "stay@goldenpine.test", "from the retreat, as every guest mail");
    let (answer, quoted) =
        mail.text.split_once("you wrote:").expect("the guest's words quoted after the reply");
    assert!(answer.contains(text), "{}", mail.text);
    assert!(quoted.contains("> Hello!\n> Do you have <b>quiet</b> rooms?"), "{}", mail.text);
    assert!(mail.html.contains("quiet &#38; dark") && mail.html.contains("&#60;b&#62;quiet&#60;/b&#62;"));
    assert!(!mail.html.contains("<b>quiet</b>"), "the guest's words are escaped: {}", mail.html);
    assert_eq!(all.iter().filter(|m| m.subject == REPLY_SUBJECT).count(), 1, "the guest alone gets it");

    // The dashboard sees it sent.
    let mut sent = Value::Null;
    for _ in 0..200 {
        sent = app.admin_json(&token, &path(&id)).await["replies"][0]["emailState"].clone();
        if sent == "sent" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(sent, "sent");
    let outbox = app.admin_json(&token, &format!("/api/admin/emails/{email_id}")).await;
    assert_eq!(outbox["template"], "contact_reply");
    assert_eq!(outbox["relatedId"], id.as_str(), "listed with the message in the Emails view");

    // One record in the trail, in the reply's own transaction.
    let trail = audit_of(&app, &id);
    assert_eq!(trail.len(), 1, "{trail:?}");
    assert_eq!(trail[0].0, "replied");
    assert!(
        trail[0].1.starts_with("“Message from Rae Moss”: reply to rae@example.com “Dear Rae,"),
        "{trail:?}"
    );
    assert_eq!(
        app.sql_text(&format!("SELECT actor FROM audit_log WHERE entity_id = '{id}' AND action = 'replied'")),
        ADMIN_EMAIL
    );

    // The template is previewed with the others.
    let previews = app.admin_json(&token, "/api/admin/email-previews").await;
    assert!(
        previews.as_array().expect("previews").iter().any(|p| p["template"] == "contact_reply"),
        "{previews}"
    );
}

#[tokio::test]
async fn a_blank_or_too_long_reply_or_one_to_no_message_is_refused_and_leaves_nothing() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let id = guest_writes(&app, "Hello").await;
    let outbox = app.rows("outbox_messages");

    for blank in ["", "   ", " \n\t "] {
        let error = assert_field_errors(
            reply(&app, &token, &id, blank).await,
            &[("message", "Please write your reply")],
        )
        .await;
        assert_eq!(error["code"], "validation_failed");
    }
    assert_field_errors(
        app.post_as(&token, &format!("{}/replies", path(&id)), &json!({})).await,
        &[("message", "Please write your reply")],
    )
    .await;
    assert_field_errors(
        reply(&app, &token, &id, &"a".repeat(5_001)).await,
        &[("message", "Must be at most 5000 characters")],
    )
    .await;
    assert_field_errors(
        reply(&app, &token, &id, "a\u{0}b").await,
        &[("message", "Must not contain NUL characters")],
    )
    .await;
    assert_error(
        app.post_as(&token, &format!("{}/replies", path(&id)), &json!({"message": 42})).await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_error_code(
        reply(&app, &token, &uuid::Uuid::new_v4().to_string(), "Hello").await,
        StatusCode::NOT_FOUND,
        "not_found",
    )
    .await;
    assert_error_code(reply(&app, &token, "nope", "Hello").await, StatusCode::BAD_REQUEST, "invalid_id")
        .await;

    assert_eq!(app.rows("contact_message_replies"), 0);
    assert_eq!(app.rows("outbox_messages"), outbox, "no mail was queued");
    assert_eq!(app.admin_json(&token, &path(&id)).await["state"], "new");
    assert!(audit_of(&app, &id).is_empty());

    // 5,000 characters exactly is a reply.
    let longest = "é".repeat(5_000);
    let created = expect_json(reply(&app, &token, &id, &longest).await, StatusCode::CREATED).await;
    assert_eq!(created["message"], longest.as_str());
}

#[tokio::test]
async fn only_an_admin_reads_marks_or_replies() {
    let app = spawn_app().await;
    let id = guest_writes(&app, "Hello").await;
    let calls = [
        (Method::GET, path(&id), None),
        (Method::PUT, format!("{}/state", path(&id)), Some(json!({"state": "read"}))),
        (Method::POST, format!("{}/replies", path(&id)), Some(json!({"message": "Hi"}))),
    ];
    for (method, url, body) in calls {
        let request = app.request(method.clone(), &url);
        let request = match &body {
            Some(body) => request.json(body),
            None => request,
        };
        let response = request.send().await.expect("sent");
        assert_error_code(response, StatusCode::UNAUTHORIZED, "unauthenticated").await;
        let forged = app.send_as("not.a.token", method, &url, body.as_ref()).await;
        assert_error_code(forged, StatusCode::UNAUTHORIZED, "unauthenticated").await;
    }
    assert_eq!(app.rows("contact_message_replies"), 0);
    assert_eq!(app.sql_count("SELECT count(*) FROM contact_messages WHERE read_at IS NOT NULL"), 0);
}

#[tokio::test]
async fn a_second_reply_keeps_the_first_answer_and_deleting_the_message_deletes_its_replies() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let id = guest_writes(&app, "Hello").await;
    let first = expect_json(reply(&app, &token, &id, "First answer").await, StatusCode::CREATED).await;
    let answered = app.admin_json(&token, &path(&id)).await["answeredAt"].clone();
    let second = expect_json(reply(&app, &token, &id, "And one more thing").await, StatusCode::CREATED).await;
    let thread = app.admin_json(&token, &path(&id)).await;
    assert_eq!(thread["answeredAt"], answered, "the first answer's time stays");
    let texts: Vec<&Value> =
        thread["replies"].as_array().expect("replies").iter().map(|r| &r["message"]).collect();
    assert_eq!(texts, [&first["message"], &second["message"]], "oldest first");
    // Without SMTP the mail waits in the outbox.
    assert_eq!(thread["replies"][1]["emailState"], "queued");
    assert_eq!(app.rows("contact_message_replies"), 2);

    assert_eq!(app.delete_as(&token, &path(&id)).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(app.rows("contact_message_replies"), 0, "the replies went with their message");
    assert_eq!(
        app.sql_count("SELECT count(*) FROM outbox_messages WHERE template = 'contact_reply'"),
        2,
        "the mail log keeps what was sent"
    );
    assert_error_code(app.get_as(&token, &path(&id)).await, StatusCode::NOT_FOUND, "not_found").await;
    assert_error_code(reply(&app, &token, &id, "Too late").await, StatusCode::NOT_FOUND, "not_found").await;
}
