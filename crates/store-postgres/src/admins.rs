use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use uuid::Uuid;

use domain::Email;
use domain::admin::{ACCOUNT_LOGIN_LIMIT, Admin, CLIENT_LOGIN_LIMIT};
use domain::audit::{Actor, AuditAction, AuditEntity, AuditRecord};
use domain::limits::WindowCount;
use domain::mail::MailEvent;
use domain::team::{Invitation, MemberChange, Session, describe_device};
use ports::{AdminRepository, CreateAdminError, DemoCatalogue, OpenSession, RepoResult, TeamChangeError};

use crate::catalog::{media_values, product_values, service_values};
use crate::content::post_values;
use crate::counters::{Counter, count_in_window};
use crate::outbox::write_mails;
use crate::rows::AdminRow;
use crate::schema::{
    account_login_attempts, admin_users, app_settings, blog_posts, login_attempts, product_media, products,
    services,
};
use crate::team::{self, SessionPick};
use crate::{Constraint, PgStore, audit, refusable_transaction, storage, transaction, violates};

/// A session's record names the admin it belongs to.
fn session_record(admin: &Admin, action: AuditAction, summary: &str) -> AuditRecord {
    AuditRecord::new(AuditEntity::Session, Some(admin.id), action, summary)
}

const DEMO_MARKER: &str = "demo_catalogue_loaded_at";

fn admin_by_email(conn: &mut PgConnection, email: &Email) -> RepoResult<Option<(Admin, String)>> {
    admin_users::table
        .filter(admin_users::email.eq(email.as_str()))
        .select(AdminRow::as_select())
        .first(conn)
        .optional()
        .map(|row| row.map(AdminRow::split))
        .map_err(storage)
}

/// How an account's failures are filed: a hash of what was typed, so the
/// table holds no email addresses (attackers type other people's) and any
/// text, even one with a NUL, makes a key.
fn account_key(account: &str) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(account.as_bytes()).iter().map(|byte| format!("{byte:02x}")).collect()
}

#[async_trait]
impl AdminRepository for PgStore {
    async fn find_by_email(&self, email: &Email) -> RepoResult<Option<(Admin, String)>> {
        let email = email.clone();
        self.run(move |conn| admin_by_email(conn, &email)).await
    }

    async fn find_by_id(&self, id: Uuid) -> RepoResult<Option<Admin>> {
        self.run(move |conn| {
            admin_users::table
                .find(id)
                .select(AdminRow::as_select())
                .first(conn)
                .optional()
                .map(|row| row.map(|r| r.split().0))
                .map_err(storage)
        })
        .await
    }

    async fn create(
        &self,
        email: &Email,
        name: &str,
        password_hash: &str,
    ) -> Result<Admin, CreateAdminError> {
        let (email, name, hash) = (email.clone(), name.to_owned(), password_hash.to_owned());
        self.run(move |conn| {
            let row = diesel::insert_into(admin_users::table)
                .values((
                    admin_users::email.eq(email.as_str()),
                    admin_users::name.eq(&name),
                    admin_users::password.eq(&hash),
                ))
                .returning(AdminRow::as_returning())
                .get_result(conn);
            Ok(row.map(|row| row.split().0).map_err(|error| {
                if violates(&error, Constraint::Unique, "admin_users_email_key") {
                    CreateAdminError::EmailTaken
                } else {
                    CreateAdminError::Repo(storage(error))
                }
            }))
        })
        .await?
    }

    async fn count(&self) -> RepoResult<i64> {
        self.run(|conn| admin_users::table.count().get_result(conn).map_err(storage)).await
    }

    async fn set_active(&self, email: &Email, active: bool) -> RepoResult<Admin> {
        let email = email.clone();
        self.run(move |conn| {
            diesel::update(admin_users::table.filter(admin_users::email.eq(email.as_str())))
                .set((
                    admin_users::is_active.eq(active),
                    admin_users::session_version.eq(admin_users::session_version + 1),
                ))
                .returning(AdminRow::as_returning())
                .get_result(conn)
                .map(|row| row.split().0)
                .map_err(storage)
        })
        .await
    }

