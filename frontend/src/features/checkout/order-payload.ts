import { formatCents, orderTotals, toCents } from '@/lib/money';
import type { NewOrder } from '@/lib/api/types';
import type { ImageSize } from '@/lib/responsive-image';

/** A line of what is being ordered (the cart's lines have this shape). */
export type CheckoutLine = {
  product: { id: string; name: string; price: string; image: string; imageSize?: ImageSize | null };
  quantity: number;
};

export type ShippingDetails = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zip: string;
};

/** The server's figures for the cart with a promo code and/or a gift card (`POST /api/checkout/quote`). */
export type PricedWithCode = {
  subtotal: string;
  discount: string;
  tax: string;
  shipping: string;
  total: string;
  promoCode?: string | null;
  /** What the gift card pays of the total ("0.00" without one). */
  giftCardAmount?: string;
  /** What is left to pay by card: total − giftCardAmount. */
  amountDue?: string;
  giftCardLastFour?: string | null;
};

/**
 * The POST /api/orders body (spec §7): items as a JSON string of
 * {productId, productName, price, quantity}, amounts as strings with 2
 * decimals, phone null when blank. Card details are not an input here:
 * they never leave the browser. `giftCard` is the code of a gift card the
 * server's quote accepted: it pays what it holds of the total.
 */
export function buildOrderPayload(
  shipping: ShippingDetails,
  items: readonly CheckoutLine[],
  quote?: PricedWithCode | null,
  giftCard?: string | null,
): NewOrder {
  const totals = orderTotals(items.map((item) => ({ price: item.product.price, quantity: item.quantity })));
  const lines = items.map((item) => ({
    productId: item.product.id,
    productName: item.product.name,
    price: Number(formatCents(toCents(item.product.price))),
    quantity: item.quantity,
  }));
  const phone = shipping.phone.trim();
  return {
    firstName: shipping.firstName.trim(),
    lastName: shipping.lastName.trim(),
    email: shipping.email.trim(),
    phone: phone === '' ? null : phone,
    address: shipping.address.trim(),
    city: shipping.city.trim(),
    state: shipping.state.trim(),
    zip: shipping.zip.trim(),
    items: JSON.stringify(lines),
    subtotal: formatCents(totals.subtotal),
    tax: formatCents(totals.tax),
    shipping: formatCents(totals.shipping),
    total: formatCents(totals.total),
    // With a code, the figures are the server's quote (it decides the discount).
    ...(quote?.promoCode
      ? {
          subtotal: quote.subtotal,
          discount: quote.discount,
          tax: quote.tax,
          shipping: quote.shipping,
          total: quote.total,
          promoCode: quote.promoCode,
        }
      : {}),
    ...(giftCard ? { giftCard } : {}),
  };
}
