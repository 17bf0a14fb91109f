import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  AdminApi,
  cents,
  dayFromToday,
  dollars,
  expectNoSeriousAxeViolations,
  openDashboard,
  openTab,
  SCREENSHOT_DIR,
  settle,
  unique,
} from './admin-helpers';
import { waitForMail } from './mail-helpers';

/*
 * Issue 45, part 4, a guest's data: a guest asks on the Privacy page for her
 * data to be erased, confirms from the mail that reached a real SMTP server
 * (aiosmtpd, a Maildir: mail-helpers.ts), and the owner erases her with one
 * question; her booking then reads under the pseudonym. The owner looks an
 * address up, sees the guest's booking and order, and downloads them as
 * JSON. Every walk has its own guest, so it runs again and again on one
 * server.
 */

test.use({ reducedMotion: 'reduce' });

const WIDTHS = [390, 1440] as const;

type Product = { id: string; name: string; price: string };
type Service = { name: string; bookingKey: string | null; depositAmount?: string | null; depositPercent?: number | null };
type Guest = { firstName: string; lastName: string; email: string };
type Booking = { id: string; firstName: string; lastName: string; email: string };
type PrivacyRequest = { id: string; email: string; kind: string; state: string };

async function setViewport(page: Page, width: number) {
  await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
}

/**
 * A visit booked through the public API, a year or so ahead: a service that
 * asks no deposit (on the payments server a massage asks for a card). Its id and service's name.
 */
