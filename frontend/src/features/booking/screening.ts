import type { ScreeningQuestion } from '@/lib/intake/intake';

/** Her answers to a service's screening questions, by question id (kept in the dialog, never sent). */
export type ScreeningAnswers = Record<string, string>;

/** The first answer given that makes the service unwise, with its question. */
export function unwiseAnswer(questions: readonly ScreeningQuestion[], answers: ScreeningAnswers): ScreeningQuestion | undefined {
  return questions.find((question) => answers[question.id] !== undefined && answers[question.id] === question.unwiseWhen);
}
