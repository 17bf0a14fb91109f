import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { quoteAnswer } from './quote-answer';

type Figures = {
  total: string;
  amountDue: string;
  giftCardAmount: string;
  giftCardLastFour: string | null;
  giftCardRefusal: string | null;
};

const figures: Figures = { total: '51.72', amountDue: '0.00', giftCardAmount: '51.72', giftCardLastFour: 'BC4E', giftCardRefusal: null };
const answered = (data: Figures) => ({ isSuccess: true, isPlaceholderData: false, isError: false, data, error: null });
const failed = (status: number, body: object) => ({
  isSuccess: false,
  isPlaceholderData: false,
  isError: true,
  data: undefined,
  error: new ApiError(status, 'Error', JSON.stringify(body)),
});

describe('quoteAnswer', () => {
  it('shows nothing without a code', () => {
    expect(quoteAnswer({ promoCode: null, giftCard: null }, answered(figures))).toEqual({
      quoted: null,
      promoError: null,
      giftCardError: null,
      giftCard: null,
    });
  });

  it('shows the card the server accepted, by its last four, and what it pays', () => {
    const answer = quoteAnswer({ promoCode: null, giftCard: 'K7QMR2XD9HPTWV3ABC4E' }, answered(figures));
    expect(answer.giftCard).toEqual({ lastFour: 'BC4E', amount: '51.72' });
    expect(answer.quoted).toEqual(figures);
    expect(answer.giftCardError).toBeNull();
  });

  it('never shows the figures kept from the last codes while the next answer loads', () => {
    const loading = { ...answered(figures), isPlaceholderData: true };
    expect(quoteAnswer({ promoCode: null, giftCard: 'K7QM' }, loading)).toMatchObject({ quoted: null, giftCard: null });
  });

  it('says why a card cannot pay, in the server’s words, and keeps the rest of the quote', () => {
    const refused = {
      ...figures,
      amountDue: '51.72',
      giftCardAmount: '0.00',
      giftCardLastFour: null,
      giftCardRefusal: 'This gift card has no balance left',
    };
    const answer = quoteAnswer({ promoCode: 'SPRING', giftCard: 'K7QM' }, answered(refused));
    expect(answer).toMatchObject({ giftCard: null, giftCardError: 'This gift card has no balance left', promoError: null });
    expect(answer.quoted).toEqual(refused);
  });

  it('puts a refused promo code under the promo field, a malformed card under the card field', () => {
    const promoRefused = failed(409, { code: 'promo_code_refused', message: 'This promo code has expired' });
    expect(quoteAnswer({ promoCode: 'OLD', giftCard: 'K7QM' }, promoRefused)).toMatchObject({
      promoError: 'This promo code has expired',
      giftCardError: null,
    });
    const malformed = failed(400, {
      code: 'validation_failed',
      message: 'Invalid fields',
      errors: { giftCard: 'A gift card code is 20 letters and digits, as printed on the card' },
    });
    expect(quoteAnswer({ promoCode: 'SPRING', giftCard: 'K7' }, malformed)).toMatchObject({
      promoError: null,
      giftCardError: 'A gift card code is 20 letters and digits, as printed on the card',
    });
    expect(
      quoteAnswer({ promoCode: null, giftCard: 'K7QM' }, failed(429, { code: 'rate_limited', message: 'Too many requests' })),
    ).toMatchObject({
      giftCardError: 'Too many requests',
    });
  });
});
