import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { adminKeys } from '../../shared/admin-keys';
import { notifyError, notifySuccess } from '../../shared/notify';

export async function deleteAvailability(id: string) {
  await api.DELETE('/api/admin/availability/{id}', { params: { path: { id } } });
}

/** Removes a mistaken entry; the bookings it capped stay (not in the spec, so its own texts). */
export function useDeleteAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAvailability,
    onSuccess: () => notifySuccess('Availability entry removed'),
    onError: (error) => notifyError(error, 'Failed to remove availability entry'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.availabilityAll() }),
  });
}
