//! The plans of the dashboard's pages on tables of a busy retreat's size
//! (issue 23): every page and its count is read through an index, never by
//! a sequential scan of a big table, and neither are the calendar's days.
//! The plans are PostgreSQL's own (`EXPLAIN` of exactly the queries the store
//! runs: `PgStore::list_plans`, `PgStore::visit_days_plan`).

use chrono::{Duration, Utc};

use domain::booking::{BookingQuery, BookingStatus, ServiceKey};
use domain::content::{MessageQuery, MessageState, SubscriberQuery};
use domain::order::{OrderQuery, OrderStatus};
use domain::paging::{Cursor, PageRequest, PageStart, Search};
use store_postgres::{ListPlan, PgStore, WALKED_COUNT};
use uuid::Uuid;

use crate::helpers::*;

const BIG_TABLES: [&str; 5] =
    ["orders", "bookings", "contact_messages", "newsletter_subscriptions", "outbox_messages"];

/// Sixty thousand orders over six weeks, a minute apart.
const ORDERS: &str = "INSERT INTO orders (first_name, last_name, email, address, city, state, zip, items, subtotal, tax, shipping, total, status, created_at)
         SELECT (ARRAY['Ada','Ines','Ravi','Mei','Omar'])[1 + n % 5], 'Guest' || n, 'guest' || n || '@example.com', '1 Pine Ridge Rd',
                'Idyllwild', 'CA', '92549', '[]', 34, 2.72, 15, 51.72,
                (ARRAY['pending','processing','shipped','delivered','cancelled'])[1 + n % 5], now() - make_interval(mins => n)
         FROM generate_series(1, 60000) AS n";

/// Fifty thousand bookings over seven years, twenty a day (a quarter of them stays).
const BOOKINGS: &str = "INSERT INTO bookings (first_name, last_name, email, service, date, check_out, time, status, created_at)
         SELECT 'Guest', 'Booker' || n, 'booker' || n || '@example.com', (ARRAY['massage','spa','accommodation','package'])[1 + n % 4],
                current_date - n / 20, CASE WHEN n % 4 = 2 THEN current_date - n / 20 + 2 END, '11:00',
                (ARRAY['pending','confirmed','completed','cancelled'])[1 + n / 4 % 4], now() - make_interval(mins => n)
         FROM generate_series(1, 50000) AS n;";

fn seed_a_busy_retreat(app: &TestApp) {
    app.sql(ORDERS);
    app.sql(BOOKINGS);
    app.sql(
        "INSERT INTO contact_messages (first_name, last_name, email, message, created_at, read_at, answered_at)
         SELECT 'Writer', 'Number' || n, 'writer' || n || '@example.com',
                'A question about ' || (ARRAY['the sauna','the Tiny Home','a gift card','massage times','the hike'])[1 + n % 5] || ', ' || md5(n::text),
                now() - make_interval(mins => n), CASE WHEN n > 50 THEN now() END, CASE WHEN n > 80 THEN now() END
         FROM generate_series(1, 50000) AS n;
         INSERT INTO newsletter_subscriptions (email, created_at)
         SELECT md5(n::text) || '@example.org', now() - make_interval(mins => n) FROM generate_series(1, 50000) AS n;
         INSERT INTO outbox_messages (template, recipient, subject, text_body, html_body, state, created_at)
         SELECT 'order_receipt', 'guest' || n || '@example.com', 'Your order #' || left(md5(n::text), 8), 'text', '<p>html</p>',
                (ARRAY['queued','sent','sent','sent','failed'])[1 + n % 5], now() - make_interval(mins => n)
         FROM generate_series(1, 100000) AS n;",
    );
    // As autovacuum leaves a table that has settled: its statistics read, its pages marked visible.
    for table in BIG_TABLES {
        app.sql(&format!("VACUUM ANALYZE {table}"));
    }
}

fn page(start: PageStart) -> PageRequest {
    PageRequest { start, size: 50, count_total: true }
}

fn search(text: &str) -> Option<Search> {
    Search::parse(text).expect("search")
}

