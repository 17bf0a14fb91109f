//! The journal, contact messages and newsletter sign-ups.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{
    assert_error, assert_field_errors, demo_catalogue, expect_json, is_uuid, keys, sorted, spawn_app,
};

/// The specification's post fields, plus the picture's `imageSize` (docs/decisions.md §13).
const POST_KEYS: &[&str] =
    &["id", "title", "slug", "excerpt", "content", "image", "imageSize", "publishedAt"];
const MESSAGE_KEYS: &[&str] = &[
    "id",
    "firstName",
    "lastName",
    "email",
    "interest",
    "message",
    "createdAt",
    // Additive (issue 23, docs/decisions.md §17): where the owner is with it.
    "state",
    "readAt",
    "answeredAt",
];

fn post_body(title: &str, slug: &str) -> Value {
    json!({
        "title": title,
        "slug": slug,
        "excerpt": "A short walk among the pines.",
        "content": "First paragraph.\n\nSecond paragraph.",
        "image": "/media/blog/forest-bathing-san-jacinto.webp",
    })
}

fn slugs(list: &Value) -> Vec<String> {
    list.as_array().expect("list").iter().map(|p| p["slug"].as_str().expect("slug").to_owned()).collect()
}

fn published(post: &Value) -> chrono::DateTime<chrono::Utc> {
    post["publishedAt"].as_str().expect("publishedAt").parse().expect("RFC 3339 timestamp")
}

#[tokio::test]
async fn blog_posts_are_listed_newest_first_and_fetched_by_slug() {
    let app = spawn_app().await;
    let posts = app.get_json("/api/blog-posts").await;
    let list = posts.as_array().expect("list");
    let demo = demo_catalogue();
    let mut demo_posts = demo["blogPosts"].as_array().expect("demo posts").clone();
    assert_eq!(list.len(), demo_posts.len(), "the demo posts");
    for post in list {
        assert_eq!(keys(post), sorted(POST_KEYS), "{post}");
    }
    for pair in list.windows(2) {
        assert!(
            published(&pair[0]) >= published(&pair[1]),
            "newest first: {} then {}",
            pair[0]["slug"],
            pair[1]["slug"]
        );
    }
    demo_posts.sort_by_key(|p| {
        p["publishedAt"].as_str().expect("date").parse::<chrono::DateTime<chrono::Utc>>().expect("date")
    });
    let served: Vec<&Value> = list.iter().map(|p| &p["slug"]).collect();
    let expected: Vec<&Value> = demo_posts.iter().rev().map(|p| &p["slug"]).collect();
    assert_eq!(served, expected, "newest first, as the demo dates say");

    for demo_post in &demo_posts {
        let slug = demo_post["slug"].as_str().expect("slug");
        let one = app.get_json(&format!("/api/blog-posts/{slug}")).await;
        assert_eq!(one["title"], demo_post["title"]);
        assert_eq!(one["excerpt"], demo_post["excerpt"]);
        assert_eq!(&one, list.iter().find(|p| p["slug"] == slug).expect("in list"));
    }
    let known = list[0]["slug"].as_str().expect("slug").to_uppercase();
    for unknown in ["no-such-post", known.as_str(), "<script>", "a%20b", "%00"] {
        let body =
            assert_error(app.get(&format!("/api/blog-posts/{unknown}")).await, StatusCode::NOT_FOUND).await;
        assert_eq!(body["message"], "Post not found", "{unknown}");
    }

    // A post dated after every other is first; one dated before every other is last.
    let token = app.admin_token().await;
    expect_json(
        app.post_as(&token, "/api/blog-posts", &post_body("Fresh", "fresh-snow")).await,
        StatusCode::CREATED,
    )
    .await;
    app.sql("UPDATE blog_posts SET published_at = '2100-01-01T00:00:00Z' WHERE slug = 'fresh-snow'");
    let first_is_fresh = |list: &Value| slugs(list)[0] == "fresh-snow";
    assert!(first_is_fresh(&app.eventually_json("/api/blog-posts", first_is_fresh).await));
    app.sql("UPDATE blog_posts SET published_at = '1990-01-01T00:00:00Z' WHERE slug = 'fresh-snow'");
    let last_is_fresh = |list: &Value| slugs(list).last().map(String::as_str) == Some("fresh-snow");
    assert!(last_is_fresh(&app.eventually_json("/api/blog-posts", last_is_fresh).await));
}

