//! Intake forms and answers (issue 45, docs/decisions.md §22). The answers
//! table is read only here, by booking or by the guest's address: no booking
//! read, export, feed or mail joins it.

use std::collections::HashMap;

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;
use diesel::sql_types::{Date, Text, Timestamptz};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use domain::admin::Admin;
use domain::audit::{Actor, AuditAction, AuditEntity, AuditRecord};
use domain::booking::{Booking, ServiceKey};
use domain::intake::{
    Answer, CheckedAnswers, IntakeForm, IntakeSettings, KeptIntake, Question, QuestionKind, QuizField, Unwise,
};
use ports::{IntakeRepository, RepoError, RepoResult};

use crate::money::CorruptRow;
use crate::rows::AdminRow;
use crate::schema::{admin_users, intake_answers, intake_forms, intake_settings};
use crate::{PgStore, audit, storage, transaction};

/// A question as the `questions` column keeps it.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct StoredQuestion {
    id: String,
    kind: String,
    prompt: String,
    required: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    follow_up: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    options: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    review_when: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    unwise_when: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    unwise_reason: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    unwise_suggest: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    prefill: Option<String>,
}

/// A form as kept with an answer: its words as she read them.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct StoredForm {
    title: String,
    introduction: String,
    version: i32,
    questions: Vec<StoredQuestion>,
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct StoredAnswer {
    value: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    follow_up: Option<String>,
}

fn corrupt(what: &str) -> RepoError {
    RepoError::storage(CorruptRow(format!("intake {what}")))
}

fn stored_questions(questions: &[Question]) -> Vec<StoredQuestion> {
    questions
        .iter()
        .map(|q| StoredQuestion {
            id: q.id.clone(),
            kind: q.kind.as_str().to_owned(),
            prompt: q.prompt.clone(),
            required: q.required,
            follow_up: q.follow_up.clone(),
            options: q.options.clone(),
            review_when: q.review_when.clone(),
            unwise_when: q.unwise_when.clone(),
            unwise_reason: q.unwise.as_ref().map(|u| u.reason.clone()),
            unwise_suggest: q.unwise.as_ref().and_then(|u| u.suggest).map(|s| s.as_str().to_owned()),
            prefill: q.prefill.map(|p| p.as_str().to_owned()),
        })
        .collect()
}

fn questions_of(stored: Vec<StoredQuestion>) -> RepoResult<Vec<Question>> {
    stored
        .into_iter()
        .map(|q| {
            Ok(Question {
                kind: QuestionKind::from_text(&q.kind).ok_or_else(|| corrupt("question kind"))?,
                unwise: q.unwise_reason.map(|reason| Unwise {
                    reason,
                    suggest: q.unwise_suggest.as_deref().and_then(ServiceKey::from_text),
                }),
                prefill: q.prefill.as_deref().and_then(QuizField::from_text),
                id: q.id,
                prompt: q.prompt,
                required: q.required,
                follow_up: q.follow_up,
                options: q.options,
                review_when: q.review_when,
                unwise_when: q.unwise_when,
            })
        })
        .collect()
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = intake_forms, check_for_backend(diesel::pg::Pg))]
struct FormRow {
    service: String,
    title: String,
    introduction: String,
    questions: serde_json::Value,
    version: i32,
    updated_at: DateTime<Utc>,
}

fn form_of(row: FormRow) -> RepoResult<IntakeForm> {
    let stored: Vec<StoredQuestion> =
        serde_json::from_value(row.questions).map_err(|_| corrupt("questions"))?;
    Ok(IntakeForm {
        service: ServiceKey::from_text(&row.service).ok_or_else(|| corrupt("service"))?,
        title: row.title,
        introduction: row.introduction,
        questions: questions_of(stored)?,
        version: row.version,
        updated_at: row.updated_at,
    })
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = intake_answers, check_for_backend(diesel::pg::Pg))]
struct AnswerRow {
    id: Uuid,
    booking_id: Option<Uuid>,
    service: String,
    form: serde_json::Value,
    answers: serde_json::Value,
    signature: Option<String>,
    needs_review: bool,
    unchanged: bool,
    signed_at: DateTime<Utc>,
}

