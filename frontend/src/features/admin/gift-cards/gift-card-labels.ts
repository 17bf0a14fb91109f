import { toCents } from '@/lib/money';
import { humanize } from '../shared/humanize';
import type { Tone } from '../shared/statuses';
import type { AdminGiftCard, GiftCardEntry } from './api/gift-cards';

/*
 * A gift card's states, kinds and ledger entries in words (docs/decisions.md
 * §16). The keys are the generated schema's, so a new value fails the type
 * check until it has words here; one newer than this build still reads.
 */
type Info = { label: string; tone: Tone };

const states: Record<AdminGiftCard['state'], Info> = {
  pending: { label: 'Awaiting payment', tone: 'yellow' },
  active: { label: 'Active', tone: 'green' },
  voided: { label: 'Voided', tone: 'red' },
};

export function giftCardState(state: string): Info {
  return states[state as AdminGiftCard['state']] ?? { label: humanize(state), tone: 'stone' };
}

/** The server's kinds (a plain string in the schema). */
const kinds: Record<string, string | undefined> = {
  purchased: 'Purchased',
  promotional: 'Promotional',
};

export function giftCardKind(kind: string): string {
  return kinds[kind] ?? humanize(kind);
}

const entries: Record<GiftCardEntry['kind'], string> = {
  issued: 'Issued',
  redeemed: 'Redeemed',
  returned: 'Returned (refund)',
  cashed_out: 'Paid out in cash',
  voided: 'Voided',
};

export function ledgerEntryLabel(kind: string): string {
  return entries[kind as GiftCardEntry['kind']] ?? humanize(kind);
}

/** "••••K7QM": all the dashboard ever shows of a code; a card awaiting payment has none yet. */
export function maskedCode(lastFour: string | null | undefined): string {
  return lastFour ? `••••${lastFour}` : 'No code yet';
}

/** "gift card ••••K7QM", or "this gift card" before it has a code: for sentences. */
export function cardName(lastFour: string | null | undefined): string {
  return lastFour ? `gift card ••••${lastFour}` : 'this gift card';
}

/** California: a balance under $10.00 is paid out in cash on request (Civil Code §1749.5). */
export const CASH_OUT_UNDER_CENTS = 10_00;

function cents(value: string): number {
  try {
    return toCents(value);
  } catch {
    return 0;
  }
}

/** Whether the owner may pay the balance out: an active card holding more than $0.00 and less than $10.00. */
export function canCashOut(card: Pick<AdminGiftCard, 'state' | 'balance'>): boolean {
  const balance = cents(card.balance);
  return card.state === 'active' && balance > 0 && balance < CASH_OUT_UNDER_CENTS;
}

/** Whether anything can be taken off it at the retreat. */
export function canRedeem(card: Pick<AdminGiftCard, 'state' | 'balance'>): boolean {
  return card.state === 'active' && cents(card.balance) > 0;
}

/** Whether the card's mail went out: delivered, due on a later day, sending, or waiting for the payment. */
export function deliveryWords(card: Pick<AdminGiftCard, 'state' | 'deliverOn' | 'deliveredAt'>, today: string): string {
  if (card.deliveredAt) return 'Delivered';
  if (card.state === 'pending') return 'Sent once paid';
  return card.deliverOn > today ? 'Scheduled' : 'Awaiting delivery';
}
