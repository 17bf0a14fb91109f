import { CalendarDays, Clock } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { InvalidLinkNotice } from '@/components/layout/retreat-contact';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatFullDay } from '@/components/ui/calendar-dates';
import { Skeleton } from '@/components/ui/skeleton';
import { LoadError } from '@/components/ui/state';
import { formatSlot, stayRules } from '@/config/site';
import { ApiError, isDeadLink } from '@/lib/api/errors';
import type { WaitlistOffer } from '@/lib/api/types';
import { nightsBetween, nightsLabel } from '@/lib/stay-dates';
import { useWaitlistOffer } from '@/lib/waitlist/waitlist';
import { heldUntilWords } from '@/lib/waitlist/waitlist';
import { useDeclineOffer } from '../api/decline-offer';

/** The page's card: the retreat's dark surface, a gold hairline, the grain above it. */
const cardClass = 'relative isolate overflow-hidden border border-gold/30 bg-surface shadow-2xl shadow-black/40';

function DeadLink() {
  return (
    <InvalidLinkNotice>
      <p>
        Offer links work only exactly as we sent them. Please write or call: if the place is still free, we will gladly book it for you.
      </p>
    </InvalidLinkNotice>
  );
}

/**
 * /waitlist/offer?token=…, the link in the mail that tells a guest on the
 * waitlist a place has opened (issue 43, part 4): the place, until when it is
 * held for her, "Book this time" (the booking dialog, filled in, taking the
 * held place) and "No, thank you" (it goes to the next guest); or what became
 * of it.
 */
export function WaitlistOfferPanel({ token }: { token: string | null }) {
  if (!token) return <DeadLink />;
  return <OfferLoader token={token} />;
}

function OfferLoader({ token }: { token: string }) {
  const offer = useWaitlistOffer(token);
  if (isDeadLink(offer.error)) return <DeadLink />;
  if (offer.data) return <OfferCard token={token} offer={offer.data} />;
  if (offer.isPending) return <OfferSkeleton />;
  return <LoadError what="offer" />;
}

const headings: Record<WaitlistOffer['state'], string> = {
  held: 'A place has opened for you',
  taken: 'This place is booked',
  declined: 'We have offered it to the next guest',
  lapsed: 'This hold has ended',
};

/** Where a "Book this time" goes: the server's path (the booking dialog, filled in, with the offer's token). */
function bookingPath(offer: WaitlistOffer, token: string): string {
  if (offer.bookUrl.startsWith('/') && !offer.bookUrl.startsWith('//')) return offer.bookUrl;
  const params = new URLSearchParams({ book: offer.service, date: offer.date });
  if (offer.time) params.set('time', offer.time);
  if (offer.checkOut) params.set('checkOut', offer.checkOut);
  params.set('offer', token);
  return `/services?${params.toString()}`;
}

function OfferCard({ token, offer }: { token: string; offer: WaitlistOffer }) {
  const decline = useDeclineOffer(token);
  const heading = useRef<HTMLHeadingElement>(null);
  // Her answer replaced the buttons she pressed: focus (and a screen reader) goes to what it did.
  useEffect(() => {
    if (decline.isSuccess) heading.current?.focus();
  }, [decline.isSuccess]);
  const held = offer.state === 'held';
  // Declined meanwhile, taken or lapsed: the offer is read again and tells which.
  const noLongerHeld = decline.error instanceof ApiError && decline.error.status === 409;

  return (
    <section aria-labelledby="offer-heading" data-testid="waitlist-offer" data-state={offer.state} className={cardClass}>
      <div aria-hidden className="grain absolute inset-0 -z-10" />
      <div className="px-6 py-9 sm:px-10 sm:py-11">
        <p className="eyebrow">{held ? `Good news, ${offer.firstName}` : `Dear ${offer.firstName}`}</p>
        <h2 id="offer-heading" ref={heading} tabIndex={-1} className="mt-3 font-display text-4xl text-ivory outline-none sm:text-5xl">
          {headings[offer.state]}
        </h2>
        <span className="gold-rule mt-7 bg-gold" />
        <Place offer={offer} />
        {held ? (
          <p
            className="mt-6 flex items-start gap-3 border border-gold/50 bg-gold/[0.08] px-4 py-3 text-ivory"
            data-testid="offer-held-until"
          >
            <Clock aria-hidden className="mt-1 size-4 shrink-0 text-gold" strokeWidth={1.75} />
            <span>
              Held for you until <strong className="font-medium text-gold-light">{heldUntilWords(offer.heldUntil)}</strong>. After that it
              goes to the next guest on the list.
            </span>
          </p>
        ) : null}
      </div>
      <div className="border-t border-line bg-ink/30 px-6 py-8 sm:px-10">
        {held ? (
          <>
            <p className="text-sand">It is yours to take: book it now, or let it go so that another guest may come.</p>
            {decline.isError && !noLongerHeld ? (
              <Alert className="mt-5">We could not send your answer just now. Please try again in a moment.</Alert>
            ) : null}
            <div className="mt-7 flex flex-col gap-3 sm:flex-row sm:items-center">
              <Button asChild size="lg">
                <Link to={bookingPath(offer, token)}>Book this time</Link>
              </Button>
              <Button variant="ghost" size="lg" disabled={decline.isPending} onClick={() => decline.mutate()}>
                {decline.isPending ? 'Sending...' : 'No, thank you'}
              </Button>
            </div>
          </>
        ) : (
          <Outcome offer={offer} />
        )}
      </div>
    </section>
  );
}

