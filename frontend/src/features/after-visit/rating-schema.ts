import type { VisitRating, VisitRatingInput } from '@/lib/api/types';
import { z } from '@/lib/zod';

/** The longest comment, as the server counts it (domain::after_visit). */
export const COMMENT_MAX = 1000;

/*
 * What the browser can tell at once: stars from 1 to 5 and a comment within
 * its length. The server has the last word (its 422 names the field).
 */
export const ratingSchema = z.object({
  stars: z.string().regex(/^[1-5]$/, 'Please choose from 1 to 5 stars'),
  comment: z.string().max(COMMENT_MAX, 'A comment is at most 1,000 characters'),
  mayQuote: z.boolean(),
});

export type RatingFormValues = z.input<typeof ratingSchema>;
export const ratingFields = ['stars', 'comment'] as const;

/** The form as her rating so far left it (empty for a first rating). */
export function ratingToForm(rating: VisitRating['rating']): RatingFormValues {
  return {
    stars: rating ? String(rating.stars) : '',
    comment: rating?.comment ?? '',
    mayQuote: rating?.mayQuote ?? false,
  };
}

/** What is sent: a blank comment is none. */
export function formToRating(values: RatingFormValues): VisitRatingInput {
  const comment = values.comment.trim();
  return { stars: Number(values.stars), comment: comment === '' ? null : comment, mayQuote: values.mayQuote };
}
