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
 * and its history, refunds in part and in full, the refund offered when a
 * paid order is cancelled, and "Check payments" against localstripe.
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

test('cancelling a paid order offers its refund', async ({ page, request }) => {
  const order = await placePaidOrder(request, `Cancel${unique()}`);
  await openDashboard(page, request);
  const panel = await openTab(page, 'Orders');
  const row = panel.locator(`[data-order-id="${order.id}"]`);
  await choose(row, `Status of order ${order.id.slice(0, 8)}…`, 'Cancelled');
  const offer = page.getByRole('dialog', { name: 'Refund the payment?' });
  await expect(offer).toBeVisible();
  await expect(offer.getByLabel('Amount to refund ($)')).toBeFocused();
  await offer.getByRole('button', { name: `Refund $${order.total}` }).click();
  await expectSuccess(page, `Refunded $${order.total}`);
  await expect(offer.getByTestId('order-payment-state')).toHaveText('Refunded');
});

test("Check payments: our records and Stripe's agree", async ({ page, request }) => {
  await placePaidOrder(request, `Check${unique()}`);
  await openDashboard(page, request);
  const panel = await openTab(page, 'Orders');
  await panel.getByRole('button', { name: 'Check payments' }).click();
  const dialog = page.getByRole('dialog', { name: 'Check payments' });
  await dialog.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(dialog.getByTestId('reconciliation-agree')).toContainText('Our records and Stripe’s agree');
  await settle(page);
  await expectNoSeriousAxeViolations(page);
});
