//! The audit trail: rows written inside each admin write's transaction
//! (`record`), and read back for the Activity view.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use uuid::Uuid;

use domain::audit::{Actor, AuditAction, AuditEntity, AuditEntry, AuditQuery, AuditRecord, MAX_AUDIT_PAGE};
use domain::paging::{Cursor, Page};
use ports::{AuditRepository, RepoError, RepoResult};

use crate::paging;
use crate::schema::audit_log;
use crate::{PgStore, storage};

/// Writes `record` by `actor` in the caller's transaction: it commits with
/// the change, or not at all.
pub(crate) fn record(conn: &mut PgConnection, actor: &Actor, record: AuditRecord) -> RepoResult<()> {
    diesel::insert_into(audit_log::table)
        .values((
            audit_log::actor_id.eq(actor.admin_id),
            audit_log::actor.eq(&actor.email),
            audit_log::entity.eq(record.entity.as_str()),
            audit_log::entity_id.eq(record.entity_id),
            audit_log::action.eq(record.action.as_str()),
            audit_log::summary.eq(&record.summary),
        ))
        .execute(conn)
        .map_err(storage)?;
    Ok(())
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = audit_log)]
struct AuditRow {
    id: Uuid,
    at: DateTime<Utc>,
    actor_id: Option<Uuid>,
    actor: String,
    entity: String,
    entity_id: Option<Uuid>,
    action: String,
    summary: String,
}

impl TryFrom<AuditRow> for AuditEntry {
    type Error = RepoError;

    fn try_from(row: AuditRow) -> RepoResult<Self> {
        let corrupt = |text: &str| RepoError::storage(crate::money::CorruptRow(text.to_owned()));
        Ok(AuditEntry {
            id: row.id,
            at: row.at,
            actor_id: row.actor_id,
            actor: row.actor,
            entity: AuditEntity::from_text(&row.entity).ok_or_else(|| corrupt(&row.entity))?,
            entity_id: row.entity_id,
            action: AuditAction::from_text(&row.action).ok_or_else(|| corrupt(&row.action))?,
            summary: row.summary,
        })
    }
}

#[async_trait]
impl AuditRepository for PgStore {
    async fn list_activity(&self, query: AuditQuery) -> RepoResult<Page<AuditEntry>> {
        self.run(move |conn| {
            let mut select = audit_log::table.select(AuditRow::as_select()).into_boxed();
            if let Some(actor) = &query.actor {
                select = select.filter(audit_log::actor.eq(actor.clone()));
            }
            if let Some(entity) = query.entity {
                select = select.filter(audit_log::entity.eq(entity.as_str()));
            }
            if let Some(from) = query.from {
                select = select.filter(audit_log::at.ge(from));
            }
            if let Some(until) = query.until {
                select = select.filter(audit_log::at.lt(until));
            }
            if let Some(start) = paging::start_by::<audit_log::table>("audit_log", "at", query.start) {
                select = select.filter(start);
            }
            select = if paging::newest_first(query.start) {
                select.order((audit_log::at.desc(), audit_log::id.desc()))
            } else {
                select.order((audit_log::at.asc(), audit_log::id.asc()))
            };
            let size = query.limit.clamp(1, MAX_AUDIT_PAGE);
            let rows = select.limit(size + 1).load(conn).map_err(storage)?;
            let page = Page::from_rows(rows, query.start, size, None, |row: &AuditRow| Cursor {
                at: row.at,
                id: row.id,
            });
            Ok(Page {
                items: page.items.into_iter().map(AuditEntry::try_from).collect::<RepoResult<_>>()?,
                next: page.next,
                previous: page.previous,
                total: None,
            })
        })
        .await
    }

    async fn activity_actors(&self) -> RepoResult<Vec<String>> {
        #[derive(QueryableByName)]
        struct ActorRow {
            #[diesel(sql_type = diesel::sql_types::Text)]
            actor: String,
        }
        // From one actor to the next through `audit_log_actor_idx`: a step
        // per person, however long the trail (a plain DISTINCT reads it all).
        const ACTORS: &str = "WITH RECURSIVE actors(actor) AS (
                (SELECT actor FROM audit_log ORDER BY actor LIMIT 1)
                UNION ALL
                SELECT (SELECT a.actor FROM audit_log a WHERE a.actor > actors.actor ORDER BY a.actor LIMIT 1)
                FROM actors WHERE actors.actor IS NOT NULL)
            SELECT actor FROM actors WHERE actor IS NOT NULL";
        self.run(|conn| {
            let rows: Vec<ActorRow> = diesel::sql_query(ACTORS).load(conn).map_err(storage)?;
            Ok(rows.into_iter().map(|row| row.actor).collect())
        })
        .await
    }
}