#[tokio::test]
async fn every_page_and_count_is_read_through_an_index() {
    let app = spawn_app().await;
    seed_a_busy_retreat(&app);
    let store = PgStore::connect(&app.database_url, 1).expect("store");
    let cursor = Cursor { at: Utc::now() - Duration::days(3), id: Uuid::nil() };
    let day = |days: i64| Utc::now() - Duration::days(days);
    let order = |search, status, from, until, start| {
        ListPlan::Orders(OrderQuery {
            search,
            status,
            placed_from: from,
            placed_until: until,
            unpaid: None,
            page: page(start),
        })
    };
    let booking = |search, status, service, visit_from, visit_to| {
        ListPlan::Bookings(BookingQuery {
            search,
            status,
            service,
            visit_from,
            visit_to,
            page: page(PageStart::After(cursor)),
        })
    };
    let today = Utc::now().date_naive();
    let lists = [
        ("orders, first page", order(None, None, None, None, PageStart::Newest)),
        ("orders, a later page", order(None, None, None, None, PageStart::After(cursor))),
        ("orders, a page back", order(None, None, None, None, PageStart::Before(cursor))),
        ("orders by name", order(search("guest4242"), None, None, None, PageStart::Newest)),
        ("orders by id", order(search("#3f9a1c2e…"), None, None, None, PageStart::Newest)),
        ("orders by status", order(None, Some(OrderStatus::Shipped), None, None, PageStart::Newest)),
        ("orders by days", order(None, None, Some(day(10)), Some(day(5)), PageStart::Newest)),
        (
            "orders by status and days",
            order(None, Some(OrderStatus::Pending), Some(day(10)), Some(day(5)), PageStart::Newest),
        ),
        ("bookings, a later page", booking(None, None, None, None, None)),
        ("bookings by guest", booking(search("booker777"), None, None, None, None)),
        (
            "bookings by status and service",
            booking(None, Some(BookingStatus::Pending), Some(ServiceKey::Massage), None, None),
        ),
        (
            "bookings by night",
            booking(None, None, None, Some(today - Duration::days(30)), Some(today - Duration::days(28))),
        ),
        (
            "messages by words",
            ListPlan::Messages(MessageQuery {
                search: search("number1234"),
                state: None,
                received_from: None,
                received_until: None,
                page: page(PageStart::Newest),
            }),
        ),
        (
            "new messages",
            ListPlan::Messages(MessageQuery {
                search: None,
                state: Some(MessageState::New),
                received_from: None,
                received_until: None,
                page: page(PageStart::Newest),
            }),
        ),
        (
            "subscribers by address",
            ListPlan::Subscribers(SubscriberQuery {
                search: search("c4ca4238"),
                joined_from: None,
                joined_until: None,
                page: page(PageStart::After(cursor)),
            }),
        ),
    ];
    let mail = |search, state| {
        ListPlan::Mail(ports::MailQuery {
            search,
            state,
            created_from: None,
            created_until: None,
            page: page(PageStart::After(cursor)),
        })
    };
    let lists = lists.into_iter().chain([
        ("mail by recipient", mail(search("guest4242@"), None)),
        ("failed mail", mail(None, Some(domain::mail::MailState::Failed))),
    ]);
    let mut scans = Vec::new();
    for (name, list) in lists {
        let plans = store.list_plans(list).await.expect("plans");
        for (query, plan) in [("page", &plans.page), ("count", &plans.count)] {
            assert!(!plan.is_empty());
            for table in BIG_TABLES {
                if plan.iter().any(|line| line.contains(&format!("Seq Scan on {table}"))) {
                    scans.push(format!("{name} ({query}):\n{}", plan.join("\n")));
                }
            }
        }
    }
    assert!(scans.is_empty(), "sequential scans of big tables:\n\n{}", scans.join("\n\n"));

    // The calendar's two weeks (the dashboard's next fourteen days, a
    // month of the booking calendar) read the bookings that hold those
    // days, not every booking ever made.
    let today = Utc::now().date_naive();
    for (first, last) in
        [(today, today + Duration::days(13)), (today - Duration::days(400), today - Duration::days(370))]
    {
        let plan = store.visit_days_plan(first, last).await.expect("plan");
        assert!(plan.iter().any(|line| line.contains("bookings_visit_idx")), "{}", plan.join("\n"));
        assert!(!plan.iter().any(|line| line.contains("Seq Scan on bookings")), "{}", plan.join("\n"));
    }

    // A search's page is looked for first among the next rows, walking the
    // newest-first index (either way from a cursor), then through the
    // trigram index; its count through the trigram index alone, or, for a
    // common word, by walking the newest-first index without reading the
    // table (the index carries the search text).
    for start in [PageStart::Newest, PageStart::After(cursor), PageStart::Before(cursor)] {
        let plans = store.list_plans(order(search("ada"), None, None, None, start)).await.expect("plans");
        let (page, count) = (plans.page.join("\n"), plans.count.join("\n"));
        let window = page.split("then, when the window").next().unwrap_or_default();
        assert!(window.contains("orders_newest_idx") && !window.contains("orders_search_idx"), "{page}");
        assert!(page.contains("orders_search_idx"), "{page}");
        let (listed, walked) = count.split_once(WALKED_COUNT).unwrap_or_else(|| panic!("a walk: {count}"));
        assert!(listed.contains("orders_search_idx") && !listed.contains("orders_newest_idx"), "{count}");
        assert!(walked.contains("Index Only Scan using orders_newest_idx"), "{count}");
    }
}

