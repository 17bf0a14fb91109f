//! Intake and consent forms (issue 45, docs/decisions.md §22): the owner's
//! forms and settings, a guest's form on her booking's page, the screening
//! questions the booking dialog asks before a time is picked, and the
//! answers, opened only by members with the permission (each reading
//! audited). Answers never reach mail, exports, feeds or logs.

use std::collections::BTreeMap;

use actix_web::{HttpResponse, web};
use chrono::{DateTime, NaiveDateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use domain::booking::ServiceKey;
use domain::intake::{
    Answer, Answers, IntakeForm, IntakeSettings, KeptIntake, Question, QuestionKind, Unwise,
};
use http_common::{ApiError, ErrorBody, ErrorCode, ValidationErrors};
use ports::IntakeError;

use crate::extract::{AdminSession, JsonBody, OwnerSession};
use crate::routes::guest::invalid_link;
use crate::state::ApiState;
use crate::wire;

http_common::wire_enum! {
    /// A question's kind.
    IntakeQuestionKind mirrors domain::intake::QuestionKind {
        YesNo = "yes_no", Choice = "choice", Text = "text", Consent = "consent",
    }
}
http_common::wire_enum! {
    /// What the team is told of a booking's form.
    IntakeStatus mirrors domain::intake::IntakeStatus {
        Complete = "complete", NeedsReview = "needs_review", Missing = "missing",
    }
}
http_common::wire_enum! {
    /// A quiz answer that fills a question in advance.
    IntakePrefill mirrors domain::intake::QuizField {
        WellnessGoal = "wellness_goal", StressLevel = "stress_level", ExperienceType = "experience_type",
    }
}

/// A question, as the owner writes it and as the guest reads it.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IntakeQuestion {
    /// Stable within the form (letters, digits, `_`, `-`; at most 40).
    #[schema(max_length = 40, pattern = "^[A-Za-z0-9_-]{1,40}$")]
    pub id: String,
    pub kind: IntakeQuestionKind,
    #[schema(max_length = 300, pattern = r"^[^\u0000]*$")]
    pub prompt: String,
    #[serde(default)]
    pub required: bool,
    /// Yes/no: asked after a yes.
    #[serde(default)]
    #[schema(max_length = 300, pattern = r"^[^\u0000]*$")]
    pub follow_up: Option<String>,
    /// Choice: 2 to 12 distinct options.
    #[serde(default)]
    #[schema(max_items = 12)]
    pub options: Vec<String>,
    /// The answer ("yes", or an option) that needs the team's look.
    #[serde(default)]
    pub review_when: Option<String>,
    /// The answer ("yes", or an option) that makes the service unwise.
    #[serde(default)]
    pub unwise_when: Option<String>,
    /// What the guest is told then.
    #[serde(default)]
    #[schema(max_length = 300, pattern = r"^[^\u0000]*$")]
    pub unwise_reason: Option<String>,
    /// The service suggested instead.
    #[serde(default)]
    pub unwise_suggest: Option<wire::ServiceKey>,
    /// A quiz answer that fills it in advance (a choice whose options include the quiz's words).
    #[serde(default)]
    pub prefill: Option<IntakePrefill>,
}

impl From<&Question> for IntakeQuestion {
    fn from(q: &Question) -> Self {
        Self {
            id: q.id.clone(),
            kind: q.kind.into(),
            prompt: q.prompt.clone(),
            required: q.required,
            follow_up: q.follow_up.clone(),
            options: q.options.clone(),
            review_when: q.review_when.clone(),
            unwise_when: q.unwise_when.clone(),
            unwise_reason: q.unwise.as_ref().map(|u| u.reason.clone()),
            unwise_suggest: q.unwise.as_ref().and_then(|u| u.suggest).map(Into::into),
            prefill: q.prefill.map(Into::into),
        }
    }
}

/// A service's form.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IntakeFormView {
    pub service: wire::ServiceKey,
    pub title: String,
    pub introduction: String,
    pub questions: Vec<IntakeQuestion>,
    pub version: i32,
    pub updated_at: DateTime<Utc>,
}

