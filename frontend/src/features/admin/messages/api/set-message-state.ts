import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { adminKeys } from '../../shared/admin-keys';
import { notifyError } from '../../shared/notify';
import { messageThreadKey, type MessageState, type MessageThread } from './get-message-thread';

export async function setMessageState({ id, state }: { id: string; state: MessageState }) {
  return unwrap(await api.PUT('/api/admin/contact-messages/{id}/state', { params: { path: { id } }, body: { state } }));
}

/** Quiet on success: opening a message marks it read without a word; the buttons say what they did. */
export function useSetMessageState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMessageState,
    onSuccess: async (message) => {
      // A first read of the thread that left before this change may still answer the old state
      // (a refetch would join it, not replace it): drop it, so the refetch below reads anew.
      await queryClient.cancelQueries({ queryKey: messageThreadKey(message.id) });
      queryClient.setQueryData<MessageThread>(messageThreadKey(message.id), (thread) => (thread ? { ...thread, ...message } : thread));
    },
    onError: (error) => notifyError(error, 'Failed to update the message'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.messages() }),
  });
}
