import { z } from '@/lib/zod';
import type { Service } from '@/lib/api/types';
import { toMoneyString } from '@/lib/money';
import { moneyField } from '@/lib/money-field';
import type { ServiceInput } from '../shared/types';

const isZero = (v: string) => v.trim() === '' || Number(v) === 0;

/**
 * Spec §5: name, description, price, duration and image, all required; and
 * the deposit a booking asks for when payments are on (docs/decisions.md
 * §14): an amount or a percentage of the price, not both; empty is none.
 */
export const serviceSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required'),
    description: z.string().trim().min(1, 'Description is required'),
    price: moneyField('Price'),
    duration: z
      .string()
      .trim()
      .min(1, 'Duration is required')
      .refine((v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 10080, 'Duration must be whole minutes, from 1 to 10080'),
    image: z.string().trim().min(1, 'Image URL is required'),
    depositAmount: z
      .string()
      .trim()
      .refine((v) => v === '' || /^\d{1,8}(\.\d{1,2})?$/.test(v), 'Deposit must be an amount such as 25.00'),
    depositPercent: z
      .string()
      .trim()
      .refine((v) => v === '' || (/^\d+$/.test(v) && Number(v) <= 100), 'A deposit percentage must be a whole number from 1 to 100'),
  })
  .refine((v) => isZero(v.depositAmount) || isZero(v.depositPercent), {
    path: ['depositAmount'],
    message: 'A deposit is an amount or a percentage, not both',
  });

export type ServiceFormValues = z.input<typeof serviceSchema>;
export const serviceFields = ['name', 'description', 'price', 'duration', 'image', 'depositAmount', 'depositPercent'] as const;
export const emptyService: ServiceFormValues = {
  name: '',
  description: '',
  price: '',
  duration: '',
  image: '',
  depositAmount: '',
  depositPercent: '',
};

export function serviceToForm(service: Service): ServiceFormValues {
  return {
    name: service.name,
    description: service.description,
    price: service.price,
    duration: String(service.duration),
    image: service.image,
    depositAmount: service.depositAmount ?? '',
    depositPercent: service.depositPercent == null ? '' : String(service.depositPercent),
  };
}

export function formToService(values: ServiceFormValues): ServiceInput {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    price: toMoneyString(values.price),
    duration: Number(values.duration),
    image: values.image.trim(),
    // Both sent: what the form shows is what the service asks (0 is none).
    depositAmount: isZero(values.depositAmount) ? 0 : toMoneyString(values.depositAmount),
    depositPercent: isZero(values.depositPercent) ? 0 : Number(values.depositPercent),
  };
}
