import { z } from '@/lib/zod';
import type { PromotionalCardInput } from './api/gift-cards';

const required = (label: string) => z.string().trim().min(1, `${label} is required`);
const day = /^\d{4}-\d{2}-\d{2}$/;
const AMOUNT_RULE = 'A gift card is from $25 to $1,000, in whole dollars';

/**
 * A card the retreat gives away (docs/decisions.md §16): free, so it may
 * expire, and only when its expiry is written on it. The server checks
 * everything again; its messages win.
 */
export const promotionalCardSchema = z
  .object({
    // The rule of every card (docs/decisions.md §16); the server's answer wins if it ever differs.
    amount: z
      .string()
      .trim()
      .min(1, 'Amount is required')
      .refine((v) => v === '' || (/^\d{1,7}$/.test(v) && Number(v) >= 25 && Number(v) <= 1000), AMOUNT_RULE),
    recipientName: required("Recipient's name"),
    recipientEmail: z.string().trim().pipe(z.email('Please enter a valid email address')),
    message: z.string().max(500, 'A message is at most 500 characters'),
    deliverOn: z.string().regex(day, 'Please choose a delivery date'),
    expiresOn: z.string().refine((v) => v === '' || day.test(v), 'Please choose a date'),
  })
  .refine((v) => v.expiresOn === '' || v.expiresOn >= v.deliverOn, {
    path: ['expiresOn'],
    message: 'The card cannot expire before it is delivered',
  });

export type PromotionalCardValues = z.input<typeof promotionalCardSchema>;

export const emptyPromotionalCard: PromotionalCardValues = {
  amount: '',
  recipientName: '',
  recipientEmail: '',
  message: '',
  deliverOn: '',
  expiresOn: '',
};

/** The server's field names, and the form field that shows each one's error. */
export const promotionalServerFields = {
  amount: 'amount',
  recipientName: 'recipientName',
  recipientEmail: 'recipientEmail',
  message: 'message',
  deliverOn: 'deliverOn',
  expiresOn: 'expiresOn',
} as const satisfies Record<string, keyof PromotionalCardValues>;

/** The body of `POST /api/admin/gift-cards`: the amount as a number of whole dollars, blanks left out. */
export function formToPromotionalCard(values: PromotionalCardValues): PromotionalCardInput {
  const message = values.message.trim();
  return {
    amount: Number(values.amount.trim()),
    recipientName: values.recipientName.trim(),
    recipientEmail: values.recipientEmail.trim(),
    ...(message === '' ? {} : { message }),
    deliverOn: values.deliverOn,
    ...(values.expiresOn === '' ? {} : { expiresOn: values.expiresOn }),
  };
}
