//! Guests keep their visit (issue 42): the page a request lands on (the one
//! the mails link to) with what was asked, for when, in the retreat's time
//! with its zone named, the deposit and the free-cancellation deadline, and
//! "Add to calendar": Google's and Outlook's addresses (never the signed
//! link) and an `.ics` file read back by a third-party iCalendar parser.

use icalendar::parser::{Component, read_calendar, unfold};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;
use crate::stripe_server::spawn_shop;

fn event<'a>(calendar: &'a icalendar::parser::Calendar<'a>) -> &'a Component<'a> {
    calendar.components.iter().find(|c| c.name.as_str() == "VEVENT").expect("one VEVENT")
}

fn prop(component: &Component<'_>, name: &str) -> String {
    component.find_prop(name).unwrap_or_else(|| panic!("{name} is missing")).val.as_str().to_owned()
}

fn param(component: &Component<'_>, name: &str, key: &str) -> String {
    let property = component.find_prop(name).unwrap_or_else(|| panic!("{name} is missing"));
    property
        .params
        .iter()
        .find(|p| p.key.as_str() == key)
        .and_then(|p| p.val.as_ref())
        .map(|v| v.as_str().to_owned())
        .unwrap_or_else(|| panic!("{name};{key} is missing"))
}

#[tokio::test]
async fn a_request_lands_on_its_own_page_with_its_time_zone_and_add_to_calendar() {
    let shop = spawn_shop().await;
    let app = &shop.app;
    let date = days_from_today(20);
    let mut body = booking_body("massage", &date, "11:00");
    body["paymentMethodId"] = json!(shop.stripe.card("4242424242424242").await);
    let created = expect_json(app.post_json("/api/bookings", &body).await, StatusCode::CREATED).await;
    let token = created["manageToken"].as_str().expect("the page's token").to_owned();
    // The same page the mail links to.
    let mailed = app.sql_text(&format!(
        "SELECT text_body FROM outbox_messages WHERE related_id = '{}' AND template = 'booking_requested'",
        created["id"].as_str().expect("id")
    ));
    assert!(mailed.contains(&format!("/bookings/manage/{token}")), "{mailed}");

    let page = expect_json(app.get(&format!("/api/guest/bookings/{token}")).await, StatusCode::OK).await;
    assert_eq!((page["status"].as_str(), page["time"].as_str()), (Some("pending"), Some("11:00")));
    assert_eq!(page["timeZone"], "America/Los_Angeles");
    assert!(["PST", "PDT"].contains(&page["timeZoneAbbreviation"].as_str().expect("abbreviation")), "{page}");
    assert_eq!(page["startsAt"], json!(format!("{date}T11:00:00")));
    // It ends when its service's minutes are up.
    let services = app.get_json("/api/services").await;
    let massage =
        services.as_array().expect("list").iter().find(|s| s["bookingKey"] == "massage").expect("massage");
    let minutes = massage["duration"].as_i64().expect("minutes");
    let end = chrono::NaiveTime::from_hms_opt(11, 0, 0).expect("time") + chrono::Duration::minutes(minutes);
    let (end_text, end_compact) = (end.format("%H:%M:%S").to_string(), end.format("%H%M%S").to_string());
    assert_eq!(page["endsAt"], json!(format!("{date}T{end_text}")));
    assert_eq!(page["deposit"]["state"], "card_saved");
    assert!(
        page["freeCancellationUntil"]
            .as_str()
            .is_some_and(|until| until < page["startsAt"].as_str().expect("start"))
    );

    // Google and Outlook: the visit's words and times, never the signed link.
    let calendar = &page["addToCalendar"];
    let google = calendar["googleUrl"].as_str().expect("google");
    let compact = date.replace('-', "");
    assert!(
        google.starts_with(
            "https://calendar.google.com/calendar/render?action=TEMPLATE&text=Massage%20Therapy"
        )
    );
    assert!(
        google
            .contains(&format!("&dates={compact}T110000/{compact}T{end_compact}&ctz=America%2FLos_Angeles")),
        "{google}"
    );
    let outlook = calendar["outlookUrl"].as_str().expect("outlook");
    assert!(
        outlook.starts_with("https://outlook.live.com/calendar/0/action/compose?rru=addevent"),
        "{outlook}"
    );
    assert!(outlook.contains(&format!("&startdt={date}T11%3A00%3A00-0")), "an offset: {outlook}");
    for address in [google, outlook] {
        assert!(!address.contains(&token) && !address.contains("manage"), "no signed link: {address}");
    }

    // The .ics file: the invitation's UID, the retreat's zone, tentative until confirmed.
    let path = calendar["icsPath"].as_str().expect("ics path");
    let file = app.get(path).await;
    assert_eq!(file.status(), StatusCode::OK);
    assert!(file.headers()["content-type"].to_str().expect("type").starts_with("text/calendar"));
    assert!(file.headers()["content-disposition"].to_str().expect("disposition").contains(".ics"));
    let text = unfold(&file.text().await.expect("text"));
    let parsed = read_calendar(&text).expect("a calendar the parser reads");
    let vevent = event(&parsed);
    assert_eq!(
        prop(vevent, "UID"),
        format!("booking-{}@goldenpine.retreat", created["id"].as_str().expect("id"))
    );
    assert_eq!(param(vevent, "DTSTART", "TZID"), "America/Los_Angeles");
    assert_eq!(prop(vevent, "DTSTART"), format!("{compact}T110000"));
    assert_eq!(prop(vevent, "DTEND"), format!("{compact}T{end_compact}"));
    assert_eq!(prop(vevent, "STATUS"), "TENTATIVE");
    assert!(parsed.components.iter().any(|c| c.name.as_str() == "VTIMEZONE"));

    // Confirmed, the file says so.
    let admin = app.admin_token().await;
    let path_of = format!("/api/admin/bookings/{}", created["id"].as_str().expect("id"));
    expect_json(app.put_as(&admin, &path_of, &json!({"status": "confirmed"})).await, StatusCode::OK).await;
    let text = unfold(&app.get(path).await.text().await.expect("text"));
    assert_eq!(prop(event(&read_calendar(&text).expect("calendar")), "STATUS"), "CONFIRMED");

    // A forged link reads nothing.
    assert_error_code(
        app.get("/api/guest/bookings/forged/calendar.ics").await,
        StatusCode::NOT_FOUND,
        "invalid_link",
    )
    .await;
    let _: Value = page;
}
