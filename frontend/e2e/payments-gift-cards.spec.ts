import { expect, test, type Page } from '@playwright/test';
import { formatCents, formatMoney, orderTotals } from '../src/lib/money';
import { AdminApi, SCREENSHOT_DIR, choose, dayFromToday, expectNoSeriousAxeViolations, settle, unique } from './admin-helpers';
import { waitForMail } from './mail-helpers';
import { cards, typeCard, useStripeStandIn } from './payments-helpers';

/**
 * The gift card page, once it is live: its amounts come from the server to
 * the hydrated page, so a guest's typing from then on is the page's.
 */
async function openGiftCards(page: Page) {
  await page.goto('/gift-cards');
  await expect(page.getByRole('radio', { name: '$100' })).toBeVisible();
}

/*
 * A gift card's whole life with cards charged (docs/decisions.md §14, §16),
 * on the payments server: bought and paid by card on /gift-cards, its code
 * read from the recipient's mail as it arrived over SMTP (aiosmtpd, a
 * Maildir: mail-helpers.ts), spent on a shop order it pays in full, then on
 * a massage's $25.00 deposit it pays in part, the guest's card saved for the
 * rest, until nothing is left. Every run has its own addresses, so the spec
 * runs again and again on one server.
 */

// Axe measures contrast as rendered: a dialog still fading in would count.
test.use({ reducedMotion: 'reduce' });

type Product = { id: string; name: string; price: string; stock?: number | null };
type AdminOrder = { email: string; giftCardAmount: string; giftCardLastFour: string | null; payment: { state: string; amount: string } };
type AdminBooking = {
  email: string;
  giftCardAmount: string;
  giftCardLastFour: string | null;
  deposit: { state: string; amount: string } | null;
};
type AdminGiftCard = { recipientEmail: string; balance: string; state: string; lastFour: string | null };

const CARD_DOLLARS = 50;
const DEPOSIT = 25_00;

/**
 * A demo product whose order (one of it, with tax and shipping) costs less
 * than the card holds but more than what the deposit leaves it: the card pays
 * the order in full, and then only part of the deposit.
 */
function cheapProduct(products: Product[]): { product: Product; total: number } {
  const fits = products
    .filter((p) => p.stock == null || p.stock > 0)
    .map((product) => ({ product, total: orderTotals([{ price: product.price, quantity: 1 }]).total }))
    .filter(({ total }) => total < CARD_DOLLARS * 100 && CARD_DOLLARS * 100 - total < DEPOSIT)
    .sort((a, b) => a.total - b.total);
  expect(fits.length, 'a demo product costing less than the card').toBeGreaterThan(0);
  return fits[0]!;
}

/** A gift card balance on /gift-cards, as a guest reads it. */
async function expectBalance(page: Page, code: string, balance: string) {
  await openGiftCards(page);
  const region = page.getByRole('region', { name: 'Check a balance' });
  await region.getByLabel('Gift card code').fill(code);
  await region.getByRole('button', { name: 'Check balance' }).click();
  const shown = region.getByTestId('gift-card-balance');
  await expect(shown).toContainText(balance);
  await expect(shown).toContainText(`left of $${CARD_DOLLARS}.00`);
  return shown;
}

