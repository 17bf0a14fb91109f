//! Intake and consent forms (issue 45, docs/decisions.md §22 "Intake
//! forms"): the owner's form per service, a guest's answers checked against
//! it, what the team sees of them (complete, needs review, missing), when a
//! form locks before the visit, and when answers are deleted.
//!
//! Answers are health data: they live apart from bookings, and nothing here
//! turns them into text for mail, exports, feeds, logs or the audit trail.

use std::collections::BTreeMap;

use chrono::{DateTime, Duration, NaiveDate, NaiveDateTime, Utc};
use uuid::Uuid;

use crate::booking::ServiceKey;

crate::text_enum! {
    /// The kinds of question a form is made of.
    QuestionKind {
        /// Yes or no, with an optional follow-up asked when she says yes.
        YesNo,
        /// One of the owner's options.
        Choice,
        /// A short free answer.
        Text,
        /// A statement she agrees to by typing her name (the form's signature and date).
        Consent,
    }
}

crate::text_enum! {
    /// What the team is told of a booking's form.
    IntakeStatus {
        /// Answered, nothing flagged.
        Complete,
        /// Answered, and an answer the owner flagged needs a look before the visit.
        NeedsReview,
        /// The service has a form and she has not filled it in.
        Missing,
    }
}

crate::text_enum! {
    /// A quiz answer that may fill a question in advance.
    QuizField {
        #[strum(serialize = "wellness_goal")] WellnessGoal,
        #[strum(serialize = "stress_level")] StressLevel,
        #[strum(serialize = "experience_type")] ExperienceType,
    }
}

/// The most questions a form has, options a choice has, and characters of a text.
pub const MAX_QUESTIONS: usize = 30;
pub const MAX_OPTIONS: usize = 12;
pub const MAX_PROMPT: usize = 300;
pub const MAX_ANSWER: usize = 500;
/// The owner's settings' bounds and defaults.
pub const LOCK_HOURS_DEFAULT: i32 = 12;
pub const LOCK_HOURS_MAX: i32 = 168;
pub const KEEP_MONTHS_DEFAULT: i32 = 24;
pub const KEEP_MONTHS_MIN: i32 = 1;
pub const KEEP_MONTHS_MAX: i32 = 120;

/// An answer that makes the service unwise: the guest is told before she
/// picks a time, and offered the service that suits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unwise {
    /// What she is told ("Deep pressure is not advised during pregnancy.").
    pub reason: String,
    /// The service suggested instead, if any.
    pub suggest: Option<ServiceKey>,
}

/// One question of a form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Question {
    /// Stable within the form ("q1"); answers are kept by it.
    pub id: String,
    pub kind: QuestionKind,
    pub prompt: String,
    pub required: bool,
    /// Yes/no: asked when she answers yes ("Which medication?").
    pub follow_up: Option<String>,
    /// Choice: the options, in order.
    pub options: Vec<String>,
    /// The answer that needs the team's look: "yes", or an option.
    pub review_when: Option<String>,
    /// The answer ("yes", or an option) that makes the service unwise.
    pub unwise_when: Option<String>,
    pub unwise: Option<Unwise>,
    /// A quiz answer that fills it in advance (a choice whose options include the quiz's words).
    pub prefill: Option<QuizField>,
}

/// The owner's form for one service.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IntakeForm {
    pub service: ServiceKey,
    pub title: String,
    pub introduction: String,
    pub questions: Vec<Question>,
    /// Raised on each save, so a kept answer says which form it answered.
    pub version: i32,
    pub updated_at: DateTime<Utc>,
}

/// The owner's settings: when forms lock, and how long answers are kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IntakeSettings {
    /// Hours before the visit after which her form can no longer change.
    pub lock_hours: i32,
    /// Months after her last visit after which her answers are deleted.
    pub keep_months: i32,
}

impl Default for IntakeSettings {
    fn default() -> Self {
        Self { lock_hours: LOCK_HOURS_DEFAULT, keep_months: KEEP_MONTHS_DEFAULT }
    }
}

/// Why a form as the owner wrote it cannot be saved, and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FormError {
    #[error("A form needs a title.")]
    Title,
    #[error("A form has 1 to {MAX_QUESTIONS} questions.")]
    QuestionCount,
    #[error("Each question needs its words (at most {MAX_PROMPT} characters).")]
    Prompt(usize),
    #[error("Two questions have the same id.")]
    DuplicateId(usize),
    #[error("A choice needs 2 to {MAX_OPTIONS} different options.")]
    Options(usize),
    #[error("A flag names an answer the question cannot have.")]
    Flag(usize),
    #[error("A form has at most one consent statement, and it comes last.")]
    Consent(usize),
}