fn kept_of(row: AnswerRow) -> RepoResult<KeptIntake> {
    let service = ServiceKey::from_text(&row.service).ok_or_else(|| corrupt("service"))?;
    let form: StoredForm = serde_json::from_value(row.form).map_err(|_| corrupt("form"))?;
    let answers: std::collections::BTreeMap<String, StoredAnswer> =
        serde_json::from_value(row.answers).map_err(|_| corrupt("answers"))?;
    Ok(KeptIntake {
        id: row.id,
        booking: row.booking_id,
        service,
        form: IntakeForm {
            service,
            title: form.title,
            introduction: form.introduction,
            questions: questions_of(form.questions)?,
            version: form.version,
            updated_at: row.signed_at,
        },
        answers: answers
            .into_iter()
            .map(|(id, a)| (id, Answer { value: a.value, follow_up: a.follow_up }))
            .collect(),
        signature: row.signature,
        needs_review: row.needs_review,
        unchanged: row.unchanged,
        signed_at: row.signed_at,
    })
}

/// The services that ask a form.
pub(crate) fn forms_asked(conn: &mut PgConnection) -> RepoResult<Vec<ServiceKey>> {
    let keys: Vec<String> = intake_forms::table.select(intake_forms::service).load(conn).map_err(storage)?;
    Ok(keys.iter().filter_map(|key| ServiceKey::from_text(key)).collect())
}

/// Of `bookings`, those with answers kept.
pub(crate) fn answered(conn: &mut PgConnection, bookings: &[Uuid]) -> RepoResult<Vec<Uuid>> {
    let ids: Vec<Option<Uuid>> = intake_answers::table
        .filter(intake_answers::booking_id.eq_any(bookings))
        .select(intake_answers::booking_id)
        .distinct()
        .load(conn)
        .map_err(storage)?;
    Ok(ids.into_iter().flatten().collect())
}

/// Every kept intake of an address, oldest first (a guest's own data).
pub(crate) fn answers_of_address(conn: &mut PgConnection, email: &str) -> RepoResult<Vec<KeptIntake>> {
    intake_answers::table
        .filter(
            diesel::dsl::sql::<diesel::sql_types::Bool>("lower(email) = ")
                .bind::<Text, _>(email.to_lowercase()),
        )
        .order((intake_answers::signed_at.asc(), intake_answers::id.asc()))
        .select(AnswerRow::as_select())
        .load(conn)
        .map_err(storage)?
        .into_iter()
        .map(kept_of)
        .collect()
}

fn settings_of(conn: &mut PgConnection) -> RepoResult<IntakeSettings> {
    let (lock_hours, keep_months) = intake_settings::table
        .select((intake_settings::lock_hours, intake_settings::keep_months))
        .first::<(i32, i32)>(conn)
        .optional()
        .map_err(storage)?
        .unwrap_or((domain::intake::LOCK_HOURS_DEFAULT, domain::intake::KEEP_MONTHS_DEFAULT));
    Ok(IntakeSettings { lock_hours, keep_months })
}

fn latest_of(conn: &mut PgConnection, booking: Uuid) -> RepoResult<Option<KeptIntake>> {
    intake_answers::table
        .filter(intake_answers::booking_id.eq(booking))
        .order((intake_answers::signed_at.desc(), intake_answers::id.desc()))
        .select(AnswerRow::as_select())
        .first(conn)
        .optional()
        .map_err(storage)?
        .map(kept_of)
        .transpose()
}

fn form_summary(form: &IntakeForm) -> String {
    format!("“{}” for {}: {} questions", form.title, form.service.service_name(), form.questions.len())
}

