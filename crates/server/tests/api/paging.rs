//! The dashboard's paged lists (issue 23): keyset pages that lose and repeat
//! nothing while rows arrive, search and filters done by the database, the
//! capped total, the stat cards' summary and exports that honour the filters.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;

/// Orders stored straight into the database: `count` of them for `last_name`,
/// one a minute back from `minutes_ago`, with `status`. Several share a
/// time when `same_time` (the cursor must still tell them apart).
fn seed_orders(app: &TestApp, count: u32, last_name: &str, status: &str, minutes_ago: u32, same_time: bool) {
    let step = if same_time { "0" } else { "1" };
    app.sql(&format!(
        "INSERT INTO orders (first_name, last_name, email, address, city, state, zip, items, subtotal, tax, shipping, total, status, created_at)
         SELECT 'Guest', '{last_name}', lower('{last_name}') || n || '@example.com', '1 Pine Ridge Rd', 'Idyllwild', 'CA', '92549',
                jsonb_build_array(jsonb_build_object('productId', gen_random_uuid(), 'productName', 'Cedar Ember Candle', 'price', '34.00', 'quantity', 1)),
                34.00, 2.72, 15.00, 51.72, '{status}', now() - make_interval(mins => {minutes_ago} + n * {step})
         FROM generate_series(1, {count}) AS n"
    ));
}

async fn page(app: &TestApp, token: &str, path: &str) -> Value {
    expect_json(app.get_as(token, path).await, StatusCode::OK).await
}

fn ids(page: &Value) -> Vec<String> {
    page["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|item| item["id"].as_str().expect("id").to_owned())
        .collect()
}

/// Every page of `path` (which has a `?`), following `next`.
async fn every_page(app: &TestApp, token: &str, path: &str) -> Vec<Value> {
    let mut pages = vec![page(app, token, path).await];
    while let Some(next) = pages.last().and_then(|p| p["next"].as_str()).map(str::to_owned) {
        pages.push(page(app, token, &format!("{path}&after={next}")).await);
        assert!(pages.len() < 100, "paging does not end");
    }
    pages
}

#[tokio::test]
async fn order_pages_are_newest_first_and_lose_or_repeat_nothing_while_orders_arrive() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    // Twelve at distinct times and five sharing one time: the cursor tells them apart by id.
    seed_orders(&app, 12, "Lindqvist", "pending", 10, false);
    seed_orders(&app, 5, "Okafor", "shipped", 100, true);
    let everything: Vec<String> = {
        let all = expect_json(app.get_as(&token, "/api/orders").await, StatusCode::OK).await;
        all.as_array().expect("list").iter().map(|o| o["id"].as_str().expect("id").to_owned()).collect()
    };
    assert_eq!(everything.len(), 17);

    let first = page(&app, &token, "/api/admin/orders?limit=5").await;
    assert_eq!(first["total"], 17);
    assert_eq!(first["totalExact"], true);
    assert_eq!(ids(&first).len(), 5);
    // Orders placed between pages come before the cursor: never on a later page.
    let placed_meanwhile = {
        let product = app.product("Alpine Cedar Face Oil").await;
        let order = app.post_json("/api/orders", &order_body(&[(&product, 1)])).await;
        expect_json(order, StatusCode::CREATED).await["id"].as_str().expect("id").to_owned()
    };
    let mut seen = ids(&first);
    let mut next = first["next"].as_str().map(str::to_owned);
    while let Some(after) = next {
        let more = page(&app, &token, &format!("/api/admin/orders?limit=5&after={after}")).await;
        assert_eq!(more["total"], 18, "the count is of what matches now");
        seen.extend(ids(&more));
        next = more["next"].as_str().map(str::to_owned);
    }
    assert!(!seen.contains(&placed_meanwhile));
    let mut unique = seen.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), seen.len(), "an order was shown twice: {seen:?}");
    assert_eq!(seen.len(), 17, "an order was lost");
    // Newest first, by time and then by id: the order the specification's list has for distinct times.
    let times: Vec<String> = {
        let all = every_page(&app, &token, "/api/admin/orders?limit=4").await;
        all.iter()
            .flat_map(|p| {
                p["items"]
                    .as_array()
                    .expect("items")
                    .iter()
                    .map(|o| o["createdAt"].as_str().expect("at").to_owned())
            })
            .collect()
    };
    assert_eq!(times.len(), 18);
    assert!(times.windows(2).all(|w| w[0] >= w[1]), "not newest first: {times:?}");
    // The last page says so.
    let last = page(&app, &token, "/api/admin/orders?limit=18").await;
    assert_eq!(last["next"], Value::Null);
    // An order on a page has the specification's shape (the same object as GET /api/orders).
    let listed = expect_json(app.get_as(&token, "/api/orders").await, StatusCode::OK).await;
    assert_eq!(last["items"][0], listed[0]);
}

