import { expect, test } from '@playwright/test';
import {
  AdminApi,
  SCREENSHOT_DIR,
  choose,
  expectNoSeriousAxeViolations,
  expectSuccess,
  openDashboard,
  openTab,
  settle,
  unique,
} from './admin-helpers';
import { placePaidOrder } from './payments-helpers';

/*
 * The owner's side of payments (docs/decisions.md §14): an order's payment
 * and its history, refunds in part and in full, cancelling a paid order
 * (refund or keep, asked first), the Orders tab's default view of the orders
 * paid, and "Check payments" against localstripe.
 */

type Order = { id: string; payment: { state: string; refunded: string } };

test('a paid order: history with the Stripe id, a partial then a full refund', async ({ page, request }) => {
  const lastName = `Refund${unique()}`;
  const order = await placePaidOrder(request, lastName);
  const api = await AdminApi.create(request);

  await openDashboard(page, request);
  const panel = await openTab(page, 'Orders');
  const row = panel.locator(`[data-order-id="${order.id}"]`);
  await expect(row.getByTestId('payment-badge')).toHaveText('Paid');
  await row.getByRole('button', { name: `View details of order ${order.id.slice(0, 8)}…` }).click();
  const dialog = page.getByRole('dialog', { name: 'Order Details' });
  await expect(dialog.getByTestId('order-payment-state')).toHaveText('Paid');
  const charges = dialog.getByTestId('order-payment-charges');
  await expect(charges).toContainText('succeeded');
  await expect(charges.getByRole('link', { name: /^pi_/ })).toHaveAttribute('href', /dashboard\.stripe\.com\/.*payments\/pi_/);
  await settle(page);
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/payments-order-dialog.png` });

  const refund = dialog.getByRole('form', { name: 'Refund the payment' });
  await refund.getByLabel('Amount to refund ($)').fill('5');
  await refund.getByLabel('Reason').fill('A candle arrived chipped');
  await refund.getByRole('button', { name: 'Refund $5.00' }).click();
  await expectSuccess(page, 'Refunded $5.00');
  await expect(dialog.getByTestId('order-payment-state')).toHaveText('Partially refunded');
  await expect(dialog.getByTestId('order-payment-refunds')).toContainText('A candle arrived chipped');

  const left = (Number(order.total) - 5).toFixed(2);
  await refund.getByRole('button', { name: `Refund $${left}` }).click();
  await expectSuccess(page, `Refunded $${left}`);
  await expect(dialog.getByTestId('order-payment-state')).toHaveText('Refunded');
  await expect(dialog.getByRole('form', { name: 'Refund the payment' })).toHaveCount(0);

  const stored = (await api.get<Order[]>('/api/orders')).find((candidate) => candidate.id === order.id);
  expect(stored?.payment).toMatchObject({ state: 'refunded', refunded: order.total });
});

for (const width of [1440, 390]) {
  test(`cancelling a paid order asks whether to refund or keep it; the never paid wait under their filter (${width} px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const order = await placePaidOrder(request, `Cancel${unique()}`);
    const unpaid = await placePaidOrder(request, `Unpaid${unique()}`, { paid: false });
    await openDashboard(page, request);
    await expect(page.getByText(/Received less refunds — this month: shop \$[\d,.]+/)).toBeVisible();
    const panel = await openTab(page, 'Orders');
    const row = panel.locator(`[data-order-id="${order.id}"]`);
    // With payments on the tab shows the orders paid; those never paid are under "Never paid".
    await expect(row).toBeVisible();
    await expect(panel.locator(`[data-order-id="${unpaid.id}"]`)).toHaveCount(0);
    await choose(panel, 'Payment', 'Never paid');
    await expect(panel.locator(`[data-order-id="${unpaid.id}"]`)).toBeVisible();
    await expect(row).toHaveCount(0);
    await choose(panel, 'Payment', 'Paid orders');
    await expect(row).toBeVisible();

    await choose(row, `Status of order ${order.id.slice(0, 8)}…`, 'Cancelled');
    const ask = page.getByRole('dialog', { name: 'Cancel this paid order?' });
    await expect(ask).toContainText(`paid $${order.total} by card`);
    await settle(page);
    await expectNoSeriousAxeViolations(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/payments-cancel-paid-order-${width}.png` });
    await ask.getByRole('button', { name: `Refund $${order.total} and cancel` }).click();
    await expectSuccess(page, 'Order status updated successfully');
    await expect(ask).toHaveCount(0);
    await expect(row.getByTestId('status-badge')).toHaveText('Cancelled');
    await expect(row.getByTestId('payment-badge')).toHaveText('Refunded');
  });
}

test("Check payments: our records and Stripe's agree", async ({ page, request }) => {
  await placePaidOrder(request, `Check${unique()}`);
  await openDashboard(page, request);
  const panel = await openTab(page, 'Orders');
  await panel.getByRole('button', { name: 'Check payments' }).click();
  const dialog = page.getByRole('dialog', { name: 'Check payments' });
  await dialog.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(dialog.getByTestId('reconciliation-agree')).toContainText('Our records and Stripe’s agree');
  const totals = dialog.getByRole('table', { name: 'Totals by kind of sale' });
  for (const kind of ['Shop orders', 'Gift cards sold', 'Booking deposits']) {
    await expect(totals.getByRole('row', { name: new RegExp(kind) })).toBeVisible();
  }
  await settle(page);
  await expectNoSeriousAxeViolations(page);
});
