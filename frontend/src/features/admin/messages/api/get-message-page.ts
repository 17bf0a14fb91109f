import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { adminKeys } from '../../shared/admin-keys';
import { filterQuery, listQuery, type ListFilters, type ListView } from '../../shared/list-view/list-view';
import { pagedListOptions } from '../../shared/list-view/paged-query';
import type { MessageState } from './get-message-thread';

/** The list view's status is the message's state (the address says `status=new` like the other lists). */
export type MessageListView = ListView<MessageState, never>;

/** The filters as the messages' list and export name them: `state`, not `status`. */
export function messageFilters(view: ListFilters<MessageState, never>) {
  const { status, q, from, to } = filterQuery(view);
  return { q, state: status, from, to };
}

export async function getMessagePage(view: MessageListView, signal?: AbortSignal) {
  const { after, before, limit } = listQuery(view);
  const query = { ...messageFilters(view), after, before, limit };
  return unwrap(await api.GET('/api/admin/contact-messages', { params: { query }, signal }));
}

/** One page of the Messages tab, newest first; the key is what is asked. */
export function useMessagePage(view: MessageListView) {
  const { after, before, limit } = listQuery(view);
  return useQuery({
    queryKey: adminKeys.messagePage({ ...messageFilters(view), after, before, limit }),
    queryFn: ({ signal }) => getMessagePage(view, signal),
    ...pagedListOptions,
  });
}
