//! Two-factor sign-in (issue 24, docs/decisions.md §20) on real PostgreSQL:
//! an authenticator app's codes (computed here as the member's phone would,
//! RFC 6238), each good once; recovery codes, each good once; the step's
//! own limits; the owner's rule holding back a member without a factor; and
//! passkey calls refusing what is not a passkey (the passkey ceremony itself
//! runs in Chromium's virtual authenticator: e2e/two-factor.spec.ts).

use ports::OneTimeCodes;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{TestApp, assert_error_code, expect_json, spawn_app};
use crate::team::{NEW_PASSWORD, join};

/// The code the member's app shows `steps_ahead` steps from now.
fn app_code(secret: &str, steps_ahead: i64) -> String {
    let step = domain::two_factor::totp_step(chrono::Utc::now()) + steps_ahead;
    auth::TotpCodes.code_at(secret, step).expect("a code")
}

async fn password_step(app: &TestApp, email: &str) -> Value {
    let response =
        app.post_json("/api/admin/login", &json!({"email": email, "password": NEW_PASSWORD})).await;
    let body = assert_error_code(response, StatusCode::UNAUTHORIZED, "second_factor_required").await;
    assert!(body["secondFactor"]["challenge"].as_str().is_some_and(|c| c.len() >= 32), "{body}");
    body["secondFactor"].clone()
}

async fn send_code(app: &TestApp, challenge: &str, code: &str) -> reqwest::Response {
    app.post_json("/api/admin/login/code", &json!({"challenge": challenge, "code": code})).await
}

/// The recovery codes an answer shows (its `codes`).
fn recovery_codes(answer: &Value) -> Vec<String> {
    let codes = answer["codes"].as_array().expect("codes");
    codes.iter().map(|code| code.as_str().expect("text").to_owned()).collect()
}

/// Sets up an authenticator app for the member; answers its secret and the recovery codes.
async fn set_up_app(app: &TestApp, token: &str) -> (String, Vec<String>) {
    let setup = expect_json(
        app.post_as(token, "/api/admin/two-factor/authenticator", &json!({})).await,
        StatusCode::CREATED,
    )
    .await;
    let secret = setup["secret"].as_str().expect("secret").to_owned();
    assert!(setup["uri"].as_str().is_some_and(|uri| uri.starts_with("otpauth://totp/")), "{setup}");
    assert!(setup["qrSvg"].as_str().is_some_and(|svg| svg.contains("<svg")), "a QR code");
    let confirm = json!({"code": app_code(&secret, 0)});
    let codes = expect_json(
        app.post_as(token, "/api/admin/two-factor/authenticator/confirm", &confirm).await,
        StatusCode::OK,
    )
    .await;
    (secret, recovery_codes(&codes))
}

