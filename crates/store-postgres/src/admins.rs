use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use uuid::Uuid;

use domain::Email;
use domain::admin::{Admin, LoginAttempts};
use ports::{AdminRepository, DemoCatalogue, RepoResult};

use crate::catalog::{media_values, product_values, service_values};
use crate::content::{DUPLICATE_SLUG, post_values};
use crate::rows::AdminRow;
use crate::schema::{
    admin_users, app_settings, blog_posts, login_attempts, product_media, products, services,
};
use crate::{PgStore, repo_error, storage, transaction};

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

    async fn create(&self, email: &Email, name: &str, password_hash: &str) -> RepoResult<Admin> {
        let (email, name, hash) = (email.clone(), name.to_owned(), password_hash.to_owned());
        self.run(move |conn| {
            diesel::insert_into(admin_users::table)
                .values((
                    admin_users::email.eq(email.as_str()),
                    admin_users::name.eq(&name),
                    admin_users::password.eq(&hash),
                ))
                .returning(AdminRow::as_returning())
                .get_result(conn)
                .map(|row| row.split().0)
                .map_err(|e| repo_error(e, "An admin with this email already exists"))
        })
        .await
    }

    async fn count(&self) -> RepoResult<i64> {
        self.run(|conn| admin_users::table.count().get_result(conn).map_err(storage)).await
    }

    async fn set_active(&self, email: &Email, active: bool) -> RepoResult<Admin> {
        let email = email.clone();
        self.run(move |conn| {
            diesel::update(admin_users::table.filter(admin_users::email.eq(email.as_str())))
                .set(admin_users::is_active.eq(active))
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
                .set(admin_users::password.eq(&hash))
                .returning(AdminRow::as_returning())
                .get_result(conn)
                .map(|row| row.split().0)
                .map_err(storage)
        })
        .await
    }

    async fn record_login(&self, id: Uuid, at: DateTime<Utc>) -> RepoResult<Admin> {
        self.run(move |conn| {
            diesel::update(admin_users::table.find(id))
                .set(admin_users::last_login.eq(at))
                .returning(AdminRow::as_returning())
                .get_result(conn)
                .map(|row| row.split().0)
                .map_err(storage)
        })
        .await
    }

    async fn login_attempts(&self, client: &str) -> RepoResult<Option<LoginAttempts>> {
        let client = client.to_owned();
        self.run(move |conn| {
            login_attempts::table
                .find(client)
                .select((login_attempts::failures, login_attempts::window_started_at))
                .first::<(i32, DateTime<Utc>)>(conn)
                .optional()
                .map(|found| {
                    found.map(|(failures, window_started_at)| LoginAttempts { failures, window_started_at })
                })
                .map_err(storage)
        })
        .await
    }

    async fn record_failed_login(&self, client: &str, now: DateTime<Utc>) -> RepoResult<LoginAttempts> {
        let client = client.to_owned();
        self.run(move |conn| {
            transaction(conn, |conn| {
                // A first failure has no row for `FOR UPDATE` to lock: create an
                // empty one first, so simultaneous failures queue on it.
                diesel::insert_into(login_attempts::table)
                    .values((
                        login_attempts::client.eq(&client),
                        login_attempts::failures.eq(0),
                        login_attempts::window_started_at.eq(now),
                    ))
                    .on_conflict_do_nothing()
                    .execute(conn)
                    .map_err(storage)?;
                let previous = login_attempts::table
                    .find(&client)
                    .select((login_attempts::failures, login_attempts::window_started_at))
                    .for_update()
                    .first::<(i32, DateTime<Utc>)>(conn)
                    .optional()
                    .map_err(storage)?
                    .map(|(failures, window_started_at)| LoginAttempts { failures, window_started_at });
                let next = LoginAttempts::after_failure(previous, now);
                diesel::insert_into(login_attempts::table)
                    .values((
                        login_attempts::client.eq(&client),
                        login_attempts::failures.eq(next.failures),
                        login_attempts::window_started_at.eq(next.window_started_at),
                    ))
                    .on_conflict(login_attempts::client)
                    .do_update()
                    .set((
                        login_attempts::failures.eq(next.failures),
                        login_attempts::window_started_at.eq(next.window_started_at),
                    ))
                    .execute(conn)
                    .map_err(storage)?;
                Ok(next)
            })
        })
        .await
    }

    async fn clear_failed_logins(&self, client: &str) -> RepoResult<()> {
        let client = client.to_owned();
        self.run(move |conn| {
            diesel::delete(login_attempts::table.find(client)).execute(conn).map_err(storage)?;
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
                        .values(product_values(&item.product))
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
                for post in &catalogue.posts {
                    diesel::insert_into(blog_posts::table)
                        .values(post_values(&post.post, Some(post.published_at)))
                        .execute(conn)
                        .map_err(|e| repo_error(e, DUPLICATE_SLUG))?;
                }
                Ok(true)
            })
        })
        .await
    }
}
