import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { RequestBodyOf, ResponseOf } from '@/lib/api/types';
import { adminKeys } from '../../shared/admin-keys';
import { notifyError, notifySuccess } from '../../shared/notify';

export type VisitSettingsInput = RequestBodyOf<'/api/admin/visit-settings', 'put'>;
export type VisitSettings = ResponseOf<'/api/admin/visit-settings', 'get'>;

/** The owner's settings for guests' visits: how many free moves a booking has, and when guests are reminded. */
export const visitSettingsKey = () => [...adminKeys.all, 'visit-settings'] as const;

export async function getVisitSettings() {
  return unwrap(await api.GET('/api/admin/visit-settings'));
}

export function useVisitSettings() {
  return useQuery({ queryKey: visitSettingsKey(), queryFn: getVisitSettings });
}

export async function saveVisitSettings(body: VisitSettingsInput) {
  return unwrap(await api.PUT('/api/admin/visit-settings', { body }));
}

export function useSaveVisitSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveVisitSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(visitSettingsKey(), saved);
      notifySuccess('Visit settings saved');
    },
    onError: (error) => notifyError(error, 'Failed to save the visit settings'),
  });
}
