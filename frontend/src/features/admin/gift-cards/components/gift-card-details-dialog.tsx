import { Mail } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, Input, Textarea } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCalendarDate, formatInstantDateTime } from '@/lib/dates';
import { displayMoney, toCents } from '@/lib/money';
import { linkToRecord } from '../../shared/linked-records';
import { ToneBadge } from '../../shared/ui';
import { useReturnFocus } from '@/lib/use-return-focus';
import {
  useCashOutGiftCard,
  useGiftCardLedger,
  useRedeemGiftCard,
  useResendGiftCard,
  useVoidGiftCard,
  type AdminGiftCard,
} from '../api/gift-cards';
import { canCashOut, canRedeem, cardName, giftCardKind, giftCardState, ledgerEntryLabel, maskedCode } from '../gift-card-labels';

const sectionHeading = 'mb-2 font-sans text-[0.7rem] font-medium uppercase tracking-wide-2 text-gold';

export function GiftCardDetailsDialog({ card, onOpenChange }: { card: AdminGiftCard | undefined; onOpenChange: (open: boolean) => void }) {
  const { onCloseAutoFocus: returnFocus } = useReturnFocus(Boolean(card));
  return (
    <Dialog open={Boolean(card)} onOpenChange={onOpenChange}>
      <DialogContent size="lg" onCloseAutoFocus={returnFocus}>
        {card ? <GiftCardDetails key={card.id} card={card} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function GiftCardDetails({ card }: { card: AdminGiftCard }) {
  const state = giftCardState(card.state);
  return (
    <>
      <DialogHeader>
        <p className="eyebrow mb-3">
          {giftCardKind(card.kind)} · {maskedCode(card.lastFour)}
        </p>
        <DialogTitle>Gift Card Details</DialogTitle>
        <DialogDescription>Created {formatInstantDateTime(card.createdAt)}</DialogDescription>
      </DialogHeader>

      <div className="flex flex-wrap items-baseline gap-x-6 gap-y-2 border-y border-line py-4">
        <p className="font-display text-4xl text-gold-light tabular-nums" data-testid="gift-card-details-balance">
          {displayMoney(card.balance)}
        </p>
        <p className="text-sm text-sand">
          left of {displayMoney(card.amount)}
          {card.label ? ` · ${card.label}` : ''}
        </p>
        <ToneBadge tone={state.tone} data-testid="gift-card-details-state">
          {state.label}
        </ToneBadge>
      </div>

      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        <section aria-labelledby="gift-card-recipient">
          <h3 id="gift-card-recipient" className={sectionHeading}>
            Recipient
          </h3>
          <p className="text-ivory">{card.recipientName}</p>
          <p className="break-all text-sm text-sand">{card.recipientEmail}</p>
        </section>
        <section aria-labelledby="gift-card-from">
          <h3 id="gift-card-from" className={sectionHeading}>
            From
          </h3>
          <p className="text-ivory">{card.fromName}</p>
          {card.buyerEmail ? <p className="break-all text-sm text-sand">{card.buyerEmail}</p> : null}
          {card.orderId ? (
            <Link to={linkToRecord('order', card.orderId)} className="text-sm text-gold hover:text-gold-light">
              Order #{card.orderId.slice(0, 8)}
            </Link>
          ) : null}
        </section>
        <section aria-labelledby="gift-card-delivery">
          <h3 id="gift-card-delivery" className={sectionHeading}>
            Delivery
          </h3>
          <p className="text-ivory">{formatCalendarDate(card.deliverOn)}</p>
          <p className="text-sm text-sand">
            {card.deliveredAt ? `Delivered ${formatInstantDateTime(card.deliveredAt)}` : 'Not delivered yet'}
          </p>
        </section>
        <section aria-labelledby="gift-card-validity">
          <h3 id="gift-card-validity" className={sectionHeading}>
            Validity
          </h3>
          <p className="text-ivory">{card.expiresOn ? `Valid until ${formatCalendarDate(card.expiresOn)}` : 'Does not expire'}</p>
        </section>
      </div>

      {card.message ? (
        <section aria-labelledby="gift-card-message" className="mt-6">
          <h3 id="gift-card-message" className={sectionHeading}>
            Message
          </h3>
          <p className="whitespace-pre-line break-words border-l border-gold/40 pl-4 font-display text-lg italic text-sand">
            {card.message}
          </p>
        </section>
      ) : null}

      {card.state === 'pending' ? (
        <p className="mt-6 border border-amber-300/40 bg-amber-300/10 px-4 py-3 text-sm text-ivory" data-testid="gift-card-pending">
          No code yet: the card is made and mailed once its order is paid — with payments off, once you accept the order (set it to
          Processing).
        </p>
      ) : null}

      {card.state === 'voided' ? (
        <p className="mt-6 border border-danger/50 bg-danger-bg/50 px-4 py-3 text-sm text-ivory" data-testid="gift-card-void-reason">
          Voided{card.voidReason ? `: ${card.voidReason}` : ''}
        </p>
      ) : (
        <CardActions card={card} />
      )}

      <Ledger card={card} />
    </>
  );
}

/** What the owner can do with a card that is not voided. */
function CardActions({ card }: { card: AdminGiftCard }) {
  const resend = useResendGiftCard();
  const cashOut = useCashOutGiftCard();
  const cashable = canCashOut(card);
  return (
    <section aria-labelledby="gift-card-actions" className="mt-8 grid gap-5 border-t border-line pt-6">
      <h3 id="gift-card-actions" className={sectionHeading}>
        Actions
      </h3>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="outline"
          size="sm"
          disabled={card.state !== 'active' || resend.isPending}
          onClick={() => resend.mutate({ id: card.id })}
        >
          <Mail aria-hidden className="size-3.5" />
          {resend.isPending ? 'Sending...' : 'Resend mail'}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={!cashable || cashOut.isPending}
          onClick={() => {
            if (window.confirm(`Pay out ${displayMoney(card.balance)} in cash and close ${cardName(card.lastFour)}?`)) {
              cashOut.mutate({ id: card.id });
            }
          }}
        >
          {cashOut.isPending ? 'Paying out...' : 'Cash out'}
        </Button>
      </div>
      <p className="-mt-2 text-xs text-muted">
        {cashable
          ? `The guest asked for the ${displayMoney(card.balance)} left: pay it in cash, then record it here.`
          : 'Cash out is for a balance under $10.00, paid on request (California law).'}
      </p>
      {canRedeem(card) ? <RedeemForm card={card} /> : null}
      <VoidForm card={card} />
    </section>
  );
}

/** A treatment paid at the retreat, taken off the card by the owner. */
function RedeemForm({ card }: { card: AdminGiftCard }) {
  const redeem = useRedeemGiftCard();
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = amount.trim();
    if (!/^\d{1,8}(\.\d{1,2})?$/.test(typed) || toCents(typed) === 0) {
      setError('Enter an amount such as 45.00');
      return;
    }
    if (toCents(typed) > toCents(card.balance)) {
      setError(`The card holds ${displayMoney(card.balance)}`);
      return;
    }
    setError(undefined);
    redeem.mutate(
      { id: card.id, body: { amount: Number(typed), ...(note.trim() ? { note: note.trim() } : {}) } },
      {
        onSuccess: () => {
          setAmount('');
          setNote('');
        },
      },
    );
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Redeem at the retreat"
      className="grid gap-4 border border-gold/30 bg-gold/[0.04] p-4 sm:grid-cols-2"
    >
      <p className="text-sm text-ivory sm:col-span-2">Redeem at the retreat</p>
      <Field id={`gift-card-${card.id}-redeem-amount`} label="Amount ($)" hint={`Up to ${displayMoney(card.balance)}`} error={error}>
        <Input type="number" inputMode="decimal" step="0.01" min="0" value={amount} onChange={(event) => setAmount(event.target.value)} />
      </Field>
      <Field id={`gift-card-${card.id}-redeem-note`} label="Note" optional>
        <Input value={note} maxLength={200} placeholder="Massage, Dec 18" onChange={(event) => setNote(event.target.value)} />
      </Field>
      <div className="flex justify-end sm:col-span-2">
        <Button type="submit" disabled={redeem.isPending}>
          {redeem.isPending ? <Spinner /> : null}
          {amount.trim() && /^\d{1,8}(\.\d{1,2})?$/.test(amount.trim()) ? `Take ${displayMoney(amount.trim())} off` : 'Take off the card'}
        </Button>
      </div>
    </form>
  );
}

/** Voiding ends a card for good: a reason is required, and the browser asks once more. */
function VoidForm({ card }: { card: AdminGiftCard }) {
  const voidCard = useVoidGiftCard();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setError('A reason is required');
      return;
    }
    setError(undefined);
    const left = toCents(card.balance) > 0 ? ` Its balance of ${displayMoney(card.balance)} can no longer be used.` : '';
    if (!window.confirm(`Void ${cardName(card.lastFour)}?${left} This cannot be undone.`)) return;
    voidCard.mutate({ id: card.id, reason: reason.trim() });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Void the card" className="grid gap-4 border border-danger/40 p-4">
      <Field id={`gift-card-${card.id}-void-reason`} label="Reason for voiding" error={error}>
        <Textarea rows={2} maxLength={500} value={reason} className="min-h-20" onChange={(event) => setReason(event.target.value)} />
      </Field>
      <div className="flex justify-end">
        <Button type="submit" variant="destructive" disabled={voidCard.isPending}>
          {voidCard.isPending ? 'Voiding...' : 'Void card'}
        </Button>
      </div>
    </form>
  );
}

