import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { adminKeys } from '../../shared/admin-keys';
import { listQuery, type ListView } from '../../shared/list-view/list-view';
import { pagedListOptions } from '../../shared/list-view/paged-query';
import type { EmailState } from '../../shared/types';

export type EmailListView = ListView<EmailState, never>;

/** The outbox's query: the list view's status is the message's state. */
function emailQuery(view: EmailListView) {
  const { status, service: _service, ...rest } = listQuery(view);
  return { ...rest, state: status };
}

export async function getEmailPage(view: EmailListView, signal?: AbortSignal) {
  return unwrap(await api.GET('/api/admin/outbox', { params: { query: emailQuery(view) }, signal }));
}

/*
 * One page of the Emails view, newest first. The outbox moves on its own
 * (the sender works through it in the background), so unlike the other
 * tabs the page is asked again every time the tab opens.
 */
export function useEmailPage(view: EmailListView) {
  const query = emailQuery(view);
  return useQuery({
    queryKey: [...adminKeys.emails(), 'page', query] as const,
    queryFn: ({ signal }) => getEmailPage(view, signal),
    ...pagedListOptions,
    staleTime: 0,
  });
}
