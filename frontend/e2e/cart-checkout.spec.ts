import { expect, test } from '@playwright/test';
import { formatCents, formatMoney, orderTotals, toCents } from '../src/lib/money';
import { adminGet, expectToast, fillCheckout, toastRegion, uniqueSuffix } from './helpers';

type Product = { id: string; name: string; price: string; category: string; image: string };
type Order = {
  id: string;
  email: string;
  phone: string | null;
  items: string;
  subtotal: string;
  tax: string;
  shipping: string;
  total: string;
  status: string;
};

test('the empty cart panel and the empty checkout', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Cart', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Shopping Cart' });
  await expect(panel.getByText('Review your items before checkout')).toBeVisible();
  await expect(panel.getByText('Your cart is empty')).toBeVisible();
  await expect(panel.getByText('Add some wellness products to get started')).toBeVisible();
  await panel.getByRole('button', { name: 'CONTINUE SHOPPING' }).click();
  await expect(panel).toBeHidden();

  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible();
  await page.getByRole('link', { name: 'Browse products' }).click();
  await expect(page).toHaveURL(/\/products$/);
});

test('add to cart, change quantities, check out and find the order stored', async ({ page, request }) => {
  const products = (await (await request.get('/api/products')).json()) as Product[];
  expect(products.length).toBeGreaterThanOrEqual(2);
  const [first, second] = products as [Product, Product];

  await page.goto('/products');
  await page.getByRole('button', { name: `View details: ${first.name}` }).click();
  const details = page.getByRole('dialog', { name: first.name });
  await details.getByRole('button', { name: 'Add to Cart' }).click();
  await expectToast(page, 'Added to Cart', `${first.name} has been added to your cart`);

  const panel = page.getByRole('dialog', { name: 'Shopping Cart' });
  await expect(panel).toBeVisible();
  const firstLine = panel.getByTestId('cart-line').filter({ hasText: first.name });
  await expect(firstLine).toContainText(first.category);
  await panel.getByRole('button', { name: `Increase quantity of ${first.name}` }).click();
  await expect(firstLine.getByTestId('cart-line-quantity')).toHaveText('2');
  await expect(firstLine.getByTestId('cart-line-price')).toHaveText(formatMoney(toCents(first.price) * 2));
  await panel.getByRole('button', { name: 'Continue Shopping' }).click();
  await expect(panel).toBeHidden();

  // Adding the same product again merges into its line.
  await page.getByRole('button', { name: `View details: ${first.name}` }).click();
  await page.getByRole('dialog', { name: first.name }).getByRole('button', { name: 'Add to Cart' }).click();
  await expectToast(page, 'Cart Updated', `${first.name} quantity updated in cart`);
  await expect(firstLine.getByTestId('cart-line-quantity')).toHaveText('3');
  await panel.getByRole('button', { name: 'Continue Shopping' }).click();

  await page.getByRole('button', { name: `View details: ${second.name}` }).click();
  await page.getByRole('dialog', { name: second.name }).getByRole('button', { name: 'Add to Cart' }).click();
  await expect(panel.getByTestId('cart-line')).toHaveCount(2);
  await expect(page.getByTestId('cart-count')).toHaveText('4');

  // Decreasing to zero removes the line.
  await panel.getByRole('button', { name: `Decrease quantity of ${second.name}` }).click();
  await expectToast(page, 'Removed from Cart', `${second.name} has been removed from your cart`);
  await expect(panel.getByTestId('cart-line')).toHaveCount(1);
  await expect(panel.getByTestId('cart-total')).toHaveText(formatMoney(toCents(first.price) * 3));
  await expect(page.getByTestId('cart-count')).toHaveText('3');

  // Stored in localStorage under "cart".
  const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('cart') ?? 'null'));
  expect(stored).toEqual([{ product: expect.objectContaining({ id: first.id, name: first.name }), quantity: 3 }]);

  await panel.getByRole('button', { name: 'PROCEED TO CHECKOUT' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(panel).toBeHidden();

  const totals = orderTotals([{ price: first.price, quantity: 3 }]);
  await expect(page.getByTestId('summary-subtotal')).toHaveText(formatMoney(totals.subtotal));
  await expect(page.getByTestId('summary-tax')).toHaveText(formatMoney(totals.tax));
  await expect(page.getByTestId('summary-shipping')).toHaveText(totals.shipping === 0 ? 'Free' : formatMoney(totals.shipping));
  await expect(page.getByTestId('summary-total')).toHaveText(formatMoney(totals.total));

  // The browser refuses to submit without the required fields.
  await page.getByRole('button', { name: 'PLACE ORDER' }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  const email = `guest-${uniqueSuffix()}@example.com`;
  await fillCheckout(page, email);

  const orderRequest = page.waitForRequest((r) => r.url().endsWith('/api/orders') && r.method() === 'POST');
  await page.getByRole('button', { name: 'PLACE ORDER' }).click();
  const sent = await orderRequest;
  const body = sent.postData() ?? '';
  expect(body).not.toContain('4242');
  expect(body).not.toContain('12/30');
  const payload = JSON.parse(body) as Record<string, unknown>;
  expect(payload).toMatchObject({
    firstName: 'Ada',
    lastName: 'Pine',
    email,
    phone: null,
    subtotal: formatCents(totals.subtotal),
    tax: formatCents(totals.tax),
    shipping: formatCents(totals.shipping),
    total: formatCents(totals.total),
  });
  expect(JSON.parse(payload.items as string)).toEqual([
    { productId: first.id, productName: first.name, price: Number(formatCents(toCents(first.price))), quantity: 3 },
  ]);

  const region = toastRegion(page);
  await expect(region.getByText('Order Placed Successfully!', { exact: true })).toBeVisible();
  const description = await region
    .getByText(/^Order #[0-9a-f-]{8} confirmed\. You will receive a confirmation email shortly\.$/)
    .first()
    .textContent();
  const shortId = /#(.{8})/.exec(description ?? '')?.[1];
  expect(shortId).toBeTruthy();

  await expect(page).toHaveURL(/\/$/, { timeout: 5_000 });
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
  expect(await page.evaluate(() => window.localStorage.getItem('cart'))).toBe('[]');

  const orders = await adminGet<Order[]>(request, '/api/orders');
  const order = orders.find((o) => o.email === email);
  expect(order, 'order stored').toBeTruthy();
  expect(order!.id.startsWith(shortId!)).toBe(true);
  expect(order!).toMatchObject({
    phone: null,
    subtotal: formatCents(totals.subtotal),
    tax: formatCents(totals.tax),
    shipping: formatCents(totals.shipping),
    total: formatCents(totals.total),
    status: 'pending',
  });
  const items = JSON.parse(order!.items) as { productId: string; quantity: number }[];
  expect(items).toEqual([expect.objectContaining({ productId: first.id, quantity: 3 })]);
});

test('an order whose answer was lost is placed once when the guest presses again', async ({ page, request }) => {
  const products = (await (await request.get('/api/products')).json()) as Product[];
  const product = products[0]!;
  await page.goto('/');
  await page.evaluate((p) => window.localStorage.setItem('cart', JSON.stringify([{ product: p, quantity: 1 }])), product);
  await page.goto('/checkout');
  const email = `retry-${uniqueSuffix()}@example.com`;
  await fillCheckout(page, email);

  // The first press reaches the server, which stores the order, but its
  // answer never reaches the browser (a dropped connection).
  const keys: string[] = [];
  let dropped = false;
  await page.route('**/api/orders', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (dropped) return route.continue();
    dropped = true;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await page.getByRole('button', { name: 'PLACE ORDER' }).click();
  await expectToast(page, 'Order Failed', 'There was an error processing your order. Please try again.');

  // Pressing again repeats the same attempt: the first order's answer, no second order.
  await page.getByRole('button', { name: 'PLACE ORDER' }).click();
  await expect(toastRegion(page).getByText('Order Placed Successfully!', { exact: true })).toBeVisible();
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  expect(keys[1]).toBe(keys[0]);
  const orders = await adminGet<Order[]>(request, '/api/orders');
  expect(orders.filter((o) => o.email === email)).toHaveLength(1);
});

test('a corrupt stored cart starts empty', async ({ page }) => {
  const messages: string[] = [];
  page.on('console', (m) => messages.push(m.text()));
  await page.addInitScript(() => window.localStorage.setItem('cart', '{not json'));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
  // Said once the app is live (its code arrives after the page is on screen).
  await expect.poll(() => messages.some((m) => m.includes('Failed to load cart from storage'))).toBe(true);
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
});
