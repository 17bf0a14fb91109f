import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  addDays,
  AdminApi,
  dayFromToday,
  expectNoSeriousAxeViolations,
  expectSuccess,
  openDashboard,
  openTab,
  SCREENSHOT_DIR,
  settle,
  unique,
} from './admin-helpers';

/*
 * The standing schedule (issue 26): the owner's opening hours and capacity,
 * and what each day has taken against them in the calendar and the overview.
 * Every spec shares one server and database: each test starts from a known
 * schedule and puts the one it found back afterwards, so the bookings other
 * specs make are never refused by what is tried here.
 */

type Slot = '9:00' | '11:00' | '13:00' | '15:00' | '17:00';
type Weekday = 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';
type Schedule = {
  capacity: Record<'massage' | 'spa' | 'package' | 'accommodation', number | null>;
  openingHours: Record<Weekday, Slot[]>;
  minimumNoticeHours: number;
  horizonDays: number | null;
};
type ServiceLoad = { service: string; taken: number; capacity?: number | null; source: 'standing' | 'entry' | 'open' | 'closed' };
type DayCapacity = { date: string; services: ServiceLoad[] };

const ALL: Slot[] = ['9:00', '11:00', '13:00', '15:00', '17:00'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const LABELS: Record<string, string> = { massage: 'Massage', spa: 'Spa', package: 'Packages', accommodation: 'Tiny Home' };

let api: AdminApi;
let original: Schedule;

/** The schedule each test starts from: whatever was there, with the Tiny Home open and Monday open all day. */
function known(from: Schedule, change: Partial<Pick<Schedule, 'capacity' | 'openingHours'>> = {}): Schedule {
  return {
    ...from,
    capacity: { ...from.capacity, accommodation: null, ...change.capacity },
    openingHours: { ...from.openingHours, monday: ALL, ...change.openingHours },
  };
}

test.beforeEach(async ({ request }) => {
  api = await AdminApi.create(request);
  original = await api.get<Schedule>('/api/admin/schedule');
});

test.afterEach(async () => {
  await api.put<Schedule>('/api/admin/schedule', original);
  expect(await api.get<Schedule>('/api/admin/schedule')).toEqual(original);
});

/** What a capacity figure reads: "1/1", "5" (no limit), "closed". */
function figure(load: ServiceLoad): string {
  if (load.source === 'closed') return 'closed';
  if (load.capacity === null || load.capacity === undefined) return String(load.taken);
  return `${load.taken}/${load.capacity}`;
}

function lastDayOf(day: string) {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

function monthTitle(day: string) {
  return `${MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;
}

/** Pages the calendar forward to the month of `day`. */
async function goToMonth(page: Page, day: string) {
  const today = dayFromToday(0);
  const steps = (Number(day.slice(0, 4)) - Number(today.slice(0, 4))) * 12 + Number(day.slice(5, 7)) - Number(today.slice(5, 7));
  for (let i = 0; i < steps; i += 1) await page.getByRole('button', { name: 'Next month' }).click();
  await expect(page.getByTestId('calendar-month')).toHaveText(monthTitle(day));
}

async function openSchedule(page: Page): Promise<Locator> {
  const calendar = await openTab(page, 'Calendar');
  const tab = calendar.getByRole('tablist', { name: 'Calendar views' }).getByRole('tab', { name: 'Schedule' });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  const form = page.getByRole('form', { name: 'Opening hours and capacity' });
  await expect(form).toBeVisible();
  return form;
}

/** A night between `from` and `from + 60` days with the Tiny Home free under the standing single unit. */
async function freeNight(from: number): Promise<string> {
  const start = dayFromToday(from);
  const days = await api.get<DayCapacity[]>(`/api/admin/capacity?start=${start}&end=${addDays(start, 60)}`);
  const free = days.filter((d) => {
    const home = d.services.find((s) => s.service === 'accommodation');
    return home?.source === 'standing' && home.capacity === 1 && home.taken === 0;
  });
  expect(free.length, 'a free Tiny Home night').toBeGreaterThan(0);
  return free[Math.floor(Math.random() * free.length)]!.date;
}

test('the owner gives the Tiny Home one unit and closes Mondays; the schedule is kept, and bad values are named by their field', async ({
  page,
  request,
}) => {
  await api.put<Schedule>('/api/admin/schedule', known(original));
  await openDashboard(page, request);
  let form = await openSchedule(page);
  await expect(page).toHaveURL(/[?&]view=schedule/);

  const tinyHome = form.getByLabel('Tiny Home', { exact: true });
  await expect(tinyHome).toHaveValue('');
  await expect(tinyHome).toHaveAccessibleDescription('Tiny Home units per night, 1 to 10000. Empty: no limit.');
  await expect(form.getByLabel('Massage', { exact: true })).toHaveAccessibleDescription(/^Guests per time/);
  for (const slot of ['9:00 AM', '11:00 AM', '1:00 PM', '3:00 PM', '5:00 PM']) {
    await expect(form.getByRole('checkbox', { name: `Monday ${slot}`, exact: true })).toBeChecked();
  }
  await expect(form.getByTestId('schedule-state')).toHaveText('Every change is saved.');

  // A bad figure is caught before it is sent, under its field.
  let puts = 0;
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().endsWith('/api/admin/schedule')) puts += 1;
  });
  await tinyHome.fill('0');
  await form.getByRole('button', { name: 'Save Schedule' }).click();
  await expect(form.getByText('Enter a whole number from 1 to 10000, or leave it empty for no limit')).toBeVisible();
  await expect(tinyHome).toHaveAttribute('aria-invalid', 'true');
  await expect(tinyHome).toHaveAccessibleDescription('Enter a whole number from 1 to 10000, or leave it empty for no limit');
  expect(puts).toBe(0);

  // What the server refuses is shown by the field it names.
  await tinyHome.fill('1');
  await page.route('**/api/admin/schedule', async (route) => {
    if (route.request().method() !== 'PUT') return route.fallback();
    await route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        code: 'validation_failed',
        message: 'Some fields are not valid',
        errors: {
          horizonDays: 'The horizon must be 1 to 730 days',
          'openingHours.monday': 'Choose among 9:00, 11:00, 13:00, 15:00 and 17:00 (none closes the day)',
        },
      }),
    });
  });
  await form.getByRole('button', { name: 'Save Schedule' }).click();
  await expect(form.getByLabel('Booking horizon')).toHaveAccessibleDescription('The horizon must be 1 to 730 days');
  await expect(form.getByText('Monday: Choose among 9:00, 11:00, 13:00, 15:00 and 17:00 (none closes the day)')).toBeVisible();
  await expect(form.getByRole('checkbox', { name: 'Monday 9:00 AM', exact: true })).toHaveAccessibleDescription(/^Monday: Choose among/);
  await page.unroute('**/api/admin/schedule');

  // One unit, Monday closed with its own box, saved.
  await form.getByRole('checkbox', { name: 'Monday, every time' }).click();
  for (const slot of ['9:00 AM', '1:00 PM', '5:00 PM']) {
    await expect(form.getByRole('checkbox', { name: `Monday ${slot}`, exact: true })).not.toBeChecked();
  }
  await expect(form.getByTestId('schedule-state')).toHaveText('You have unsaved changes.');
  // A look at the month keeps what is not saved yet.
  const views = page.getByRole('tablist', { name: 'Calendar views' });
  await views.getByRole('tab', { name: 'Day by day' }).click();
  await expect(page.getByRole('heading', { name: 'Calendar Management' })).toBeVisible();
  await expect(form).toBeHidden();
  await views.getByRole('tab', { name: 'Schedule' }).click();
  await expect(form.getByTestId('schedule-state')).toHaveText('You have unsaved changes.');
  await expect(form.getByLabel('Tiny Home', { exact: true })).toHaveValue('1');
  await expect(form.getByRole('checkbox', { name: 'Monday 9:00 AM', exact: true })).not.toBeChecked();
  const sent = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith('/api/admin/schedule'));
  await form.getByRole('button', { name: 'Save Schedule' }).click();
  const body = (await sent).postDataJSON() as Schedule;
  expect(body.capacity).toEqual({ ...original.capacity, accommodation: 1 });
  expect(body.openingHours).toEqual({ ...original.openingHours, monday: [] });
  expect(body.minimumNoticeHours).toBe(original.minimumNoticeHours);
  expect(body.horizonDays).toBe(original.horizonDays);
  await expectSuccess(page, 'Schedule saved');
  await expect(form.getByTestId('schedule-state')).toHaveText('Every change is saved.');
  await expect(form.getByText('The horizon must be 1 to 730 days')).toHaveCount(0);
  const saved = await api.get<Schedule>('/api/admin/schedule');
  expect(saved.capacity.accommodation).toBe(1);
  expect(saved.openingHours.monday).toEqual([]);
  expect(saved.openingHours.tuesday).toEqual(original.openingHours.tuesday);

  // Kept across a reload: the address keeps the Schedule view open.
  await page.reload();
  form = page.getByRole('form', { name: 'Opening hours and capacity' });
  await expect(form.getByLabel('Tiny Home', { exact: true })).toHaveValue('1');
  await expect(form.getByRole('checkbox', { name: 'Monday, every time' })).not.toBeChecked();
  for (const slot of ['9:00 AM', '11:00 AM', '1:00 PM', '3:00 PM', '5:00 PM']) {
    await expect(form.getByRole('checkbox', { name: `Monday ${slot}`, exact: true })).not.toBeChecked();
  }
  await expect(form.getByRole('row').filter({ hasText: 'Monday' })).toContainText('Closed');

  await settle(page);
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/schedule-1440.png`, fullPage: true });
});

