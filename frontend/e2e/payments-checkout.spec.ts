import { expect, test, type Page } from '@playwright/test';
import { AdminApi, SCREENSHOT_DIR, expectNoSeriousAxeViolations, settle, unique } from './admin-helpers';
import { cards, fillShipping, openCheckoutWithCart, recordOwnRequests, typeCard, useStripeStandIn } from './payments-helpers';

/*
 * The checkout with cards charged (docs/decisions.md §14), against a server
 * that charges through localstripe. Stripe.js is the stand-in of
 * support/stripe-stand-in.js; everything else is the real site and server.
 */

type Order = { id: string; email: string; total: string; payment: { state: string; amount: string; refunded: string } };
type History = { state: string; attempts: { status: string; providerId: string | null; error: string | null }[] };

async function ordersOf(api: AdminApi, email: string): Promise<Order[]> {
  return (await api.get<Order[]>('/api/orders')).filter((order) => order.email === email);
}

function placeOrder(page: Page) {
  return page.getByRole('button', { name: 'PLACE ORDER' }).click();
}

for (const width of [390, 1440]) {
  test(`pays by card at ${width} px; no card number reaches our server; axe`, async ({ page, request, baseURL }) => {
    await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
    await useStripeStandIn(page);
    const sent = recordOwnRequests(page, baseURL ?? '');
    await openCheckoutWithCart(page, request);
    await expect(page.getByText('Your card goes straight to our payment processor, Stripe')).toBeVisible();
    await expect(page.getByTestId('demo-store-notice')).toHaveCount(0);
    const email = `card.${unique()}@example.test`;
    await fillShipping(page, email);
    await typeCard(page, cards.visa);
    await settle(page);
    await expectNoSeriousAxeViolations(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/payments-checkout-${width}.png`, fullPage: true });

    await placeOrder(page);
    await expect(page.getByRole('heading', { name: 'Your order is confirmed' })).toBeVisible();
    await expect(page.getByText('Paid by card. Your receipt is on its way.')).toBeVisible();

    const api = await AdminApi.create(request);
    const [order, ...others] = await ordersOf(api, email);
    expect(others).toHaveLength(0);
    expect(order?.payment.state).toBe('paid');
    expect(order?.payment.amount).toBe(order?.total);
    const history = await api.get<History>(`/api/admin/orders/${order!.id}/payment`);
    expect(history.attempts.map((attempt) => attempt.status)).toEqual(['succeeded']);
    expect(history.attempts[0]?.providerId).toMatch(/^pi_/);

    // The card went to the provider only: our server saw a payment method's id.
    const card = cards.visa.replaceAll(' ', '');
    expect(sent.some((line) => line.includes('/payment'))).toBe(true);
    for (const line of sent) {
      expect(line).not.toContain(card);
      expect(line).not.toContain(cards.visa);
    }
  });
}

test('a declined card says why and keeps the order; another card pays the same order', async ({ page, request }) => {
  await useStripeStandIn(page);
  await openCheckoutWithCart(page, request);
  const email = `declined.${unique()}@example.test`;
  await fillShipping(page, email);
  await typeCard(page, cards.declinedOnCharge);
  await placeOrder(page);

  await expect(page.getByTestId('payment-error')).toContainText(/declined/i);
  await expect(page.getByRole('button', { name: 'PLACE ORDER' })).toBeEnabled();
  // Nothing typed is lost.
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByRole('textbox', { name: 'Card number' })).toHaveValue(cards.declinedOnCharge);

  const api = await AdminApi.create(request);
  const [waiting] = await ordersOf(api, email);
  expect(waiting?.payment.state).toBe('awaiting_payment');

  await page.getByRole('textbox', { name: 'Card number' }).fill(cards.visa);
  await placeOrder(page);
  await expect(page.getByRole('heading', { name: 'Your order is confirmed' })).toBeVisible();

  const orders = await ordersOf(api, email);
  expect(orders.map((order) => order.id)).toEqual([waiting!.id]);
  expect(orders[0]?.payment.state).toBe('paid');
  const history = await api.get<History>(`/api/admin/orders/${waiting!.id}/payment`);
  expect(history.attempts.map((attempt) => attempt.status).sort()).toEqual(['failed', 'succeeded']);
});

test("3-D Secure: a failed step says so; the bank's window completed pays the order", async ({ page, request }) => {
  await useStripeStandIn(page);
  await openCheckoutWithCart(page, request);
  const email = `secure.${unique()}@example.test`;
  await fillShipping(page, email);
  await typeCard(page, cards.threeDSecure);

  await placeOrder(page);
  const bank = page.getByRole('dialog', { name: '3D Secure authentication' });
  await bank.getByRole('button', { name: 'Fail authentication' }).click();
  await expect(page.getByTestId('payment-error')).toContainText(/unable to authenticate/i);

  await placeOrder(page);
  await bank.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page.getByRole('heading', { name: 'Your order is confirmed' })).toBeVisible();

  const api = await AdminApi.create(request);
  const orders = await ordersOf(api, email);
  expect(orders).toHaveLength(1);
  expect(orders[0]?.payment.state).toBe('paid');
});