impl From<&IntakeForm> for IntakeFormView {
    fn from(form: &IntakeForm) -> Self {
        Self {
            service: form.service.into(),
            title: form.title.clone(),
            introduction: form.introduction.clone(),
            questions: form.questions.iter().map(Into::into).collect(),
            version: form.version,
            updated_at: form.updated_at,
        }
    }
}

/// The owner's intake settings.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IntakeSettingsView {
    /// Forms lock this many hours before the visit (0 to 168).
    #[schema(minimum = 0, maximum = 168)]
    pub lock_hours: i32,
    /// Answers are deleted this many months after the guest's last visit (1 to 120).
    #[schema(minimum = 1, maximum = 120)]
    pub keep_months: i32,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IntakeForms {
    pub forms: Vec<IntakeFormView>,
    pub settings: IntakeSettingsView,
}

#[utoipa::path(get, path = "/api/admin/intake-forms", tag = "Intake forms", security(("bearer_auth" = [])),
    responses((status = 200, description = "Every service's form, and the settings", body = IntakeForms)))]
pub async fn forms(
    _admin: AdminSession,
    state: web::Data<ApiState>,
) -> Result<web::Json<IntakeForms>, ApiError> {
    let repo = state.intake.repo();
    let forms = repo.forms().await?;
    let settings = repo.settings().await?;
    Ok(web::Json(IntakeForms {
        forms: forms.iter().map(Into::into).collect(),
        settings: IntakeSettingsView { lock_hours: settings.lock_hours, keep_months: settings.keep_months },
    }))
}

/// A form as the owner saves it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IntakeFormInput {
    #[serde(default)]
    #[schema(required = true, max_length = 300, pattern = r"^[^\u0000]*$")]
    pub title: String,
    #[serde(default)]
    #[schema(max_length = 2000, pattern = r"^[^\u0000]*$")]
    pub introduction: String,
    #[serde(default)]
    #[schema(required = true, min_items = 1, max_items = 30)]
    pub questions: Vec<IntakeQuestion>,
}

/// Whether a text may be kept: no NUL, which no PostgreSQL text (or JSON
/// value) can hold; the API's other texts refuse it alike.
fn without_nul(text: &str) -> bool {
    !text.contains('\0')
}

/// The service a path names; anything else is not an id of this API (400 `invalid_id`).
fn service_of(key: &str) -> Result<ServiceKey, ApiError> {
    ServiceKey::from_text(key).ok_or_else(|| {
        ApiError::new(ErrorCode::InvalidId, "The service must be massage, spa, package or accommodation.")
    })
}

fn question_of(input: IntakeQuestion) -> Question {
    let trim = |text: Option<String>| text.map(|t| t.trim().to_owned()).filter(|t| !t.is_empty());
    let unwise = trim(input.unwise_reason)
        .map(|reason| Unwise { reason, suggest: input.unwise_suggest.map(Into::into) });
    let kind: QuestionKind = input.kind.into();
    // Options belong to a choice and a follow-up to a yes/no: elsewhere they are dropped.
    let options = match kind {
        QuestionKind::Choice => input.options.into_iter().map(|o| o.trim().to_owned()).collect(),
        _ => Vec::new(),
    };
    Question {
        id: input.id.trim().to_owned(),
        kind,
        prompt: input.prompt.trim().to_owned(),
        required: input.required,
        follow_up: trim(input.follow_up).filter(|_| kind == QuestionKind::YesNo),
        options,
        review_when: trim(input.review_when),
        unwise_when: trim(input.unwise_when),
        unwise,
        prefill: input.prefill.map(Into::into),
    }
}

#[utoipa::path(put, path = "/api/admin/intake-forms/{service}", tag = "Intake forms", request_body = IntakeFormInput,
    params(("service" = wire::ServiceKey, Path, description = "The service the form is for")),
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Saved as a new version (answers kept stay with the form they answered); audited",
            body = IntakeFormView),
        (status = 400, description = "The form breaks a rule (`title`, `questions`, `questions[2]`…), or the path \
            names no service (`invalid_id`)", body = ErrorBody),
        (status = 403, description = "Only an owner sets up forms", body = ErrorBody)))]