#[async_trait]
impl IntakeRepository for PgStore {
    async fn forms(&self) -> RepoResult<Vec<IntakeForm>> {
        self.run(|conn| {
            intake_forms::table
                .order(intake_forms::service.asc())
                .select(FormRow::as_select())
                .load(conn)
                .map_err(storage)?
                .into_iter()
                .map(form_of)
                .collect()
        })
        .await
    }

    async fn form(&self, service: ServiceKey) -> RepoResult<Option<IntakeForm>> {
        self.run(move |conn| {
            intake_forms::table
                .find(service.as_str())
                .select(FormRow::as_select())
                .first(conn)
                .optional()
                .map_err(storage)?
                .map(form_of)
                .transpose()
        })
        .await
    }

    async fn save_form(&self, form: IntakeForm, actor: Actor) -> RepoResult<IntakeForm> {
        self.run(move |conn| {
            transaction(conn, |conn| {
                let questions = serde_json::to_value(stored_questions(&form.questions))
                    .map_err(|_| corrupt("questions"))?;
                let existed = intake_forms::table
                    .find(form.service.as_str())
                    .select(intake_forms::version)
                    .for_update()
                    .first::<i32>(conn)
                    .optional()
                    .map_err(storage)?;
                let row = diesel::insert_into(intake_forms::table)
                    .values((
                        intake_forms::service.eq(form.service.as_str()),
                        intake_forms::title.eq(&form.title),
                        intake_forms::introduction.eq(&form.introduction),
                        intake_forms::questions.eq(&questions),
                        intake_forms::version.eq(existed.map_or(1, |v| v + 1)),
                        intake_forms::updated_at.eq(form.updated_at),
                    ))
                    .on_conflict(intake_forms::service)
                    .do_update()
                    .set((
                        intake_forms::title.eq(&form.title),
                        intake_forms::introduction.eq(&form.introduction),
                        intake_forms::questions.eq(&questions),
                        intake_forms::version.eq(existed.map_or(1, |v| v + 1)),
                        intake_forms::updated_at.eq(form.updated_at),
                    ))
                    .returning(FormRow::as_returning())
                    .get_result(conn)
                    .map_err(storage)?;
                let saved = form_of(row)?;
                let action = if existed.is_some() { AuditAction::Updated } else { AuditAction::Created };
                audit::record(
                    conn,
                    &actor,
                    AuditRecord::new(AuditEntity::IntakeForm, None, action, &form_summary(&saved)),
                )?;
                Ok(saved)
            })
        })
        .await
    }

    async fn remove_form(&self, service: ServiceKey, actor: Actor) -> RepoResult<()> {
        self.run(move |conn| {
            transaction(conn, |conn| {
                let row = diesel::delete(intake_forms::table.find(service.as_str()))
                    .returning(FormRow::as_returning())
                    .get_result(conn)
                    .optional()
                    .map_err(storage)?
                    .ok_or(RepoError::NotFound)?;
                let removed = form_of(row)?;
                audit::record(
                    conn,
                    &actor,
                    AuditRecord::new(
                        AuditEntity::IntakeForm,
                        None,
                        AuditAction::Deleted,
                        &form_summary(&removed),
                    ),
                )
            })
        })
        .await
    }

    async fn settings(&self) -> RepoResult<IntakeSettings> {
        self.run(settings_of).await
    }

    async fn save_settings(&self, settings: IntakeSettings, actor: Actor) -> RepoResult<IntakeSettings> {
        self.run(move |conn| {
            transaction(conn, |conn| {
                let before = settings_of(conn)?;
                diesel::update(intake_settings::table)
                    .set((
                        intake_settings::lock_hours.eq(settings.lock_hours),
                        intake_settings::keep_months.eq(settings.keep_months),
                    ))
                    .execute(conn)
                    .map_err(storage)?;
                let summary = format!(
                    "Intake settings: forms lock {} → {} hours before the visit; answers kept {} → {} months",
                    before.lock_hours, settings.lock_hours, before.keep_months, settings.keep_months
                );
                audit::record(
                    conn,
                    &actor,
                    AuditRecord::new(AuditEntity::IntakeForm, None, AuditAction::Updated, &summary),
                )?;
                settings_of(conn)
            })
        })
        .await
    }

