import { Flame, Moon, Mountain, TreePine } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { artwork } from '@/config/artwork';
import { TINY_HOME_NIGHTLY } from '@/config/site';
import { useBooking } from '@/features/booking/booking-context';

const features = [
  { icon: TreePine, text: 'Hand-built of reclaimed cedar, tucked among old-growth pines' },
  { icon: Flame, text: 'Wood stove, outdoor soaking tub and a fire pit under the stars' },
  { icon: Moon, text: 'Sky-window loft bed, linen sheets and blackout quiet' },
  { icon: Mountain, text: 'Trailheads to Suicide Rock and Tahquitz Peak from the door' },
];

export function TinyHome() {
  const { openBooking } = useBooking();
  const image = artwork('tiny-home.webp');
  return (
    <section aria-labelledby="tiny-home-heading" className="relative isolate overflow-hidden bg-surface">
      <div className="mx-auto grid max-w-7xl lg:grid-cols-2">
        <div className="relative min-h-80 lg:order-2 lg:min-h-[40rem]">
          {image ? (
            <img src={image} alt="The cedar tiny home glowing at dusk among tall pines" loading="lazy" className="absolute inset-0 size-full object-cover" />
          ) : (
            <div aria-hidden className="absolute inset-0 bg-[radial-gradient(ellipse_at_60%_40%,#5a4424,#17150f_75%)]" />
          )}
          <div aria-hidden className="absolute inset-0 bg-gradient-to-t from-surface via-transparent to-transparent lg:bg-gradient-to-r" />
        </div>
        <div className="px-5 py-16 sm:px-8 lg:py-28 lg:pr-16">
          <p className="eyebrow">Stay the Night</p>
          <h2 id="tiny-home-heading" className="mt-4 font-display text-4xl text-ivory sm:text-5xl lg:text-6xl">
            The Tiny Home Retreat
          </h2>
          <span className="gold-rule mt-6 bg-gold" />
          <p className="mt-8 text-lg text-sand">
            One cabin, one clearing, no neighbours but the jays. Our tiny home is a place to fall asleep to wind in the
            pines and wake to mountain light.
          </p>
          <ul className="mt-8 space-y-4">
            {features.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-start gap-4 text-sand">
                <Icon aria-hidden className="mt-1 size-5 shrink-0 text-gold" strokeWidth={1.5} />
                <span>{text}</span>
              </li>
            ))}
          </ul>
          <div className="mt-10 flex flex-wrap items-center gap-8">
            <p className="text-sand">
              <span className="font-display text-5xl text-gold">{TINY_HOME_NIGHTLY}</span>
              <span className="ml-2 text-sm uppercase tracking-wide-2">/ night</span>
            </p>
            <Button size="lg" onClick={() => openBooking('accommodation')}>
              check availability
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