#[tokio::test]
async fn orders_are_found_by_name_e_mail_and_id_and_filtered_by_status_and_day() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    seed_orders(&app, 3, "Alvarez", "pending", 10, false);
    seed_orders(&app, 4, "Nakamura", "shipped", 60, false);
    // Ten days back, in the retreat's days.
    app.sql(
        "UPDATE orders SET created_at = now() - interval '10 days' WHERE email = 'nakamura1@example.com'",
    );

    let found = page(&app, &token, "/api/admin/orders?q=alvarez").await;
    assert_eq!((found["total"].as_i64(), ids(&found).len()), (Some(3), 3));
    assert!(found["items"].as_array().unwrap().iter().all(|o| o["lastName"] == "Alvarez"));
    // Case and spaces do not matter; an e-mail's part and a first and last name do.
    assert_eq!(page(&app, &token, "/api/admin/orders?q=%20ALVAREZ2%40").await["total"], 1);
    assert_eq!(page(&app, &token, "/api/admin/orders?q=guest%20nakamura").await["total"], 4);
    // The id as the dashboard shows it, "#3f9a1c2e…", or any start of it.
    let id = ids(&found)[0].clone();
    let shown = format!("#{}…", &id[..8]);
    let by_id = page(&app, &token, &format!("/api/admin/orders?q={}", urlencoding(&shown))).await;
    assert_eq!(ids(&by_id), vec![id.clone()]);
    // A LIKE wildcard is taken literally.
    assert_eq!(page(&app, &token, "/api/admin/orders?q=%25%25%25").await["total"], 0);
    assert_eq!(page(&app, &token, "/api/admin/orders?q=nobody-here").await["items"], json!([]));

    assert_eq!(page(&app, &token, "/api/admin/orders?status=shipped").await["total"], 4);
    assert_eq!(page(&app, &token, "/api/admin/orders?status=shipped&q=alvarez").await["total"], 0);
    let today = days_from_today(0);
    let recent =
        page(&app, &token, &format!("/api/admin/orders?from={}&to={today}", days_from_today(-1))).await;
    assert_eq!(recent["total"], 6, "the order of ten days ago is left out");
    let that_day = days_from_today(-10);
    let old = page(&app, &token, &format!("/api/admin/orders?from={that_day}&to={that_day}")).await;
    assert_eq!(old["items"][0]["email"], "nakamura1@example.com");
    assert_eq!(old["total"], 1);
}

fn urlencoding(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[tokio::test]
async fn what_a_list_cannot_read_is_refused_by_parameter() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    for (query, field, message) in [
        ("q=al", "q", "Type at least 3 characters to search"),
        ("limit=0", "limit", "Limit must be a whole number from 1 to 100"),
        ("limit=101", "limit", "Limit must be a whole number from 1 to 100"),
        ("after=nonsense", "after", "This page link is not valid: start from the first page"),
        ("from=2026-13-01", "from", "Please use a date as yyyy-MM-dd"),
        ("from=2026-11-02&to=2026-11-01", "to", "The end date must not be before the start date"),
    ] {
        for list in ["orders", "bookings"] {
            let response = app.get_as(&token, &format!("/api/admin/{list}?{query}")).await;
            assert_field_errors(response, &[(field, message)]).await;
        }
    }
    for path in
        ["/api/admin/orders?status=lost", "/api/admin/bookings?service=yoga", "/api/admin/orders?limit=many"]
    {
        assert_error(app.get_as(&token, path).await, StatusCode::BAD_REQUEST).await;
    }
    for path in ["/api/admin/orders", "/api/admin/bookings", "/api/admin/summary"] {
        assert_error(app.get(path).await, StatusCode::UNAUTHORIZED).await;
    }
}

#[tokio::test]
async fn past_ten_thousand_the_total_says_at_least_and_a_search_past_a_hundred() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    seed_orders(&app, 10_001, "Many", "pending", 5, false);
    let first = page(&app, &token, "/api/admin/orders?limit=2").await;
    assert_eq!((first["total"].as_i64(), first["totalExact"].as_bool()), (Some(10_000), Some(false)));
    // A filter's kept count is capped alike.
    let pending = page(&app, &token, "/api/admin/orders?limit=2&status=pending").await;
    assert_eq!((pending["total"].as_i64(), pending["totalExact"].as_bool()), (Some(10_000), Some(false)));
    let some = page(&app, &token, "/api/admin/orders?q=many1000").await;
    // many1000, many10000 and many10001: counted exactly.
    assert_eq!((some["total"].as_i64(), some["totalExact"].as_bool()), (Some(3), Some(true)));
    // A search stops counting at a hundred (each row it counts is read and matched).
    let searched = page(&app, &token, "/api/admin/orders?q=many&limit=2").await;
    assert_eq!((searched["total"].as_i64(), searched["totalExact"].as_bool()), (Some(100), Some(false)));
    assert_eq!(ids(&searched).len(), 2);
    // many99, many990…many999 and many9900…many9999: one past the cap.
    let past = page(&app, &token, "/api/admin/orders?q=many99").await;
    assert_eq!((past["total"].as_i64(), past["totalExact"].as_bool()), (Some(100), Some(false)));
    // many999 and many9990…many9999: below it, counted exactly.
    let few = page(&app, &token, "/api/admin/orders?q=many999").await;
    assert_eq!((few["total"].as_i64(), few["totalExact"].as_bool()), (Some(11), Some(true)));

    // "many" is on every row the page was looked for among, so its count
    // walked the newest-first index (store-postgres `paging::walk_pays`)
    // and stopped at the cap. A word on every one of the newest rows (the
    // 80 a one-row page is looked for among) but on fewer than the cap in
    // all is walked too (the guess is wrong) and must still be counted
    // exactly, every row of the table read; and "many", now on none of the
    // newest rows, is counted from the trigram index's list, to the same
    // "100+".
    seed_orders(&app, 90, "Fresh", "pending", 0, true);
    let fresh = page(&app, &token, "/api/admin/orders?q=fresh&limit=1").await;
    assert_eq!((fresh["total"].as_i64(), fresh["totalExact"].as_bool()), (Some(90), Some(true)));
    let searched = page(&app, &token, "/api/admin/orders?q=many&limit=1").await;
    assert_eq!((searched["total"].as_i64(), searched["totalExact"].as_bool()), (Some(100), Some(false)));
    assert_eq!(ids(&searched).len(), 1);
}

