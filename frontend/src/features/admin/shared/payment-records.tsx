import { ExternalLink } from 'lucide-react';
import { useIsOwner } from '../session/role';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api/errors';
import type { ResponseOf } from '@/lib/api/types';
import { formatInstantDateTime } from '@/lib/dates';
import { displayMoney } from '@/lib/money';

type History = ResponseOf<'/api/admin/orders/{id}/payment', 'get'>;

const heading = 'mb-2 font-sans text-[0.7rem] font-medium uppercase tracking-wide-2 text-gold';

/**
 * What happened to a payment (an order's or a deposit's): every charge with
 * its Stripe id (linked to Stripe's dashboard), the refunds, Stripe's events.
 */
export function PaymentRecords({
  idPrefix,
  history,
  noCharges,
}: {
  idPrefix: string;
  history: Pick<History, 'attempts' | 'refunds' | 'events'>;
  /** Said when nothing was charged yet. */
  noCharges: string;
}) {
  return (
    <>
      <section aria-labelledby={`${idPrefix}-charges`}>
        <h3 id={`${idPrefix}-charges`} className={heading}>
          Charges
        </h3>
        {history.attempts.length === 0 ? (
          <p className="text-sm text-muted">{noCharges}</p>
        ) : (
          <ul className="divide-y divide-line/70 border border-line/70" data-testid={`${idPrefix}-charges`}>
            {history.attempts.map((attempt) => (
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
      {history.refunds.length > 0 ? (
        <section aria-labelledby={`${idPrefix}-refunds`}>
          <h3 id={`${idPrefix}-refunds`} className={heading}>
            Refunds
          </h3>
          <ul className="divide-y divide-line/70 border border-line/70" data-testid={`${idPrefix}-refunds`}>
            {history.refunds.map((refund) => (
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
      {history.events.length > 0 ? (
        <section aria-labelledby={`${idPrefix}-events`}>
          <h3 id={`${idPrefix}-events`} className={heading}>
            Stripe’s word
          </h3>
          <ul className="text-sm text-sand">
            {history.events.map((event) => (
              <li key={event.id}>
                {event.kind} · {formatInstantDateTime(event.receivedAt)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

export type RefundRequest = { amount: string; reason: string };

/** A refund: all that is left by default, or the amount typed. */
export function RefundForm({
  idPrefix,
  label,
  refundable,
  autoFocus,
  pending,
  onRefund,
}: {
  idPrefix: string;
  /** The form's name ("Refund the deposit"). */
  label: string;
  refundable: string;
  autoFocus: boolean;
  pending: boolean;
  /** Resolves when the refund went through; rejects with the reason it did not. */
  onRefund: (request: RefundRequest) => Promise<unknown>;
}) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  // Refunds are the owner's (docs/decisions.md §18).
  const owner = useIsOwner();
  if (!owner) return <p className="text-sm text-muted">Only an owner can give money back.</p>;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = amount.trim();
    if (typed && !/^\d{1,8}(\.\d{1,2})?$/.test(typed)) {
      setError('Enter an amount such as 10.00, or leave it empty to refund all that is left');
      return;
    }
    setError(undefined);
    onRefund({ amount: typed, reason: reason.trim() }).then(
      () => {
        setAmount('');
        setReason('');
      },
      (failure: unknown) =>
        setError(failure instanceof ApiError ? (failure.serverMessage ?? failure.message) : 'The refund did not go through'),
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label={label} className="grid gap-4 border border-gold/30 bg-gold/[0.04] p-4 sm:grid-cols-2">
      <Field
        id={`${idPrefix}-refund-amount`}
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
      <Field id={`${idPrefix}-refund-reason`} label="Reason" optional>
        <Input value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
      </Field>
      <div className="flex justify-end sm:col-span-2">
        <Button type="submit" disabled={pending}>
          {pending ? <Spinner /> : null}
          {amount.trim() ? `Refund ${displayMoney(amount.trim())}` : `Refund ${displayMoney(refundable)}`}
        </Button>
      </div>
    </form>
  );
}
