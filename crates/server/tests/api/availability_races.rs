//! One order of locks for a date (docs/decisions.md §5): booking writes,
//! blackouts, availability saves and status changes serialize on what they
//! touch, across server processes. Two apps share one database here, each
//! with its own pool and its own write queue, as two processes would.

use futures_util::future::join_all;
use reqwest::{Client, Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::*;

/// Two servers on one database.
async fn two_servers() -> (TestApp, TestApp) {
    let first = spawn_app().await;
    let second =
        spawn_app_with(Options { database_url: Some(first.database_url.clone()), ..Options::default() })
            .await;
    (first, second)
}

/// A request of a guest of their own (the per-guest limit stays out of the way).
fn guest_booking(service: &str, date: &str, time: &str, guest: usize) -> Value {
    let mut body = booking_body(service, date, time);
    body["email"] = json!(format!("racer{guest}@example.com"));
    body
}

fn stay(check_in: &str, check_out: &str, guest: usize) -> Value {
    let mut body = guest_booking("accommodation", check_in, "15:00", guest);
    body["checkOut"] = json!(check_out);
    body
}

/// The bookings holding `date` (stays through it included) that are not cancelled.
fn active_on(app: &TestApp, date: &str) -> i64 {
    app.sql_count(&format!(
        "SELECT count(*) FROM bookings WHERE status <> 'cancelled' \
         AND (date = '{date}' OR (date < '{date}' AND check_out > '{date}'))"
    ))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_blackout_cancelling_what_it_covers_leaves_nothing_active_while_bookings_race_it() {
    let (first, second) = two_servers().await;
    let token = first.admin_token().await;
    let services = ["massage", "spa", "package"];
    let times = ["9:00", "11:00", "13:00", "15:00", "17:00"];
    for run in 0..20_usize {
        let day = 20 + i64::try_from(run).expect("small");
        let date = days_from_today(day);
        // Forty requests, half through each server, some of them stays through the date.
        let bookings = (0..40_usize).map(|i| {
            let app = if i % 2 == 0 { &first } else { &second };
            let body = if i % 8 == 0 {
                stay(&days_from_today(day - 1), &days_from_today(day + 1), run * 100 + i)
            } else {
                guest_booking(services[i % 3], &date, times[i % 5], run * 100 + i)
            };
            let request = Client::new().post(app.url("/api/bookings")).json(&body);
            async move {
                let response = request.send().await.expect("sent");
                let status = response.status();
                assert!(
                    status == StatusCode::CREATED || status == StatusCode::CONFLICT,
                    "{status}: {}",
                    response.text().await.unwrap_or_default()
                );
            }
        });
        let period = json!({"startDate": date, "endDate": date, "type": "all", "reason": "Storm", "cancelCovered": true});
        let blackout = async {
            let saved =
                second.send_as(&token, Method::POST, "/api/admin/blackout-dates", Some(&period)).await;
            assert_eq!(saved.status(), StatusCode::CREATED);
        };
        let (_, ()) = tokio::join!(join_all(bookings), blackout);
        assert_eq!(active_on(&first, &date), 0, "run {run}: a booking is active inside the blackout");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn stays_racing_for_a_one_unit_night_give_it_to_one_guest() {
    let (first, second) = two_servers().await;
    let token = first.admin_token().await;
    for run in 0..10_usize {
        let day = 30 + 3 * i64::try_from(run).expect("small");
        let night = days_from_today(day);
        let entry = json!({"date": night, "accommodationType": "tiny_home", "maxCapacity": 1});
        expect_json(first.upsert_availability(&token, &entry).await, StatusCode::OK).await;
        // Twelve stays through that night, each beginning or ending elsewhere.
        let stays = (0..12_usize).map(|i| {
            let app = if i % 2 == 0 { &first } else { &second };
            let offset = i64::try_from(i % 3).expect("small");
            let body = stay(&days_from_today(day - offset), &days_from_today(day + 1), run * 100 + i);
            let request = Client::new().post(app.url("/api/bookings")).json(&body);
            async move { request.send().await.expect("sent").status() }
        });
        let statuses = join_all(stays).await;
        let created = statuses.iter().filter(|s| **s == StatusCode::CREATED).count();
        let refused = statuses.iter().filter(|s| **s == StatusCode::CONFLICT).count();
        assert_eq!((created, refused), (1, 11), "run {run}: {statuses:?}");
        assert_eq!(active_on(&first, &night), 1);
        assert_eq!(first.availability_on(&token, &night).await[0]["currentBookings"], 1);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn an_entry_lowered_while_bookings_arrive_never_ends_below_its_bookings() {
    let (first, second) = two_servers().await;
    let token = first.admin_token().await;
    let massage = first.service_id("Massage Therapy").await;
    for run in 0..10_usize {
        let date = days_from_today(50 + i64::try_from(run).expect("small"));
        let entry = |capacity: i64| json!({"date": date, "serviceId": massage, "accommodationType": "none", "timeSlot": "11:00", "maxCapacity": capacity});
        expect_json(first.upsert_availability(&token, &entry(10)).await, StatusCode::OK).await;
        let bookings = (0..16_usize).map(|i| {
            let app = if i % 2 == 0 { &first } else { &second };
            let body = guest_booking("massage", &date, "11:00", run * 100 + i);
            let request = Client::new().post(app.url("/api/bookings")).json(&body);
            async move { request.send().await.expect("sent").status() }
        });
        // The owner lowers the entry step by step, through the other server, as they arrive.
        let lowering = async {
            for capacity in (2..10).rev() {
                let response = second.upsert_availability(&token, &entry(capacity)).await;
                let status = response.status();
                assert!(status == StatusCode::OK || status == StatusCode::CONFLICT, "{status}");
            }
        };
        let (statuses, ()) = tokio::join!(join_all(bookings), lowering);
        let created = statuses.iter().filter(|s| **s == StatusCode::CREATED).count();
        let saved = first.availability_on(&token, &date).await;
        let (max, current) = (saved[0]["maxCapacity"].as_i64(), saved[0]["currentBookings"].as_i64());
        let stored = active_on(&first, &date);
        assert_eq!(current, Some(stored), "run {run}: the count is the bookings stored");
        assert_eq!(i64::try_from(created).expect("small"), stored);
        assert!(max >= current, "run {run}: capacity {max:?} below its {current:?} bookings");
    }
}