for (const width of [390, 1440]) {
  test(`at ${width} px a card bought by card reaches its recipient by mail, pays an order, then part of a deposit`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
    await useStripeStandIn(page);
    const api = await AdminApi.create(request);
    const run = unique();
    const recipientEmail = `gift.${run}@example.test`;

    // (a) A guest buys a $50 card and pays for it by card.
    await openGiftCards(page);
    const amounts = page.getByRole('radiogroup', { name: 'Choose an amount' });
    await amounts.getByRole('radio', { name: `$${CARD_DOLLARS}` }).click();
    await expect(page.getByRole('region', { name: 'Your card' }).getByTestId('gift-card-value')).toHaveText(`$${CARD_DOLLARS}`);
    await page.getByLabel("Recipient's name").fill('Wren Alder');
    await page.getByLabel("Recipient's email").fill(recipientEmail);
    await page.getByLabel('Message').fill('For a slow morning among the pines.');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Pine');
    await page.getByLabel('Your email').fill(`giver.${run}@example.test`);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    const payment = page.getByRole('form', { name: 'Payment' });
    await expect(payment).toContainText(`An e-gift card of $${CARD_DOLLARS}.00 for Wren Alder`);
    await typeCard(page, cards.visa);
    await payment.getByRole('button', { name: `Pay $${CARD_DOLLARS}.00` }).click();
    await expect(page.getByRole('heading', { name: /^Your gift card for Wren Alder is on its way — it will arrive on / })).toBeVisible();
    await expect(page.getByText('Paid by card.')).toBeVisible();
    await settle(page);
    await expectNoSeriousAxeViolations(page);

    // (b) The recipient's mail arrives over SMTP: the code in groups and the link to print the card.
    const mail = await waitForMail(recipientEmail, /^Wren, a gift from Ada Pine: a Golden Pine gift card$/);
    const grouped = /Your code: ([A-Z0-9]{4}(?:-[A-Z0-9]{4}){4})/.exec(mail.text)?.[1];
    expect(grouped, mail.text).toBeTruthy();
    const code = grouped!;
    const lastFour = code.slice(-4);
    const printLink = /href="([^"]*\/gift-cards\/print\?token=[^"#]+#[A-Z0-9]{20})"/.exec(mail.html)?.[1];
    expect(printLink, mail.html).toBeTruthy();
    expect(mail.text).toContain(printLink);
    expect(mail.html).toContain(code);
    expect(new URL(printLink!).hash).toBe(`#${code.replaceAll('-', '')}`);
    const print = new URL(printLink!);
    await page.goto(`${print.pathname}${print.search}${print.hash}`);
    await expect(page.getByTestId('gift-card-code')).toHaveText(code);
    await expect(page.getByTestId('gift-card-print-balance')).toHaveText(`Balance $${CARD_DOLLARS}.00`);
    await expect(page.getByText('For a slow morning among the pines.')).toBeVisible();

    // (c) A shop order under $50: the card pays all of it, no card is asked for.
    const { product, total } = cheapProduct((await (await request.get('/api/products')).json()) as Product[]);
    await page.goto('/');
    await page.evaluate((items) => localStorage.setItem('cart', JSON.stringify(items)), [{ product, quantity: 1 }]);
    await page.goto('/checkout');
    const summary = page.getByRole('region', { name: 'Order Summary' });
    await summary.getByLabel('Gift card').fill(code.toLowerCase());
    await summary.getByRole('button', { name: 'Redeem' }).click();
    await expect(summary.getByText(`Gift card ••••${lastFour} applied`)).toBeVisible();
    await expect(summary.getByTestId('summary-total')).toHaveText(formatMoney(total));
    await expect(summary.getByTestId('summary-gift-card')).toHaveText(`−${formatMoney(total)}`);
    await expect(summary.getByTestId('summary-amount-due')).toHaveText('$0.00');
    await expect(page.getByTestId('gift-card-covers')).toHaveText('Your gift card pays the whole order: no card is needed.');
    const buyer = `shopper.${run}@example.test`;
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Pine');
    await page.getByLabel('Email', { exact: true }).fill(buyer);
    await page.getByLabel('Address').fill('1 Forest Lane');
    await page.getByLabel('City').fill('Idyllwild');
    await page.getByLabel('State').fill('CA');
    await page.getByLabel('ZIP code').fill('92549');
    await settle(page);
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: 'PLACE ORDER' }).click();
    await expect(page.getByRole('heading', { name: 'Your order is confirmed' })).toBeVisible();
    await expect(page.getByText(`${formatMoney(total)} paid with gift card ••••${lastFour}.`)).toBeVisible();
    await expect(page.getByText('Paid by card.', { exact: false })).toHaveCount(0);
    const order = (await api.get<AdminOrder[]>('/api/orders')).find((o) => o.email === buyer);
    expect(order).toMatchObject({ giftCardLastFour: lastFour, giftCardAmount: formatCents(total), payment: { state: 'paid' } });

    // (d) What is left on the card.
    const left = CARD_DOLLARS * 100 - total;
    await expectBalance(page, code.replaceAll('-', ''), formatMoney(left));

    // (e) A massage's $25.00 deposit: the card pays what it has left, the guest's card is saved for the rest.
    await page.goto('/services');
    await page.getByRole('button', { name: /book now: Massage Therapy/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Book Your Experience' });
    const guest = `guest.${run}@example.test`;
    await dialog.getByLabel('First name').fill('Mara');
    await dialog.getByLabel('Last name').fill('Cedar');
    await dialog.getByLabel('Email').fill(guest);
    const asked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/check-availability');
    await dialog.getByLabel('Date').fill(dayFromToday(60 + Math.floor(Math.random() * 600)));
    await asked;
    // The first time still open that day (a slot full from an earlier run is disabled).
    await dialog.getByLabel('Time').click();
    await page.getByRole('option', { disabled: false }).first().click();
    await expect(dialog.getByTestId('booking-deposit-amount')).toHaveText(formatMoney(DEPOSIT));
    const field = dialog.getByLabel('Gift card');
    if (width === 390) {
      // A code no card has is refused on the field, in the server's words.
      await field.fill('AAAA-BBBB-CCCC-DDDD-EEEE');
      await dialog.getByRole('button', { name: 'Redeem' }).click();
      await expect(dialog.getByRole('alert').filter({ hasText: "We don't recognise this gift card code" })).toBeVisible();
    }
    await field.fill(code);
    await dialog.getByRole('button', { name: 'Redeem' }).click();
    await expect(dialog.getByText(`Gift card ••••${lastFour} applied`)).toBeVisible();
    await expect(dialog.getByTestId('booking-gift-card-balance')).toContainText(`Balance ${formatMoney(left)}`);
    await typeCard(page, cards.visa);
    await settle(page);
    await expectNoSeriousAxeViolations(page, '[role="dialog"]');
    await page.screenshot({ path: `${SCREENSHOT_DIR}/payments-booking-gift-card-${width}.png` });
    await dialog.getByRole('button', { name: 'Request Booking' }).click();
    const confirmation = dialog.getByTestId('booking-confirmation');
    await expect(confirmation.getByRole('heading', { name: 'Your request is received' })).toBeFocused();
    await expect(confirmation.getByTestId('booking-gift-card-paid')).toHaveText(
      `Your gift card ••••${lastFour} paid ${formatMoney(left)} of the deposit.`,
    );
    await expect(confirmation.getByTestId('booking-card-charge')).toHaveText(
      `Your card will be charged the rest, ${formatMoney(DEPOSIT - left)}, when we confirm your booking.`,
    );
    await settle(page);
    await expectNoSeriousAxeViolations(page, '[role="dialog"]');
    await page.screenshot({ path: `${SCREENSHOT_DIR}/payments-booking-gift-card-confirmation-${width}.png` });
    await dialog.getByRole('button', { name: 'See your booking' }).click();
    await expect(dialog).toBeHidden();
    // Her booking's own page, as her mail links to it.
    await expect(page).toHaveURL(/\/bookings\/manage\//);
    await expect(page.getByTestId('booking-status')).toHaveText('Requested');
    const booking = (await api.get<AdminBooking[]>('/api/bookings')).find((b) => b.email === guest);
    expect(booking).toMatchObject({
      giftCardLastFour: lastFour,
      giftCardAmount: formatCents(left),
      deposit: { state: 'card_saved', amount: formatCents(DEPOSIT - left) },
    });

    // (f) Nothing is left on the card.
    await expectBalance(page, code, '$0.00');
    const card = (await api.get<AdminGiftCard[]>('/api/admin/gift-cards')).find((c) => c.recipientEmail === recipientEmail);
    expect(card).toMatchObject({ state: 'active', balance: '0.00', lastFour });
  });
}

