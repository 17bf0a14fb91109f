import { ArrowRight, RotateCcw } from 'lucide-react';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/state';
import { formatPrice } from '@/lib/money';
import { formatUtcDay } from '@/lib/utc-day-format';
import type { OpenTime, Recommendation, ServiceKey } from '@/lib/api/types';
import { formatSlot } from '@/config/site';
import { useOpenTimes } from '../api/get-open-times';
import { Image } from '@/components/ui/image';
import { mediaImage } from '@/lib/responsive-image';

/** Opens the booking dialog with the service, date and time chosen (composed by the page). */
export type BookTime = (service: ServiceKey, time: OpenTime) => void;

type Props = {
  headingRef: Ref<HTMLHeadingElement>;
  onBookTime?: BookTime;
  status: 'idle' | 'pending' | 'success' | 'error';
  data: Recommendation | undefined;
  onRetake: () => void;
  onRetry: () => void;
};

export function QuizResults({ headingRef, status, data, onRetake, onRetry, onBookTime }: Props) {
  if (status === 'error') {
    return (
      <EmptyState title="We couldn't prepare your results">
        <p role="alert">Something went wrong while reading your answers. Please try again.</p>
        <div className="mt-6 flex justify-center gap-3">
          <Button onClick={onRetry}>Try again</Button>
          <Button variant="outline" onClick={onRetake}>
            RETAKE QUIZ
          </Button>
        </div>
      </EmptyState>
    );
  }
  if (status !== 'success' || !data) {
    return (
      <div className="flex min-h-72 flex-col items-center justify-center gap-5" role="status">
        <span aria-hidden className="size-10 animate-spin rounded-full border border-gold/20 border-t-gold" />
        <p className="text-sand">Composing your recommendations…</p>
      </div>
    );
  }

  const { profile, primaryService, secondaryService, products } = data;
  return (
    <div className="mx-auto max-w-5xl animate-fade-up" data-testid="quiz-results">
      <div className="text-center">
        <p className="eyebrow">Your Wellness Profile</p>
        <h2
          ref={headingRef}
          tabIndex={-1}
          className="mt-4 font-display text-5xl text-ivory outline-none sm:text-6xl"
          data-testid="quiz-profile-title"
        >
          {profile ? profile.title : 'Your Personal Recommendations'}
        </h2>
        <span className="gold-rule mx-auto mt-6" />
        {profile ? (
          <p className="mx-auto mt-6 max-w-2xl text-lg text-sand" data-testid="quiz-profile-message">
            {profile.message}
          </p>
        ) : (
          <p className="mx-auto mt-6 max-w-2xl text-lg text-sand">Based on your answers, this is where we would begin.</p>
        )}
      </div>

      <div className="mt-14 grid gap-6 lg:grid-cols-[1.4fr_1fr]">
        {primaryService ? (
          <section
            aria-labelledby="perfect-match"
            className="relative overflow-hidden border border-gold/60 bg-surface"
            data-testid="quiz-primary"
          >
            <div className="aspect-[16/8] overflow-hidden bg-surface-3">
              {/* The results' main picture, on screen as they appear: fetched first. */}
              <Image
                image={mediaImage(primaryService.image, primaryService.imageSize)}
                sizes="(min-width: 1024px) 584px, calc(100vw - 40px)"
                priority
                alt={primaryService.name}
                className="size-full object-cover"
              />
            </div>
            <div className="p-7 sm:p-9">
              <h3 id="perfect-match" className="eyebrow font-sans">
                Perfect Match For You
              </h3>
              <p className="mt-3 font-display text-4xl text-ivory">{primaryService.name}</p>
              <p className="mt-3 text-sand">{primaryService.description}</p>
              <div className="mt-6 flex flex-wrap items-center justify-between gap-4">
                <p className="font-display text-2xl text-gold">From ${primaryService.price}</p>
                <Button asChild>
                  <Link to="/services">BOOK NOW</Link>
                </Button>
              </div>
              {primaryService.bookingKey && onBookTime ? <OpenTimes service={primaryService.bookingKey} onBookTime={onBookTime} /> : null}
            </div>
          </section>
        ) : null}
        {secondaryService ? (
          <section aria-labelledby="also-consider" className="flex flex-col border border-line bg-surface" data-testid="quiz-secondary">
            <div className="aspect-[16/9] overflow-hidden bg-surface-3">
              <Image
                image={mediaImage(secondaryService.image, secondaryService.imageSize)}
                sizes="(min-width: 1024px) 417px, calc(100vw - 40px)"
                alt={secondaryService.name}
                className="size-full object-cover"
              />
            </div>
            <div className="flex flex-1 flex-col p-7">
              <h3 id="also-consider" className="eyebrow font-sans">
                Also Consider
              </h3>
              <p className="mt-3 font-display text-3xl text-ivory">{secondaryService.name}</p>
              <p className="mt-3 flex-1 text-sand">{secondaryService.description}</p>
              <Button asChild variant="outline" className="mt-6 self-start">
                <Link to="/services">EXPLORE</Link>
              </Button>
            </div>
          </section>
        ) : null}
      </div>

      {products.length > 0 ? (
        <section aria-labelledby="take-home" className="mt-16">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <h3 id="take-home" className="font-display text-4xl text-ivory">
              Take Your Wellness Home
            </h3>
            <Link to="/products" className="inline-flex items-center gap-2 text-xs uppercase tracking-luxe text-gold hover:text-gold-light">
              Shop all products <ArrowRight aria-hidden className="size-3.5" />
            </Link>
          </div>
          <ul className="mt-8 grid gap-6 sm:grid-cols-3">
            {products.slice(0, 3).map((product) => (
              <li key={product.id} className="border border-line bg-surface" data-testid="quiz-product">
                <div className="aspect-square overflow-hidden bg-surface-3">
                  <Image
                    image={mediaImage(product.image, product.imageSize)}
                    sizes="(min-width: 1088px) 325px, (min-width: 640px) calc(33.3vw - 37px), calc(100vw - 40px)"
                    alt={product.name}
                    className="size-full object-cover"
                  />
                </div>
                <div className="p-5">
                  <p className="text-[0.65rem] uppercase tracking-luxe text-gold">{product.category}</p>
                  <p className="mt-2 font-display text-2xl text-ivory">{product.name}</p>
                  <p className="mt-1 text-sand">{formatPrice(product.price)}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <div className="mt-16 flex flex-col items-center justify-center gap-4 border-t border-line pt-10 sm:flex-row">
        <Button variant="outline" size="lg" onClick={onRetake}>
          <RotateCcw aria-hidden className="size-4" />
          RETAKE QUIZ
        </Button>
        <Button asChild size="lg">
          <Link to="/contact">CONTACT US</Link>
        </Button>
      </div>
    </div>
  );
}

/** "2026-11-23" → "Mon, Nov 23": short enough for a button on a phone. */
function shortDay(day: string): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return formatUtcDay(new Date(Date.UTC(year, month - 1, date)), 'weekdayMonthDay');
}

/**
 * The next three bookable times of the recommended service (for the Tiny
 * Home, nights), each opening the booking dialog with it chosen. Space is
 * kept while they load, so nothing below moves.
 */
function OpenTimes({ service, onBookTime }: { service: ServiceKey; onBookTime: BookTime }) {
  const times = useOpenTimes(service);
  const stay = service === 'accommodation';
  return (
    <div className="mt-7 min-h-24 border-t border-line pt-6" data-testid="quiz-open-times">
      <p className="eyebrow font-sans">{stay ? 'Next available nights' : 'Next open times'}</p>
      {times.isPending ? (
        <div className="mt-4 flex flex-wrap gap-3" aria-hidden>
          {[0, 1, 2].map((n) => (
            <span key={n} className="h-10 w-44 animate-pulse bg-surface-3" />
          ))}
        </div>
      ) : times.data && times.data.length > 0 ? (
        <ul className="mt-4 flex flex-wrap gap-3">
          {times.data.map((time) => (
            <li key={`${time.date} ${time.time}`}>
              <Button variant="outline" size="sm" onClick={() => onBookTime(service, time)}>
                {stay ? shortDay(time.date) : `${shortDay(time.date)} · ${formatSlot(time.time)}`}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-sand">
          {times.isError ? 'Open times could not be loaded.' : 'Nothing is open in the next two weeks.'} Write to us and we will find a
          time.
        </p>
      )}
    </div>
  );
}
