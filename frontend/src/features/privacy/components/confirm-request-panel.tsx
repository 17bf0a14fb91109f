import { Check } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { InvalidLinkNotice } from '@/components/layout/retreat-contact';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { isDeadLink } from '@/lib/api/errors';
import type { PrivacyRequestConfirmed } from '@/lib/api/types';
import { useConfirmPrivacyRequest } from '../api/confirm-request';

/** The page's card, as the waitlist's and the rating's. */
const cardClass =
  'relative isolate overflow-hidden border border-gold/30 bg-surface px-6 py-12 text-center shadow-2xl shadow-black/40 sm:px-12 sm:py-14';

const linkClass =
  'inline-flex h-12 items-center border border-gold/70 px-7 text-xs font-medium uppercase tracking-wide-2 text-gold transition-colors hover:bg-gold hover:text-ink';

/** What happens next, once she confirmed (or had confirmed before). */
function nextWords({ kind, state }: PrivacyRequestConfirmed): { heading: string; text: string } {
  if (kind === 'copy') {
    return state === 'done'
      ? { heading: 'Your copy is on its way', text: 'We have mailed you a link to your copy. Look for our letter in your inbox.' }
      : { heading: 'Your request is confirmed', text: 'We will mail you a link to your copy within 30 days, usually much sooner.' };
  }
  return state === 'done'
    ? {
        heading: 'Your details are erased',
        text: 'We no longer hold your name, address or messages. Thank you for the time you spent with us.',
      }
    : {
        heading: 'Your request is confirmed',
        text: 'We will erase your details within 30 days, usually much sooner. After that we no longer hold your address, so this is the last you hear from us.',
      };
}

/**
 * /privacy/confirm?token=…, the link in the mail that answers a request made
 * on the Privacy page: nothing happens until the guest presses the button
 * (mail scanners open links), then the request is hers, and the owner is told.
 */
export function ConfirmRequestPanel({ token }: { token: string | null }) {
  const confirm = useConfirmPrivacyRequest();
  const dead = isDeadLink(confirm.error);
  if (!token || dead) {
    return (
      <InvalidLinkNotice>
        <p>
          Confirmation links work only exactly as we sent them, for 7 days. You can ask again from our{' '}
          <Link to="/privacy#ask" className="text-gold-light underline decoration-gold/40 underline-offset-4 hover:text-gold">
            Privacy page
          </Link>
          , or write to us.
        </p>
      </InvalidLinkNotice>
    );
  }
  if (confirm.data) return <Confirmed answer={confirm.data} />;

  return (
    <section aria-labelledby="privacy-confirm-heading" data-testid="privacy-confirm" className={cardClass}>
      <div aria-hidden className="grain absolute inset-0 -z-10" />
      <h2 id="privacy-confirm-heading" className="font-display text-3xl text-ivory sm:text-4xl">
        Confirm your request
      </h2>
      <span className="gold-rule mx-auto mt-6" />
      <p className="mx-auto mt-6 max-w-md text-sand">
        You asked us, from our Privacy page, for a copy of what we hold about this address, or to erase it. Press the button to tell us it
        was you. Nothing happens until you do.
      </p>
      {confirm.isError ? (
        <Alert className="mx-auto mt-6 max-w-md text-left">We could not confirm your request just now. Please try again in a moment.</Alert>
      ) : null}
      <Button size="lg" className="mt-8" disabled={confirm.isPending} onClick={() => confirm.mutate(token)}>
        {confirm.isPending ? 'Confirming...' : 'Confirm my request'}
      </Button>
    </section>
  );
}

function Confirmed({ answer }: { answer: PrivacyRequestConfirmed }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The button that was pressed is gone: bring focus (and a screen reader) to the outcome.
  useEffect(() => heading.current?.focus(), []);
  const words = nextWords(answer);
  return (
    <section aria-labelledby="privacy-confirmed-heading" data-testid="privacy-confirmed" data-kind={answer.kind} className={cardClass}>
      <div aria-hidden className="grain absolute inset-0 -z-10" />
      <span className="mx-auto flex size-12 items-center justify-center rounded-full border border-gold/60 text-gold">
        <Check aria-hidden className="size-5" strokeWidth={1.5} />
      </span>
      <h2
        id="privacy-confirmed-heading"
        ref={heading}
        tabIndex={-1}
        className="mt-6 font-display text-3xl text-ivory outline-none sm:text-4xl"
      >
        {words.heading}
      </h2>
      <span className="gold-rule mx-auto mt-6" />
      <p className="mx-auto mt-6 max-w-md text-sand">{words.text}</p>
      <Link to="/" className={`mt-8 ${linkClass}`}>
        Return home
      </Link>
    </section>
  );
}
