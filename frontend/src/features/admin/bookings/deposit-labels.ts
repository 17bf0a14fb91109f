import { humanize } from '../shared/humanize';
import type { Tone } from '../shared/statuses';
import type { AdminBooking } from '../shared/types';

export type BookingDeposit = NonNullable<AdminBooking['deposit']>;
export type DepositState = BookingDeposit['state'];

/*
 * A deposit's states in the owner's words (docs/decisions.md §14). The keys
 * are the generated schema's, so a new state fails the type check until it
 * has words here.
 */
const states: Record<DepositState, { label: string; tone: Tone }> = {
  none: { label: 'No deposit', tone: 'stone' },
  card_saved: { label: 'Card saved', tone: 'blue' },
  requires_authentication: { label: 'Waiting for the guest’s bank', tone: 'orange' },
  paid: { label: 'Deposit paid', tone: 'green' },
  failed: { label: 'Charge failed', tone: 'red' },
  released: { label: 'Card released', tone: 'stone' },
  refunded: { label: 'Refunded', tone: 'purple' },
  kept: { label: 'Kept (late cancellation)', tone: 'gold' },
};

export function depositState(state: string): { label: string; tone: Tone } {
  return states[state as DepositState] ?? { label: humanize(state), tone: 'stone' };
}

/** Whether the owner may give some of it back (taken, and not all refunded). */
export function depositRefundable(deposit: BookingDeposit): boolean {
  return (deposit.state === 'paid' || deposit.state === 'kept') && deposit.refunded !== deposit.amount;
}
