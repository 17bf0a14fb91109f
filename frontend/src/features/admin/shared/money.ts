import { z } from 'zod';
import { formatPrice } from '@/features/cart/money';

/** A required amount in dollars with at most two decimals, as typed ("38", "38.5", "38.00"). */
export const moneyField = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .refine((v) => /^\d{1,8}(\.\d{1,2})?$/.test(v), `${label} must be an amount such as 38.00`);

/** "38" → "38.00" for the wire (the server also accepts fewer decimals). */
export function toMoneyString(value: string): string {
  const [whole = '0', fraction = ''] = value.trim().split('.');
  return `${whole}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}

/** An API amount as "$120.00"; an unreadable one as it came. */
export function displayMoney(value: string): string {
  try {
    return formatPrice(value);
  } catch {
    return value;
  }
}
