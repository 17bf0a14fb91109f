import { formatFullDay } from '@/components/ui/calendar-dates';
import { formatSlot } from '@/config/site';
import type { ResponseOf } from '@/lib/api/types';

export type GuestBooking = ResponseOf<'/api/guest/bookings/{token}', 'get'>;
type Status = GuestBooking['status'];

/** Each status in a guest's words, with its badge colours (light text on a tint, as in the back office). */
export const guestStatuses: Record<Status, { label: string; className: string }> = {
  pending: { label: 'Requested', className: 'border-amber-300/40 bg-amber-300/10 text-amber-200' },
  confirmed: { label: 'Confirmed', className: 'border-emerald-300/40 bg-emerald-300/10 text-emerald-200' },
  completed: { label: 'Completed', className: 'border-sky-300/40 bg-sky-300/10 text-sky-200' },
  cancelled: { label: 'Cancelled', className: 'border-rose-300/40 bg-rose-300/10 text-rose-200' },
};

/** The service record's name (the server's), else the booking key itself. */
export function serviceName(booking: Pick<GuestBooking, 'service' | 'serviceName'>): string {
  return booking.serviceName?.trim() || booking.service;
}

/**
 * A retreat-local date-time as the server writes it ("2026-12-17T11:00:00",
 * already Idyllwild time, no zone) → "Thursday, December 17, 2026 at 11:00 AM",
 * and with the zone's abbreviation given, "… at 11:00 AM PST".
 */
export function formatLocalDateTime(value: string, zone?: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(value);
  if (!match) return value;
  const at = `${formatFullDay(match[1]!)} at ${formatSlot(match[2]!)}`;
  return zone ? `${at} ${zone}` : at;
}

type DepositState = NonNullable<GuestBooking['deposit']>['state'];

/** A deposit's states in a guest's words (docs/decisions.md §14). */
export const guestDepositStates: Record<DepositState, string> = {
  none: 'No deposit',
  card_saved: 'Your card is saved; the deposit is charged when we confirm your booking',
  requires_authentication: 'Your bank asks you to confirm the deposit',
  paid: 'Deposit paid',
  failed: 'Your card was declined; we will be in touch',
  released: 'Nothing was charged; your card is released',
  refunded: 'Deposit refunded',
  kept: 'Deposit kept (cancelled after the free cancellation period)',
};
