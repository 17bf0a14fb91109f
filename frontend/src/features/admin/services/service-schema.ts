import { z } from '@/lib/zod';
import type { Service } from '@/lib/api/types';
import { toMoneyString } from '@/lib/money';
import { moneyField } from '@/lib/money-field';
import type { ServiceInput } from '../shared/types';

/** Spec §5: name, description, price, duration and image, all required. */
export const serviceSchema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  description: z.string().trim().min(1, 'Description is required'),
  price: moneyField('Price'),
  duration: z
    .string()
    .trim()
    .min(1, 'Duration is required')
    .refine((v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 10080, 'Duration must be whole minutes, from 1 to 10080'),
  image: z.string().trim().min(1, 'Image URL is required'),
});

export type ServiceFormValues = z.input<typeof serviceSchema>;
export const serviceFields = ['name', 'description', 'price', 'duration', 'image'] as const;
export const emptyService: ServiceFormValues = { name: '', description: '', price: '', duration: '', image: '' };

export function serviceToForm(service: Service): ServiceFormValues {
  return {
    name: service.name,
    description: service.description,
    price: service.price,
    duration: String(service.duration),
    image: service.image,
  };
}

export function formToService(values: ServiceFormValues): ServiceInput {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    price: toMoneyString(values.price),
    duration: Number(values.duration),
    image: values.image.trim(),
  };
}
