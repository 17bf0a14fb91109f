import { expect, test } from '@playwright/test';
import { apiLogin } from './admin-helpers';

test('a dashboard chunk that cannot be loaded (a deployment replaced it) says so and offers a reload; the session stays', async ({
  page,
  request,
}) => {
  const answer = await apiLogin(request);
  await page.goto('/admin/login');
  await page.evaluate(({ token, admin }) => {
    localStorage.setItem('adminToken', token);
    localStorage.setItem('adminUser', JSON.stringify(admin));
  }, answer);

  const dashboardChunk = /\/assets\/admin-dashboard-[\w-]+\.js$/;
  await page.route(dashboardChunk, (route) => route.abort());
  await page.goto('/admin/dashboard');
  const notice = page.getByRole('alert');
  await expect(notice.getByRole('heading', { name: 'The dashboard could not be loaded' })).toBeVisible();
  await expect(notice).toContainText('You stay signed in.');

  // The new deployment's chunk is there after a reload.
  await page.unroute(dashboardChunk);
  await notice.getByRole('button', { name: 'Reload the dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Welcome back, ${answer.admin.name}` })).toBeVisible();
});
