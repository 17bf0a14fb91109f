import { formatMoney, toCents } from '@/lib/money';
import { humanize } from '../shared/humanize';
import type { Tone } from '../shared/statuses';
import type { AdminOrder } from '../shared/types';

export type PaymentState = AdminOrder['payment']['state'];

/*
 * An order's payment states in the owner's words (docs/decisions.md §14). The
 * keys are the generated schema's, so a new state fails the type check until
 * it has words here.
 */
const states: Record<PaymentState, { label: string; tone: Tone }> = {
  unpaid: { label: 'Unpaid', tone: 'stone' },
  awaiting_payment: { label: 'Awaiting payment', tone: 'yellow' },
  requires_action: { label: 'Waiting for the guest’s bank', tone: 'orange' },
  paid: { label: 'Paid', tone: 'green' },
  partially_refunded: { label: 'Partially refunded', tone: 'purple' },
  refunded: { label: 'Refunded', tone: 'purple' },
  expired: { label: 'Never paid', tone: 'red' },
};

export function paymentState(state: string): { label: string; tone: Tone } {
  return states[state as PaymentState] ?? { label: humanize(state), tone: 'stone' };
}

/** Whether money was taken and some of it is still ours to give back. */
export function paymentRefundable(payment: AdminOrder['payment']): boolean {
  return (payment.state === 'paid' || payment.state === 'partially_refunded') && payment.refunded !== payment.amount;
}

/** What is left of an order's card payment, as the owner reads it ("$88.44"). */
export function heldByCard(payment: AdminOrder['payment']): string {
  return formatMoney(toCents(payment.amount) - toCents(payment.refunded));
}
