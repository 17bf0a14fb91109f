import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { adminKeys } from '../../shared/admin-keys';

export async function getMessages() {
  return unwrap(await api.GET('/api/contact-messages'));
}

export const messagesQueryOptions = () => queryOptions({ queryKey: adminKeys.messages(), queryFn: getMessages });

export function useMessages() {
  return useQuery(messagesQueryOptions());
}
