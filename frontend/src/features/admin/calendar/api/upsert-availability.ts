import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { adminKeys } from '../../shared/admin-keys';
import { notifyError, notifySuccess } from '../../shared/notify';
import type { AvailabilityInput } from '../../shared/types';

export async function upsertAvailability(body: AvailabilityInput) {
  return unwrap(await api.POST('/api/admin/availability', { body }));
}

export function useUpsertAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upsertAvailability,
    onSuccess: () => notifySuccess('Availability updated successfully'),
    onError: (error) => notifyError(error, 'Failed to update availability'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.availabilityAll() }),
  });
}
