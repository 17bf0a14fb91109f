/*
 * All cart and checkout arithmetic, in integer cents, with the server's
 * rounding (half-up to the cent). Floats never hold money here: prices come
 * in as decimal strings ("24.00") and go out as strings with 2 decimals.
 */

export type Cents = number;

export const TAX_RATE_PERCENT = 8;
export const FREE_SHIPPING_OVER: Cents = 100_00;
export const SHIPPING_FEE: Cents = 15_00;

const DECIMAL = /^\s*(-)?(\d*)(?:\.(\d*))?\s*$/;

/** Parses "24", "24.5", "24.00" (or a number) into cents, half-up beyond the cent. */
export function toCents(value: string | number): Cents {
  const text = typeof value === 'number' ? numberToPlain(value) : value;
  const match = DECIMAL.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) {
    throw new RangeError(`Not a decimal amount: ${JSON.stringify(value)}`);
  }
  const negative = match[1] === '-';
  const whole = match[2] === '' ? 0 : Number(match[2]);
  const frac = (match[3] ?? '').padEnd(3, '0');
  let cents = whole * 100 + Number(frac.slice(0, 2));
  if (Number(frac[2]) >= 5) cents += 1;
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount out of range: ${JSON.stringify(value)}`);
  return negative ? -cents : cents;
}

function numberToPlain(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`Not a finite amount: ${n}`);
  // toFixed(3) keeps the digit that decides the half-up rounding.
  return n.toFixed(3);
}

/** 4800 → "48.00" (the wire format). */
export function formatCents(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 4800 → "$48.00" (the display format). */
export function formatMoney(cents: Cents): string {
  const text = formatCents(cents);
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}

/** Display a decimal string from the API as "$120.00". */
export function formatPrice(value: string | number): string {
  return formatMoney(toCents(value));
}

/** Half-up division of a non-negative integer by a positive integer. */
function divideHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

export function lineCents(price: string | number, quantity: number): Cents {
  return toCents(price) * quantity;
}

export function taxCents(subtotal: Cents): Cents {
  return divideHalfUp(subtotal * TAX_RATE_PERCENT, 100);
}

/** Free when the subtotal is over 100.00, else 15.00. */
export function shippingCents(subtotal: Cents): Cents {
  return subtotal > FREE_SHIPPING_OVER ? 0 : SHIPPING_FEE;
}

export type OrderLine = { price: string | number; quantity: number };
export type OrderTotals = { subtotal: Cents; tax: Cents; shipping: Cents; total: Cents };

export function orderTotals(lines: readonly OrderLine[]): OrderTotals {
  const subtotal = lines.reduce((sum, line) => sum + lineCents(line.price, line.quantity), 0);
  const tax = taxCents(subtotal);
  const shipping = shippingCents(subtotal);
  return { subtotal, tax, shipping, total: subtotal + tax + shipping };
}

/** "$120" for whole dollars, "$12.50" otherwise: for headline prices. */
export function formatPriceShort(value: string | number): string {
  const cents = toCents(value);
  return cents % 100 === 0 ? `$${cents / 100}` : formatMoney(cents);
}

/** An API amount as "$120.00"; an unreadable one as it came. */
export function displayMoney(value: string): string {
  try {
    return formatPrice(value);
  } catch {
    return value;
  }
}

/** "38" → "38.00" for the wire (the server also accepts fewer decimals). */
export function toMoneyString(value: string): string {
  const [whole = '0', fraction = ''] = value.trim().split('.');
  return `${whole}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}
