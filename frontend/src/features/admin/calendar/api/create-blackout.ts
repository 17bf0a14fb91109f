import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { adminKeys } from '../../shared/admin-keys';
import { notifyError, notifySuccess } from '../../shared/notify';
import type { BlackoutInput } from '../../shared/types';

export async function createBlackout(body: BlackoutInput) {
  return unwrap(await api.POST('/api/admin/blackout-dates', { body }));
}

export function useCreateBlackout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBlackout,
    onSuccess: () => notifySuccess('Blackout dates created successfully'),
    onError: (error) => notifyError(error, 'Failed to create blackout dates'),
    onSettled: async () => {
      // Covered bookings may have been cancelled with it, giving capacity back.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.blackouts() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.bookings() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.availabilityAll() }),
      ]);
    },
  });
}
