import { expect, test } from '@playwright/test';
import {
  AdminApi,
  SCREENSHOT_DIR,
  choose,
  dayFromToday,
  expectNoSeriousAxeViolations,
  expectToast,
  manageLink,
  openDashboard,
  openTab,
  settle,
  unique,
} from './admin-helpers';
import { cards, paymentMethod, typeCard, useStripeStandIn } from './payments-helpers';

/*
 * Deposits (docs/decisions.md §14): the booking dialog asks for one when the
 * service does (demo data: $25 for a massage), saves the card with the
 * provider, the owner's confirmation charges it, the guest's page shows it
 * with the cancellation policy, and a bank that wants the guest to confirm
 * is answered there.
 */

type Booking = { id: string; email: string; deposit: { state: string; amount: string; refunded: string } | null };
type Config = { cancellationPolicy: string };

async function bookingOf(api: AdminApi, email: string): Promise<Booking> {
  const booking = (await api.get<Booking[]>('/api/bookings')).find((candidate) => candidate.email === email);
  expect(booking, email).toBeTruthy();
  return booking!;
}

/** A day far enough ahead that a guest's cancellation is free, and unlikely to be full. */
function farDay(): string {
  return dayFromToday(60 + Math.floor(Math.random() * 300));
}

for (const width of [390, 1440]) {
  test(`at ${width} px: a massage asks for its deposit; confirming charges it; the guest sees it and cancels it back`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
    const policy = ((await (await request.get('/api/payments/config')).json()) as Config).cancellationPolicy;
    await useStripeStandIn(page);
    await page.goto('/services');
    await page.getByRole('button', { name: /book now: Massage Therapy/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Book Your Experience' });
    const email = `deposit.${unique()}@example.test`;
    await dialog.getByLabel('First name').fill('Mara');
    await dialog.getByLabel('Last name').fill('Cedar');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Date').fill(farDay());
    await choose(dialog, 'Time', /^11:00 AM/);
    await expect(dialog.getByTestId('booking-deposit-amount')).toHaveText('$25.00');
    await expect(dialog.getByTestId('booking-cancellation-policy')).toHaveText(policy);

    // Without a card the provider's own word stops it, beside the card.
    await dialog.getByRole('button', { name: 'Request Booking' }).click();
    await expect(dialog.getByTestId('booking-card-problem')).toContainText('incomplete');

    await typeCard(page, cards.visa);
    await settle(page);
    await expectNoSeriousAxeViolations(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/payments-booking-deposit-${width}.png` });
    await dialog.getByRole('button', { name: 'Request Booking' }).click();
    await expectToast(page, 'Booking Request Submitted', "Thank you! We'll contact you soon to confirm your appointment.");

    const api = await AdminApi.create(request);
    const booked = await bookingOf(api, email);
    expect(booked.deposit).toMatchObject({ state: 'card_saved', amount: '25.00', refunded: '0.00' });

    // The owner confirms: the deposit is charged.
    await openDashboard(page, request);
    const panel = await openTab(page, 'Bookings');
    const row = panel.locator(`[data-booking-id="${booked.id}"]`);
    await expect(row.getByTestId('deposit-button')).toContainText('Card saved');
    await choose(row, /^Status of the booking of Mara Cedar/, 'Confirmed');
    await expect(row.getByTestId('deposit-button')).toContainText('Deposit paid');

    // The guest's page: the deposit, the policy, and a free cancellation that refunds it.
    await page.goto(await manageLink(api, email));
    const deposit = page.getByTestId('guest-deposit');
    await expect(deposit.getByTestId('guest-deposit-state')).toHaveText('Deposit paid');
    await expect(deposit).toContainText(policy);
    await expect(deposit).toContainText('Free cancellation until');
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    await page.getByRole('dialog', { name: 'Cancel this booking?' }).getByRole('button', { name: 'Yes, cancel booking' }).click();
    await expect(deposit.getByTestId('guest-deposit-state')).toHaveText('Deposit refunded');
    expect((await bookingOf(api, email)).deposit).toMatchObject({ state: 'refunded', refunded: '25.00' });
  });
}

test('a bank that wants the guest to confirm the deposit: they do it on their booking page', async ({ page, request }) => {
  const email = `secure.deposit.${unique()}@example.test`;
  const created = await request.post('/api/bookings', {
    data: {
      firstName: 'Ines',
      lastName: 'Laurel',
      email,
      service: 'massage',
      date: farDay(),
      time: '15:00',
      notes: null,
      paymentMethodId: await paymentMethod(request, cards.threeDSecure),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const api = await AdminApi.create(request);
  const booking = await bookingOf(api, email);
  const confirmed = await api.put<Booking>(`/api/admin/bookings/${booking.id}`, { status: 'confirmed' });
  expect(confirmed.deposit?.state).toBe('requires_authentication');

  await useStripeStandIn(page);
  await page.goto(await manageLink(api, email));
  const deposit = page.getByTestId('guest-deposit');
  await expect(deposit.getByTestId('guest-deposit-state')).toHaveText('Your bank asks you to confirm the deposit');
  await deposit.getByRole('button', { name: 'Confirm your deposit' }).click();
  await page.getByRole('dialog', { name: '3D Secure authentication' }).getByRole('button', { name: 'Complete authentication' }).click();
  await expectToast(page, 'Deposit confirmed', 'Thank you. Your booking is all set.');
  await expect(deposit.getByTestId('guest-deposit-state')).toHaveText('Deposit paid');
  expect((await bookingOf(api, email)).deposit?.state).toBe('paid');
});
