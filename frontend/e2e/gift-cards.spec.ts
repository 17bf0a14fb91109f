import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { formatCents, formatMoney, orderTotals, toCents } from '../src/lib/money';
import {
  AdminApi,
  answerNextConfirm,
  dayFromToday,
  expectNoSeriousAxeViolations,
  expectSuccess,
  mailText,
  openDashboard,
  openTab,
  screenshot,
  settle,
  toasts,
  unique,
} from './admin-helpers';

/**
 * The gift card page, once it is live: its amounts come from the server to
 * the hydrated page, so a guest's typing from then on is the page's.
 */
async function openGiftCards(page: Page) {
  await page.goto('/gift-cards');
  await expect(page.getByRole('radio', { name: '$100' })).toBeVisible();
}

/*
 * Gift cards (docs/decisions.md §16) on the e2e server, where payments are
 * off: a card bought is pending until the owner accepts its order, then it is
 * issued and its recipient's mail is queued (no SMTP_URL: it waits in the
 * outbox). The dashboard shows that mail with the code masked, so the test
 * reads the message as it would go out over SMTP from the outbox table
 * itself, as the API tests do (crates/server/tests/api/gift_cards.rs), with
 * psql on the database scripts/e2e-server.sh made. Every card here has its
 * own recipient address, so the specs sharing the database never see each
 * other's cards.
 */

// Axe measures contrast as rendered: a dialog still fading in would count.
test.use({ reducedMotion: 'reduce' });

type Product = { id: string; name: string; price: string };
type AdminGiftCard = {
  id: string;
  lastFour: string | null;
  kind: string;
  amount: string;
  balance: string;
  state: string;
  recipientEmail: string;
  expiresOn: string | null;
  voidReason: string | null;
};
type LedgerEntry = { kind: string; amount: string; balanceAfter: string; note: string | null };
type AdminOrder = { email: string; giftCardAmount: string; giftCardLastFour: string | null };

