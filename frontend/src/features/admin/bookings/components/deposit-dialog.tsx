import { ExternalLink } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api/errors';
import { formatInstantDateTime } from '@/lib/dates';
import { displayMoney } from '@/lib/money';
import type { AdminBooking } from '../../shared/types';
import { ToneBadge } from '../../shared/ui';
import { useReturnFocus } from '../../shared/use-return-focus';
import { useDepositHistory, useRefundDeposit } from '../api/deposit';
import { depositState } from '../deposit-labels';

type Props = {
  booking: AdminBooking | undefined;
  /** Opened after the owner cancelled it: the refund is offered at once. */
  offerRefund?: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * A booking's deposit (docs/decisions.md §14): where it stands, every charge
 * with its Stripe id (linked to Stripe's dashboard), refunds and Stripe's
 * events, and a refund in full or in part.
 */
export function DepositDialog({ booking, offerRefund = false, onOpenChange }: Props) {
  const returnFocus = useReturnFocus(Boolean(booking));
  return (
    <Dialog open={Boolean(booking)} onOpenChange={onOpenChange}>
      <DialogContent size="lg" onCloseAutoFocus={returnFocus}>
        {booking ? <DepositDetails booking={booking} offerRefund={offerRefund} /> : null}
      </DialogContent>
    </Dialog>
  );
}

const heading = 'mb-2 font-sans text-[0.7rem] font-medium uppercase tracking-wide-2 text-gold';

function DepositDetails({ booking, offerRefund }: { booking: AdminBooking; offerRefund: boolean }) {
  const history = useDepositHistory(booking.id);
  const deposit = history.data;
  const state = depositState(deposit?.state ?? booking.deposit?.state ?? 'none');
  const who = `${booking.firstName} ${booking.lastName}`;
  return (
    <>
      <DialogHeader>
        <p className="eyebrow mb-3">Deposit</p>
        <DialogTitle>{offerRefund ? 'Refund the deposit?' : `Deposit of ${who}`}</DialogTitle>
        <DialogDescription>
          {offerRefund
            ? `The booking is cancelled. ${who} paid a deposit; give it back in full or in part, or keep it.`
            : 'What the guest’s card was charged for this booking, and what was given back.'}
        </DialogDescription>
      </DialogHeader>
      {history.isPending ? (
        <p className="flex items-center gap-2 text-sand">
          <Spinner /> Loading the deposit…
        </p>
      ) : history.isError || !deposit ? (
        <Alert>The deposit could not be loaded. Please try again.</Alert>
      ) : (
        <div className="grid gap-6">
          <section aria-labelledby="deposit-state" className="flex flex-wrap items-center gap-x-6 gap-y-2">
            <h3 id="deposit-state" className="sr-only">
              Where it stands
            </h3>
            <ToneBadge tone={state.tone} data-testid="deposit-state">
              {state.label}
            </ToneBadge>
            <p className="text-ivory">
              {displayMoney(deposit.amount)}
              {deposit.refunded !== '0.00' ? <span className="text-sand"> · {displayMoney(deposit.refunded)} refunded</span> : null}
            </p>
            {deposit.lastError ? <p className="w-full text-sm text-danger">{deposit.lastError}</p> : null}
          </section>
          {deposit.refundable !== '0.00' ? (
            <RefundForm bookingId={booking.id} refundable={deposit.refundable} autoFocus={offerRefund} />
          ) : null}
          <section aria-labelledby="deposit-charges">
            <h3 id="deposit-charges" className={heading}>
              Charges
            </h3>
            {deposit.attempts.length === 0 ? (
              <p className="text-sm text-muted">Nothing charged yet: the card is charged when the booking is confirmed.</p>
            ) : (
              <ul className="divide-y divide-line/70 border border-line/70" data-testid="deposit-charges">
                {deposit.attempts.map((attempt) => (
                  <li key={attempt.id} className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-3 text-sm">
                    <span className="text-ivory">
                      {displayMoney(attempt.amount)} · {attempt.status.replaceAll('_', ' ')}
                    </span>
                    <span className="text-muted">{formatInstantDateTime(attempt.createdAt)}</span>
                    {attempt.providerId && attempt.dashboardUrl ? (
                      <a
                        href={attempt.dashboardUrl}
                        target="_blank"
                        rel="noreferrer"
                        className="inline-flex w-full items-center gap-1 font-mono text-xs text-gold hover:text-gold-light"
                      >
                        {attempt.providerId}
                        <ExternalLink aria-hidden className="size-3" />
                        <span className="sr-only">(opens Stripe’s dashboard)</span>
                      </a>
                    ) : null}
                    {attempt.error ? <span className="w-full text-danger">{attempt.error}</span> : null}
                  </li>
                ))}
              </ul>
            )}
          </section>
          {deposit.refunds.length > 0 ? (
            <section aria-labelledby="deposit-refunds">
              <h3 id="deposit-refunds" className={heading}>
                Refunds
              </h3>
              <ul className="divide-y divide-line/70 border border-line/70" data-testid="deposit-refunds">
                {deposit.refunds.map((refund) => (
                  <li key={refund.id} className="flex flex-wrap justify-between gap-2 px-4 py-3 text-sm">
                    <span className="text-ivory">
                      {displayMoney(refund.amount)} · {refund.status}
                    </span>
                    <span className="text-muted">
                      {refund.createdBy}, {formatInstantDateTime(refund.createdAt)}
                    </span>
                    {refund.reason ? <span className="w-full text-sand">{refund.reason}</span> : null}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {deposit.events.length > 0 ? (
            <section aria-labelledby="deposit-events">
              <h3 id="deposit-events" className={heading}>
                Stripe’s word
              </h3>
              <ul className="text-sm text-sand">
                {deposit.events.map((event) => (
                  <li key={event.id}>
                    {event.kind} · {formatInstantDateTime(event.receivedAt)}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      )}
    </>
  );
}

/** A refund: all that is left by default, or the amount typed. */
function RefundForm({ bookingId, refundable, autoFocus }: { bookingId: string; refundable: string; autoFocus: boolean }) {
  const refund = useRefundDeposit();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = amount.trim();
    if (typed && !/^\d{1,8}(\.\d{1,2})?$/.test(typed)) {
      setError('Enter an amount such as 10.00, or leave it empty to refund all that is left');
      return;
    }
    setError(undefined);
    refund.mutate(
      { id: bookingId, amount: typed, reason: reason.trim() },
      {
        onSuccess: () => {
          setAmount('');
          setReason('');
        },
        onError: (failure) => setError(failure instanceof ApiError ? failure.message : 'The refund did not go through'),
      },
    );
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Refund the deposit"
      className="grid gap-4 border border-gold/30 bg-gold/[0.04] p-4 sm:grid-cols-2"
    >
      <Field
        id={`deposit-refund-amount-${bookingId}`}
        label="Amount to refund ($)"
        hint={`Up to ${displayMoney(refundable)}; empty refunds all of it.`}
        error={error}
      >
        <Input
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          placeholder={refundable}
          value={amount}
          autoFocus={autoFocus}
          onChange={(event) => setAmount(event.target.value)}
        />
      </Field>
      <Field id={`deposit-refund-reason-${bookingId}`} label="Reason" optional>
        <Input value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
      </Field>
      <div className="flex justify-end sm:col-span-2">
        <Button type="submit" disabled={refund.isPending}>
          {refund.isPending ? <Spinner /> : null}
          {amount.trim() ? `Refund ${displayMoney(amount.trim())}` : `Refund ${displayMoney(refundable)}`}
        </Button>
      </div>
    </form>
  );
}
