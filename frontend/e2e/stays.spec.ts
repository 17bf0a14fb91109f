import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  addDays,
  AdminApi,
  dayFromToday,
  expectNoSeriousAxeViolations,
  expectToast,
  openDashboard,
  openTab,
  screenshot,
  SCREENSHOT_DIR,
  settle,
  showMonth,
  unique,
} from './admin-helpers';

/*
 * The Tiny Home booked over several nights on the dialog's calendar. Dates are
 * 45+ days ahead, random and free when the test begins, guests unique, and
 * what a test creates it removes, so other specs sharing the database never
 * meet it.
 */

type Service = { name: string; price: string; bookingKey: string | null };
type Booking = {
  id: string;
  email: string;
  service: string;
  date: string;
  checkOut: string | null;
  nights: number | null;
  time: string;
  status: string;
};
type Email = { id: string; template: string; to: string };

const UTC = { timeZone: 'UTC' } as const;
const at = (day: string) => new Date(`${day}T00:00:00Z`);

/** "Friday, December 4, 2026": how the calendar names a day. */
const fullDay = (day: string) =>
  new Intl.DateTimeFormat('en-US', { ...UTC, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(at(day));
/** "Fri, Dec 4": how the stay summary writes it. */
const shortDay = (day: string) =>
  new Intl.DateTimeFormat('en-US', { ...UTC, weekday: 'short', month: 'short', day: 'numeric' }).format(at(day));
/** "Dec 4": the back office's stay dates. */
const monthDay = (day: string) => new Intl.DateTimeFormat('en-US', { ...UTC, month: 'short', day: 'numeric' }).format(at(day));
const monthTitle = (day: string) => new Intl.DateTimeFormat('en-US', { ...UTC, month: 'long', year: 'numeric' }).format(at(day));

/** "$180" for whole dollars, "$179.50" otherwise (the dialog's headline prices). */
function price(cents: number): string {
  return cents % 100 === 0 ? `$${cents / 100}` : `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * A random day from `from` to `from + span` days ahead whose next `room`
 * days stay in its month and whose nights are all free now: another spec's
 * stay or block left on them would make a day the test clicks disabled.
 */
async function freeDayWithRoom(request: APIRequestContext, from: number, span: number, room: number): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const day = dayFromToday(from + Math.floor(Math.random() * span));
    if (Number(day.slice(8)) > 28 - room) continue;
    const nights = await Promise.all(
      Array.from({ length: room }, async (_, i) => {
        const answer = await request.get(`/api/check-availability?date=${addDays(day, i)}&serviceId=accommodation`);
        expect(answer.status()).toBe(200);
        return ((await answer.json()) as { available: boolean }).available;
      }),
    );
    if (nights.every(Boolean)) return day;
  }
  throw new Error(`no ${room} free Tiny Home nights found ${from} to ${from + span} days ahead`);
}

/** Scrolls the dialog (its own scroller) so `target` sits at its top, or to its end. */
async function scrollDialog(dialog: Locator, target?: Locator) {
  if (!target) {
    await dialog.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    return;
  }
  await target.evaluate((el) => {
    const scroller = el.closest('[role="dialog"]');
    if (scroller) scroller.scrollTop += el.getBoundingClientRect().top - scroller.getBoundingClientRect().top - 24;
  });
}

const dayButton = (scope: Locator, day: string) => scope.getByRole('button', { name: new RegExp(`^${fullDay(day)}`) });

async function openTinyHomeBooking(page: Page): Promise<Locator> {
  await page.goto('/');
  await page.getByRole('button', { name: 'check availability' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book Your Experience' });
  await expect(dialog.getByRole('combobox', { name: 'Service' })).toContainText('Tiny Home Retreat');
  await expect(dialog.getByRole('group', { name: 'Your stay' })).toBeVisible();
  return dialog;
}

async function nightlyPrice(page: Page): Promise<number> {
  const services = (await (await page.request.get('/api/services')).json()) as Service[];
  const stay = services.find((s) => s.bookingKey === 'accommodation');
  expect(stay, 'the Tiny Home service record').toBeTruthy();
  const [whole = '0', fraction = ''] = stay!.price.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

test('a two-night stay chosen on the calendar: nights, total, the booking, the back office and the guest page', async ({
  page,
  request,
}) => {
  const api = await AdminApi.create(request);
  const nightly = await nightlyPrice(page);
  const checkIn = await freeDayWithRoom(request, 45, 200, 3);
  const checkOut = addDays(checkIn, 2);
  const email = `stay.${unique()}@example.test`;
  let bookingId: string | undefined;

  try {
    const dialog = await openTinyHomeBooking(page);
    // A stay has no time select: check-in and check-out times are fixed.
    await expect(dialog.getByRole('combobox', { name: 'Time' })).toHaveCount(0);
    await expect(dialog.getByLabel('Date', { exact: true })).toHaveCount(0);
    const total = dialog.getByTestId('stay-total');
    await expect(total).toHaveText('Choose your check-in day on the calendar.');

    await dialog.getByLabel('First name').fill('Juniper');
    await dialog.getByLabel('Last name').fill('Hollow');
    await dialog.getByLabel('Email').fill(email);

    const picker = dialog.getByTestId('stay-picker');
    await showMonth(picker, checkIn);
    await dayButton(picker, addDays(checkIn, 1)).click();
    await expect(dialog.getByText(`Check-in ${shortDay(addDays(checkIn, 1))} · 15:00`)).toBeVisible();
    await expect(total).toHaveText('Now choose your check-out day (up to 14 nights).');
    // A day before check-in starts over there.
    await dayButton(picker, checkIn).click();
    await expect(dialog.getByText(`Check-in ${shortDay(checkIn)} · 15:00`)).toBeVisible();
    await expect(total).toHaveText('Now choose your check-out day (up to 14 nights).');

    await dayButton(picker, checkOut).click();
    await expect(dialog.getByText(`Check-out ${shortDay(checkOut)} · 11:00`)).toBeVisible();
    await expect(total).toHaveText(`2 nights × ${price(nightly)} = ${price(nightly * 2)}`);
    await expect(dayButton(picker, checkIn)).toHaveAttribute('aria-pressed', 'true');
    await expect(dayButton(picker, checkOut)).toHaveAttribute('aria-pressed', 'true');
    await expect(dayButton(picker, addDays(checkIn, 1))).toHaveAccessibleName(/in your stay$/);

    await settle(page);
    await expectNoSeriousAxeViolations(page, '[role="dialog"]');
    await scrollDialog(dialog, picker);
    await screenshot(page, 'stay-dialog-1440', false);
    await page.setViewportSize({ width: 390, height: 844 });
    await scrollDialog(dialog, picker);
    await screenshot(page, 'stay-dialog-390', false);
    await scrollDialog(dialog);
    await screenshot(page, 'stay-dialog-390-end', false);

    await dialog.getByLabel('Notes').fill('Arriving after a long drive.');
    await dialog.getByRole('button', { name: 'Request Booking' }).click();
    await expectToast(page, 'Booking Request Submitted', "Thank you! We'll contact you soon to confirm your appointment.");
    await expect(dialog).toBeHidden();

    const booking = (await api.get<Booking[]>('/api/bookings')).find((b) => b.email === email);
    expect(booking).toMatchObject({ service: 'accommodation', date: checkIn, checkOut, nights: 2, time: '15:00', status: 'pending' });
    bookingId = booking!.id;

    // The guest's own page (from the link in their mail) names check-in and check-out.
    let mailId: string | undefined;
    await expect
      .poll(async () => {
        mailId = (await api.get<Email[]>('/api/admin/emails')).find((m) => m.to === email && m.template === 'booking_requested')?.id;
        return mailId;
      })
      .toBeTruthy();
    const text = (await api.get<{ text: string }>(`/api/admin/emails/${mailId}`)).text;
    const link = /\/bookings\/manage\/[A-Za-z0-9._~-]+/.exec(text)?.[0];
    expect(link, text).toBeTruthy();
    await page.goto(link!);
    const card = page.getByTestId('guest-booking');
    await expect(card.getByText('Check-in', { exact: true })).toBeVisible();
    await expect(card).toContainText(fullDay(checkIn));
    await expect(card.getByText('Check-out', { exact: true })).toBeVisible();
    await expect(card).toContainText(fullDay(checkOut));
    await expect(card.getByTestId('stay-nights')).toHaveText('· 2 nights');
    await settle(page);
    // Just below the sticky header.
    await card.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 96));
    await page.mouse.move(0, 0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/stay-guest-390.png` });

    // The back office: the stay's dates in the bookings table, and the stay on each of its nights.
    await page.setViewportSize({ width: 1440, height: 900 });
    await openDashboard(page, request);
    const bookingsPanel = await openTab(page, 'Bookings');
    const row = bookingsPanel.getByTestId('booking-row').filter({ hasText: email });
    await expect(row.getByTestId('stay-dates')).toHaveText(`${monthDay(checkIn)} → ${monthDay(checkOut)} · 2 nights`);

    const calendarPanel = await openTab(page, 'Calendar');
    await showMonth(calendarPanel, checkIn);
    const cell = (day: string) => calendarPanel.locator(`[data-day="${day}"]`);
    await expect(cell(checkIn).locator('[data-stay]')).toBeVisible();
    await expect(cell(addDays(checkIn, 1)).locator('[data-stay]')).toBeVisible();
    await expect(cell(checkOut).locator('[data-stay]')).toHaveCount(0);
    await cell(addDays(checkIn, 1)).click();
    const night = calendarPanel.getByTestId('day-panel').getByTestId('stay-night').filter({ hasText: 'Juniper Hollow' });
    await expect(night).toContainText('Night 2 of 2');
    await expect(night).toContainText(`${monthDay(checkIn)} → ${monthDay(checkOut)} · 2 nights`);
    await settle(page);
    await screenshot(page, 'stay-admin-calendar-1440');
  } finally {
    if (bookingId) await api.delete(`/api/admin/bookings/${bookingId}`);
  }
});

