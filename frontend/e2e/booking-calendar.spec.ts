import { expect, test, type Locator, type Page } from '@playwright/test';
import { AdminApi, choose, dayFromToday, expectNoSeriousAxeViolations, expectToast, SCREENSHOT_DIR, settle, unique } from './admin-helpers';

/*
 * A treatment's day on the booking dialog's month calendar (issue 26): the
 * massage calendar marks a day closed by a blackout and a day made full, a
 * day picked there fills the Date field and the time select offers only the
 * open times, a date typed into the field moves the calendar, and the open
 * day books. Days are random, within 300 days, in a month no other day of
 * the test shares; what the test creates it removes, and the standing
 * schedule is never touched, so other specs sharing the server never meet it.
 */

type Service = { id: string; bookingKey: string | null };
type Entry = { id: string };
type Blackout = { id: string };
type Booking = { id: string; email: string; service: string; date: string; time: string; status: string };

const UNAVAILABLE = 'This date is not available for booking. Please select another date.';

const at = (day: string) => new Date(`${day}T00:00:00Z`);
/** "Friday, December 4, 2026": how the calendar names a day. */
const fullDay = (day: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(at(day));
const monthTitle = (day: string) => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(at(day));
const dayOf = (month: string, day: number) => `${month}-${String(day).padStart(2, '0')}`;

function monthAfter(month: string): string {
  const date = at(`${month}-01`);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.toISOString().slice(0, 7);
}

/** `count` different days of the month, 1 to 28, in random order. */
function distinctDays(count: number): number[] {
  const days = Array.from({ length: 28 }, (_, i) => i + 1);
  for (let i = days.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [days[i], days[j]] = [days[j]!, days[i]!];
  }
  return days.slice(0, count);
}

const dayButton = (scope: Locator, day: string) => scope.getByRole('button', { name: new RegExp(`^${fullDay(day)}`) });

/** Pages the calendar forward from this month to the month of `day`, waiting for each month's title. */
async function showMonth(scope: Locator, day: string) {
  const title = scope.getByTestId('calendar-month');
  let month = dayFromToday(0).slice(0, 7);
  await expect(title).toHaveText(monthTitle(`${month}-01`));
  while (month < day.slice(0, 7)) {
    month = monthAfter(month);
    await scope.getByRole('button', { name: 'Next month' }).click();
    await expect(title).toHaveText(monthTitle(`${month}-01`));
  }
}

/** The dialog scrolled (it is its own scroller) so `target` sits at its top. */
async function scrollDialogTo(target: Locator) {
  await target.evaluate((el) => {
    const scroller = el.closest('[role="dialog"]');
    if (scroller) scroller.scrollTop += el.getBoundingClientRect().top - scroller.getBoundingClientRect().top - 24;
  });
}

async function openMassageBooking(page: Page): Promise<Locator> {
  await page.goto('/services');
  await page.getByRole('button', { name: /book now: Massage Therapy/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Book Your Experience' });
  await expect(dialog.getByRole('combobox', { name: 'Service' })).toContainText('Massage Therapy');
  return dialog;
}

for (const width of [1440, 390]) {
  test(`the massage calendar marks closed and full days, fills the Date field and books an open time (${width} px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const api = await AdminApi.create(request);
    const massage = (await api.get<Service[]>('/api/services')).find((s) => s.bookingKey === 'massage')!;
    // A month 40 to 270 days ahead (every day of it is in the future), and a day of the month after.
    const month = dayFromToday(40 + Math.floor(Math.random() * 230)).slice(0, 7);
    const [closedDay, fullDayOfMonth, openDay] = distinctDays(3).map((d) => dayOf(month, d)) as [string, string, string];
    const typedDay = dayOf(monthAfter(month), distinctDays(1)[0]!);
    const tag = unique();
    const email = `calendar.${tag}@example.test`;

    const entries: Entry[] = [];
    const bookings: string[] = [];
    let blackout: Blackout | undefined;
    const book = async (date: string, time: string) => {
      const booked = await api.post<Booking>('/api/bookings', {
        firstName: 'Sage',
        lastName: `Calendar${tag}`,
        email: `calendar.setup.${tag}@example.test`,
        service: 'massage',
        date,
        time,
        notes: null,
      });
      bookings.push(booked.id);
    };
    const entry = async (date: string, timeSlot: string | null) =>
      entries.push(
        await api.post<Entry>(
          '/api/admin/availability',
          { date, serviceId: massage.id, accommodationType: 'none', timeSlot, isBlocked: false, maxCapacity: 1 },
          200,
        ),
      );

    try {
      // Closed: a blackout of the treatments. Full: a day-wide figure of one, taken. And one time of the open day taken.
      blackout = await api.post<Blackout>('/api/admin/blackout-dates', {
        startDate: closedDay,
        endDate: closedDay,
        type: 'services',
        reason: `Calendar test ${tag}`,
      });
      await entry(fullDayOfMonth, null);
      await book(fullDayOfMonth, '9:00');
      await entry(openDay, '13:00');
      await book(openDay, '13:00');

      const dialog = await openMassageBooking(page);
      const picker = dialog.getByTestId('day-picker');
      const date = dialog.getByLabel('Date', { exact: true });
      await expect(dialog.getByRole('group', { name: 'Open days' })).toBeVisible();
      await showMonth(picker, month);

      // The closed and the full day are marked apart, and say why; neither can be chosen.
      await expect(dayButton(picker, closedDay)).toHaveAccessibleName(`${fullDay(closedDay)}, closed`);
      await expect(dayButton(picker, closedDay)).toHaveAttribute('aria-disabled', 'true');
      await expect(dayButton(picker, closedDay)).toContainText('closed');
      await expect(dayButton(picker, fullDayOfMonth)).toHaveAccessibleName(`${fullDay(fullDayOfMonth)}, fully booked`);
      await expect(dayButton(picker, fullDayOfMonth)).toHaveAttribute('aria-disabled', 'true');
      await expect(dayButton(picker, fullDayOfMonth)).toContainText('full');
      await expect(dayButton(picker, openDay)).toHaveAccessibleName(fullDay(openDay));
      // A guest may still click one (it is only marked unavailable): nothing is chosen.
      await dayButton(picker, fullDayOfMonth).click({ force: true });
      await expect(dayButton(picker, fullDayOfMonth)).toHaveAttribute('aria-pressed', 'false');
      await expect(date).toHaveValue('');

      // An open day picked on the calendar fills the Date field; the time select offers only its open times.
      await dayButton(picker, openDay).click();
      await expect(date).toHaveValue(openDay);
      await expect(dayButton(picker, openDay)).toHaveAttribute('aria-pressed', 'true');
      await expect(picker.getByTestId('day-summary')).toContainText('now choose your time');
      const time = dialog.getByRole('combobox', { name: 'Time' });
      await time.click();
      await expect(page.getByRole('option', { name: '1:00 PM — fully booked' })).toBeDisabled();
      for (const open of ['9:00 AM', '11:00 AM', '3:00 PM', '5:00 PM']) {
        await expect(page.getByRole('option', { name: open, exact: true })).toBeEnabled();
      }
      await page.keyboard.press('Escape');
      await expect(page.getByRole('listbox')).toBeHidden();

      await settle(page);
      await expectNoSeriousAxeViolations(page, '[role="dialog"]');
      await scrollDialogTo(dialog.getByLabel('Service', { exact: true }));
      await page.mouse.move(0, 0);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/booking-calendar-${width}.png` });

      // A date typed into the field moves the calendar to its month and chooses it there.
      await date.fill(typedDay);
      await expect(picker.getByTestId('calendar-month')).toHaveText(monthTitle(typedDay));
      await expect(dayButton(picker, typedDay)).toHaveAttribute('aria-pressed', 'true');
      // A full day typed in is shown chosen, and refused as before.
      await date.fill(fullDayOfMonth);
      await expect(picker.getByTestId('calendar-month')).toHaveText(monthTitle(fullDayOfMonth));
      await expect(dayButton(picker, fullDayOfMonth)).toHaveAttribute('aria-pressed', 'true');
      await expect(dialog.getByText(UNAVAILABLE, { exact: true })).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Request Booking' })).toBeDisabled();
      await expect(picker.getByTestId('day-summary')).toContainText('fully booked');

      // Back to the open day on the calendar, and booked.
      await dayButton(picker, openDay).click();
      await expect(date).toHaveValue(openDay);
      await expect(dialog.getByText(UNAVAILABLE, { exact: true })).toBeHidden();
      await dialog.getByLabel('First name').fill('Sage');
      await dialog.getByLabel('Last name').fill('Pinecrest');
      await dialog.getByLabel('Email').fill(email);
      await choose(dialog, 'Time', /^11:00 AM$/);
      await expect(time).toContainText('11:00 AM');
      await settle(page);
      await expectNoSeriousAxeViolations(page, '[role="dialog"]');
      await dialog.getByRole('button', { name: 'Request Booking' }).click();
      await expectToast(page, 'Booking Request Submitted', "Thank you! We'll contact you soon to confirm your appointment.");
      await expect(dialog).toBeHidden();

      const booked = (await api.get<Booking[]>('/api/bookings')).find((b) => b.email === email);
      expect(booked).toMatchObject({ service: 'massage', date: openDay, time: '11:00', status: 'pending' });
      bookings.push(booked!.id);
    } finally {
      for (const id of bookings) expect(await api.delete(`/api/admin/bookings/${id}`)).toBe(204);
      for (const { id } of entries) expect(await api.delete(`/api/admin/availability/${id}`)).toBe(204);
      if (blackout) expect(await api.delete(`/api/admin/blackout-dates/${blackout.id}`)).toBe(204);
    }
  });
}
