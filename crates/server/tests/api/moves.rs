//! Moving a visit (issue 42): the guest through her link up to the
//! deadline and within the owner's free moves, the owner from the
//! dashboard; the new place taken and the old one given back in one
//! transaction (racing guests for the last place: one wins, nothing is
//! double-booked); a stay's treatments moving along with it, all or none;
//! the guest's calendar invitation updated in place (same UID, a higher
//! SEQUENCE) as a third-party iCalendar parser reads it.

use futures_util::future::join_all;
use icalendar::parser::{read_calendar, unfold};
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

use crate::helpers::*;
use crate::stripe_server::spawn_shop;

/// The booking as the dashboard lists it.
async fn admin_booking(app: &TestApp, token: &str, id: &str) -> Value {
    let page = app.admin_json(token, &format!("/api/admin/bookings?search={}", &id[..8])).await;
    page["items"].as_array().expect("items").iter().find(|b| b["id"] == id).expect("listed").clone()
}

/// The invitation mailed with the latest message `template` about `id`: its
/// method and its event's UID, SEQUENCE, DTSTART and STATUS.
fn mailed_event(app: &TestApp, template: &str, id: &str) -> (String, [String; 4]) {
    let row = app.sql_text(&format!(
        "SELECT calendar_method || E'\\n' || calendar_ics FROM outbox_messages \
         WHERE related_id = '{id}' AND template = '{template}' ORDER BY created_at DESC LIMIT 1"
    ));
    let (method, ics) = row.split_once('\n').expect("a calendar attached");
    let text = unfold(ics);
    let calendar = read_calendar(&text).expect("a calendar the parser reads");
    let event = calendar.components.iter().find(|c| c.name.as_str() == "VEVENT").expect("VEVENT");
    let prop = |name: &str| event.find_prop(name).expect(name).val.as_str().to_owned();
    (method.to_owned(), [prop("UID"), prop("SEQUENCE"), prop("DTSTART"), prop("STATUS")])
}

fn mails(app: &TestApp, template: &str, id: &str) -> i64 {
    app.sql_count(&format!(
        "SELECT count(*) FROM outbox_messages WHERE related_id = '{id}' AND template = '{template}'"
    ))
}

