import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { adminKeys } from '../../shared/admin-keys';
import { notifyError, notifySuccess } from '../../shared/notify';
import type { ServiceFollowUpInput } from '../../shared/types';

/** Each service's words after a visit (the thank-you note's aftercare) and when its guests are invited back. */
export async function getServiceFollowUps() {
  return unwrap(await api.GET('/api/admin/service-follow-ups'));
}

export const serviceFollowUpsQueryOptions = () => queryOptions({ queryKey: adminKeys.serviceFollowUps(), queryFn: getServiceFollowUps });

export function useServiceFollowUps(enabled = true) {
  return useQuery({ ...serviceFollowUpsQueryOptions(), enabled });
}

export async function updateServiceFollowUp({ id, body }: { id: string; body: ServiceFollowUpInput }) {
  return unwrap(await api.PUT('/api/admin/service-follow-ups/{id}', { params: { path: { id } }, body }));
}

export function useUpdateServiceFollowUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateServiceFollowUp,
    onSuccess: () => notifySuccess('After the visit saved'),
    onError: (error) => notifyError(error, 'Failed to save after the visit'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.serviceFollowUps() }),
  });
}
