import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { adminKeys } from '../../shared/admin-keys';

export async function getBlackouts() {
  return unwrap(await api.GET('/api/admin/blackout-dates'));
}

export const blackoutsQueryOptions = () => queryOptions({ queryKey: adminKeys.blackouts(), queryFn: getBlackouts });

export function useBlackouts() {
  return useQuery(blackoutsQueryOptions());
}