impl IntakeForm {
    /// The form's rules: a title; 1 to 30 questions with words and unique
    /// ids; choices with 2 to 12 distinct options; flags naming an answer
    /// the question can have; at most one consent, last.
    pub fn check(&self) -> Result<(), FormError> {
        if self.title.trim().is_empty() || self.title.chars().count() > MAX_PROMPT {
            return Err(FormError::Title);
        }
        if self.questions.is_empty() || self.questions.len() > MAX_QUESTIONS {
            return Err(FormError::QuestionCount);
        }
        let mut ids = std::collections::HashSet::new();
        let last = self.questions.len() - 1;
        for (i, q) in self.questions.iter().enumerate() {
            let prompt = q.prompt.trim();
            if prompt.is_empty() || prompt.chars().count() > MAX_PROMPT || q.id.trim().is_empty() {
                return Err(FormError::Prompt(i));
            }
            if !ids.insert(q.id.as_str()) {
                return Err(FormError::DuplicateId(i));
            }
            if q.kind == QuestionKind::Choice {
                let distinct: std::collections::HashSet<&str> = q.options.iter().map(|o| o.trim()).collect();
                let empty = q.options.iter().any(|o| o.trim().is_empty() || o.chars().count() > MAX_PROMPT);
                if q.options.len() < 2
                    || q.options.len() > MAX_OPTIONS
                    || distinct.len() != q.options.len()
                    || empty
                {
                    return Err(FormError::Options(i));
                }
            }
            for flag in [&q.review_when, &q.unwise_when].into_iter().flatten() {
                if !q.may_answer(flag) {
                    return Err(FormError::Flag(i));
                }
            }
            if q.unwise_when.is_some() != q.unwise.is_some() {
                return Err(FormError::Flag(i));
            }
            if q.kind == QuestionKind::Consent && i != last {
                return Err(FormError::Consent(i));
            }
        }
        Ok(())
    }

    /// The consent statement, if the form has one (it is signed).
    pub fn consent(&self) -> Option<&Question> {
        self.questions.iter().find(|q| q.kind == QuestionKind::Consent)
    }
}

impl Question {
    /// Whether `answer` is one this question can be given (for flags).
    fn may_answer(&self, answer: &str) -> bool {
        match self.kind {
            QuestionKind::YesNo => answer == YES || answer == NO,
            QuestionKind::Choice => self.options.iter().any(|o| o == answer),
            QuestionKind::Text | QuestionKind::Consent => false,
        }
    }
}

pub const YES: &str = "yes";
pub const NO: &str = "no";

/// One answer: for a yes/no "yes" or "no" (and the follow-up's words), an
/// option, a text, or "agreed" for the consent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    pub value: String,
    pub follow_up: Option<String>,
}

/// A guest's answers, by question id.
pub type Answers = BTreeMap<String, Answer>;

/// Why answers cannot be kept, and for which question.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AnswerError {
    #[error("Please answer this question.")]
    Required(String),
    #[error("Please choose one of the answers offered.")]
    NotAnOption(String),
    #[error("Please keep this answer under {MAX_ANSWER} characters.")]
    TooLong(String),
    #[error("Please type your full name to sign.")]
    Signature,
    #[error("This question is not on the form.")]
    Unknown(String),
}

impl AnswerError {
    /// The question it is about (`None`: the signature).
    pub fn question(&self) -> Option<&str> {
        match self {
            AnswerError::Required(id)
            | AnswerError::NotAnOption(id)
            | AnswerError::TooLong(id)
            | AnswerError::Unknown(id) => Some(id),
            AnswerError::Signature => None,
        }
    }
}

/// Answers checked against the form, and signed when the form has a consent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedAnswers {
    pub answers: Answers,
    pub signature: Option<String>,
    /// An answer the owner flagged for review was given.
    pub needs_review: bool,
}