pub async fn save_form(
    owner: OwnerSession,
    state: web::Data<ApiState>,
    service: web::Path<String>,
    input: JsonBody<IntakeFormInput>,
) -> Result<web::Json<IntakeFormView>, ApiError> {
    let service = service_of(&service)?;
    let input = input.into_inner();
    let questions: Vec<Question> = input.questions.into_iter().map(question_of).collect();
    let form = IntakeForm {
        service,
        title: input.title.trim().to_owned(),
        introduction: input.introduction.trim().to_owned(),
        questions,
        version: 0,
        updated_at: state.clock.now(),
    };
    let id_rule = |q: &Question| {
        q.id.len() <= 40 && q.id.chars().all(|c| c.is_ascii_alphanumeric() || "_-".contains(c))
    };
    if let Some(i) = form.questions.iter().position(|q| !id_rule(q)) {
        let mut errors = ValidationErrors::new();
        errors.add_named(format!("questions[{i}].id"), "Use letters, digits, _ and - (at most 40).");
        return Err(errors.into());
    }
    let texts = std::iter::once(&form.title).chain(std::iter::once(&form.introduction)).chain(
        form.questions.iter().flat_map(|q| {
            std::iter::once(&q.prompt)
                .chain(q.follow_up.iter())
                .chain(q.options.iter())
                .chain(q.review_when.iter())
                .chain(q.unwise_when.iter())
                .chain(q.unwise.iter().map(|u| &u.reason))
        }),
    );
    if texts.into_iter().any(|text| !without_nul(text)) {
        return Err(
            ValidationErrors::single("questions", "Please remove control characters from the form.").into()
        );
    }
    if form.introduction.chars().count() > 2000 {
        return Err(ValidationErrors::single(
            "introduction",
            "Please keep the introduction under 2,000 characters.",
        )
        .into());
    }
    if let Err(error) = form.check() {
        use domain::intake::FormError as E;
        let field = match &error {
            E::Title => "title".to_owned(),
            E::QuestionCount => "questions".to_owned(),
            E::Prompt(i) | E::DuplicateId(i) | E::Options(i) | E::Flag(i) | E::Consent(i) => {
                format!("questions[{i}]")
            }
        };
        let mut errors = ValidationErrors::new();
        errors.add_named(field, error.to_string());
        return Err(errors.into());
    }
    let saved = state.intake.repo().save_form(form, owner.actor()).await?;
    Ok(web::Json((&saved).into()))
}

#[utoipa::path(delete, path = "/api/admin/intake-forms/{service}", tag = "Intake forms",
    params(("service" = wire::ServiceKey, Path, description = "The service")),
    security(("bearer_auth" = [])),
    responses(
        (status = 204, description = "The service asks no form any more (answers kept stay); audited"),
        (status = 400, description = "Not a service (`invalid_id`)", body = ErrorBody),
        (status = 403, description = "Only an owner removes forms", body = ErrorBody),
        (status = 404, description = "The service has no form", body = ErrorBody)))]
pub async fn remove_form(
    owner: OwnerSession,
    state: web::Data<ApiState>,
    service: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let service = service_of(&service)?;
    state.intake.repo().remove_form(service, owner.actor()).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// The owner's intake settings, as saved.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IntakeSettingsInput {
    /// Forms lock this many hours before the visit (0 to 168).
    #[serde(default)]
    #[schema(required = true, value_type = i32, minimum = 0, maximum = 168)]
    pub lock_hours: Option<serde_json::Value>,
    /// Answers are deleted this many months after the guest's last visit (1 to 120).
    #[serde(default)]
    #[schema(required = true, value_type = i32, minimum = 1, maximum = 120)]
    pub keep_months: Option<serde_json::Value>,
}

#[utoipa::path(put, path = "/api/admin/intake-settings", tag = "Intake forms", request_body = IntakeSettingsInput,
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Saved; audited", body = IntakeSettingsView),
        (status = 400, description = "Out of range (`lockHours` 0–168, `keepMonths` 1–120)", body = ErrorBody),
        (status = 403, description = "Only an owner changes them", body = ErrorBody)))]
