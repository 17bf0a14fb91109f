//! The wellness quiz's recommendation (docs/specification.md §4, docs/decisions.md §7).

use std::collections::HashSet;

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{
    TestApp, assert_error, assert_field_errors, booking_body, days_from_today, expect_json, keys, sorted,
    spawn_app,
};

fn answers(goal: &str, stress: &str, time: &str, interest: &str) -> Value {
    json!({
        "wellnessGoal": goal,
        "stressLevel": stress,
        "timePreference": time,
        "experienceType": "holistic",
        "productInterest": interest,
    })
}

async fn recommend(app: &TestApp, body: &Value) -> Value {
    expect_json(app.post_json("/api/quiz/recommendation", body).await, StatusCode::OK).await
}

fn service_name(result: &Value, which: &str) -> String {
    result[which]["name"].as_str().unwrap_or_else(|| panic!("{which} in {result}")).to_owned()
}

/// (goal, stress, time) → (profile, primary service, secondary service).
type Case = (&'static str, &'static str, &'static str, Option<&'static str>, &'static str, &'static str);

#[tokio::test]
async fn profiles_and_services_follow_the_specification_table() {
    let app = spawn_app().await;
    let cases: [Case; 9] = [
        (
            "stress-relief",
            "high",
            "half-day",
            Some("The Stress Warrior"),
            "Massage Therapy",
            "Tiny Home Retreat",
        ),
        ("stress-relief", "burnout", "half-day", None, "Massage Therapy", "Rustic Spa Treatments"),
        ("stress-relief", "low", "full-day", None, "Massage Therapy", "Rustic Spa Treatments"),
        (
            "physical-healing",
            "moderate",
            "full-day",
            Some("The Healing Seeker"),
            "Massage Therapy",
            "Rustic Spa Treatments",
        ),
        (
            "spiritual-growth",
            "low",
            "half-day",
            Some("The Mindful Explorer"),
            "Tiny Home Retreat",
            "Wellness Packages",
        ),
        (
            "self-care",
            "burnout",
            "full-day",
            Some("The Self-Care Enthusiast"),
            "Rustic Spa Treatments",
            "Wellness Packages",
        ),
        // Overrides of the primary service apply after the profile rule...
        (
            "stress-relief",
            "high",
            "overnight",
            Some("The Stress Warrior"),
            "Tiny Home Retreat",
            "Tiny Home Retreat",
        ),
        (
            "physical-healing",
            "high",
            "quick",
            Some("The Healing Seeker"),
            "Rustic Spa Treatments",
            "Rustic Spa Treatments",
        ),
        // ...also when there is no profile.
        ("stress-relief", "burnout", "overnight", None, "Tiny Home Retreat", "Rustic Spa Treatments"),
    ];
    let mut messages = HashSet::new();
    for (goal, stress, time, profile, primary, secondary) in cases {
        let result = recommend(&app, &answers(goal, stress, time, "all")).await;
        assert_eq!(keys(&result), sorted(&["profile", "primaryService", "secondaryService", "products"]));
        let label = format!("{goal}/{stress}/{time}");
        match profile {
            Some(title) => {
                assert_eq!(result["profile"]["title"], title, "{label}");
                let message = result["profile"]["message"].as_str().expect("message");
                assert!(message.len() > 40, "{label}: a personal message");
                messages.insert((title.to_owned(), message.to_owned()));
            }
            None => assert_eq!(result["profile"], Value::Null, "{label}: no profile and no message"),
        }
        assert_eq!(service_name(&result, "primaryService"), primary, "{label}");
        assert_eq!(service_name(&result, "secondaryService"), secondary, "{label}");
    }
    // Every profile has its own message.
    let titles: HashSet<&String> = messages.iter().map(|(t, _)| t).collect();
    let texts: HashSet<&String> = messages.iter().map(|(_, m)| m).collect();
    assert_eq!(titles.len(), 4);
    assert_eq!(texts.len(), 4);

    // The services are the full records, as /api/services has them.
    let services = app.get_json("/api/services").await;
    let result = recommend(&app, &answers("self-care", "low", "half-day", "teas")).await;
    let spa = services
        .as_array()
        .expect("list")
        .iter()
        .find(|s| s["name"] == "Rustic Spa Treatments")
        .expect("spa");
    assert_eq!(&result["primaryService"], spa);
    assert_eq!(result["primaryService"]["price"], "85.00");

    // Services are matched by their booking key (docs/decisions.md §7): a
    // renamed record is still the one recommended, and a new record with
    // the old name but no key is not.
    let token = app.admin_token().await;
    let id = app.service_id("Massage Therapy").await;
    let mut renamed =
        services.as_array().expect("list").iter().find(|s| s["id"] == id.as_str()).expect("massage").clone();
    renamed["name"] = json!("Massage Therapy (Classic)");
    expect_json(app.put_as(&token, &format!("/api/admin/services/{id}"), &renamed).await, StatusCode::OK)
        .await;
    let namesake = json!({"name": "Massage Therapy", "description": "Not bookable online.", "price": "99",
        "duration": "30", "image": "/media/services/massage-therapy.webp"});
    expect_json(app.post_as(&token, "/api/services", &namesake).await, StatusCode::CREATED).await;
    let result = recommend(&app, &answers("stress-relief", "high", "half-day", "teas")).await;
    assert_eq!(service_name(&result, "primaryService"), "Massage Therapy (Classic)");
    assert_eq!(result["primaryService"]["id"], id.as_str());
    assert_eq!(service_name(&result, "secondaryService"), "Tiny Home Retreat");
    // A key no record carries recommends nothing for that place.
    let mut unkeyed = renamed.clone();
    unkeyed["bookingKey"] = Value::Null;
    expect_json(app.put_as(&token, &format!("/api/admin/services/{id}"), &unkeyed).await, StatusCode::OK)
        .await;
    let result = recommend(&app, &answers("stress-relief", "high", "half-day", "teas")).await;
    assert_eq!(result["primaryService"], Value::Null);
}

