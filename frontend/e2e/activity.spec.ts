import { expect, test } from '@playwright/test';
import {
  AdminApi,
  adminCredentials,
  choose,
  dayFromToday,
  expectNoSeriousAxeViolations,
  openDashboard,
  openTab,
  screenshot,
  settle,
  unique,
} from './admin-helpers';

test('the Activity tab shows who changed what, filtered by admin, kind and date', async ({ page, request }) => {
  // A change made through the API is the same admin write the dashboard makes.
  const api = await AdminApi.create(request);
  const name = `Trail Balm ${unique()}`;
  const product = await api.post<{ id: string }>('/api/products', {
    name,
    category: 'skincare',
    price: '12.00',
    description: 'Made for the trail.',
    image: '/media/products/alpine-cedar-face-oil.webp',
  });
  const { email } = adminCredentials();

  await openDashboard(page, request);
  const panel = await openTab(page, 'Activity');
  const rows = panel.getByTestId('activity-row');
  const created = rows.filter({ hasText: `“${name}” — name ${name}` });
  await expect(created).toHaveCount(1);
  await expect(created).toContainText('Created');
  await expect(created).toContainText(email);

  // A price change made in the Products tab shows as before → after.
  const products = await openTab(page, 'Products');
  await products.getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Product' });
  await dialog.getByLabel('Price').fill('14.50');
  await dialog.getByRole('button', { name: 'Update Product' }).click();
  await expect(dialog).toBeHidden();
  await openTab(page, 'Activity');
  await expect(rows.filter({ hasText: `“${name}”: price 12.00 → 14.50` })).toHaveCount(1);

  // Filters: one kind, one admin, a date range.
  await choose(panel, 'Kind', 'Product');
  await expect(rows.filter({ hasText: name })).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Logged in' })).toHaveCount(0);
  await choose(panel, 'Kind', 'Sign-in');
  await expect(rows.filter({ hasText: 'Logged in' }).first()).toBeVisible();
  await expect(rows.filter({ hasText: name })).toHaveCount(0);
  await choose(panel, 'Kind', 'Product');
  await choose(panel, 'Admin', email);
  await expect(rows.filter({ hasText: name })).toHaveCount(2);
  // Days after the change hold none of it (two on, so a midnight passing meanwhile changes nothing).
  await panel.getByLabel('From').fill(dayFromToday(2));
  await expect(panel.getByText('No activity matches these filters.')).toBeVisible();
  await panel.getByLabel('From').fill(dayFromToday(-1));
  await panel.getByLabel('To').fill(dayFromToday(1));
  await expect(rows.filter({ hasText: name })).toHaveCount(2);

  await settle(page);
  await expectNoSeriousAxeViolations(page);
  await screenshot(page, 'admin-activity-filtered');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'admin-activity-phone');

  await panel.getByRole('button', { name: 'Clear filters' }).click();
  await expect(panel.getByLabel('From')).toHaveValue('');
  expect(await api.delete(`/api/admin/products/${product.id}`)).toBe(204);
});
