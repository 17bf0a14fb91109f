import { expect, test } from '@playwright/test';
import { adminCredentials, apiLogin, expectNoSeriousAxeViolations, expectToast, openDashboard, screenshot, settle } from './admin-helpers';

test.describe('admin login', () => {
  test('looks the part, carries no credential hint, passes axe, is not indexed', async ({ page }) => {
    await page.goto('/admin/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Administrator Login' })).toBeVisible();
    const email = page.getByLabel('Email');
    await expect(email).toHaveAttribute('type', 'email');
    await expect(email).toHaveAttribute('required', '');
    await expect(page.getByLabel('Password')).toHaveAttribute('type', 'password');
    await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();

    // DECISIONS §2: no default credentials or hint of any kind on screen or in the markup.
    const { email: adminEmail, password } = adminCredentials();
    const html = await page.content();
    expect(html).not.toContain(adminEmail);
    expect(html).not.toContain(password);
    await expect(page.locator('body')).not.toContainText(/default|demo|credentials|password is|admin@/i);
    await expect(email).toHaveValue('');

    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expectNoSeriousAxeViolations(page);
    await settle(page);
    await screenshot(page, 'admin-login');
  });

  test('required fields are checked before anything is sent', async ({ page }) => {
    let calls = 0;
    await page.route('**/api/admin/login', (route) => {
      calls += 1;
      return route.continue();
    });
    await page.goto('/admin/login');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').fill('something');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    expect(calls).toBe(0);
  });

  test('a wrong password fails with the server message and stores nothing', async ({ page }) => {
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(adminCredentials().email);
    await page.getByLabel('Password').fill('definitely-not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expectToast(page, 'Login failed', 'Invalid credentials');
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await page.evaluate(() => [localStorage.getItem('adminToken'), localStorage.getItem('adminUser')])).toEqual([null, null]);
    await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  test('too many attempts (429) shows the server message', async ({ page }) => {
    // Throttling really needs ten failures; the answer is stubbed so this spec never locks the shared client out.
    await page.route('**/api/admin/login', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'Retry-After': '600' },
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Too many failed logins. Please try again later.' }),
      }),
    );
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill('someone@goldenpine.test');
    await page.getByLabel('Password').fill('whatever-it-is');
    await page.getByRole('button', { name: 'Login' }).click();
    await expectToast(page, 'Login failed', 'Too many failed logins. Please try again later.');
  });

  test('a network failure says "Login failed"', async ({ page }) => {
    await page.route('**/api/admin/login', (route) => route.abort('connectionrefused'));
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill('someone@goldenpine.test');
    await page.getByLabel('Password').fill('whatever-it-is');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByTestId('toast-viewport').getByText('Login failed', { exact: true })).toHaveCount(2);
  });

  test('success: "Logging in..." while busy, session stored, greeting, dashboard', async ({ page }) => {
    const { email, password } = adminCredentials();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/login', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    const busy = page.getByRole('button', { name: 'Logging in...' });
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();
    release();

    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('adminToken'),
      user: JSON.parse(localStorage.getItem('adminUser') ?? 'null') as { name: string; email: string } | null,
    }));
    expect(stored.token).toBeTruthy();
    expect(stored.user?.email).toBe(email);
    await expectToast(page, 'Login successful', `Welcome back, ${stored.user?.name}!`);
    await expect(page.getByRole('heading', { level: 1, name: `Welcome back, ${stored.user?.name}` })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Products' })).toHaveAttribute('aria-selected', 'true');
  });
});

test.describe('admin session', () => {
  test('the dashboard sends visitors without a session to the login', async ({ page }) => {
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin\/login$/);

    // Only one of the two keys is not a session either.
    const { token } = await apiLogin(page.request);
    await page.evaluate((t) => localStorage.setItem('adminToken', t), token);
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test('a bookmarked view opened signed out is where the sign-in lands', async ({ page }) => {
    const { email, password } = adminCredentials();
    await page.goto('/admin/dashboard?tab=orders&status=cancelled');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard\?tab=orders&status=cancelled$/);
    await expect(page.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
  });

  test('an expired or forged token ends the session on the first call', async ({ page }) => {
    await page.goto('/admin/login');
    await page.evaluate(() => {
      localStorage.setItem('adminToken', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJub2JvZHkiLCJleHAiOjF9.forged');
      localStorage.setItem('adminUser', JSON.stringify({ name: 'Former Admin' }));
    });
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expectToast(page, 'Session ended', 'Please log in again.');
    expect(await page.evaluate(() => [localStorage.getItem('adminToken'), localStorage.getItem('adminUser')])).toEqual([null, null]);
  });

  test('a 401 on a change (token revoked mid-session) also ends it', async ({ page, request }) => {
    await openDashboard(page, request);
    // Revoked once the dashboard has loaded (its products shown, so its first calls were all sent):
    // revoked sooner, a read of the loading dashboard gets the 401 before the change is made.
    await expect(page.getByTestId('product-row').first()).toBeVisible();
    await page.evaluate(() => localStorage.setItem('adminToken', 'revoked-token'));
    await page.getByRole('button', { name: 'Add Product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Product' });
    await dialog.getByLabel('Name').fill('Never Saved');
    await dialog.getByLabel('Price ($)').fill('10');
    await dialog.getByLabel('Description').fill('Should not be stored.');
    await dialog.getByLabel('Image URL').fill('/media/none.webp');
    await dialog.getByRole('button', { name: 'Create Product' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expectToast(page, 'Session ended', 'Please log in again.');
    await expect(page.getByTestId('toast-viewport').getByText('Error', { exact: true })).toHaveCount(0);
  });

  test('logout ends the session on the server too, clears it here and returns to the login', async ({ page, request }) => {
    const { token } = await openDashboard(page, request);
    const logoutCall = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/admin/logout');
    await page.getByRole('button', { name: 'Logout' }).click();
    const sent = await logoutCall;
    expect(sent.method()).toBe('POST');
    expect(sent.headers().authorization).toBe(`Bearer ${token}`);
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expectToast(page, 'Logged out', 'You have been logged out successfully');
    expect(await page.evaluate(() => [localStorage.getItem('adminToken'), localStorage.getItem('adminUser')])).toEqual([null, null]);
    // The token no longer works anywhere.
    await expect
      .poll(async () => (await request.get('/api/admin/me', { headers: { Authorization: `Bearer ${token}` } })).status())
      .toBe(401);
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test('logout works offline too: the local session ends whatever the network does', async ({ page, request }) => {
    await openDashboard(page, request);
    await page.route('**/api/admin/logout', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expectToast(page, 'Logged out', 'You have been logged out successfully');
    expect(await page.evaluate(() => [localStorage.getItem('adminToken'), localStorage.getItem('adminUser')])).toEqual([null, null]);
    await expect(page.getByTestId('toast-viewport').getByText('Session ended', { exact: true })).toHaveCount(0);
  });
});
