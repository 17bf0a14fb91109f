import { Star } from 'lucide-react';
import { STAR_CHOICES } from '@/lib/ratings';
import { cn } from '@/lib/cn';

/**
 * Five stars, `filled` of them in gold: drawn only (aria-hidden), so the
 * words beside them (ratings.ts) are what a screen reader hears.
 */
export function Stars({ filled, className, starClassName }: { filled: number; className?: string; starClassName?: string }) {
  return (
    <span aria-hidden className={cn('inline-flex items-center gap-0.5', className)}>
      {STAR_CHOICES.map((n) => (
        <Star
          key={n}
          strokeWidth={1.5}
          className={cn('size-3.5', n <= filled ? 'fill-gold text-gold' : 'fill-transparent text-gold/40', starClassName)}
        />
      ))}
    </span>
  );
}
