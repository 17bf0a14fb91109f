import { expect, test } from '@playwright/test';
import { AdminApi, answerNextConfirm, expectSuccess, openDashboard, openTab, unique } from './admin-helpers';

type Service = { id: string; name: string; description: string; price: string; duration: number; image: string };

const DELETE_TEXT = 'Are you sure you want to delete this service?';

test('services: create ("Saving..."), edit, delete with confirmation, checked against the API', async ({ page, request }) => {
  test.slow();
  const api = await AdminApi.create(request);
  const existing = await api.get<Service[]>('/api/services');
  const name = `Test Sound Bath ${unique()}`;

  await openDashboard(page, request);
  const panel = await openTab(page, 'Services');
  await expect(panel.getByTestId('service-row')).toHaveCount(existing.length);
  for (const header of ['Name', 'Price', 'Duration', 'Description', 'Actions']) {
    await expect(panel.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }

  await panel.getByRole('button', { name: 'Add Service' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add New Service' });
  await dialog.getByRole('button', { name: 'Create Service' }).click();
  for (const message of [
    'Name is required',
    'Description is required',
    'Price is required',
    'Duration is required',
    'Image URL is required',
  ]) {
    await expect(dialog.getByText(message)).toBeVisible();
  }
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Description').fill('Crystal bowls and a wool blanket under the pines. '.repeat(4).trim());
  await expect(dialog.getByLabel('Price')).toHaveAttribute('step', '0.01');
  await dialog.getByLabel('Price').fill('65.5');
  await dialog.getByLabel('Duration (minutes)').fill('45');
  await dialog.getByLabel('Image URL').fill(existing[0]!.image);

  // Hold the request to see the pending state.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/services', async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.continue();
  });
  await dialog.getByRole('button', { name: 'Create Service' }).click();
  await expect(dialog.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  release();
  await expectSuccess(page, 'Service created successfully');
  await expect(dialog).toBeHidden();
  await page.unroute('**/api/services');

  let created = (await api.get<Service[]>('/api/services')).find((s) => s.name === name)!;
  expect(created).toMatchObject({ price: '65.50', duration: 45, image: existing[0]!.image });
  const row = panel.getByTestId('service-row').filter({ hasText: name });
  await expect(row).toContainText('$65.50');
  await expect(row).toContainText('45 minutes');
  // The description is cut to one line in the table.
  await expect(row.locator('p.truncate')).toHaveAttribute('title', created.description);

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Service' });
  await expect(dialog.getByLabel('Duration (minutes)')).toHaveValue('45');
  await dialog.getByLabel('Duration (minutes)').fill('90');
  await dialog.getByLabel('Price').fill('70');
  await dialog.getByRole('button', { name: 'Update Service' }).click();
  await expectSuccess(page, 'Service updated successfully');
  await expect(dialog).toBeHidden();
  created = (await api.get<Service[]>('/api/services')).find((s) => s.id === created.id)!;
  expect(created).toMatchObject({ name, price: '70.00', duration: 90 });
  await expect(row).toContainText('90 minutes');

  // The selection was cleared: reopening edit shows the saved values.
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Service' }).getByLabel('Price')).toHaveValue('70.00');
  await page.getByRole('dialog', { name: 'Edit Service' }).getByRole('button', { name: 'Cancel' }).click();

  let answered = answerNextConfirm(page, false, DELETE_TEXT);
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await answered;
  await expect(row).toBeVisible();
  expect((await api.get<Service[]>('/api/services')).some((s) => s.id === created.id)).toBe(true);

  answered = answerNextConfirm(page, true, DELETE_TEXT);
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await answered;
  await expectSuccess(page, 'Service deleted successfully');
  await expect(row).toHaveCount(0);
  expect((await api.get<Service[]>('/api/services')).some((s) => s.id === created.id)).toBe(false);
});