#[tokio::test]
async fn an_authenticator_app_guards_the_password_and_each_code_works_once() {
    let app = spawn_app().await;
    let owner = app.admin_token().await;
    let email = "therapist@example.com";
    let (member, member_id) = join(&app, &owner, email, "staff").await;

    // Setting up: a wrong first code is refused and nothing is set up.
    let setup = expect_json(
        app.post_as(&member, "/api/admin/two-factor/authenticator", &json!({})).await,
        StatusCode::CREATED,
    )
    .await;
    let first_secret = setup["secret"].as_str().expect("secret").to_owned();
    let wrong = app_code(&first_secret, 5);
    let refused =
        app.post_as(&member, "/api/admin/two-factor/authenticator/confirm", &json!({"code": wrong})).await;
    let body = assert_error_code(refused, StatusCode::CONFLICT, "code_refused").await;
    assert_eq!(
        body["message"],
        "That code is not right. Enter the newest code from your authenticator app, or a recovery code."
    );
    assert_eq!(app.admin_json(&member, "/api/admin/me").await["twoFactor"], false);
    // Starting again replaces the unconfirmed secret.
    let (secret, recovery) = set_up_app(&app, &member).await;
    assert_ne!(secret, first_secret);
    assert_eq!(recovery.len(), 10);
    assert!(recovery.iter().all(|code| code.len() == 11 && code.as_bytes()[5] == b'-'), "{recovery:?}");
    assert_eq!(app.admin_json(&member, "/api/admin/me").await["twoFactor"], true);
    let again = app.post_as(&member, "/api/admin/two-factor/authenticator", &json!({})).await;
    assert_error_code(again, StatusCode::CONFLICT, "conflict").await;
    let status = app.admin_json(&member, "/api/admin/two-factor").await;
    assert_eq!(status["authenticatorApp"], true);
    assert_eq!(status["recoveryCodesLeft"], 10);
    // Only the hashes of the codes are stored.
    let stored = app.sql_text(&format!(
        "SELECT string_agg(code_hash, ',') FROM admin_recovery_codes WHERE admin_id = '{member_id}'"
    ));
    assert!(!stored.contains(&recovery[0].replace('-', "")), "codes are kept as hashes");

    // The password alone no longer signs in: it opens the second step.
    let step = password_step(&app, email).await;
    assert_eq!(step["authenticatorApp"], true);
    assert_eq!(step["recoveryCode"], true);
    assert_eq!(step["passkey"], false);
    let challenge = step["challenge"].as_str().expect("challenge");
    // The code used to confirm the app is spent: it (and any older one) is refused.
    let replayed = send_code(&app, challenge, &app_code(&secret, 0)).await;
    let body = assert_error_code(replayed, StatusCode::UNAUTHORIZED, "invalid_code").await;
    assert_eq!(body["message"], "That code has already been used. Wait for the next one.");
    // The next code (one step ahead is allowed for a clock a little off) signs in.
    let next = app_code(&secret, 1);
    let signed_in = expect_json(send_code(&app, challenge, &next).await, StatusCode::OK).await;
    let token = signed_in["token"].as_str().expect("token");
    assert_eq!(app.admin_json(token, "/api/admin/me").await["email"], email);
    // The step is spent, and the same code on a new step is a replay.
    assert_error_code(send_code(&app, challenge, &next).await, StatusCode::UNAUTHORIZED, "sign_in_expired")
        .await;
    let step = password_step(&app, email).await;
    let challenge = step["challenge"].as_str().expect("challenge");
    assert_error_code(send_code(&app, challenge, &next).await, StatusCode::UNAUTHORIZED, "invalid_code")
        .await;

    // A recovery code works once, typed in any case and spacing.
    let typed = recovery[3].to_uppercase().replace('-', " ");
    expect_json(send_code(&app, challenge, &typed).await, StatusCode::OK).await;
    let step = password_step(&app, email).await;
    let challenge = step["challenge"].as_str().expect("challenge");
    assert_error_code(
        send_code(&app, challenge, &recovery[3]).await,
        StatusCode::UNAUTHORIZED,
        "invalid_code",
    )
    .await;
    assert_eq!(app.admin_json(token, "/api/admin/two-factor").await["recoveryCodesLeft"], 9);

    // Five wrong codes end the step: the password is asked again.
    for _ in 0..4 {
        assert_error_code(
            send_code(&app, challenge, "000000").await,
            StatusCode::UNAUTHORIZED,
            "invalid_code",
        )
        .await;
    }
    let fresh = app_code(&secret, 1);
    let late = send_code(&app, challenge, &fresh).await;
    assert_error_code(late, StatusCode::UNAUTHORIZED, "sign_in_expired").await;
    // New recovery codes replace the old ones.
    let renewed = expect_json(
        app.post_as(token, "/api/admin/two-factor/recovery-codes", &json!({})).await,
        StatusCode::CREATED,
    )
    .await;
    let renewed = recovery_codes(&renewed);
    assert_eq!(renewed.len(), 10);
    let step = password_step(&app, email).await;
    let challenge = step["challenge"].as_str().expect("challenge");
    assert_error_code(
        send_code(&app, challenge, &recovery[0]).await,
        StatusCode::UNAUTHORIZED,
        "invalid_code",
    )
    .await;
    expect_json(send_code(&app, challenge, &renewed[0]).await, StatusCode::OK).await;

    // What is not a code at all is refused the same way; a missing code is a field error.
    let step = password_step(&app, email).await;
    let challenge = step["challenge"].as_str().expect("challenge");
    assert_error_code(
        send_code(&app, challenge, "not a code").await,
        StatusCode::UNAUTHORIZED,
        "invalid_code",
    )
    .await;
    assert_error_code(send_code(&app, challenge, " ").await, StatusCode::BAD_REQUEST, "validation_failed")
        .await;
    assert_error_code(send_code(&app, "made-up", &fresh).await, StatusCode::UNAUTHORIZED, "sign_in_expired")
        .await;

    // Every change is in the audit trail.
    let actions = app.sql_text(&format!(
        "SELECT string_agg(action, ',' ORDER BY at) FROM audit_log WHERE entity = 'second_factor' \
         AND entity_id = '{member_id}'"
    ));
    assert_eq!(actions, "second_factor_added,recovery_code_used,recovery_codes_renewed,recovery_code_used");

    // Removing the app: the password alone signs in again; the codes are gone.
    let removed = app.send_as(token, Method::DELETE, "/api/admin/two-factor/authenticator", None).await;
    assert_eq!(removed.status(), StatusCode::NO_CONTENT);
    let login = app.post_json("/api/admin/login", &json!({"email": email, "password": NEW_PASSWORD})).await;
    expect_json(login, StatusCode::OK).await;
    assert_eq!(app.admin_json(token, "/api/admin/two-factor").await["recoveryCodesLeft"], 0);
    let again = app.send_as(token, Method::DELETE, "/api/admin/two-factor/authenticator", None).await;
    assert_error_code(again, StatusCode::NOT_FOUND, "not_found").await;
}