fn seed_booking(
    app: &TestApp,
    last_name: &str,
    service: &str,
    date: &str,
    check_out: Option<&str>,
    status: &str,
) {
    let check_out = check_out.map_or("NULL".to_owned(), |day| format!("'{day}'"));
    app.sql(&format!(
        "INSERT INTO bookings (first_name, last_name, email, service, date, check_out, time, status)
         VALUES ('Guest', '{last_name}', lower('{last_name}') || '@example.com', '{service}', '{date}', {check_out}, '11:00', '{status}')"
    ));
}

#[tokio::test]
async fn bookings_are_found_by_guest_and_filtered_by_status_service_and_the_nights_of_a_stay() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let baseline = page(&app, &token, "/api/admin/bookings").await["total"].as_i64().expect("total");
    seed_booking(&app, "Moreau", "massage", "2031-03-10", None, "pending");
    seed_booking(&app, "Moreau", "spa", "2031-03-12", None, "confirmed");
    // A stay of three nights: the 20th, 21st and 22nd (the 23rd is check-out).
    seed_booking(&app, "Haddad", "accommodation", "2031-03-20", Some("2031-03-23"), "confirmed");

    assert_eq!(page(&app, &token, "/api/admin/bookings").await["total"], baseline + 3);
    assert_eq!(page(&app, &token, "/api/admin/bookings?q=moreau").await["total"], 2);
    assert_eq!(
        page(&app, &token, "/api/admin/bookings?q=moreau&service=spa").await["items"][0]["date"],
        "2031-03-12"
    );
    assert_eq!(page(&app, &token, "/api/admin/bookings?q=moreau&status=pending").await["total"], 1);
    let night = |from: &str, to: &str| format!("/api/admin/bookings?from={from}&to={to}");
    // A night in the middle of the stay finds it; its check-out day does not.
    assert_eq!(ids(&page(&app, &token, &night("2031-03-21", "2031-03-21")).await).len(), 1);
    assert_eq!(
        page(&app, &token, &night("2031-03-22", "2031-03-22")).await["items"][0]["lastName"],
        "Haddad"
    );
    assert_eq!(page(&app, &token, &night("2031-03-23", "2031-03-23")).await["total"], 0);
    assert_eq!(page(&app, &token, &night("2031-03-10", "2031-03-20")).await["total"], 3);
    assert_eq!(page(&app, &token, &night("2031-03-11", "2031-03-19")).await["total"], 1);
}