test('an unavailable night is shown disabled and a stay cannot cross it', async ({ page, request }) => {
  const api = await AdminApi.create(request);
  const checkIn = await freeDayWithRoom(request, 250, 300, 4);
  const closed = addDays(checkIn, 2);
  const blackout = await api.post<{ id: string }>('/api/admin/blackout-dates', {
    startDate: closed,
    endDate: closed,
    type: 'tiny_home',
    reason: `E2E stays ${unique()}`,
  });

  try {
    const dialog = await openTinyHomeBooking(page);
    const picker = dialog.getByTestId('stay-picker');
    const total = dialog.getByTestId('stay-total');
    await showMonth(picker, checkIn);

    // The closed night cannot be a check-in.
    await expect(dayButton(picker, closed)).toHaveAttribute('aria-disabled', 'true');
    await expect(dayButton(picker, closed)).toHaveAccessibleName(`${fullDay(closed)}, unavailable`);
    await expect(dayButton(picker, addDays(closed, 1))).not.toHaveAttribute('aria-disabled', 'true');

    await dayButton(picker, checkIn).click();
    await expect(total).toHaveText('Now choose your check-out day (up to 14 nights).');
    // Its day is still a check-out (the guest leaves at 11:00); nothing after it can be.
    await expect(dayButton(picker, closed)).not.toHaveAttribute('aria-disabled', 'true');
    await expect(dayButton(picker, closed)).toHaveAccessibleName(`${fullDay(closed)}, night unavailable, check-out only`);
    for (const beyond of [addDays(closed, 1), addDays(closed, 2)]) {
      await expect(dayButton(picker, beyond)).toHaveAttribute('aria-disabled', 'true');
    }
    await settle(page);
    await scrollDialog(dialog, picker);
    await screenshot(page, 'stay-unavailable-1440', false);

    // Choosing past the closed night with the keyboard does nothing.
    const beyond = dayButton(picker, addDays(closed, 1));
    await beyond.focus();
    await page.keyboard.press('Enter');
    await expect(beyond).toBeFocused();
    await expect(total).toHaveText('Now choose your check-out day (up to 14 nights).');
    await expect(dialog.getByText('Check-out Choose a day')).toBeVisible();
    // The arrows move back over it to the closed night's day, a valid check-out.
    await page.keyboard.press('ArrowLeft');
    await expect(dayButton(picker, closed)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog.getByText(`Check-out ${shortDay(closed)} · 11:00`)).toBeVisible();
    await expect(total).toContainText('2 nights × ');
  } finally {
    expect(await api.delete(`/api/admin/blackout-dates/${blackout.id}`)).toBeLessThan(300);
  }
});