#[tokio::test]
async fn the_owner_can_require_a_second_factor_of_every_member() {
    let app = spawn_app().await;
    let owner = app.admin_token().await;
    let (staff, _) = join(&app, &owner, "front.desk@example.com", "staff").await;
    let rule = |required: bool| json!({ "required": required });

    // Not before the owner has one of their own.
    let refused = app.put_as(&owner, "/api/admin/two-factor/policy", &rule(true)).await;
    let body = assert_error_code(refused, StatusCode::CONFLICT, "conflict").await;
    assert_eq!(body["message"], "Set up your own second factor before requiring one of everyone.");
    let by_staff = app.put_as(&staff, "/api/admin/two-factor/policy", &rule(false)).await;
    assert_error_code(by_staff, StatusCode::FORBIDDEN, "forbidden").await;
    set_up_app(&app, &owner).await;
    expect_json(app.put_as(&owner, "/api/admin/two-factor/policy", &rule(true)).await, StatusCode::OK).await;

    // A member without a factor can only set one up.
    let held = app.get_as(&staff, "/api/admin/orders").await;
    let body = assert_error_code(held, StatusCode::FORBIDDEN, "two_factor_setup_required").await;
    assert!(body["message"].as_str().is_some_and(|m| m.contains("second factor")), "{body}");
    assert_eq!(app.admin_json(&staff, "/api/admin/me").await["role"], "staff");
    let status = app.admin_json(&staff, "/api/admin/two-factor").await;
    assert_eq!((status["required"].clone(), status["mustEnroll"].clone()), (json!(true), json!(true)));
    set_up_app(&app, &staff).await;
    assert_eq!(app.get_as(&staff, "/api/admin/orders").await.status(), StatusCode::OK);
    assert_eq!(app.admin_json(&staff, "/api/admin/two-factor").await["mustEnroll"], false);

    // The rule is the owner's to lift, and in the audit trail both ways.
    expect_json(app.put_as(&owner, "/api/admin/two-factor/policy", &rule(false)).await, StatusCode::OK).await;
    let missing = app.put_as(&owner, "/api/admin/two-factor/policy", &json!({})).await;
    assert_error_code(missing, StatusCode::BAD_REQUEST, "validation_failed").await;
    assert_eq!(app.sql_count("SELECT count(*) FROM audit_log WHERE entity = 'team_policy'"), 2);
}

