//! The owner's team (issue 24): roles enforced on every admin call,
//! invitations, signed-in devices, the last-owner rule and "forgot
//! password", on real PostgreSQL. Link secrets are read from the mail the
//! server wrote (its outbox), as the invited person reads them.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{
    ADMIN_EMAIL, ADMIN_PASSWORD, Operation, TestApp, assert_error_code, assert_field_errors, expect_json,
    fill_path, operations, spawn_app,
};

pub(crate) const NEW_PASSWORD: &str = "a long new password";

async fn invite(app: &TestApp, owner: &str, email: &str, role: &str) -> reqwest::Response {
    app.post_as(
        owner,
        "/api/admin/team/invitations",
        &json!({"email": email, "name": "Olive Hart", "role": role}),
    )
    .await
}

/// Invites `email` with `role`, accepts through the mailed link, and
/// answers the new member's token and id.
pub(crate) async fn join(app: &TestApp, owner: &str, email: &str, role: &str) -> (String, String) {
    expect_json(invite(app, owner, email, role).await, StatusCode::CREATED).await;
    let secret = app.mailed_link_secret("team_invitation", email);
    let body = json!({"token": secret, "password": NEW_PASSWORD});
    let joined =
        expect_json(app.post_json("/api/admin/invitation/accept", &body).await, StatusCode::OK).await;
    assert_eq!(joined["admin"]["role"], role);
    (
        joined["token"].as_str().expect("token").to_owned(),
        joined["admin"]["id"].as_str().expect("id").to_owned(),
    )
}

async fn login_as(app: &TestApp, email: &str, password: &str, agent: &str) -> String {
    let response = app
        .request(Method::POST, "/api/admin/login")
        .header("User-Agent", agent)
        .json(&json!({"email": email, "password": password}))
        .send()
        .await
        .expect("sent");
    expect_json(response, StatusCode::OK).await["token"].as_str().expect("token").to_owned()
}

async fn call(app: &TestApp, op: &Operation, token: &str) -> reqwest::Response {
    let path = fill_path(&op.path, &uuid::Uuid::new_v4().to_string());
    let request = app.request(op.method.clone(), &path).bearer_auth(token);
    let request = if ["POST", "PUT", "PATCH"].contains(&op.method.as_str()) {
        request.json(&json!({}))
    } else {
        request
    };
    request.send().await.expect("sent")
}

#[tokio::test]
async fn every_admin_call_checks_the_role_staff_get_403_on_the_owner_s_calls() {
    let app = spawn_app().await;
    let owner = app.admin_token().await;
    let (staff, _) = join(&app, &owner, "front.desk@example.com", "staff").await;
    let secured: Vec<Operation> = operations(&app.openapi().await)
        .into_iter()
        .filter(|op| op.secured && op.path != "/api/admin/logout")
        .collect();
    // The owner-only calls are the ones that document 403; the table of
    // docs/decisions.md §18 names them.
    // Opening a guest's intake answers takes a permission of its own, not a
    // role (docs/decisions.md §22): no one has it at first, owners included.
    let by_permission = ["GET /api/admin/bookings/{id}/intake"];
    let owner_only: Vec<String> = secured
        .iter()
        .filter(|op| op.responses.contains(&403) && !by_permission.contains(&op.label().as_str()))
        .map(Operation::label)
        .collect();
    for expected in [
        "GET /api/admin/team",
        "POST /api/admin/team/invitations",
        "PUT /api/admin/services/{id}",
        "POST /api/products",
        "GET /api/admin/exports/orders.csv",
        "POST /api/admin/orders/{id}/refunds",
        "POST /api/admin/bookings/{id}/deposit/refunds",
        "GET /api/admin/activity",
        "GET /api/admin/promo-codes",
        "GET /api/admin/gift-cards",
    ] {
        assert!(
            owner_only.iter().any(|label| label == expected),
            "{expected} is the owner's: {owner_only:?}"
        );
    }
    for expected in [
        "GET /api/admin/orders",
        "PUT /api/admin/orders/{id}/status",
        "GET /api/admin/bookings",
        "PUT /api/admin/bookings/{id}",
        "POST /api/admin/blackout-dates",
        "GET /api/admin/contact-messages",
        "POST /api/admin/contact-messages/{id}/replies",
        "GET /api/admin/sessions",
    ] {
        assert!(!owner_only.iter().any(|label| label == expected), "{expected} is staff's too");
        assert!(secured.iter().any(|op| op.label() == expected), "{expected} is an admin call");
    }
    for op in &secured {
        if by_permission.contains(&op.label().as_str()) {
            for token in [&staff, &owner] {
                let body =
                    assert_error_code(call(&app, op, token).await, StatusCode::FORBIDDEN, "forbidden").await;
                assert!(
                    body["message"].as_str().is_some_and(|m| m.contains("allowed to read intake")),
                    "{body}"
                );
            }
            continue;
        }
        let as_staff = call(&app, op, &staff).await;
        let status = as_staff.status();
        if owner_only.contains(&op.label()) {
            let body = assert_error_code(as_staff, StatusCode::FORBIDDEN, "forbidden").await;
            assert_eq!(body["message"], "Only an owner can do this.", "{}", op.label());
        } else {
            assert!(
                status != StatusCode::FORBIDDEN
                    && status != StatusCode::UNAUTHORIZED
                    && !status.is_server_error(),
                "{} as staff: {status}",
                op.label()
            );
        }
        let as_owner = call(&app, op, &owner).await.status();
        assert!(
            as_owner != StatusCode::FORBIDDEN
                && as_owner != StatusCode::UNAUTHORIZED
                && !as_owner.is_server_error(),
            "{} as the owner: {as_owner}",
            op.label()
        );
    }
    // Nothing of the refused calls was done: no product was created by staff.
    let product = json!({"name": "Staff candle", "category": "candles", "price": "10.00", "description": "x", "image": "/media/x.jpg"});
    assert_error_code(
        app.post_as(&staff, "/api/products", &product).await,
        StatusCode::FORBIDDEN,
        "forbidden",
    )
    .await;
    assert_eq!(app.sql_count("SELECT count(*) FROM products WHERE name = 'Staff candle'"), 0);
    // The session and role are in `me`.
    assert_eq!(app.admin_json(&staff, "/api/admin/me").await["role"], "staff");
    assert_eq!(app.admin_json(&owner, "/api/admin/me").await["role"], "owner");
}

