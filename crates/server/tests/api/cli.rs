//! The admin-management CLI (`server admin ...`), run as a real process
//! against the test app's database and checked through the API.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::spawn_app_with;

pub(crate) fn cli(database_url: &str, args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_server"))
        .arg("admin")
        .args(args)
        .env("DATABASE_URL", database_url)
        .env("BCRYPT_COST", "4")
        .env("RUST_LOG", "error")
        .env_remove("ADMIN_EMAIL")
        .env_remove("ADMIN_PASSWORD")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("server binary starts");
    child.stdin.take().expect("stdin").write_all(stdin.as_bytes()).expect("write stdin");
    child.wait_with_output().expect("cli finishes")
}

pub(crate) fn text(output: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr))
}

#[tokio::test]
async fn create_deactivate_activate_and_reset_password_from_the_command_line() {
    let app = spawn_app_with(crate::helpers::Options { demo_data: false, ..Default::default() }).await;
    let login = |password: &'static str| {
        let app = &app;
        async move {
            app.post_json("/api/admin/login", &json!({"email": "ana@example.com", "password": password}))
                .await
        }
    };

    let created = cli(
        &app.database_url,
        &["create", "--email", "Ana@Example.com", "--name", "Ana Ruiz"],
        "piped secret password\n",
    );
    assert!(created.status.success(), "{}", text(&created));
    assert!(text(&created).contains("Created admin ana@example.com (Ana Ruiz)"));
    assert!(!text(&created).contains("piped secret password"), "a piped password is never echoed");
    let response = login("piped secret password").await;
    assert_eq!(response.status(), StatusCode::OK);
    let token = response.json::<serde_json::Value>().await.expect("json")["token"]
        .as_str()
        .expect("token")
        .to_owned();

    let duplicate =
        cli(&app.database_url, &["create", "--email", "ana@example.com"], "another password here\n");
    assert!(!duplicate.status.success(), "a second admin with the same email is refused");

    let short = cli(&app.database_url, &["create", "--email", "bo@example.com"], "short\n");
    assert!(!short.status.success());
    assert!(text(&short).contains("at least 12 characters"), "{}", text(&short));

    let deactivated = cli(&app.database_url, &["deactivate", "--email", "ana@example.com"], "");
    assert!(deactivated.status.success(), "{}", text(&deactivated));
    assert_eq!(login("piped secret password").await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(
        app.get_as(&token, "/api/admin/me").await.status(),
        StatusCode::UNAUTHORIZED,
        "old tokens stop at once"
    );

    let activated = cli(&app.database_url, &["activate", "--email", "ana@example.com"], "");
    assert!(activated.status.success(), "{}", text(&activated));
    // Re-activation does not bring old sessions back: the admin logs in again.
    assert_eq!(app.get_as(&token, "/api/admin/me").await.status(), StatusCode::UNAUTHORIZED);
    let token =
        login("piped secret password").await.json::<serde_json::Value>().await.expect("json")["token"]
            .as_str()
            .expect("token")
            .to_owned();
    assert_eq!(app.get_as(&token, "/api/admin/me").await.status(), StatusCode::OK);

    // Without piped input a password is generated and printed once.
    let reset = cli(&app.database_url, &["reset-password", "--email", "ana@example.com"], "");
    assert!(reset.status.success(), "{}", text(&reset));
    let generated = String::from_utf8_lossy(&reset.stdout)
        .lines()
        .find_map(|line| line.strip_prefix("New password (shown once): ").map(str::to_owned))
        .expect("generated password printed");
    assert_eq!(login("piped secret password").await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(
        app.get_as(&token, "/api/admin/me").await.status(),
        StatusCode::UNAUTHORIZED,
        "reset ends sessions"
    );
    let response =
        app.post_json("/api/admin/login", &json!({"email": "ana@example.com", "password": generated})).await;
    assert_eq!(response.status(), StatusCode::OK);

    let unknown = cli(&app.database_url, &["deactivate", "--email", "nobody@example.com"], "");
    assert!(!unknown.status.success());
    assert!(text(&unknown).contains("No administrator has the email nobody@example.com"));
}

#[tokio::test]
async fn a_production_start_without_payment_keys_says_what_to_set_and_no_backtrace() {
    let app = spawn_app_with(crate::helpers::Options { demo_data: false, ..Default::default() }).await;
    let output = Command::new(env!("CARGO_BIN_EXE_server"))
        .env("DATABASE_URL", &app.database_url)
        .env("PORT", "0")
        .env("RUST_LOG", "error")
        .env("RUST_BACKTRACE", "1")
        .env_remove("DEMO_DATA")
        .env_remove("PAYMENTS")
        .env_remove("STRIPE_SECRET_KEY")
        .env_remove("STRIPE_PUBLISHABLE_KEY")
        .env_remove("STRIPE_WEBHOOK_SECRET")
        .output()
        .expect("server binary runs");
    assert!(!output.status.success(), "it refuses to start: {}", text(&output));
    let said = text(&output);
    assert!(
        said.contains("error: no payment provider: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENTS=off"),
        "{said}"
    );
    assert!(!said.contains("backtrace") && !said.contains("at ./crates"), "no backtrace: {said}");
}
