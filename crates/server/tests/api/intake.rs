//! Intake and consent forms (issue 45), on real PostgreSQL with a clock the
//! test sets: the demo's massage intake and spa consent; a guest answers on
//! her booking's link (every error at once, signed, kept as signed); the
//! team sees complete / needs review / missing, and only members with the
//! permission open the answers (each reading audited); a returning guest
//! keeps her answers with "nothing has changed"; the form locks before the
//! visit; the screening questions suggest the service that suits; a unique
//! word written into every answer is found nowhere but the answers' own
//! table: not in mail, exports, feeds, the audit trail or any other table;
//! the purge deletes answers the owner's months after the last visit.

use chrono::Duration;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;
use crate::reminders::SetClock;

/// Written into every free answer: it must appear nowhere else.
const SECRET: &str = "Zephyranthes";

async fn book(app: &TestApp, email: &str, service: &str, days: i64, time: &str) -> (String, String) {
    let mut body = booking_body(service, &days_from_today(days), time);
    body["email"] = json!(email);
    let created = expect_json(app.post_json("/api/bookings", &body).await, StatusCode::CREATED).await;
    (
        created["id"].as_str().expect("id").to_owned(),
        created["manageToken"].as_str().expect("token").to_owned(),
    )
}

/// Answers to the demo's massage intake: every free text carries the secret word.
fn massage_answers(review: bool) -> Value {
    let yes_no = |yes: bool| {
        if yes {
            json!({"value": "yes", "followUp": format!("Warfarin {SECRET}")})
        } else {
            json!({"value": "no"})
        }
    };
    json!({
        "answers": {
            "goal": {"value": "Stress relief"},
            "pressure": {"value": "Firm"},
            "focus": {"value": format!("Left shoulder, {SECRET}")},
            "pregnant": yes_no(false),
            "clots": yes_no(false),
            "blood_thinners": yes_no(review),
            "surgery": yes_no(false),
            "skin": yes_no(false),
            "allergies": {"value": "yes", "followUp": format!("Almond oil {SECRET}")},
            "consent": {"value": "agreed"},
        },
        "signature": format!("Ada {SECRET} Lovelace"),
    })
}

fn tables_mentioning(app: &TestApp, word: &str) -> Vec<String> {
    let tables = app.sql_text(
        "SELECT string_agg(table_name, ',') FROM information_schema.tables \
         WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
    );
    tables
        .split(',')
        .filter(|table| {
            app.sql_count(&format!("SELECT count(*) FROM {table} AS t WHERE t::text ILIKE '%{word}%'")) > 0
        })
        .map(str::to_owned)
        .collect()
}

