import { Clock } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { bookingKeyForServiceName } from '@/config/site';
import { useBooking } from '@/features/booking/booking-context';
import { formatPriceShort } from '@/features/cart/money';
import type { Service } from '@/lib/api/types';

export function ServiceCard({ service, headingLevel = 'h3' }: { service: Service; headingLevel?: 'h2' | 'h3' }) {
  const { openBooking } = useBooking();
  const Heading = headingLevel;
  return (
    <article className="group flex flex-col border border-line bg-surface transition-colors duration-500 hover:border-gold/50">
      <div className="relative aspect-[4/3] overflow-hidden bg-surface-3">
        <img
          src={service.image}
          alt={service.name}
          loading="lazy"
          className="size-full object-cover transition-transform duration-[1200ms] ease-calm group-hover:scale-105"
        />
        <div aria-hidden className="absolute inset-0 bg-gradient-to-t from-ink/70 via-transparent to-transparent" />
        <p className="absolute bottom-4 left-5 font-display text-3xl text-ivory">{formatPriceShort(service.price)}</p>
      </div>
      <div className="flex flex-1 flex-col p-6 sm:p-7">
        <Heading className="font-display text-3xl text-ivory">{service.name}</Heading>
        <p className="mt-2 flex items-center gap-2 text-[0.7rem] uppercase tracking-luxe text-gold">
          <Clock aria-hidden className="size-3.5" />
          {service.duration} minutes
        </p>
        <p className="mt-4 flex-1 text-sand">{service.description}</p>
        <Button
          variant="outline"
          className="mt-6 self-start"
          onClick={() => openBooking(bookingKeyForServiceName(service.name))}
          aria-label={`book now: ${service.name}`}
        >
          book now
        </Button>
      </div>
    </article>
  );
}

export function ServiceCardSkeleton() {
  return (
    <div className="border border-line bg-surface" data-testid="service-skeleton">
      <div className="aspect-[4/3] animate-pulse bg-surface-3" />
      <div className="space-y-4 p-7">
        <div className="h-7 w-2/3 animate-pulse bg-surface-3" />
        <div className="h-3 w-1/4 animate-pulse bg-surface-3" />
        <div className="h-16 w-full animate-pulse bg-surface-3" />
      </div>
    </div>
  );
}
