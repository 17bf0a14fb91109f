import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ratingKeys } from '@/lib/api/catalogue/keys';
import { api, unwrap } from '@/lib/api/client';
import { adminKeys } from '../../shared/admin-keys';
import { notifyError, notifySuccess } from '../../shared/notify';
import type { HideRuleKey } from '../../shared/types';

/** Takes a rating down under one of the written rules (its author is told by mail), or shows it again (`rule: null`). */
export async function setRatingHidden({ id, rule }: { id: string; rule: HideRuleKey | null }) {
  return unwrap(await api.PUT('/api/admin/ratings/{id}/hidden', { params: { path: { id } }, body: { rule } }));
}

export function useSetRatingHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRatingHidden,
    onSuccess: (saved) =>
      notifySuccess(saved.hidden ? 'The rating is taken down; its author is told by mail why' : 'The rating shows again'),
    onError: (error) => notifyError(error, 'Failed to change the rating'),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.ratings() }),
        queryClient.invalidateQueries({ queryKey: ratingKeys.all }),
        // The author's mail is in the outbox.
        queryClient.invalidateQueries({ queryKey: adminKeys.emails() }),
      ]),
  });
}
