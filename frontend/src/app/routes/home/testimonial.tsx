import { Quote } from 'lucide-react';
import { artwork } from '@/config/artwork';
import { imageAttributes } from '@/lib/responsive-image';

export function Testimonial() {
  const image = artwork('testimonial.webp');
  return (
    <section aria-labelledby="testimonial-heading" className="relative isolate overflow-hidden">
      {image ? (
        <img
          {...imageAttributes(image, { sizes: '100vw' })}
          alt=""
          aria-hidden
          className="absolute inset-0 -z-20 size-full object-cover opacity-30"
        />
      ) : null}
      <div aria-hidden className="absolute inset-0 -z-10 bg-gradient-to-b from-ink via-ink/80 to-ink" />
      <div className="mx-auto max-w-4xl px-5 py-24 text-center sm:px-8 lg:py-32">
        <h2 id="testimonial-heading" className="eyebrow font-sans">
          Guest Words
        </h2>
        <Quote aria-hidden className="mx-auto mt-8 size-10 text-gold/70" strokeWidth={1} />
        <figure className="mt-6">
          <blockquote className="font-display text-3xl font-normal italic leading-snug text-ivory sm:text-4xl lg:text-[2.7rem]">
            “I arrived wound tight from a year of deadlines and left feeling like myself again. The massage was extraordinary, and falling
            asleep in the tiny home to the sound of the pines is something I will never forget.”
          </blockquote>
          <figcaption className="mt-10">
            <span className="gold-rule mx-auto" />
            <p className="mt-6 text-sm font-medium uppercase tracking-luxe text-gold">Sarah M.</p>
            <p className="mt-1 text-sm text-sand">Los Angeles · Tiny Home Retreat & Massage</p>
          </figcaption>
        </figure>
      </div>
    </section>
  );
}
