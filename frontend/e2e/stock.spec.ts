import { expect, test } from '@playwright/test';
import { AdminApi, apiLogin, openDashboard, openTab } from './admin-helpers';
import { expectToast, fillCheckout, uniqueSuffix } from './helpers';

type Product = { id: string; name: string; image: string; stock: number | null };

test('stock set in the dashboard shows in the shop, and an order that ran out is refused by name', async ({ page, request }) => {
  const [demo] = (await (await request.get('/api/products')).json()) as Product[];
  const name = `Zephyr Stock Candle ${uniqueSuffix()}`;

  // The owner adds a product with one left.
  await openDashboard(page, request);
  const panel = await openTab(page, 'Products');
  await panel.getByRole('button', { name: 'Add Product' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Product' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Price ($)').fill('20');
  await dialog.getByLabel('Description').fill('Hand-poured with cedar and fir.');
  await dialog.getByLabel('Image URL').fill(demo!.image);
  await dialog.getByLabel(/^Stock/).fill('-3');
  await dialog.getByRole('button', { name: /^(Save|Create|Add)/ }).click();
  await expect(dialog.getByText('Stock must be a whole number from 0 to 100000, or empty for unlimited')).toBeVisible();
  await dialog.getByLabel(/^Stock/).fill('1');
  await dialog.getByRole('button', { name: /^(Save|Create|Add)/ }).click();
  await expect(dialog).toBeHidden();
  const row = panel.getByTestId('product-row').filter({ hasText: name });
  await expect(row.getByTestId('product-stock')).toHaveText('1Low');

  const products = (await (await request.get('/api/products')).json()) as Product[];
  const product = products.find((p) => p.name === name)!;
  expect(product.stock).toBe(1);

  try {
    // The shop says so, and the guest puts it in the cart.
    await page.goto('/products');
    const card = page.getByTestId('product-card').filter({ hasText: name });
    await expect(card.getByTestId('stock-notice')).toHaveText('Only 1 left');
    await card.getByRole('button', { name: `View details: ${name}` }).click();
    const details = page.getByRole('dialog', { name });
    await expect(details.getByTestId('stock-notice')).toHaveText('Only 1 left');
    await details.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByRole('dialog', { name: 'Shopping Cart' }).getByRole('button', { name: 'PROCEED TO CHECKOUT' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await fillCheckout(page, `stock-${uniqueSuffix()}@example.com`);

    // Meanwhile the last one sells elsewhere.
    const { token } = await apiLogin(request);
    const sold = await request.put(`/api/admin/products/${product.id}`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { name, category: 'skincare', price: '20.00', description: 'Hand-poured with cedar and fir.', image: demo!.image, stock: 0 },
    });
    expect(sold.status()).toBe(200);

    await page.getByRole('button', { name: 'PLACE ORDER' }).click();
    await expectToast(page, 'Order Failed', `${name} is sold out. Please update your cart.`);
    await expect(page).toHaveURL(/\/checkout$/);

    await page.goto('/products');
    const soldOutCard = page.getByTestId('product-card').filter({ hasText: name });
    await expect(soldOutCard.getByTestId('stock-notice')).toHaveText('Sold out');
    await soldOutCard.getByRole('button', { name: `View details: ${name}` }).click();
    await expect(page.getByRole('dialog', { name }).getByRole('button', { name: 'Sold Out' })).toBeDisabled();
  } finally {
    const api = await AdminApi.create(request);
    expect(await api.delete(`/api/admin/products/${product.id}`)).toBe(204);
  }
});