#[tokio::test]
async fn a_guest_moves_her_visit_once_and_keeps_its_deposit_and_its_calendar_event() {
    let shop = spawn_shop().await;
    let app = &shop.app;
    let admin = app.admin_token().await;
    let date = days_from_today(20);
    let mut body = booking_body("massage", &date, "11:00");
    body["paymentMethodId"] = json!(shop.stripe.card("4242424242424242").await);
    let created = expect_json(app.post_json("/api/bookings", &body).await, StatusCode::CREATED).await;
    let (id, token) = (created["id"].as_str().expect("id"), created["manageToken"].as_str().expect("token"));
    expect_json(
        app.put_as(&admin, &format!("/api/admin/bookings/{id}"), &json!({"status": "confirmed"})).await,
        StatusCode::OK,
    )
    .await;
    let before = admin_booking(app, &admin, id).await;
    let (_, [uid, sequence, ..]) = mailed_event(app, "booking_confirmed", id);
    assert_eq!(sequence, "0");

    // Her page offers one free move, until the free-cancellation deadline.
    let page = app.get_json(&format!("/api/guest/bookings/{token}")).await;
    assert_eq!((page["movable"].as_bool(), page["freeMovesLeft"].as_i64()), (Some(true), Some(1)));
    assert_eq!(page["movableUntil"], page["freeCancellationUntil"]);

    // Her own place is not a move.
    let same = app.post_json(&format!("/api/guest/bookings/{token}/move"), &json!({"date": date})).await;
    assert_field_errors(
        same,
        &[("date", "This is already your booking's date and time. Please choose another.")],
    )
    .await;

    let new_date = days_from_today(23);
    let moved = expect_json(
        app.post_json(
            &format!("/api/guest/bookings/{token}/move"),
            &json!({"date": new_date, "time": "15:00"}),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(
        (moved["booking"]["date"].as_str(), moved["booking"]["time"].as_str()),
        (Some(&*new_date), Some("15:00"))
    );
    assert_eq!(moved["booking"]["status"], "confirmed");
    // The page's link follows the visit.
    let new_token = moved["manageToken"].as_str().expect("new token");
    let page = app.get_json(&format!("/api/guest/bookings/{new_token}")).await;
    assert_eq!(page["date"], json!(new_date));
    assert_eq!((page["movable"].as_bool(), page["freeMovesLeft"].as_i64()), (Some(false), Some(0)));
    let reason = page["notMovableReason"].as_str().expect("why not");
    assert!(reason.contains("used its 1 free move") && reason.contains("(951) 555-0148"), "{reason}");

    // Everything but its place stays: the deposit, its state, the guest.
    let after = admin_booking(app, &admin, id).await;
    for field in ["deposit", "discount", "promoCode", "giftCardAmount", "email", "status", "createdAt"] {
        assert_eq!(after[field], before[field], "{field}");
    }
    assert_eq!(after["moves"], 1);

    // The old time is free again, the new one taken.
    let old_day = app.check_availability("massage", &date).await;
    assert!(old_day["available"].as_bool().expect("available"));

    // The guest's invitation moves in place; the owner hears of it.
    let (method, [moved_uid, sequence, start, status]) = mailed_event(app, "booking_moved", id);
    assert_eq!((method.as_str(), moved_uid.as_str(), sequence.as_str()), ("REQUEST", uid.as_str(), "1"));
    assert_eq!(start, format!("{}T150000", new_date.replace('-', "")));
    assert_eq!(status, "CONFIRMED");
    assert_eq!(mails(app, "owner_booking_moved", id), 1);
    let guest_mail = app.sql_text(&format!(
        "SELECT text_body FROM outbox_messages WHERE related_id = '{id}' AND template = 'booking_moved'"
    ));
    assert!(guest_mail.contains("As you asked, your visit has moved"), "{guest_mail}");
    assert!(guest_mail.contains(&format!("/bookings/manage/{new_token}")), "{guest_mail}");

    // A second move is the policy's: refused, and nothing changes.
    let again = app
        .post_json(&format!("/api/guest/bookings/{new_token}/move"), &json!({"date": days_from_today(25)}))
        .await;
    assert_error_code(again, StatusCode::CONFLICT, "no_free_moves").await;
    assert_eq!(admin_booking(app, &admin, id).await["date"], json!(new_date));

    // The owner may give more; the audit trail has both.
    expect_json(
        app.put_as(&admin, "/api/admin/visit-settings", &json!({"freeMoves": 2})).await,
        StatusCode::OK,
    )
    .await;
    let page = app.get_json(&format!("/api/guest/bookings/{new_token}")).await;
    assert_eq!((page["movable"].as_bool(), page["freeMovesLeft"].as_i64()), (Some(true), Some(1)));
    assert_eq!(
        app.sql_count(&format!(
            "SELECT count(*) FROM audit_log WHERE entity_id = '{id}' AND action = 'moved'"
        )),
        1
    );
}

#[tokio::test]
async fn moving_closes_at_the_deadline_and_the_owner_moves_under_the_same_capacity_rules() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    // Within two days of its start: past the free-cancellation deadline.
    let soon = expect_json(
        app.post_json("/api/bookings", &booking_body("spa", &days_from_today(1), "17:00")).await,
        StatusCode::CREATED,
    )
    .await;
    let token = soon["manageToken"].as_str().expect("token");
    let page = app.get_json(&format!("/api/guest/bookings/{token}")).await;
    assert_eq!(page["movable"], false);
    let closed = app
        .post_json(&format!("/api/guest/bookings/{token}/move"), &json!({"date": days_from_today(9)}))
        .await;
    let error = assert_error_code(closed, StatusCode::CONFLICT, "move_closed").await;
    assert!(error["message"].as_str().expect("message").contains("48 hours"), "{error}");

    // The owner may still move it (no deadline), into an open place only.
    let id = soon["id"].as_str().expect("id");
    let full_day = days_from_today(12);
    let entry = json!({"date": full_day, "maxCapacity": 1, "timeSlot": "11:00"});
    expect_json(app.upsert_availability(&admin, &entry).await, StatusCode::OK).await;
    let mut other = booking_body("spa", &full_day, "11:00");
    other["email"] = json!("grace@example.com");
    expect_json(app.post_json("/api/bookings", &other).await, StatusCode::CREATED).await;
    let refused = app
        .post_as(
            &admin,
            &format!("/api/admin/bookings/{id}/move"),
            &json!({"date": full_day, "time": "11:00"}),
        )
        .await;
    assert_error_code(refused, StatusCode::CONFLICT, "slot_full").await;
    let moved = expect_json(
        app.post_as(
            &admin,
            &format!("/api/admin/bookings/{id}/move"),
            &json!({"date": full_day, "time": "13:00"}),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(
        (moved["booking"]["date"].as_str(), moved["booking"]["moves"].as_i64()),
        (Some(&*full_day), Some(1))
    );
    // The guest is told it was the retreat; no mail to the owner of her own move.
    let mail = app.sql_text(&format!(
        "SELECT text_body FROM outbox_messages WHERE related_id = '{id}' AND template = 'booking_moved'"
    ));
    assert!(mail.contains("We have moved your visit"), "{mail}");
    assert_eq!(mails(&app, "owner_booking_moved", id), 0);
    // A request not yet confirmed gets its tentative event, one version on.
    let (method, [_, sequence, _, status]) = mailed_event(&app, "booking_moved", id);
    assert_eq!((method.as_str(), sequence.as_str(), status.as_str()), ("PUBLISH", "1", "TENTATIVE"));

    // The owner's move leaves the guest's free move.
    let new_token = app.sql_text(&format!("SELECT guest_moves::text FROM bookings WHERE id = '{id}'"));
    assert_eq!(new_token, "0");

    // Cancelled or completed, nobody moves it.
    expect_json(
        app.put_as(&admin, &format!("/api/admin/bookings/{id}"), &json!({"status": "completed"})).await,
        StatusCode::OK,
    )
    .await;
    let done = app
        .post_as(&admin, &format!("/api/admin/bookings/{id}/move"), &json!({"date": days_from_today(14)}))
        .await;
    assert_error_code(done, StatusCode::CONFLICT, "move_closed").await;
    expect_json(
        app.put_as(&admin, &format!("/api/admin/bookings/{id}"), &json!({"status": "cancelled"})).await,
        StatusCode::OK,
    )
    .await;
    let cancelled = app
        .post_as(&admin, &format!("/api/admin/bookings/{id}/move"), &json!({"date": days_from_today(14)}))
        .await;
    assert_error_code(cancelled, StatusCode::CONFLICT, "already_cancelled").await;

    // Bad input: a clear error, nothing lost.
    for (body, field) in [
        (json!({"date": "2026-13-01"}), "date"),
        (json!({"date": days_from_today(14), "time": "10:30"}), "time"),
        (json!({}), "date"),
    ] {
        let response = app.post_json(&format!("/api/guest/bookings/{token}/move"), &body).await;
        let error = assert_error_code(response, StatusCode::BAD_REQUEST, "validation_failed").await;
        assert!(error["errors"][field].is_string(), "{error}");
    }
    let forged =
        app.post_json("/api/guest/bookings/forged/move", &json!({"date": days_from_today(14)})).await;
    assert_error_code(forged, StatusCode::NOT_FOUND, "invalid_link").await;
    let unknown = app
        .post_as(
            &admin,
            &format!("/api/admin/bookings/{}/move", uuid::Uuid::new_v4()),
            &json!({"date": full_day}),
        )
        .await;
    assert_error_code(unknown, StatusCode::NOT_FOUND, "not_found").await;
    for sent in [json!({"freeMoves": 11}), json!({"freeMoves": -1}), json!({"freeMoves": "two"})] {
        let response = app.put_as(&admin, "/api/admin/visit-settings", &sent).await;
        assert_field_errors(response, &[("freeMoves", "Free moves are a whole number from 0 to 10")]).await;
    }
}

#[tokio::test]
async fn a_stay_moves_with_the_treatments_inside_it_or_not_at_all() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let (check_in, check_out) = (days_from_today(30), days_from_today(33));
    let mut stay = booking_body("accommodation", &check_in, "15:00");
    stay["checkOut"] = json!(check_out);
    let stay = expect_json(app.post_json("/api/bookings", &stay).await, StatusCode::CREATED).await;
    let second_day = days_from_today(31);
    let massage = expect_json(
        app.post_json("/api/bookings", &booking_body("massage", &second_day, "11:00")).await,
        StatusCode::CREATED,
    )
    .await;
    // Another guest's massage that day is not hers.
    let mut theirs = booking_body("massage", &second_day, "13:00");
    theirs["email"] = json!("grace@example.com");
    let theirs = expect_json(app.post_json("/api/bookings", &theirs).await, StatusCode::CREATED).await;
    let token = stay["manageToken"].as_str().expect("token");
    let page = app.get_json(&format!("/api/guest/bookings/{token}")).await;
    let inside = page["treatmentsInside"].as_array().expect("treatments");
    assert_eq!(inside.len(), 1, "{page}");
    assert_eq!((inside[0]["id"].clone(), inside[0]["time"].as_str()), (massage["id"].clone(), Some("11:00")));

    // The new second day's 11:00 is full: the stay does not move, nor does the massage.
    let new_in = days_from_today(40);
    let new_second = days_from_today(41);
    let entry = json!({"date": new_second, "maxCapacity": 1, "timeSlot": "11:00"});
    expect_json(app.upsert_availability(&admin, &entry).await, StatusCode::OK).await;
    let mut taker = booking_body("massage", &new_second, "11:00");
    taker["email"] = json!("linus@example.com");
    expect_json(app.post_json("/api/bookings", &taker).await, StatusCode::CREATED).await;
    let refused = app
        .post_json(
            &format!("/api/guest/bookings/{token}/move"),
            &json!({"date": new_in, "withTreatments": true}),
        )
        .await;
    let error = assert_error_code(refused, StatusCode::CONFLICT, "slot_full").await;
    assert!(error["message"].as_str().expect("message").starts_with("Your Massage Therapy on"), "{error}");
    let stay_id = stay["id"].as_str().expect("id");
    assert_eq!(app.sql_text(&format!("SELECT date::text FROM bookings WHERE id = '{stay_id}'")), check_in);

    // Elsewhere, both move together: the massage to the same day of the stay, at its time.
    let later_in = days_from_today(50);
    let moved = expect_json(
        app.post_json(
            &format!("/api/guest/bookings/{token}/move"),
            &json!({"date": later_in, "withTreatments": true}),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(moved["booking"]["checkOut"], json!(days_from_today(53)));
    assert_eq!(moved["booking"]["nights"], 3);
    let along = moved["movedAlong"].as_array().expect("along");
    assert_eq!(along.len(), 1);
    assert_eq!(
        (along[0]["date"].clone(), along[0]["time"].as_str()),
        (json!(days_from_today(51)), Some("11:00"))
    );
    let theirs_id = theirs["id"].as_str().expect("id");
    assert_eq!(
        app.sql_text(&format!("SELECT date::text FROM bookings WHERE id = '{theirs_id}'")),
        second_day
    );
    // One free move for the stay; the massage keeps its own.
    let massage_id = massage["id"].as_str().expect("id");
    assert_eq!(
        app.sql_text(&format!("SELECT moves || '/' || guest_moves FROM bookings WHERE id = '{massage_id}'")),
        "1/0"
    );
    assert_eq!(mails(&app, "booking_moved", massage_id), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn moves_racing_new_requests_for_the_last_place_give_it_to_one() {
    let first = spawn_app().await;
    let second =
        spawn_app_with(Options { database_url: Some(first.database_url.clone()), ..Options::default() })
            .await;
    let admin = first.admin_token().await;
    for run in 0..8_i64 {
        let target = days_from_today(20 + 2 * run);
        let entry = json!({"date": target, "maxCapacity": 1, "timeSlot": "13:00"});
        expect_json(first.upsert_availability(&admin, &entry).await, StatusCode::OK).await;
        // Three guests booked elsewhere each try to move into the one place,
        // while three others ask for it as a new booking.
        let mut tokens = Vec::new();
        for (guest, time) in ["9:00", "11:00", "15:00"].into_iter().enumerate() {
            let mut body = booking_body("spa", &days_from_today(21 + 2 * run), time);
            body["email"] = json!(format!("mover{run}-{guest}@example.com"));
            let created =
                expect_json(first.post_json("/api/bookings", &body).await, StatusCode::CREATED).await;
            tokens.push(created["manageToken"].as_str().expect("token").to_owned());
        }
        let moves = tokens.iter().enumerate().map(|(i, token)| {
            let app = if i % 2 == 0 { &first } else { &second };
            let request = Client::new()
                .post(app.url(&format!("/api/guest/bookings/{token}/move")))
                .json(&json!({"date": target, "time": "13:00"}));
            async move { request.send().await.expect("sent").status() }
        });
        let requests = (0..3).map(|guest| {
            let app = if guest % 2 == 0 { &second } else { &first };
            let mut body = booking_body("spa", &target, "13:00");
            body["email"] = json!(format!("newcomer{run}-{guest}@example.com"));
            let request = Client::new().post(app.url("/api/bookings")).json(&body);
            async move { request.send().await.expect("sent").status() }
        });
        let (moved, booked) = tokio::join!(join_all(moves), join_all(requests));
        let won = moved.iter().filter(|s| **s == StatusCode::OK).count()
            + booked.iter().filter(|s| **s == StatusCode::CREATED).count();
        assert_eq!(won, 1, "run {run}: {moved:?} {booked:?}");
        assert!(moved.iter().chain(&booked).all(|s| s.is_success() || *s == StatusCode::CONFLICT));
        let holding = first.sql_count(&format!(
            "SELECT count(*) FROM bookings WHERE status <> 'cancelled' AND date = '{target}' AND time = '13:00'"
        ));
        assert_eq!(holding, 1, "run {run}");
        assert_eq!(first.availability_on(&admin, &target).await[0]["currentBookings"], 1, "run {run}");
        // Nobody was left without a place: the losing movers keep theirs.
        let kept = first.sql_count(&format!(
            "SELECT count(*) FROM bookings WHERE status <> 'cancelled' AND email LIKE 'mover{run}-%'"
        ));
        assert_eq!(kept, 3, "run {run}");
    }
}