/** Every movement of the balance. */
function Ledger({ card }: { card: AdminGiftCard }) {
  const ledger = useGiftCardLedger(card.id);
  const entries = [...(ledger.data ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <section aria-labelledby="gift-card-ledger" className="mt-8 border-t border-line pt-6">
      <h3 id="gift-card-ledger" className={sectionHeading}>
        History
      </h3>
      {ledger.isPending ? (
        <Spinner label="Loading the history…" />
      ) : ledger.isError ? (
        <Alert>The history could not be loaded. Please try again.</Alert>
      ) : entries.length === 0 ? (
        <p className="text-sm text-muted">Nothing has happened to this card yet.</p>
      ) : (
        <Table aria-labelledby="gift-card-ledger" scrollLabel="The card's history">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Date</TableHead>
              <TableHead>Entry</TableHead>
              <TableHead className="text-right">Amount</TableHead>
              <TableHead className="text-right">Balance</TableHead>
              <TableHead>Details</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {entries.map((entry) => {
              const negative = entry.amount.trim().startsWith('-');
              return (
                <TableRow key={entry.id} data-testid="gift-card-entry">
                  <TableCell className="whitespace-nowrap text-sm">{formatInstantDateTime(entry.createdAt)}</TableCell>
                  <TableCell className="whitespace-nowrap text-ivory">{ledgerEntryLabel(entry.kind)}</TableCell>
                  <TableCell
                    className={
                      negative
                        ? 'whitespace-nowrap text-right tabular-nums text-danger'
                        : 'whitespace-nowrap text-right tabular-nums text-ivory'
                    }
                  >
                    {negative ? `−${displayMoney(entry.amount.trim().slice(1))}` : displayMoney(entry.amount)}
                  </TableCell>
                  <TableCell className="whitespace-nowrap text-right tabular-nums">{displayMoney(entry.balanceAfter)}</TableCell>
                  <TableCell className="min-w-40 text-sm">
                    {entry.note ? <p>{entry.note}</p> : null}
                    {entry.orderId ? (
                      <Link to={linkToRecord('order', entry.orderId)} className="text-gold hover:text-gold-light">
                        Order #{entry.orderId.slice(0, 8)}
                      </Link>
                    ) : null}
                    {entry.bookingId ? (
                      <Link to={linkToRecord('booking', entry.bookingId)} className="block text-gold hover:text-gold-light">
                        Booking #{entry.bookingId.slice(0, 8)}
                      </Link>
                    ) : null}
                    {entry.actor ? <p className="text-xs text-muted">by {entry.actor}</p> : null}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
