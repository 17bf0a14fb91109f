import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, unwrap } from '@/lib/api/client';
import { adminKeys } from '../../shared/admin-keys';

export async function getSummary(signal?: AbortSignal) {
  return unwrap(await api.GET('/api/admin/summary', { signal }));
}

export const summaryQueryOptions = () => queryOptions({ queryKey: adminKeys.summary(), queryFn: ({ signal }) => getSummary(signal) });

/**
 * The stat cards' figures in one call (the server counts; the browser no
 * longer downloads every order to add them up). Almost any admin write moves
 * a figure (a status, a reply, a deletion, a refund), so every successful
 * mutation asks for the summary again: one small read, and no write, in this
 * feature or a new one, has to remember the cards.
 */
export function useSummary() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success') {
          void queryClient.invalidateQueries({ queryKey: adminKeys.summary() });
        }
      }),
    [queryClient],
  );
  return useQuery(summaryQueryOptions());
}
