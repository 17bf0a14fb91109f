//! Reminders that ask for an answer (issue 42), driven by a clock the test
//! sets (no test waits for real hours), swept by two server processes on one
//! database, delivered to a real SMTP server: each reminder goes out once;
//! one message per guest's visit (a stay and the treatments inside it
//! together); none in quiet hours, none for a cancelled or pending booking;
//! an unanswered first reminder asks again in the second, a confirmed guest
//! gets a plain one; a moved visit is reminded at its new place.

use std::sync::{Arc, Mutex};

use chrono::{DateTime, Duration, NaiveDate, NaiveTime, TimeZone, Utc};
use chrono_tz::America::Los_Angeles;
use reqwest::StatusCode;
use serde_json::{Value, json};

use domain::booking::LocalNow;

use crate::helpers::*;
use crate::smtp::SmtpServer;

/// The time as the test says it is, in the retreat's zone.
pub struct SetClock(Mutex<DateTime<Utc>>);

impl SetClock {
    pub fn now_real() -> Arc<Self> {
        Arc::new(Self(Mutex::new(Utc::now())))
    }

    /// Moves the time on.
    pub fn advance(&self, by: chrono::Duration) {
        *self.0.lock().expect("clock") += by;
    }

    /// Sets the retreat's local time.
    pub fn set_local(&self, date: NaiveDate, hour: u32, minute: u32) {
        let local = date.and_time(NaiveTime::from_hms_opt(hour, minute, 0).expect("time"));
        let at =
            Los_Angeles.from_local_datetime(&local).earliest().expect("a local time").with_timezone(&Utc);
        *self.0.lock().expect("clock") = at;
    }
}

impl ports::Clock for SetClock {
    fn now(&self) -> DateTime<Utc> {
        *self.0.lock().expect("clock")
    }

    fn local_now(&self) -> LocalNow {
        let local = self.now().with_timezone(&Los_Angeles);
        LocalNow { date: local.date_naive(), time: local.time() }
    }

    fn start_of_local_day(&self, date: NaiveDate) -> DateTime<Utc> {
        Los_Angeles
            .from_local_datetime(&date.and_time(NaiveTime::MIN))
            .earliest()
            .expect("midnight")
            .with_timezone(&Utc)
    }
}

fn day(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").expect(text)
}

async fn book(app: &TestApp, body: Value) -> Value {
    expect_json(app.post_json("/api/bookings", &body).await, StatusCode::CREATED).await
}

fn guest_booking(email: &str, service: &str, date: &str, time: &str) -> Value {
    let mut body = booking_body(service, date, time);
    body["email"] = json!(email);
    body
}

async fn set_status(app: &TestApp, admin: &str, booking: &Value, status: &str) {
    let path = format!("/api/admin/bookings/{}", booking["id"].as_str().expect("id"));
    expect_json(app.put_as(admin, &path, &json!({"status": status})).await, StatusCode::OK).await;
}

fn reminders_written(app: &TestApp) -> i64 {
    app.sql_count("SELECT count(*) FROM outbox_messages WHERE template = 'visit_reminder'")
}