#[tokio::test]
async fn products_follow_the_product_interest_and_are_at_most_three() {
    let app = spawn_app().await;
    let catalogue = app.get_json("/api/products").await;
    let catalogue = catalogue.as_array().expect("list");
    let category_of = |id: &Value| -> String {
        catalogue
            .iter()
            .find(|p| &p["id"] == id)
            .map(|p| p["category"].as_str().expect("category").to_owned())
            .expect("known")
    };
    for (interest, categories) in [
        ("skincare", vec!["skincare"]),
        ("aromatherapy", vec!["candles"]),
        ("teas", vec!["teas"]),
        ("all", vec!["skincare", "candles", "teas"]),
    ] {
        let result = recommend(&app, &answers("physical-healing", "low", "half-day", interest)).await;
        let products = result["products"].as_array().expect("products");
        let available =
            catalogue.iter().filter(|p| categories.contains(&p["category"].as_str().expect("c"))).count();
        assert_eq!(products.len(), available.min(3), "{interest}");
        let ids: HashSet<&Value> = products.iter().map(|p| &p["id"]).collect();
        assert_eq!(ids.len(), products.len(), "{interest}: no duplicates");
        for product in products {
            assert!(categories.contains(&category_of(&product["id"]).as_str()), "{interest}: {product}");
            assert_eq!(product, catalogue.iter().find(|p| p["id"] == product["id"]).expect("same record"));
        }
    }

    // With fewer than three in a category, only those are shown; none gives an empty list.
    let token = app.admin_token().await;
    for product in catalogue.iter().filter(|p| p["category"] == "candles").skip(1) {
        let id = product["id"].as_str().expect("id");
        assert_eq!(
            app.delete_as(&token, &format!("/api/admin/products/{id}")).await.status(),
            StatusCode::NO_CONTENT
        );
    }
    let result = recommend(&app, &answers("self-care", "low", "quick", "aromatherapy")).await;
    assert_eq!(result["products"].as_array().expect("products").len(), 1);
    let remaining = catalogue.iter().find(|p| p["category"] == "candles").expect("a candle");
    let id = remaining["id"].as_str().expect("id");
    app.delete_as(&token, &format!("/api/admin/products/{id}")).await;
    let result = recommend(&app, &answers("self-care", "low", "quick", "aromatherapy")).await;
    assert_eq!(result["products"], json!([]));
}

