import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';
import { ratingKeys } from './keys';

/** Each rated service's average, count and the comments its guests let us quote (only services rated at least once). */
export async function getRatings() {
  const { api, unwrap } = await apiClient();
  return unwrap(await api.GET('/api/ratings'));
}

export const ratingsQueryOptions = () => queryOptions({ queryKey: ratingKeys.list(), queryFn: getRatings });

export function useRatings() {
  return useQuery(ratingsQueryOptions());
}