/// Waits until two more sweeps (by either process) have looked since now:
/// whatever was due then has been seen by a later sweep too.
async fn two_more_sweeps(app: &TestApp) {
    for _ in 0..2 {
        let before = app.sql_text("SELECT coalesce(reminders_checked_at::text, '') FROM visit_settings");
        let mut advanced = false;
        for _ in 0..400 {
            let now = app.sql_text("SELECT coalesce(reminders_checked_at::text, '') FROM visit_settings");
            if now != before {
                advanced = true;
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(25)).await;
        }
        assert!(advanced, "no sweep looked");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn reminders_go_once_per_visit_outside_quiet_hours_and_ask_until_answered() {
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

    let d = days_from_today(20);
    let (d_next, d_after) = (days_from_today(21), days_from_today(22));
    // Ada: one massage. Bea: a stay with two treatments inside it. Cy: a
    // request never confirmed, and a cancelled booking. Eve: a massage moved after its first reminder.
    let ada = book(&first, guest_booking("ada@example.com", "massage", &d, "11:00")).await;
    let mut stay = guest_booking("bea@example.com", "accommodation", &d, "15:00");
    stay["checkOut"] = json!(days_from_today(23));
    let bea_stay = book(&first, stay).await;
    let bea_massage = book(&second, guest_booking("bea@example.com", "massage", &d_next, "11:00")).await;
    let bea_spa = book(&first, guest_booking("bea@example.com", "spa", &d_after, "9:00")).await;
    let cy_pending = book(&first, guest_booking("cy@example.com", "spa", &d, "13:00")).await;
    let cy_cancelled = book(&first, guest_booking("cy@example.com", "massage", &d, "15:00")).await;
    let eve = book(&first, guest_booking("eve@example.com", "spa", &d, "9:00")).await;
    // Finn: a confirmed massage the day before, on a day the owner then
    // closes to treatments (the booking left standing): never reminded.
    let finn =
        book(&first, guest_booking("finn@example.com", "massage", &days_from_today(19), "15:00")).await;
    for booking in [&ada, &bea_stay, &bea_massage, &bea_spa, &cy_cancelled, &eve, &finn] {
        set_status(&first, &admin, booking, "confirmed").await;
    }
    set_status(&first, &admin, &cy_cancelled, "cancelled").await;
    let closed = json!({"startDate": days_from_today(19), "endDate": days_from_today(19), "type": "services",
        "reason": "Well maintenance"});
    expect_json(first.post_as(&admin, "/api/admin/blackout-dates", &closed).await, StatusCode::CREATED).await;
    let sent_before = smtp.raw_messages().len();

    // Two days before Ada's 11:00: her first reminder; Bea's stay's first (a week before) lists all three.
    clock.set_local(day(&d) - Duration::days(2), 11, 5);
    two_more_sweeps(&first).await;
    two_more_sweeps(&second).await;
    assert_eq!(reminders_written(&first), 3, "Ada, Bea and Eve, once each; not Finn");
    let rows = |id: &Value| {
        first.sql_count(&format!(
            "SELECT count(*) FROM booking_reminders WHERE booking_id = '{}'",
            id["id"].as_str().expect("id")
        ))
    };
    assert_eq!([rows(&ada), rows(&bea_stay), rows(&bea_massage), rows(&bea_spa)], [1, 1, 1, 1]);
    let mails = smtp.wait_for(sent_before + 3).await;
    let to = |address: &str| mails.iter().filter(|m| m.to == address).cloned().collect::<Vec<_>>();
    let bea = to("bea@example.com");
    let bea_reminder: Vec<_> = bea.iter().filter(|m| m.subject.contains("will you be with us")).collect();
    assert_eq!(bea_reminder.len(), 1, "one message for her visit");
    let text = &bea_reminder[0].text;
    for item in ["Tiny Home Retreat:", "Massage Therapy:", "Rustic Spa Treatments:"] {
        assert!(text.contains(item), "{item} in {text}");
    }
    let ada_first =
        to("ada@example.com").into_iter().find(|m| m.subject.contains("will you be with us")).expect("Ada's");
    assert!(
        ada_first.subject.starts_with("Your visit on ")
            && ada_first.subject.ends_with(": will you be with us?")
    );
    let confirm = ada_first
        .text
        .lines()
        .find(|line| line.contains("?answer=confirm"))
        .expect("a Confirm link")
        .trim()
        .to_owned();
    assert!(ada_first.text.contains("?answer=change") && ada_first.text.contains("?answer=cancel"));
    assert!(to("cy@example.com").iter().all(|m| !m.subject.contains("visit")), "pending and cancelled: none");
    assert!(to("finn@example.com").iter().all(|m| !m.subject.contains("visit")), "blacked out: none");

    // Ada answers from her link.
    let token =
        confirm.split("/bookings/manage/").nth(1).and_then(|rest| rest.split('?').next()).expect("token");
    let page = expect_json(
        first.post_json(&format!("/api/guest/bookings/{token}/attendance"), &json!({})).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(page["attendanceConfirmed"], true);
    // Eve's spa moves to the next day: its reminders start over there.
    // (A session lasts hours: the clock has moved days, so sign in again.)
    let admin = first.admin_token().await;
    let eve_path = format!("/api/admin/bookings/{}/move", eve["id"].as_str().expect("id"));
    expect_json(first.post_as(&admin, &eve_path, &json!({"date": d_next})).await, StatusCode::OK).await;

    // The evening before, in quiet hours: Bea's second is due (15:00) but waits.
    clock.set_local(day(&d) - Duration::days(1), 22, 30);
    two_more_sweeps(&first).await;
    assert_eq!(reminders_written(&first), 3, "nothing in quiet hours");

    // The morning of the visit: Ada's plain reminder, Bea's second asks again, Eve's first at her new place.
    clock.set_local(day(&d), 8, 5);
    two_more_sweeps(&first).await;
    two_more_sweeps(&second).await;
    assert_eq!(reminders_written(&first), 6);
    let mails = smtp.wait_for(sent_before + 6).await;
    let subjects = |address: &str| {
        mails.iter().filter(|m| m.to == address).map(|m| m.subject.clone()).collect::<Vec<_>>()
    };
    assert!(
        subjects("ada@example.com").contains(&"See you today at Golden Pine".to_owned()),
        "{:?}",
        subjects("ada@example.com")
    );
    assert!(
        subjects("bea@example.com").contains(&"Your visit today: please confirm".to_owned()),
        "{:?}",
        subjects("bea@example.com")
    );
    let eve_subjects = subjects("eve@example.com");
    assert!(
        eve_subjects.contains(&"Your visit tomorrow: will you be with us?".to_owned()),
        "{eve_subjects:?}"
    );
    let plain = mails.iter().find(|m| m.subject == "See you today at Golden Pine").expect("plain");
    assert!(!plain.text.contains("?answer=confirm") && plain.text.contains("?answer=change"));

    // The dashboard's coming days and each booking's record.
    let admin = first.admin_token().await;
    let coming = first.admin_json(&admin, "/api/admin/visits/coming").await;
    let answer_of = |id: &Value| {
        coming
            .as_array()
            .expect("list")
            .iter()
            .find(|v| v["booking"]["id"] == *id)
            .map(|v| v["answer"].clone())
    };
    assert_eq!(answer_of(&ada["id"]), Some(json!("confirmed")));
    assert_eq!(answer_of(&bea_stay["id"]), Some(json!("asked")));
    assert_eq!(answer_of(&cy_pending["id"]), Some(json!("request_pending")));
    let record = first
        .admin_json(&admin, &format!("/api/admin/bookings/{}/reminders", ada["id"].as_str().expect("id")))
        .await;
    let kinds: Vec<(Value, Value)> = record["reminders"]
        .as_array()
        .expect("reminders")
        .iter()
        .map(|r| (r["kind"].clone(), r["asked"].clone()))
        .collect();
    assert_eq!(kinds, [(json!("first"), json!(true)), (json!("second"), json!(false))]);
    assert!(record["attendanceConfirmedAt"].is_string());
}

#[tokio::test]
async fn the_owner_sets_when_reminders_go_and_bad_settings_are_refused() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let settings = app.admin_json(&admin, "/api/admin/visit-settings").await;
    assert_eq!(
        settings["reminders"],
        json!({
            "on": true, "treatmentFirstHours": 48, "treatmentMorningOf": true, "stayFirstDays": 7,
            "staySecondDays": 1, "quietFromHour": 21, "quietUntilHour": 8,
            "checkedAt": settings["reminders"]["checkedAt"].clone(),
        })
    );
    let saved = expect_json(
        app.put_as(
            &admin,
            "/api/admin/visit-settings",
            &json!({"reminders": {"on": false, "stayFirstDays": 10}}),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(
        (saved["reminders"]["on"].clone(), saved["reminders"]["stayFirstDays"].clone()),
        (json!(false), json!(10))
    );
    assert_eq!(saved["freeMoves"], 1, "left out, kept");
    for (body, field) in [
        (json!({"reminders": {"staySecondDays": 10}}), "reminders.staySecondDays"),
        (json!({"reminders": {"treatmentFirstHours": 0}}), "reminders.treatmentFirstHours"),
        (json!({"reminders": {"quietFromHour": 24}}), "reminders.quietFromHour"),
        (json!({"reminders": {"stayFirstDays": "a week"}}), "reminders.stayFirstDays"),
    ] {
        let response = app.put_as(&admin, "/api/admin/visit-settings", &body).await;
        let error = assert_error_code(response, StatusCode::BAD_REQUEST, "validation_failed").await;
        assert!(error["errors"][field].is_string(), "{body}: {error}");
    }
    assert_eq!(app.admin_json(&admin, "/api/admin/visit-settings").await["reminders"]["stayFirstDays"], 10);
    let logged = app.sql_count("SELECT count(*) FROM audit_log WHERE entity = 'visit_settings'");
    assert_eq!(logged, 1);
}

/// A stay here on a night another site's calendar also took (a double
/// booking, settled by the owner) is still reminded: only the owner's own
/// closures stop a reminder, never an import's blocks (issue 44).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_double_booked_stay_is_still_reminded() {
    let listing = crate::listing_server::ListingServer::start().await;
    let clock = SetClock::now_real();
    let app =
        spawn_app_with(Options { clock: Some(clock.clone()), notify_email: None, ..Options::default() })
            .await;
    let admin = app.admin_token().await;
    let d = days_from_today(20);
    let mut stay = guest_booking("hazel@example.com", "accommodation", &d, "15:00");
    stay["checkOut"] = json!(days_from_today(22));
    let hazel = book(&app, stay).await;
    set_status(&app, &admin, &hazel, "confirmed").await;
    listing.stays(&[(&d, &days_from_today(21))]);
    let body = json!({"name": "Airbnb", "url": listing.url("/a.ics")});
    let import =
        expect_json(app.post_as(&admin, "/api/admin/stay-imports", &body).await, StatusCode::CREATED).await;
    let sync = format!("/api/admin/stay-imports/{}/sync", import["id"].as_str().expect("id"));
    assert_eq!(expect_json(app.post_as(&admin, &sync, &json!({})).await, StatusCode::OK).await["nights"], 1);
    let view = app.admin_json(&admin, "/api/admin/stay-sync").await;
    assert_eq!(view["doubleBookings"].as_array().expect("list").len(), 1, "{view}");

    // A week before her arrival, at the check-in time: her first reminder.
    clock.set_local(day(&d) - Duration::days(7), 15, 5);
    two_more_sweeps(&app).await;
    assert_eq!(reminders_written(&app), 1, "the import's block does not stop her reminder");
}