#[tokio::test]
async fn an_invitation_link_works_once_until_it_expires_or_is_withdrawn() {
    let app = spawn_app().await;
    let owner = app.admin_token().await;
    let invited =
        expect_json(invite(&app, &owner, "Olive@Example.com", "staff").await, StatusCode::CREATED).await;
    assert_eq!(invited["email"], "olive@example.com");
    assert_eq!(invited["expired"], false);
    // The mail names who invited them and carries the secret in the fragment only.
    let mail = app.sql_text(
        "SELECT text_body FROM outbox_messages WHERE template = 'team_invitation' AND recipient = 'olive@example.com'",
    );
    assert!(mail.contains("https://goldenpine.test/admin/join#"), "{mail}");
    assert!(mail.contains("as staff"), "{mail}");
    let secret = app.mailed_link_secret("team_invitation", "olive@example.com");
    assert_eq!(
        app.sql_count(&format!("SELECT count(*) FROM admin_invitations WHERE token_hash = '{secret}'")),
        0
    );
    // The page shows what the link opens.
    let details =
        expect_json(app.post_json("/api/admin/invitation", &json!({"token": secret})).await, StatusCode::OK)
            .await;
    assert_eq!(details["email"], "olive@example.com");
    assert_eq!(details["role"], "staff");
    // A weak password is refused and spends nothing.
    assert_field_errors(
        app.post_json("/api/admin/invitation/accept", &json!({"token": secret, "password": "short"})).await,
        &[("password", "Password must be at least 12 characters")],
    )
    .await;
    // Two tries at once: one joins, the other finds the link spent.
    let body = json!({"token": secret, "password": NEW_PASSWORD});
    let (one, two) = tokio::join!(
        app.post_json("/api/admin/invitation/accept", &body),
        app.post_json("/api/admin/invitation/accept", &body)
    );
    let mut statuses = [one.status(), two.status()];
    statuses.sort();
    assert_eq!(statuses, [StatusCode::OK, StatusCode::NOT_FOUND]);
    assert_eq!(app.sql_count("SELECT count(*) FROM admin_users WHERE email = 'olive@example.com'"), 1);
    // Used: the link no longer works.
    assert_error_code(
        app.post_json("/api/admin/invitation/accept", &body).await,
        StatusCode::NOT_FOUND,
        "invalid_link",
    )
    .await;
    assert_error_code(
        app.post_json("/api/admin/invitation", &json!({"token": secret})).await,
        StatusCode::NOT_FOUND,
        "invalid_link",
    )
    .await;
    // The new member signs in with the password they chose.
    login_as(&app, "olive@example.com", NEW_PASSWORD, "test").await;
    // Someone on the team cannot be invited again.
    assert_error_code(
        invite(&app, &owner, "olive@example.com", "owner").await,
        StatusCode::CONFLICT,
        "already_member",
    )
    .await;

    // Withdrawn: the link stops working; a second invitation replaces the first.
    let first =
        expect_json(invite(&app, &owner, "sam@example.com", "staff").await, StatusCode::CREATED).await;
    let first_secret = app.mailed_link_secret("team_invitation", "sam@example.com");
    let second =
        expect_json(invite(&app, &owner, "sam@example.com", "owner").await, StatusCode::CREATED).await;
    let second_secret = app.mailed_link_secret("team_invitation", "sam@example.com");
    assert_ne!(first_secret, second_secret);
    let dead = json!({"token": first_secret, "password": NEW_PASSWORD});
    assert_error_code(
        app.post_json("/api/admin/invitation/accept", &dead).await,
        StatusCode::NOT_FOUND,
        "invalid_link",
    )
    .await;
    let team = app.admin_json(&owner, "/api/admin/team").await;
    let open: Vec<&Value> = team["invitations"].as_array().expect("list").iter().collect();
    assert_eq!(open.len(), 1, "{team}");
    assert_eq!(open[0]["id"], second["id"]);
    assert_ne!(first["id"], second["id"]);
    let path = format!("/api/admin/team/invitations/{}", second["id"].as_str().expect("id"));
    assert_eq!(app.delete_as(&owner, &path).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(app.delete_as(&owner, &path).await.status(), StatusCode::NOT_FOUND, "already withdrawn");
    let withdrawn = json!({"token": second_secret, "password": NEW_PASSWORD});
    assert_error_code(
        app.post_json("/api/admin/invitation/accept", &withdrawn).await,
        StatusCode::NOT_FOUND,
        "invalid_link",
    )
    .await;

    // Expired: past its seven days, the link no longer works.
    expect_json(invite(&app, &owner, "late@example.com", "staff").await, StatusCode::CREATED).await;
    let late = app.mailed_link_secret("team_invitation", "late@example.com");
    app.sql("UPDATE admin_invitations SET expires_at = now() - interval '1 second' WHERE email = 'late@example.com'");
    let expired = json!({"token": late, "password": NEW_PASSWORD});
    assert_error_code(
        app.post_json("/api/admin/invitation/accept", &expired).await,
        StatusCode::NOT_FOUND,
        "invalid_link",
    )
    .await;
    let team = app.admin_json(&owner, "/api/admin/team").await;
    assert_eq!(team["invitations"][0]["expired"], true, "the owner sees it expired: {team}");
    // A made-up secret opens nothing.
    assert_error_code(
        app.post_json("/api/admin/invitation", &json!({"token": "guess"})).await,
        StatusCode::NOT_FOUND,
        "invalid_link",
    )
    .await;
    // Every change is in the audit trail.
    let actions = app.sql_text("SELECT string_agg(action, ',' ORDER BY at) FROM audit_log WHERE entity IN ('invitation', 'team_member')");
    for action in ["invited", "invitation_accepted", "invitation_revoked"] {
        assert!(actions.contains(action), "{action} in {actions}");
    }
}

#[tokio::test]
async fn deactivating_a_member_ends_their_sessions_at_once_and_the_team_keeps_an_owner() {
    let app = spawn_app().await;
    let owner = app.admin_token().await;
    let owner_id = app.admin_json(&owner, "/api/admin/me").await["id"].as_str().expect("id").to_owned();
    let (staff, staff_id) = join(&app, &owner, "desk@example.com", "staff").await;
    let member = |id: &str| format!("/api/admin/team/{id}");

    // Nobody changes their own role or access (another owner does).
    let response = app.put_as(&owner, &member(&owner_id), &json!({"role": "staff"})).await;
    assert_error_code(response, StatusCode::FORBIDDEN, "forbidden").await;
    // Staff cannot change the team at all.
    let response = app.put_as(&staff, &member(&owner_id), &json!({"isActive": false})).await;
    assert_error_code(response, StatusCode::FORBIDDEN, "forbidden").await;

    assert_eq!(app.get_as(&staff, "/api/admin/me").await.status(), StatusCode::OK);
    let changed = expect_json(
        app.put_as(&owner, &member(&staff_id), &json!({"isActive": false})).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(changed["isActive"], false);
    assert_eq!(app.get_as(&staff, "/api/admin/me").await.status(), StatusCode::UNAUTHORIZED, "ended at once");
    let refused = app
        .post_json("/api/admin/login", &json!({"email": "desk@example.com", "password": NEW_PASSWORD}))
        .await;
    assert_eq!(refused.status(), StatusCode::UNAUTHORIZED, "a deactivated member cannot sign in");
    expect_json(
        app.put_as(&owner, &member(&staff_id), &json!({"isActive": true, "role": "owner"})).await,
        StatusCode::OK,
    )
    .await;
    let second_owner = login_as(&app, "desk@example.com", NEW_PASSWORD, "test").await;

    // Two owners demoting each other at the same moment: one wins, and the
    // team keeps its one active owner.
    let demote = json!({"role": "staff"});
    let (staff_path, owner_path) = (member(&staff_id), member(&owner_id));
    let (one, two) = tokio::join!(
        app.put_as(&owner, &staff_path, &demote),
        app.put_as(&second_owner, &owner_path, &demote)
    );
    let statuses = [one.status(), two.status()];
    assert!(statuses.contains(&StatusCode::OK), "{statuses:?}");
    let loser = if one.status() == StatusCode::OK { two } else { one };
    if loser.status() == StatusCode::CONFLICT {
        let body = assert_error_code(loser, StatusCode::CONFLICT, "last_owner").await;
        assert!(body["message"].as_str().expect("message").contains("at least one active owner"), "{body}");
    } else {
        // The winner's change ran first and took the loser's owner role,
        // so the loser's call was refused as staff's.
        assert_error_code(loser, StatusCode::FORBIDDEN, "forbidden").await;
    }
    assert_eq!(
        app.sql_count("SELECT count(*) FROM admin_users WHERE role = 'owner' AND is_active"),
        1,
        "exactly one active owner is left"
    );
    let trail = app
        .sql_text("SELECT string_agg(action, ',' ORDER BY at) FROM audit_log WHERE entity = 'team_member'");
    for action in ["deactivated", "reactivated", "role_changed"] {
        assert!(trail.contains(action), "{action} in {trail}");
    }
}

#[tokio::test]
async fn logging_out_ends_only_that_device_and_the_security_view_ends_the_others() {
    let app = spawn_app().await;
    let laptop = login_as(
        &app,
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Chrome/131.0 Safari/537.36",
    )
    .await;
    let phone = login_as(
        &app,
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile/15E148 Safari/604.1",
    )
    .await;
    let tablet =
        login_as(&app, ADMIN_EMAIL, ADMIN_PASSWORD, "Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile")
            .await;

    let devices = app.admin_json(&laptop, "/api/admin/sessions").await;
    let devices = devices.as_array().expect("list");
    assert_eq!(devices.len(), 3, "{devices:?}");
    let current: Vec<&Value> = devices.iter().filter(|d| d["current"] == true).collect();
    assert_eq!(current.len(), 1);
    assert_eq!(current[0]["device"], "Chrome on macOS");
    assert_eq!(current[0]["place"], "This computer");
    assert_eq!(current[0]["address"], "127.0.0.1");
    let names: Vec<&str> = devices.iter().map(|d| d["device"].as_str().expect("device")).collect();
    assert!(names.contains(&"Safari on iPhone") && names.contains(&"Chrome on Android"), "{names:?}");

    // Logging out on the phone leaves the laptop signed in.
    let response = app.send_as(&phone, Method::POST, "/api/admin/logout", None).await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    assert_eq!(app.get_as(&phone, "/api/admin/me").await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.get_as(&laptop, "/api/admin/me").await.status(), StatusCode::OK);
    assert_eq!(app.admin_json(&laptop, "/api/admin/sessions").await.as_array().expect("list").len(), 2);

    // The device in use signs out with logout, not from the list.
    let laptop_id = app
        .admin_json(&laptop, "/api/admin/sessions")
        .await
        .as_array()
        .expect("list")
        .iter()
        .find(|d| d["current"] == true)
        .expect("current")["id"]
        .as_str()
        .expect("id")
        .to_owned();
    let response = app.delete_as(&laptop, &format!("/api/admin/sessions/{laptop_id}")).await;
    assert_error_code(response, StatusCode::CONFLICT, "conflict").await;
    assert_eq!(app.get_as(&laptop, "/api/admin/me").await.status(), StatusCode::OK);

    // Ending a device from the Security view.
    let tablet_id = app
        .admin_json(&tablet, "/api/admin/sessions")
        .await
        .as_array()
        .expect("list")
        .iter()
        .find(|d| d["current"] == true)
        .expect("current")["id"]
        .as_str()
        .expect("id")
        .to_owned();
    let path = format!("/api/admin/sessions/{tablet_id}");
    assert_eq!(app.delete_as(&laptop, &path).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(app.get_as(&tablet, "/api/admin/me").await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.delete_as(&laptop, &path).await.status(), StatusCode::NOT_FOUND, "already ended");

    // Someone else's session is not yours to end.
    let owner = app.admin_token().await;
    let (staff, _) = join(&app, &owner, "desk@example.com", "staff").await;
    let staff_session =
        app.admin_json(&staff, "/api/admin/sessions").await[0]["id"].as_str().expect("id").to_owned();
    let response = app.delete_as(&laptop, &format!("/api/admin/sessions/{staff_session}")).await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.get_as(&staff, "/api/admin/me").await.status(), StatusCode::OK);

    // Signing out everywhere else keeps this device.
    let again = login_as(&app, ADMIN_EMAIL, ADMIN_PASSWORD, "another").await;
    let ended = expect_json(
        app.send_as(&laptop, Method::POST, "/api/admin/sessions/end-others", None).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(ended["ended"], 2, "the second login and the `owner` token");
    assert_eq!(app.get_as(&again, "/api/admin/me").await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.get_as(&owner, "/api/admin/me").await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.get_as(&laptop, "/api/admin/me").await.status(), StatusCode::OK);
    assert_eq!(app.admin_json(&laptop, "/api/admin/sessions").await.as_array().expect("list").len(), 1);
}

#[tokio::test]
async fn forgot_password_mails_a_single_use_link_and_tells_no_one_whether_the_address_exists() {
    let app = spawn_app().await;
    let before = app.admin_token().await;
    let app = &app;
    let ask = |email: &str| {
        let body = json!({"email": email});
        async move { app.post_json("/api/admin/password-reset", &body).await }
    };
    let known = expect_json(ask(ADMIN_EMAIL).await, StatusCode::ACCEPTED).await;
    let unknown = expect_json(ask("nobody@example.com").await, StatusCode::ACCEPTED).await;
    assert_eq!(known, unknown, "the same answer for an unknown address");
    // Only the address's form is checked, which tells nothing of accounts.
    let invalid = &[("email", "Please enter a valid email address")];
    for malformed in ["not an address", " ", "a\u{0}@example.com"] {
        assert_field_errors(ask(malformed).await, invalid).await;
    }
    let mails = |to: &str| {
        app.sql_count(&format!(
            "SELECT count(*) FROM outbox_messages WHERE template = 'password_reset' AND recipient = '{to}'"
        ))
    };
    assert_eq!(mails(ADMIN_EMAIL), 1);
    assert_eq!(mails("nobody@example.com"), 0);
    // Asking again at once mails nothing more (the inbox is not flooded).
    expect_json(ask(ADMIN_EMAIL).await, StatusCode::ACCEPTED).await;
    assert_eq!(mails(ADMIN_EMAIL), 1);

    let secret = app.mailed_link_secret("password_reset", ADMIN_EMAIL);
    let confirm = |password: &str| {
        let body = json!({"token": &secret, "password": password});
        async move { app.post_json("/api/admin/password-reset/confirm", &body).await }
    };
    assert_field_errors(confirm("short").await, &[("password", "Password must be at least 12 characters")])
        .await;
    assert_eq!(confirm(NEW_PASSWORD).await.status(), StatusCode::NO_CONTENT);
    // Every session ended; the old password no longer works, the new one does.
    assert_eq!(app.get_as(&before, "/api/admin/me").await.status(), StatusCode::UNAUTHORIZED);
    let old =
        app.post_json("/api/admin/login", &json!({"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD})).await;
    assert_eq!(old.status(), StatusCode::UNAUTHORIZED);
    login_as(app, ADMIN_EMAIL, NEW_PASSWORD, "test").await;
    // The link works once.
    assert_error_code(confirm("yet another long password").await, StatusCode::NOT_FOUND, "invalid_link")
        .await;

    // An expired link does nothing.
    app.sql("UPDATE admin_password_resets SET created_at = created_at - interval '1 hour'");
    expect_json(ask(ADMIN_EMAIL).await, StatusCode::ACCEPTED).await;
    assert_eq!(mails(ADMIN_EMAIL), 2);
    let second = app.mailed_link_secret("password_reset", ADMIN_EMAIL);
    app.sql(
        "UPDATE admin_password_resets SET expires_at = now() - interval '1 second' WHERE used_at IS NULL",
    );
    let response = app
        .post_json(
            "/api/admin/password-reset/confirm",
            &json!({"token": second, "password": "a third long password"}),
        )
        .await;
    assert_error_code(response, StatusCode::NOT_FOUND, "invalid_link").await;
    login_as(app, ADMIN_EMAIL, NEW_PASSWORD, "test").await;
    let trail =
        app.sql_text("SELECT string_agg(action, ',' ORDER BY at) FROM audit_log WHERE entity = 'session'");
    assert!(trail.contains("password_reset_requested") && trail.contains("password_reset,"), "{trail}");
}
