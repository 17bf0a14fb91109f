import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { ResponseOf } from '@/lib/api/types';

/** A cart priced by the server with a promo code and/or a gift card: the figures the order then claims. */
export type Quote = ResponseOf<'/api/checkout/quote', 'post'>;

export type QuoteLine = { productId: string; quantity: number };

/** The codes the guest applied; null for none. */
export type QuoteCodes = { promoCode: string | null; giftCard: string | null };

/**
 * The server's price of these lines with the codes (docs/decisions.md §15,
 * §16): the browser never computes a discount, nor what a gift card pays,
 * itself. Asked again when the cart changes; nothing is asked without a code.
 */
export function useQuote(lines: readonly QuoteLine[], { promoCode, giftCard }: QuoteCodes) {
  return useQuery({
    queryKey: ['checkout-quote', promoCode, giftCard, lines] as const,
    queryFn: async () =>
      unwrap(await api.POST('/api/checkout/quote', { body: { items: [...lines], promoCode, ...(giftCard ? { giftCard } : {}) } })),
    enabled: (promoCode !== null || giftCard !== null) && lines.length > 0,
    // A refused code is an answer, not a failure to retry.
    retry: false,
    // Asked even when the browser reports "offline" (as the order is sent): a
    // quote held back would leave a press on PLACE ORDER without the figures it waits for.
    networkMode: 'always',
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
