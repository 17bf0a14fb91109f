import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serviceKeys } from '@/lib/api/catalogue/keys';
import { api, unwrap } from '@/lib/api/client';
import { adminKeys } from '../../shared/admin-keys';
import { notifyError, notifySuccess } from '../../shared/notify';
import type { ServiceInput } from '../../shared/types';

export async function updateService({ id, body }: { id: string; body: ServiceInput }) {
  return unwrap(await api.PUT('/api/admin/services/{id}', { params: { path: { id } }, body }));
}

/** The calendar shows service names, so its entries refresh with the list. */
export function useUpdateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateService,
    onSuccess: () => notifySuccess('Service updated successfully'),
    onError: (error) => notifyError(error, 'Failed to update service'),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: serviceKeys.all }),
        queryClient.invalidateQueries({ queryKey: adminKeys.availabilityAll() }),
      ]),
  });
}