#[tokio::test]
async fn the_summary_counts_what_the_cards_show_in_sql() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let before = page(&app, &token, "/api/admin/summary").await;
    seed_orders(&app, 2, "Summary", "pending", 5, false);
    seed_orders(&app, 1, "Cancelled", "cancelled", 5, false);
    // Last month, whatever today is: the 1st of this month less a day.
    app.sql(
        "INSERT INTO orders (first_name, last_name, email, address, city, state, zip, items, subtotal, tax, shipping, total, status, created_at)
         VALUES ('Guest', 'Earlier', 'earlier@example.com', '1 Pine Ridge Rd', 'Idyllwild', 'CA', '92549',
                 jsonb_build_array(jsonb_build_object('productId', gen_random_uuid(), 'productName', 'Tea', 'price', '10.00', 'quantity', 1)),
                 10, 0, 0, 10.00, 'delivered',
                 (date_trunc('month', now() AT TIME ZONE 'America/Los_Angeles') - interval '1 day') AT TIME ZONE 'America/Los_Angeles')",
    );
    let today = days_from_today(0);
    seed_booking(&app, "Thisweek", "massage", &today, None, "pending");
    app.sql("INSERT INTO contact_messages (first_name, last_name, email, message) VALUES ('Ada', 'Read', 'ada@example.com', 'Hello there')");
    app.sql("INSERT INTO newsletter_subscriptions (email) VALUES ('reader@example.com')");

    let after = page(&app, &token, "/api/admin/summary").await;
    let grew = |field: &str| after[field].as_i64().expect(field) - before[field].as_i64().expect(field);
    assert_eq!(grew("orders"), 4);
    assert_eq!(grew("ordersPending"), 2);
    assert_eq!(grew("bookings"), 1);
    assert_eq!(grew("bookingsPending"), 1);
    assert_eq!(grew("bookingsThisWeek"), 1);
    assert_eq!((grew("messages"), grew("messagesNew"), grew("messagesUnanswered")), (1, 1, 1));
    assert_eq!(grew("subscribers"), 1);
    let dollars = |value: &Value| cents(value.as_str().expect("money"));
    // Every order's total, as the specification sums them: cancelled ones too.
    assert_eq!(dollars(&after["revenue"]) - dollars(&before["revenue"]), 3 * 5172 + 1000);
    // This month leaves the cancelled order out; last month has the earlier one.
    assert_eq!(dollars(&after["revenueThisMonth"]) - dollars(&before["revenueThisMonth"]), 2 * 5172);
    assert_eq!(dollars(&after["revenueLastMonth"]) - dollars(&before["revenueLastMonth"]), 1000);
    // The totals follow deletions too (kept by the database, not recounted).
    app.sql("DELETE FROM orders WHERE last_name = 'Cancelled'");
    let deleted = page(&app, &token, "/api/admin/summary").await;
    assert_eq!(deleted["orders"].as_i64().unwrap(), after["orders"].as_i64().unwrap() - 1);
    assert_eq!(dollars(&deleted["revenue"]), dollars(&after["revenue"]) - 5172);
    // Beside the lists: the figures equal what the full lists say.
    let orders = expect_json(app.get_as(&token, "/api/orders").await, StatusCode::OK).await;
    assert_eq!(deleted["orders"].as_i64(), Some(orders.as_array().unwrap().len() as i64));
    let summed: i64 = orders.as_array().unwrap().iter().map(|o| dollars(&o["total"])).sum();
    assert_eq!(dollars(&deleted["revenue"]), summed);

    // What waits for the owner follows its rows as they change state and go
    // (kept by the database too), and matches its own count in the tables.
    app.sql("UPDATE orders SET status = 'processing' WHERE last_name = 'Summary'");
    app.sql("UPDATE bookings SET status = 'confirmed' WHERE last_name = 'Thisweek'");
    app.sql("UPDATE contact_messages SET read_at = now() WHERE last_name = 'Read'");
    let moved = page(&app, &token, "/api/admin/summary").await;
    let change = |field: &str| moved[field].as_i64().expect(field) - after[field].as_i64().expect(field);
    assert_eq!((change("ordersPending"), change("bookingsPending")), (-2, -1));
    assert_eq!((change("messagesNew"), change("messagesUnanswered")), (-1, 0));
    app.sql("UPDATE contact_messages SET answered_at = now() WHERE last_name = 'Read'");
    app.sql("INSERT INTO contact_messages (first_name, last_name, email, message) VALUES ('Bo', 'Gone', 'bo@example.com', 'Hi')");
    app.sql("DELETE FROM contact_messages WHERE last_name = 'Gone'");
    app.sql("UPDATE orders SET status = 'pending' WHERE last_name = 'Summary'");
    app.sql("DELETE FROM orders WHERE last_name = 'Summary'");
    let last = page(&app, &token, "/api/admin/summary").await;
    for (field, counted) in [
        ("ordersPending", "SELECT count(*) AS n FROM orders WHERE status = 'pending'"),
        ("bookingsPending", "SELECT count(*) AS n FROM bookings WHERE status = 'pending'"),
        ("messagesNew", "SELECT count(*) AS n FROM contact_messages WHERE read_at IS NULL"),
        ("messagesUnanswered", "SELECT count(*) AS n FROM contact_messages WHERE answered_at IS NULL"),
    ] {
        assert_eq!(last[field].as_i64(), Some(app.sql_count(counted)), "{field}");
    }
    assert_eq!(last["ordersPending"].as_i64(), before["ordersPending"].as_i64());
    assert_eq!(last["messagesUnanswered"].as_i64(), before["messagesUnanswered"].as_i64());
}