    async fn set_password_hash(&self, email: &Email, password_hash: &str) -> RepoResult<Admin> {
        let (email, hash) = (email.clone(), password_hash.to_owned());
        self.run(move |conn| {
            diesel::update(admin_users::table.filter(admin_users::email.eq(email.as_str())))
                .set((
                    admin_users::password.eq(&hash),
                    admin_users::session_version.eq(admin_users::session_version + 1),
                ))
                .returning(AdminRow::as_returning())
                .get_result(conn)
                .map(|row| row.split().0)
                .map_err(storage)
        })
        .await
    }

    async fn record_login_failure(&self, actor: Actor, summary: &str) -> RepoResult<()> {
        let record =
            AuditRecord::new(AuditEntity::Session, actor.admin_id, AuditAction::LoginFailed, summary);
        self.run(move |conn| audit::record(conn, &actor, record)).await
    }

    async fn end_sessions(&self, id: Uuid) -> RepoResult<Admin> {
        self.run(move |conn| {
            transaction(conn, |conn| {
                let admin = diesel::update(admin_users::table.find(id))
                    .set(admin_users::session_version.eq(admin_users::session_version + 1))
                    .returning(AdminRow::as_returning())
                    .get_result(conn)
                    .map(|row| row.split().0)
                    .map_err(storage)?;
                team::end_sessions_where(conn, id, SessionPick::All, Utc::now())?;
                let record = session_record(&admin, AuditAction::LoggedOut, "Logged out on every device");
                audit::record(conn, &Actor::admin(&admin), record)?;
                Ok(admin)
            })
        })
        .await
    }

    async fn open_session(&self, admin_id: Uuid, session: Session) -> RepoResult<Admin> {
        self.run(move |conn| {
            transaction(conn, |conn| {
                let admin = diesel::update(admin_users::table.find(admin_id))
                    .set(admin_users::last_login.eq(session.created_at))
                    .returning(AdminRow::as_returning())
                    .get_result(conn)
                    .map(|row| row.split().0)
                    .map_err(storage)?;
                team::insert_session(conn, &session)?;
                let summary = format!("Logged in ({})", describe_device(&session.user_agent));
                let record = session_record(&admin, AuditAction::LoginSucceeded, &summary);
                audit::record(conn, &Actor::admin(&admin), record)?;
                Ok(admin)
            })
        })
        .await
    }

    async fn find_session(&self, session_id: Uuid, now: DateTime<Utc>) -> RepoResult<Option<OpenSession>> {
        self.run(move |conn| team::find_session(conn, session_id, now)).await
    }

    async fn touch_session(&self, session_id: Uuid, now: DateTime<Utc>) -> RepoResult<()> {
        self.run(move |conn| team::touch_session(conn, session_id, now)).await
    }

    async fn list_sessions(&self, admin_id: Uuid, now: DateTime<Utc>) -> RepoResult<Vec<Session>> {
        self.run(move |conn| team::list_sessions(conn, admin_id, now)).await
    }

    async fn end_session(
        &self,
        admin: &Admin,
        session_id: Uuid,
        action: AuditAction,
        summary: &str,
        now: DateTime<Utc>,
    ) -> RepoResult<bool> {
        let (admin, summary) = (admin.clone(), summary.to_owned());
        self.run(move |conn| {
            transaction(conn, |conn| {
                let ended = team::end_sessions_where(conn, admin.id, SessionPick::Only(session_id), now)?;
                if ended > 0 {
                    audit::record(conn, &Actor::admin(&admin), session_record(&admin, action, &summary))?;
                }
                Ok(ended > 0)
            })
        })
        .await
    }

