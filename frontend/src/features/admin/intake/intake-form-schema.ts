import type { ServiceKey } from '@/lib/api/types';
import { NO, YES, type IntakeForm, type IntakePrefill, type IntakeQuestion, type IntakeQuestionKind } from '@/lib/intake/intake';
import { z } from '@/lib/zod';
import type { IntakeFormInput } from '../shared/types';

/*
 * The owner's intake form as the editor holds it (docs/decisions.md §22):
 * every field of every question as text, "none" where a select says so (a
 * select's item cannot be empty), options as a list of their own. What the
 * browser can tell is checked here, with the server's words; the server has
 * the last word (its 400 names `title`, `questions`, `questions[3]`…).
 */

/** A select's value for "no flag", "no service", "not from the quiz". */
export const NONE = 'none';

export const MAX_QUESTIONS = 30;
export const MAX_OPTIONS = 12;
export const PROMPT_MAX = 300;
export const INTRODUCTION_MAX = 2000;

const kinds = ['yes_no', 'choice', 'text', 'consent'] as const satisfies readonly IntakeQuestionKind[];

const questionSchema = z
  .object({
    id: z.string(),
    kind: z.enum(kinds),
    prompt: z.string().trim().min(1, 'Each question needs its words.').max(PROMPT_MAX, 'At most 300 characters.'),
    required: z.boolean(),
    followUp: z.string().max(PROMPT_MAX, 'At most 300 characters.'),
    options: z.array(z.object({ text: z.string() })),
    reviewWhen: z.string(),
    unwiseWhen: z.string(),
    unwiseReason: z.string().max(PROMPT_MAX, 'At most 300 characters.'),
    unwiseSuggest: z.string(),
    prefill: z.string(),
  })
  .superRefine((question, ctx) => {
    if (question.kind === 'choice') {
      const texts = question.options.map((option) => option.text.trim());
      if (texts.length < 2 || texts.length > MAX_OPTIONS || texts.some((text) => text === '') || new Set(texts).size !== texts.length) {
        ctx.addIssue({ code: 'custom', path: ['options'], message: 'A choice needs 2 to 12 different options, none of them empty.' });
      }
    }
    if (question.unwiseWhen !== NONE && question.unwiseReason.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['unwiseReason'], message: 'Say what the guest is told when this service may not suit her.' });
    }
  });

export const intakeFormSchema = z
  .object({
    title: z.string().trim().min(1, 'A form needs a title.').max(PROMPT_MAX, 'At most 300 characters.'),
    introduction: z.string().max(INTRODUCTION_MAX, 'Please keep the introduction under 2,000 characters.'),
    questions: z.array(questionSchema).min(1, 'A form has 1 to 30 questions.').max(MAX_QUESTIONS, 'A form has 1 to 30 questions.'),
  })
  .superRefine((form, ctx) => {
    const last = form.questions.length - 1;
    form.questions.forEach((question, index) => {
      if (question.kind === 'consent' && index !== last) {
        ctx.addIssue({
          code: 'custom',
          path: ['questions', index, 'kind'],
          message: 'A form has at most one consent statement, and it comes last.',
        });
      }
    });
  });

export type IntakeFormValues = z.input<typeof intakeFormSchema>;
export type QuestionValues = IntakeFormValues['questions'][number];

/** The answers a flag may name: yes or no, or the choice's options as written. */
export function flagChoices(kind: string, options: readonly { text: string }[]): { value: string; label: string }[] {
  if (kind === 'yes_no') {
    return [
      { value: YES, label: 'Yes' },
      { value: NO, label: 'No' },
    ];
  }
  if (kind !== 'choice') return [];
  const texts = [...new Set(options.map((option) => option.text.trim()).filter((text) => text !== ''))];
  return texts.map((text) => ({ value: text, label: text }));
}

/** An id no other question of the form has: q1, q2… (the answers are kept by it, so it never changes once saved). */
export function freeQuestionId(taken: readonly string[], kind: IntakeQuestionKind = 'yes_no'): string {
  if (kind === 'consent' && !taken.includes('consent')) return 'consent';
  let n = taken.length + 1;
  while (taken.includes(`q${n}`)) n += 1;
  return `q${n}`;
}