#[tokio::test]
async fn passkey_calls_refuse_what_is_not_a_passkey() {
    let app = spawn_app().await;
    let owner = app.admin_token().await;

    // Adding one: the options name the site and ask for the member's verification.
    let options =
        expect_json(app.post_as(&owner, "/api/admin/passkeys/options", &json!({})).await, StatusCode::OK)
            .await;
    assert_eq!(options["publicKey"]["rp"]["id"], "goldenpine.test");
    assert_eq!(options["publicKey"]["authenticatorSelection"]["userVerification"], "required");
    let challenge = options["challenge"].as_str().expect("challenge");
    let forged = json!({"id": "AAAA", "rawId": "AAAA", "type": "public-key",
        "response": {"clientDataJSON": "e30", "attestationObject": "oA"}});
    let body = json!({"challenge": challenge, "name": "Forged", "credential": forged});
    let refused = app.post_as(&owner, "/api/admin/passkeys", &body).await;
    let body = assert_error_code(refused, StatusCode::CONFLICT, "code_refused").await;
    assert_eq!(body["message"], "The passkey could not be used. Try again, or use a code.");
    // The ceremony is spent by nothing but success; a made-up one is over.
    let made_up = json!({"challenge": "made-up", "credential": forged});
    assert_error_code(
        app.post_as(&owner, "/api/admin/passkeys", &made_up).await,
        StatusCode::CONFLICT,
        "conflict",
    )
    .await;
    let not_json = json!({"challenge": challenge, "credential": "text"});
    let refused = app.post_as(&owner, "/api/admin/passkeys", &not_json).await;
    assert!(refused.status().is_client_error(), "{}", refused.status());
    assert_eq!(app.sql_count("SELECT count(*) FROM admin_passkeys"), 0);
    assert_eq!(app.admin_json(&owner, "/api/admin/me").await["twoFactor"], false);

    // Signing in with a passkey alone: options without a challenge; a forged answer is refused.
    let options =
        expect_json(app.post_json("/api/admin/login/passkey/options", &json!({})).await, StatusCode::OK)
            .await;
    assert!(options["publicKey"]["challenge"].is_string(), "{options}");
    assert!(options["publicKey"].get("mediation").is_none());
    let challenge = options["challenge"].as_str().expect("challenge");
    let forged = json!({"id": "AAAA", "rawId": "AAAA", "type": "public-key",
        "response": {"clientDataJSON": "e30", "authenticatorData": "AA", "signature": "AA", "userHandle": "AA"}});
    let answer = json!({"challenge": challenge, "credential": forged});
    let refused = app.post_json("/api/admin/login/passkey", &answer).await;
    assert_error_code(refused, StatusCode::UNAUTHORIZED, "invalid_code").await;
    let unknown = json!({"challenge": "made-up", "credential": forged});
    let refused = app.post_json("/api/admin/login/passkey", &unknown).await;
    assert_error_code(refused, StatusCode::UNAUTHORIZED, "sign_in_expired").await;
    // The step after a password needs a member with a passkey.
    let none = app.post_json("/api/admin/login/passkey/options", &json!({"challenge": "made-up"})).await;
    assert_error_code(none, StatusCode::UNAUTHORIZED, "sign_in_expired").await;
    let gone = app
        .send_as(&owner, Method::DELETE, &format!("/api/admin/passkeys/{}", uuid::Uuid::new_v4()), None)
        .await;
    assert_error_code(gone, StatusCode::NOT_FOUND, "not_found").await;
}