test('a gift card that pays the whole deposit: nothing is charged to the guest’s card', async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await useStripeStandIn(page);
  const api = await AdminApi.create(request);
  const run = unique();
  const recipientEmail = `whole.${run}@example.test`;
  await openGiftCards(page);
  await page
    .getByRole('radiogroup', { name: 'Choose an amount' })
    .getByRole('radio', { name: `$${CARD_DOLLARS}` })
    .click();
  await page.getByLabel("Recipient's name").fill('Juniper Vale');
  await page.getByLabel("Recipient's email").fill(recipientEmail);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Pine');
  await page.getByLabel('Your email').fill(`giver.${run}@example.test`);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await typeCard(page, cards.visa);
  await page.getByRole('button', { name: `Pay $${CARD_DOLLARS}.00` }).click();
  await expect(page.getByText('Paid by card.')).toBeVisible();
  const mail = await waitForMail(recipientEmail, /a Golden Pine gift card$/);
  const code = /Your code: ([A-Z0-9]{4}(?:-[A-Z0-9]{4}){4})/.exec(mail.text)?.[1];
  expect(code, mail.text).toBeTruthy();
  const lastFour = code!.slice(-4);

  await page.goto('/services');
  await page.getByRole('button', { name: /book now: Massage Therapy/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Book Your Experience' });
  const guest = `whole.guest.${run}@example.test`;
  await dialog.getByLabel('First name').fill('Ines');
  await dialog.getByLabel('Last name').fill('Laurel');
  await dialog.getByLabel('Email').fill(guest);
  const asked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/check-availability');
  await dialog.getByLabel('Date').fill(dayFromToday(60 + Math.floor(Math.random() * 600)));
  await asked;
  await dialog.getByLabel('Time').click();
  await page.getByRole('option', { disabled: false }).first().click();
  await dialog.getByLabel('Gift card').fill(code!);
  await dialog.getByLabel('Gift card').press('Enter');
  await expect(dialog.getByText(`Gift card ••••${lastFour} applied`)).toBeVisible();
  await typeCard(page, cards.visa);
  await dialog.getByRole('button', { name: 'Request Booking' }).click();
  const confirmation = dialog.getByTestId('booking-confirmation');
  await expect(confirmation.getByTestId('booking-gift-card-paid')).toHaveText(
    `Your gift card ••••${lastFour} paid ${formatMoney(DEPOSIT)} of the deposit.`,
  );
  await expect(confirmation.getByTestId('booking-card-charge')).toHaveText(
    'Nothing will be charged to your card: your gift card paid the whole deposit.',
  );
  const booking = (await api.get<AdminBooking[]>('/api/bookings')).find((b) => b.email === guest);
  expect(booking).toMatchObject({ giftCardLastFour: lastFour, giftCardAmount: formatCents(DEPOSIT), deposit: null });
  await expectBalance(page, code!, formatMoney(CARD_DOLLARS * 100 - DEPOSIT));
});

// A service without a deposit never shows the field (the server would refuse a card: it is redeemed at the retreat).
test('a booking without a deposit has no gift card field', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await useStripeStandIn(page);
  await page.goto('/services');
  await page.getByRole('button', { name: /book now: Rustic Spa Treatments/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Book Your Experience' });
  await expect(dialog.getByLabel('Service')).toContainText('Rustic Spa Treatments');
  await expect(dialog.getByLabel('Gift card')).toHaveCount(0);
  await expect(dialog.getByTestId('booking-deposit-amount')).toHaveCount(0);
  await choose(dialog, 'Service', /^Massage Therapy/);
  await expect(dialog.getByTestId('booking-deposit-amount')).toHaveText(formatMoney(DEPOSIT));
  await expect(dialog.getByLabel('Gift card')).toBeVisible();
});