/** "2026-12-18" → "December 18, 2026", as the pages write a calendar day. */
function longDate(day: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** The e2e server's database (scripts/e2e-server.sh); E2E_DATABASE_URL for a server started otherwise. */
const databaseUrl =
  process.env.E2E_DATABASE_URL ??
  `${(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/$/, '')}/golden_pine_e2e_${process.env.E2E_PORT ?? '18080'}`;

/** The text of the newest gift card mail to `to`, as the outbox will hand it to SMTP ('' while there is none). */
function outboxText(to: string): string {
  const query = `SELECT text_body FROM outbox_messages WHERE template = 'gift_card_delivered' AND recipient = '${to.replaceAll("'", "''")}' ORDER BY created_at DESC LIMIT 1`;
  return execFileSync('psql', [databaseUrl, '-Atq', '-c', query], { encoding: 'utf8' });
}

/** The recipient's mail: its text, the card's code (as printed and as in the link) and the print link's path. */
async function deliveredCard(api: AdminApi, to: string) {
  let text = '';
  await expect
    .poll(
      () => {
        text = outboxText(to);
        return text;
      },
      { message: `a gift card mail to ${to}` },
    )
    .toContain('Your code: ');
  const link = /\/gift-cards\/print\?token=([^#\s]+)#([A-Z0-9]{20})/.exec(text);
  const grouped = /Your code: ([A-Z0-9]{4}(?:-[A-Z0-9]{4}){4})/.exec(text)?.[1];
  expect(link, text).toBeTruthy();
  expect(grouped, text).toBeTruthy();
  const code = link![2]!;
  expect(grouped!.replaceAll('-', '')).toBe(code);
  // The dashboard shows the same mail with the code masked to its last four.
  const shown = await mailText(api, to, 'gift_card_delivered');
  expect(shown).toContain(`••••-••••-••••-••••-${code.slice(-4)}`);
  expect(shown).not.toContain(grouped!);
  expect(shown).not.toContain(code);
  return { text, code, grouped: grouped!, lastFour: code.slice(-4), printPath: `/gift-cards/print?token=${link![1]}#${code}` };
}

/** The owner accepts a gift card's order (payments off: paid at the retreat or by invoice), which issues the card. */
async function acceptOrder(api: AdminApi, orderId: string) {
  await api.put(`/api/admin/orders/${orderId}/status`, { status: 'processing' });
}

/** A card bought through the public API, as the page buys it, and issued: the owner accepts its order. */
async function buyByApi(api: AdminApi, request: APIRequestContext, amount: number, recipientEmail: string) {
  const response = await request.post('/api/gift-cards', {
    headers: { 'Idempotency-Key': `e2e-${unique()}` },
    data: {
      amount,
      recipientName: 'Wren Alder',
      recipientEmail,
      deliverOn: dayFromToday(0),
      firstName: 'Ada',
      lastName: 'Pine',
      email: `buyer-${unique()}@example.com`,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const order = (await response.json()) as { id: string; lines: Array<{ productName: string }> };
  expect(order.lines[0]?.productName).toBe('E-gift card for Wren Alder');
  await acceptOrder(api, order.id);
}

async function cardFor(api: AdminApi, recipientEmail: string): Promise<AdminGiftCard> {
  const card = (await api.get<AdminGiftCard[]>('/api/admin/gift-cards')).find((c) => c.recipientEmail === recipientEmail);
  expect(card, recipientEmail).toBeDefined();
  return card!;
}

/** A cart of one demo product priced $20 to $60, straight into the checkout. */
async function checkoutWith(page: Page, product: Product) {
  await page.goto('/');
  await page.evaluate((items) => localStorage.setItem('cart', JSON.stringify(items)), [{ product, quantity: 1 }]);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Order Summary' })).toBeVisible();
}

async function fillShipping(page: Page, email: string) {
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Pine');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Address').fill('1 Forest Lane');
  await page.getByLabel('City').fill('Idyllwild');
  await page.getByLabel('State').fill('CA');
  await page.getByLabel('ZIP code').fill('92549');
}

for (const width of [390, 1440]) {
  test(`at ${width} px a guest buys a card; its recipient's mail carries the code and the print link; the balance reads it`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const api = await AdminApi.create(page.request);
    const recipientEmail = `gift-${unique()}@example.com`;
    const buyerEmail = `giver-${unique()}@example.com`;
    const today = dayFromToday(0);
    // A preset on a wide screen, an amount of one's own on a phone.
    const dollars = width === 1440 ? 150 : 75;

    await openGiftCards(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Gift Cards' })).toBeVisible();
    const amounts = page.getByRole('radiogroup', { name: 'Choose an amount' });
    await expect(amounts.getByRole('radio', { name: '$100' })).toBeChecked();
    const preview = page.getByRole('region', { name: 'Your card' });
    await expect(preview.getByTestId('gift-card-value')).toHaveText('$100');
    if (width === 1440) {
      await amounts.getByRole('radio', { name: '$150' }).click();
    } else {
      await amounts.getByRole('radio', { name: 'Other amount' }).click();
      await page.getByLabel('Amount ($)').fill('10');
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await expect(page.getByText('A gift card is from $25 to $1,000, in whole dollars')).toBeVisible();
      await page.getByLabel('Amount ($)').fill(String(dollars));
    }
    await expect(preview.getByTestId('gift-card-value')).toHaveText(`$${dollars}`);

    await page.getByLabel("Recipient's name").fill('Mara Cedar');
    await page.getByLabel("Recipient's email").fill(recipientEmail);
    await page.getByLabel('Message').fill('Happy birthday, Mara!\nSee you on the mountain.');
    await expect(page.getByLabel('Delivery date')).toHaveValue(today);
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Pine');
    await page.getByLabel('Your email').fill(buyerEmail);
    // The preview follows the form.
    await expect(preview).toContainText('Mara Cedar');
    await expect(preview).toContainText('Ada Pine');
    await expect(preview).toContainText('See you on the mountain.');
    await expect(page.getByTestId('demo-store-notice')).toBeVisible();
    await settle(page);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `gift-cards-${width}`);

    const placing = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/gift-cards');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    const order = (await (await placing).json()) as { id: string };
    // Payments off: no card was charged, and the card waits for the retreat to accept the order.
    await expect(page.getByRole('heading', { name: 'Your gift card for Mara Cedar is reserved' })).toBeVisible();
    await expect(page.getByText(`we will e-mail it to ${recipientEmail} on ${longDate(today)}`)).toBeVisible();
    const pending = await cardFor(api, recipientEmail);
    expect(pending).toMatchObject({ kind: 'purchased', state: 'pending', lastFour: null, amount: `${dollars}.00` });

    await acceptOrder(api, order.id);
    const card = await cardFor(api, recipientEmail);
    expect(card).toMatchObject({ kind: 'purchased', state: 'active', amount: `${dollars}.00`, balance: `${dollars}.00`, expiresOn: null });

    // The recipient's mail: the code, the value, the buyer's words and the link to print it.
    const mail = await deliveredCard(api, recipientEmail);
    expect(mail.text).toContain(`$${dollars}.00`);
    expect(mail.text).toContain('Happy birthday, Mara!');
    expect(card.lastFour).toBe(mail.lastFour);

    // The print link: the card with its code in groups, never expiring, and a Print button that prints the card only.
    await page.goto(mail.printPath);
    await expect(page.getByTestId('gift-card-code')).toHaveText(mail.grouped);
    await expect(page.getByTestId('gift-card-print-balance')).toHaveText(`Balance $${dollars}.00`);
    await expect(page.getByText('Does not expire')).toBeVisible();
    await expect(page.getByText('Happy birthday, Mara!')).toBeVisible();
    await expect(page.getByText('Ada Pine')).toBeVisible();
    expect(await page.locator('meta[name="robots"][content*="noindex"]').count()).toBeGreaterThan(0);
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
    await settle(page);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `gift-card-print-${width}`);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('gift-card-code')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('contentinfo')).toBeHidden();
    await page.emulateMedia({ media: 'screen' });

    // A link whose code is not its card's shows no card.
    await page.goto(`/gift-cards/print?token=${encodeURIComponent('not-a-token')}#${mail.code}`);
    await expect(page.getByText('We could not find this gift card')).toBeVisible();

    // The balance, by the code as a guest may type it (small letters, no hyphens); an unknown code says so.
    await openGiftCards(page);
    const balance = page.getByRole('region', { name: 'Check a balance' });
    await balance.getByLabel('Gift card code').fill(mail.code.toLowerCase());
    await balance.getByRole('button', { name: 'Check balance' }).click();
    await expect(balance.getByTestId('gift-card-balance')).toContainText(`$${dollars}.00`);
    await expect(balance.getByTestId('gift-card-balance')).toContainText(`Card ••••${mail.lastFour}`);
    await expect(balance.getByTestId('gift-card-balance')).toContainText('Does not expire');
    if (width === 1440) {
      await balance.getByLabel('Gift card code').fill('AAAA-BBBB-CCCC-DDDD-EEEE');
      await balance.getByRole('button', { name: 'Check balance' }).click();
      await expect(balance.getByRole('alert').filter({ hasText: "We don't recognise this gift card code" })).toBeVisible();
      await expect(balance.getByTestId('gift-card-balance')).toHaveCount(0);
    }
  });
}

test('a card bought as a treatment holds its price and says so', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const options = (await (await page.request.get('/api/gift-cards/options')).json()) as {
    services: Array<{ id: string; name: string; price: string }>;
  };
  const massage = options.services.find((s) => s.name === 'Massage Therapy') ?? options.services[0]!;
  await openGiftCards(page);
  await page.getByRole('radio', { name: 'A treatment' }).click();
  await page.getByLabel('Treatment').click();
  await page.getByRole('option', { name: new RegExp(`^${massage.name} — `) }).click();
  const preview = page.getByRole('region', { name: 'Your card' });
  await expect(preview.getByTestId('gift-card-value')).toHaveText(formatMoney(toCents(massage.price)).replace(/\.00$/, ''));
  await expect(preview).toContainText(`One ${massage.name}`);
});

for (const [width, dollars] of [
  [1440, 100],
  [390, 25],
] as const) {
  test(`at ${width} px a $${dollars} card pays ${dollars === 100 ? 'a whole order' : 'part of an order'} at checkout`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const api = await AdminApi.create(page.request);
    const recipientEmail = `redeem-${unique()}@example.com`;
    await buyByApi(api, page.request, dollars, recipientEmail);
    const { code, lastFour } = await deliveredCard(api, recipientEmail);

    const products = await api.get<Product[]>('/api/products');
    const product = products.find((p) => toCents(p.price) >= 20_00 && toCents(p.price) <= 60_00) ?? products[0]!;
    const total = orderTotals([{ price: product.price, quantity: 1 }]).total;
    const paid = Math.min(total, dollars * 100);
    const due = total - paid;

    await checkoutWith(page, product);
    const summary = page.getByRole('region', { name: 'Order Summary' });
    await summary.getByLabel('Gift card').fill(code.toLowerCase());
    await summary.getByRole('button', { name: 'Redeem' }).click();
    await expect(summary.getByText(`Gift card ••••${lastFour} applied`)).toBeVisible();
    await expect(summary.getByTestId('summary-total')).toHaveText(formatMoney(total));
    await expect(summary.getByTestId('summary-gift-card')).toHaveText(`−${formatMoney(paid)}`);
    await expect(summary.getByTestId('summary-amount-due')).toHaveText(formatMoney(due));
    await summary.scrollIntoViewIfNeeded();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `checkout-gift-card-${width}`);

    const email = `redeemer-${unique()}@example.com`;
    if (due === 0) {
      // Nothing left to pay: no card is asked for.
      await expect(page.getByTestId('gift-card-covers')).toHaveText('Your gift card pays the whole order: no card is needed.');
      await expect(page.getByLabel('Card number')).toHaveCount(0);
      await fillShipping(page, email);
    } else {
      await fillShipping(page, email);
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiry').fill('12/30');
      await page.getByLabel('CVC').fill('123');
    }
    await page.getByRole('button', { name: 'PLACE ORDER' }).click();
    await expect(page.getByRole('heading', { name: 'Your order is confirmed' })).toBeVisible();
    await expect(page.getByText(`${formatMoney(paid)} paid with gift card ••••${lastFour}.`)).toBeVisible();

    // The order names the card and what it paid; the card's ledger took it off.
    const order = (await api.get<AdminOrder[]>('/api/orders')).find((o) => o.email === email);
    expect(order).toMatchObject({ giftCardLastFour: lastFour, giftCardAmount: formatCents(paid) });
    const card = await cardFor(api, recipientEmail);
    expect(card.balance).toBe(formatCents(dollars * 100 - paid));
    const ledger = await api.get<LedgerEntry[]>(`/api/admin/gift-cards/${card.id}/ledger`);
    expect(ledger.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['issued', `${dollars}.00`],
      ['redeemed', `-${formatCents(paid)}`],
    ]);

    // A card with nothing left is refused at the next checkout, in the server's words.
    if (dollars === 25) {
      await checkoutWith(page, product);
      await summary.getByLabel('Gift card').fill(code);
      await summary.getByRole('button', { name: 'Redeem' }).click();
      await expect(summary.getByRole('alert').filter({ hasText: 'This gift card has no balance left' })).toBeVisible();
      await expect(summary.getByTestId('summary-gift-card')).toHaveCount(0);
    }
  });
}

