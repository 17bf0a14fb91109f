import { LoadError } from '@/components/ui/state';
import { cn } from '@/lib/cn';
import { useServices } from '@/lib/api/catalogue/get-services';
import type { RatingSummary } from '@/lib/api/types';
import { ServiceCard, ServiceCardSkeleton, type OnBook } from './service-card';

export function ServicesGrid({
  placeholders,
  onBook,
  compact = false,
  priorityFirst = false,
  ratings,
  className,
}: {
  placeholders: number;
  onBook: OnBook;
  compact?: boolean;
  /** The first card's picture is the largest of the page's first screen. */
  priorityFirst?: boolean;
  /** The guests' ratings, shown on the cards of the services rated (the services page only). */
  ratings?: readonly RatingSummary[];
  className?: string;
}) {
  const { data, isPending, isError } = useServices();
  const grid = cn('grid gap-6 lg:grid-cols-2 lg:gap-8', className);
  if (isPending) {
    return (
      <div className={grid} aria-busy="true" aria-label="Loading services">
        {Array.from({ length: placeholders }, (_, i) => (
          <ServiceCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (isError) return <LoadError what="services" />;
  return (
    <div className={grid}>
      {data.map((service, i) => (
        <ServiceCard
          key={service.id}
          service={service}
          onBook={onBook}
          compact={compact}
          priority={priorityFirst && i === 0}
          rating={ratings?.find((rating) => service.bookingKey != null && rating.serviceKey === service.bookingKey)}
        />
      ))}
    </div>
  );
}
