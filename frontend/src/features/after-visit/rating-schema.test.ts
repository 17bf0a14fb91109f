import { describe, expect, it } from 'vitest';
import { formToRating, ratingSchema, ratingToForm } from './rating-schema';

describe('the rating form', () => {
  it('asks for stars from 1 to 5', () => {
    expect(ratingSchema.safeParse({ stars: '', comment: '', mayQuote: false }).success).toBe(false);
    expect(ratingSchema.safeParse({ stars: '6', comment: '', mayQuote: false }).success).toBe(false);
    expect(ratingSchema.safeParse({ stars: '1', comment: '', mayQuote: false }).success).toBe(true);
    expect(ratingSchema.safeParse({ stars: '5', comment: '', mayQuote: true }).success).toBe(true);
  });

  it('takes a comment of up to 1,000 characters', () => {
    expect(ratingSchema.safeParse({ stars: '3', comment: 'x'.repeat(1000), mayQuote: false }).success).toBe(true);
    const long = ratingSchema.safeParse({ stars: '3', comment: 'x'.repeat(1001), mayQuote: false });
    expect(long.success).toBe(false);
    expect(long.error?.issues[0]?.message).toBe('A comment is at most 1,000 characters');
  });

  it('starts empty, or from her rating so far', () => {
    expect(ratingToForm(null)).toEqual({ stars: '', comment: '', mayQuote: false });
    expect(
      ratingToForm({
        stars: 2,
        comment: 'Too cold',
        mayQuote: true,
        changeableUntil: '2026-12-29T08:00:00Z',
        hidden: false,
        reply: null,
      }),
    ).toEqual({ stars: '2', comment: 'Too cold', mayQuote: true });
  });

  it('sends a blank comment as none, and a comment trimmed', () => {
    expect(formToRating({ stars: '4', comment: '   ', mayQuote: true })).toEqual({ stars: 4, comment: null, mayQuote: true });
    expect(formToRating({ stars: '2', comment: ' Too cold \n', mayQuote: false })).toEqual({
      stars: 2,
      comment: 'Too cold',
      mayQuote: false,
    });
  });
});
