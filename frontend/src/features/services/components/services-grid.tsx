import { LoadError } from '@/components/ui/state';
import { cn } from '@/lib/cn';
import { useServices } from '../api/get-services';
import { ServiceCard, ServiceCardSkeleton } from './service-card';

export function ServicesGrid({ placeholders, className }: { placeholders: number; className?: string }) {
  const { data, isPending, isError } = useServices();
  const grid = cn('grid gap-6 sm:grid-cols-2 lg:grid-cols-3 lg:gap-8', className);
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
    <div className={cn(grid, data.length === 4 && 'lg:grid-cols-2 xl:grid-cols-4')}>
      {data.map((service) => (
        <ServiceCard key={service.id} service={service} />
      ))}
    </div>
  );
}
