import { Flame, Moon, Mountain, TreePine } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Image } from '@/components/ui/image';
import { artwork } from '@/config/artwork';
import { useServices } from '@/lib/api/catalogue/get-services';
import { formatPriceShort } from '@/lib/money';
import { useBooking } from '@/features/booking/booking-context';

const features = [
  { icon: TreePine, text: 'Hand-built of reclaimed cedar, tucked among old-growth pines' },
  { icon: Flame, text: 'Wood stove, outdoor soaking tub and a fire pit under the stars' },
  { icon: Moon, text: 'Sky-window loft bed, linen sheets and deep mountain quiet' },
  { icon: Mountain, text: 'Trailheads to Tahquitz Peak and Deer Springs from the door' },
];

export function TinyHome() {
  const { openBooking } = useBooking();
  // The nightly rate is the Tiny Home record's (the service booked as a stay), never written here.
  const stay = useServices().data?.find((service) => service.bookingKey === 'accommodation');
  return (
    <section aria-labelledby="tiny-home-heading" className="relative isolate overflow-hidden border-y border-gold/15 bg-surface">
      {/* Full-bleed picture: on top on phones, the right half on wide screens. */}
      <div className="relative h-80 sm:h-[28rem] lg:absolute lg:inset-y-0 lg:right-0 lg:h-auto lg:w-1/2">
        <Image
          image={artwork('tiny-home.webp')}
          sizes="(min-width: 1024px) 50vw, 100vw"
          alt="The cedar tiny home glowing at dusk among tall pines"
          className="absolute inset-0 size-full object-cover"
        />
        <div
          aria-hidden
          className="absolute inset-0 bg-gradient-to-t from-surface via-transparent to-transparent lg:bg-gradient-to-r lg:from-surface lg:via-surface/10"
        />
      </div>
      <div className="mx-auto max-w-7xl px-5 sm:px-8">
        <div className="py-16 lg:w-1/2 lg:py-32 lg:pr-16">
          <p className="eyebrow">Stay the Night</p>
          <h2 id="tiny-home-heading" className="mt-4 font-display text-4xl text-ivory sm:text-5xl lg:text-6xl">
            The Tiny Home Retreat
          </h2>
          <span className="gold-rule mt-6 bg-gold" />
          <p className="mt-8 text-lg text-sand">
            One cabin, one clearing, no neighbours but the jays. Our tiny home is a place to fall asleep to wind in the pines and wake to
            mountain light.
          </p>
          <ul className="mt-8 space-y-4">
            {features.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-start gap-4 text-sand">
                <Icon aria-hidden className="mt-1 size-5 shrink-0 text-gold" strokeWidth={1.5} />
                <span>{text}</span>
              </li>
            ))}
          </ul>
          <div className="mt-10 flex flex-wrap items-center gap-x-8 gap-y-6">
            {stay ? (
              <p className="text-sand" data-testid="tiny-home-rate">
                <span className="font-display text-5xl text-gold">{formatPriceShort(stay.price)}</span>
                <span className="ml-2 text-sm uppercase tracking-wide-2">/ night</span>
              </p>
            ) : null}
            <Button size="lg" onClick={() => openBooking('accommodation')}>
              check availability
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