/// Checks `answers` and `signature` against `form`: every error at once.
pub fn check_answers(
    form: &IntakeForm,
    answers: &Answers,
    signature: Option<&str>,
) -> Result<CheckedAnswers, Vec<AnswerError>> {
    let mut errors = Vec::new();
    for id in answers.keys() {
        if !form.questions.iter().any(|q| &q.id == id) {
            errors.push(AnswerError::Unknown(id.clone()));
        }
    }
    let mut kept = Answers::new();
    for q in &form.questions {
        let given = answers.get(&q.id).filter(|a| !a.value.trim().is_empty());
        let Some(answer) = given else {
            if q.required || q.kind == QuestionKind::Consent {
                errors.push(AnswerError::Required(q.id.clone()));
            }
            continue;
        };
        let value = answer.value.trim().to_owned();
        let follow_up =
            answer.follow_up.as_deref().map(str::trim).filter(|t| !t.is_empty()).map(str::to_owned);
        let valid = match q.kind {
            QuestionKind::YesNo => value == YES || value == NO,
            QuestionKind::Choice => q.options.contains(&value),
            QuestionKind::Text => true,
            QuestionKind::Consent => value == AGREED,
        };
        if !valid {
            errors.push(AnswerError::NotAnOption(q.id.clone()));
            continue;
        }
        if value.chars().count() > MAX_ANSWER
            || follow_up.as_ref().is_some_and(|t| t.chars().count() > MAX_ANSWER)
        {
            errors.push(AnswerError::TooLong(q.id.clone()));
            continue;
        }
        // A follow-up is kept only where it was asked: after a yes.
        let follow_up = follow_up.filter(|_| q.kind == QuestionKind::YesNo && value == YES);
        kept.insert(q.id.clone(), Answer { value, follow_up });
    }
    let signature = signature.map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned);
    let signature = match (form.consent(), signature) {
        (Some(_), None) => {
            errors.push(AnswerError::Signature);
            None
        }
        (Some(_), Some(name)) if name.chars().count() < 2 || name.chars().count() > 120 => {
            errors.push(AnswerError::Signature);
            None
        }
        (Some(_), Some(name)) => Some(name),
        (None, _) => None,
    };
    if !errors.is_empty() {
        return Err(errors);
    }
    let needs_review = form.questions.iter().any(|q| {
        q.review_when.as_ref().is_some_and(|when| kept.get(&q.id).is_some_and(|a| &a.value == when))
    });
    Ok(CheckedAnswers { answers: kept, signature, needs_review })
}

/// The consent's answer.
pub const AGREED: &str = "agreed";

/// What the answers say about the service: the first unwise answer given.
pub fn unwise_answer<'a>(form: &'a IntakeForm, answers: &Answers) -> Option<&'a Unwise> {
    form.questions.iter().find_map(|q| {
        let when = q.unwise_when.as_ref()?;
        answers.get(&q.id).filter(|a| &a.value == when)?;
        q.unwise.as_ref()
    })
}

/// A guest's kept answers to a booking's form (never changed once kept: a
/// new submission is a new record, the latest counts).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeptIntake {
    pub id: Uuid,
    pub booking: Option<Uuid>,
    pub service: ServiceKey,
    /// The form as she answered it (its questions and version).
    pub form: IntakeForm,
    pub answers: Answers,
    pub signature: Option<String>,
    pub needs_review: bool,
    /// She kept her last answers ("nothing has changed").
    pub unchanged: bool,
    pub signed_at: DateTime<Utc>,
}

/// What the team is told of a booking's form, from whether its service has
/// a form and whether her latest answers need review (`None`: none kept).
/// Nothing when the service has no form and she answered none.
pub fn status_of(has_form: bool, latest_needs_review: Option<bool>) -> Option<IntakeStatus> {
    match (has_form, latest_needs_review) {
        (_, Some(true)) => Some(IntakeStatus::NeedsReview),
        (_, Some(false)) => Some(IntakeStatus::Complete),
        (true, None) => Some(IntakeStatus::Missing),
        (false, None) => None,
    }
}

/// When a visit's form locks: `lock_hours` before it begins (the
/// retreat's local times). After that her answers stay as they are, for the
/// therapist to read.
pub fn locks_at(visit_starts: NaiveDateTime, settings: IntakeSettings) -> NaiveDateTime {
    visit_starts - Duration::hours(i64::from(settings.lock_hours))
}

/// The last day of visits whose guests' answers are kept on `today`: a
/// guest whose last visit ended before it has her answers deleted.
pub fn keep_since(today: NaiveDate, settings: IntakeSettings) -> NaiveDate {
    today
        .checked_sub_months(chrono::Months::new(settings.keep_months.unsigned_abs()))
        .unwrap_or(NaiveDate::MIN)
}