    async fn end_other_sessions(&self, admin: &Admin, keep: Uuid, now: DateTime<Utc>) -> RepoResult<u64> {
        let admin = admin.clone();
        self.run(move |conn| {
            transaction(conn, |conn| {
                let ended = team::end_sessions_where(conn, admin.id, SessionPick::AllBut(keep), now)?;
                let summary = format!("Signed out {ended} other device{}", if ended == 1 { "" } else { "s" });
                audit::record(
                    conn,
                    &Actor::admin(&admin),
                    session_record(&admin, AuditAction::SessionEnded, &summary),
                )?;
                Ok(ended)
            })
        })
        .await
    }

    async fn list_team(&self) -> RepoResult<Vec<Admin>> {
        self.run(team::list_team).await
    }

    async fn open_invitations(&self) -> RepoResult<Vec<Invitation>> {
        self.run(team::open_invitations).await
    }

    async fn create_invitation(
        &self,
        invitation: Invitation,
        token_hash: String,
        mail: MailEvent,
        actor: Actor,
    ) -> Result<Invitation, TeamChangeError> {
        // Composed before the transaction takes its locks.
        let mails = self.compose(&mail);
        self.run(move |conn| {
            refusable_transaction(conn, |conn| {
                if let Err(refusal) = team::create_invitation(conn, &invitation, &token_hash, &actor)? {
                    return Ok(Err(refusal));
                }
                write_mails(conn, &mails)?;
                Ok(Ok(invitation))
            })
        })
        .await?
        .map_err(TeamChangeError::from)
    }

    async fn revoke_invitation(&self, id: Uuid, actor: Actor, now: DateTime<Utc>) -> RepoResult<bool> {
        self.run(move |conn| transaction(conn, |conn| team::revoke_invitation(conn, id, &actor, now))).await
    }

    async fn usable_invitation(
        &self,
        token_hash: &str,
        now: DateTime<Utc>,
    ) -> RepoResult<Option<Invitation>> {
        let token_hash = token_hash.to_owned();
        self.run(move |conn| team::usable_invitation(conn, &token_hash, now)).await
    }

    async fn accept_invitation(
        &self,
        token_hash: &str,
        password_hash: &str,
        session: Session,
        now: DateTime<Utc>,
    ) -> Result<Option<Admin>, TeamChangeError> {
        let (token_hash, password_hash) = (token_hash.to_owned(), password_hash.to_owned());
        self.run(move |conn| {
            refusable_transaction(conn, |conn| {
                team::accept_invitation(conn, &token_hash, &password_hash, &session, now)
            })
        })
        .await?
        .map_err(TeamChangeError::from)
    }

    async fn change_member(
        &self,
        id: Uuid,
        change: MemberChange,
        actor: Actor,
    ) -> Result<Option<Admin>, TeamChangeError> {
        self.run(move |conn| {
            refusable_transaction(conn, |conn| team::change_member(conn, id, change, &actor, Utc::now()))
        })
        .await?
        .map_err(TeamChangeError::from)
    }

    async fn usable_reset(&self, token_hash: &str, now: DateTime<Utc>) -> RepoResult<bool> {
        let token_hash = token_hash.to_owned();
        self.run(move |conn| team::usable_reset(conn, &token_hash, now)).await
    }

    async fn last_reset_request(&self, admin_id: Uuid) -> RepoResult<Option<DateTime<Utc>>> {
        self.run(move |conn| team::last_reset_request(conn, admin_id)).await
    }

    async fn create_password_reset(
        &self,
        admin: &Admin,
        token_hash: String,
        expires_at: DateTime<Utc>,
        mail: MailEvent,
        now: DateTime<Utc>,
    ) -> RepoResult<()> {
        let admin = admin.clone();
        let mails = self.compose(&mail);
        self.run(move |conn| {
            transaction(conn, |conn| {
                team::insert_reset(conn, &admin, &token_hash, expires_at, now)?;
                write_mails(conn, &mails).map(drop)
            })
        })
        .await
    }

