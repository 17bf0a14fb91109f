import { toCents, type Cents } from '@/lib/money';
import type { Service } from '@/lib/api/types';

/**
 * The deposit a booking of `service` asks for, in cents, shown in the booking
 * dialog before the guest sends it; null when none is asked. The server's rule
 * (`domain::payment::DepositPolicy::deposit_for`) decides what is charged and
 * says it in the confirmation mail: a fixed amount (at most the price), or a
 * percentage of the price (a stay's: all its nights) rounded half-up to the cent.
 */
export function depositCents(
  service: Pick<Service, 'price' | 'depositAmount' | 'depositPercent'>,
  nights = 1,
  /** What is left to pay after a promo code, as the server quoted it: the deposit is a share of it. */
  chargedCents?: Cents,
): Cents | null {
  const price = chargedCents ?? toCents(service.price) * Math.max(1, nights);
  let amount = 0;
  if (service.depositAmount != null) amount = Math.min(toCents(service.depositAmount), price);
  else if (service.depositPercent) amount = Math.floor((price * service.depositPercent + 50) / 100);
  return amount > 0 ? amount : null;
}
