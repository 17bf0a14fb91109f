import { artwork } from '@/config/artwork';
import { imageAttributes } from '@/lib/responsive-image';

const facts = [
  { value: '5,400 ft', label: 'Mountain elevation' },
  { value: '12', label: 'Guests a day, at most' },
  { value: '4', label: 'Acres of pine & cedar' },
];

export function About() {
  const image = artwork('about.webp');
  return (
    <section aria-labelledby="about-heading" className="mx-auto max-w-7xl px-5 py-24 sm:px-8 lg:py-32">
      <div className="grid items-center gap-12 lg:grid-cols-2 lg:gap-20">
        <div className="relative">
          <div className="aspect-[4/5] overflow-hidden border border-gold/20 bg-surface-3">
            {image ? (
              <img
                {...imageAttributes(image, {
                  // Half of the 80rem column (less its padding and the 5rem gap) on wide screens, the column's width below.
                  sizes: '(min-width: 1280px) 568px, (min-width: 1024px) calc(50vw - 72px), calc(100vw - 40px)',
                })}
                alt="Morning light falling through a misty pine forest"
                className="size-full object-cover"
              />
            ) : (
              <div aria-hidden className="size-full bg-[radial-gradient(ellipse_at_30%_30%,#4a3a22,#17150f_70%)]" />
            )}
          </div>
          <div aria-hidden className="absolute -bottom-5 -right-5 -z-10 hidden size-2/3 border border-gold/30 sm:block" />
        </div>
        <div>
          <p className="eyebrow">Our Story</p>
          <h2 id="about-heading" className="mt-4 font-display text-4xl text-ivory sm:text-5xl lg:text-6xl">
            A sanctuary in the mountain air
          </h2>
          <span className="gold-rule mt-6 bg-gold" />
          <div className="mt-8 space-y-5 text-lg text-sand">
            <p>
              Golden Pine began with a cabin, a wood stove and a simple belief: that rest is a craft. High in the San Jacinto Mountains, we
              welcome only a handful of guests each day, so every treatment unfolds without hurry.
            </p>
            <p>
              Our therapists work with mountain botanicals — pine resin, white sage, wild lavender — blended in small batches on site. Come
              for an hour, stay for the night; leave lighter than you arrived.
            </p>
          </div>
          <dl className="mt-10 grid grid-cols-3 gap-4 border-t border-line pt-8">
            {facts.map((fact) => (
              <div key={fact.label} className="flex flex-col">
                <dt className="order-2 mt-1 text-[0.68rem] uppercase leading-snug tracking-wide-2 text-muted">{fact.label}</dt>
                <dd className="font-display text-3xl text-gold sm:text-4xl">{fact.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </section>
  );
}
