import { ApiError, hasErrorCode, preferServerMessage } from '@/lib/api/errors';
import type { Order } from '@/lib/api/types';
import { payOrder, refreshOrderPayment, type OrderPaymentAnswer } from './order-payment';
import type { BillingDetails } from './stripe';
import { CardError, type CardFieldsState } from './use-card-fields';

/** An order placed and waiting for its payment, with what it was placed for. */
export type PlacedOrder = { id: string; token: string; placedFor: string };

export type PaymentOutcome =
  | { kind: 'paid'; orderId: string; paid: boolean; placed: PlacedOrder | null }
  | { kind: 'failed'; message: string; placed: PlacedOrder | null };

const notConfirmed = 'Your bank did not confirm the payment. Please try again or use another card.';

/**
 * What an order is for (lines, amounts, address; a gift card's amount and
 * recipient): a changed cart or address is a new order.
 */
export function placedFor(body: object): string {
  return JSON.stringify({ ...body, website: null });
}

/**
 * Checkout with cards charged (docs/decisions.md §14): the provider makes a
 * payment method of the card, the order is placed once (a declined card
 * keeps it: another card pays the same order), our server charges it, and
 * when the bank asks for its own step the provider's window opens and our
 * server reads the payment again. Never a second order for one cart.
 *
 * Used by the checkout (an order of the cart) and the gift card page (an
 * order of one e-gift card, placed before its payment step: `placed` is
 * that order, and `place` is only called again when it expired unpaid).
 * `placeLabel` names the button that places it again.
 */
export async function payPlacedOrder({
  body,
  placed,
  card,
  billing,
  place,
  placeLabel = 'Place Order',
}: {
  body: object;
  placed: PlacedOrder | null;
  card: Pick<CardFieldsState, 'createPaymentMethod' | 'authenticate'>;
  billing: BillingDetails;
  place: () => Promise<Order>;
  placeLabel?: string;
}): Promise<PaymentOutcome> {
  let paymentMethodId: string;
  try {
    paymentMethodId = await card.createPaymentMethod(billing);
  } catch (error) {
    if (error instanceof CardError) return { kind: 'failed', message: error.message, placed };
    throw error;
  }

  let order = placed?.placedFor === placedFor(body) ? placed : null;
  if (!order) {
    const created = await place();
    // The server charges no card (payments were switched off since the page loaded).
    if (!created.paymentToken) return { kind: 'paid', orderId: created.id, paid: false, placed: null };
    order = { id: created.id, token: created.paymentToken, placedFor: placedFor(body) };
  }

  let answer: OrderPaymentAnswer;
  try {
    answer = await payOrder(order.id, order.token, paymentMethodId);
  } catch (error) {
    return { kind: 'failed', message: refusal(error, placeLabel), placed: hasErrorCode(error, 'not_payable') ? null : order };
  }

  if (answer.state === 'requires_action' && answer.clientSecret) {
    let bankSaid: string | null = null;
    try {
      await card.authenticate(answer.clientSecret);
    } catch (error) {
      if (!(error instanceof CardError)) throw error;
      bankSaid = error.message;
    }
    // Whatever the window said, the payment is read from the provider by our server.
    try {
      answer = await refreshOrderPayment(order.id, order.token);
    } catch (error) {
      return { kind: 'failed', message: refusal(error, placeLabel), placed: order };
    }
    if (answer.state !== 'paid' && bankSaid) return { kind: 'failed', message: bankSaid, placed: order };
  }

  if (answer.state === 'paid') return { kind: 'paid', orderId: order.id, paid: true, placed: null };
  if (answer.state === 'expired') return { kind: 'failed', message: expiredText(placeLabel), placed: null };
  return { kind: 'failed', message: answer.lastError ?? notConfirmed, placed: order };
}

const expiredText = (placeLabel: string) =>
  `This order waited too long for its payment and was cancelled; nothing was charged. Press ${placeLabel} to place it again.`;

/** The guest's words for a refused payment. */
function refusal(error: unknown, placeLabel: string): string {
  if (!(error instanceof ApiError)) throw error;
  if (hasErrorCode(error, 'payment_declined')) return preferServerMessage(error, 'Your card was declined.');
  if (hasErrorCode(error, 'not_payable')) return expiredText(placeLabel);
  if (hasErrorCode(error, 'payment_in_progress'))
    return 'A payment of this order is already under way. Please wait a moment before trying again.';
  if (hasErrorCode(error, 'payment_provider_unavailable'))
    return 'We could not reach our payment processor; nothing was charged. Please try again in a moment.';
  return 'Your payment could not be completed; nothing was charged. Please try again.';
}
