import type { QuizAnswers } from '@/lib/api/types';
import { QUIZ_LENGTH, quizQuestions, type QuizField } from './questions';

/*
 * The quiz as a pure state machine (spec §4): questions 1..5 then results.
 * NEXT needs an answer; PREVIOUS is unavailable on question 1 and going back
 * shows the earlier answer; retake starts over with no answers.
 */
export type QuizState = {
  step: number;
  answers: Partial<Record<QuizField, string>>;
  finished: boolean;
};

export type QuizAction = { type: 'answer'; value: string } | { type: 'next' } | { type: 'previous' } | { type: 'retake' };

export const initialQuizState: QuizState = { step: 0, answers: {}, finished: false };

function fieldAt(step: number): QuizField {
  const question = quizQuestions[step];
  if (!question) throw new RangeError(`No quiz question at step ${step}`);
  return question.field;
}

export function currentAnswer(state: QuizState): string | undefined {
  return state.answers[fieldAt(state.step)];
}

export function canGoNext(state: QuizState): boolean {
  return !state.finished && currentAnswer(state) !== undefined;
}

export function canGoPrevious(state: QuizState): boolean {
  return !state.finished && state.step > 0;
}

export function isLastQuestion(state: QuizState): boolean {
  return state.step === QUIZ_LENGTH - 1;
}

/** Question number / 5 × 100. */
export function progressPercent(state: QuizState): number {
  return Math.round(((state.step + 1) / QUIZ_LENGTH) * 100);
}

export function quizReducer(state: QuizState, action: QuizAction): QuizState {
  switch (action.type) {
    case 'answer':
      if (state.finished) return state;
      return { ...state, answers: { ...state.answers, [fieldAt(state.step)]: action.value } };
    case 'next':
      if (!canGoNext(state)) return state;
      return isLastQuestion(state) ? { ...state, finished: true } : { ...state, step: state.step + 1 };
    case 'previous':
      if (!canGoPrevious(state)) return state;
      return { ...state, step: state.step - 1 };
    case 'retake':
      return initialQuizState;
  }
}

/** The request body, once every question is answered. */
export function completedAnswers(state: QuizState): QuizAnswers | null {
  const a = state.answers;
  if (!a.wellnessGoal || !a.stressLevel || !a.timePreference || !a.experienceType || !a.productInterest) return null;
  return {
    wellnessGoal: a.wellnessGoal,
    stressLevel: a.stressLevel,
    timePreference: a.timePreference,
    experienceType: a.experienceType,
    productInterest: a.productInterest,
  } as QuizAnswers;
}
