import { expect, test } from '@playwright/test';

/** The API docs UI is served by the server itself and works with no internet. */
test('the Swagger UI at /api/docs renders every operation from local assets only', async ({ page, baseURL }) => {
  const origin = new URL(baseURL ?? 'http://127.0.0.1').origin;
  const foreign: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(origin) && !r.url().startsWith('data:')) foreign.push(r.url());
  });
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));

  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Golden Pine Wellness Retreat API/ })).toBeVisible();
  const document = (await (await page.request.get('/api/openapi.json')).json()) as { paths: Record<string, object> };
  const operations = Object.values(document.paths).reduce((n, item) => n + Object.keys(item).length, 0);
  await expect(page.locator('.opblock')).toHaveCount(operations);
  expect(foreign).toEqual([]);
  expect(errors).toEqual([]);
});
