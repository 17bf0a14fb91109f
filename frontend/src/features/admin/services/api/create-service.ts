import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serviceKeys } from '@/lib/api/catalogue/keys';
import { api, unwrap } from '@/lib/api/client';
import { notifyError, notifySuccess } from '../../shared/notify';
import type { ServiceInput } from '../../shared/types';

export async function createService(body: ServiceInput) {
  return unwrap(await api.POST('/api/services', { body }));
}

export function useCreateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createService,
    onSuccess: () => notifySuccess('Service created successfully'),
    onError: (error) => notifyError(error, 'Failed to create service'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: serviceKeys.all }),
  });
}
