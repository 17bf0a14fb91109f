import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ratingKeys } from '@/lib/api/catalogue/keys';
import { api, unwrap } from '@/lib/api/client';
import { adminKeys } from '../../shared/admin-keys';
import { notifyError, notifySuccess } from '../../shared/notify';

/** The retreat's public reply under a rating; none (or blank) removes it. */
export async function replyToRating({ id, reply }: { id: string; reply: string | null }) {
  return unwrap(await api.PUT('/api/admin/ratings/{id}/reply', { params: { path: { id } }, body: { reply } }));
}

/** The services page shows the replies: its ratings refresh with the dashboard's. */
export function useReplyToRating() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToRating,
    onSuccess: (saved) => notifySuccess(saved.reply ? 'Reply saved' : 'Reply removed'),
    onError: (error) => notifyError(error, 'Failed to save the reply'),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.ratings() }),
        queryClient.invalidateQueries({ queryKey: ratingKeys.all }),
      ]),
  });
}