pub async fn save_settings(
    owner: OwnerSession,
    state: web::Data<ApiState>,
    input: JsonBody<IntakeSettingsInput>,
) -> Result<web::Json<IntakeSettingsView>, ApiError> {
    let input = input.into_inner();
    let mut errors = ValidationErrors::new();
    // A whole number, as JSON may write it ("12" or "12.0").
    let whole = |value: Option<&serde_json::Value>| {
        value.and_then(|v| wire::whole_number(v).ok().flatten()).and_then(|n| i32::try_from(n).ok())
    };
    let lock_hours =
        whole(input.lock_hours.as_ref()).filter(|h| (0..=domain::intake::LOCK_HOURS_MAX).contains(h));
    if lock_hours.is_none() {
        errors.add("lockHours", "Between 0 and 168 hours.".to_owned());
    }
    let months = domain::intake::KEEP_MONTHS_MIN..=domain::intake::KEEP_MONTHS_MAX;
    let keep_months = whole(input.keep_months.as_ref()).filter(|m| months.contains(m));
    if keep_months.is_none() {
        errors.add("keepMonths", "Between 1 and 120 months.".to_owned());
    }
    let (Some(lock_hours), Some(keep_months)) = (lock_hours, keep_months) else { return Err(errors.into()) };
    let settings = IntakeSettings { lock_hours, keep_months };
    let saved = state.intake.repo().save_settings(settings, owner.actor()).await?;
    // The privacy page states how long answers are kept.
    state.catalogue.changed();
    Ok(web::Json(IntakeSettingsView { lock_hours: saved.lock_hours, keep_months: saved.keep_months }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ScreeningQuery {
    #[param(required = true, value_type = wire::ServiceKey)]
    pub service: Option<String>,
}

/// A question asked before a time is picked: an answer that makes the
/// service unwise, what she is told, and the service that suits.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScreeningQuestion {
    pub id: String,
    pub prompt: String,
    /// "yes", or an option.
    pub unwise_when: String,
    pub options: Vec<String>,
    pub kind: IntakeQuestionKind,
    pub reason: String,
    pub suggest: Option<wire::ServiceKey>,
}

#[utoipa::path(get, path = "/api/intake-screening", tag = "Intake forms", params(ScreeningQuery),
    responses(
        (status = 200, description = "The service form's questions whose answer makes it unwise (none: an empty list)",
            body = [ScreeningQuestion]),
        (status = 400, description = "No such service (`service`)", body = ErrorBody)))]
pub async fn screening(
    state: web::Data<ApiState>,
    query: web::Query<ScreeningQuery>,
) -> Result<web::Json<Vec<ScreeningQuestion>>, ApiError> {
    let service = query
        .into_inner()
        .service
        .as_deref()
        .and_then(ServiceKey::from_text)
        .ok_or_else(|| ValidationErrors::single("service", wire::messages::SERVICE_REQUIRED))?;
    let form = state.intake.repo().form(service).await?;
    let questions = form.iter().flat_map(|f| &f.questions).filter_map(|q| {
        Some(ScreeningQuestion {
            id: q.id.clone(),
            prompt: q.prompt.clone(),
            unwise_when: q.unwise_when.clone()?,
            options: q.options.clone(),
            kind: q.kind.into(),
            reason: q.unwise.as_ref()?.reason.clone(),
            suggest: q.unwise.as_ref()?.suggest.map(Into::into),
        })
    });
    Ok(web::Json(questions.collect()))
}

/// One answer.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IntakeAnswer {
    /// "yes"/"no", an option, a text (at most 500), or "agreed" for the consent.
    #[serde(default)]
    #[schema(max_length = 500, pattern = r"^[^\u0000]*$")]
    pub value: String,
    /// The follow-up's words, after a yes.
    #[serde(default)]
    #[schema(max_length = 500, pattern = r"^[^\u0000]*$")]
    pub follow_up: Option<String>,
}

