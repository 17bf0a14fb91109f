import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { adminKeys } from '../../shared/admin-keys';
import { notifyError, notifySuccess } from '../../shared/notify';

export async function deleteMessage(id: string) {
  await api.DELETE('/api/admin/contact-messages/{id}', { params: { path: { id } } });
}

export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMessage,
    onSuccess: () => notifySuccess('Message deleted successfully'),
    onError: (error) => notifyError(error, 'Failed to delete message'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.messages() }),
  });
}
