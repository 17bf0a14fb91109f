import { expect, test, type Page } from '@playwright/test';
import { formatMoney, toCents } from '../src/lib/money';
import {
  AdminApi,
  choose,
  dayFromToday,
  expectNoSeriousAxeViolations,
  mailText,
  openDashboard,
  openTab,
  screenshot,
  unique,
} from './admin-helpers';
import { distinctFutureDay, expectToast, fillCheckout } from './helpers';

type Product = { id: string; name: string; price: string };
type PromoCode = { id: string; code: string; uses: number; revenue: string; discountGiven: string };

/** A cart of `quantity` of the demo product, straight into the checkout. */
async function checkoutWith(page: Page, product: Product, quantity: number) {
  await page.goto('/');
  await page.evaluate((items) => localStorage.setItem('cart', JSON.stringify(items)), [{ product, quantity }]);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Order Summary' })).toBeVisible();
}

async function applyCode(page: Page, code: string) {
  await page.getByLabel('Promo code').fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
}

/** Holds the page's next quote until `release()`; `requested` resolves when the page asks for it. */
async function holdQuote(page: Page): Promise<{ requested: Promise<void>; release: () => void }> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let markRequested: () => void = () => undefined;
  const requested = new Promise<void>((resolve) => (markRequested = resolve));
  await page.route('**/api/checkout/quote', async (route) => {
    markRequested();
    await held;
    await route.continue();
  });
  return { requested, release };
}