/// Kept answers, with the form as it was answered.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IntakeAnswersView {
    pub form: IntakeFormView,
    pub answers: BTreeMap<String, IntakeAnswer>,
    /// The name typed to sign the consent.
    pub signature: Option<String>,
    pub signed_at: DateTime<Utc>,
    pub needs_review: bool,
    /// She kept her earlier answers ("nothing has changed").
    pub unchanged: bool,
}

pub(crate) fn answers_view(kept: &KeptIntake) -> IntakeAnswersView {
    IntakeAnswersView {
        form: (&kept.form).into(),
        answers: kept
            .answers
            .iter()
            .map(|(id, a)| {
                (id.clone(), IntakeAnswer { value: a.value.clone(), follow_up: a.follow_up.clone() })
            })
            .collect(),
        signature: kept.signature.clone(),
        signed_at: kept.signed_at,
        needs_review: kept.needs_review,
        unchanged: kept.unchanged,
    }
}

/// A booking's form as its guest sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GuestIntakeView {
    /// The form to fill in; null when the service asks none.
    pub form: Option<IntakeFormView>,
    /// What she kept for this booking.
    pub answers: Option<IntakeAnswersView>,
    /// Her answers from an earlier visit, to confirm ("nothing has changed") or edit.
    pub previous: Option<IntakeAnswersView>,
    /// When it locks, the retreat's local time (yyyy-MM-ddTHH:mm:ss).
    pub locks_at: Option<NaiveDateTime>,
    pub locked: bool,
}

async fn guest_booking(state: &ApiState, token: &str) -> Result<domain::booking::Booking, ApiError> {
    let id = state.mail.links.verify_booking(token).ok_or_else(invalid_link)?;
    state.calendar_store.get_booking(id).await.map_err(|_| invalid_link())
}

#[utoipa::path(get, path = "/api/guest/bookings/{token}/intake", tag = "Guest",
    params(("token" = String, Path, description = "The signed link's token", max_length = 2048)),
    responses(
        (status = 200, description = "Her booking's form, what she answered, and her earlier answers", body = GuestIntakeView),
        (status = 404, description = "The link is tampered with or has expired (`invalid_link`)", body = ErrorBody)))]
pub async fn guest_intake(
    state: web::Data<ApiState>,
    token: web::Path<String>,
) -> Result<web::Json<GuestIntakeView>, ApiError> {
    let booking = guest_booking(&state, &token).await?;
    let view = match state.intake.for_guest(&booking).await? {
        None => GuestIntakeView { form: None, answers: None, previous: None, locks_at: None, locked: false },
        Some(guest) => GuestIntakeView {
            form: Some((&guest.form).into()),
            answers: guest.latest.as_ref().map(answers_view),
            previous: guest.previous.as_ref().map(answers_view),
            locks_at: Some(guest.locks_at),
            locked: guest.locked,
        },
    };
    Ok(web::Json(view))
}

/// Her answers.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IntakeInput {
    /// By question id.
    #[serde(default)]
    pub answers: BTreeMap<String, IntakeAnswer>,
    /// Her full name, typed to sign the consent.
    #[serde(default)]
    #[schema(max_length = 120, pattern = r"^[^\u0000]*$")]
    pub signature: Option<String>,
    /// Keep her last answers as they are ("nothing has changed").
    #[serde(default)]
    pub unchanged: bool,
}

#[utoipa::path(post, path = "/api/guest/bookings/{token}/intake", tag = "Guest", request_body = IntakeInput,
    params(("token" = String, Path, description = "The signed link's token", max_length = 2048)),
    responses(
        (status = 201, description = "Kept as signed (a later change is a new record; the latest counts)",
            body = IntakeAnswersView),
        (status = 400, description = "Answers that need another look (`answers.<id>`, `signature`)", body = ErrorBody),
        (status = 404, description = "The link is tampered with or has expired (`invalid_link`), or the service asks \
            no form", body = ErrorBody),
        (status = 409, description = "The form is locked before the visit (`intake_locked`), or it changed since the \
            answers she would keep (`conflict`)", body = ErrorBody)))]
