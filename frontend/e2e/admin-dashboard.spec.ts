import { expect, test } from '@playwright/test';
import {
  addDays,
  AdminApi,
  cents,
  dayFromToday,
  dollars,
  expectNoSeriousAxeViolations,
  openDashboard,
  openTab,
  screenshot,
  settle,
  unique,
} from './admin-helpers';

// 'Promo codes' and 'Gift cards' are additive (docs/decisions.md §15, §16), as are 'Team' and 'Security' (§18), 'Media' (§19), 'Ratings' and 'Waitlist' (issue 43), 'Intake forms' and 'Guest data' (issue 45).
const TABS = [
  'Products',
  'Orders',
  'Calendar',
  'Bookings',
  'Waitlist',
  'Services',
  'Intake forms',
  'Blog',
  'Media',
  'Messages',
  'Promo codes',
  'Gift cards',
  'Ratings',
  'Emails',
  'Activity',
  'Team',
  'Guest data',
  'Security',
] as const;

test('stat cards match the API: revenue is the sum of order totals, orders and bookings are counts, New Messages the unopened ones', async ({
  page,
  request,
}) => {
  const api = await AdminApi.create(request);
  await openDashboard(page, request);
  const [orders, bookings, summary] = await Promise.all([
    api.get<Array<{ total: string }>>('/api/orders'),
    api.get<unknown[]>('/api/bookings'),
    api.get<{ messagesNew: number; ordersPending: number; messagesUnanswered: number }>('/api/admin/summary'),
  ]);
  await expect(page.getByTestId('stat-total-revenue')).toHaveText(dollars(orders.reduce((sum, o) => sum + cents(o.total), 0)));
  await expect(page.getByTestId('stat-total-orders')).toHaveText(String(orders.length));
  await expect(page.getByTestId('stat-total-bookings')).toHaveText(String(bookings.length));
  // Issue 23: "New Messages" counts the messages not yet opened (it used to count every message).
  await expect(page.getByTestId('stat-new-messages')).toHaveText(String(summary.messagesNew));
  const overview = page.getByRole('region', { name: 'Overview' });
  await expect(overview).toContainText(`${summary.ordersPending} pending`);
  await expect(overview).toContainText(`${summary.messagesUnanswered} not yet answered`);
});

test('nine tabs, Products first; arrow keys move between them', async ({ page, request }) => {
  await openDashboard(page, request);
  const tabs = page.getByRole('tablist', { name: 'Dashboard sections' }).getByRole('tab');
  await expect(tabs).toHaveText([...TABS]);
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
  await tabs.first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Orders' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');

  // A dialog traps focus, is labelled, and Escape closes it, returning focus to its opener.
  await openTab(page, 'Products');
  const add = page.getByRole('button', { name: 'Add Product' });
  await add.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add Product' });
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 12; i += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();
});

test.describe('each tab at 1440 px', () => {
  // A little of everything, so no tab is photographed empty; removed afterwards (orders cannot be deleted).
  const seeded: { bookings: string[]; messages: string[]; blackouts: string[] } = { bookings: [], messages: [], blackouts: [] };
  const today = dayFromToday(0);
  // A blackout inside the current month, the one the calendar opens on.
  const showcaseDay = dayFromToday(Number(today.slice(8)) <= 24 ? 2 : -6);

  test.beforeAll(async ({ request }) => {
    const api = await AdminApi.create(request);
    const tag = unique();
    const guests = [
      ['Willa', 'Hart', 'massage', '11:00', 'spa', 'Hello!\nCould we book two massages for our anniversary in May?'],
      ['Theo', 'Marsh', 'accommodation', '15:00', 'accommodation', 'Is the tiny home dog-friendly?'],
      ['Imogen', 'Reyes', 'package', '9:00', 'products', 'Do you ship the cedar candle to Oregon?'],
    ] as const;
    for (const [i, [firstName, lastName, service, time, interest, message]] of guests.entries()) {
      const email = `${firstName.toLowerCase()}.${tag}@example.test`;
      const booking = await api.post<{ id: string }>('/api/bookings', {
        firstName,
        lastName,
        email,
        service,
        // The demo retreat has one Tiny Home: its night is kept clear of the
        // nights the stay specs book (45 to 554 days ahead).
        date: dayFromToday(
          service === 'accommodation' ? 600 + Math.floor(Math.random() * 300) : 40 + i * 3 + Math.floor(Math.random() * 30),
        ),
        time,
        notes: null,
      });
      seeded.bookings.push(booking.id);
      const sent = await request.post('/api/contact-messages', { data: { firstName, lastName, email, interest, message } });
      seeded.messages.push(((await sent.json()) as { id: string }).id);
    }
    const blackout = await api.post<{ id: string }>('/api/admin/blackout-dates', {
      startDate: showcaseDay,
      endDate: addDays(showcaseDay, 1),
      type: 'tiny_home',
      reason: 'Chimney sweep and window wash',
    });
    seeded.blackouts.push(blackout.id);
  });

  test.afterAll(async ({ request }) => {
    const api = await AdminApi.create(request);
    for (const id of seeded.bookings) await api.delete(`/api/admin/bookings/${id}`);
    for (const id of seeded.messages) await api.delete(`/api/admin/contact-messages/${id}`);
    for (const id of seeded.blackouts) await api.delete(`/api/admin/blackout-dates/${id}`);
  });

  for (const name of TABS) {
    test(`${name}: no serious axe violations, screenshot`, async ({ page, request }) => {
      await openDashboard(page, request);
      const panel = await openTab(page, name);
      await expect(panel).toBeVisible();
      if (name === 'Calendar') await panel.locator(`[data-day="${showcaseDay}"]`).click();
      await settle(page);
      await expectNoSeriousAxeViolations(page);
      await screenshot(page, `admin-${name.toLowerCase()}`);
    });
  }
});

