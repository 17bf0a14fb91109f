import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { VisitRatingInput } from '@/lib/api/types';
import { visitRatingKeys } from './keys';

export async function saveVisitRating(token: string, body: VisitRatingInput) {
  return unwrap(await api.PUT('/api/visit-ratings', { params: { query: { token } }, body }));
}

/** Rates the visit (or changes its rating); the answer is the saved state, shown at once. */
export function useSaveVisitRating(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VisitRatingInput) => saveVisitRating(token, body),
    onSuccess: (saved) => queryClient.setQueryData(visitRatingKeys.detail(token), saved),
  });
}
