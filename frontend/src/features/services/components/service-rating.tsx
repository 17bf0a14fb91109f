import { Stars } from '@/components/ui/stars';
import type { RatingSummary } from '@/lib/api/types';
import { filledStars, formatAverage, ratingsCount, ratingSummaryLabel } from '@/lib/ratings';

/** "★★★★★ 4.6 · 12 ratings" on a service's card, heard as "Rated 4.6 out of 5 from 12 guests". */
export function ServiceRating({ rating }: { rating: Pick<RatingSummary, 'average' | 'count'> }) {
  return (
    <p className="flex items-center gap-2 text-[0.7rem] uppercase tracking-luxe text-sand" data-testid="service-rating">
      <Stars filled={filledStars(rating.average)} className="-mt-px" starClassName="size-3" />
      <span aria-hidden>
        <span className="text-gold-light">{formatAverage(rating.average)}</span> · {ratingsCount(rating.count)}
      </span>
      <span className="sr-only">{ratingSummaryLabel(rating.average, rating.count)}</span>
    </p>
  );
}