    async fn latest(&self, booking: Uuid) -> RepoResult<Option<KeptIntake>> {
        self.run(move |conn| latest_of(conn, booking)).await
    }

    async fn previous(&self, email: &str, service: ServiceKey) -> RepoResult<Option<KeptIntake>> {
        let email = email.trim().to_lowercase();
        self.run(move |conn| {
            intake_answers::table
                .filter(diesel::dsl::sql::<diesel::sql_types::Bool>("lower(email) = ").bind::<Text, _>(email))
                .filter(intake_answers::service.eq(service.as_str()))
                .order((intake_answers::signed_at.desc(), intake_answers::id.desc()))
                .select(AnswerRow::as_select())
                .first(conn)
                .optional()
                .map_err(storage)?
                .map(kept_of)
                .transpose()
        })
        .await
    }

    async fn keep(
        &self,
        booking: &Booking,
        form: &IntakeForm,
        answers: CheckedAnswers,
        unchanged: bool,
        now: DateTime<Utc>,
    ) -> RepoResult<KeptIntake> {
        let stored_form = StoredForm {
            title: form.title.clone(),
            introduction: form.introduction.clone(),
            version: form.version,
            questions: stored_questions(&form.questions),
        };
        let form_json = serde_json::to_value(stored_form).map_err(|_| corrupt("form"))?;
        let stored: std::collections::BTreeMap<&String, StoredAnswer> = answers
            .answers
            .iter()
            .map(|(id, a)| (id, StoredAnswer { value: a.value.clone(), follow_up: a.follow_up.clone() }))
            .collect();
        let answers_json = serde_json::to_value(stored).map_err(|_| corrupt("answers"))?;
        let (booking_id, email, service) = (booking.id, booking.email.clone(), booking.service);
        self.run(move |conn| {
            let row = diesel::insert_into(intake_answers::table)
                .values((
                    intake_answers::id.eq(Uuid::new_v4()),
                    intake_answers::booking_id.eq(booking_id),
                    intake_answers::email.eq(&email),
                    intake_answers::service.eq(service.as_str()),
                    intake_answers::form.eq(&form_json),
                    intake_answers::answers.eq(&answers_json),
                    intake_answers::signature.eq(&answers.signature),
                    intake_answers::needs_review.eq(answers.needs_review),
                    intake_answers::unchanged.eq(unchanged),
                    intake_answers::signed_at.eq(now),
                ))
                .returning(AnswerRow::as_returning())
                .get_result(conn)
                .map_err(storage)?;
            kept_of(row)
        })
        .await
    }

    async fn reviews(&self, bookings: &[Uuid]) -> RepoResult<HashMap<Uuid, bool>> {
        let ids = bookings.to_vec();
        self.run(move |conn| {
            let rows: Vec<(Option<Uuid>, bool)> = intake_answers::table
                .filter(intake_answers::booking_id.eq_any(&ids))
                .distinct_on(intake_answers::booking_id)
                .order((
                    intake_answers::booking_id,
                    intake_answers::signed_at.desc(),
                    intake_answers::id.desc(),
                ))
                .select((intake_answers::booking_id, intake_answers::needs_review))
                .load(conn)
                .map_err(storage)?;
            Ok(rows.into_iter().filter_map(|(id, review)| Some((id?, review))).collect())
        })
        .await
    }