pub async fn submit_intake(
    state: web::Data<ApiState>,
    token: web::Path<String>,
    input: JsonBody<IntakeInput>,
) -> Result<HttpResponse, ApiError> {
    let booking = guest_booking(&state, &token).await?;
    let input = input.into_inner();
    let typed = input
        .answers
        .values()
        .flat_map(|a| std::iter::once(&a.value).chain(a.follow_up.iter()))
        .chain(input.signature.iter());
    if typed.into_iter().any(|text| !without_nul(text)) {
        return Err(ValidationErrors::single(
            "answers",
            "Please remove control characters from your answers.",
        )
        .into());
    }
    let answers: Answers = input
        .answers
        .into_iter()
        .map(|(id, a)| (id, Answer { value: a.value, follow_up: a.follow_up }))
        .collect();
    match state.intake.submit(&booking, &answers, input.signature.as_deref(), input.unchanged).await {
        Ok(kept) => Ok(HttpResponse::Created().json(answers_view(&kept))),
        Err(IntakeError::NoForm) => Err(ApiError::new(ErrorCode::NotFound, IntakeError::NoForm.to_string())),
        Err(error @ IntakeError::Locked(_)) => Err(ApiError::new(ErrorCode::IntakeLocked, error.to_string())),
        Err(error @ IntakeError::FormChanged) => Err(ApiError::new(ErrorCode::Conflict, error.to_string())),
        Err(IntakeError::Invalid(errors)) => {
            let mut fields = ValidationErrors::new();
            for error in errors {
                let field =
                    error.question().map_or_else(|| "signature".to_owned(), |id| format!("answers.{id}"));
                fields.add_named(field, error.to_string());
            }
            Err(fields.into())
        }
        Err(IntakeError::Repo(error)) => Err(error.into()),
    }
}

pub const MAY_NOT_READ: &str =
    "Only team members an owner allowed to read intake answers can open them (Team → Intake answers).";

#[utoipa::path(get, path = "/api/admin/bookings/{id}/intake", tag = "Intake forms",
    params(("id" = Uuid, Path, description = "The booking")),
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Her latest answers, as signed; the reading is audited", body = IntakeAnswersView),
        (status = 403, description = "The member may not read intake answers", body = ErrorBody),
        (status = 404, description = "No answers kept for this booking", body = ErrorBody)))]
pub async fn booking_intake(
    admin: AdminSession,
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
) -> Result<web::Json<IntakeAnswersView>, ApiError> {
    if !admin.0.can_read_intake {
        return Err(ApiError::new(ErrorCode::Forbidden, MAY_NOT_READ));
    }
    let kept = state
        .intake
        .repo()
        .read(*id, admin.actor())
        .await?
        .ok_or_else(|| ApiError::new(ErrorCode::NotFound, "No answers are kept for this booking."))?;
    Ok(web::Json(answers_view(&kept)))
}

/// Whether a member may open guests' intake answers.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IntakeAccessInput {
    #[serde(default)]
    #[schema(required = true, value_type = bool)]
    pub can_read_intake: Option<bool>,
}

#[utoipa::path(put, path = "/api/admin/team/{id}/intake-access", tag = "Team", request_body = IntakeAccessInput,
    params(("id" = Uuid, Path, description = "The member (an owner may give it to themselves)")),
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Changed; audited", body = crate::routes::sign_in::Admin),
        (status = 403, description = "Only an owner gives it", body = ErrorBody),
        (status = 404, description = "No such member", body = ErrorBody)))]
pub async fn set_access(
    owner: OwnerSession,
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
    input: JsonBody<IntakeAccessInput>,
) -> Result<web::Json<crate::routes::sign_in::Admin>, ApiError> {
    let allowed = input.into_inner().can_read_intake.ok_or_else(|| {
        ValidationErrors::single("canReadIntake", "Say whether they may (true) or not (false).")
    })?;
    let admin = state.intake.repo().set_access(*id, allowed, owner.actor()).await?;
    Ok(web::Json(admin.into()))
}
