import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { adminKeys } from '../../shared/admin-keys';
import { notifySuccess } from '../../shared/notify';

export async function deleteBlackout(id: string) {
  await api.DELETE('/api/admin/blackout-dates/{id}', { params: { path: { id } } });
}

/** Spec §8: blackout removal has a success toast and no error toast. */
export function useDeleteBlackout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBlackout,
    onSuccess: () => notifySuccess('Blackout dates removed'),
    onError: (error) => console.error('Removing blackout dates failed', error),
    onSettled: async () => {
      // The days it closed open again: their capacity changes with it.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.blackouts() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.capacityAll() }),
      ]);
    },
  });
}
