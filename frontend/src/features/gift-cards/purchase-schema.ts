import { z } from '@/lib/zod';
import { businessToday } from '@/lib/dates';
import { amountRule, CUSTOM_AMOUNT, DELIVERY_RULE, isDeliveryDay, isValidAmount, MESSAGE_MAX, TREATMENT, type Limits } from './purchase';

const required = (label: string) => z.string().trim().min(1, `${label} is required`);
const email = z.string().trim().pipe(z.email('Please enter a valid email address'));

/**
 * The gift card form as the guest fills it. The server checks everything
 * again (the same rules, docs/decisions.md §16); these catch the obvious
 * before a round trip. An empty `choice` is the default preset.
 */
export function purchaseSchema(limits: Limits) {
  return z
    .object({
      choice: z.string(),
      customAmount: z.string(),
      serviceId: z.string(),
      recipientName: required("Recipient's name"),
      recipientEmail: email,
      message: z.string().max(MESSAGE_MAX, `A message is at most ${MESSAGE_MAX} characters`),
      deliverOn: z
        .string()
        .min(1, 'Please choose a delivery date')
        .refine((v) => isDeliveryDay(v, businessToday()), DELIVERY_RULE),
      firstName: required('First name'),
      lastName: required('Last name'),
      email,
    })
    .refine((v) => v.choice !== CUSTOM_AMOUNT || isValidAmount(v.customAmount, limits), {
      path: ['customAmount'],
      message: amountRule(limits),
    })
    .refine((v) => v.choice !== TREATMENT || v.serviceId !== '', { path: ['serviceId'], message: 'Please choose a treatment' });
}
