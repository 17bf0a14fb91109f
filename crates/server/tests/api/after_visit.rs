//! After the visit (issue 43), driven by a clock the test sets, swept by two
//! server processes on one database, delivered to a real SMTP server: each
//! guest's thank-you goes once (with the service's aftercare words and a
//! link to rate each booking); the invitation to return goes when due, not
//! to a guest with a visit booked or one who unsubscribed (whose booking
//! mail still goes); a rating may change for 30 days; the site counts every
//! rating and quotes only what its author allowed; a take-down names a
//! written rule, is audited and tells its author.

use chrono::Duration;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;
use crate::reminders::SetClock;
use crate::server_rendering::built_frontend;
use crate::smtp::SmtpServer;

fn day(text: &str) -> chrono::NaiveDate {
    chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d").expect(text)
}

async fn book(app: &TestApp, email: &str, first: &str, service: &str, date: &str, time: &str) -> Value {
    let mut body = booking_body(service, date, time);
    body["email"] = json!(email);
    body["firstName"] = json!(first);
    body["lastName"] = json!("lovelace");
    expect_json(app.post_json("/api/bookings", &body).await, StatusCode::CREATED).await
}

async fn set_status(app: &TestApp, admin: &str, booking: &Value, status: &str) {
    let path = format!("/api/admin/bookings/{}", booking["id"].as_str().expect("id"));
    expect_json(app.put_as(admin, &path, &json!({"status": status})).await, StatusCode::OK).await;
}

fn written(app: &TestApp, template: &str) -> i64 {
    app.sql_count(&format!("SELECT count(*) FROM outbox_messages WHERE template = '{template}'"))
}

