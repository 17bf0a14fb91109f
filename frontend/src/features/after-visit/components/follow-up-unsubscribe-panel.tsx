import { Check } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { InvalidLinkNotice } from '@/components/layout/retreat-contact';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { isDeadLink } from '@/lib/api/errors';
import { useUnsubscribeFollowUps } from '../api/unsubscribe-follow-ups';

const linkClass =
  'inline-flex h-12 items-center border border-gold/70 px-7 text-xs font-medium uppercase tracking-wide-2 text-gold transition-colors hover:bg-gold hover:text-ink';

/**
 * The unsubscribe page of the notes after a visit (the thank-you and the
 * invitation to return), as the newsletter's: nothing happens until the
 * guest presses the button.
 */
export function FollowUpUnsubscribePanel({ token }: { token: string | null }) {
  const unsubscribe = useUnsubscribeFollowUps();
  const dead = isDeadLink(unsubscribe.error);
  if (!token || dead) {
    return (
      <InvalidLinkNotice>
        <p>Unsubscribe links work only exactly as we sent them. Please write to us and we will stop these notes by hand.</p>
      </InvalidLinkNotice>
    );
  }
  if (unsubscribe.isSuccess) return <Unsubscribed />;

  return (
    <section
      aria-labelledby="follow-up-unsubscribe-heading"
      className="relative isolate overflow-hidden border border-gold/30 bg-surface px-6 py-12 text-center sm:px-12 sm:py-14"
    >
      <div aria-hidden className="grain absolute inset-0 -z-10" />
      <h2 id="follow-up-unsubscribe-heading" className="font-display text-3xl text-ivory sm:text-4xl">
        No more notes after a visit
      </h2>
      <span className="gold-rule mx-auto mt-6" />
      <p className="mx-auto mt-6 max-w-md text-sand">
        Press the button and we will send this address no more thank-you notes or invitations to return. Mail about your bookings still
        reaches you.
      </p>
      {unsubscribe.isError ? (
        <Alert className="mx-auto mt-6 max-w-md text-left">We could not unsubscribe you just now. Please try again in a moment.</Alert>
      ) : null}
      <Button size="lg" className="mt-8" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
        {unsubscribe.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
      </Button>
    </section>
  );
}

function Unsubscribed() {
  const heading = useRef<HTMLHeadingElement>(null);
  // The button that was pressed is gone: bring focus (and a screen reader) to the outcome.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      aria-labelledby="follow-ups-unsubscribed-heading"
      data-testid="unsubscribed"
      className="relative isolate overflow-hidden border border-gold/30 bg-surface px-6 py-12 text-center sm:px-12 sm:py-14"
    >
      <div aria-hidden className="grain absolute inset-0 -z-10" />
      <span className="mx-auto flex size-12 items-center justify-center rounded-full border border-gold/60 text-gold">
        <Check aria-hidden className="size-5" strokeWidth={1.5} />
      </span>
      <h2
        id="follow-ups-unsubscribed-heading"
        ref={heading}
        tabIndex={-1}
        className="mt-6 font-display text-3xl text-ivory outline-none sm:text-4xl"
      >
        You have been unsubscribed
      </h2>
      <span className="gold-rule mx-auto mt-6" />
      <p className="mx-auto mt-6 max-w-md text-sand">
        You will receive no more thank-you notes or invitations from us. Booking mail still reaches you.
      </p>
      <Link to="/" className={`mt-8 ${linkClass}`}>
        Return home
      </Link>
    </section>
  );
}