/// A period's revenue (`dashboard_revenue`: its whole UTC hours from the
/// trigger-kept `dashboard_revenue_hours`, the parts of an hour at either end
/// from the orders) equals the orders' own sum, for periods starting on the
/// hour, at half past (a time zone such as India's) and inside one hour,
/// after inserts, status changes both ways, total changes and deletions.
#[tokio::test]
async fn a_periods_revenue_from_its_hours_equals_the_orders_sum() {
    let app = spawn_app().await;
    app.sql(
        "INSERT INTO orders (first_name, last_name, email, address, city, state, zip, items, subtotal, tax, shipping, total, status, created_at)
         SELECT 'Hour', 'Guest', 'hour@example.com', '1 Pine Ridge Rd', 'Idyllwild', 'CA', '92549', '[]'::jsonb, 10, 0, 0,
                (1 + g % 97) + 0.25, (ARRAY['pending', 'processing', 'delivered', 'cancelled'])[1 + g % 4],
                timestamptz '2031-10-01 00:00+00' + g * interval '97 seconds'
         FROM generate_series(1, 3000) AS g;
         CREATE TABLE periods AS
         SELECT timestamptz '2031-10-01 00:00+00' + i * interval '13 minutes 17 seconds' AS since,
                timestamptz '2031-10-01 00:00+00' + i * interval '13 minutes 17 seconds' + (i * 37 % 200) * interval '7 minutes' AS until
         FROM generate_series(0, 200) AS i;
         INSERT INTO periods VALUES ('2031-10-01 05:30+05:30', '2031-10-03 00:00+05:30'), ('2031-10-01 01:00+00', '2031-10-02 01:00+00'),
                                    ('2031-10-01 07:10+00', '2031-10-01 07:50+00'), ('2031-10-01 07:00+00', '2031-10-01 07:00+00');",
    );
    let wrong = || {
        app.sql_count(
            "SELECT count(*) AS n FROM periods WHERE dashboard_revenue(since, until) <> (SELECT COALESCE(sum(total), 0)
                 FROM orders WHERE status <> 'cancelled' AND created_at >= since AND created_at < until)",
        )
    };
    assert!(
        app.sql_count("SELECT count(*) AS n FROM periods WHERE dashboard_revenue(since, until) > 0") > 150
    );
    assert_eq!(wrong(), 0);
    app.sql(
        "UPDATE orders SET status = 'cancelled' WHERE id IN (SELECT id FROM orders WHERE status = 'pending' LIMIT 300);
         UPDATE orders SET status = 'delivered' WHERE id IN (SELECT id FROM orders WHERE status = 'cancelled' LIMIT 200);
         UPDATE orders SET total = total + 1 WHERE status = 'processing' AND created_at < '2031-10-02';
         UPDATE orders SET email = 'hours@example.com' WHERE status = 'delivered';
         DELETE FROM orders WHERE created_at BETWEEN '2031-10-01 06:00+00' AND '2031-10-01 09:30+00';",
    );
    assert_eq!(wrong(), 0);
    // An update that moves no money writes no hour (each row's version, xmin, stays).
    let versions = || {
        app.sql_text("SELECT string_agg(hour::text || xmin::text, ',' ORDER BY hour) AS t FROM dashboard_revenue_hours")
    };
    let before = versions();
    app.sql("UPDATE orders SET email = 'again@example.com' WHERE last_name = 'Guest'");
    assert_eq!(versions(), before);
    app.sql("UPDATE orders SET total = total + 1 WHERE last_name = 'Guest' AND status = 'delivered'");
    assert_ne!(versions(), before);
    assert_eq!(wrong(), 0);
}

#[tokio::test]
async fn a_filters_kept_count_equals_the_orders_counted_in_every_range_and_status() {
    let app = spawn_app().await;
    // Two weeks of orders, one every 6 min 37 s, in four statuses.
    app.sql(
        "INSERT INTO orders (first_name, last_name, email, address, city, state, zip, items, subtotal, tax, shipping, total, status, created_at)
         SELECT 'Kept', 'Guest', 'kept@example.com', '1 Pine Ridge Rd', 'Idyllwild', 'CA', '92549', '[]'::jsonb, 10, 0, 0, 10,
                (ARRAY['pending', 'processing', 'delivered', 'cancelled'])[1 + g % 4],
                timestamptz '2031-10-01 00:00+00' + g * interval '397 seconds'
         FROM generate_series(1, 3000) AS g;
         CREATE TABLE periods AS
         SELECT timestamptz '2031-10-01 00:00+00' + i * interval '1 hour 13 minutes 17 seconds' AS since,
                timestamptz '2031-10-01 00:00+00' + i * interval '1 hour 13 minutes 17 seconds' + (i * 37 % 300) * interval '67 minutes' AS until
         FROM generate_series(0, 150) AS i;
         -- The retreat's days (whole UTC hours), a zone whose midnight is inside
         -- an hour, a day to the hour, a range inside one hour, an empty one,
         -- one backwards, and bounds left open.
         INSERT INTO periods VALUES ('2031-10-02 00:00-07', '2031-10-09 00:00-07'), ('2031-10-01 05:30+05:30', '2031-10-08 00:00+05:30'),
                                    ('2031-10-03 01:00+00', '2031-10-04 01:00+00'), ('2031-10-05 07:10+00', '2031-10-05 07:50+00'),
                                    ('2031-10-05 07:00+00', '2031-10-05 07:00+00'), ('2031-10-06 00:00+00', '2031-10-04 00:00+00'),
                                    (NULL, '2031-10-07 12:00+00'), ('2031-10-07 12:30+00', NULL), (NULL, NULL);
         CREATE TABLE statuses AS SELECT unnest(ARRAY[NULL, 'pending', 'processing', 'delivered', 'cancelled', 'shipped']) AS status;",
    );
    let wrong = || {
        app.sql_count(
            "SELECT count(*) AS n FROM periods, statuses
             WHERE orders_counted(statuses.status, since, until) <> (SELECT count(*) FROM orders
                 WHERE (statuses.status IS NULL OR orders.status = statuses.status)
                   AND created_at >= COALESCE(since, '-infinity') AND created_at < COALESCE(until, 'infinity'))",
        )
    };
    assert!(
        app.sql_count(
            "SELECT count(*) AS n FROM periods WHERE orders_counted('cancelled', since, until) > 100"
        ) > 50,
        "the ranges hold orders"
    );
    assert_eq!(wrong(), 0);
    app.sql(
        "UPDATE orders SET status = 'cancelled' WHERE id IN (SELECT id FROM orders WHERE status = 'pending' LIMIT 300);
         UPDATE orders SET status = 'shipped' WHERE id IN (SELECT id FROM orders WHERE status = 'cancelled' LIMIT 200);
         UPDATE orders SET created_at = created_at + interval '3 days 5 hours 7 minutes' WHERE status = 'processing' AND created_at < '2031-10-03';
         DELETE FROM orders WHERE created_at BETWEEN '2031-10-04 06:00+00' AND '2031-10-05 09:30+00';",
    );
    assert_eq!(wrong(), 0);
    // An update that moves no order between counts writes none (each row's version, xmin, stays).
    let versions = || {
        app.sql_text(
            "SELECT (SELECT string_agg(hour::text || status || xmin::text, ',' ORDER BY hour, status) FROM order_counts_by_hour)
                 || (SELECT string_agg(day::text || status || xmin::text, ',' ORDER BY day, status) FROM order_counts_by_day) AS t",
        )
    };
    let before = versions();
    app.sql("UPDATE orders SET email = 'again@example.com', total = total + 1 WHERE last_name = 'Guest'");
    assert_eq!(versions(), before);
    app.sql("UPDATE orders SET status = 'delivered' WHERE last_name = 'Guest' AND status = 'shipped'");
    assert_ne!(versions(), before);
    assert_eq!(wrong(), 0);
}

