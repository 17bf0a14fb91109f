import { Clock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Image } from '@/components/ui/image';
import type { BookingServiceKey } from '@/config/site';
import { formatPriceShort } from '@/lib/money';
import type { Service } from '@/lib/api/types';
import { cn } from '@/lib/cn';
import { formatDuration } from '@/lib/format';
import { mediaImage } from '@/lib/responsive-image';

export type OnBook = (service?: BookingServiceKey) => void;

/*
 * On phones the picture tops the card, as wide as the page's column. From `sm`
 * it fills the card's left two fifths, as tall as the card's text (about
 * 25rem): a landscape picture covering that box is drawn by its height, about
 * 40rem wide, whatever the screen's width.
 */
const serviceCardImageSizes = '(min-width: 640px) 40rem, calc(100vw - 40px)';

export function ServiceCard({
  service,
  onBook,
  compact = false,
  priority = false,
  rating,
}: {
  service: Service;
  /** Opens the booking dialog (composed by the page) with this service chosen. */
  onBook: OnBook;
  compact?: boolean;
  /** The card's picture is the largest of the page's first screen. */
  priority?: boolean;
  /** Beside the duration: the guests' rating (the services page's, kept out of the home page's code). */
  rating?: ReactNode;
}) {
  // A stay is priced per night (docs/decisions.md §9).
  const nightly = service.bookingKey === 'accommodation';
  return (
    <article
      className="group flex flex-col overflow-hidden border border-line bg-surface transition-colors duration-500 hover:border-gold/50 sm:flex-row"
      data-testid="service-card"
    >
      <div className="relative aspect-[4/3] shrink-0 overflow-hidden bg-surface-3 sm:aspect-auto sm:w-2/5">
        <Image
          image={mediaImage(service.image, service.imageSize)}
          sizes={serviceCardImageSizes}
          priority={priority}
          alt={service.name}
          className="size-full object-cover transition-transform duration-[1200ms] ease-calm group-hover:scale-105 sm:absolute sm:inset-0"
        />
      </div>
      <div className="flex flex-1 flex-col p-6 sm:p-8">
        <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
          <p className="flex items-center gap-2 text-[0.7rem] uppercase tracking-luxe text-gold">
            <Clock aria-hidden className="size-3.5" />
            {formatDuration(service.duration)}
          </p>
          {rating}
        </div>
        <h3 className="mt-3 font-display text-3xl leading-tight text-ivory sm:text-[2.1rem]">{service.name}</h3>
        <div className="mt-4 flex-1">
          <p className={cn('text-sand', compact && 'line-clamp-4')}>{service.description}</p>
        </div>
        <div className="mt-6 flex items-center justify-between gap-4 border-t border-line pt-5">
          <p className="text-sand">
            <span className="font-display text-3xl text-ivory">{formatPriceShort(service.price)}</span>
            {nightly ? <span className="ml-1 text-sm"> / night</span> : null}
          </p>
          <Button variant="outline" onClick={() => onBook(service.bookingKey ?? undefined)} aria-label={`book now: ${service.name}`}>
            book now
          </Button>
        </div>
      </div>
    </article>
  );
}

export function ServiceCardSkeleton() {
  return (
    <div className="flex flex-col border border-line bg-surface sm:flex-row" data-testid="service-skeleton">
      <div className="aspect-[4/3] animate-pulse bg-surface-3 sm:aspect-auto sm:min-h-72 sm:w-2/5" />
      <div className="flex-1 space-y-4 p-8">
        <div className="h-3 w-1/4 animate-pulse bg-surface-3" />
        <div className="h-8 w-2/3 animate-pulse bg-surface-3" />
        <div className="h-24 w-full animate-pulse bg-surface-3" />
      </div>
    </div>
  );
}
