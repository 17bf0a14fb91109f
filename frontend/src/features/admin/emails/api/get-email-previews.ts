import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { adminKeys } from '../../shared/admin-keys';

export async function getEmailPreviews() {
  return unwrap(await api.GET('/api/admin/email-previews'));
}

export const emailPreviewsQueryOptions = () => queryOptions({ queryKey: adminKeys.emailPreviews(), queryFn: getEmailPreviews });

/** Every template rendered with demo data; asked only once the previews are opened. */
export function useEmailPreviews(enabled: boolean) {
  return useQuery({ ...emailPreviewsQueryOptions(), enabled });
}