test.describe('dialogs', () => {
  // Axe measures colour contrast as rendered: a dialog still fading in (400 ms)
  // has a translucent submit button. With reduced motion it is fully there.
  test.use({ reducedMotion: 'reduce' });

  test('dialogs pass axe too', async ({ page, request }) => {
    await openDashboard(page, request);
    const check = async (open: () => Promise<void>, dialogName: string, shot?: string) => {
      await open();
      const dialog = page.getByRole('dialog', { name: dialogName });
      await expect(dialog).toBeVisible();
      await settle(page);
      await expectNoSeriousAxeViolations(page, '[role="dialog"]');
      if (shot) await screenshot(page, `admin-dialog-${shot}`, false);
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await expect(dialog).toBeHidden();
    };
    await check(() => page.getByRole('button', { name: 'Add Product' }).click(), 'Add Product', 'product');
    const firstProduct = page.getByTestId('product-row').first();
    const productName = (await firstProduct.locator('span.font-medium').textContent()) ?? '';
    await check(() => firstProduct.getByRole('button', { name: /^Manage media for/ }).click(), productName, 'media');

    const calendar = await openTab(page, 'Calendar');
    await check(() => calendar.getByRole('button', { name: 'Add Blackout Dates' }).click(), 'Add Blackout Dates', 'blackout');
    await calendar.locator('[data-day]').nth(10).click();
    await check(() => calendar.getByRole('button', { name: 'Manage Availability' }).click(), 'Manage Availability', 'availability');

    const services = await openTab(page, 'Services');
    await check(() => services.getByRole('button', { name: 'Add Service' }).click(), 'Add New Service');
    const blog = await openTab(page, 'Blog');
    await check(() => blog.getByRole('button', { name: 'Add Post' }).click(), 'Add Blog Post', 'post');
  });
});

test.describe('at 768 px', () => {
  test.use({ viewport: { width: 768, height: 1024 } });

  test('the dashboard stays usable: no sideways page scroll, every tab reachable, tables scroll inside', async ({ page, request }) => {
    await openDashboard(page, request);
    for (const name of TABS) {
      const panel = await openTab(page, name);
      await expect(panel).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${name} overflows the page sideways`).toBeLessThanOrEqual(0);
    }
    await openTab(page, 'Products');
    await expect(page.getByRole('button', { name: 'Add Product' })).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await settle(page);
    await screenshot(page, 'admin-products-768');
  });
});

test('public pages never download the admin code', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.getByRole('navigation').first().getByRole('link', { name: 'Products', exact: true }).click();
  await expect(page).toHaveURL(/\/products$/);
  await page.waitForLoadState('networkidle');
  await page.goto('/products');
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => /\/assets\/admin-/.test(s))).toEqual([]);

  // The same pattern does catch the admin chunks once an admin page is opened.
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { name: 'Administrator Login' })).toBeVisible();
  expect(scripts.filter((s) => /\/assets\/admin-login-/.test(s))).toHaveLength(1);
  await context.close();
});
