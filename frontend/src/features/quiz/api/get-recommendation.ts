import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { QuizAnswers } from '@/lib/api/types';

export async function getRecommendation(body: QuizAnswers) {
  return unwrap(await api.POST('/api/quiz/recommendation', { body }));
}

/** A POST that reads: modelled as a mutation so each submit asks afresh. */
export function useRecommendation() {
  return useMutation({ mutationFn: getRecommendation });
}
