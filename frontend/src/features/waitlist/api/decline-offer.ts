import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { waitlistOfferKeys } from '@/lib/waitlist/waitlist';

/** Only ever on a press: the held place goes to the next guest on the list. The answer is the offer, declined. */
export async function declineOffer(token: string) {
  return unwrap(await api.POST('/api/waitlist/offer/decline', { params: { query: { token } } }));
}

export function useDeclineOffer(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => declineOffer(token),
    onSuccess: (offer) => queryClient.setQueryData(waitlistOfferKeys.detail(token), offer),
    // No longer held (taken, lapsed, declined in another tab): read it again, to say which.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: waitlistOfferKeys.detail(token) });
    },
  });
}