export function newQuestion(taken: readonly string[], kind: IntakeQuestionKind = 'yes_no'): QuestionValues {
  return {
    id: freeQuestionId(taken, kind),
    kind,
    prompt: '',
    required: true,
    followUp: '',
    options: kind === 'choice' ? [{ text: '' }, { text: '' }] : [],
    reviewWhen: NONE,
    unwiseWhen: NONE,
    unwiseReason: '',
    unwiseSuggest: NONE,
    prefill: NONE,
  };
}

function questionToValues(question: IntakeQuestion): QuestionValues {
  return {
    id: question.id,
    kind: question.kind,
    prompt: question.prompt,
    required: question.kind === 'consent' ? true : (question.required ?? false),
    followUp: question.followUp ?? '',
    options: (question.options ?? []).map((text) => ({ text })),
    reviewWhen: question.reviewWhen ?? NONE,
    unwiseWhen: question.unwiseWhen ?? NONE,
    unwiseReason: question.unwiseReason ?? '',
    unwiseSuggest: question.unwiseSuggest ?? NONE,
    prefill: question.prefill ?? NONE,
  };
}

/** The editor's values for a service's form; a new form starts with its title and one question. */
export function formToValues(form: IntakeForm | undefined, serviceName: string): IntakeFormValues {
  if (!form) return { title: `${serviceName} intake`, introduction: '', questions: [newQuestion([])] };
  return { title: form.title, introduction: form.introduction, questions: form.questions.map(questionToValues) };
}

/** A flag as sent: only an answer the question (as it is now) can have. */
function flag(question: QuestionValues, value: string): string | null {
  if (value === NONE) return null;
  return flagChoices(question.kind, question.options).some((choice) => choice.value === value) ? value : null;
}

/** What is saved: each kind with only what belongs to it (a follow-up to a yes/no, options and the quiz to a choice). */
export function valuesToInput(values: IntakeFormValues): IntakeFormInput {
  return {
    title: values.title.trim(),
    introduction: values.introduction.trim(),
    questions: values.questions.map((question) => {
      const unwiseWhen = flag(question, question.unwiseWhen);
      return {
        id: question.id,
        kind: question.kind,
        prompt: question.prompt.trim(),
        required: question.kind === 'consent' ? true : question.required,
        followUp: question.kind === 'yes_no' && question.followUp.trim() !== '' ? question.followUp.trim() : null,
        options: question.kind === 'choice' ? question.options.map((option) => option.text.trim()) : [],
        reviewWhen: flag(question, question.reviewWhen),
        unwiseWhen,
        unwiseReason: unwiseWhen ? question.unwiseReason.trim() : null,
        unwiseSuggest: unwiseWhen && question.unwiseSuggest !== NONE ? (question.unwiseSuggest as ServiceKey) : null,
        prefill: question.kind === 'choice' && question.prefill !== NONE ? (question.prefill as IntakePrefill) : null,
      };
    }),
  };
}

/** The server's 400 for a form: per field (`title`, `introduction`), for the questions as a whole, and per question (`questions[3]`, `questions[3].id`). */
export type FormProblems = { title?: string; introduction?: string; questions?: string; byQuestion: Record<number, string> };

export function serverFormProblems(fieldErrors: Record<string, string>): FormProblems {
  const problems: FormProblems = { byQuestion: {} };
  const other: string[] = [];
  for (const [field, message] of Object.entries(fieldErrors)) {
    const question = /^questions\[(\d+)\]/.exec(field);
    if (question) problems.byQuestion[Number(question[1])] = message;
    else if (field === 'title') problems.title = message;
    else if (field === 'introduction') problems.introduction = message;
    else other.push(message);
  }
  if (other.length > 0) problems.questions = other.join(' ');
  return problems;
}

/** When forms lock before a visit (hours) and how long answers are kept after her last one (months), as the server bounds them. */
export const LOCK_HOURS_MAX = 168;
export const KEEP_MONTHS_MAX = 120;

const wholeBetween = (low: number, high: number) => (value: string) => /^\d+$/.test(value) && Number(value) >= low && Number(value) <= high;

export const intakeSettingsSchema = z.object({
  lockHours: z.string().trim().refine(wholeBetween(0, LOCK_HOURS_MAX), 'Between 0 and 168 hours.'),
  keepMonths: z.string().trim().refine(wholeBetween(1, KEEP_MONTHS_MAX), 'Between 1 and 120 months.'),
});

export type IntakeSettingsValues = z.input<typeof intakeSettingsSchema>;
export const intakeSettingsFields = ['lockHours', 'keepMonths'] as const;
