import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { ResponseOf } from '@/lib/api/types';
import { adminKeys } from '../../shared/admin-keys';

export type MessageThread = ResponseOf<'/api/admin/contact-messages/{id}', 'get'>;
export type MessageReply = MessageThread['replies'][number];
export type MessageState = MessageThread['state'];

/** Under the list's key: whatever refreshes the messages refreshes an open one too. */
export const messageThreadKey = (id: string) => [...adminKeys.messages(), 'thread', id] as const;

export async function getMessageThread(id: string) {
  return unwrap(await api.GET('/api/admin/contact-messages/{id}', { params: { path: { id } } }));
}

/** A reply's mail leaves within seconds: while one is on its way, look again until it has gone (or failed). */
const MAIL_ON_ITS_WAY_POLL_MS = 2_000;

export const messageThreadQueryOptions = (id: string) =>
  queryOptions({
    queryKey: messageThreadKey(id),
    queryFn: () => getMessageThread(id),
    refetchInterval: (query) =>
      query.state.data?.replies.some((reply) => reply.emailState === 'queued' || reply.emailState === 'sending')
        ? MAIL_ON_ITS_WAY_POLL_MS
        : false,
  });

export function useMessageThread(id: string) {
  return useQuery(messageThreadQueryOptions(id));
}
