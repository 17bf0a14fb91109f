import { ChevronDown } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { artwork, heroPortrait } from '@/config/artwork';
import { imageAttributes, sourceAttributes } from '@/lib/responsive-image';
import { useBooking } from '@/features/booking/booking-context';

export function Hero() {
  const { openBooking } = useBooking();
  const image = artwork('hero.webp');
  const portrait = heroPortrait();
  // The picture covers a box a screen tall: on a screen narrower than the
  // picture's proportions it is drawn as wide as the screen is tall times its
  // aspect ratio, not just the screen's width (a phone held upright).
  const heroSizes =
    image?.width && image.height
      ? `(max-aspect-ratio: ${image.width}/${image.height}) ${Math.ceil((100 * image.width) / image.height)}vh, 100vw`
      : '100vw';

  const exploreServices = () => {
    const target = document.getElementById('services');
    if (!target) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  };

  return (
    <section aria-labelledby="hero-heading" className="relative isolate flex min-h-[100svh] items-center overflow-hidden">
      {image ? (
        <picture>
          {/* A screen at most 3:4 wide (a phone held upright) takes the cut it shows, drawn three quarters of the
              screen's height wide; the rest take the whole picture. */}
          {portrait ? (
            <source {...sourceAttributes(portrait, { media: '(max-aspect-ratio: 3/4)', sizes: '75vh', type: 'image/avif' })} />
          ) : null}
          <img
            {...imageAttributes(image, { sizes: heroSizes, priority: true })}
            alt=""
            aria-hidden
            className="absolute inset-0 -z-20 size-full animate-settle-picture object-cover object-[72%_center] lg:object-center"
          />
        </picture>
      ) : (
        <div aria-hidden className="absolute inset-0 -z-20 bg-[radial-gradient(ellipse_at_70%_20%,#3b2f1c_0%,#1a1610_45%,#0e0d0b_100%)]" />
      )}
      <div aria-hidden className="absolute inset-0 -z-10 bg-gradient-to-b from-ink/70 via-ink/35 to-ink" />
      <div aria-hidden className="absolute inset-0 -z-10 bg-gradient-to-r from-ink/75 via-ink/20 to-transparent" />

      <div className="mx-auto w-full max-w-7xl px-5 pb-24 pt-36 sm:px-8">
        <div className="max-w-3xl">
          <p className="eyebrow">
            Idyllwild<span className="hidden sm:inline"> · San Jacinto Mountains</span> · California
          </p>
          <h1
            id="hero-heading"
            className="mt-6 font-display text-[3.1rem] font-normal leading-[1.02] text-ivory sm:text-7xl lg:text-[6.2rem]"
          >
            Where the pines <em className="font-normal text-gold-light">teach stillness</em>
          </h1>
          <p className="mt-7 max-w-xl text-lg text-sand sm:text-xl">
            A boutique mountain sanctuary of warm hands, cedar steam and star-filled nights — an unhurried hour, or a night in our
            hand-built tiny home.
          </p>
          <div className="mt-10 flex flex-col gap-4 sm:flex-row">
            <Button size="lg" onClick={() => openBooking()}>
              Book your sanctuary
            </Button>
            <Button size="lg" variant="outline" onClick={exploreServices}>
              Explore services
            </Button>
          </div>
        </div>
      </div>

      <button
        type="button"
        onClick={exploreServices}
        aria-label="Scroll to services"
        className="absolute bottom-8 left-1/2 hidden -translate-x-1/2 cursor-pointer flex-col items-center gap-2 text-[0.62rem] uppercase tracking-luxe text-sand transition-colors hover:text-gold-light sm:flex"
      >
        Scroll
        <ChevronDown aria-hidden className="size-4 animate-bounce [animation-duration:2.4s]" />
      </button>
    </section>
  );
}
