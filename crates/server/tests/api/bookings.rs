//! Booking requests and their management by admins.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{
    assert_error, assert_error_code, assert_field_errors, booking_body, days_from_today, expect_json,
    is_date, is_uuid, keys, sorted, spawn_app,
};

const BOOKING_KEYS: &[&str] = &[
    "id",
    "firstName",
    "lastName",
    "email",
    "service",
    "date",
    "checkOut",
    "nights",
    "time",
    "notes",
    "status",
    "createdAt",
    // Additive: the deposit it asks for (null: none).
    "deposit",
    // Additive (docs/decisions.md §15): a promo code's discount, and the code.
    "discount",
    "promoCode",
    // Additive (docs/decisions.md §16): what a gift card paid of the deposit.
    "giftCardAmount",
    "giftCardLastFour",
    // Additive (issue 42): how many times it was moved, and the guest's answer to her reminders.
    "moves",
    "attendanceConfirmedAt",
];

#[tokio::test]
async fn a_booking_request_is_stored_pending_and_listed_for_admins() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let date = days_from_today(10);
    let created = expect_json(
        app.post_json("/api/bookings", &booking_body("massage", &date, "11:00")).await,
        StatusCode::CREATED,
    )
    .await;
    // Additive, on the request's own answer only: the token of the guest's page.
    let mut with_token = BOOKING_KEYS.to_vec();
    with_token.push("manageToken");
    assert_eq!(keys(&created), sorted(&with_token));
    assert!(is_uuid(&created["id"]));
    assert!(is_date(&created["date"]));
    assert_eq!(created["date"], date.as_str());
    assert_eq!(created["service"], "massage");
    assert_eq!(created["time"], "11:00");
    assert_eq!(created["status"], "pending");
    assert_eq!(created["notes"], "Quiet room, please");

    // "09:00" (what <input type=time> sends) is the 9:00 slot; notes are optional.
    let mut body = booking_body("spa", &date, "09:00");
    body.as_object_mut().expect("object").remove("notes");
    let second = expect_json(app.post_json("/api/bookings", &body).await, StatusCode::CREATED).await;
    assert_eq!(second["time"], "9:00");
    assert_eq!(second["notes"], Value::Null);
    for service in ["accommodation", "package"] {
        expect_json(
            app.post_json("/api/bookings", &booking_body(service, &date, "17:00")).await,
            StatusCode::CREATED,
        )
        .await;
    }

    let listed = app.admin_json(&token, "/api/bookings").await;
    let list = listed.as_array().expect("list");
    assert_eq!(list.len(), 4);
    assert_eq!(app.rows("bookings"), 4);
    let mut created_as_listed = created.clone();
    created_as_listed.as_object_mut().expect("object").remove("manageToken");
    assert_eq!(list[3], created_as_listed, "newest first, oldest last");
    let mut second_as_listed = second.clone();
    second_as_listed.as_object_mut().expect("object").remove("manageToken");
    assert_eq!(list[2], second_as_listed);
}

#[tokio::test]
async fn booking_validation_uses_the_specification_messages() {
    let app = spawn_app().await;
    let body = assert_field_errors(
        app.post_json("/api/bookings", &json!({})).await,
        &[
            ("firstName", "First name is required"),
            ("lastName", "Last name is required"),
            ("email", "Please enter a valid email address"),
            ("service", "Please select a service"),
            ("date", "Please select a date"),
            ("time", "Please select a time"),
        ],
    )
    .await;
    assert_eq!(body["message"], "First name is required", "the first field's message leads");
    assert!(body["errors"].get("notes").is_none(), "notes are optional");

    let date = days_from_today(5);
    let blanks = json!({
        "firstName": "  ", "lastName": "", "email": "ada.example.com", "service": "", "date": "", "time": "",
    });
    assert_field_errors(
        app.post_json("/api/bookings", &blanks).await,
        &[
            ("firstName", "First name is required"),
            ("lastName", "Last name is required"),
            ("email", "Please enter a valid email address"),
            ("service", "Please select a service"),
            ("date", "Please select a date"),
            ("time", "Please select a time"),
        ],
    )
    .await;
    // Unknown service keys and times outside the five slots.
    for service in ["yoga", "Massage", "massage therapy"] {
        assert_field_errors(
            app.post_json("/api/bookings", &booking_body(service, &date, "11:00")).await,
            &[("service", "Please select a service")],
        )
        .await;
    }
    for time in ["10:00", "9:30", "18:00", "25:00", "noon", "11", "11:00 AM"] {
        assert_field_errors(
            app.post_json("/api/bookings", &booking_body("massage", &date, time)).await,
            &[("time", "Please select a time")],
        )
        .await;
    }
    for bad_date in ["2026-1-5", "05/12/2027", "2027-02-30", "tomorrow", "2027-13-01", "-001-01-01"] {
        let body = assert_error(
            app.post_json("/api/bookings", &booking_body("massage", bad_date, "11:00")).await,
            StatusCode::BAD_REQUEST,
        )
        .await;
        assert_eq!(body["errors"]["date"], "Please use a real date in the yyyy-MM-dd format", "{bad_date}");
    }
    assert_eq!(app.rows("bookings"), 0, "nothing invalid was stored");
}

