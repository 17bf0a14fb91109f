import type { QuizAnswers, RequestBodyOf, ResponseOf } from '@/lib/api/types';

/*
 * Intake and consent forms (issue 45, docs/decisions.md §22), the parts the
 * guest's booking page and the back office share: the forms' types, a
 * question's answer in words, the answers the owner flagged, and a quiz
 * answer kept in this browser that fills a choice in advance.
 */

export type GuestIntake = ResponseOf<'/api/guest/bookings/{token}/intake', 'get'>;
export type IntakeAnswers = NonNullable<GuestIntake['answers']>;
export type IntakeForm = NonNullable<GuestIntake['form']>;
export type IntakeQuestion = IntakeForm['questions'][number];
export type IntakeQuestionKind = IntakeQuestion['kind'];
export type IntakeAnswer = IntakeAnswers['answers'][string];
export type IntakeInput = RequestBodyOf<'/api/guest/bookings/{token}/intake', 'post'>;
export type IntakePrefill = NonNullable<IntakeQuestion['prefill']>;
export type ScreeningQuestion = ResponseOf<'/api/intake-screening', 'get'>[number];

/** The answers a yes/no question takes, as the server spells them. */
export const YES = 'yes';
export const NO = 'no';
/** The consent's one answer. */
export const AGREED = 'agreed';
/** The longest answer (a text, a follow-up), as the server counts it. */
export const ANSWER_MAX = 500;

/** Each kind in the owner's words. */
export const kindLabels: Record<IntakeQuestionKind, string> = {
  yes_no: 'Yes or no',
  choice: 'Choice',
  text: 'Short text',
  consent: 'Consent',
};

/** "Yes", "No", an option, a text, "Agreed"; "—" when none was given. */
export function answerValueWords(kind: IntakeQuestionKind, value: string | undefined): string {
  if (!value) return '—';
  if (kind === 'yes_no') return value === YES ? 'Yes' : value === NO ? 'No' : value;
  if (kind === 'consent') return value === AGREED ? 'Agreed' : value;
  return value;
}

/** Whether an answer is one the owner flagged: needs review, or makes the service unwise. */
export function isFlagged(question: IntakeQuestion, answer: IntakeAnswer | undefined): boolean {
  const value = answer?.value;
  if (!value) return false;
  return question.reviewWhen === value || question.unwiseWhen === value;
}

/*
 * The quiz's answers, kept in this browser (never sent with the form): the
 * wellness quiz writes them when she asks for her recommendation, and her
 * intake form fills a choice the owner linked to one of them ("stress-relief"
 * chooses "Stress relief").
 */
export const QUIZ_MEMORY_KEY = 'goldenpine.quiz';

type RememberedQuiz = Partial<Record<keyof QuizAnswers, string>>;

/** Keeps the quiz's answers for her intake form; a browser that refuses storage keeps nothing. */
export function rememberQuizAnswers(answers: QuizAnswers) {
  try {
    window.localStorage.setItem(QUIZ_MEMORY_KEY, JSON.stringify(answers));
  } catch {
    // Private mode or storage full: the form is simply not filled in advance.
  }
}

/** The quiz's answers this browser kept, or nothing. */
export function recalledQuizAnswers(): RememberedQuiz {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(QUIZ_MEMORY_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return {};
    return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

const prefillFields: Record<IntakePrefill, keyof QuizAnswers> = {
  wellness_goal: 'wellnessGoal',
  stress_level: 'stressLevel',
  experience_type: 'experienceType',
};

/** The quiz's answers each prefill names, in the owner's words. */
export const prefillLabels: Record<IntakePrefill, string> = {
  wellness_goal: 'Wellness goal',
  stress_level: 'Stress level',
  experience_type: 'Kind of experience',
};

/** "Stress relief", "stress-relief", "STRESS_RELIEF" all read "stress relief". */
const comparable = (text: string) =>
  text
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
    .trim();

/** The option of a choice her quiz answer names, if the owner linked the question to the quiz and one matches. */
export function quizChoice(question: IntakeQuestion, quiz: RememberedQuiz): string | undefined {
  if (question.kind !== 'choice' || !question.prefill) return undefined;
  const answer = quiz[prefillFields[question.prefill]];
  if (!answer) return undefined;
  return question.options?.find((option) => comparable(option) === comparable(answer));
}
