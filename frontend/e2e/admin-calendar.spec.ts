import { expect, test, type Page } from '@playwright/test';
import { AdminApi, adminCalendarDay, choose, dayFromToday, expectSuccess, openDashboard, openTab, unique } from './admin-helpers';

type Service = { id: string; name: string };
type Blackout = { id: string; startDate: string; endDate: string; type: string; reason: string | null };
type Entry = {
  id: string;
  date: string;
  serviceId: string | null;
  accommodationType: string | null;
  timeSlot: string | null;
  maxCapacity: number;
  currentBookings: number;
  isBlocked: boolean;
  blockReason: string | null;
};

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function monthTitle(day: string) {
  return `${MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;
}

function lastDayOf(day: string) {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

function fullDay(day: string) {
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** Pages the calendar forward to the month of `day`, checking the month's availability request. */
async function goToMonth(page: Page, day: string) {
  const today = dayFromToday(0);
  const steps = (Number(day.slice(0, 4)) - Number(today.slice(0, 4))) * 12 + Number(day.slice(5, 7)) - Number(today.slice(5, 7));
  for (let i = 0; i < steps - 1; i += 1) await page.getByRole('button', { name: 'Next month' }).click();
  const first = `${day.slice(0, 7)}-01`;
  const request = page.waitForRequest((r) => r.url().includes(`/api/admin/availability?start=${first}&end=${lastDayOf(day)}`));
  await page.getByRole('button', { name: 'Next month' }).click();
  await request;
  await expect(page.getByTestId('calendar-month')).toHaveText(monthTitle(day));
}

test('calendar: blackouts and availability created in the UI show on the right days, checked against the API', async ({
  page,
  request,
}) => {
  test.slow();
  const api = await AdminApi.create(request);
  const services = await api.get<Service[]>('/api/services');
  const massage = services.find((s) => s.name === 'Massage Therapy')!;
  const spa = services.find((s) => s.name === 'Rustic Spa Treatments')!;

  const month = adminCalendarDay().slice(0, 7);
  const day = (d: number) => `${month}-${String(d).padStart(2, '0')}`;
  const [blackStart, blackEnd, fullDate, bookedDate, entryDate] = [day(3), day(5), day(10), day(12), day(15)];
  const tag = unique();

  // Seeded through the API: one day with a full entry, one with a booked but open entry, a second blackout.
  const upsert = (body: object) =>
    api.post<Entry>('/api/admin/availability', { accommodationType: 'none', timeSlot: null, isBlocked: false, ...body }, 200);
  await upsert({ date: fullDate, serviceId: spa.id, maxCapacity: 1 });
  await upsert({ date: bookedDate, serviceId: massage.id, maxCapacity: 3 });
  const book = (service: string, date: string) =>
    api.post<{ id: string }>('/api/bookings', {
      firstName: 'Cal',
      lastName: `Endar${tag}`,
      email: `cal.${tag}@example.test`,
      service,
      date,
      time: '9:00',
      notes: null,
    });
  const bookings = [await book('spa', fullDate), await book('massage', bookedDate)];
  const otherReason = `Septic works ${tag}`;
  const other = await api.post<Blackout>('/api/admin/blackout-dates', {
    startDate: day(20),
    endDate: day(21),
    type: 'services',
    reason: otherReason,
  });

  await openDashboard(page, request);
  const panel = await openTab(page, 'Calendar');
  await expect(panel.getByRole('heading', { name: 'Calendar Management' })).toBeVisible();
  await expect(panel.getByText('Manage availability and blackout dates for bookings')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Manage Availability' })).toBeDisabled();
  await expect(panel.getByTestId('calendar-month')).toHaveText(monthTitle(dayFromToday(0)));
  await goToMonth(page, blackStart);

  // Add Blackout Dates: the button waits for both dates.
  await panel.getByRole('button', { name: 'Add Blackout Dates' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add Blackout Dates' });
  const create = dialog.getByRole('button', { name: 'Create Blackout' });
  await expect(create).toBeDisabled();
  await dialog.getByLabel('Start date').fill(blackStart);
  await expect(create).toBeDisabled();
  await dialog.getByLabel('End date').fill(blackEnd);
  await expect(create).toBeEnabled();
  await expect(dialog.getByLabel('Type')).toHaveText('All Services & Accommodations');
  await choose(dialog, 'Type', 'Tiny Home Only');
  const reason = `Chimney sweep ${tag}`;
  await dialog.getByLabel('Reason').fill(reason);
  await create.click();
  await expectSuccess(page, 'Blackout dates created successfully');
  await expect(dialog).toBeHidden();
  const blackout = (await api.get<Blackout[]>('/api/admin/blackout-dates')).find((b) => b.reason === reason)!;
  expect(blackout).toMatchObject({ startDate: blackStart, endDate: blackEnd, type: 'tiny_home' });

  // The form was reset.
  await panel.getByRole('button', { name: 'Add Blackout Dates' }).click();
  dialog = page.getByRole('dialog', { name: 'Add Blackout Dates' });
  await expect(dialog.getByLabel('Start date')).toHaveValue('');
  await expect(dialog.getByLabel('End date')).toHaveValue('');
  await expect(dialog.getByLabel('Reason')).toHaveValue('');
  await expect(dialog.getByLabel('Type')).toHaveText('All Services & Accommodations');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Marks on the days: blackout icon (inclusive), orange for full, green for booked.
  const cell = (d: string) => panel.locator(`[data-day="${d}"]`);
  for (const d of [blackStart, day(4), blackEnd]) await expect(cell(d).locator('[data-mark="blackout"]')).toBeVisible();
  await expect(cell(day(2)).locator('[data-mark]')).toHaveCount(0);
  await expect(cell(day(6)).locator('[data-mark]')).toHaveCount(0);
  await expect(cell(fullDate).locator('[data-mark="full"]')).toHaveClass(/orange/);
  await expect(cell(bookedDate).locator('[data-mark="booked"]')).toHaveClass(/emerald/);

  // The side panel of a blacked-out day.
  const dayPanel = panel.getByTestId('day-panel');
  await cell(day(4)).click();
  await expect(cell(day(4))).toHaveAttribute('aria-pressed', 'true');
  await expect(dayPanel.getByRole('heading')).toHaveText(fullDay(day(4)));
  await expect(dayPanel.getByText('Blacked Out', { exact: true })).toBeVisible();
  await expect(dayPanel).toContainText('Tiny Home Only');
  await expect(dayPanel).toContainText(reason);

  // The full day's entry.
  await cell(fullDate).click();
  await expect(dayPanel.getByTestId('availability-entry')).toHaveCount(1);
  await expect(dayPanel.getByTestId('availability-entry')).toContainText('Rustic Spa Treatments');
  await expect(dayPanel.getByTestId('availability-entry')).toContainText('All day');
  await expect(dayPanel.getByTestId('availability-entry')).toContainText('1/1');

  // Manage Availability on an empty day.
  await cell(entryDate).click();
  await expect(dayPanel).toContainText('No specific availability set');
  await panel.getByRole('button', { name: 'Manage Availability' }).click();
  dialog = page.getByRole('dialog', { name: 'Manage Availability' });
  await expect(dialog).toContainText(fullDay(entryDate));
  await expect(dialog.getByLabel('Time slot')).toHaveCount(0);
  await expect(dialog.getByLabel('Max capacity')).toHaveValue('1');
  await expect(dialog.getByLabel('Max capacity')).toHaveAttribute('min', '1');
  await choose(dialog, 'Service', 'Massage Therapy');
  await choose(dialog, 'Time slot', '11:00 AM');
  await dialog.getByLabel('Max capacity').fill('4');
  await dialog.getByLabel('Blocked (no bookings)').check();
  await dialog.getByLabel('Block reason').fill(`Therapist away ${tag}`);
  let sent = page.waitForRequest((r) => r.url().endsWith('/api/admin/availability') && r.method() === 'POST');
  await dialog.getByRole('button', { name: 'Save Availability' }).click();
  expect((await sent).postDataJSON()).toMatchObject({
    date: entryDate,
    serviceId: massage.id,
    accommodationType: 'none',
    timeSlot: '11:00',
    maxCapacity: 4,
    isBlocked: true,
  });
  await expectSuccess(page, 'Availability updated successfully');
  await expect(dialog).toBeHidden();

  // A second entry for the tiny home: no service, so no time slot; "none" goes out as "none".
  await panel.getByRole('button', { name: 'Manage Availability' }).click();
  await expect(dialog.getByLabel('Service')).toHaveText('None');
  await choose(dialog, 'Accommodation', 'Tiny Home');
  await expect(dialog.getByLabel('Time slot')).toHaveCount(0);
  await dialog.getByLabel('Max capacity').fill('2');
  sent = page.waitForRequest((r) => r.url().endsWith('/api/admin/availability') && r.method() === 'POST');
  await dialog.getByRole('button', { name: 'Save Availability' }).click();
  expect((await sent).postDataJSON()).toMatchObject({
    serviceId: 'none',
    accommodationType: 'tiny_home',
    timeSlot: null,
    maxCapacity: 2,
    isBlocked: false,
  });
  await expect(dialog).toBeHidden();

  const entries = await api.get<Entry[]>(`/api/admin/availability?start=${entryDate}&end=${entryDate}`);
  expect(entries).toHaveLength(2);
  expect(entries.find((e) => e.serviceId === massage.id)).toMatchObject({
    timeSlot: '11:00',
    maxCapacity: 4,
    isBlocked: true,
    blockReason: `Therapist away ${tag}`,
  });
  expect(entries.find((e) => e.accommodationType === 'tiny_home')).toMatchObject({
    serviceId: null,
    timeSlot: null,
    maxCapacity: 2,
    isBlocked: false,
  });
  const shown = dayPanel.getByTestId('availability-entry');
  await expect(shown).toHaveCount(2);
  const massageEntry = shown.filter({ hasText: 'Massage Therapy' });
  await expect(massageEntry).toContainText('11:00 AM');
  await expect(massageEntry).toContainText('0/4');
  await expect(massageEntry.getByText('Blocked', { exact: true })).toBeVisible();
  await expect(shown.filter({ hasText: 'Tiny Home' })).toContainText('0/2');

  // A mistaken entry can be removed from the day panel.
  await shown
    .filter({ hasText: 'Tiny Home' })
    .getByRole('button', { name: /^Remove the availability entry/ })
    .click();
  await expectSuccess(page, 'Availability entry removed');
  await expect(shown).toHaveCount(1);
  const remaining = await api.get<Entry[]>(`/api/admin/availability?start=${entryDate}&end=${entryDate}`);
  expect(remaining.map((e) => e.serviceId)).toEqual([massage.id]);

  // Remove Blackout from the day panel.
  await cell(blackStart).click();
  await dayPanel.getByRole('button', { name: 'Remove Blackout' }).click();
  await expectSuccess(page, 'Blackout dates removed');
  await expect(cell(blackStart).locator('[data-mark]')).toHaveCount(0);
  expect((await api.get<Blackout[]>('/api/admin/blackout-dates')).some((b) => b.id === blackout.id)).toBe(false);

  // ... and from the Active Blackout Periods list, which scrolls past 16rem.
  const list = panel.getByRole('region', { name: 'Active Blackout Periods' });
  await expect(list.locator('[data-radix-scroll-area-viewport]')).toHaveCSS('max-height', '256px');
  const item = list.getByTestId('blackout-item').filter({ hasText: otherReason });
  await expect(item).toContainText(`${fmt(day(20))} - ${fmt(day(21))}`);
  await expect(item).toContainText('Services Only');
  await expect(cell(day(20)).locator('[data-mark="blackout"]')).toBeVisible();
  await item.getByRole('button', { name: /^Remove/ }).click();
  await expect(item).toHaveCount(0);
  expect((await api.get<Blackout[]>('/api/admin/blackout-dates')).some((b) => b.id === other.id)).toBe(false);

  // Block First 3 Months: prefilled, opened, not saved until asked.
  await panel.getByRole('button', { name: 'Block First 3 Months' }).click();
  dialog = page.getByRole('dialog', { name: 'Add Blackout Dates' });
  const today = dayFromToday(0);
  await expect(dialog.getByLabel('Start date')).toHaveValue(today);
  await expect(dialog.getByLabel('End date')).toHaveValue(threeMonthsAfter(today));
  await expect(dialog.getByLabel('Type')).toHaveText('All Services & Accommodations');
  await expect(dialog.getByLabel('Reason')).toHaveValue('Pre-launch marketing period - creating demand');
  await expect(dialog.getByRole('button', { name: 'Create Blackout' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  for (const booking of bookings) expect(await api.delete(`/api/admin/bookings/${booking.id}`)).toBe(204);
});

function fmt(day: string) {
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

function threeMonthsAfter(day: string) {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m + 3, 0)).getUTCDate();
  return new Date(Date.UTC(y, m + 2, Math.min(d, last))).toISOString().slice(0, 10);
}
