import { preferServerMessage } from '@/lib/api/errors';

type QuoteQuery<T> = { isSuccess: boolean; isPlaceholderData: boolean; isError: boolean; data: T | undefined; error: unknown };

/**
 * What the server answered about a promo code (docs/decisions.md §15): its
 * priced figures once they are for this code and cart (not the previous
 * answer kept on screen while the next one loads), or why it does not apply.
 */
export function promoAnswer<T>(code: string | null, quote: QuoteQuery<T>): { quoted: T | null; error: string | null } {
  if (code === null) return { quoted: null, error: null };
  return {
    quoted: quote.isSuccess && !quote.isPlaceholderData ? (quote.data ?? null) : null,
    error: quote.isError ? preferServerMessage(quote.error, 'This promo code could not be checked.') : null,
  };
}