/// Waits until a follow-up round that read after now has finished (either
/// process's): whatever was due now has been seen.
async fn a_round_after_now(app: &TestApp) {
    let now = app.sql_text("SELECT now()::text");
    for _ in 0..800 {
        let seen = app.sql_count(&format!(
            "SELECT count(*) FROM visit_settings WHERE follow_ups_checked_at > '{now}'::timestamptz"
        ));
        if seen > 0 {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
    }
    panic!("no follow-up round finished");
}

async fn service_id(app: &TestApp, admin: &str, key: &str) -> String {
    let all = app.admin_json(admin, "/api/admin/service-follow-ups").await;
    all.as_array()
        .expect("list")
        .iter()
        .find(|s| s["bookingKey"] == key)
        .and_then(|s| s["serviceId"].as_str())
        .expect("a service with the key")
        .to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn thanks_and_invitations_go_once_and_honour_a_booked_visit_and_unsubscribing() {
    let smtp = SmtpServer::start().await;
    let clock = SetClock::now_real();
    let options = || Options {
        smtp_url: Some(smtp.url()),
        clock: Some(clock.clone()),
        notify_email: None,
        ..Options::default()
    };
    let first = spawn_app_with(options()).await;
    let second =
        spawn_app_with(Options { database_url: Some(first.database_url.clone()), ..options() }).await;
    let admin = first.admin_token().await;

    // The owner's words after a massage, and its guests invited back after four weeks.
    let massage = service_id(&first, &admin, "massage").await;
    let path = format!("/api/admin/service-follow-ups/{massage}");
    let saved = expect_json(
        first
            .put_as(
                &admin,
                &path,
                &json!({"aftercare": " Drink water and rest tonight. ", "returnAfterDays": 28}),
            )
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(saved["aftercare"], "Drink water and rest tonight.");
    assert_eq!(saved["returnAfterDays"], 28);
    for bad in
        [json!({"returnAfterDays": 0}), json!({"returnAfterDays": 731}), json!({"returnAfterDays": "x"})]
    {
        let refused = assert_error_code(
            first.put_as(&admin, &path, &bad).await,
            StatusCode::BAD_REQUEST,
            "validation_failed",
        )
        .await;
        assert!(refused.to_string().contains("returnAfterDays"), "{refused}");
    }

    let d = days_from_today(10);
    let ada = book(&first, "ada@example.com", "Ada", "massage", &d, "11:00").await;
    let ada_spa = book(&first, "ada@example.com", "Ada", "spa", &d, "15:00").await;
    let bea = book(&first, "bea@example.com", "Bea", "spa", &d, "11:00").await;
    let cy = book(&first, "cy@example.com", "Cy", "massage", &d, "13:00").await;
    let dee = book(&first, "dee@example.com", "Dee", "massage", &d, "9:00").await;
    let eve = book(&first, "eve@example.com", "Eve", "massage", &d, "9:00").await;
    for booking in [&ada, &ada_spa, &bea, &cy, &dee, &eve] {
        set_status(&first, &admin, booking, "confirmed").await;
    }
    // Eve's visit is never marked had: no thanks.
    for booking in [&ada, &ada_spa, &bea, &cy, &dee] {
        set_status(&first, &admin, booking, "completed").await;
    }

    // Before the day, nothing; on the day after the visit, in the afternoon, one thank-you per guest.
    clock.set_local(day(&d) - Duration::days(1), 12, 0);
    a_round_after_now(&first).await;
    assert_eq!(written(&first, "visit_thanks"), 0, "marked completed ahead of its day: not yet");
    clock.set_local(day(&d), 17, 0);
    a_round_after_now(&first).await;
    a_round_after_now(&second).await;
    assert_eq!(written(&first, "visit_thanks"), 4, "Ada (both bookings in one), Bea, Cy and Dee, once each");
    let mails = thanks_received(&smtp, 4).await;
    assert_eq!(mails.iter().filter(|m| m.to == "ada@example.com").count(), 1);
    let ada_thanks = mails.iter().find(|m| m.to == "ada@example.com").expect("Ada's thanks");
    assert_eq!(ada_thanks.subject, "Thank you for your visit to Golden Pine");
    assert!(ada_thanks.text.contains("Drink water and rest tonight."), "{}", ada_thanks.text);
    assert_eq!(ada_thanks.text.matches("/visits/rate?token=").count(), 2, "a link per booking");
    assert_eq!(ada_thanks.header("List-Unsubscribe-Post"), Some("List-Unsubscribe=One-Click"));
    let bea_thanks = mails.iter().find(|m| m.to == "bea@example.com").expect("Bea's thanks");
    assert!(!bea_thanks.text.contains("Aftercare"), "the spa has no aftercare words");

    // Cy unsubscribes with one click; Dee books her next massage.
    let cy_thanks = mails.iter().find(|m| m.to == "cy@example.com").expect("Cy's thanks");
    let header = cy_thanks.header("List-Unsubscribe").expect("List-Unsubscribe");
    let url = header.trim_start_matches('<').trim_end_matches('>');
    let path = url.split_once("/api/").map(|(_, rest)| format!("/api/{rest}")).expect("an API address");
    let answer =
        first.client.post(first.url(&path)).body("List-Unsubscribe=One-Click").send().await.expect("sent");
    assert_eq!(answer.status(), StatusCode::OK);
    let forged =
        first.client.post(first.url("/api/follow-ups/unsubscribe?token=forged")).send().await.expect("sent");
    assert_eq!(forged.status(), StatusCode::NOT_FOUND);
    book(&first, "dee@example.com", "Dee", "massage", &days_from_today(45), "11:00").await;

    // Four weeks after: Ada alone is invited back (the spa sets no return; Cy opted out; Dee has a visit booked).
    let due = day(&d) + Duration::days(28);
    clock.set_local(due, 10, 0);
    a_round_after_now(&first).await;
    a_round_after_now(&second).await;
    assert_eq!(written(&first, "return_invitation"), 1);
    let to_ada = first.sql_text(
        "SELECT text_body FROM outbox_messages WHERE template = 'return_invitation' AND recipient = 'ada@example.com'",
    );
    assert!(to_ada.contains("Your last Massage Therapy with us was on"), "{to_ada}");
    assert!(
        to_ada.contains("/services?book=massage&date="),
        "the next open times, one click from booking: {to_ada}"
    );
    clock.set_local(due + Duration::days(1), 10, 0);
    a_round_after_now(&first).await;
    assert_eq!(written(&first, "return_invitation"), 1, "once");
    assert_eq!(written(&first, "visit_thanks"), 4, "once");

    // Booking mail still reaches Cy.
    let before = first.sql_count("SELECT count(*) FROM outbox_messages WHERE recipient = 'cy@example.com'");
    book(&first, "cy@example.com", "Cy", "spa", &days_from_today(60), "11:00").await;
    let after = first.sql_count("SELECT count(*) FROM outbox_messages WHERE recipient = 'cy@example.com'");
    assert_eq!(after, before + 1, "her booking request's mail");
    assert_eq!(first.rows("follow_up_opt_outs"), 1);
    let _ = eve;
}

const THANKS: &str = "Thank you for your visit to Golden Pine";

/// The thank-yous the SMTP server received, once there are `count`.
async fn thanks_received(smtp: &SmtpServer, count: usize) -> Vec<crate::smtp::Received> {
    for _ in 0..400 {
        let all = smtp.wait_for(0).await;
        let thanks: Vec<_> = all.into_iter().filter(|m| m.subject == THANKS).collect();
        if thanks.len() >= count {
            return thanks;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("fewer than {count} thank-yous arrived");
}

/// The guest's rating page through her booking page's link.
async fn rating_token(app: &TestApp, booking: &Value) -> Option<String> {
    let manage = booking["manageToken"].as_str().expect("manage token");
    let page = app.get_json(&format!("/api/guest/bookings/{manage}")).await;
    page["ratingToken"].as_str().map(str::to_owned)
}

fn token_query(token: &str) -> String {
    format!("/api/visit-ratings?token={}", token.replace('+', "%2B").replace('/', "%2F").replace('=', "%3D"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guest_rates_once_may_change_it_for_thirty_days_and_the_owner_replies_or_takes_it_down_by_a_rule() {
    let clock = SetClock::now_real();
    let app = spawn_app_with(Options {
        clock: Some(clock.clone()),
        frontend_dir: Some(built_frontend()),
        ..Options::default()
    })
    .await;
    let admin = app.admin_token().await;
    let d = days_from_today(10);
    let ada = book(&app, "ada@example.com", "Ada", "massage", &d, "11:00").await;
    let bea = book(&app, "bea@example.com", "Bea", "massage", &d, "13:00").await;
    assert_eq!(rating_token(&app, &ada).await, None, "not before the visit");
    for booking in [&ada, &bea] {
        set_status(&app, &admin, booking, "completed").await;
    }
    clock.set_local(day(&d), 18, 0);
    let token = rating_token(&app, &ada).await.expect("a rating link once over");
    let path = token_query(&token);
    let page = app.get_json(&path).await;
    assert_eq!(page["serviceName"], "Massage Therapy");
    assert_eq!(page["firstName"], "Ada");
    assert_eq!(page["canRate"], true);
    assert!(page["rating"].is_null());

    for (bad, field) in [
        (json!({"stars": 0}), "stars"),
        (json!({"stars": 6}), "stars"),
        (json!({}), "stars"),
        (json!({"stars": 4, "comment": "x".repeat(1001)}), "comment"),
    ] {
        let refused = assert_error_code(
            put_json(&app, &path, &bad).await,
            StatusCode::BAD_REQUEST,
            "validation_failed",
        )
        .await;
        assert!(refused.to_string().contains(field), "{refused}");
    }
    let forged = app.get(&token_query("forged")).await;
    assert_eq!(forged.status(), StatusCode::NOT_FOUND);

    // Two stars, quoted; Bea's five, not quoted.
    let saved = expect_json(
        put_json(&app, &path, &json!({"stars": 2, "comment": " The room was cold. ", "mayQuote": true}))
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(saved["rating"]["stars"], 2);
    assert_eq!(saved["rating"]["comment"], "The room was cold.");
    let bea_path = token_query(&rating_token(&app, &bea).await.expect("Bea's"));
    expect_json(
        put_json(&app, &bea_path, &json!({"stars": 5, "comment": "Private words", "mayQuote": false})).await,
        StatusCode::OK,
    )
    .await;
    let shown = app.get_json("/api/ratings").await;
    let massage = &shown.as_array().expect("list")[0];
    assert_eq!(massage["serviceKey"], "massage");
    assert_eq!(massage["count"], 2, "every rating counts, the low one too");
    assert_eq!(massage["average"], 3.5);
    let quoted = massage["quoted"].as_array().expect("quoted");
    assert_eq!(quoted.len(), 1, "only what its author let us quote: {quoted:?}");
    assert_eq!(quoted[0]["comment"], "The room was cold.");
    assert_eq!(quoted[0]["author"], "Ada L.");
    assert!(!shown.to_string().contains("Private words"));
    assert!(!shown.to_string().contains("ada@example.com"), "no address on the site");

    // She changes it within 30 days (one rating per booking); not after.
    clock.advance(Duration::days(29));
    expect_json(
        put_json(&app, &path, &json!({"stars": 3, "comment": "Cold, then warm.", "mayQuote": true})).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(app.rows("ratings"), 2);
    clock.advance(Duration::days(2));
    assert_error_code(
        put_json(&app, &path, &json!({"stars": 5})).await,
        StatusCode::CONFLICT,
        "rating_closed",
    )
    .await;
    let page = app.get_json(&path).await;
    assert_eq!(page["canRate"], false);
    assert_eq!(page["rating"]["stars"], 3);
    assert!(page["reason"].as_str().expect("why").contains("30 days"));

    // The owner replies in public, and takes one down only under a written rule.
    let admin = app.admin_token().await;
    let listed = app.admin_json(&admin, "/api/admin/ratings").await;
    assert_eq!(listed["hideRules"].as_array().expect("rules").len(), 3);
    let ada_rating = listed["ratings"]
        .as_array()
        .expect("ratings")
        .iter()
        .find(|r| r["email"] == "ada@example.com")
        .expect("Ada's")
        .clone();
    let id = ada_rating["id"].as_str().expect("id");
    let replied = expect_json(
        app.put_as(
            &admin,
            &format!("/api/admin/ratings/{id}/reply"),
            &json!({"reply": "We have a new heater."}),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(replied["reply"]["text"], "We have a new heater.");
    let shown = app.get_json("/api/ratings").await;
    assert_eq!(shown[0]["quoted"][0]["reply"]["text"], "We have a new heater.");
    // The services page arrives with them, and claims no review stars for itself (Google's self-serving rule).
    let page = app.get("/services").await.text().await.expect("html");
    for text in ["Cold, then warm.", "We have a new heater.", "Ada L."] {
        assert!(page.contains(text), "/services is rendered with {text:?}");
    }
    assert!(!page.contains("aggregateRating") && !page.contains("\"review\""), "no review stars in its data");
    assert!(!page.contains("Private words"));
    assert_error_code(
        app.put_as(&admin, &format!("/api/admin/ratings/{id}/hidden"), &json!({"rule": "too_negative"}))
            .await,
        StatusCode::BAD_REQUEST,
        "validation_failed",
    )
    .await;
    let hidden = expect_json(
        app.put_as(&admin, &format!("/api/admin/ratings/{id}/hidden"), &json!({"rule": "off_topic"})).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(hidden["hidden"]["rule"], "off_topic");
    let shown = app.get_json("/api/ratings").await;
    assert_eq!(shown[0]["count"], 1, "taken down: neither counted nor shown");
    assert!(shown[0]["quoted"].as_array().expect("quoted").is_empty());
    let told = app.sql_text(
        "SELECT text_body FROM outbox_messages WHERE template = 'rating_hidden' AND recipient = 'ada@example.com'",
    );
    assert!(told.contains("It is not about a visit to Golden Pine"), "{told}");
    let activity = app.admin_json(&admin, "/api/admin/activity?entity=rating&limit=50").await;
    let summaries: Vec<String> = activity["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .map(|e| format!("{} {}", e["action"], e["summary"]))
        .collect();
    assert!(
        summaries
            .iter()
            .any(|s| s.contains("hidden") && s.contains("It is not about a visit to Golden Pine")),
        "{summaries:?}"
    );
    assert!(
        summaries.iter().all(|s| !s.contains("Cold, then warm")),
        "the trail names the rating, not her words"
    );
    expect_json(
        app.put_as(&admin, &format!("/api/admin/ratings/{id}/hidden"), &json!({"rule": null})).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(app.get_json("/api/ratings").await[0]["count"], 2, "shown again");

    // Deleting the booking keeps its rating.
    expect_json_or_empty(
        app.delete_as(&admin, &format!("/api/admin/bookings/{}", ada["id"].as_str().expect("id"))).await,
    )
    .await;
    assert_eq!(app.rows("ratings"), 2);
}

async fn put_json(app: &TestApp, path: &str, body: &Value) -> reqwest::Response {
    app.client.put(app.url(path)).json(body).send().await.expect("sent")
}

async fn expect_json_or_empty(response: reqwest::Response) {
    assert!(response.status().is_success(), "{}", response.status());
}
