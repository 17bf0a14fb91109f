import { Scale } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { addDays } from '@/components/ui/calendar-dates';
import { ApiError } from '@/lib/api/errors';
import { displayMoney } from '@/lib/money';
import type { ResponseOf } from '@/lib/api/types';
import { reconcilePayments } from '../api/order-payment';

type Reconciliation = ResponseOf<'/api/admin/payments/reconciliation', 'get'>;

const kinds: Record<string, string> = {
  not_recorded_here: 'Stripe has a payment we have no record of',
  missing_at_provider: 'Our attempt has no payment at Stripe (nothing was charged)',
  disagree: 'Our record and Stripe’s disagree',
};

/**
 * "Check payments" (docs/decisions.md §14): our payment records beside
 * Stripe's for a range of days (the last seven to begin with), every
 * difference listed, or the word that both agree.
 */
export function ReconciliationButton() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Scale aria-hidden className="size-4" />
          Check payments
        </Button>
      </DialogTrigger>
      <DialogContent size="lg">{open ? <Reconcile /> : null}</DialogContent>
    </Dialog>
  );
}

function Reconcile() {
  // The server and Stripe count days in UTC.
  const today = new Date().toISOString().slice(0, 10);
  const [from, setFrom] = useState(addDays(today, -6));
  const [to, setTo] = useState(today);
  const [answer, setAnswer] = useState<Reconciliation>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const check = (event: FormEvent) => {
    event.preventDefault();
    if (!from || !to || from > to) {
      setError('Choose a first day on or before the last day.');
      return;
    }
    setError(undefined);
    setBusy(true);
    reconcilePayments(from, to)
      .then(setAnswer, (failure: unknown) => {
        setAnswer(undefined);
        setError(
          failure instanceof ApiError && failure.serverMessage
            ? failure.serverMessage
            : 'Stripe could not be asked right now. Please try again in a moment.',
        );
      })
      .finally(() => setBusy(false));
  };

  return (
    <>
      <DialogHeader>
        <p className="eyebrow mb-3">Payments</p>
        <DialogTitle>Check payments</DialogTitle>
        <DialogDescription>
          Compare our payment records with Stripe’s for a range of days (counted in UTC, as Stripe counts them).
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={check} noValidate aria-label="Days to check" className="grid items-end gap-4 sm:grid-cols-[1fr_1fr_auto]">
        <Field id="reconcile-from" label="From">
          <Input type="date" value={from} max={today} onChange={(event) => setFrom(event.target.value)} />
        </Field>
        <Field id="reconcile-to" label="To">
          <Input type="date" value={to} max={today} onChange={(event) => setTo(event.target.value)} />
        </Field>
        <Button type="submit" disabled={busy} className="h-12">
          {busy ? <Spinner /> : null}
          Check
        </Button>
      </form>
      <div className="mt-6" aria-live="polite">
        {error ? (
          <Alert>{error}</Alert>
        ) : answer ? (
          <>
            <ReconciledTotals totals={answer.totals} />
            {answer.differences.length === 0 ? (
              <p className="border border-emerald-300/40 bg-emerald-300/10 px-4 py-3 text-emerald-100" data-testid="reconciliation-agree">
                Our records and Stripe’s agree for {answer.from} to {answer.to}.
              </p>
            ) : (
              <>
                <p className="mb-3 text-ivory">
                  {answer.differences.length === 1 ? '1 difference' : `${answer.differences.length} differences`} for {answer.from} to{' '}
                  {answer.to}:
                </p>
                <ul className="divide-y divide-line/70 border border-line/70" data-testid="reconciliation-differences">
                  {answer.differences.map((difference, index) => (
                    <li key={`${difference.providerId ?? difference.attemptId ?? ''}-${index}`} className="grid gap-1 px-4 py-3 text-sm">
                      <span className="text-gold-light">{kinds[difference.kind] ?? difference.kind}</span>
                      <span className="text-sand">{difference.detail}</span>
                      {difference.providerId ? <span className="font-mono text-xs text-muted">{difference.providerId}</span> : null}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </>
        ) : null}
      </div>
    </>
  );
}

const sourceNames: Record<Reconciliation['totals'][number]['source'], string> = {
  shop: 'Shop orders',
  gift_card: 'Gift cards sold',
  deposit: 'Booking deposits',
};

/** What each kind of sale took and gave back, by our records and by Stripe’s. */
function ReconciledTotals({ totals }: { totals: Reconciliation['totals'] }) {
  return (
    <Table aria-label="Totals by kind of sale" className="mb-4" data-testid="reconciliation-totals">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Kind</TableHead>
          <TableHead className="text-right">Charged here / at Stripe</TableHead>
          <TableHead className="text-right">Refunded here / at Stripe</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {totals.map((total) => (
          <TableRow key={total.source}>
            <TableCell>
              {sourceNames[total.source]}
              <span className="block text-xs text-muted">{total.payments === 1 ? '1 payment' : `${total.payments} payments`}</span>
            </TableCell>
            <TableCell className="whitespace-nowrap text-right tabular-nums">
              {displayMoney(total.chargedHere)} / {displayMoney(total.chargedThere)}
            </TableCell>
            <TableCell className="whitespace-nowrap text-right tabular-nums">
              {displayMoney(total.refundedHere)} / {displayMoney(total.refundedThere)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
