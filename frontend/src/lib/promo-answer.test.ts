import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { promoAnswer } from './promo-answer';

const answered = { isSuccess: true, isPlaceholderData: false, isError: false, data: { total: '76.50' }, error: null };

describe('promoAnswer', () => {
  it('shows nothing without a code', () => {
    expect(promoAnswer(null, answered)).toEqual({ quoted: null, error: null });
  });
  it('shows the server’s figures for this code, not the last code’s kept while loading', () => {
    expect(promoAnswer('SPA', answered).quoted).toEqual({ total: '76.50' });
    expect(promoAnswer('SPA', { ...answered, isPlaceholderData: true }).quoted).toBeNull();
  });
  it('says why, in the server’s words', () => {
    const refused = new ApiError(
      409,
      'Conflict',
      JSON.stringify({ code: 'promo_code_refused', message: 'This promo code has been fully redeemed' }),
    );
    const failed = { isSuccess: false, isPlaceholderData: false, isError: true, data: undefined, error: refused };
    expect(promoAnswer('SPA', failed)).toEqual({ quoted: null, error: 'This promo code has been fully redeemed' });
  });
});
