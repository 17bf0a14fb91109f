import { expect, test } from '@playwright/test';
import { adminToken, uniqueSuffix } from './helpers';

type Product = { id: string; name: string; category: string; image: string; price: string };

test('category tabs filter the loaded products', async ({ page, request }) => {
  const products = (await (await request.get('/api/products')).json()) as Product[];
  await page.goto('/products');
  const cards = page.getByTestId('product-card');
  await expect(cards).toHaveCount(products.length);

  for (const [tab, category] of [
    ['Skincare', 'skincare'],
    ['Candles', 'candles'],
    ['Teas', 'teas'],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    const expected = products.filter((p) => p.category === category).length;
    const panel = page.getByRole('tabpanel');
    if (expected === 0) {
      await expect(panel.getByText('No products found in this category.')).toBeVisible();
    } else {
      await expect(panel.getByTestId('product-card')).toHaveCount(expected);
      for (const card of await panel.getByTestId('product-card').all()) await expect(card).toContainText(category);
    }
  }
  await page.getByRole('tab', { name: 'All' }).click();
  await expect(page.getByRole('tabpanel').getByTestId('product-card')).toHaveCount(products.length);

  // Keyboard: arrow keys move between tabs.
  await page.getByRole('tab', { name: 'All' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Skincare' })).toBeFocused();

  await expect(page.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
});

test('the product dialog carousel with image and video media', async ({ page, request }) => {
  const token = await adminToken(request);
  const auth = { Authorization: `Bearer ${token}` };
  const existing = (await (await request.get('/api/products')).json()) as Product[];
  const images = existing.map((p) => p.image);
  const name = `Carousel Test Candle ${uniqueSuffix()}`;
  const created = await request.post('/api/products', {
    headers: auth,
    data: { name, category: 'candles', price: '9.50', description: 'A candle made for testing.', image: images[0] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = (await created.json()) as Product;

  const bare = await request.post('/api/products', {
    headers: auth,
    data: {
      name: `Bare Test Candle ${uniqueSuffix()}`,
      category: 'candles',
      price: '5.00',
      description: 'No extra media.',
      image: images[1] ?? images[0],
    },
  });
  const bareProduct = (await bare.json()) as Product;

  try {
    for (const [i, media] of [
      { url: images[1] ?? images[0], type: 'image', title: 'Second view', sortOrder: 0 },
      { url: '/media/e2e-missing-video.mp4', type: 'video', title: 'Pouring the wax', sortOrder: 1 },
    ].entries()) {
      const res = await request.post(`/api/products/${product.id}/media`, { headers: auth, data: media });
      expect(res.status(), `media ${i}: ${await res.text()}`).toBe(201);
    }

    await page.goto('/products');
    await page.getByRole('button', { name: `View details: ${name}` }).click();
    const dialog = page.getByRole('dialog', { name });
    await expect(dialog.getByText('$9.50')).toBeVisible();
    await expect(dialog.getByText('A candle made for testing.')).toBeVisible();
    const counter = dialog.getByTestId('carousel-counter');
    await expect(counter).toHaveText('1 / 3');
    await expect(dialog.getByTestId('carousel-thumbnail')).toHaveCount(3);
    await expect(dialog.getByRole('img', { name })).toBeVisible();

    await dialog.getByRole('button', { name: 'Next media' }).click();
    await expect(counter).toHaveText('2 / 3');
    await expect(dialog.getByRole('img', { name: 'Second view' })).toBeVisible();

    await dialog.getByRole('button', { name: 'Next media' }).click();
    await expect(counter).toHaveText('3 / 3');
    const overlay = dialog.getByTestId('video-play-overlay');
    await expect(overlay).toBeVisible();
    await overlay.click();
    await expect(overlay).toBeHidden();
    await expect(dialog.getByTestId('carousel-video')).toHaveAttribute('controls', '');

    // Wraps at both ends.
    await dialog.getByRole('button', { name: 'Next media' }).click();
    await expect(counter).toHaveText('1 / 3');
    await dialog.getByRole('button', { name: 'Previous media' }).click();
    await expect(counter).toHaveText('3 / 3');
    await expect(overlay).toBeVisible();

    await dialog.getByTestId('carousel-thumbnail').nth(1).click();
    await expect(counter).toHaveText('2 / 3');

    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: `View details: ${bareProduct.name}` }).click();
    const bareDialog = page.getByRole('dialog', { name: bareProduct.name });
    await expect(bareDialog.getByTestId('carousel-counter')).toHaveText('1 / 1');
    await expect(bareDialog.getByTestId('carousel-thumbnail')).toHaveCount(0);
    await expect(bareDialog.getByRole('button', { name: 'Next media' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(bareDialog).toBeHidden();
  } finally {
    await request.delete(`/api/admin/products/${product.id}`, { headers: auth });
    await request.delete(`/api/admin/products/${bareProduct.id}`, { headers: auth });
  }
});
