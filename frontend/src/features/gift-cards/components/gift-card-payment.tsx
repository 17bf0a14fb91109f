import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { CardFields } from '@/components/payments/card-fields';
import type { Order } from '@/lib/api/types';
import { formatLongDate } from '@/lib/dates';
import { displayMoney } from '@/lib/money';
import { cardProvider, usePaymentsConfig } from '@/lib/payments/config';
import { payPlacedOrder, type PlacedOrder } from '@/lib/payments/pay-order';
import { useCardFields } from '@/lib/payments/use-card-fields';
import type { GiftCardPurchase } from '../api/buy-gift-card';

/**
 * The payment step of a gift card, once its order is placed: the checkout's
 * own card fields and payment (lib/payments/pay-order.ts). A declined card
 * keeps the order: another card pays the same one.
 */
export function GiftCardPayment({
  body,
  placed,
  amount,
  placeAgain,
  onPlacedChange,
  onPaid,
  onBack,
}: {
  body: GiftCardPurchase;
  /** The order waiting for its payment; null once it expired unpaid (the next press places it again). */
  placed: PlacedOrder | null;
  /** What the card is to pay ("100.00"). */
  amount: string;
  placeAgain: () => Promise<Order>;
  onPlacedChange: (placed: PlacedOrder | null) => void;
  onPaid: (paidByCard: boolean) => void;
  onBack: () => void;
}) {
  const config = usePaymentsConfig();
  const provider = cardProvider(config.data);
  const card = useCardFields(provider);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const outcome = await payPlacedOrder({
        body,
        placed,
        card,
        billing: { name: `${body.firstName} ${body.lastName}`, email: body.email },
        place: placeAgain,
        placeLabel: `Pay ${displayMoney(amount)}`,
      });
      onPlacedChange(outcome.placed);
      if (outcome.kind === 'paid') onPaid(outcome.paid);
      else setError(outcome.message);
    } catch {
      setError('Your payment could not be completed; nothing was charged. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const ready = Boolean(provider) && card.status === 'ready';
  return (
    <form onSubmit={pay} aria-labelledby="gift-payment-heading" className="border border-line bg-surface p-6 sm:p-8">
      <h2 id="gift-payment-heading" ref={heading} tabIndex={-1} className="font-display text-3xl text-ivory outline-none">
        Payment
      </h2>
      <span className="gold-rule mt-4 bg-gold" />
      <p className="mt-6 text-sand">
        An e-gift card of <span className="text-ivory">{displayMoney(amount)}</span> for{' '}
        <span className="text-ivory">{body.recipientName}</span>, e-mailed to {body.recipientEmail} on {formatLongDate(body.deliverOn)}.
      </p>
      {config.isPending ? (
        <Spinner label="Loading the payment form…" className="mt-6" />
      ) : provider ? (
        <CardFields idPrefix="gift-card" fields={card} className="mt-6" />
      ) : (
        <Alert className="mt-6">Payment is unavailable right now. Please reload the page in a moment.</Alert>
      )}
      {error ? (
        <Alert className="mt-6" data-testid="payment-error">
          {error}
        </Alert>
      ) : null}
      <div className="mt-8 flex flex-col-reverse gap-4 sm:flex-row sm:items-center sm:justify-between">
        <Button variant="link" onClick={onBack} disabled={busy}>
          Change the details
        </Button>
        <Button type="submit" size="lg" disabled={busy || !ready}>
          {busy ? 'PROCESSING...' : `Pay ${displayMoney(amount)}`}
        </Button>
      </div>
    </form>
  );
}
