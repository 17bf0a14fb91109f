import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { adminKeys } from '../../shared/admin-keys';

/** Every rating, newest first, with its author's address, and the written rules a rating may be taken down under. */
export async function getAdminRatings() {
  return unwrap(await api.GET('/api/admin/ratings'));
}

export const adminRatingsQueryOptions = () => queryOptions({ queryKey: adminKeys.ratings(), queryFn: getAdminRatings });

export function useAdminRatings() {
  return useQuery(adminRatingsQueryOptions());
}
