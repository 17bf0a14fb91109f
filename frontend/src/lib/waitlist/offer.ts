import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';

/*
 * A place held for a guest on the waitlist, named by the token of her offer
 * mail: what it is, until when it is held, and where it stands. Read by the
 * offer page and by the booking dialog the offer's link opens.
 */

export const waitlistOfferKeys = {
  all: ['waitlist-offer'] as const,
  detail: (token: string) => [...waitlistOfferKeys.all, token] as const,
};

export async function getWaitlistOffer(token: string) {
  return unwrap(await api.GET('/api/waitlist/offer', { params: { query: { token } } }));
}

/** Asked afresh each time it is shown: a hold lapses, or is taken, while the page waits. */
export const waitlistOfferQueryOptions = (token: string) =>
  queryOptions({ queryKey: waitlistOfferKeys.detail(token), queryFn: () => getWaitlistOffer(token), staleTime: 0 });

export function useWaitlistOffer(token: string | null | undefined) {
  return useQuery({ ...waitlistOfferQueryOptions(token ?? ''), enabled: Boolean(token) });
}
