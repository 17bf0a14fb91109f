import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { adminKeys } from '../../shared/admin-keys';
import { notifyError, notifySuccess } from '../../shared/notify';

export async function replyToMessage({ id, message }: { id: string; message: string }) {
  return unwrap(await api.POST('/api/admin/contact-messages/{id}/replies', { params: { path: { id } }, body: { message } }));
}

export function useReplyToMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToMessage,
    onSuccess: () => notifySuccess('Reply sent'),
    onError: (error) => notifyError(error, 'Failed to send the reply'),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.messages() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.emails() }),
      ]),
  });
}