#[tokio::test]
async fn unknown_or_missing_answers_are_400() {
    let app = spawn_app().await;
    let body = assert_field_errors(
        app.post_json("/api/quiz/recommendation", &json!({})).await,
        &[
            (
                "wellnessGoal",
                "Please choose one of: stress-relief, physical-healing, spiritual-growth, self-care",
            ),
            ("stressLevel", "Please choose one of: low, moderate, high, burnout"),
            ("timePreference", "Please choose one of: quick, half-day, full-day, overnight"),
            ("experienceType", "Please choose one of: hands-on, passive, active, holistic"),
            ("productInterest", "Please choose one of: skincare, aromatherapy, teas, all"),
        ],
    )
    .await;
    assert_eq!(body["errors"].as_object().expect("errors").len(), 5);
    for (field, value) in [
        ("wellnessGoal", "world-peace"),
        ("stressLevel", "HIGH"),
        ("timePreference", "weekend"),
        ("experienceType", "extreme"),
        ("productInterest", "candles"),
    ] {
        let mut body = answers("stress-relief", "high", "quick", "teas");
        body[field] = json!(value);
        let error =
            assert_error(app.post_json("/api/quiz/recommendation", &body).await, StatusCode::BAD_REQUEST)
                .await;
        let errors = error["errors"].as_object().expect("errors");
        assert_eq!(errors.keys().collect::<Vec<_>>(), [field], "only {field} is wrong");
    }
}

/// Every service renamed and repriced: the quiz recommends the same records
/// under their new names and prices, a booking of each key is taken, and its
/// mail names the service as it is called now.
#[tokio::test]
async fn renamed_and_repriced_services_are_still_recommended_and_booked() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let services = app.get_json("/api/services").await;
    for (index, service) in services.as_array().expect("list").iter().enumerate() {
        let mut changed = service.clone();
        changed["name"] = json!(format!("Ritual No. {index}"));
        changed["price"] = json!(format!("{}.00", 200 + index));
        let path = format!("/api/admin/services/{}", service["id"].as_str().expect("id"));
        expect_json(app.put_as(&token, &path, &changed).await, StatusCode::OK).await;
    }
    let renamed = app.get_json("/api/services").await;
    let by_key = |key: &str| {
        renamed
            .as_array()
            .expect("list")
            .iter()
            .find(|s| s["bookingKey"] == key)
            .expect("a record per key")
            .clone()
    };
    let result = recommend(&app, &answers("spiritual-growth", "low", "half-day", "teas")).await;
    assert_eq!(result["primaryService"], by_key("accommodation"));
    assert_eq!(result["secondaryService"], by_key("package"));
    assert!(result["primaryService"]["name"].as_str().expect("name").starts_with("Ritual No. "));

    let date = days_from_today(12);
    for (key, time) in
        [("massage", "11:00"), ("spa", "13:00"), ("package", "9:00"), ("accommodation", "15:00")]
    {
        let mut body = booking_body(key, &date, time);
        body["email"] = json!(format!("{key}@example.com"));
        expect_json(app.post_json("/api/bookings", &body).await, StatusCode::CREATED).await;
    }
    let name = by_key("spa")["name"].as_str().expect("name").to_owned();
    let price = by_key("spa")["price"].as_str().expect("price").to_owned();
    let mail = app.sql_text(
        "SELECT text_body FROM outbox_messages WHERE recipient = 'spa@example.com' AND template = 'booking_requested'",
    );
    assert!(mail.contains(&name), "the guest's mail names the service as it is called now:\n{mail}");
    assert!(mail.contains(&format!("${price}")), "and its price now:\n{mail}");
}
