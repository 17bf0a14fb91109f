import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { ResponseOf } from '@/lib/api/types';

/** A cart priced by the server with a promo code: the figures the order then claims. */
export type Quote = ResponseOf<'/api/checkout/quote', 'post'>;

export type QuoteLine = { productId: string; quantity: number };

/**
 * The server's price of these lines with `code` (docs/decisions.md §15): the
 * browser never computes a discount itself. Asked again when the cart
 * changes; nothing is asked without a code.
 */
export function useQuote(lines: readonly QuoteLine[], code: string | null) {
  return useQuery({
    queryKey: ['checkout-quote', code, lines] as const,
    queryFn: async () => unwrap(await api.POST('/api/checkout/quote', { body: { items: [...lines], promoCode: code } })),
    enabled: code !== null && lines.length > 0,
    // A refused code is an answer, not a failure to retry.
    retry: false,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
