import { Check } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { InvalidLinkNotice } from '@/components/layout/retreat-contact';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { isDeadLink } from '@/lib/api/errors';
import { useLeaveWaitlist } from '../api/leave-waitlist';

/** The page's card, as the offer page's. */
const cardClass = 'relative isolate overflow-hidden border border-gold/30 bg-surface shadow-2xl shadow-black/40';

/**
 * /waitlist/leave?token=…, the link in the waitlist's mails: nothing happens
 * until the guest presses the button (mail scanners open links), then she is
 * off the list, and a place held for her goes to the next guest.
 */
export function LeaveWaitlistPanel({ token }: { token: string | null }) {
  const leave = useLeaveWaitlist();
  const dead = isDeadLink(leave.error);
  if (!token || dead) {
    return (
      <InvalidLinkNotice>
        <p>Waitlist links work only exactly as we sent them. Please write to us and we will take you off the list by hand.</p>
      </InvalidLinkNotice>
    );
  }
  if (leave.isSuccess) return <Left />;

  return (
    <section
      aria-labelledby="leave-waitlist-heading"
      data-testid="leave-waitlist"
      className={`${cardClass} px-6 py-12 text-center sm:px-12 sm:py-14`}
    >
      <div aria-hidden className="grain absolute inset-0 -z-10" />
      <h2 id="leave-waitlist-heading" className="font-display text-3xl text-ivory sm:text-4xl">
        Leave the waitlist
      </h2>
      <span className="gold-rule mx-auto mt-6" />
      <p className="mx-auto mt-6 max-w-md text-sand">
        Press the button and we will stop looking out for a place for you. A place held for you now goes to the next guest. Your bookings
        stay as they are.
      </p>
      {leave.isError ? (
        <Alert className="mx-auto mt-6 max-w-md text-left">
          We could not take you off the list just now. Please try again in a moment.
        </Alert>
      ) : null}
      <Button size="lg" className="mt-8" disabled={leave.isPending} onClick={() => leave.mutate(token)}>
        {leave.isPending ? 'Leaving...' : 'Leave the waitlist'}
      </Button>
    </section>
  );
}

function Left() {
  const heading = useRef<HTMLHeadingElement>(null);
  // The button that was pressed is gone: bring focus (and a screen reader) to the outcome.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      aria-labelledby="left-waitlist-heading"
      data-testid="left-waitlist"
      className={`${cardClass} px-6 py-12 text-center sm:px-12 sm:py-14`}
    >
      <div aria-hidden className="grain absolute inset-0 -z-10" />
      <span className="mx-auto flex size-12 items-center justify-center rounded-full border border-gold/60 text-gold">
        <Check aria-hidden className="size-5" strokeWidth={1.5} />
      </span>
      <h2 id="left-waitlist-heading" ref={heading} tabIndex={-1} className="mt-6 font-display text-3xl text-ivory outline-none sm:text-4xl">
        You have left the waitlist
      </h2>
      <span className="gold-rule mx-auto mt-6" />
      <p className="mx-auto mt-6 max-w-md text-sand">
        We will not write to you about places opening. You are welcome back whenever you like.
      </p>
      <Button asChild variant="outline" className="mt-8">
        <Link to="/services">See our services</Link>
      </Button>
    </section>
  );
}
