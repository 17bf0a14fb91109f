import { z } from '@/lib/zod';
import type { PromoCode, PromoCodeInput } from './api/promo-codes';

const wholeOrEmpty = (max: number, message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= max), message);
const amountOrEmpty = (message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d{1,8}(\.\d{1,2})?$/.test(v), message);

/**
 * A promo code as the owner sets it up (docs/decisions.md §15). The server
 * checks everything again and its messages win; these only catch the
 * obvious before a round trip.
 */
export const promoSchema = z
  .object({
    code: z
      .string()
      .trim()
      .refine((v) => /^[A-Za-z0-9-]{3,32}$/.test(v), 'A promo code is 3 to 32 letters, digits or hyphens'),
    kind: z.enum(['percent', 'amount']),
    value: z.string().trim().min(1, 'How much is taken off is required'),
    appliesTo: z.enum(['shop', 'bookings', 'both']),
    minSubtotal: amountOrEmpty('A minimum is an amount such as 50.00'),
    startsOn: z.string(),
    endsOn: z.string(),
    maxUses: wholeOrEmpty(1_000_000, 'A limit is a whole number from 1 to 1000000'),
    maxUsesPerGuest: wholeOrEmpty(1_000_000, 'A limit is a whole number from 1 to 1000000'),
    productIds: z.array(z.string()),
    serviceIds: z.array(z.string()),
    active: z.boolean(),
  })
  .refine((v) => (v.kind === 'percent' ? /^\d+$/.test(v.value) && Number(v.value) >= 1 && Number(v.value) <= 100 : true), {
    path: ['value'],
    message: 'A percent is a whole number from 1 to 100',
  })
  .refine((v) => (v.kind === 'amount' ? /^\d{1,8}(\.\d{1,2})?$/.test(v.value) && Number(v.value) > 0 : true), {
    path: ['value'],
    message: 'The amount off must be more than $0.00',
  })
  .refine((v) => v.startsOn === '' || v.endsOn === '' || v.endsOn >= v.startsOn, {
    path: ['endsOn'],
    message: 'The end date must not be before the start date',
  });

export type PromoFormValues = z.input<typeof promoSchema>;

/** The server's field names, and the form field that shows each one's error. */
export const promoServerFields = {
  code: 'code',
  percentOff: 'value',
  amountOff: 'value',
  minSubtotal: 'minSubtotal',
  startsOn: 'startsOn',
  endsOn: 'endsOn',
  maxUses: 'maxUses',
  maxUsesPerGuest: 'maxUsesPerGuest',
} as const satisfies Record<string, keyof PromoFormValues>;

export const emptyPromo: PromoFormValues = {
  code: '',
  kind: 'percent',
  value: '',
  appliesTo: 'shop',
  minSubtotal: '',
  startsOn: '',
  endsOn: '',
  maxUses: '',
  maxUsesPerGuest: '',
  productIds: [],
  serviceIds: [],
  active: true,
};

export function promoToForm(promo: PromoCode): PromoFormValues {
  return {
    code: promo.code,
    kind: promo.percentOff != null ? 'percent' : 'amount',
    value: promo.percentOff != null ? String(promo.percentOff) : (promo.amountOff ?? ''),
    appliesTo: promo.appliesTo,
    minSubtotal: promo.minSubtotal ?? '',
    startsOn: promo.startsOn ?? '',
    endsOn: promo.endsOn ?? '',
    maxUses: promo.maxUses == null ? '' : String(promo.maxUses),
    maxUsesPerGuest: promo.maxUsesPerGuest == null ? '' : String(promo.maxUsesPerGuest),
    productIds: promo.productIds,
    serviceIds: promo.serviceIds,
    active: promo.active,
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
const wholeOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

export function formToPromo(values: PromoFormValues): PromoCodeInput {
  return {
    code: values.code.trim(),
    percentOff: values.kind === 'percent' ? Number(values.value) : null,
    amountOff: values.kind === 'amount' ? values.value.trim() : null,
    appliesTo: values.appliesTo,
    minSubtotal: orNull(values.minSubtotal),
    startsOn: orNull(values.startsOn),
    endsOn: orNull(values.endsOn),
    maxUses: wholeOrNull(values.maxUses),
    maxUsesPerGuest: wholeOrNull(values.maxUsesPerGuest),
    productIds: values.appliesTo === 'bookings' ? [] : values.productIds,
    serviceIds: values.appliesTo === 'shop' ? [] : values.serviceIds,
    active: values.active,
  };
}

/** "10 % off" or "$12.50 off". */
export function promoValueLabel(promo: PromoCode): string {
  return promo.percentOff != null ? `${promo.percentOff}% off` : `$${promo.amountOff ?? '0.00'} off`;
}

export const scopeLabels: Record<PromoCode['appliesTo'], string> = {
  shop: 'Shop',
  bookings: 'Bookings',
  both: 'Shop & bookings',
};