test('the owner redeems part of a card at the retreat, resends its mail and voids it with a reason', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const api = await AdminApi.create(page.request);
  const recipientEmail = `owner-${unique()}@example.com`;
  await buyByApi(api, page.request, 50, recipientEmail);
  const { lastFour } = await deliveredCard(api, recipientEmail);

  await openDashboard(page, page.request);
  const panel = await openTab(page, 'Gift cards');
  const row = panel.getByTestId('gift-card-row').filter({ hasText: recipientEmail });
  await expect(row).toContainText(`••••${lastFour}`);
  await expect(row).toContainText('$50.00');
  await expect(row.getByTestId('gift-card-state')).toHaveText('Active');
  await settle(page);
  await expectNoSeriousAxeViolations(page);
  await screenshot(page, 'admin-gift-cards-1440');

  await row.getByRole('button', { name: `View gift card ••••${lastFour}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Gift Card Details' });
  await expect(dialog).toBeVisible();
  const history = dialog.getByRole('table', { name: 'History' });
  await expect(history.getByTestId('gift-card-entry')).toHaveCount(1);
  await expect(history).toContainText('Issued');
  // Cash out is for a balance under $10.00 only.
  await expect(dialog.getByRole('button', { name: 'Cash out' })).toBeDisabled();
  await settle(page);
  await expectNoSeriousAxeViolations(page, '[role="dialog"]');

  // A treatment paid at the retreat comes off the card.
  const redeem = dialog.getByRole('form', { name: 'Redeem at the retreat' });
  await redeem.getByLabel('Amount ($)').fill('20');
  await redeem.getByLabel('Note').fill('Hot stone massage');
  await redeem.getByRole('button', { name: 'Take $20.00 off' }).click();
  await expectSuccess(page, `Taken off gift card ••••${lastFour}`);
  await expect(dialog.getByTestId('gift-card-details-balance')).toHaveText('$30.00');
  await expect(history.getByTestId('gift-card-entry')).toHaveCount(2);
  await expect(history.getByTestId('gift-card-entry').filter({ hasText: 'Redeemed' })).toContainText('−$20.00');
  await expect(history).toContainText('Hot stone massage');

  await dialog.getByRole('button', { name: 'Resend mail' }).click();
  await expectSuccess(page, `The gift card was sent to ${recipientEmail} again`);

  // Voiding asks for a reason, then for confirmation.
  const voiding = dialog.getByRole('form', { name: 'Void the card' });
  await voiding.getByRole('button', { name: 'Void card' }).click();
  await expect(voiding.getByText('A reason is required')).toBeVisible();
  await voiding.getByLabel('Reason for voiding').fill('Bought by mistake; refunded by phone');
  const confirmed = answerNextConfirm(
    page,
    true,
    `Void gift card ••••${lastFour}? Its balance of $30.00 can no longer be used. This cannot be undone.`,
  );
  await voiding.getByRole('button', { name: 'Void card' }).click();
  await confirmed;
  await expectSuccess(page, `Gift card ••••${lastFour} voided`);
  await expect(dialog.getByTestId('gift-card-details-state')).toHaveText('Voided');
  await expect(dialog.getByTestId('gift-card-void-reason')).toHaveText('Voided: Bought by mistake; refunded by phone');
  await expect(dialog.getByRole('button', { name: 'Resend mail' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('gift-card-state')).toHaveText('Voided');

  const voided = await cardFor(api, recipientEmail);
  expect(voided).toMatchObject({ state: 'voided', voidReason: 'Bought by mistake; refunded by phone' });
  const balance = await page.request.post('/api/gift-cards/balance', { data: { code: (await deliveredCard(api, recipientEmail)).code } });
  expect(((await balance.json()) as { state: string }).state).toBe('voided');
});

test('the owner gives a promotional card that expires, and exports the cards', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const api = await AdminApi.create(page.request);
  const recipientEmail = `promo-card-${unique()}@example.com`;
  const expiresOn = dayFromToday(90);

  await openDashboard(page, page.request);
  const panel = await openTab(page, 'Gift cards');
  await panel.getByRole('button', { name: 'Give a promotional card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Give a Promotional Card' });
  await expect(dialog.getByLabel('Delivery date')).toHaveValue(dayFromToday(0));
  await dialog.getByLabel('Amount ($)').fill('40');
  await dialog.getByLabel("Recipient's name").fill('Juniper Vale');
  await dialog.getByLabel("Recipient's email").fill(recipientEmail);
  await dialog.getByLabel('Message').fill('Thank you for ten seasons with us.');
  await dialog.getByLabel('Expires on').fill(expiresOn);
  await settle(page);
  await expectNoSeriousAxeViolations(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Give Card' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    toasts(page)
      .getByText(/created for Juniper Vale$/)
      .first(),
  ).toBeVisible();

  const card = await cardFor(api, recipientEmail);
  expect(card).toMatchObject({ kind: 'promotional', state: 'active', amount: '40.00', expiresOn });
  const row = panel.getByTestId('gift-card-row').filter({ hasText: recipientEmail });
  await expect(row).toContainText('Promotional');
  await expect(row).toContainText('$40.00');

  // Its printed card says until when it can be used.
  const mail = await deliveredCard(api, recipientEmail);
  await page.goto(mail.printPath);
  await expect(page.getByText(`Valid until ${longDate(expiresOn)}`)).toBeVisible();

  // The export lists every card by its last four, never its code.
  await openDashboard(page, page.request);
  const cards = await openTab(page, 'Gift cards');
  const download = page.waitForEvent('download');
  await cards.getByRole('button', { name: 'Export CSV' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toMatch(/^golden-pine-gift-cards-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await saved.path(), 'utf8');
  expect(csv.startsWith('\uFEFFid,created_at,last_four,kind,state,amount'), csv.slice(0, 80)).toBe(true);
  expect(csv).toContain(recipientEmail);
  expect(csv).not.toContain(mail.code);
});

test('at 390 px the Gift cards tab scrolls its table inside the panel and opens a card', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const api = await AdminApi.create(page.request);
  const recipientEmail = `phone-${unique()}@example.com`;
  await buyByApi(api, page.request, 60, recipientEmail);
  const { lastFour } = await deliveredCard(api, recipientEmail);

  await openDashboard(page, page.request);
  const panel = await openTab(page, 'Gift cards');
  const row = panel.getByTestId('gift-card-row').filter({ hasText: recipientEmail });
  await expect(row).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'the page does not scroll sideways').toBeLessThanOrEqual(0);
  await settle(page);
  await expectNoSeriousAxeViolations(page);
  await screenshot(page, 'admin-gift-cards-390');

  await row.getByRole('button', { name: `View gift card ••••${lastFour}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Gift Card Details' });
  await expect(dialog.getByTestId('gift-card-details-balance')).toHaveText('$60.00');
  await expect(dialog.getByRole('table', { name: 'History' })).toContainText('Issued');
  await settle(page);
  await expectNoSeriousAxeViolations(page, '[role="dialog"]');
  await screenshot(page, 'admin-gift-card-details-390', false);
});