    async fn reset_password_with(
        &self,
        token_hash: &str,
        password_hash: &str,
        now: DateTime<Utc>,
    ) -> RepoResult<Option<Admin>> {
        let (token_hash, password_hash) = (token_hash.to_owned(), password_hash.to_owned());
        self.run(move |conn| {
            transaction(conn, |conn| team::reset_password_with(conn, &token_hash, &password_hash, now))
        })
        .await
    }

    async fn record_failed_login(
        &self,
        client: &str,
        account: &str,
        now: DateTime<Utc>,
    ) -> RepoResult<(WindowCount, WindowCount)> {
        let (client, account) = (client.to_owned(), account_key(account));
        self.run(move |conn| {
            transaction(conn, |conn| {
                let by_client =
                    count_in_window(conn, Counter::LoginsByClient, &client, CLIENT_LOGIN_LIMIT, now)?;
                let by_account =
                    count_in_window(conn, Counter::LoginsByAccount, &account, ACCOUNT_LOGIN_LIMIT, now)?;
                Ok((by_client, by_account))
            })
        })
        .await
    }

    async fn clear_failed_logins(&self, client: &str, account: &str) -> RepoResult<()> {
        let (client, account) = (client.to_owned(), account_key(account));
        self.run(move |conn| {
            diesel::delete(login_attempts::table.find(client)).execute(conn).map_err(storage)?;
            diesel::delete(account_login_attempts::table.find(account)).execute(conn).map_err(storage)?;
            Ok(())
        })
        .await
    }

    async fn setting_or_insert(&self, key: &str, value: &str) -> RepoResult<String> {
        let (key, value) = (key.to_owned(), value.to_owned());
        self.run(move |conn| {
            diesel::insert_into(app_settings::table)
                .values((app_settings::key.eq(&key), app_settings::value.eq(&value)))
                .on_conflict_do_nothing()
                .execute(conn)
                .map_err(storage)?;
            app_settings::table.find(&key).select(app_settings::value).first(conn).map_err(storage)
        })
        .await
    }

    async fn load_demo_catalogue_once(&self, catalogue: DemoCatalogue) -> RepoResult<bool> {
        self.run(move |conn| {
            transaction(conn, |conn| {
                // The marker row is the once-only guard, even across processes:
                // the second inserter finds it and loads nothing.
                let marked = diesel::insert_into(app_settings::table)
                    .values((
                        app_settings::key.eq(DEMO_MARKER),
                        app_settings::value.eq(Utc::now().to_rfc3339()),
                    ))
                    .on_conflict_do_nothing()
                    .execute(conn)
                    .map_err(storage)?;
                let empty = products::table.count().get_result::<i64>(conn).map_err(storage)? == 0
                    && services::table.count().get_result::<i64>(conn).map_err(storage)? == 0
                    && blog_posts::table.count().get_result::<i64>(conn).map_err(storage)? == 0;
                if marked == 0 || !empty {
                    return Ok(false);
                }
                for service in &catalogue.services {
                    diesel::insert_into(services::table)
                        .values(service_values(service))
                        .execute(conn)
                        .map_err(storage)?;
                }
                for item in &catalogue.products {
                    let id: Uuid = diesel::insert_into(products::table)
                        .values((
                            product_values(&item.product),
                            products::stock.eq(crate::catalog::created_stock(item.product.stock)),
                        ))
                        .returning(products::id)
                        .get_result(conn)
                        .map_err(storage)?;
                    for media in &item.media {
                        diesel::insert_into(product_media::table)
                            .values(media_values(id, media))
                            .execute(conn)
                            .map_err(storage)?;
                    }
                }
                if let Some(schedule) = &catalogue.schedule {
                    crate::schedule::save_schedule(conn, schedule)?;
                }
                for post in &catalogue.posts {
                    diesel::insert_into(blog_posts::table)
                        .values(post_values(&post.post, Some(post.published_at)))
                        .execute(conn)
                        .map_err(storage)?;
                }
                Ok(true)
            })
        })
        .await
    }
}
