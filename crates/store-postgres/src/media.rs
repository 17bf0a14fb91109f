//! The media library's records, and where each file is shown (read from the
//! catalogue's own URLs, so never out of date).

use std::collections::HashMap;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use uuid::Uuid;

use domain::audit::{Actor, AuditAction, AuditEntity, AuditRecord};
use domain::media::{
    LibraryEntry, MediaFile, MediaKind, MediaUse, MediaUser, NewMediaFile, UPLOAD_URL_PREFIX, audit_summary,
};
use ports::{MediaDeleteError, MediaLibraryRepository, RepoError, RepoResult};

use crate::schema::{blog_posts, media_files, product_media, products, services};
use crate::{PgStore, audit, storage, transaction};

#[derive(Queryable, Selectable)]
#[diesel(table_name = media_files)]
struct MediaFileRow {
    id: Uuid,
    name: String,
    kind: String,
    byte_size: i64,
    width: Option<i32>,
    height: Option<i32>,
    original_name: String,
    uploaded_at: DateTime<Utc>,
}

impl TryFrom<MediaFileRow> for MediaFile {
    type Error = RepoError;

    fn try_from(row: MediaFileRow) -> RepoResult<Self> {
        let kind = MediaKind::from_code(&row.kind)
            .ok_or_else(|| RepoError::storage(crate::money::CorruptRow(row.kind.clone())))?;
        Ok(MediaFile {
            id: row.id,
            name: row.name,
            kind,
            byte_size: row.byte_size,
            width: row.width,
            height: row.height,
            original_name: row.original_name,
            uploaded_at: row.uploaded_at,
        })
    }
}

/// Every place an uploaded file is shown, by the URL it is shown with;
/// `only` narrows it to one URL.
fn uses_by_url(conn: &mut PgConnection, only: Option<&str>) -> RepoResult<HashMap<String, Vec<MediaUse>>> {
    let pattern = format!("{UPLOAD_URL_PREFIX}%");
    let wanted = |url: &String| only.is_none_or(|only| only == url);
    let mut uses: HashMap<String, Vec<MediaUse>> = HashMap::new();
    let mut add = |url: String, user: MediaUser, id: Uuid, label: String| {
        if wanted(&url) {
            uses.entry(url).or_default().push(MediaUse { user, id, label });
        }
    };
    let found: Vec<(Uuid, String, String)> = products::table
        .filter(products::image.like(&pattern))
        .select((products::id, products::name, products::image))
        .load(conn)
        .map_err(storage)?;
    for (id, name, url) in found {
        add(url, MediaUser::Product, id, name);
    }
    let found: Vec<(Uuid, String, String)> = product_media::table
        .inner_join(products::table)
        .filter(product_media::url.like(&pattern))
        .select((products::id, products::name, product_media::url))
        .load(conn)
        .map_err(storage)?;
    for (id, name, url) in found {
        add(url, MediaUser::ProductGallery, id, name);
    }
    let found: Vec<(Uuid, String, String)> = services::table
        .filter(services::image.like(&pattern))
        .select((services::id, services::name, services::image))
        .load(conn)
        .map_err(storage)?;
    for (id, name, url) in found {
        add(url, MediaUser::Service, id, name);
    }
    let found: Vec<(Uuid, String, String)> = blog_posts::table
        .filter(blog_posts::image.like(&pattern))
        .select((blog_posts::id, blog_posts::title, blog_posts::image))
        .load(conn)
        .map_err(storage)?;
    for (id, title, url) in found {
        add(url, MediaUser::BlogPost, id, title);
    }
    for list in uses.values_mut() {
        list.sort_by(|a, b| (a.user, &a.label, a.id).cmp(&(b.user, &b.label, b.id)));
        list.dedup();
    }
    Ok(uses)
}

#[async_trait]
impl MediaLibraryRepository for PgStore {
    async fn record_media_file(&self, file: NewMediaFile, actor: Actor) -> RepoResult<(MediaFile, bool)> {
        self.run(move |conn| {
            transaction(conn, |conn| {
                let inserted: Option<MediaFileRow> = diesel::insert_into(media_files::table)
                    .values((
                        media_files::name.eq(&file.name),
                        media_files::kind.eq(file.kind.code()),
                        media_files::byte_size.eq(file.byte_size),
                        media_files::width.eq(file.width),
                        media_files::height.eq(file.height),
                        media_files::original_name.eq(&file.original_name),
                        media_files::uploaded_by.eq(actor.admin_id),
                    ))
                    .on_conflict(media_files::name)
                    .do_nothing()
                    .returning(MediaFileRow::as_returning())
                    .get_result(conn)
                    .optional()
                    .map_err(storage)?;
                match inserted {
                    Some(row) => {
                        let kept: MediaFile = row.try_into()?;
                        audit::record(
                            conn,
                            &actor,
                            AuditRecord {
                                entity: AuditEntity::MediaFile,
                                entity_id: Some(kept.id),
                                action: AuditAction::Created,
                                summary: format!("Uploaded {}", audit_summary(&file)),
                            },
                        )?;
                        Ok((kept, true))
                    }
                    None => {
                        let row = media_files::table
                            .filter(media_files::name.eq(&file.name))
                            .select(MediaFileRow::as_select())
                            .get_result(conn)
                            .map_err(storage)?;
                        Ok((row.try_into()?, false))
                    }
                }
            })
        })
        .await
    }

    async fn media_library(&self) -> RepoResult<Vec<LibraryEntry>> {
        self.run(|conn| {
            let rows = media_files::table
                .select(MediaFileRow::as_select())
                .order((media_files::uploaded_at.desc(), media_files::id.desc()))
                .load(conn)
                .map_err(storage)?;
            let mut uses = uses_by_url(conn, None)?;
            rows.into_iter()
                .map(|row| {
                    let file: MediaFile = row.try_into()?;
                    let uses = uses.remove(&file.url()).unwrap_or_default();
                    Ok(LibraryEntry { file, uses })
                })
                .collect()
        })
        .await
    }

    async fn delete_media_file(&self, name: &str, actor: Actor) -> Result<MediaFile, MediaDeleteError> {
        let name = name.to_owned();
        self.run(move |conn| {
            crate::refusable_transaction(conn, |conn| {
                let Some(row) = media_files::table
                    .filter(media_files::name.eq(&name))
                    .select(MediaFileRow::as_select())
                    .for_update()
                    .get_result(conn)
                    .optional()
                    .map_err(storage)?
                else {
                    return Ok(Err(MediaDeleteError::NotFound));
                };
                let file: MediaFile = row.try_into()?;
                let url = file.url();
                let uses = uses_by_url(conn, Some(&url))?.remove(&url).unwrap_or_default();
                if !uses.is_empty() {
                    return Ok(Err(MediaDeleteError::InUse(uses)));
                }
                diesel::delete(media_files::table.find(file.id)).execute(conn).map_err(storage)?;
                let summary = audit_summary(&NewMediaFile {
                    name: file.name.clone(),
                    kind: file.kind,
                    byte_size: file.byte_size,
                    width: file.width,
                    height: file.height,
                    original_name: file.original_name.clone(),
                });
                audit::record(
                    conn,
                    &actor,
                    AuditRecord {
                        entity: AuditEntity::MediaFile,
                        entity_id: Some(file.id),
                        action: AuditAction::Deleted,
                        summary: format!("Deleted {summary}"),
                    },
                )?;
                Ok(Ok(file))
            })
        })
        .await?
    }
}
