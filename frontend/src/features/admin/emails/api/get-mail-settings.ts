import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { adminKeys } from '../../shared/admin-keys';

export async function getMailSettings() {
  return unwrap(await api.GET('/api/admin/mail-settings'));
}

export const mailSettingsQueryOptions = () => queryOptions({ queryKey: adminKeys.mailSettings(), queryFn: getMailSettings });

export function useMailSettings() {
  return useQuery(mailSettingsQueryOptions());
}