#[tokio::test]
async fn admin_creates_updates_and_deletes_posts_with_unique_slugs() {
    let app = spawn_app().await;
    let token = app.admin_token().await;

    // The slug is normalised the way the editor does it.
    let created = expect_json(
        app.post_as(&token, "/api/blog-posts", &post_body("Winter Light", "  Winter Light Walk ")).await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(keys(&created), sorted(POST_KEYS));
    assert!(is_uuid(&created["id"]));
    assert_eq!(created["slug"], "winter-light-walk");
    assert_eq!(created["content"], "First paragraph.\n\nSecond paragraph.");
    let id = created["id"].as_str().expect("id").to_owned();
    assert_eq!(app.get_json("/api/blog-posts/winter-light-walk").await, created);

    // A duplicate slug is a 409, on create and on update.
    let taken = app.demo_slug().await;
    let before = app.rows("blog_posts");
    let body = assert_error(
        app.post_as(&token, "/api/blog-posts", &post_body("Other", &taken)).await,
        StatusCode::CONFLICT,
    )
    .await;
    assert_eq!(body["message"], "A post with this slug already exists. Please choose another slug.");
    assert_error(
        app.post_as(&token, "/api/blog-posts", &post_body("Again", "Winter Light Walk")).await,
        StatusCode::CONFLICT,
    )
    .await;
    assert_eq!(app.rows("blog_posts"), before);
    assert_error(
        app.put_as(&token, &format!("/api/admin/blog-posts/{id}"), &post_body("Renamed", &taken)).await,
        StatusCode::CONFLICT,
    )
    .await;

    // Update keeps the id and the publication date.
    let updated = expect_json(
        app.put_as(
            &token,
            &format!("/api/admin/blog-posts/{id}"),
            &post_body("Winter Light, Revised", "winter-light"),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(updated["id"], id.as_str());
    assert_eq!(updated["slug"], "winter-light");
    assert_eq!(updated["title"], "Winter Light, Revised");
    assert_eq!(updated["publishedAt"], created["publishedAt"]);
    assert_error(app.get("/api/blog-posts/winter-light-walk").await, StatusCode::NOT_FOUND).await;
    assert_eq!(app.get_json("/api/blog-posts/winter-light").await, updated);
    // Keeping its own slug is not a conflict.
    expect_json(
        app.put_as(&token, &format!("/api/admin/blog-posts/{id}"), &post_body("Same Slug", "winter-light"))
            .await,
        StatusCode::OK,
    )
    .await;

    let ghost = uuid::Uuid::new_v4();
    assert_error(
        app.put_as(&token, &format!("/api/admin/blog-posts/{ghost}"), &post_body("Ghost", "ghost-post"))
            .await,
        StatusCode::NOT_FOUND,
    )
    .await;
    assert_error(
        app.put_as(&token, "/api/admin/blog-posts/ghost", &post_body("Ghost", "ghost-post")).await,
        StatusCode::BAD_REQUEST,
    )
    .await;

    // Delete.
    assert_eq!(
        app.delete_as(&token, &format!("/api/admin/blog-posts/{id}")).await.status(),
        StatusCode::NO_CONTENT
    );
    assert_error(app.get("/api/blog-posts/winter-light").await, StatusCode::NOT_FOUND).await;
    assert_error(app.delete_as(&token, &format!("/api/admin/blog-posts/{id}")).await, StatusCode::NOT_FOUND)
        .await;
    assert_error(app.delete_as(&token, "/api/admin/blog-posts/42").await, StatusCode::BAD_REQUEST).await;
    assert!(!slugs(&app.get_json("/api/blog-posts").await).contains(&"winter-light".to_owned()));
}

#[tokio::test]
async fn blog_post_validation_names_each_invalid_field() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let before = app.rows("blog_posts");
    assert_field_errors(
        app.post_as(&token, "/api/blog-posts", &json!({})).await,
        &[
            ("title", "Title is required"),
            ("slug", "Slug is required"),
            ("excerpt", "Excerpt is required"),
            ("content", "Content is required"),
            ("image", "Image URL is required"),
        ],
    )
    .await;
    for slug in ["a/b", "../etc/passwd", "<script>", "-lead", "trail-", "double--dash", "café"] {
        assert_field_errors(
            app.post_as(&token, "/api/blog-posts", &post_body("Bad slug", slug)).await,
            &[("slug", "Slug may only contain lowercase letters, numbers and single hyphens")],
        )
        .await;
    }
    assert_eq!(app.rows("blog_posts"), before);
}

#[tokio::test]
async fn contact_messages_are_stored_and_listed_for_admins() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let body = json!({
        "firstName": "Ada",
        "lastName": "Lovelace",
        "email": "Ada@Example.com",
        "interest": "spa",
        "message": "Line one.\nLine two.",
    });
    let created = expect_json(app.post_json("/api/contact-messages", &body).await, StatusCode::CREATED).await;
    assert_eq!(keys(&created), sorted(MESSAGE_KEYS));
    assert_eq!((&created["state"], &created["readAt"]), (&json!("new"), &Value::Null));
    assert_eq!(created["interest"], "spa");
    assert_eq!(created["email"], "ada@example.com");
    assert_eq!(created["message"], "Line one.\nLine two.", "line breaks are kept");

    // Interest is optional: blank and absent both mean none.
    let mut no_interest = body.clone();
    no_interest["interest"] = json!("");
    no_interest["message"] = json!("Second");
    let second =
        expect_json(app.post_json("/api/contact-messages", &no_interest).await, StatusCode::CREATED).await;
    assert_eq!(second["interest"], Value::Null);
    no_interest.as_object_mut().expect("object").remove("interest");
    no_interest["message"] = json!("Third");
    expect_json(app.post_json("/api/contact-messages", &no_interest).await, StatusCode::CREATED).await;
    assert_eq!(app.rows("contact_messages"), 3);

    let listed = app.admin_json(&token, "/api/contact-messages").await;
    let messages: Vec<&str> =
        listed.as_array().expect("list").iter().map(|m| m["message"].as_str().expect("message")).collect();
    assert_eq!(messages, ["Third", "Second", "Line one.\nLine two."], "newest first");

    // Validation: the specification's messages.
    assert_field_errors(
        app.post_json("/api/contact-messages", &json!({})).await,
        &[
            ("firstName", "First name is required"),
            ("lastName", "Last name is required"),
            ("email", "Please enter a valid email address"),
            ("message", "Message is required"),
        ],
    )
    .await;
    let mut blank_message = body.clone();
    blank_message["message"] = json!("   \n  ");
    let error = assert_field_errors(
        app.post_json("/api/contact-messages", &blank_message).await,
        &[("message", "Message is required")],
    )
    .await;
    assert_eq!(error["message"], "Message is required");
    let mut bad_interest = body.clone();
    bad_interest["interest"] = json!("crypto");
    assert_error(app.post_json("/api/contact-messages", &bad_interest).await, StatusCode::BAD_REQUEST).await;
    for email in ["plain", "a@b", "a b@c.com", "@example.com"] {
        let mut bad_email = body.clone();
        bad_email["email"] = json!(email);
        assert_field_errors(
            app.post_json("/api/contact-messages", &bad_email).await,
            &[("email", "Please enter a valid email address")],
        )
        .await;
    }
    assert_eq!(app.rows("contact_messages"), 3, "nothing invalid was stored");

    // Delete.
    let id = created["id"].as_str().expect("id");
    assert_eq!(
        app.delete_as(&token, &format!("/api/admin/contact-messages/{id}")).await.status(),
        StatusCode::NO_CONTENT
    );
    assert_error(
        app.delete_as(&token, &format!("/api/admin/contact-messages/{id}")).await,
        StatusCode::NOT_FOUND,
    )
    .await;
    assert_error(app.delete_as(&token, "/api/admin/contact-messages/abc").await, StatusCode::BAD_REQUEST)
        .await;
    assert_eq!(app.admin_json(&token, "/api/contact-messages").await.as_array().expect("list").len(), 2);
}

#[tokio::test]
async fn subscribing_to_the_newsletter_twice_stores_one_row_and_admins_list_it() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let first = expect_json(
        app.post_json("/api/newsletter-subscriptions", &json!({"email": "hiker@example.com"})).await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(keys(&first), sorted(&["id", "email", "createdAt"]));
    assert_eq!(first["email"], "hiker@example.com");
    let again = expect_json(
        app.post_json("/api/newsletter-subscriptions", &json!({"email": " HIKER@Example.com "})).await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(again["id"], first["id"], "the same subscription answers");
    assert_eq!(app.rows("newsletter_subscriptions"), 1);

    expect_json(
        app.post_json("/api/newsletter-subscriptions", &json!({"email": "second@example.com"})).await,
        StatusCode::CREATED,
    )
    .await;
    let listed = app.admin_json(&token, "/api/admin/newsletter-subscriptions").await;
    let emails: Vec<&str> =
        listed.as_array().expect("list").iter().map(|s| s["email"].as_str().expect("email")).collect();
    assert_eq!(emails, ["second@example.com", "hiker@example.com"], "newest first");

    for email in [json!(""), json!("not-an-email"), json!("a@b"), json!("<script>@x.com")] {
        assert_field_errors(
            app.post_json("/api/newsletter-subscriptions", &json!({"email": email})).await,
            &[("email", "Please enter a valid email address")],
        )
        .await;
    }
    assert_error(app.post_json("/api/newsletter-subscriptions", &json!({})).await, StatusCode::BAD_REQUEST)
        .await;
    assert_eq!(app.rows("newsletter_subscriptions"), 2);
}
