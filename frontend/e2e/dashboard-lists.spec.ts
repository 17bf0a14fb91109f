import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  addDays,
  AdminApi,
  cents,
  choose,
  dayFromToday,
  dollars,
  expectNoSeriousAxeViolations,
  expectSuccess,
  openDashboard,
  openTab,
  screenshot,
  settle,
  unique,
} from './admin-helpers';

/*
 * Issue 23: the dashboard's lists a page at a time. Search, filters, page and
 * page size live in the address (a bookmark reopens the view, Back walks back
 * through it), and no screen downloads a whole list any more. Every record a
 * test makes carries a unique name and is found by searching it, so the
 * shared database's other rows never matter.
 */

type Product = { id: string; name: string; price: string };
type Order = { id: string };
type Booking = { id: string };
type Service = { name: string; bookingKey: string | null };

/** The whole lists of the specification's API: the dashboard must not read them. */
const WHOLE_LISTS = ['/api/orders', '/api/bookings', '/api/contact-messages'];

/** Every GET the page makes to a whole list, from now on. */
function wholeListReads(page: Page): string[] {
  const reads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && WHOLE_LISTS.includes(url.pathname)) reads.push(url.pathname + url.search);
  });
  return reads;
}

/** An order through the public API, with the server's own arithmetic (as admin-orders.spec.ts places them). */
async function placeOrder(request: APIRequestContext, products: Product[], lastName: string): Promise<Order> {
  const lines = [{ product: products[0]!, quantity: 1 }];
  const subtotal = lines.reduce((sum, l) => sum + cents(l.product.price) * l.quantity, 0);
  const tax = Math.floor((2 * subtotal * 8 + 100) / 200);
  const shipping = subtotal > 100_00 ? 0 : 15_00;
  const fmt = (c: number) => dollars(c).slice(1);
  const response = await request.post('/api/orders', {
    data: {
      firstName: 'Rowan',
      lastName,
      email: `rowan.${lastName.toLowerCase()}@example.test`,
      phone: null,
      address: '3 Pine Needle Path',
      city: 'Idyllwild',
      state: 'CA',
      zip: '92549',
      items: JSON.stringify(
        lines.map((l) => ({ productId: l.product.id, productName: l.product.name, price: l.product.price, quantity: l.quantity })),
      ),
      subtotal: fmt(subtotal),
      tax: fmt(tax),
      shipping: fmt(shipping),
      total: fmt(subtotal + tax + shipping),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Order;
}

const pagerOf = (panel: Locator) => panel.getByTestId('pager-text');

for (const width of [390, 1440]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('orders: search as typed, pages of 10, a status change keeps its page, filters, a bookmark, Back', async ({ page, request }) => {
      test.slow();
      const lastName = `Pager${unique()}`;
      const products = (await (await request.get('/api/products')).json()) as Product[];
      // One after the other, so they are listed newest first in this order reversed.
      const orders: Order[] = [];
      for (let i = 0; i < 12; i++) orders.push(await placeOrder(request, products, lastName));
      const oldest = orders[0]!;

      const reads = wholeListReads(page);
      await openDashboard(page, request);
      await expect(page.getByTestId('stat-total-orders')).toHaveText(/^\d+$/);
      const panel = await openTab(page, 'Orders');
      const rows = panel.getByTestId('order-row');
      await expect(rows.first()).toBeVisible();

      // Typing: two letters are not a search yet; the rest is, once the owner pauses.
      const search = panel.getByLabel('Search orders');
      await search.pressSequentially(lastName.slice(0, 2));
      await expect(panel.getByText('Type at least 3 characters to search.')).toBeVisible();
      await search.pressSequentially(lastName.slice(2));
      await expect(page).toHaveURL(new RegExp(`[?&]q=${lastName}(&|$)`));
      await expect(rows.filter({ hasText: lastName })).toHaveCount(12);
      await expect(rows).toHaveCount(12);
      await expect(pagerOf(panel)).toHaveText('1–12 of 12');
      await expect(panel.getByText('Type at least 3 characters to search.')).toHaveCount(0);

      // Pages of ten: Older, then a status change on page 2 that keeps its place.
      await choose(panel, 'Rows per page', '10');
      await expect(page).toHaveURL(/[?&]size=10(&|$)/);
      await expect(rows).toHaveCount(10);
      await expect(pagerOf(panel)).toHaveText('1–10 of 12');
      await panel.getByRole('button', { name: 'Older' }).click();
      await expect(pagerOf(panel)).toHaveText('11–12 of 12');
      await expect(rows).toHaveCount(2);
      await expect(page).toHaveURL(/[?&]after=[\w-]+&page=2/);
      const secondPage = page.url();
      const oldestRow = panel.locator(`[data-order-id="${oldest.id}"]`);
      await expect(oldestRow).toBeVisible();
      await choose(oldestRow, `Status of order ${oldest.id.slice(0, 8)}…`, 'Shipped');
      await expectSuccess(page, 'Order status updated successfully');
      await expect(oldestRow.getByTestId('status-badge')).toHaveText('Shipped');
      await expect(pagerOf(panel)).toHaveText('11–12 of 12');
      await expect(rows).toHaveCount(2);
      expect(page.url()).toBe(secondPage);
      await expect(panel.getByRole('button', { name: 'Older' })).toBeDisabled();

      await panel.getByRole('button', { name: 'Newer' }).click();
      await expect(pagerOf(panel)).toHaveText('1–10 of 12');
      await expect(panel.getByRole('button', { name: 'Newer' })).toBeDisabled();
      await expect(page).not.toHaveURL(/[?&](after|before|page)=/);

      // Filters: the status, then the days it was placed on.
      await choose(panel, 'Status', 'Shipped');
      await expect(page).toHaveURL(/[?&]status=shipped(&|$)/);
      await expect(rows).toHaveCount(1);
      await expect(oldestRow).toBeVisible();
      await panel.getByLabel('Placed from').fill(dayFromToday(-1));
      await expect(page).toHaveURL(new RegExp(`[?&]from=${dayFromToday(-1)}(&|$)`));
      await panel.getByLabel('Placed to').fill(dayFromToday(1));
      await expect(page).toHaveURL(new RegExp(`[?&]to=${dayFromToday(1)}(&|$)`));
      await expect(rows).toHaveCount(1);
      await expect(pagerOf(panel)).toHaveText('1–1 of 1');

      // A bookmark: the same address opens the same view.
      await page.reload();
      await expect(page.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
      await expect(panel.getByLabel('Search orders')).toHaveValue(lastName);
      await expect(panel.getByLabel('Status', { exact: true })).toHaveText('Shipped');
      await expect(panel.getByLabel('Placed from')).toHaveValue(dayFromToday(-1));
      await expect(panel.getByLabel('Placed to')).toHaveValue(dayFromToday(1));
      await expect(panel.getByLabel('Rows per page')).toHaveText('10');
      await expect(rows).toHaveCount(1);
      await expect(oldestRow.getByTestId('status-badge')).toHaveText('Shipped');

      // Days that hold none of them: a last day before the first takes the first along.
      await panel.getByLabel('Placed to').fill(dayFromToday(-2));
      await expect(panel.getByLabel('Placed from')).toHaveValue(dayFromToday(-2));
      await expect(panel.getByText('No orders match these filters.')).toBeVisible();
      await expect(pagerOf(panel)).toHaveText('0 of 0');
      await settle(page);
      await expectNoSeriousAxeViolations(page);

      // Back walks through the views, one step per change (the typed search is one step).
      await page.goBack();
      await expect(panel.getByLabel('Placed to')).toHaveValue(dayFromToday(1));
      await expect(panel.getByLabel('Placed from')).toHaveValue(dayFromToday(-1));
      await expect(rows).toHaveCount(1);
      await screenshot(page, `dashboard-orders-filtered-${width}`);
      await page.goBack();
      await expect(panel.getByLabel('Placed to')).toHaveValue('');
      await page.goBack();
      await expect(panel.getByLabel('Placed from')).toHaveValue('');
      await page.goBack();
      await expect(panel.getByLabel('Status', { exact: true })).toHaveText('All statuses');
      await expect(pagerOf(panel)).toHaveText('1–10 of 12');
      await page.goBack();
      await expect(pagerOf(panel)).toHaveText('11–12 of 12');
      await expect(oldestRow).toBeVisible();
      expect(page.url()).toBe(secondPage);
      await page.goBack();
      await expect(pagerOf(panel)).toHaveText('1–10 of 12');
      await page.goBack();
      await expect(pagerOf(panel)).toHaveText('1–12 of 12');
      await expect(panel.getByLabel('Rows per page')).toHaveText('50');
      await page.goBack();
      await expect(panel.getByLabel('Search orders')).toHaveValue('');
      await expect(page).toHaveURL(/\?tab=orders$/);

      expect(reads).toEqual([]);
    });

    test('bookings: search, filter by service and by a night of a stay, clear', async ({ page, request }) => {
      const api = await AdminApi.create(request);
      const services = await api.get<Service[]>('/api/services');
      const nameOf = (key: string) => services.find((s) => s.bookingKey === key)?.name ?? key;
      const tag = unique();
      const lastName = `Lister${tag}`;
      // A stay of three nights far ahead, and two treatments on other days.
      const checkIn = dayFromToday(500 + Math.floor(Math.random() * 300));
      const book = (firstName: string, service: string, date: string, time: string, checkOut: string | null = null) =>
        api.post<Booking>('/api/bookings', {
          firstName,
          lastName,
          email: `${firstName.toLowerCase()}.${tag}@example.test`,
          service,
          date,
          time,
          checkOut,
          notes: null,
        });
      const made: Booking[] = [];
      try {
        made.push(await book('Ash', 'accommodation', checkIn, '15:00', addDays(checkIn, 3)));
        made.push(await book('Birch', 'massage', addDays(checkIn, 10), '11:00'));
        made.push(await book('Cedar', 'spa', addDays(checkIn, -10), '13:00'));
        const [stay] = made;

        const reads = wholeListReads(page);
        await openDashboard(page, request);
        const panel = await openTab(page, 'Bookings');
        const rows = panel.getByTestId('booking-row');
        await panel.getByLabel('Search bookings').fill(lastName);
        await expect(page).toHaveURL(new RegExp(`[?&]q=${lastName}(&|$)`));
        await expect(rows.filter({ hasText: lastName })).toHaveCount(3);
        await expect(rows).toHaveCount(3);
        await expect(pagerOf(panel)).toHaveText('1–3 of 3');

        await choose(panel, 'Service', nameOf('accommodation'));
        await expect(page).toHaveURL(/[?&]service=accommodation(&|$)/);
        await expect(rows).toHaveCount(1);
        await expect(panel.locator(`[data-booking-id="${stay!.id}"]`)).toBeVisible();

        // The stay's second night finds it, whatever the service.
        await choose(panel, 'Service', 'All services');
        await expect(rows).toHaveCount(3);
        const night = addDays(checkIn, 1);
        await panel.getByLabel('Visit from').fill(night);
        await panel.getByLabel('Visit to').fill(night);
        await expect(page).toHaveURL(new RegExp(`[?&]from=${night}&to=${night}(&|$)`));
        await expect(rows).toHaveCount(1);
        await expect(panel.locator(`[data-booking-id="${stay!.id}"]`)).toBeVisible();
        await settle(page);
        await expectNoSeriousAxeViolations(page);
        await screenshot(page, `dashboard-bookings-filtered-${width}`);

        await panel.getByRole('button', { name: 'Clear filters' }).click();
        await expect(page).toHaveURL(/\?tab=bookings$/);
        await expect(panel.getByLabel('Search bookings')).toHaveValue('');
        await expect(panel.getByLabel('Visit from')).toHaveValue('');
        await expect(panel.getByRole('button', { name: 'Clear filters' })).toBeDisabled();
        expect(reads).toEqual([]);
      } finally {
        for (const booking of made) await api.delete(`/api/admin/bookings/${booking.id}`);
      }
    });
  });
}

test('messages: searched and filtered by state, each with its state', async ({ page, request }) => {
  const api = await AdminApi.create(request);
  const tag = unique();
  const sent = await request.post('/api/contact-messages', {
    data: { firstName: 'Sage', lastName: `Stater${tag}`, email: `sage.${tag}@example.test`, interest: 'spa', message: 'Hello.' },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const message = (await sent.json()) as { id: string };
  try {
    await openDashboard(page, request);
    const panel = await openTab(page, 'Messages');
    const rows = panel.getByTestId('message-row');
    await panel.getByLabel('Search messages').fill(`Stater${tag}`);
    await expect(page).toHaveURL(new RegExp(`[?&]q=Stater${tag}(&|$)`));
    await expect(rows.filter({ hasText: `Stater${tag}` })).toHaveCount(1);
    await expect(rows).toHaveCount(1);
    await expect(rows.getByTestId('message-state')).toHaveText('New');
    await choose(panel, 'State', 'Answered');
    await expect(page).toHaveURL(/[?&]status=answered(&|$)/);
    await expect(panel.getByText('No messages match these filters.')).toBeVisible();
    await choose(panel, 'State', 'New');
    await expect(rows).toHaveCount(1);
  } finally {
    await api.delete(`/api/admin/contact-messages/${message.id}`);
  }
});

test('a linked order or booking opens even when the list on screen does not hold it', async ({ page, request }) => {
  const api = await AdminApi.create(request);
  const tag = unique();
  const products = (await (await request.get('/api/products')).json()) as Product[];
  const order = await placeOrder(request, products, `Linked${tag}`);
  const booking = await api.post<Booking>('/api/bookings', {
    firstName: 'Linden',
    lastName: `Linked${tag}`,
    email: `linden.${tag}@example.test`,
    service: 'massage',
    date: dayFromToday(600 + Math.floor(Math.random() * 200)),
    time: '9:00',
    notes: null,
  });
  try {
    await openDashboard(page, request);
    // A pending order, linked from a view of cancelled ones: read by its id, its details open.
    await page.goto(`/admin/dashboard?tab=orders&status=cancelled&order=${order.id}`);
    const dialog = page.getByRole('dialog', { name: 'Order Details' });
    await expect(dialog).toContainText(`Rowan Linked${tag}`);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(page).toHaveURL(/\?tab=orders&status=cancelled$/);

    // A pending booking, linked from a view of cancelled ones: shown, marked, above the page's rows.
    await page.goto(`/admin/dashboard?tab=bookings&status=cancelled&booking=${booking.id}`);
    const row = page.getByRole('tabpanel', { name: 'Bookings' }).locator(`[data-booking-id="${booking.id}"]`);
    await expect(row).toHaveAttribute('aria-current', 'true');
    await expect(row).toContainText(`Linden Linked${tag}`);
  } finally {
    await api.delete(`/api/admin/bookings/${booking.id}`);
  }
});

test('the dashboard reads no whole list: the cards, the lists and the calendar ask for pages and summaries', async ({ page, request }) => {
  const reads = wholeListReads(page);
  await openDashboard(page, request);
  await expect(page.getByTestId('stat-total-orders')).toHaveText(/^\d+$/);
  await expect(page.getByTestId('stat-new-messages')).toHaveText(/^\d+$/);
  for (const [tab, table] of [
    ['Orders', 'Orders'],
    ['Bookings', 'Bookings'],
    ['Messages', 'Messages'],
  ] as const) {
    const panel = await openTab(page, tab);
    await expect(panel.getByRole('table', { name: table })).toBeVisible();
    await expect(pagerOf(panel)).toHaveText(/ of \d/);
  }
  const calendar = await openTab(page, 'Calendar');
  await expect(calendar.locator('[data-day]').first()).toBeVisible();
  expect(reads).toEqual([]);
});