/// The demo's forms, as a real therapist would recognise them.
pub fn demo_forms(now: DateTime<Utc>) -> Vec<IntakeForm> {
    let yes_no = |id: &str, prompt: &str, follow_up: Option<&str>, review: bool| Question {
        id: id.to_owned(),
        kind: QuestionKind::YesNo,
        prompt: prompt.to_owned(),
        required: true,
        follow_up: follow_up.map(str::to_owned),
        options: Vec::new(),
        review_when: review.then(|| YES.to_owned()),
        unwise_when: None,
        unwise: None,
        prefill: None,
    };
    let consent = |text: &str| Question {
        id: "consent".to_owned(),
        kind: QuestionKind::Consent,
        prompt: text.to_owned(),
        required: true,
        follow_up: None,
        options: Vec::new(),
        review_when: None,
        unwise_when: None,
        unwise: None,
        prefill: None,
    };
    let mut pregnant = yes_no("pregnant", "Are you pregnant?", Some("How many weeks?"), true);
    pregnant.unwise_when = Some(YES.to_owned());
    pregnant.unwise = Some(Unwise {
        reason:
            "Deep-tissue work is not advised during pregnancy. Our spa's gentle rituals suit this time well."
                .to_owned(),
        suggest: Some(ServiceKey::Spa),
    });
    let mut clots = yes_no(
        "clots",
        "Have you ever had a blood clot or deep-vein thrombosis (DVT)?",
        Some("Where, and when?"),
        true,
    );
    clots.unwise_when = Some(YES.to_owned());
    clots.unwise = Some(Unwise {
        reason:
            "Massage is not advised where a clot has been. Please ask your doctor first; our spa rituals \
                 may suit you instead."
                .to_owned(),
        suggest: Some(ServiceKey::Spa),
    });
    let pressure = Question {
        id: "pressure".to_owned(),
        kind: QuestionKind::Choice,
        prompt: "What pressure do you prefer?".to_owned(),
        required: true,
        follow_up: None,
        options: vec!["Light".to_owned(), "Medium".to_owned(), "Firm".to_owned()],
        review_when: None,
        unwise_when: None,
        unwise: None,
        prefill: None,
    };
    let focus = Question {
        id: "focus".to_owned(),
        kind: QuestionKind::Text,
        prompt: "Which areas would you like us to focus on, or avoid?".to_owned(),
        required: false,
        follow_up: None,
        options: Vec::new(),
        review_when: None,
        unwise_when: None,
        unwise: None,
        prefill: None,
    };
    let goal = Question {
        id: "goal".to_owned(),
        kind: QuestionKind::Choice,
        prompt: "What would you most like from this visit?".to_owned(),
        required: false,
        follow_up: None,
        options: vec![
            "Stress relief".to_owned(),
            "Physical healing".to_owned(),
            "Spiritual growth".to_owned(),
            "Self-care".to_owned(),
        ],
        review_when: None,
        unwise_when: None,
        unwise: None,
        prefill: Some(QuizField::WellnessGoal),
    };
    let massage = IntakeForm {
        service: ServiceKey::Massage,
        title: "Massage intake".to_owned(),
        introduction: "So your therapist can care for you safely, please answer a few questions before your \
                       massage. Only therapists who need them read your answers."
            .to_owned(),
        questions: vec![
            goal,
            pressure,
            focus,
            pregnant,
            clots,
            yes_no("blood_thinners", "Do you take blood thinners?", Some("Which medication?"), true),
            yes_no(
                "surgery",
                "Have you had surgery or an injury in the last six months?",
                Some("What, and when?"),
                true,
            ),
            yes_no("skin", "Do you have any skin condition, rash or open wound?", Some("Where?"), false),
            yes_no("allergies", "Are you allergic to any oils, nuts or fragrances?", Some("To what?"), false),
            consent(
                "I have answered truthfully and will tell my therapist of any change. I understand massage is \
                 not a substitute for medical care and that I may stop the session at any time.",
            ),
        ],
        version: 1,
        updated_at: now,
    };
    let spa = IntakeForm {
        service: ServiceKey::Spa,
        title: "Spa consent".to_owned(),
        introduction:
            "Our rituals use heat, mineral soaks and botanical oils. Please tell us what we should know."
                .to_owned(),
        questions: vec![
            yes_no(
                "heart",
                "Do you have a heart condition or high blood pressure?",
                Some("Please tell us more."),
                true,
            ),
            yes_no("pregnant", "Are you pregnant?", Some("How many weeks?"), true),
            yes_no("allergies", "Are you allergic to any oils, nuts or fragrances?", Some("To what?"), false),
            consent(
                "I understand the heat and soaks of the ritual, have told the retreat of any condition that \
                 matters, and take part at my own choice.",
            ),
        ],
        version: 1,
        updated_at: now,
    };
    vec![massage, spa]
}

#[cfg(test)]
mod tests;
