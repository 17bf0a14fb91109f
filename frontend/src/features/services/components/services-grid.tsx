import { LoadError } from '@/components/ui/state';
import { cn } from '@/lib/cn';
import { useServices } from '@/lib/api/catalogue/get-services';
import type { ReactNode } from 'react';
import type { Service } from '@/lib/api/types';
import { ServiceCard, ServiceCardSkeleton, type OnBook } from './service-card';

export function ServicesGrid({
  placeholders,
  onBook,
  compact = false,
  priorityFirst = false,
  ratingOf,
  className,
}: {
  placeholders: number;
  onBook: OnBook;
  compact?: boolean;
  /** The first card's picture is the largest of the page's first screen. */
  priorityFirst?: boolean;
  /** A card's rating line, beside its duration (the services page's only). */
  ratingOf?: (service: Service) => ReactNode;
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
          rating={ratingOf?.(service)}
        />
      ))}
    </div>
  );
}
