import { Check } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { InvalidLinkNotice } from '@/components/layout/retreat-contact';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { isDeadLink } from '@/lib/api/errors';
import { useUnsubscribe } from '../api/unsubscribe';

const linkClass =
  'inline-flex h-12 items-center border border-gold/70 px-7 text-xs font-medium uppercase tracking-wide-2 text-gold transition-colors hover:bg-gold hover:text-ink';

/** The unsubscribe page's one action: nothing happens until the reader presses the button. */
export function UnsubscribePanel({ token }: { token: string | null }) {
  const unsubscribe = useUnsubscribe();
  if (!token || isDeadLink(unsubscribe.error)) {
    return (
      <InvalidLinkNotice>
        <p>Unsubscribe links work only exactly as we sent them. Please write to us and we will take you off the list by hand.</p>
      </InvalidLinkNotice>
    );
  }
  if (unsubscribe.isSuccess) return <Unsubscribed />;

  return (
    <section
      aria-labelledby="unsubscribe-heading"
      className="relative isolate overflow-hidden border border-gold/30 bg-surface px-6 py-12 text-center sm:px-12 sm:py-14"
    >
      <div aria-hidden className="grain absolute inset-0 -z-10" />
      <h2 id="unsubscribe-heading" className="font-display text-3xl text-ivory sm:text-4xl">
        Unsubscribe from our letters
      </h2>
      <span className="gold-rule mx-auto mt-6" />
      <p className="mx-auto mt-6 max-w-md text-sand">
        Press the button and we will stop sending the Golden Pine journal to this address. Notes about your bookings and orders still reach
        you.
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
      aria-labelledby="unsubscribed-heading"
      data-testid="unsubscribed"
      className="relative isolate overflow-hidden border border-gold/30 bg-surface px-6 py-12 text-center sm:px-12 sm:py-14"
    >
      <div aria-hidden className="grain absolute inset-0 -z-10" />
      <span className="mx-auto flex size-12 items-center justify-center rounded-full border border-gold/60 text-gold">
        <Check aria-hidden className="size-5" strokeWidth={1.5} />
      </span>
      <h2 id="unsubscribed-heading" ref={heading} tabIndex={-1} className="mt-6 font-display text-3xl text-ivory outline-none sm:text-4xl">
        You have been unsubscribed
      </h2>
      <span className="gold-rule mx-auto mt-6" />
      <p className="mx-auto mt-6 max-w-md text-sand">
        No more letters from the journal will come to this address. Should you miss them, you can sign up again at the foot of any page.
      </p>
      <Link to="/" className={`mt-8 ${linkClass}`}>
        Return home
      </Link>
    </section>
  );
}