test("an open night from the quiz opens the stay with that check-in and the next day's check-out", async ({ page }) => {
  const nightly = await nightlyPrice(page);
  const open = (await (await page.request.get('/api/open-times?service=accommodation')).json()) as { date: string }[];
  test.skip(open.length === 0, 'no open night in the next two weeks');
  await page.goto('/wellness-quiz');
  for (const label of ['Release stress and tension', 'Carrying a lot', 'An overnight escape', 'Quiet relaxation', 'Botanical skincare']) {
    await page.getByText(label, { exact: true }).click();
    await page.getByRole('button', { name: /^(NEXT|GET RESULTS)$/ }).click();
  }
  const times = page.getByTestId('quiz-open-times');
  await expect(times.getByText('Next available nights')).toBeVisible();
  await times.getByRole('button').first().click();

  const dialog = page.getByRole('dialog', { name: 'Book Your Experience' });
  await expect(dialog.getByRole('combobox', { name: 'Service' })).toContainText('Tiny Home Retreat');
  const checkIn = open[0]!.date;
  await expect(dialog.getByText(`Check-in ${shortDay(checkIn)} · 15:00`)).toBeVisible();
  await expect(dialog.getByText(`Check-out ${shortDay(addDays(checkIn, 1))} · 11:00`)).toBeVisible();
  await expect(dialog.getByTestId('stay-total')).toHaveText(`1 night × ${price(nightly)} = ${price(nightly)}`);
  await expect(dialog.getByTestId('calendar-month')).toHaveText(monthTitle(checkIn));
});

