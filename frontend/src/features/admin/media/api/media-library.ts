import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { adminKeys } from '../../shared/admin-keys';
import { notifyError, notifySuccess } from '../../shared/notify';

export function useMediaLibrary() {
  return useQuery({
    queryKey: adminKeys.mediaLibrary(),
    queryFn: async ({ signal }) => unwrap(await api.GET('/api/admin/media', { signal })),
    staleTime: 0,
  });
}

export function useDeleteMediaFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      await api.DELETE('/api/admin/media/{name}', { params: { path: { name } } });
    },
    onSuccess: () => notifySuccess('File deleted'),
    onError: (error) => notifyError(error, 'The file could not be deleted.'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.mediaLibrary() }),
  });
}
