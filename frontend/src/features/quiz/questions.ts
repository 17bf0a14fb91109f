import type { QuizAnswers } from '@/lib/api/types';

/** The five questions; answer keys and option values are spec §3's. */
export type QuizField = keyof QuizAnswers;

export type QuizQuestion = {
  key: string;
  field: QuizField;
  question: string;
  hint: string;
  options: { value: string; label: string; description: string }[];
};

export const quizQuestions: QuizQuestion[] = [
  {
    key: 'wellness-goal',
    field: 'wellnessGoal',
    question: 'What draws you to the mountain?',
    hint: 'Choose the intention closest to your heart right now.',
    options: [
      { value: 'stress-relief', label: 'Release stress and tension', description: 'Loosen the knots of a demanding season.' },
      { value: 'physical-healing', label: 'Heal and restore my body', description: 'Ease aches, recover and move freely again.' },
      { value: 'spiritual-growth', label: 'Reconnect with my inner self', description: 'Find stillness, clarity and a sense of meaning.' },
      { value: 'self-care', label: 'Indulge in pure self-care', description: 'Be cared for, beautifully and without hurry.' },
    ],
  },
  {
    key: 'stress-level',
    field: 'stressLevel',
    question: 'How heavy has life felt lately?',
    hint: 'There is no wrong answer — only an honest one.',
    options: [
      { value: 'low', label: 'Light and balanced', description: 'I am well; I simply want to keep it that way.' },
      { value: 'moderate', label: 'A little stretched', description: 'A few full weeks are starting to show.' },
      { value: 'high', label: 'Carrying a lot', description: 'My shoulders and my mind are both tight.' },
      { value: 'burnout', label: 'Running on empty', description: 'I have been depleted for a long while.' },
    ],
  },
  {
    key: 'time-preference',
    field: 'timePreference',
    question: 'How much time can you give yourself?',
    hint: 'Even an hour among the pines can change a week.',
    options: [
      { value: 'quick', label: 'A quick reset', description: '30 to 60 minutes.' },
      { value: 'half-day', label: 'A half day', description: '2 to 4 unhurried hours.' },
      { value: 'full-day', label: 'A full day', description: 'Sunrise coffee to an evening by the fire.' },
      { value: 'overnight', label: 'An overnight escape', description: 'Sleep beneath the stars and wake slowly.' },
    ],
  },
  {
    key: 'experience-type',
    field: 'experienceType',
    question: 'Which kind of experience calls to you?',
    hint: 'Think of the moment you would most like to be in.',
    options: [
      { value: 'hands-on', label: 'Hands-on bodywork', description: 'Skilled hands, warm oils, deep release.' },
      { value: 'passive', label: 'Quiet relaxation', description: 'Soaking, resting and simply being.' },
      { value: 'active', label: 'Active and outdoors', description: 'Forest trails, fresh air and movement.' },
      { value: 'holistic', label: 'Holistic rituals', description: 'Breath, sound and mind-body practice.' },
    ],
  },
  {
    key: 'product-interest',
    field: 'productInterest',
    question: 'What would you like to take home?',
    hint: 'A small ritual to keep the mountain with you.',
    options: [
      { value: 'skincare', label: 'Botanical skincare', description: 'Balms and oils made with mountain botanicals.' },
      { value: 'aromatherapy', label: 'Aromatherapy', description: 'Hand-poured candles scented with pine and sage.' },
      { value: 'teas', label: 'Herbal teas', description: 'Calming blends for slow mornings and evenings.' },
      { value: 'all', label: 'A little of everything', description: 'Surprise me with the best of the retreat.' },
    ],
  },
];

export const QUIZ_LENGTH = quizQuestions.length;