test("a night closed while the guest was choosing: the server's words, and the calendar catches up", async ({ page, request }) => {
  const api = await AdminApi.create(request);
  const checkIn = await freeDayWithRoom(request, 250, 300, 4);
  const closed = addDays(checkIn, 1);
  const email = `stay.${unique()}@example.test`;
  let blackoutId: string | undefined;

  try {
    const dialog = await openTinyHomeBooking(page);
    await dialog.getByLabel('First name').fill('Rowan');
    await dialog.getByLabel('Last name').fill('Ash');
    await dialog.getByLabel('Email').fill(email);
    const picker = dialog.getByTestId('stay-picker');
    await showMonth(picker, checkIn);
    await dayButton(picker, checkIn).click();
    await dayButton(picker, addDays(checkIn, 3)).click();
    await expect(dialog.getByTestId('stay-total')).toContainText('3 nights × ');

    // Meanwhile the second night closes.
    blackoutId = (
      await api.post<{ id: string }>('/api/admin/blackout-dates', {
        startDate: closed,
        endDate: closed,
        type: 'tiny_home',
        reason: `E2E stays ${unique()}`,
      })
    ).id;
    await dialog.getByRole('button', { name: 'Request Booking' }).click();
    const night = new Intl.DateTimeFormat('en-US', { ...UTC, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(
      at(closed),
    );
    await expectToast(page, 'Booking Failed', `The night of ${night} is not available. Please choose other dates.`);
    await expect(dialog).toBeVisible();
    // The calendar asks again: that night can no longer begin a stay.
    await dayButton(picker, addDays(checkIn, 5)).click();
    await expect(dayButton(picker, closed)).toHaveAttribute('aria-disabled', 'true');
    expect((await api.get<Booking[]>('/api/bookings')).some((b) => b.email === email)).toBe(false);
  } finally {
    if (blackoutId) expect(await api.delete(`/api/admin/blackout-dates/${blackoutId}`)).toBeLessThan(300);
  }
});
