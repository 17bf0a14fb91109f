import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { adminKeys } from '../../shared/admin-keys';

export async function getEmail(id: string) {
  return unwrap(await api.GET('/api/admin/emails/{id}', { params: { path: { id } } }));
}

export const emailQueryOptions = (id: string) => queryOptions({ queryKey: adminKeys.email(id), queryFn: () => getEmail(id), staleTime: 0 });

/** One message with its text, HTML and attempts; asked only while its dialog is open. */
export function useEmail(id: string | undefined) {
  return useQuery({ ...emailQueryOptions(id ?? ''), enabled: Boolean(id) });
}
