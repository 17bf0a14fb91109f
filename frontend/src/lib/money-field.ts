import { z } from '@/lib/zod';

/*
 * Kept apart from money.ts so that the public pages, which format prices,
 * do not load zod with them (only the forms that validate amounts do).
 */

/** A form field for a required amount in dollars with at most two decimals, as typed ("38", "38.5", "38.00"). */
export const moneyField = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .refine((v) => /^\d{1,8}(\.\d{1,2})?$/.test(v), `${label} must be an amount such as 38.00`);
