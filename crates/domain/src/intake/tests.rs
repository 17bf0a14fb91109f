use super::*;

fn now() -> DateTime<Utc> {
    "2026-12-01T18:00:00Z".parse().expect("time")
}

fn massage() -> IntakeForm {
    demo_forms(now()).into_iter().find(|f| f.service == ServiceKey::Massage).expect("massage form")
}

fn answer(value: &str) -> Answer {
    Answer { value: value.to_owned(), follow_up: None }
}

fn all_no() -> Answers {
    let mut answers = Answers::new();
    for q in &massage().questions {
        let value = match q.kind {
            QuestionKind::YesNo => NO.to_owned(),
            QuestionKind::Choice => q.options[0].clone(),
            QuestionKind::Text => "Shoulders".to_owned(),
            QuestionKind::Consent => AGREED.to_owned(),
        };
        answers.insert(q.id.clone(), answer(&value));
    }
    answers
}

#[test]
fn the_demo_forms_keep_the_form_rules() {
    for form in demo_forms(now()) {
        assert_eq!(form.check(), Ok(()), "{}", form.title);
        assert!(form.consent().is_some(), "{} is signed", form.title);
    }
}

#[test]
fn a_form_refuses_empty_words_twin_ids_thin_choices_impossible_flags_and_a_consent_not_last() {
    let mut form = massage();
    form.title = " ".into();
    assert_eq!(form.check(), Err(FormError::Title));
    let mut form = massage();
    form.questions[1].prompt = String::new();
    assert_eq!(form.check(), Err(FormError::Prompt(1)));
    let mut form = massage();
    form.questions[2].id = form.questions[1].id.clone();
    assert_eq!(form.check(), Err(FormError::DuplicateId(2)));
    let mut form = massage();
    form.questions[1].options = vec!["Firm".into(), "Firm".into()];
    assert_eq!(form.check(), Err(FormError::Options(1)));
    let mut form = massage();
    form.questions[3].review_when = Some("maybe".into());
    assert_eq!(form.check(), Err(FormError::Flag(3)));
    let mut form = massage();
    form.questions[3].unwise = None;
    assert_eq!(form.check(), Err(FormError::Flag(3)), "an unwise answer says why");
    let mut form = massage();
    let consent = form.questions.pop().expect("consent");
    form.questions.insert(0, consent);
    assert_eq!(form.check(), Err(FormError::Consent(0)));
    let mut form = massage();
    form.questions.clear();
    assert_eq!(form.check(), Err(FormError::QuestionCount));
}

#[test]
fn answers_are_checked_all_at_once_and_signed() {
    let form = massage();
    let checked = check_answers(&form, &all_no(), Some("Ada Lovelace")).expect("answers");
    assert!(!checked.needs_review);
    assert_eq!(checked.signature.as_deref(), Some("Ada Lovelace"));

    let mut answers = all_no();
    answers.remove("pregnant");
    answers.insert("pressure".into(), answer("Crushing"));
    answers.insert("focus".into(), answer(&"x".repeat(MAX_ANSWER + 1)));
    answers.insert("shoe_size".into(), answer("38"));
    let errors = check_answers(&form, &answers, None).expect_err("refused");
    assert_eq!(
        errors,
        vec![
            AnswerError::Unknown("shoe_size".into()),
            AnswerError::NotAnOption("pressure".into()),
            AnswerError::TooLong("focus".into()),
            AnswerError::Required("pregnant".into()),
            AnswerError::Signature,
        ]
    );
}

#[test]
fn a_flagged_answer_needs_review_and_an_unwise_one_names_the_service_that_suits() {
    let form = massage();
    let mut answers = all_no();
    answers.insert("blood_thinners".into(), Answer { value: YES.into(), follow_up: Some("Warfarin".into()) });
    answers.insert("skin".into(), Answer { value: NO.into(), follow_up: Some("dropped".into()) });
    let checked = check_answers(&form, &answers, Some("Ada Lovelace")).expect("answers");
    assert!(checked.needs_review);
    assert_eq!(checked.answers["blood_thinners"].follow_up.as_deref(), Some("Warfarin"));
    assert_eq!(checked.answers["skin"].follow_up, None, "a follow-up is kept only after a yes");
    assert_eq!(unwise_answer(&form, &checked.answers), None);

    answers.insert("pregnant".into(), answer(YES));
    let unwise = unwise_answer(&form, &answers).expect("unwise");
    assert_eq!(unwise.suggest, Some(ServiceKey::Spa));
}

#[test]
fn the_team_sees_complete_needs_review_or_missing_and_nothing_where_no_form_is_asked() {
    assert_eq!(status_of(true, None), Some(IntakeStatus::Missing));
    assert_eq!(status_of(true, Some(false)), Some(IntakeStatus::Complete));
    assert_eq!(status_of(true, Some(true)), Some(IntakeStatus::NeedsReview));
    assert_eq!(status_of(false, None), None);
    assert_eq!(status_of(false, Some(false)), Some(IntakeStatus::Complete), "kept answers still count");
}

#[test]
fn a_form_locks_before_the_visit_and_answers_go_months_after_the_last_one() {
    let settings = IntakeSettings::default();
    let visit = now().naive_utc();
    assert_eq!(locks_at(visit, settings), visit - Duration::hours(12));
    let today = NaiveDate::from_ymd_opt(2028, 12, 1).expect("date");
    assert_eq!(keep_since(today, settings), NaiveDate::from_ymd_opt(2026, 12, 1).expect("date"));
    let short = IntakeSettings { lock_hours: 2, keep_months: 1 };
    assert_eq!(
        keep_since(NaiveDate::from_ymd_opt(2027, 3, 31).expect("date"), short),
        NaiveDate::from_ymd_opt(2027, 2, 28).expect("date")
    );
}
