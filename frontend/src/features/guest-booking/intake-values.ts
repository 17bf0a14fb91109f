import type { FieldErrors } from 'react-hook-form';
import {
  AGREED,
  ANSWER_MAX,
  quizChoice,
  YES,
  NO,
  type IntakeAnswers,
  type IntakeForm,
  type IntakeInput,
  type IntakeQuestion,
  recalledQuizAnswers,
} from '@/lib/intake/intake';

/*
 * The guest's intake form as the page edits it: an answer and a follow-up
 * per question (under `q_<id>`: an id of digits alone would read as an array
 * index), the consent's tick and her typed name; checked as the server checks
 * it (domain::intake::check_answers), every error at once, in the form's order.
 */

export type IntakeValues = {
  answers: Record<string, { value: string; followUp: string }>;
  signature: string;
};

/** The form's field of a question's answer. */
export const answerKey = (id: string) => `q_${id}`;
/** The path of a question's answer in the form's values (its errors sit there). */
export const answerPath = (id: string) => `answers.${answerKey(id)}.value` as const;
/** The element a question's error sends the focus to. */
export const controlId = (id: string) => `intake-${id}`;
export const SIGNATURE_ID = 'intake-signature';

export const ANSWER_REQUIRED = 'Please answer this question.';
export const CONSENT_REQUIRED = 'Please tick “I agree” to sign.';
export const SIGNATURE_REQUIRED = 'Please type your full name to sign.';
export const ANSWER_TOO_LONG = 'Please keep this answer under 500 characters.';

/** Whether a kept answer still fits the question as it is now (an option the owner removed does not). */
function stillFits(question: IntakeQuestion, value: string): boolean {
  switch (question.kind) {
    case 'yes_no':
      return value === YES || value === NO;
    case 'choice':
      return (question.options ?? []).includes(value);
    case 'text':
      return true;
    case 'consent':
      // Signing is done afresh each time: the tick and the name are hers to give.
      return false;
  }
}

/**
 * The form to begin with: her earlier answers where they still fit (never
 * the consent's tick or her name: signing is done afresh), else a choice
 * her quiz answer names, else nothing.
 */
export function initialValues(form: IntakeForm, from: IntakeAnswers | null | undefined, quiz = recalledQuizAnswers()): IntakeValues {
  const answers: IntakeValues['answers'] = {};
  for (const question of form.questions) {
    const earlier = from?.answers[question.id];
    const value = earlier?.value && stillFits(question, earlier.value) ? earlier.value : (quizChoice(question, quiz) ?? '');
    answers[answerKey(question.id)] = { value, followUp: value === YES ? (earlier?.followUp ?? '') : '' };
  }
  return { answers, signature: '' };
}

/** What is sent: the answers given (a follow-up only after a yes), and her name when the form is signed. */
export function toIntakeInput(form: IntakeForm, values: IntakeValues): IntakeInput {
  const answers: NonNullable<IntakeInput['answers']> = {};
  for (const question of form.questions) {
    const given = values.answers[answerKey(question.id)];
    const value = given?.value.trim() ?? '';
    if (value === '') continue;
    const followUp = question.kind === 'yes_no' && value === YES ? given?.followUp.trim() : '';
    answers[question.id] = followUp ? { value, followUp } : { value };
  }
  const signed = form.questions.some((question) => question.kind === 'consent');
  return signed ? { answers, signature: values.signature.trim() } : { answers };
}

export type IntakeProblem = { path: string; focus: string; message: string };

/** Every answer that needs another look, in the form's order (the signature last). */
export function intakeProblems(form: IntakeForm, values: IntakeValues): IntakeProblem[] {
  const problems: IntakeProblem[] = [];
  for (const question of form.questions) {
    const given = values.answers[answerKey(question.id)];
    const value = given?.value.trim() ?? '';
    const at = { path: answerPath(question.id), focus: controlId(question.id) };
    if (question.kind === 'consent') {
      if (value !== AGREED) problems.push({ ...at, message: CONSENT_REQUIRED });
    } else if (value === '') {
      if (question.required) problems.push({ ...at, message: ANSWER_REQUIRED });
    } else if (value.length > ANSWER_MAX || (value === YES && (given?.followUp.trim().length ?? 0) > ANSWER_MAX)) {
      problems.push({ ...at, message: ANSWER_TOO_LONG });
    }
  }
  if (form.questions.some((question) => question.kind === 'consent')) {
    const name = values.signature.trim();
    if (name.length < 2 || name.length > 120) problems.push({ path: 'signature', focus: SIGNATURE_ID, message: SIGNATURE_REQUIRED });
  }
  return problems;
}

/** The problems as react-hook-form keeps errors (nested by path). */
export function toFieldErrors(problems: IntakeProblem[]): FieldErrors<IntakeValues> {
  const errors: Record<string, unknown> = {};
  for (const { path, message } of problems) {
    const parts = path.split('.');
    let node = errors;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[parts[parts.length - 1]!] = { type: 'validate', message };
  }
  return errors as FieldErrors<IntakeValues>;
}

/**
 * The server's field errors (`answers.<id>`, `signature`) placed as the
 * form's, in the form's order; what names no question is returned apart.
 */
export function serverProblems(form: IntakeForm, fieldErrors: Record<string, string>): { placed: IntakeProblem[]; elsewhere: string[] } {
  const placed: IntakeProblem[] = [];
  for (const question of form.questions) {
    const message = fieldErrors[`answers.${question.id}`];
    if (message) placed.push({ path: answerPath(question.id), focus: controlId(question.id), message });
  }
  if (fieldErrors.signature) placed.push({ path: 'signature', focus: SIGNATURE_ID, message: fieldErrors.signature });
  const known = new Set([...form.questions.map((question) => `answers.${question.id}`), 'signature']);
  const elsewhere = Object.entries(fieldErrors)
    .filter(([field]) => !known.has(field))
    .map(([, message]) => message);
  return { placed, elsewhere };
}

/**
 * Moves the focus to a question that needs another look: its chosen answer
 * (or its first) in a group of choices, else its field.
 */
export function focusProblem(problem: IntakeProblem | undefined) {
  if (!problem) return;
  const target = document.getElementById(problem.focus);
  if (!target) return;
  const radio =
    target.getAttribute('role') === 'radiogroup'
      ? (target.querySelector<HTMLElement>('[role="radio"][aria-checked="true"]') ?? target.querySelector<HTMLElement>('[role="radio"]'))
      : null;
  (radio ?? target).focus();
  (radio ?? target).scrollIntoView?.({ block: 'center' });
}
