import { Printer } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { EmptyState } from '@/components/ui/state';
import { ApiError } from '@/lib/api/errors';
import { displayMoney, formatPriceShort } from '@/lib/money';
import { usePrintableGiftCard } from '../api/get-print';
import { stateNote, validityText } from '../card-words';
import { GiftCardFace } from './gift-card-face';

/**
 * The card its recipient opens from their mail, ready to print: only the
 * card goes to paper (the rest of the page is `print:hidden`).
 */
export function PrintableGiftCard({ link }: { link: { token: string; code: string } | null }) {
  const card = usePrintableGiftCard(link);
  // A link cut short, mistyped or tampered with: 400 (not a code's shape) or 404 (no such card for this token).
  const notFound = card.isError && card.error instanceof ApiError && (card.error.status === 400 || card.error.status === 404);
  if (!link || notFound) {
    return (
      <EmptyState title="We could not find this gift card">
        <p>The link may be incomplete. Please open it again from your e-mail, or copy the whole address into your browser.</p>
      </EmptyState>
    );
  }
  if (card.isPending) return <Spinner label="Loading your gift card…" className="flex justify-center py-20" />;
  if (card.isError) {
    return (
      <EmptyState title="We couldn't load this just now">
        <p role="alert">Your gift card could not be loaded. Please refresh the page or try again in a moment.</p>
      </EmptyState>
    );
  }
  const gift = card.data;
  const note = stateNote(gift.state);
  return (
    <div>
      <GiftCardFace
        className="mx-auto max-w-2xl"
        value={formatPriceShort(gift.amount)}
        label={gift.label}
        to={gift.recipientName}
        from={gift.fromName}
        message={gift.message}
        footer={
          <div className="border-t border-gold/30 pt-5">
            <p className="text-[0.68rem] uppercase tracking-wide-2 text-muted">Gift card code</p>
            <p className="mt-1 break-all font-mono text-xl tracking-wider text-ivory sm:text-2xl" data-testid="gift-card-code">
              {gift.code}
            </p>
            <div className="mt-4 flex flex-wrap justify-between gap-x-6 gap-y-1 text-sm text-sand">
              <p>{validityText(gift.expiresOn)}</p>
              <p data-testid="gift-card-print-balance">Balance {displayMoney(gift.balance)}</p>
            </div>
          </div>
        }
      />
      {note ? <p className="mx-auto mt-6 max-w-2xl text-center text-danger print:hidden">{note}</p> : null}
      <div className="mx-auto mt-10 max-w-2xl text-center print:hidden">
        <Button size="lg" onClick={() => window.print()}>
          <Printer aria-hidden className="size-4" />
          Print
        </Button>
        <p className="mt-8 text-sand">
          Give the code when you visit the retreat, or type it at checkout in our shop. What you do not spend stays on the card.
        </p>
        <Link to="/services" className="mt-6 inline-block text-xs uppercase tracking-luxe text-gold hover:text-gold-light">
          Explore our treatments
        </Link>
      </div>
    </div>
  );
}
