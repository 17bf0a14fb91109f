import { formatMoney, toCents } from '@/lib/money';

/** Spec §7: revenue is the sum of every order's total (a decimal string); bad values count as 0. */
export function totalRevenue(orders: ReadonlyArray<{ total: string }>): string {
  let cents = 0;
  for (const order of orders) {
    try {
      cents += toCents(order.total);
    } catch {
      // An unreadable total adds nothing rather than hiding the others.
    }
  }
  return formatMoney(cents);
}
