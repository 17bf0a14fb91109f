import type { NewContactMessage, ServiceKey, TimeSlotValue } from '@/lib/api/types';

/** Brand facts shown across the public site (fictional business). */
export const site = {
  name: 'Golden Pine',
  fullName: 'Golden Pine Wellness Retreat',
  tagline: 'A mountain sanctuary in Idyllwild, California',
  description:
    'A boutique mountain wellness retreat among the pines of Idyllwild, California: massage, rustic spa rituals, a hand-built tiny home and small-batch botanicals.',
  address: {
    street: '54200 Pine Crest Road',
    locality: 'Idyllwild, CA 92549',
  },
  phone: '(951) 555-0148',
  phoneHref: 'tel:+19515550148',
  email: 'stay@goldenpineretreat.com',
  hours: [
    { days: 'Mon-Fri', time: '9:00 AM-6:00 PM' },
    { days: 'Sat-Sun', time: '8:00 AM-7:00 PM' },
  ],
  copyright: '© 2024 Golden Pine Wellness Retreat. All rights reserved.',
  // Placeholders until the retreat's real profiles exist.
  social: [
    { name: 'Instagram', href: '#instagram' },
    { name: 'Facebook', href: '#facebook' },
    { name: 'Pinterest', href: '#pinterest' },
  ],
} as const;

export const navLinks = [
  { to: '/', label: 'Home' },
  { to: '/services', label: 'Services' },
  { to: '/products', label: 'Products' },
  { to: '/wellness-quiz', label: 'Quiz' },
  { to: '/blog', label: 'Blog' },
  { to: '/contact', label: 'Contact' },
] as const;

/**
 * The booking keys in the order the booking form lists them (spec §9,
 * docs/decisions.md §5), with the names used until the service records are
 * loaded. Prices are never repeated here: they come from the records
 * (`GET /api/services`, matched by `bookingKey`).
 */
export const bookingServices = [
  { value: 'massage', label: 'Massage Therapy' },
  { value: 'spa', label: 'Rustic Spa Treatments' },
  { value: 'accommodation', label: 'Tiny Home Retreat' },
  { value: 'package', label: 'Wellness Packages' },
] as const satisfies readonly { value: ServiceKey; label: string }[];
export type BookingServiceKey = (typeof bookingServices)[number]['value'];

export const timeSlots = ['9:00', '11:00', '13:00', '15:00', '17:00'] as const satisfies readonly TimeSlotValue[];
export type TimeSlot = (typeof timeSlots)[number];

/** "13:00" → "1:00 PM", for display only; the value sent stays "13:00". */
export function formatSlot(slot: string): string {
  const [h = '0', m = '00'] = slot.split(':');
  const hour = Number(h);
  const suffix = hour >= 12 ? 'PM' : 'AM';
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}:${m} ${suffix}`;
}

export const contactInterests = [
  { value: 'massage', label: 'Massage Therapy' },
  { value: 'spa', label: 'Spa Treatments' },
  { value: 'accommodation', label: 'Tiny Home Stay' },
  { value: 'package', label: 'Wellness Packages' },
  { value: 'products', label: 'Products' },
  { value: 'general', label: 'General Inquiry' },
] as const satisfies readonly { value: NonNullable<NewContactMessage['interest']>; label: string }[];

/**
 * A Tiny Home stay (the `accommodation` booking key): booked by check-in and
 * check-out days, priced per night. It is sent with the check-in time as its
 * slot; the times are what the guest is told.
 */
export const stayRules = {
  checkInTime: '15:00',
  checkOutTime: '11:00',
  minNights: 1,
  maxNights: 14,
} as const satisfies { checkInTime: TimeSlotValue; checkOutTime: string; minNights: number; maxNights: number };
