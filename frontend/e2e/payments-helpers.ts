import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/*
 * The payment browser tests (project "payments") run against a second server
 * that charges cards through localstripe (../scripts/e2e-payments-server.sh).
 */

/** localstripe, where the stand-in Stripe.js sends the card. */
export const stripeURL = process.env.E2E_STRIPE_URL ?? 'http://127.0.0.1:18091';
const standIn = readFileSync(new URL('./support/stripe-stand-in.js', import.meta.url), 'utf8');

/** Cards of Stripe's test set, as localstripe knows them. */
export const cards = {
  visa: '4242 4242 4242 4242',
  /** Saved without complaint, declined when charged. */
  declinedOnCharge: '4000 0000 0000 0341',
  /** Always asks for 3-D Secure. */
  threeDSecure: '4000 0027 6000 3184',
};

/** Serves the Stripe.js stand-in at the address the server names (support/stripe-stand-in.js). */
export async function useStripeStandIn(page: Page) {
  await page.addInitScript((api) => {
    (window as unknown as { __stripeStandIn: { api: string } }).__stripeStandIn = { api };
  }, stripeURL);
  await page.route(/^https:\/\/js\.stripe\.com\/v3\//, (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: standIn }),
  );
}

/**
 * Every request body the page sends to our own server, to show that no card
 * number ever reaches it.
 */
export function recordOwnRequests(page: Page, origin: string): string[] {
  const bodies: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(origin)) bodies.push(`${request.url()} ${request.postData() ?? ''}`);
  });
  return bodies;
}

/** Types a card into the provider's three fields. */
export async function typeCard(page: Page, number: string) {
  const number_ = page.getByRole('textbox', { name: 'Card number' });
  await number_.fill(number);
  await page.getByRole('textbox', { name: 'Expiry' }).fill('12 / 30');
  await page.getByRole('textbox', { name: 'CVC' }).fill('123');
}

type Product = { id: string; name: string; price: string };

/** A cart of two products, put where the shop keeps it, then the checkout. */
export async function openCheckoutWithCart(page: Page, request: APIRequestContext): Promise<Product[]> {
  const products = (await (await request.get('/api/products')).json()) as Product[];
  const chosen = products.slice(0, 2);
  await page.goto('/products');
  await page.evaluate(
    (items) => localStorage.setItem('cart', JSON.stringify(items)),
    [
      { product: chosen[0], quantity: 1 },
      { product: chosen[1], quantity: 2 },
    ],
  );
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Payment Information' })).toBeVisible();
  return chosen;
}

export async function fillShipping(page: Page, email: string) {
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Pine');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Address').fill('1 Forest Lane');
  await page.getByLabel('City').fill('Idyllwild');
  await page.getByLabel('State').fill('CA');
  await page.getByLabel('ZIP code').fill('92549');
}

/**
 * A card payment method made at localstripe the way Stripe.js makes one in
 * the guest's browser (the stand-in's placeholder key, never the server's).
 */
export async function paymentMethod(request: APIRequestContext, number: string): Promise<string> {
  const response = await request.post(`${stripeURL}/v1/payment_methods`, {
    headers: { Authorization: 'Bearer sk_test_browser_stand_in' },
    form: {
      type: 'card',
      'card[number]': number.replaceAll(' ', ''),
      'card[exp_month]': '12',
      'card[exp_year]': '2030',
      'card[cvc]': '123',
    },
  });
  const body = (await response.json()) as { id?: string };
  expect(body.id, JSON.stringify(body)).toMatch(/^pm_/);
  return body.id!;
}

type PlacedOrder = { id: string; total: string; paymentToken: string | null };

/** An order placed and paid by card through the public API, as the checkout does it. */
/** An order placed through the API and paid with a test card (or left unpaid, `paid: false`). */
export async function placePaidOrder(
  request: APIRequestContext,
  lastName: string,
  { paid: pay = true }: { paid?: boolean } = {},
): Promise<PlacedOrder & { email: string }> {
  const products = (await (await request.get('/api/products')).json()) as Product[];
  const product = products[0]!;
  const cents = Math.round(Number(product.price) * 100) * 2;
  const tax = Math.floor((cents * 8 + 50) / 100);
  const shipping = cents > 100_00 ? 0 : 15_00;
  const money = (value: number) => (value / 100).toFixed(2);
  const email = `orla.${lastName.toLowerCase()}@example.test`;
  const placed = await request.post('/api/orders', {
    data: {
      firstName: 'Orla',
      lastName,
      email,
      phone: null,
      address: '12 Fern Hollow Lane',
      city: 'Idyllwild',
      state: 'CA',
      zip: '92549',
      items: JSON.stringify([{ productId: product.id, productName: product.name, price: product.price, quantity: 2 }]),
      subtotal: money(cents),
      tax: money(tax),
      shipping: money(shipping),
      total: money(cents + tax + shipping),
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as PlacedOrder;
  expect(order.paymentToken).toBeTruthy();
  if (!pay) return { ...order, email };
  const paid = await request.post(`/api/orders/${order.id}/payment`, {
    data: { token: order.paymentToken, paymentMethodId: await paymentMethod(request, cards.visa) },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  expect(((await paid.json()) as { state: string }).state).toBe('paid');
  return { ...order, email };
}