#[tokio::test]
async fn a_bookings_kept_count_by_service_and_status_follows_them_and_answers_the_filters() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    app.sql(
        "INSERT INTO bookings (first_name, last_name, email, service, date, time, status)
         SELECT 'Kept', 'Guest', 'kept@example.com', (ARRAY['massage', 'spa', 'package'])[1 + g % 3],
                date '2031-05-01' + g % 200, '11:00', (ARRAY['pending', 'confirmed', 'completed', 'cancelled'])[1 + g % 4]
         FROM generate_series(1, 700) AS g;
         UPDATE bookings SET status = 'confirmed' WHERE id IN (SELECT id FROM bookings WHERE status = 'pending' AND service = 'massage' LIMIT 20);
         UPDATE bookings SET service = 'spa' WHERE id IN (SELECT id FROM bookings WHERE service = 'package' LIMIT 30);
         DELETE FROM bookings WHERE id IN (SELECT id FROM bookings WHERE status = 'cancelled' LIMIT 40);",
    );
    assert_eq!(
        app.sql_count(
            "SELECT count(*) AS n FROM (SELECT service, status, count(*) AS bookings FROM bookings GROUP BY 1, 2) AS counted
             FULL JOIN booking_counts kept USING (service, status)
             WHERE COALESCE(kept.bookings, 0) <> COALESCE(counted.bookings, 0)",
        ),
        0
    );
    let filters = [
        (Some("pending"), Some("massage")),
        (Some("cancelled"), None),
        (None, Some("spa")),
        (None, Some("accommodation")),
    ];
    for (status, service) in filters {
        let quoted = |value: Option<&str>| value.map_or("NULL".to_owned(), |value| format!("'{value}'"));
        let counted = app.sql_count(&format!(
            "SELECT count(*) AS n FROM bookings WHERE status = COALESCE({}, status) AND service = COALESCE({}, service)",
            quoted(status),
            quoted(service),
        ));
        let filter = [("status", status), ("service", service)]
            .iter()
            .filter_map(|(name, value)| value.map(|value| format!("{name}={value}")))
            .collect::<Vec<_>>()
            .join("&");
        let answered = page(&app, &token, &format!("/api/admin/bookings?limit=5&{filter}")).await;
        assert_eq!(
            (answered["total"].as_i64(), answered["totalExact"].as_bool()),
            (Some(counted), Some(true)),
            "{filter}"
        );
    }
}

#[tokio::test]
async fn exports_honour_the_filters_and_read_every_page() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    // More than one page of the export's reading (500 rows a page).
    seed_orders(&app, 1_203, "Export", "delivered", 5, false);
    seed_orders(&app, 7, "Other", "pending", 5, false);
    let csv = |path: &str| {
        let app = &app;
        let token = token.clone();
        let path = path.to_owned();
        async move {
            let response = app.get_as(&token, &path).await;
            assert_eq!(response.status(), StatusCode::OK);
            response.text().await.expect("csv")
        }
    };
    let delivered = csv("/api/admin/exports/orders.csv?status=delivered").await;
    let lines: Vec<&str> = delivered.trim_end().split("\r\n").collect();
    assert_eq!(lines.len(), 1 + 1_203, "a header and every delivered order");
    assert!(lines[1..].iter().all(|line| line.contains(",delivered,")));
    let mut ids: Vec<&str> = lines[1..].iter().map(|line| &line[..36]).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), 1_203, "no row twice");
    let searched = csv("/api/admin/exports/orders.csv?q=other").await;
    assert_eq!(searched.trim_end().split("\r\n").count(), 1 + 7);
    let everything = csv("/api/admin/exports/orders.csv").await;
    assert_eq!(everything.trim_end().split("\r\n").count(), 1 + 1_210);
    assert_field_errors(
        app.get_as(&token, "/api/admin/exports/orders.csv?q=ab").await,
        &[("q", "Type at least 3 characters to search")],
    )
    .await;
    seed_booking(&app, "Exported", "spa", "2031-05-01", None, "pending");
    let bookings = csv("/api/admin/exports/bookings.csv?service=spa&q=exported").await;
    assert_eq!(bookings.trim_end().split("\r\n").count(), 2);
}