test('each day shows its Tiny Home night against the one unit; a stay fills it; closed Mondays say so', async ({ page, request }) => {
  await api.put<Schedule>(
    '/api/admin/schedule',
    known(original, { capacity: { ...original.capacity, accommodation: 1 }, openingHours: { ...original.openingHours, monday: [] } }),
  );
  const night = await freeNight(120 + Math.floor(Math.random() * 120));
  let bookingId: string | undefined;
  try {
    await openDashboard(page, request);
    const panel = await openTab(page, 'Calendar');
    await goToMonth(page, night);
    const cell = panel.locator(`[data-day="${night}"]`);
    await expect(cell.locator('[data-service="accommodation"]')).toHaveText('Tiny Home 0/1');
    await expect(cell).toHaveAccessibleName(/Tiny Home 0 of 1 taken/);

    // The day panel tells the whole day, in the API's words.
    await cell.click();
    const day = panel.getByTestId('day-panel');
    const first = `${night.slice(0, 7)}-01`;
    const month = await api.get<DayCapacity[]>(`/api/admin/capacity?start=${first}&end=${lastDayOf(night)}`);
    const loads = month.find((d) => d.date === night)!.services;
    const lines = day.getByTestId('capacity-line');
    await expect(lines).toHaveCount(4);
    for (const [i, load] of loads.entries()) await expect(lines.nth(i)).toContainText(`${LABELS[load.service]} ${figure(load)}`);
    await expect(lines.filter({ hasText: 'Tiny Home' })).toContainText('Standing capacity');

    // A Monday of the month: the treatments are closed, the Tiny Home still takes a guest.
    const monday = month.find((d) => new Date(`${d.date}T00:00:00Z`).getUTCDay() === 1)!;
    for (const load of monday.services) {
      await expect(panel.locator(`[data-day="${monday.date}"] [data-service="${load.service}"]`)).toHaveText(
        `${LABELS[load.service]} ${figure(load)}`,
      );
    }
    expect(monday.services.find((s) => s.service === 'accommodation')!.source).not.toBe('closed');
    expect(monday.services.filter((s) => s.service !== 'accommodation').some((s) => s.source === 'closed')).toBe(true);

    // A one-night stay through the API takes the night.
    const tag = unique();
    bookingId = (
      await api.post<{ id: string }>('/api/bookings', {
        firstName: 'Wren',
        lastName: `Schedule${tag}`,
        email: `wren.${tag}@example.test`,
        service: 'accommodation',
        date: night,
        checkOut: addDays(night, 1),
        time: '15:00',
        notes: null,
      })
    ).id;
    await page.reload();
    await goToMonth(page, night);
    const full = panel.locator(`[data-day="${night}"] [data-service="accommodation"]`);
    await expect(full).toHaveText('Tiny Home 1/1');
    await expect(full).toHaveAttribute('data-tone', 'full');
    await expect(panel.locator(`[data-day="${night}"]`)).toHaveAccessibleName(/Tiny Home 1 of 1 taken/);
    await panel.locator(`[data-day="${night}"]`).click();
    await expect(day.getByTestId('capacity-line').filter({ hasText: 'Tiny Home' })).toContainText('Tiny Home 1/1');

    await settle(page);
    await expectNoSeriousAxeViolations(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/calendar-capacity-1440.png`, fullPage: true });
  } finally {
    if (bookingId) expect(await api.delete(`/api/admin/bookings/${bookingId}`)).toBe(204);
  }
});

test('the overview shows the next fourteen days as the API counts them', async ({ page, request }) => {
  await api.put<Schedule>('/api/admin/schedule', known(original, { capacity: { ...original.capacity, accommodation: 1 } }));
  const today = dayFromToday(0);
  await openDashboard(page, request);
  const strip = page.getByRole('region', { name: 'The next fourteen days', exact: true });
  await expect(strip.getByRole('table')).toBeVisible();
  await expect(strip.getByRole('columnheader')).toHaveCount(15);
  await expect(strip.getByRole('rowheader')).toHaveText(['Massage', 'Spa', 'Packages', 'Tiny Home']);
  const days = await api.get<DayCapacity[]>(`/api/admin/capacity?start=${today}&end=${addDays(today, 13)}`);
  expect(days).toHaveLength(14);
  // The specs run one at a time: nothing books between the page's call and this one.
  for (const d of days) {
    for (const load of d.services) {
      await expect(strip.locator(`td[data-date="${d.date}"][data-service="${load.service}"]`)).toHaveText(figure(load));
    }
  }
  await settle(page);
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/overview-1440.png` });
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the schedule, the calendar and the overview fit a phone: nothing scrolls the page sideways, no serious axe violations', async ({
    page,
    request,
  }) => {
    await api.put<Schedule>('/api/admin/schedule', known(original, { capacity: { ...original.capacity, accommodation: 1 } }));
    await openDashboard(page, request);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    const strip = page.getByRole('region', { name: 'The next fourteen days', exact: true });
    await expect(strip.getByRole('table')).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await settle(page);
    await expectNoSeriousAxeViolations(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/overview-390.png` });

    const panel = await openTab(page, 'Calendar');
    await expect(panel.locator(`[data-day="${dayFromToday(0)}"] [data-capacity]`)).toBeAttached();
    await panel.locator(`[data-day="${dayFromToday(0)}"]`).click();
    await expect(panel.getByTestId('day-panel').getByTestId('capacity-line')).toHaveCount(4);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await settle(page);
    await expectNoSeriousAxeViolations(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/calendar-390.png`, fullPage: true });

    const form = await openSchedule(page);
    await expect(form.getByRole('checkbox', { name: 'Sunday 5:00 PM', exact: true })).toBeVisible();
    await expect(form.getByLabel('Tiny Home', { exact: true })).toHaveValue('1');
    expect(await overflow()).toBeLessThanOrEqual(0);
    await settle(page);
    await expectNoSeriousAxeViolations(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/schedule-390.png`, fullPage: true });
  });
});
