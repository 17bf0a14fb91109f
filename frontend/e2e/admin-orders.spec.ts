import { expect, test, type APIRequestContext } from '@playwright/test';
import { AdminApi, cents, choose, dollars, expectSuccess, openDashboard, openTab, unique } from './admin-helpers';

type Product = { id: string; name: string; price: string };
type Order = { id: string; status: string; total: string; items: string; firstName: string; lastName: string };

/** Places a real order through the public API, with the server's own arithmetic. */
async function placeOrder(request: APIRequestContext, lastName: string) {
  const products = (await (await request.get('/api/products')).json()) as Product[];
  const lines = [
    { product: products[0]!, quantity: 2 },
    { product: products[1]!, quantity: 1 },
  ];
  const subtotal = lines.reduce((sum, l) => sum + cents(l.product.price) * l.quantity, 0);
  const tax = Math.floor((2 * subtotal * 8 + 100) / 200);
  const shipping = subtotal > 100_00 ? 0 : 15_00;
  const fmt = (c: number) => dollars(c).slice(1);
  const response = await request.post('/api/orders', {
    data: {
      firstName: 'Orla',
      lastName,
      email: `orla.${lastName.toLowerCase()}@example.test`,
      phone: null,
      address: '12 Fern Hollow Lane',
      city: 'Idyllwild',
      state: 'CA',
      zip: '92549',
      items: JSON.stringify(
        lines.map((l) => ({ productId: l.product.id, productName: l.product.name, price: l.product.price, quantity: l.quantity })),
      ),
      subtotal: fmt(subtotal),
      tax: fmt(tax),
      shipping: fmt(shipping),
      total: fmt(subtotal + tax + shipping),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { order: (await response.json()) as Order, lines, subtotal, tax, shipping };
}

test('orders: table, details dialog from the items JSON, status changes checked against the API', async ({ page, request }) => {
  const lastName = `Tester${unique()}`;
  const { order, lines, subtotal, tax, shipping } = await placeOrder(request, lastName);
  const api = await AdminApi.create(request);

  await openDashboard(page, request);
  const panel = await openTab(page, 'Orders');
  const row = panel.locator(`[data-order-id="${order.id}"]`);
  await expect(row).toContainText(`${order.id.slice(0, 8)}…`);
  await expect(row).toContainText(`Orla ${lastName}`);
  await expect(row).toContainText(dollars(subtotal + tax + shipping));
  await expect(row.getByTestId('status-badge')).toHaveText('Pending');
  await expect(row.getByTestId('status-badge')).toHaveClass(/amber/);

  // Details.
  await row.getByRole('button', { name: `View details of order ${order.id.slice(0, 8)}…` }).click();
  const dialog = page.getByRole('dialog', { name: 'Order Details' });
  const items = dialog.getByTestId('order-line');
  await expect(items).toHaveCount(lines.length);
  for (const [i, line] of lines.entries()) {
    await expect(items.nth(i)).toContainText(line.product.name);
    await expect(items.nth(i)).toContainText(String(line.quantity));
    await expect(items.nth(i)).toContainText(dollars(cents(line.product.price)));
  }
  await expect(dialog.getByTestId('order-address')).toContainText('12 Fern Hollow Lane');
  await expect(dialog.getByTestId('order-address')).toContainText('Idyllwild, CA 92549');
  for (const amount of [subtotal, tax, shipping, subtotal + tax + shipping]) await expect(dialog).toContainText(dollars(amount));
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();

  // Status: every value can be set directly.
  const statusLabel = `Status of order ${order.id.slice(0, 8)}…`;
  for (const [label, value, tone] of [
    ['Shipped', 'shipped', /violet/],
    ['Delivered', 'delivered', /emerald/],
    ['Cancelled', 'cancelled', /rose/],
    ['Processing', 'processing', /sky/],
  ] as const) {
    await choose(row, statusLabel, label);
    if (value === 'shipped') await expectSuccess(page, 'Order status updated successfully');
    await expect(row.getByTestId('status-badge')).toHaveText(label);
    await expect(row.getByTestId('status-badge')).toHaveClass(tone);
    await expect.poll(async () => (await api.get<Order[]>('/api/orders')).find((o) => o.id === order.id)?.status).toBe(value);
  }
});
