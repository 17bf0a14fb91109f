import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { visitRatingKeys } from './keys';

/** The visit a rating link names, whether it may be rated (or changed) now, and her rating so far. */
export async function getVisitRating(token: string) {
  return unwrap(await api.GET('/api/visit-ratings', { params: { query: { token } } }));
}

export const visitRatingQueryOptions = (token: string) =>
  queryOptions({ queryKey: visitRatingKeys.detail(token), queryFn: () => getVisitRating(token) });

export function useVisitRating(token: string) {
  return useQuery(visitRatingQueryOptions(token));
}