#[tokio::test]
async fn a_guest_signs_her_form_and_only_permitted_members_open_it() {
    let clock = SetClock::now_real();
    let app = spawn_app_with(Options { clock: Some(clock.clone()), ..Options::default() }).await;
    let owner = app.admin_token().await;
    let me = app.admin_json(&owner, "/api/admin/me").await;
    let owner_id = me["id"].as_str().expect("id").to_owned();
    let (staff, staff_id) = crate::team::join(&app, &owner, "desk@example.com", "staff").await;

    // The demo's forms.
    let forms = app.admin_json(&owner, "/api/admin/intake-forms").await;
    let services: Vec<&str> = forms["forms"]
        .as_array()
        .expect("forms")
        .iter()
        .map(|f| f["service"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(services, ["massage", "spa"]);
    assert_eq!(forms["settings"], json!({"lockHours": 12, "keepMonths": 24}));

    let (massage, token) = book(&app, "ada@example.com", "massage", 5, "11:00").await;
    let (spa, _) = book(&app, "ada@example.com", "spa", 5, "13:00").await;
    let (package, _) = book(&app, "grace@example.com", "package", 6, "9:00").await;
    let path = format!("/api/guest/bookings/{token}/intake");
    let form = app.get_json(&path).await;
    assert_eq!(form["form"]["title"], "Massage intake");
    assert_eq!(
        (&form["answers"], &form["previous"], &form["locked"]),
        (&Value::Null, &Value::Null, &json!(false))
    );

    // Every error at once.
    let refused = assert_error_code(
        app.post_json(
            &path,
            &json!({"answers": {"pressure": {"value": "Crushing"}, "shoe": {"value": "38"}}}),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "validation_failed",
    )
    .await;
    for field in ["answers.shoe", "answers.pressure", "answers.pregnant", "answers.consent", "signature"] {
        assert!(refused["errors"][field].is_string(), "{field}: {refused}");
    }
    let kept = expect_json(app.post_json(&path, &massage_answers(true)).await, StatusCode::CREATED).await;
    assert_eq!((kept["needsReview"].as_bool(), kept["unchanged"].as_bool()), (Some(true), Some(false)));
    assert_eq!(kept["answers"]["blood_thinners"]["followUp"], format!("Warfarin {SECRET}"));

    // The team's list says where each form stands, never what it says.
    let page = app.admin_json(&owner, "/api/admin/bookings?limit=50").await;
    let status = |id: &str| {
        page["items"].as_array().expect("items").iter().find(|b| b["id"] == id).map(|b| b["intake"].clone())
    };
    assert_eq!(status(&massage), Some(json!("needs_review")));
    assert_eq!(status(&spa), Some(json!("missing")));
    assert_eq!(status(&package), Some(Value::Null), "a package asks no form");
    assert!(!page.to_string().contains(SECRET));

    // Opening the answers takes the permission, whatever the role.
    let answers = format!("/api/admin/bookings/{massage}/intake");
    let forbidden =
        assert_error_code(app.get_as(&owner, &answers).await, StatusCode::FORBIDDEN, "forbidden").await;
    assert!(forbidden["message"].as_str().expect("message").contains("allowed to read intake answers"));
    assert_error_code(app.get_as(&staff, &answers).await, StatusCode::FORBIDDEN, "forbidden").await;
    let access = |id: &str, allowed: bool| {
        (format!("/api/admin/team/{id}/intake-access"), json!({"canReadIntake": allowed}))
    };
    let (grant, yes) = access(&staff_id, true);
    assert_error_code(app.put_as(&staff, &grant, &yes).await, StatusCode::FORBIDDEN, "forbidden").await;
    let granted = expect_json(app.put_as(&owner, &grant, &yes).await, StatusCode::OK).await;
    assert_eq!(granted["canReadIntake"], true);
    let read = expect_json(app.get_as(&staff, &answers).await, StatusCode::OK).await;
    assert_eq!(read["signature"], format!("Ada {SECRET} Lovelace"));
    assert_error_code(app.get_as(&owner, &answers).await, StatusCode::FORBIDDEN, "forbidden").await;
    // A guest's data holds her forms back from an owner without the permission.
    let data = app.admin_json(&owner, "/api/admin/guest-data?email=ada@example.com").await;
    assert_eq!((data["intakeForms"].clone(), data["intakeFormsWithheld"].as_i64()), (json!([]), Some(1)));
    let (own, yes) = access(&owner_id, true);
    expect_json(app.put_as(&owner, &own, &yes).await, StatusCode::OK).await;
    expect_json(app.get_as(&owner, &answers).await, StatusCode::OK).await;
    let data = app.admin_json(&owner, "/api/admin/guest-data?email=ada@example.com").await;
    assert_eq!(data["intakeForms"][0]["answers"]["pressure"]["value"], "Firm");
    assert_eq!(data["intakeFormsWithheld"], 0);
    let trail = app.admin_json(&owner, "/api/admin/activity?entity=intake_answers&limit=10").await;
    let entries = trail["entries"].as_array().expect("entries");
    assert_eq!(entries.len(), 2, "each reading is in the trail: {trail}");
    assert_eq!(entries[1]["actor"], "desk@example.com");
    assert_error_code(
        app.get_as(&owner, &format!("/api/admin/bookings/{spa}/intake")).await,
        StatusCode::NOT_FOUND,
        "not_found",
    )
    .await;

    // A returning guest keeps her answers as they were.
    let (again, token2) = book(&app, "ada@example.com", "massage", 9, "11:00").await;
    let path2 = format!("/api/guest/bookings/{token2}/intake");
    let form2 = app.get_json(&path2).await;
    assert_eq!(form2["previous"]["answers"]["pressure"]["value"], "Firm");
    assert_eq!(form2["answers"], Value::Null);
    let same =
        expect_json(app.post_json(&path2, &json!({"unchanged": true})).await, StatusCode::CREATED).await;
    assert_eq!((same["unchanged"].as_bool(), same["needsReview"].as_bool()), (Some(true), Some(true)));
    assert_eq!(same["answers"], kept["answers"]);
    let page = app.admin_json(&owner, "/api/admin/bookings?limit=50").await;
    let item = page["items"].as_array().expect("items").iter().find(|b| b["id"] == again.as_str()).cloned();
    assert_eq!(item.expect("listed")["intake"], "needs_review");

    // The answer is nowhere but in its own table: not in mail, exports,
    // the calendar feed, the trail or any other table.
    assert_eq!(tables_mentioning(&app, SECRET), ["intake_answers"]);
    for export in ["orders", "bookings", "contact-messages", "newsletter-subscriptions", "gift-cards"] {
        let csv =
            app.get_as(&owner, &format!("/api/admin/exports/{export}.csv")).await.text().await.expect("csv");
        assert!(!csv.contains(SECRET), "{export}");
    }
    let feed =
        expect_json(app.post_as(&owner, "/api/admin/calendar-feed", &json!({})).await, StatusCode::OK).await;
    let feed_url = feed["httpsUrl"].as_str().expect("feed address").to_owned();
    let feed_path = feed_url.split_once("/api/").map(|(_, rest)| format!("/api/{rest}")).expect("path");
    let ics = app.get(&feed_path).await.text().await.expect("feed");
    assert!(ics.contains("BEGIN:VCALENDAR") && !ics.contains(SECRET), "{ics}");
    let guest_view = app.get(&format!("/api/guest/bookings/{token}")).await.text().await.expect("booking");
    assert!(!guest_view.contains(SECRET));

    // The form locks the owner's hours before the visit.
    clock.advance(Duration::days(5) - Duration::hours(6));
    let locked = app.get_json(&path).await;
    assert_eq!(locked["locked"], true);
    assert_error_code(
        app.post_json(&path, &massage_answers(false)).await,
        StatusCode::CONFLICT,
        "intake_locked",
    )
    .await;

    // Answers go the owner's months after her last visit (the clock's today).
    assert_eq!(app.sql_count("SELECT count(*) FROM intake_answers"), 2);
    clock.advance(Duration::days(25 * 31));
    for _ in 0..400 {
        if app.sql_count("SELECT count(*) FROM intake_answers") == 0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
    }
    assert_eq!(app.sql_count("SELECT count(*) FROM intake_answers"), 0, "purged");
    assert_eq!(tables_mentioning(&app, SECRET), Vec::<String>::new());
}

#[tokio::test]
async fn the_owner_sets_up_forms_and_the_booking_dialog_screens_before_a_time() {
    let app = spawn_app().await;
    let owner = app.admin_token().await;
    let (staff, _) = crate::team::join(&app, &owner, "desk@example.com", "staff").await;

    let screening = app.get_json("/api/intake-screening?service=massage").await;
    let ids: Vec<&str> =
        screening.as_array().expect("list").iter().map(|q| q["id"].as_str().unwrap_or("")).collect();
    assert_eq!(ids, ["pregnant", "clots"]);
    assert_eq!((&screening[0]["unwiseWhen"], &screening[0]["suggest"]), (&json!("yes"), &json!("spa")));
    assert_eq!(app.get_json("/api/intake-screening?service=package").await, json!([]));
    assert_field_errors(
        app.get("/api/intake-screening?service=yoga").await,
        &[("service", "Please select a service")],
    )
    .await;

    let form = json!({
        "title": "Tiny Home agreement",
        "introduction": "A few words before your stay.",
        "questions": [
            {"id": "pets", "kind": "choice", "prompt": "Who comes with you?", "required": true,
             "options": ["No one", "A dog", "A cat"], "reviewWhen": "A cat"},
            {"id": "rules", "kind": "consent", "prompt": "I will leave the Tiny Home as I found it.", "required": true},
        ],
    });
    let path = "/api/admin/intake-forms/accommodation";
    assert_error_code(app.put_as(&staff, path, &form).await, StatusCode::FORBIDDEN, "forbidden").await;
    let saved = expect_json(app.put_as(&owner, path, &form).await, StatusCode::OK).await;
    assert_eq!(
        (saved["version"].as_i64(), saved["questions"][0]["reviewWhen"].as_str()),
        (Some(1), Some("A cat"))
    );
    let saved = expect_json(app.put_as(&owner, path, &form).await, StatusCode::OK).await;
    assert_eq!(saved["version"], 2);

    let mut bad = form.clone();
    bad["questions"][0]["options"] = json!(["No one"]);
    assert_field_errors(
        app.put_as(&owner, path, &bad).await,
        &[("questions[0]", "A choice needs 2 to 12 different options.")],
    )
    .await;
    let mut bad = form.clone();
    bad["questions"][0]["reviewWhen"] = json!("A horse");
    assert_field_errors(
        app.put_as(&owner, path, &bad).await,
        &[("questions[0]", "A flag names an answer the question cannot have.")],
    )
    .await;
    let mut bad = form.clone();
    bad["questions"][1]["id"] = json!("pets");
    assert_field_errors(
        app.put_as(&owner, path, &bad).await,
        &[("questions[1]", "Two questions have the same id.")],
    )
    .await;
    assert_error_code(
        app.put_as(&owner, "/api/admin/intake-forms/yoga", &form).await,
        StatusCode::BAD_REQUEST,
        "invalid_id",
    )
    .await;

    let settings = json!({"lockHours": 200, "keepMonths": 0});
    assert_field_errors(
        app.put_as(&owner, "/api/admin/intake-settings", &settings).await,
        &[("lockHours", "Between 0 and 168 hours."), ("keepMonths", "Between 1 and 120 months.")],
    )
    .await;
    let settings = json!({"lockHours": 2, "keepMonths": 36});
    assert_eq!(
        expect_json(app.put_as(&owner, "/api/admin/intake-settings", &settings).await, StatusCode::OK).await,
        settings
    );

    expect_status(app.delete_as(&owner, path).await, StatusCode::NO_CONTENT).await;
    assert_error_code(app.delete_as(&owner, path).await, StatusCode::NOT_FOUND, "not_found").await;
    let trail = app.admin_json(&owner, "/api/admin/activity?entity=intake_form&limit=10").await;
    assert_eq!(trail["entries"].as_array().map(Vec::len), Some(4), "{trail}");
}

async fn expect_status(response: reqwest::Response, status: StatusCode) {
    assert_eq!(response.status(), status);
}

/// The server process's own log, at its most talkative, while a guest
/// answers (once refused, once kept) and a member opens the answers: the
/// secret word is in none of its lines.
#[tokio::test]
async fn no_log_line_carries_an_answer() {
    let app = spawn_app().await;
    let owner = app.admin_token().await;
    let me = app.admin_json(&owner, "/api/admin/me").await;
    let grant = format!("/api/admin/team/{}/intake-access", me["id"].as_str().expect("id"));
    expect_json(app.put_as(&owner, &grant, &json!({"canReadIntake": true})).await, StatusCode::OK).await;

    let port = free_port();
    let repo = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let log_path = std::env::temp_dir().join(format!("intake-log-{port}.txt"));
    let log = std::fs::File::create(&log_path).expect("log file");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_server"))
        .env("DATABASE_URL", &app.database_url)
        .env("PORT", port.to_string())
        .env("FRONTEND_DIR", repo.join("target/no-frontend"))
        .env("DEMO_DIR", repo.join("demo"))
        .env("RUST_LOG", "trace,h2=info,hyper=info,rustls=info,tokio=info,runtime=info,mio=info")
        .env("PAYMENTS", "off")
        .env_remove("ADMIN_EMAIL")
        .env_remove("ADMIN_PASSWORD")
        .env_remove("METRICS_ADDR")
        .stdout(log.try_clone().expect("log"))
        .stderr(log)
        .spawn()
        .expect("server starts");
    let base = format!("http://127.0.0.1:{port}");
    let client = reqwest::Client::new();
    let mut up = false;
    for _ in 0..200 {
        if client.get(format!("{base}/healthz")).send().await.is_ok_and(|r| r.status().is_success()) {
            up = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(up, "the server process answers");

    let mut body = booking_body("massage", &days_from_today(6), "11:00");
    body["email"] = json!("logs@example.com");
    let booked: Value = client
        .post(format!("{base}/api/bookings"))
        .json(&body)
        .send()
        .await
        .expect("sent")
        .json()
        .await
        .expect("json");
    let token = booked["manageToken"].as_str().expect("token");
    let intake = format!("{base}/api/guest/bookings/{token}/intake");
    let mut wrong = massage_answers(true);
    wrong["answers"]["pressure"] = json!({"value": format!("Crushing {SECRET}")});
    let refused = client.post(&intake).json(&wrong).send().await.expect("sent");
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    let kept = client.post(&intake).json(&massage_answers(true)).send().await.expect("sent");
    assert_eq!(kept.status(), StatusCode::CREATED);
    let id = booked["id"].as_str().expect("id");
    // This process signs its own tokens: the owner signs in to it.
    let login = json!({"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD});
    let signed: Value = client
        .post(format!("{base}/api/admin/login"))
        .json(&login)
        .send()
        .await
        .expect("sent")
        .json()
        .await
        .expect("json");
    let owner = signed["token"].as_str().expect("token").to_owned();
    let read = client
        .get(format!("{base}/api/admin/bookings/{id}/intake"))
        .bearer_auth(&owner)
        .send()
        .await
        .expect("sent");
    assert_eq!(read.status(), StatusCode::OK);
    assert!(read.text().await.expect("body").contains(SECRET), "the member reads it");
    let _ = client.get(format!("{base}/api/admin/exports/bookings.csv")).bearer_auth(&owner).send().await;

    let killed =
        std::process::Command::new("kill").args(["-TERM", &child.id().to_string()]).status().expect("kill");
    assert!(killed.success());
    child.wait().expect("exits");
    let lines = std::fs::read_to_string(&log_path).expect("log");
    let _ = std::fs::remove_file(&log_path);
    assert!(lines.lines().count() > 20, "the server logged its work: {lines}");
    assert!(lines.contains("/intake"), "the requests are in the log");
    assert!(!lines.contains(SECRET), "an answer reached the log");
}