#[tokio::test]
async fn a_page_leads_back_to_the_newer_ones_as_it_came() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    seed_orders(&app, 9, "Back", "pending", 10, false);
    seed_orders(&app, 3, "Tied", "pending", 60, true);
    let forward = every_page(&app, &token, "/api/admin/orders?limit=5").await;
    assert_eq!(forward.len(), 3);
    assert_eq!(forward[0]["previous"], Value::Null, "the first page has none before it");
    // From the last page back to the first, through `previous` and `before`.
    let mut back = vec![forward[2].clone()];
    while let Some(previous) = back.last().and_then(|p| p["previous"].as_str()).map(str::to_owned) {
        back.push(page(&app, &token, &format!("/api/admin/orders?limit=5&before={previous}")).await);
        assert!(back.len() < 10, "paging back does not end");
    }
    assert_eq!(back.len(), 3);
    for (there, again) in forward.iter().zip(back.iter().rev()) {
        assert_eq!(ids(there), ids(again));
    }
    // A page reached going back still leads on to the older ones.
    assert_eq!(back[1]["next"], forward[1]["next"]);
    assert_eq!(back[2]["previous"], Value::Null);
    let both = app
        .get_as(
            &token,
            &format!("/api/admin/orders?after={0}&before={0}", forward[0]["next"].as_str().unwrap()),
        )
        .await;
    assert_field_errors(both, &[("before", "A page starts after one row or before one, not both")]).await;
}

#[tokio::test]
async fn messages_are_found_by_their_words_and_state_and_subscribers_by_address() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    app.sql(
        "INSERT INTO contact_messages (first_name, last_name, email, message, created_at, read_at, answered_at) VALUES
           ('Ines', 'Alvarez', 'ines@example.com', 'Do you have a sauna after the hike?', now() - interval '3 minutes', NULL, NULL),
           ('Ravi', 'Shah', 'ravi@example.com', 'Is the Tiny Home heated in December?', now() - interval '2 minutes', now(), NULL),
           ('Mei', 'Chen', 'mei@example.com', 'Thank you, the SAUNA was lovely.', now() - interval '1 minute', now(), now())",
    );
    app.sql("INSERT INTO newsletter_subscriptions (email) SELECT 'reader' || n || '@example.org' FROM generate_series(1, 7) AS n");

    let sauna = page(&app, &token, "/api/admin/contact-messages?q=sauna").await;
    assert_eq!(sauna["total"], 2);
    assert_eq!(sauna["items"][0]["firstName"], "Mei", "newest first");
    assert_eq!(sauna["items"][0]["state"], "answered");
    assert_eq!(sauna["items"][1]["state"], "new");
    assert!(sauna["items"][1]["readAt"].is_null());
    for (state, who) in [("new", "Ines"), ("read", "Ravi"), ("answered", "Mei")] {
        let only =
            page(&app, &token, &format!("/api/admin/contact-messages?state={state}&q=example.com")).await;
        assert_eq!(
            (only["total"].as_i64(), only["items"][0]["firstName"].as_str()),
            (Some(1), Some(who)),
            "{state}"
        );
    }
    // The specification's list has the same messages, with the state added.
    let all = expect_json(app.get_as(&token, "/api/contact-messages").await, StatusCode::OK).await;
    assert!(all.as_array().unwrap().iter().any(|m| m["state"] == "read" && m["firstName"] == "Ravi"));

    let readers = every_page(&app, &token, "/api/admin/subscribers?q=%40example.org&limit=3").await;
    assert_eq!(readers.len(), 3);
    assert_eq!(readers.iter().map(|p| ids(p).len()).sum::<usize>(), 7);
    assert_eq!(readers[0]["total"], 7);

    let exported = app.get_as(&token, "/api/admin/exports/contact-messages.csv?state=new&q=sauna").await;
    let text = exported.text().await.expect("csv");
    let lines: Vec<&str> = text.trim_end().split("\r\n").collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(lines[0].ends_with(",message,state"));
    assert!(lines[1].contains("Ines") && lines[1].ends_with(",new"));
    let subscribers = app.get_as(&token, "/api/admin/exports/newsletter-subscriptions.csv?q=reader7").await;
    assert_eq!(subscribers.text().await.expect("csv").trim_end().split("\r\n").count(), 2);
    assert_field_errors(
        app.get_as(&token, "/api/admin/contact-messages?state=new&q=a").await,
        &[("q", "Type at least 3 characters to search")],
    )
    .await;
    assert_error(
        app.get_as(&token, "/api/admin/contact-messages?state=archived").await,
        StatusCode::BAD_REQUEST,
    )
    .await;
}