#[tokio::test]
async fn an_owner_resets_a_members_lost_factors_and_the_command_line_resets_an_owners() {
    let app = spawn_app().await;
    let owner = app.admin_token().await;
    let email = "lost.phone@example.com";
    let (member, member_id) = join(&app, &owner, email, "staff").await;
    let (other_staff, _) = join(&app, &owner, "colleague@example.com", "staff").await;
    set_up_app(&app, &member).await;
    password_step(&app, email).await;
    let path = format!("/api/admin/team/{member_id}/two-factor");

    // Staff may not; an owner may not reset their own (Security removes those).
    let by_staff = app.send_as(&other_staff, Method::DELETE, &path, None).await;
    assert_error_code(by_staff, StatusCode::FORBIDDEN, "forbidden").await;
    let me = app.admin_json(&owner, "/api/admin/me").await["id"].as_str().expect("id").to_owned();
    let own = app.send_as(&owner, Method::DELETE, &format!("/api/admin/team/{me}/two-factor"), None).await;
    assert_error_code(own, StatusCode::FORBIDDEN, "forbidden").await;
    let nobody = format!("/api/admin/team/{}/two-factor", uuid::Uuid::new_v4());
    assert_error_code(
        app.send_as(&owner, Method::DELETE, &nobody, None).await,
        StatusCode::NOT_FOUND,
        "not_found",
    )
    .await;

    // The owner resets: every factor goes, the member is signed out, and
    // their password alone signs in again (to set up a new factor).
    let reset = expect_json(app.send_as(&owner, Method::DELETE, &path, None).await, StatusCode::OK).await;
    assert_eq!(reset["twoFactor"], false);
    assert_eq!(app.get_as(&member, "/api/admin/me").await.status(), StatusCode::UNAUTHORIZED);
    for table in ["admin_totp", "admin_recovery_codes", "admin_sign_in_challenges", "admin_passkeys"] {
        let left = app.sql_count(&format!("SELECT count(*) FROM {table} WHERE admin_id = '{member_id}'"));
        assert_eq!(left, 0, "{table}");
    }
    let login = app.post_json("/api/admin/login", &json!({"email": email, "password": NEW_PASSWORD})).await;
    expect_json(login, StatusCode::OK).await;
    let audited = app.sql_text(&format!(
        "SELECT summary FROM audit_log WHERE entity = 'second_factor' AND entity_id = '{member_id}' \
         AND action = 'second_factor_removed'"
    ));
    assert_eq!(audited, format!("Two-step sign-in reset for {email}; signed out everywhere"));

    // The last owner who lost everything: the server's command line.
    set_up_app(&app, &owner).await;
    let owner_email = crate::helpers::ADMIN_EMAIL;
    let credentials = json!({"email": owner_email, "password": crate::helpers::ADMIN_PASSWORD});
    let refused = app.post_json("/api/admin/login", &credentials).await;
    assert_error_code(refused, StatusCode::UNAUTHORIZED, "second_factor_required").await;
    let output = crate::cli::cli(&app.database_url, &["reset-two-factor", "--email", owner_email], "");
    assert!(output.status.success(), "{}", crate::cli::text(&output));
    assert!(
        crate::cli::text(&output).contains("Two-step sign-in reset for"),
        "{}",
        crate::cli::text(&output)
    );
    assert_eq!(app.get_as(&owner, "/api/admin/me").await.status(), StatusCode::UNAUTHORIZED);
    app.admin_token().await;
    let unknown =
        crate::cli::cli(&app.database_url, &["reset-two-factor", "--email", "nobody@example.com"], "");
    assert!(!unknown.status.success());
    assert!(crate::cli::text(&unknown).contains("No administrator has the email nobody@example.com"));
    let by_cli = app.sql_text(
        "SELECT actor FROM audit_log WHERE action = 'second_factor_removed' ORDER BY at DESC LIMIT 1",
    );
    assert_eq!(by_cli, "command line");
}
