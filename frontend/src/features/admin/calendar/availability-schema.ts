import { z } from '@/lib/zod';
import type { AvailabilityInput } from '../shared/types';

export const WHOLE_DAY = 'all-day';

/** Spec §5: capacity a whole number of at least 1 (default 1); service and accommodation default to none. */
export const availabilitySchema = z.object({
  serviceId: z.string(),
  accommodationType: z.enum(['none', 'tiny_home', 'retreat']),
  timeSlot: z.string(),
  maxCapacity: z
    .string()
    .trim()
    .min(1, 'Max capacity is required')
    .refine((v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 10000, 'Max capacity must be a whole number of at least 1'),
  isBlocked: z.boolean(),
  blockReason: z.string(),
});

export type AvailabilityFormValues = z.input<typeof availabilitySchema>;

export const emptyAvailability: AvailabilityFormValues = {
  serviceId: 'none',
  accommodationType: 'none',
  timeSlot: WHOLE_DAY,
  maxCapacity: '1',
  isBlocked: false,
  blockReason: '',
};

/**
 * The "none" choices go out as "none" (the server reads them as null). A time
 * slot only applies with a service; without one the entry covers the day.
 */
export function toAvailabilityInput(date: string, values: AvailabilityFormValues): AvailabilityInput {
  const withService = values.serviceId !== 'none';
  return {
    date,
    serviceId: values.serviceId,
    accommodationType: values.accommodationType,
    timeSlot: withService && values.timeSlot !== WHOLE_DAY ? (values.timeSlot as AvailabilityInput['timeSlot']) : null,
    maxCapacity: Number(values.maxCapacity),
    isBlocked: values.isBlocked,
    blockReason: values.blockReason.trim() === '' ? null : values.blockReason.trim(),
  };
}