/** The service, and when: a treatment's day and time, a stay's check-in and check-out. */
function Place({ offer }: { offer: WaitlistOffer }) {
  return (
    <div className="mt-7 flex items-start gap-3 text-lg text-ivory" data-testid="offer-place">
      <CalendarDays aria-hidden className="mt-1 size-5 shrink-0 text-gold" strokeWidth={1.5} />
      <div>
        <p>{offer.serviceName}</p>
        {offer.checkOut ? (
          <dl className="mt-1 grid gap-1 text-base text-sand sm:grid-cols-[auto_1fr] sm:gap-x-4">
            <dt className="text-[0.7rem] uppercase tracking-wide-2 text-muted sm:pt-1">Check-in</dt>
            <dd>
              {formatFullDay(offer.date)}, from {formatSlot(stayRules.checkInTime)}
            </dd>
            <dt className="text-[0.7rem] uppercase tracking-wide-2 text-muted sm:pt-1">Check-out</dt>
            <dd>
              {formatFullDay(offer.checkOut)}, by {formatSlot(stayRules.checkOutTime)}
            </dd>
            <dt className="sr-only">Length</dt>
            <dd className="text-gold-light sm:col-start-2">{nightsLabel(nightsBetween(offer.date, offer.checkOut))}</dd>
          </dl>
        ) : (
          <p className="text-base text-sand">
            {formatFullDay(offer.date)}
            {offer.time ? ` at ${formatSlot(offer.time)}` : ''}
          </p>
        )}
      </div>
    </div>
  );
}

/** What became of the place when it is no longer held for her. */
function Outcome({ offer }: { offer: WaitlistOffer }) {
  const openTimes = `/services?${new URLSearchParams({ book: offer.service }).toString()}`;
  return (
    <div data-testid="offer-outcome">
      {offer.state === 'declined' ? (
        <p className="text-sand">Thank you for letting us know. We hope to welcome you another time.</p>
      ) : offer.state === 'taken' ? (
        <p className="text-sand">It has been booked. If you booked it, the mail about your booking has every detail.</p>
      ) : (
        <p className="text-sand">
          It was held for you until {heldUntilWords(offer.heldUntil)}, and has gone to the next guest on the list. If a place is free, you
          may still book one as any guest can.
        </p>
      )}
      <Button asChild variant="outline" className="mt-7">
        <Link to={openTimes}>See open times</Link>
      </Button>
    </div>
  );
}

function OfferSkeleton() {
  return (
    <div role="status" aria-busy="true">
      <span className="sr-only">Loading the place held for you…</span>
      <div className="border border-gold/30 bg-surface">
        <div className="px-6 py-9 sm:px-10 sm:py-11">
          <Skeleton className="my-0.5 h-4 w-36" />
          <Skeleton className="mt-3.5 h-10 w-64 sm:h-12 sm:w-96" />
          <Skeleton className="mt-7 h-px w-16" />
          <Skeleton className="mt-7 h-12 w-72" />
          <Skeleton className="mt-6 h-12 w-full" />
        </div>
        <div className="border-t border-line px-6 py-8 sm:px-10">
          <Skeleton className="h-6 w-full sm:max-w-md" />
          <Skeleton className="mt-7 h-13 w-56" />
        </div>
      </div>
    </div>
  );
}
