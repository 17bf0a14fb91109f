import { ApiError, preferServerMessage } from '@/lib/api/errors';
import type { QuoteCodes } from './api/quote';

type QuoteQuery<T> = { isSuccess: boolean; isPlaceholderData: boolean; isError: boolean; data: T | undefined; error: unknown };

/** What a quote says about a gift card (the Quote's additive fields). */
type GiftCardFigures = { giftCardAmount?: string; giftCardLastFour?: string | null; giftCardRefusal?: string | null };

export type QuoteAnswer<T> = {
  /** The server's figures for these codes and this cart (not the last ones kept on screen while the next load). */
  quoted: T | null;
  promoError: string | null;
  giftCardError: string | null;
  /** The gift card the server accepted, and what it pays of the order. */
  giftCard: { lastFour: string; amount: string } | null;
};

/**
 * What the server answered about the checkout's codes (docs/decisions.md
 * §15, §16). A refused promo code fails the whole quote (409, with the
 * reason); a gift card that cannot pay is an answer (`giftCardRefusal`), and
 * a malformed one a field error of the 400.
 */
export function quoteAnswer<T extends GiftCardFigures>(codes: QuoteCodes, quote: QuoteQuery<T>): QuoteAnswer<T> {
  const none: QuoteAnswer<T> = { quoted: null, promoError: null, giftCardError: null, giftCard: null };
  if (codes.promoCode === null && codes.giftCard === null) return none;
  if (quote.isError) {
    const giftCardField = quote.error instanceof ApiError ? quote.error.fieldErrors.giftCard : undefined;
    if (codes.giftCard !== null && giftCardField) return { ...none, giftCardError: giftCardField };
    if (codes.promoCode !== null) return { ...none, promoError: preferServerMessage(quote.error, 'This promo code could not be checked.') };
    return { ...none, giftCardError: preferServerMessage(quote.error, 'This gift card could not be checked.') };
  }
  const quoted = quote.isSuccess && !quote.isPlaceholderData ? (quote.data ?? null) : null;
  if (!quoted || codes.giftCard === null) return { ...none, quoted };
  if (quoted.giftCardRefusal) return { ...none, quoted, giftCardError: quoted.giftCardRefusal };
  if (!quoted.giftCardLastFour) return { ...none, quoted };
  return { ...none, quoted, giftCard: { lastFour: quoted.giftCardLastFour, amount: quoted.giftCardAmount ?? '0.00' } };
}