#[tokio::test]
async fn a_past_date_cannot_be_booked() {
    let app = spawn_app().await;
    for days in [-1, -30, -400] {
        let body = assert_error(
            app.post_json("/api/bookings", &booking_body("spa", &days_from_today(days), "13:00")).await,
            StatusCode::CONFLICT,
        )
        .await;
        assert_eq!(body["message"], "This date is not available for booking. Please select another date.");
    }
    assert_eq!(app.rows("bookings"), 0);
}

#[tokio::test]
async fn admins_change_a_bookings_status_and_delete_it() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let booking = expect_json(
        app.post_json("/api/bookings", &booking_body("package", &days_from_today(12), "15:00")).await,
        StatusCode::CREATED,
    )
    .await;
    let id = booking["id"].as_str().expect("id");
    for status in ["confirmed", "completed", "cancelled", "pending"] {
        let updated = expect_json(
            app.put_as(&token, &format!("/api/admin/bookings/{id}"), &json!({"status": status})).await,
            StatusCode::OK,
        )
        .await;
        assert_eq!(updated["status"], status);
        assert_eq!(updated["id"], id);
    }
    expect_json(
        app.put_as(&token, &format!("/api/admin/bookings/{id}"), &json!({"status": "confirmed"})).await,
        StatusCode::OK,
    )
    .await;
    let listed = app.admin_json(&token, "/api/bookings").await;
    assert_eq!(listed[0]["status"], "confirmed");

    for status in [json!("approved"), json!(""), json!(null)] {
        let body = assert_error(
            app.put_as(&token, &format!("/api/admin/bookings/{id}"), &json!({"status": status})).await,
            StatusCode::BAD_REQUEST,
        )
        .await;
        assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()));
    }
    let ghost = uuid::Uuid::new_v4();
    assert_error(
        app.put_as(&token, &format!("/api/admin/bookings/{ghost}"), &json!({"status": "confirmed"})).await,
        StatusCode::NOT_FOUND,
    )
    .await;
    assert_error(
        app.put_as(&token, "/api/admin/bookings/abc", &json!({"status": "confirmed"})).await,
        StatusCode::BAD_REQUEST,
    )
    .await;

    assert_eq!(
        app.delete_as(&token, &format!("/api/admin/bookings/{id}")).await.status(),
        StatusCode::NO_CONTENT
    );
    assert_eq!(app.rows("bookings"), 0);
    assert_error(app.delete_as(&token, &format!("/api/admin/bookings/{id}")).await, StatusCode::NOT_FOUND)
        .await;
    assert_error(app.delete_as(&token, "/api/admin/bookings/abc").await, StatusCode::BAD_REQUEST).await;
    assert!(app.admin_json(&token, "/api/bookings").await.as_array().expect("list").is_empty());
}

#[tokio::test]
async fn open_times_are_the_next_three_bookable_slots_and_one_per_night_for_a_stay() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    // The next two days are closed for every service.
    let blackout = json!({"startDate": days_from_today(0), "endDate": days_from_today(1), "type": "all", "reason": "Maintenance"});
    expect_json(app.post_as(&token, "/api/admin/blackout-dates", &blackout).await, StatusCode::CREATED).await;
    // And the first slot after it is taken.
    let entry = json!({"date": days_from_today(2), "serviceId": app.service_id("Massage Therapy").await, "timeSlot": "9:00", "maxCapacity": 1});
    expect_json(app.upsert_availability(&token, &entry).await, StatusCode::OK).await;
    expect_json(
        app.post_json("/api/bookings", &booking_body("massage", &days_from_today(2), "9:00")).await,
        StatusCode::CREATED,
    )
    .await;

    let massage = app.get_json("/api/open-times?service=massage").await;
    assert_eq!(
        massage,
        json!([
            {"date": days_from_today(2), "time": "11:00"},
            {"date": days_from_today(2), "time": "13:00"},
            {"date": days_from_today(2), "time": "15:00"},
        ])
    );
    let stay = app.get_json("/api/open-times?service=accommodation").await;
    assert_eq!(
        stay,
        json!([
            {"date": days_from_today(2), "time": "9:00"},
            {"date": days_from_today(3), "time": "9:00"},
            {"date": days_from_today(4), "time": "9:00"},
        ])
    );
    for bad in ["/api/open-times", "/api/open-times?service=yoga"] {
        assert_error_code(app.get(bad).await, StatusCode::BAD_REQUEST, "validation_failed").await;
    }
}