#[tokio::test]
async fn the_outbox_and_the_activity_trail_are_read_a_page_at_a_time() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    app.sql(
        "INSERT INTO outbox_messages (template, recipient, subject, text_body, html_body, state, created_at)
         SELECT 'order_receipt', 'letter' || n || '@example.com', 'Your order', 'text', '<p>html</p>',
                CASE WHEN n % 3 = 0 THEN 'failed' ELSE 'sent' END, now() - make_interval(mins => n)
         FROM generate_series(1, 9) AS n",
    );
    let failed = every_page(&app, &token, "/api/admin/outbox?state=failed&q=letter&limit=2").await;
    assert_eq!(failed.len(), 2);
    assert_eq!(failed[0]["total"], 3);
    let to: Vec<&str> = failed
        .iter()
        .flat_map(|p| p["items"].as_array().unwrap().iter().map(|m| m["to"].as_str().unwrap()))
        .collect();
    assert_eq!(to, ["letter3@example.com", "letter6@example.com", "letter9@example.com"]);
    // The same message as the whole list shows it, without its bodies.
    let listed =
        expect_json(app.get_as(&token, "/api/admin/emails?state=failed").await, StatusCode::OK).await;
    let first = listed.as_array().unwrap().iter().find(|m| m["to"] == "letter3@example.com").expect("listed");
    assert_eq!(&failed[0]["items"][0], first);

    // Five more sign-ins: the trail pages back and forth through them.
    for _ in 0..5 {
        app.admin_token().await;
    }
    let newest = page(&app, &token, "/api/admin/activity?limit=2").await;
    assert_eq!(newest["previous"], Value::Null);
    let older = page(
        &app,
        &token,
        &format!("/api/admin/activity?limit=2&after={}", newest["next"].as_str().unwrap()),
    )
    .await;
    let back = page(
        &app,
        &token,
        &format!("/api/admin/activity?limit=2&before={}", older["previous"].as_str().unwrap()),
    )
    .await;
    assert_eq!(back["entries"], newest["entries"]);
    assert_ne!(older["entries"][0]["id"], newest["entries"][1]["id"]);
    assert_eq!(newest["actors"], json!([ADMIN_EMAIL]));
    assert_field_errors(
        app.get_as(&token, "/api/admin/activity?after=x").await,
        &[("after", "This page link is not valid: start from the first page")],
    )
    .await;
}

#[tokio::test]
async fn a_search_pages_alike_through_common_and_rare_words_both_ways() {
    // A search's page is looked for among the next rows first when the word
    // matches past the count's cap, and read through the trigram index when
    // those hold less than a page or the word matches fewer
    // (store-postgres/src/paging.rs): every way must give the same rows.
    let app = spawn_app().await;
    let token = app.admin_token().await;
    // 3,300 orders a minute apart: every third a Lindgren (1,100, past the
    // cap: their pages come from the next rows, but the last ones), one in
    // sixty a Quist (55: through the index).
    app.sql(
        "INSERT INTO orders (first_name, last_name, email, address, city, state, zip, items, subtotal, tax, shipping, total, status, created_at)
         SELECT 'Guest', CASE WHEN n % 60 = 7 THEN 'Quist' WHEN n % 3 = 0 THEN 'Lindgren' ELSE 'Other' END,
                'guest' || n || '@example.com', '1 Pine Ridge Rd', 'Idyllwild', 'CA', '92549', '[]',
                34.00, 2.72, 15.00, 51.72, 'pending', now() - make_interval(mins => n)
         FROM generate_series(1, 3300) AS n",
    );
    let all = expect_json(app.get_as(&token, "/api/orders").await, StatusCode::OK).await;
    for (word, name, limit, total, exact) in
        [("lindgren", "Lindgren", 100, 100, false), ("quist", "Quist", 5, 55, true)]
    {
        // Newest first, as the full list has them (no two share a time).
        let expected: Vec<String> = all
            .as_array()
            .expect("list")
            .iter()
            .filter(|o| o["lastName"] == name)
            .map(|o| o["id"].as_str().expect("id").to_owned())
            .collect();
        let path = format!("/api/admin/orders?q={word}&limit={limit}");
        let forward = every_page(&app, &token, &path).await;
        assert_eq!(
            (forward[0]["total"].as_i64(), forward[0]["totalExact"].as_bool()),
            (Some(total), Some(exact))
        );
        let seen: Vec<String> = forward.iter().flat_map(ids).collect();
        assert_eq!(seen, expected, "{word}: newest first, nothing lost or repeated");
        // And back from the last page to the first.
        let mut back = vec![forward.last().expect("a page").clone()];
        while let Some(previous) = back.last().and_then(|p| p["previous"].as_str()).map(str::to_owned) {
            back.push(page(&app, &token, &format!("{path}&before={previous}")).await);
            assert!(back.len() < 100, "paging back does not end");
        }
        let seen_back: Vec<String> = back.iter().rev().flat_map(ids).collect();
        assert_eq!(seen_back, expected, "{word}: the same rows going back");
    }
}