async function bookVisit(request: APIRequestContext, guest: Guest): Promise<{ id: string; service: string }> {
  const services = (await (await request.get('/api/services')).json()) as Service[];
  const service = services.find((s) => s.bookingKey && s.bookingKey !== 'accommodation' && !s.depositAmount && !s.depositPercent);
  expect(service, 'a service that asks no deposit').toBeDefined();
  const response = await request.post('/api/bookings', {
    data: {
      ...guest,
      notes: 'Gentle on the left shoulder',
      service: service!.bookingKey,
      date: dayFromToday(40 + Math.floor(Math.random() * 400)),
      time: '13:00',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { id: ((await response.json()) as { id: string }).id, service: service!.name };
}

/** An order of one product through the public API, with the server's own arithmetic; its id. */
async function placeOrder(request: APIRequestContext, guest: Guest): Promise<string> {
  const product = ((await (await request.get('/api/products')).json()) as Product[])[0]!;
  const subtotal = cents(product.price);
  const tax = Math.floor((2 * subtotal * 8 + 100) / 200);
  const shipping = subtotal > 100_00 ? 0 : 15_00;
  const money = (amount: number) => dollars(amount).slice(1);
  const response = await request.post('/api/orders', {
    data: {
      ...guest,
      phone: null,
      address: '12 Fern Hollow Lane',
      city: 'Idyllwild',
      state: 'CA',
      zip: '92549',
      items: JSON.stringify([{ productId: product.id, productName: product.name, price: product.price, quantity: 1 }]),
      subtotal: money(subtotal),
      tax: money(tax),
      shipping: money(shipping),
      total: money(subtotal + tax + shipping),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** The path and query of the first link to `path` in a mail's text (the mail names the public address). */
function linkIn(text: string, path: string): string {
  const link = text.split(/\s+/).find((word) => word.includes(`${path}?token=`));
  expect(link, text).toBeTruthy();
  const url = new URL(link!.replace(/[>)\].,]+$/, ''));
  return `${url.pathname}${url.search}`;
}

test.describe('a guest asks to be erased; the owner erases her', () => {
  // Her confirmation link comes by mail: the server whose mail reaches a real SMTP server.
  test.use({ baseURL: process.env.E2E_MAIL_BASE_URL });

  for (const width of WIDTHS) {
    test(`from the Privacy page and her mail to the owner's one question; her booking then reads under the pseudonym (${width} px)`, async ({
      page,
      request,
    }) => {
      test.slow();
      await setViewport(page, width);
      const run = unique();
      const guest = { firstName: 'Linnea', lastName: `Frost${run}`, email: `linnea.${run}@example.test` };
      const api = await AdminApi.create(request);
      const { id: bookingId } = await bookVisit(request, guest);
      // Had long ago as far as erasure goes: a cancelled visit is none to come.
      await api.put(`/api/admin/bookings/${bookingId}`, { status: 'cancelled' });

      // (a) The page is the server's, and the footer links to it.
      const served = await request.get('/privacy');
      expect(served.status()).toBe(200);
      expect(await served.text()).toContain('Ask for a copy, or to be forgotten');
      await page.goto('/');
      await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
      await expect(page).toHaveURL(/\/privacy$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible();
      await expect(page).toHaveTitle('Privacy | Golden Pine Wellness Retreat');

      // (b) She asks for erasure: a field error first, then the request goes.
      const form = page.getByRole('form', { name: 'Privacy request' });
      await form.getByRole('radio', { name: 'Erase my data' }).click();
      await form.getByLabel('Your email').fill(`linnea.${run}@`);
      await form.getByRole('button', { name: 'Send my request' }).click();
      await expect(form.getByLabel('Your email')).toHaveAccessibleDescription('Please enter a valid email address');
      await settle(page);
      await expectNoSeriousAxeViolations(page);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/guest-data-privacy-${width}.png`, fullPage: true });
      await form.getByLabel('Your email').fill(guest.email);
      await form.getByRole('button', { name: 'Send my request' }).click();
      const sent = page.getByTestId('privacy-request-sent');
      await expect(sent).toContainText('Check your inbox: we sent a link to confirm the request.');
      await expect(sent.getByRole('heading', { name: 'One more step' })).toBeFocused();

      // (c) Her mail's link: nothing happens until she presses the button.
      const mail = await waitForMail(guest.email, /^Confirm your request to Golden Pine$/);
      await page.goto(linkIn(mail.text, '/privacy/confirm'));
      const confirm = page.getByTestId('privacy-confirm');
      await expect(confirm.getByRole('heading', { name: 'Confirm your request' })).toBeVisible();
      await settle(page);
      await expectNoSeriousAxeViolations(page);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/guest-data-confirm-${width}.png`, fullPage: true });
      await confirm.getByRole('button', { name: 'Confirm my request' }).click();
      const confirmed = page.getByTestId('privacy-confirmed');
      await expect(confirmed).toContainText(
        'We will erase your details within 30 days, usually much sooner. After that we no longer hold your address, so this is the last you hear from us.',
      );
      const asked = (await api.get<{ requests: PrivacyRequest[] }>('/api/admin/privacy-requests')).requests.find(
        (r) => r.email === guest.email,
      );
      expect(asked).toMatchObject({ kind: 'erasure', state: 'open' });

      // (d) The owner sees it open and erases her after one question.
      await openDashboard(page, request);
      const panel = await openTab(page, 'Guest data');
      const row = panel.locator(`[data-request-id="${asked!.id}"]`);
      await expect(row).toContainText(guest.email);
      await expect(row).toContainText('Erasure');
      await expect(row).toContainText('Open');
      await settle(page);
      await expectNoSeriousAxeViolations(page, '[role="tabpanel"]');
      await page.mouse.move(0, 0);
      await row.screenshot({ path: `${SCREENSHOT_DIR}/guest-data-request-${width}.png` });
      await row.getByRole('button', { name: `Erase: ${guest.email}` }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Erase this guest?' });
      await expect(dialog).toContainText('Kept under a pseudonym, for the accounts (seven years, as tax law asks)');
      await expect(dialog).toContainText('Erased: her names, email and postal address, phone');
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await expectNoSeriousAxeViolations(page, '[role="alertdialog"]');
      await page.screenshot({ path: `${SCREENSHOT_DIR}/guest-data-erase-dialog-${width}.png` });
      await dialog.getByRole('button', { name: 'Erase', exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(row).toContainText('Done');
      await expect(row).not.toContainText(guest.email);
      await expect(row.getByRole('button')).toHaveCount(0);
      await page.mouse.move(0, 0);
      await row.screenshot({ path: `${SCREENSHOT_DIR}/guest-data-request-done-${width}.png` });

      // (e) Her booking now reads under the pseudonym: her names and address are gone.
      const booking = (await api.get<Booking[]>('/api/bookings')).find((b) => b.id === bookingId)!;
      expect(`${booking.firstName} ${booking.lastName}`).not.toContain(guest.lastName);
      expect(booking.email).not.toBe(guest.email);
      await page.goto(`/admin/dashboard?tab=bookings&booking=${bookingId}`);
      const bookingRow = page.locator(`[data-booking-id="${bookingId}"]`);
      await expect(bookingRow).toContainText(`${booking.firstName} ${booking.lastName}`);
      await expect(bookingRow).not.toContainText(guest.lastName);
      await expect(bookingRow).not.toContainText(guest.email);
      await bookingRow.screenshot({ path: `${SCREENSHOT_DIR}/guest-data-erased-booking-${width}.png` });
    });
  }
});

test.describe('the owner looks a guest up', () => {
  for (const width of WIDTHS) {
    test(`sees her booking and order, and downloads them as JSON (${width} px)`, async ({ page, request }) => {
      await setViewport(page, width);
      const run = unique();
      const guest = { firstName: 'Maren', lastName: `Holt${run}`, email: `maren.${run}@example.test` };
      const { id: bookingId, service } = await bookVisit(request, guest);
      const orderId = await placeOrder(request, guest);

      await openDashboard(page, request);
      const panel = await openTab(page, 'Guest data');
      const lookUp = panel.getByRole('form', { name: 'Look up a guest' });
      await lookUp.getByLabel('Email address').fill(guest.email);
      await lookUp.getByRole('button', { name: 'Look up' }).click();
      await expect(panel.getByRole('heading', { name: guest.email })).toBeVisible();
      const bookings = panel.getByTestId('guest-data-bookings');
      await expect(bookings).toContainText(service);
      await expect(bookings).toContainText(`Maren Holt${run}`);
      await expect(panel.getByTestId('guest-data-orders')).toContainText(`Order #${orderId.slice(0, 8)}`);
      await expect(panel.getByTestId('guest-data-orders')).toContainText('12 Fern Hollow Lane, Idyllwild, CA 92549');
      await settle(page);
      await expectNoSeriousAxeViolations(page, '[role="tabpanel"]');
      await page.mouse.move(0, 0);
      await panel.screenshot({ path: `${SCREENSHOT_DIR}/guest-data-look-up-${width}.png` });

      const download = page.waitForEvent('download');
      await panel.getByRole('button', { name: 'Download JSON' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('guest-data.json');
      const data = JSON.parse(await readFile(await file.path(), 'utf8')) as {
        email: string;
        bookings: { id: string; firstName: string; lastName: string }[];
        orders: { id: string }[];
      };
      expect(data.email).toBe(guest.email);
      expect(data.bookings.map((b) => [b.id, b.firstName, b.lastName])).toEqual([[bookingId, 'Maren', `Holt${run}`]]);
      expect(data.orders.map((o) => o.id)).toEqual([orderId]);

      await (await AdminApi.create(request)).delete(`/api/admin/bookings/${bookingId}`);
    });
  }
});