/// The shared buffers (8 KB pages) `statement` touches, by `EXPLAIN
/// (ANALYZE, BUFFERS)`, a function's own statements included; run once
/// before on the same connection, so the catalogue is read as a server's
/// connection has it.
fn pages_read(app: &TestApp, statement: &str) -> i64 {
    use diesel::connection::SimpleConnection;
    use diesel::{Connection, QueryableByName, RunQueryDsl};
    #[derive(QueryableByName)]
    struct Plan {
        #[diesel(sql_type = diesel::sql_types::Text, column_name = "QUERY PLAN")]
        plan: String,
    }
    let mut conn = diesel::PgConnection::establish(&app.database_url).expect("connect");
    conn.batch_execute(statement).expect("statement");
    let Plan { plan } = diesel::sql_query(format!("EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) {statement}"))
        .get_result(&mut conn)
        .expect("plan");
    let plan: serde_json::Value = serde_json::from_str(&plan).expect("plan");
    let node = &plan[0]["Plan"];
    ["Shared Hit Blocks", "Shared Read Blocks"].iter().map(|key| node[key].as_i64().expect(key)).sum()
}

#[tokio::test]
async fn a_filters_kept_count_reads_a_few_pages_where_counting_read_many() {
    // EXPLAIN shows no statement inside `orders_counted`, so the check
    // above cannot see a scan there: what it reads is counted instead.
    let app = spawn_app().await;
    app.sql(ORDERS);
    app.sql("VACUUM ANALYZE orders");
    let table_pages = app.sql_count("SELECT relpages::bigint AS n FROM pg_class WHERE relname = 'orders'");
    // Bounds inside an hour at both ends (read from the orders), whole
    // hours and days between them (from the kept counts), as the retreat's
    // days are in a time zone whose offset has minutes.
    let kept = "SELECT orders_counted('pending', now() - interval '20 days 7 minutes', now() - interval '2 days 13 minutes')";
    let counted = "SELECT count(*) FROM orders WHERE status = 'pending'
                   AND created_at >= now() - interval '20 days 7 minutes' AND created_at < now() - interval '2 days 13 minutes'";
    // Both the same figure: 18 days of a minute apart, one in five pending.
    let figure = app.sql_count(&format!("SELECT ({kept}) AS n"));
    assert_eq!(figure, app.sql_count(&format!("SELECT ({counted}) AS n")));
    assert!(figure > 5_000, "{figure}");
    let (kept_pages, counted_pages) = (pages_read(&app, kept), pages_read(&app, counted));
    assert!(kept_pages < 60, "the kept count read {kept_pages} pages");
    assert!(
        counted_pages > 2 * kept_pages,
        "counting read {counted_pages} pages, the kept count {kept_pages}"
    );
    assert!(table_pages > 1_000, "{table_pages}");
}

#[tokio::test]
async fn without_the_indexes_the_same_check_finds_the_scan() {
    // The check above could pass by reading nothing: with the order's index
    // of issue 23 gone, the same plan reader shows the first page reading
    // the whole table.
    let app = spawn_app().await;
    app.sql(ORDERS);
    app.sql("DROP INDEX orders_newest_idx; DROP INDEX orders_status_newest_idx;");
    app.sql("VACUUM ANALYZE orders");
    let store = PgStore::connect(&app.database_url, 1).expect("store");
    let plans = store
        .list_plans(ListPlan::Orders(OrderQuery {
            search: None,
            status: None,
            placed_from: None,
            placed_until: None,
            unpaid: None,
            page: page(PageStart::Newest),
        }))
        .await
        .expect("plans");
    assert!(plans.page.iter().any(|line| line.contains("Seq Scan on orders")), "{:?}", plans.page);

    // And the calendar's days, without the index of visit days.
    app.sql(BOOKINGS);
    app.sql("DROP INDEX bookings_visit_idx");
    app.sql("VACUUM ANALYZE bookings");
    let today = Utc::now().date_naive();
    let plan = store.visit_days_plan(today, today + Duration::days(13)).await.expect("plan");
    assert!(plan.iter().any(|line| line.contains("Seq Scan on bookings")), "{}", plan.join("\n"));
}