/** The figures the server gives for the cart with the code (the test checks the page shows exactly these). */
async function serverQuote(page: Page, product: Product, quantity: number, code: string) {
  const response = await page.request.post('/api/checkout/quote', {
    data: { items: [{ productId: product.id, quantity }], promoCode: code },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as { subtotal: string; discount: string; tax: string; shipping: string; total: string };
}

test('the owner creates a code in the dashboard, a guest uses it at checkout and the dashboard counts it', async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const api = await AdminApi.create(request);
  const products = await api.get<Product[]>('/api/products');
  const product = products.find((p) => toCents(p.price) >= 20_00 && toCents(p.price) <= 60_00) ?? products[0]!;
  const code = `SPRING-${unique().toUpperCase()}`;

  // The owner: a new code, 15 % off the shop, once per guest.
  await openDashboard(page, request);
  const panel = await openTab(page, 'Promo codes');
  await panel.getByRole('button', { name: 'New Promo Code' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Promo Code' });
  await dialog.getByRole('textbox', { name: 'Code', exact: true }).fill(code.toLowerCase());
  await dialog.getByLabel('Percent off').fill('15');
  await dialog.getByLabel('Uses per guest').fill('1');
  await expectNoSeriousAxeViolations(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Create Promo Code' }).click();
  await expect(dialog).toBeHidden();
  const row = panel.getByTestId('promo-row').filter({ hasText: code });
  await expect(row).toContainText('15% off');
  await expect(row).toContainText('Active');

  // A guest: a code that does not exist is refused with the server's words,
  // then the owner's code takes 15 % off before tax and shipping.
  await checkoutWith(page, product, 2);
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await applyCode(page, 'NOT-A-CODE');
  await expect(page.getByRole('alert').filter({ hasText: "We don't recognise this promo code" })).toBeVisible();
  await applyCode(page, code.toLowerCase());
  await expect(summary.getByText(`Promo code ${code} applied`)).toBeVisible();
  const quote = await serverQuote(page, product, 2, code);
  expect(toCents(quote.discount)).toBe(Math.floor((toCents(product.price) * 2 * 15 + 50) / 100));
  await expect(summary.getByTestId('summary-discount')).toHaveText(`−${formatMoney(toCents(quote.discount))}`);
  await expect(summary.getByTestId('summary-tax')).toHaveText(formatMoney(toCents(quote.tax)));
  await expect(summary.getByTestId('summary-total')).toHaveText(formatMoney(toCents(quote.total)));

  const email = `promo-${unique()}@example.com`;
  await fillCheckout(page, email);
  await page.getByRole('button', { name: 'PLACE ORDER' }).click();
  await expect(page.getByRole('heading', { name: 'Your order is confirmed' })).toBeVisible();

  // The receipt names the code and what it took off.
  const receipt = await mailText(api, email, 'order_receipt');
  expect(receipt).toContain(`Promo code ${code}:  −${formatMoney(toCents(quote.discount))}`);
  expect(receipt).toContain(`Total:     ${formatMoney(toCents(quote.total))}`);

  // The same guest cannot use it twice: the order is refused and says why.
  await checkoutWith(page, product, 2);
  await applyCode(page, code);
  await expect(page.getByText(`Promo code ${code} applied`)).toBeVisible();
  await fillCheckout(page, email);
  await page.getByRole('button', { name: 'PLACE ORDER' }).click();
  await expectToast(page, 'Order Failed', 'You have already used this promo code.');

  // The owner sees the use and what it brought.
  const listed = (await api.get<PromoCode[]>('/api/admin/promo-codes')).find((p) => p.code === code);
  expect(listed?.uses).toBe(1);
  expect(listed?.revenue).toBe(quote.total);
  await openDashboard(page, request);
  const codes = await openTab(page, 'Promo codes');
  const used = codes.getByTestId('promo-row').filter({ hasText: code });
  await expect(used.getByRole('cell', { name: '1', exact: true })).toBeVisible();
  await expect(used).toContainText(formatMoney(toCents(quote.total)).replace(/\.00$/, ''));
  // Paused, the code no longer applies.
  await used.getByRole('button', { name: `Pause ${code}` }).click();
  await expect(used).toContainText('Paused');
  await screenshot(page, 'promo-codes-tab-1440');
});

test('at 390 px a guest applies a code, sees the discount line and removes it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const api = await AdminApi.create(page.request);
  const products = await api.get<Product[]>('/api/products');
  const product = products[0]!;
  const code = `TEN-${unique().toUpperCase()}`;
  await api.post('/api/admin/promo-codes', { code, amountOff: '10.00', appliesTo: 'both' });

  await checkoutWith(page, product, 1);
  const summary = page.getByRole('region', { name: 'Order Summary' });
  const before = await summary.getByTestId('summary-total').textContent();
  await applyCode(page, code);
  await expect(summary.getByText(`Promo code ${code} applied`)).toBeVisible();
  const quote = await serverQuote(page, product, 1, code);
  await expect(summary.getByTestId('summary-discount')).toHaveText(`−${formatMoney(toCents(quote.discount))}`);
  await expect(summary.getByTestId('summary-total')).toHaveText(formatMoney(toCents(quote.total)));
  await summary.scrollIntoViewIfNeeded();
  await expectNoSeriousAxeViolations(page);
  await screenshot(page, 'checkout-promo-390');

  await summary.getByRole('button', { name: 'Remove' }).click();
  await expect(summary.getByTestId('summary-discount')).toHaveCount(0);
  await expect(summary.getByTestId('summary-total')).toHaveText(before ?? '');
  await expect(page.getByLabel('Promo code')).toBeVisible();
});

test('a guest who presses PLACE ORDER while the code is still being checked gets the order with the code', async ({ page }) => {
  const api = await AdminApi.create(page.request);
  const products = await api.get<Product[]>('/api/products');
  const product = products.find((p) => toCents(p.price) >= 20_00 && toCents(p.price) <= 60_00) ?? products[0]!;
  const code = `QUICK-${unique().toUpperCase()}`;
  await api.post('/api/admin/promo-codes', { code, percentOff: 20, appliesTo: 'shop' });
  const quote = await serverQuote(page, product, 1, code);

  await checkoutWith(page, product, 1);
  const email = `quick-${unique()}@example.com`;
  await fillCheckout(page, email);
  // The code's quote is held on its way: the press lands while the summary refreshes.
  const held = await holdQuote(page);
  await applyCode(page, code);
  await held.requested;
  await page.getByRole('button', { name: 'PLACE ORDER' }).click();
  await expect(page.getByRole('button', { name: 'PROCESSING...' })).toBeDisabled();
  held.release();
  await expect(page.getByRole('heading', { name: 'Your order is confirmed' })).toBeVisible();

  type Order = { email: string; promoCode: string | null; discount: string; total: string };
  const order = (await api.get<Order[]>('/api/orders')).find((o) => o.email === email);
  expect(order).toMatchObject({ promoCode: code, discount: quote.discount, total: quote.total });
});

test('the owner sets a fixed amount for chosen products with dates in the dialog', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openDashboard(page, request);
  const panel = await openTab(page, 'Promo codes');
  await panel.getByRole('button', { name: 'New Promo Code' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Promo Code' });
  const code = `GIFT-${unique().toUpperCase()}`;
  await dialog.getByRole('textbox', { name: 'Code', exact: true }).fill(code);
  await choose(dialog, 'Discount', 'Amount off ($)');
  await dialog.getByLabel('Amount off ($)').fill('12.50');
  await dialog.getByLabel('Starts on').fill('2026-12-10');
  await dialog.getByLabel('Ends on').fill('2026-12-01');
  await dialog.getByRole('button', { name: 'Create Promo Code' }).click();
  await expect(dialog.getByText('The end date must not be before the start date')).toBeVisible();
  await dialog.getByLabel('Ends on').fill('2026-12-31');
  await dialog.getByRole('checkbox').first().click();
  await dialog.getByRole('button', { name: 'Create Promo Code' }).click();
  await expect(dialog).toBeHidden();
  const row = panel.getByTestId('promo-row').filter({ hasText: code });
  await expect(row).toContainText('$12.50 off');
  await expect(row).toContainText('2026-12-10 – 2026-12-31');
});

for (const width of [390, 1440]) {
  test(`at ${width} px a guest books a treatment with a code for bookings`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const api = await AdminApi.create(page.request);
    const code = `SPA-${unique().toUpperCase()}`;
    await api.post('/api/admin/promo-codes', { code, percentOff: 10, appliesTo: 'bookings', maxUsesPerGuest: 1 });
    const shopCode = `SHOP-${unique().toUpperCase()}`;
    await api.post('/api/admin/promo-codes', { code: shopCode, percentOff: 10, appliesTo: 'shop' });

    await page.goto('/services');
    await page.getByRole('button', { name: /book now: Rustic Spa Treatments/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Book Your Experience' });
    await expect(dialog.getByLabel('Service', { exact: true })).toContainText('Rustic Spa Treatments');
    // A day of its own (the spa takes two guests a time): the test runs again and again on one server.
    const day = dayFromToday(distinctFutureDay(40));
    await dialog.getByLabel('Date').fill(day);

    // A code for the shop says so; the code for bookings shows the price with it.
    await dialog.getByLabel('Promo code').fill(shopCode);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: 'This promo code is for the shop, not bookings' })).toBeVisible();
    await dialog.getByLabel('Promo code').fill(code.toLowerCase());
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog.getByText(`Promo code ${code} applied`)).toBeVisible();
    // The spa is $85.00; 10 % off: $76.50.
    await expect(dialog.getByTestId('booking-promo-price')).toHaveText(`Price $85.00 $76.50 with ${code} ($8.50 off)`);
    await expectNoSeriousAxeViolations(page, '[role="dialog"]');
    if (width === 390) await screenshot(page, 'booking-promo-390', false);

    const email = `spa-${unique()}@example.com`;
    await dialog.getByLabel('First name').fill('Mara');
    await dialog.getByLabel('Last name').fill('Cedar');
    await dialog.getByLabel('Email').fill(email);
    await choose(dialog, 'Time', /^9:00 AM/);
    await dialog.getByRole('button', { name: 'Request Booking' }).click();
    await expectToast(page, 'Booking Request Submitted', "Thank you! We'll contact you soon to confirm your appointment.");

    type Booking = { email: string; discount: string; promoCode: string | null };
    const booked = (await api.get<Booking[]>('/api/bookings')).find((b) => b.email === email);
    expect(booked).toMatchObject({ discount: '8.50', promoCode: code });
    const requested = await mailText(api, email, 'booking_requested');
    expect(requested).toContain(`$76.50 (promo code ${code}: $8.50 off $85.00)`);

    // The owner sees what the code took off, to charge the rest at the retreat.
    if (width === 1440) {
      await openDashboard(page, page.request);
      const bookings = await openTab(page, 'Bookings');
      const row = bookings.getByTestId('booking-row').filter({ hasText: email });
      await expect(row.getByTestId('booking-promo')).toHaveText(`Promo ${code}: −$8.50`);
    }
  });
}
