import { afterEach, describe, expect, it } from 'vitest';
import {
  answerValueWords,
  isFlagged,
  QUIZ_MEMORY_KEY,
  quizChoice,
  recalledQuizAnswers,
  rememberQuizAnswers,
  type IntakeQuestion,
} from './intake';

const goal: IntakeQuestion = {
  id: 'goal',
  kind: 'choice',
  prompt: 'What would you most like from this visit?',
  options: ['Stress relief', 'Physical healing', 'Hands-on bodywork'],
  prefill: 'wellness_goal',
};

afterEach(() => localStorage.clear());

describe('the quiz answers kept for the intake form', () => {
  it('are kept by the quiz and read back; anything else in their place is none', () => {
    expect(recalledQuizAnswers()).toEqual({});
    rememberQuizAnswers({
      wellnessGoal: 'stress-relief',
      stressLevel: 'high',
      timePreference: 'quick',
      experienceType: 'hands-on',
      productInterest: 'teas',
    } as Parameters<typeof rememberQuizAnswers>[0]);
    expect(JSON.parse(localStorage.getItem(QUIZ_MEMORY_KEY)!)).toMatchObject({ wellnessGoal: 'stress-relief' });
    expect(recalledQuizAnswers()).toMatchObject({ wellnessGoal: 'stress-relief', experienceType: 'hands-on' });
    localStorage.setItem(QUIZ_MEMORY_KEY, '{not json');
    expect(recalledQuizAnswers()).toEqual({});
    localStorage.setItem(QUIZ_MEMORY_KEY, '"a string"');
    expect(recalledQuizAnswers()).toEqual({});
  });

  it('choose the option their words name, whatever the case, hyphens or spaces', () => {
    expect(quizChoice(goal, { wellnessGoal: 'stress-relief' })).toBe('Stress relief');
    expect(quizChoice(goal, { wellnessGoal: 'PHYSICAL_HEALING' })).toBe('Physical healing');
    expect(quizChoice({ ...goal, prefill: 'experience_type' }, { experienceType: 'hands-on-bodywork' })).toBe('Hands-on bodywork');
    // No match, no link to the quiz, or not a choice: nothing is chosen for her.
    expect(quizChoice(goal, { wellnessGoal: 'self-care' })).toBeUndefined();
    expect(quizChoice({ ...goal, prefill: null }, { wellnessGoal: 'stress-relief' })).toBeUndefined();
    expect(quizChoice({ ...goal, kind: 'text' }, { wellnessGoal: 'stress-relief' })).toBeUndefined();
  });
});

describe('answers in words', () => {
  it('reads yes/no, the consent and an empty answer as a person would', () => {
    expect(answerValueWords('yes_no', 'yes')).toBe('Yes');
    expect(answerValueWords('yes_no', 'no')).toBe('No');
    expect(answerValueWords('consent', 'agreed')).toBe('Agreed');
    expect(answerValueWords('choice', 'Firm')).toBe('Firm');
    expect(answerValueWords('text', undefined)).toBe('—');
  });

  it('marks an answer the owner flagged for review or as unwise', () => {
    const pregnant: IntakeQuestion = { id: 'p', kind: 'yes_no', prompt: 'Pregnant?', reviewWhen: 'yes' };
    expect(isFlagged(pregnant, { value: 'yes' })).toBe(true);
    expect(isFlagged(pregnant, { value: 'no' })).toBe(false);
    expect(isFlagged({ ...pregnant, reviewWhen: null, unwiseWhen: 'yes' }, { value: 'yes' })).toBe(true);
    expect(isFlagged(pregnant, undefined)).toBe(false);
  });
});
