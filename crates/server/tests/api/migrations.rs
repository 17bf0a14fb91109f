//! The migrations run down and up again on a database with data, keeping it
//! (`diesel migration redo`, done through the embedded migrations).

use diesel::connection::SimpleConnection;
use diesel::{Connection, PgConnection};
use diesel_migrations::MigrationHarness;
use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::{booking_body, days_from_today, order_body, spawn_app};

/// The rows the typed-column migration converts, as text, in a stable order.
fn snapshot(conn: &mut PgConnection) -> Vec<String> {
    use diesel::{QueryableByName, RunQueryDsl};
    #[derive(QueryableByName)]
    struct Line {
        #[diesel(sql_type = diesel::sql_types::Text)]
        line: String,
    }
    diesel::sql_query(
        "SELECT line FROM (
             SELECT 'booking ' || id || ' ' || date::text || ' ' || time || ' ' || status AS line FROM bookings
             UNION ALL
             SELECT 'order ' || id || ' ' || (items::jsonb)::text || ' ' || total::text FROM orders
             UNION ALL
             SELECT 'service ' || name || ' ' || price::text FROM services
         ) lines ORDER BY line",
    )
    .load::<Line>(conn)
    .expect("snapshot")
    .into_iter()
    .map(|l| l.line)
    .collect()
}

#[tokio::test]
async fn migrations_go_down_and_up_again_keeping_the_data() {
    let app = spawn_app().await;
    for (key, days) in [("massage", 10), ("accommodation", 11), ("spa", 12)] {
        let response =
            app.post_json("/api/bookings", &booking_body(key, &days_from_today(days), "11:00")).await;
        assert_eq!(response.status(), StatusCode::CREATED);
    }
    let products = app.products().await;
    let order = app.post_json("/api/orders", &order_body(&[(&products[0], 2), (&products[1], 1)])).await;
    assert_eq!(order.status(), StatusCode::CREATED);

    let url = app.database_url.clone();
    let (before, between, after) = tokio::task::spawn_blocking(move || {
        let mut conn = PgConnection::establish(&url).expect("connect");
        let before = snapshot(&mut conn);
        let applied = conn.applied_migrations().expect("applied").len();
        // Down to the first schema (every migration after it reverted) ...
        for _ in 1..applied {
            conn.revert_last_migration(store_postgres::MIGRATIONS).expect("down");
        }
        let between = snapshot(&mut conn);
        // ... and up again.
        conn.run_pending_migrations(store_postgres::MIGRATIONS).expect("up");
        conn.batch_execute("SELECT 1").expect("usable");
        (before, between, snapshot(&mut conn))
    })
    .await
    .expect("migrations ran");
    assert_eq!(before.len(), 3 + 1 + 4, "three bookings, one order, four services: {before:#?}");
    assert_eq!(between, before, "the old schema holds the same data");
    assert_eq!(after, before, "and so does the new one");

    // The server still reads everything it wrote.
    let token = app.admin_token().await;
    let bookings: Value = app.admin_json(&token, "/api/bookings").await;
    assert_eq!(bookings.as_array().map(Vec::len), Some(3));
    let orders: Value = app.admin_json(&token, "/api/orders").await;
    assert_eq!(orders.as_array().map(Vec::len), Some(1));
    let services: Value = app.get_json("/api/services").await;
    let keyed = services.as_array().expect("list").iter().filter(|s| s["bookingKey"].is_string()).count();
    assert_eq!(keyed, 4, "the booking keys are given again by name");
}