    async fn read(&self, booking: Uuid, actor: Actor) -> RepoResult<Option<KeptIntake>> {
        self.run(move |conn| {
            transaction(conn, |conn| {
                let kept = latest_of(conn, booking)?;
                if kept.is_some() {
                    let reference = domain::order::order_reference(booking);
                    audit::record(
                        conn,
                        &actor,
                        AuditRecord::new(
                            AuditEntity::IntakeAnswers,
                            Some(booking),
                            AuditAction::Opened,
                            &format!("Opened the intake answers of booking {reference}"),
                        ),
                    )?;
                }
                Ok(kept)
            })
        })
        .await
    }

    async fn purge(&self, since: NaiveDate, now: DateTime<Utc>) -> RepoResult<usize> {
        self.run(move |conn| {
            transaction(conn, |conn| {
                // Her last visit is her latest booking not cancelled (its last
                // day); answers of a guest with none since `since` go, and so
                // do those signed before it whose booking is gone.
                let deleted = diesel::sql_query(
                    "DELETE FROM intake_answers a WHERE a.signed_at < $2 AND NOT EXISTS ( \
                       SELECT 1 FROM bookings b WHERE lower(b.email) = lower(a.email) \
                       AND b.status <> 'cancelled' AND coalesce(b.check_out, b.date) >= $1)",
                )
                .bind::<Date, _>(since)
                .bind::<Timestamptz, _>(since.and_hms_opt(0, 0, 0).unwrap_or_default().and_utc())
                .execute(conn)
                .map_err(storage)?;
                diesel::update(intake_settings::table)
                    .set(intake_settings::purged_at.eq(now))
                    .execute(conn)
                    .map_err(storage)?;
                Ok(deleted)
            })
        })
        .await
    }

    async fn set_access(&self, member: Uuid, allowed: bool, actor: Actor) -> RepoResult<Admin> {
        self.run(move |conn| {
            transaction(conn, |conn| {
                let row: AdminRow = diesel::update(admin_users::table.find(member))
                    .set(admin_users::can_read_intake.eq(allowed))
                    .returning(AdminRow::as_returning())
                    .get_result(conn)
                    .optional()
                    .map_err(storage)?
                    .ok_or(RepoError::NotFound)?;
                let (admin, _) = row.split();
                let summary = format!(
                    "“{}”: may open guests' intake answers: {}",
                    admin.name,
                    if allowed { "yes" } else { "no" }
                );
                audit::record(
                    conn,
                    &actor,
                    AuditRecord::new(AuditEntity::TeamMember, Some(member), AuditAction::Updated, &summary),
                )?;
                Ok(admin)
            })
        })
        .await
    }
}

/// Marks that the demo's forms were offered once (the owner may remove them for good).
const DEMO_FORMS_MARKER: &str = "demo_intake_forms_loaded";

impl PgStore {
    /// Saves the demo's forms once per database, where the services have none.
    pub async fn load_demo_intake_forms_once(&self, forms: Vec<IntakeForm>) -> RepoResult<bool> {
        self.run(move |conn| {
            transaction(conn, |conn| {
                use crate::schema::app_settings;
                let marked = diesel::insert_into(app_settings::table)
                    .values((
                        app_settings::key.eq(DEMO_FORMS_MARKER),
                        app_settings::value.eq(Utc::now().to_rfc3339()),
                    ))
                    .on_conflict_do_nothing()
                    .execute(conn)
                    .map_err(storage)?;
                if marked == 0 {
                    return Ok(false);
                }
                for form in &forms {
                    let questions = serde_json::to_value(stored_questions(&form.questions))
                        .map_err(|_| corrupt("questions"))?;
                    diesel::insert_into(intake_forms::table)
                        .values((
                            intake_forms::service.eq(form.service.as_str()),
                            intake_forms::title.eq(&form.title),
                            intake_forms::introduction.eq(&form.introduction),
                            intake_forms::questions.eq(&questions),
                            intake_forms::updated_at.eq(form.updated_at),
                        ))
                        .on_conflict_do_nothing()
                        .execute(conn)
                        .map_err(storage)?;
                }
                Ok(true)
            })
        })
        .await
    }
}
