import type { BookingStatus, OrderStatus } from './types';

/*
 * Spec §4 badge colours. Each tone is a tint of its colour with light text on
 * the dark surface, so every badge stays readable (contrast above 7:1).
 */
export const tones = {
  yellow: 'border-amber-300/40 bg-amber-300/10 text-amber-200',
  blue: 'border-sky-300/40 bg-sky-300/10 text-sky-200',
  purple: 'border-violet-300/40 bg-violet-300/10 text-violet-200',
  green: 'border-emerald-300/40 bg-emerald-300/10 text-emerald-200',
  red: 'border-rose-300/40 bg-rose-300/10 text-rose-200',
  orange: 'border-orange-300/40 bg-orange-300/10 text-orange-200',
  teal: 'border-teal-300/40 bg-teal-300/10 text-teal-200',
  gold: 'border-gold/50 bg-gold/10 text-gold-light',
  stone: 'border-stone-300/30 bg-stone-300/10 text-stone-200',
} as const;
export type Tone = keyof typeof tones;

export const orderStatuses: ReadonlyArray<{ value: OrderStatus; label: string; tone: Tone }> = [
  { value: 'pending', label: 'Pending', tone: 'yellow' },
  { value: 'processing', label: 'Processing', tone: 'blue' },
  { value: 'shipped', label: 'Shipped', tone: 'purple' },
  { value: 'delivered', label: 'Delivered', tone: 'green' },
  { value: 'cancelled', label: 'Cancelled', tone: 'red' },
];

export const bookingStatuses: ReadonlyArray<{ value: BookingStatus; label: string; tone: Tone }> = [
  { value: 'pending', label: 'Pending', tone: 'yellow' },
  { value: 'confirmed', label: 'Confirmed', tone: 'green' },
  { value: 'completed', label: 'Completed', tone: 'blue' },
  { value: 'cancelled', label: 'Cancelled', tone: 'red' },
];
