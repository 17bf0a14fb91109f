import { expect, test } from '@playwright/test';
import { toCents } from '../../src/lib/money';
import { AdminApi, unique } from '../admin-helpers';
import { fillCheckout } from '../helpers';

type Product = { id: string; name: string; price: string };

test('probe', async ({ page, request }) => {
  const api = await AdminApi.create(request);
  const products = await api.get<Product[]>('/api/products');
  const product = products.find((p) => toCents(p.price) >= 20_00 && toCents(p.price) <= 60_00) ?? products[0]!;
  const code = `SPRING-${unique().toUpperCase()}`;
  await api.post('/api/admin/promo-codes', { code, percentOff: 15, appliesTo: 'both', maxUsesPerGuest: 1 });
  page.on('request', (r) => { if (r.url().includes('/api/')) console.log(Date.now() % 100000, 'REQ', r.method(), r.url()); });
  page.on('console', (m) => console.log('PAGE', m.text()));
  await page.goto('/');
  await page.evaluate((items) => localStorage.setItem('cart', JSON.stringify(items)), [{ product, quantity: 2 }]);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Order Summary' })).toBeVisible();
  await page.evaluate(() => {
    const t0 = performance.now();
    const log = () => {
      const b = [...document.querySelectorAll('button[type=submit]')].map((b) => `${b.textContent}:${(b as HTMLButtonElement).disabled}`).join(',');
      console.log(Math.round(performance.now() - t0), 'BTN', b);
    };
    log();
    new MutationObserver(log).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['disabled'], childList: true, characterData: true });
    document.addEventListener('click', (e) => console.log(Math.round(performance.now() - t0), 'CLICK', (e.target as HTMLElement).outerHTML.slice(0, 80)), true);
    document.addEventListener('submit', () => console.log(Math.round(performance.now() - t0), 'SUBMIT'), true);
    document.addEventListener('invalid', (e) => console.log(Math.round(performance.now() - t0), 'INVALID', (e.target as HTMLElement).id), true);
  });
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await page.getByLabel('Promo code').fill('NOT-A-CODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert').filter({ hasText: "We don't recognise this promo code" })).toBeVisible();
  await page.getByLabel('Promo code').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(summary.getByText(`Promo code ${code} applied`)).toBeVisible();
  console.log('APPLIED VISIBLE');
  await fillCheckout(page, `promo-${unique()}@example.com`);
  console.log('FILLED');
  await page.getByRole('button', { name: 'PLACE ORDER' }).click();
  console.log('CLICKED');
  await expect(page.getByRole('heading', { name: 'Your order is confirmed' })).toBeVisible();
});
