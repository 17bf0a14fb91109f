import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serviceKeys } from '@/lib/api/catalogue/keys';
import { api } from '@/lib/api/client';
import { adminKeys } from '../../shared/admin-keys';
import { notifyError, notifySuccess } from '../../shared/notify';

export async function deleteService(id: string) {
  await api.DELETE('/api/admin/services/{id}', { params: { path: { id } } });
}

/** Deleting a service deletes its availability entries (cascade), so those refresh too. */
export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteService,
    onSuccess: () => notifySuccess('Service deleted successfully'),
    onError: (error) => notifyError(error, 'Failed to delete service'),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: serviceKeys.all }),
        queryClient.invalidateQueries({ queryKey: adminKeys.availabilityAll() }),
      ]),
  });
}
