import { describe, expect, it } from 'vitest';
import { quizQuestions } from './questions';
import {
  canGoNext,
  canGoPrevious,
  completedAnswers,
  currentAnswer,
  initialQuizState,
  isLastQuestion,
  progressPercent,
  quizReducer,
  type QuizAction,
  type QuizState,
} from './quiz-machine';

const run = (actions: QuizAction[], from: QuizState = initialQuizState) => actions.reduce(quizReducer, from);

describe('quiz questions', () => {
  it('uses the spec keys and options', () => {
    expect(quizQuestions.map((q) => [q.key, q.options.map((o) => o.value)])).toEqual([
      ['wellness-goal', ['stress-relief', 'physical-healing', 'spiritual-growth', 'self-care']],
      ['stress-level', ['low', 'moderate', 'high', 'burnout']],
      ['time-preference', ['quick', 'half-day', 'full-day', 'overnight']],
      ['experience-type', ['hands-on', 'passive', 'active', 'holistic']],
      ['product-interest', ['skincare', 'aromatherapy', 'teas', 'all']],
    ]);
  });
});

describe('quiz state machine', () => {
  it('starts on question 1 at 20% with PREVIOUS and NEXT unavailable', () => {
    expect(initialQuizState.step).toBe(0);
    expect(progressPercent(initialQuizState)).toBe(20);
    expect(canGoPrevious(initialQuizState)).toBe(false);
    expect(canGoNext(initialQuizState)).toBe(false);
  });

  it('ignores NEXT without an answer and PREVIOUS on question 1', () => {
    expect(run([{ type: 'next' }])).toEqual(initialQuizState);
    expect(run([{ type: 'previous' }])).toEqual(initialQuizState);
  });

  it('moves forward once answered and tracks progress', () => {
    const state = run([{ type: 'answer', value: 'stress-relief' }, { type: 'next' }]);
    expect(state.step).toBe(1);
    expect(progressPercent(state)).toBe(40);
    expect(canGoPrevious(state)).toBe(true);
    expect(canGoNext(state)).toBe(false);
  });

  it('restores the earlier answer when going back', () => {
    const state = run([{ type: 'answer', value: 'self-care' }, { type: 'next' }, { type: 'answer', value: 'high' }, { type: 'previous' }]);
    expect(state.step).toBe(0);
    expect(currentAnswer(state)).toBe('self-care');
    const forward = run([{ type: 'next' }], state);
    expect(currentAnswer(forward)).toBe('high');
    expect(canGoNext(forward)).toBe(true);
  });

  it('changes an answer without losing the others', () => {
    const state = run([
      { type: 'answer', value: 'self-care' },
      { type: 'answer', value: 'spiritual-growth' },
    ]);
    expect(state.answers).toEqual({ wellnessGoal: 'spiritual-growth' });
  });

  it('finishes after question 5 with every answer, and retake starts over', () => {
    const answers = ['stress-relief', 'high', 'overnight', 'hands-on', 'teas'];
    const actions: QuizAction[] = answers.flatMap((value) => [{ type: 'answer', value }, { type: 'next' }] as QuizAction[]);
    const beforeLast = run(actions.slice(0, -1));
    expect(isLastQuestion(beforeLast)).toBe(true);
    expect(progressPercent(beforeLast)).toBe(100);

    const done = run(actions);
    expect(done.finished).toBe(true);
    expect(completedAnswers(done)).toEqual({
      wellnessGoal: 'stress-relief',
      stressLevel: 'high',
      timePreference: 'overnight',
      experienceType: 'hands-on',
      productInterest: 'teas',
    });
    expect(run([{ type: 'answer', value: 'x' }, { type: 'previous' }], done)).toEqual(done);

    const again = run([{ type: 'retake' }], done);
    expect(again).toEqual(initialQuizState);
    expect(currentAnswer(again)).toBeUndefined();
    expect(completedAnswers(again)).toBeNull();
  });
});
