import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { adminKeys } from '../../shared/admin-keys';

export async function getEmails() {
  return unwrap(await api.GET('/api/admin/emails'));
}

/*
 * The outbox moves on its own (the sender works through it in the
 * background), so unlike the other tabs this list is asked again every time
 * the tab opens instead of waiting for a change made here.
 */
export const emailsQueryOptions = () => queryOptions({ queryKey: adminKeys.emails(), queryFn: getEmails, staleTime: 0 });

export function useEmails() {
  return useQuery(emailsQueryOptions());
}
