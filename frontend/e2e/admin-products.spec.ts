import { expect, test } from '@playwright/test';
import { AdminApi, answerNextConfirm, choose, expectSuccess, expectToast, openDashboard, openTab, unique } from './admin-helpers';

type Product = { id: string; name: string; category: string; price: string; description: string; image: string };
type Media = { id: string; url: string; type: string; title: string | null; sortOrder: number };

const DELETE_TEXT = 'Are you sure you want to delete this product?';

test('products: create, edit, media gallery (add, reorder, delete), delete with confirmation', async ({ page, request }) => {
  test.slow();
  const api = await AdminApi.create(request);
  const catalogue = await api.get<Product[]>('/api/products');
  const image = catalogue[0]!.image;
  const name = `Test Ember Candle ${unique()}`;

  await openDashboard(page, request);
  const panel = await openTab(page, 'Products');
  await expect(panel.getByTestId('product-row')).toHaveCount(catalogue.length);

  // Create, after the form has refused an empty submit.
  await panel.getByRole('button', { name: 'Add Product' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add Product' });
  await expect(dialog.getByLabel('Category')).toHaveText('Skincare');
  await dialog.getByRole('button', { name: 'Create Product' }).click();
  for (const message of ['Name is required', 'Price is required', 'Description is required', 'Image URL is required']) {
    await expect(dialog.getByText(message)).toBeVisible();
  }
  await dialog.getByLabel('Name').fill(name);
  await choose(dialog, 'Category', 'Candles');
  const price = dialog.getByLabel('Price ($)');
  await expect(price).toHaveAttribute('type', 'number');
  await expect(price).toHaveAttribute('step', '0.01');
  await price.fill('12.5');
  await dialog.getByLabel('Description').fill('Cedar, smoke and a little vanilla.');
  await dialog.getByLabel('Image URL').fill(image);
  await dialog.getByRole('button', { name: 'Create Product' }).click();
  await expectSuccess(page, 'Product created successfully');
  await expect(dialog).toBeHidden();

  let created = (await api.get<Product[]>('/api/products')).find((p) => p.name === name);
  expect(created).toMatchObject({ category: 'candles', price: '12.50', description: 'Cedar, smoke and a little vanilla.', image });
  const row = panel.getByTestId('product-row').filter({ hasText: name });
  await expect(row).toContainText('$12.50');
  await expect(row).toContainText('Candles');

  // Edit.
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Product' });
  await expect(dialog.getByLabel('Name')).toHaveValue(name);
  await expect(dialog.getByLabel('Price ($)')).toHaveValue('12.50');
  await dialog.getByLabel('Price ($)').fill('14');
  await choose(dialog, 'Category', 'Teas');
  await dialog.getByRole('button', { name: 'Update Product' }).click();
  await expectSuccess(page, 'Product updated successfully');
  await expect(dialog).toBeHidden();
  created = (await api.get<Product[]>('/api/products')).find((p) => p.id === created!.id);
  expect(created).toMatchObject({ name, category: 'teas', price: '14.00' });
  await expect(row).toContainText('$14.00');

  // Media gallery.
  await row.getByRole('button', { name: `Manage media for ${name}` }).click();
  dialog = page.getByRole('dialog', { name });
  await expect(dialog.getByText('No additional media files. Click "Add Media" to add images or videos.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add Media' }).click();
  await expect(dialog.getByText('Please provide a media URL')).toBeVisible();

  const mediaPath = `/api/products/${created!.id}/media`;
  const additions = [
    { url: catalogue[1]!.image, title: 'First view', type: 'Image' },
    { url: '/media/e2e-admin-pour.mp4', title: 'Second view', type: 'Video' },
    { url: catalogue[2]!.image, title: '', type: 'Image' },
  ];
  for (const [i, item] of additions.entries()) {
    await dialog.getByLabel('Media URL').fill(item.url);
    await dialog.getByLabel('Title').fill(item.title);
    await choose(dialog, 'Type', item.type);
    await dialog.getByRole('button', { name: 'Add Media' }).click();
    if (i === 0) await expectSuccess(page, 'Media added successfully');
    await expect(dialog.getByTestId('media-item')).toHaveCount(i + 1);
    await expect(dialog.getByLabel('Media URL')).toHaveValue('');
  }
  let media = await api.get<Media[]>(mediaPath);
  expect(media.map((m) => [m.title, m.type, m.sortOrder])).toEqual([
    ['First view', 'image', 0],
    ['Second view', 'video', 1],
    [null, 'image', 2],
  ]);

  // Move "Second view" up: the two neighbours swap their sortOrder.
  await expect(dialog.getByRole('button', { name: 'Move First view up' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Move Second view up' }).click();
  await expectSuccess(page, 'Media order updated');
  await expect(dialog.getByTestId('media-item').first()).toContainText('Second view');
  media = await api.get<Media[]>(mediaPath);
  expect(media.map((m) => [m.title, m.sortOrder])).toEqual([
    ['Second view', 0],
    ['First view', 1],
    [null, 2],
  ]);
  // ... and "First view" down, past the untitled image.
  await dialog.getByRole('button', { name: 'Move First view down' }).click();
  await expect(dialog.getByTestId('media-item').last()).toContainText('First view');
  await expect.poll(async () => (await api.get<Media[]>(mediaPath)).map((m) => m.title)).toEqual(['Second view', null, 'First view']);

  // Delete needs no confirmation.
  let confirmed = false;
  const spy = (d: { dismiss: () => Promise<void> }) => {
    confirmed = true;
    void d.dismiss();
  };
  page.on('dialog', spy);
  await dialog.getByRole('button', { name: 'Delete Image 2' }).click();
  await expectSuccess(page, 'Media deleted successfully');
  await expect(dialog.getByTestId('media-item')).toHaveCount(2);
  page.off('dialog', spy);
  expect(confirmed).toBe(false);
  media = await api.get<Media[]>(mediaPath);
  expect(media.map((m) => m.title)).toEqual(['Second view', 'First view']);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();

  // Delete: dismissed first, then accepted.
  let answered = answerNextConfirm(page, false, DELETE_TEXT);
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await answered;
  await expect(row).toBeVisible();
  expect((await api.get<Product[]>('/api/products')).some((p) => p.id === created!.id)).toBe(true);

  answered = answerNextConfirm(page, true, DELETE_TEXT);
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await answered;
  await expectSuccess(page, 'Product deleted successfully');
  await expect(row).toHaveCount(0);
  expect((await api.get<Product[]>('/api/products')).some((p) => p.id === created!.id)).toBe(false);
  // Its media went with it.
  expect((await request.get(mediaPath)).status()).toBe(404);
});

test('products: a failed save shows the destructive "Error" toast with the server message', async ({ page, request }) => {
  await openDashboard(page, request);
  await page.route('**/api/products', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Price must be at most 99999999.99' }),
        })
      : route.continue(),
  );
  await page.getByRole('button', { name: 'Add Product' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Product' });
  await dialog.getByLabel('Name').fill('Too Dear');
  await dialog.getByLabel('Price ($)').fill('10');
  await dialog.getByLabel('Description').fill('Not saved.');
  await dialog.getByLabel('Image URL').fill('/media/none.webp');
  await dialog.getByRole('button', { name: 'Create Product' }).click();
  await expectToast(page, 'Error', 'Price must be at most 99999999.99');
  await expect(page.getByTestId('toast-viewport').locator('[data-variant="destructive"]')).toHaveCount(1);
  await expect(dialog).toBeVisible();

  // Without a server message, the spec's own text.
  await page.unroute('**/api/products');
  await page.route('**/api/products', (route) =>
    route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '' }) : route.continue(),
  );
  await dialog.getByRole('button', { name: 'Create Product' }).click();
  await expectToast(page, 'Error', 'Failed to create product');
});
