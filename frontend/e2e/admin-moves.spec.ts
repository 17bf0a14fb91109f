import { expect, test } from '@playwright/test';
import {
  addDays,
  AdminApi,
  adminCalendarDay,
  choose,
  expectNoSeriousAxeViolations,
  expectSuccess,
  expectToast,
  mailText,
  openDashboard,
  openTab,
  screenshot,
  SCREENSHOT_DIR,
  settle,
  unique,
} from './admin-helpers';

/*
 * Moving a booking from the dashboard (issue 42), and the owner's setting of
 * the guests' free moves. Each walk makes its own bookings on far-future days
 * of its own and removes them, and the free moves end at 1, the default.
 */

type Booking = { id: string; date: string; time: string; checkOut: string | null; moves?: number };
type Service = { id: string; bookingKey: string };
type Entry = { id: string };
type VisitSettings = { freeMoves: number };

const FREE_MOVES_MESSAGE = 'Free moves are a whole number from 0 to 10';

/** "2026-12-03" → "Thursday, December 3, 2026", as the toast and the mail say it. */
function fullDay(day: string): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** "2026-12-03" → "Dec 3, 2026", as the bookings list shows it. */
function listDay(day: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

for (const width of [1440, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    test('the owner moves a booking: a full time is refused in the dialog, another is taken and the guest mailed', async ({
      page,
      request,
    }) => {
      test.slow();
      const api = await AdminApi.create(request);
      const massage = (await api.get<Service[]>('/api/services')).find((s) => s.bookingKey === 'massage')!;
      const tag = unique();
      const lastName = `Mover${tag}`;
      const email = `ada.${tag}@example.test`;
      const from = adminCalendarDay();
      const full = addDays(from, 1);
      const to = addDays(from, 3);
      const checkIn = addDays(from, 10);
      const made: string[] = [];
      let entry: Entry | undefined;
      const book = async (firstName: string, service: string, date: string, time: string, checkOut: string | null = null) => {
        const booked = await api.post<Booking>('/api/bookings', {
          firstName,
          lastName,
          email: firstName === 'Ada' ? email : `${firstName.toLowerCase()}.${tag}@example.test`,
          service,
          date,
          time,
          checkOut,
          notes: null,
        });
        made.push(booked.id);
        return booked;
      };

      try {
        const booking = await book('Ada', 'massage', from, '11:00');
        const stay = await book('Cy', 'accommodation', checkIn, '15:00', addDays(checkIn, 2));
        // 3:00 PM of the day after is full: one place, taken by another guest.
        entry = await api.post<Entry>(
          '/api/admin/availability',
          { date: full, serviceId: massage.id, accommodationType: 'none', timeSlot: '15:00', isBlocked: false, maxCapacity: 1 },
          200,
        );
        await book('Bea', 'massage', full, '15:00');

        await openDashboard(page, request);
        const panel = await openTab(page, 'Bookings');
        await panel.getByLabel('Search bookings').fill(lastName);
        await expect(panel.getByTestId('booking-row')).toHaveCount(3);
        const row = panel.locator(`[data-booking-id="${booking.id}"]`);
        await expect(row).toContainText(listDay(from));
        await expect(row.getByTestId('booking-moves')).toHaveCount(0);

        // A stay keeps its nights: the dialog says so, and where it would end.
        const stayMove = panel.locator(`[data-booking-id="${stay.id}"]`).getByRole('button', { name: /^Move the booking of Cy/ });
        await stayMove.click();
        const stayDialog = page.getByRole('dialog', { name: 'Move the stay' });
        await expect(stayDialog).toBeVisible();
        await expect(stayDialog.getByTestId('move-stay-summary')).toHaveText(
          'The stay keeps its 2 nights and its 3:00 PM check-in; choose the new check-in day.',
        );
        await stayDialog.getByLabel('New check-in').fill(addDays(checkIn, 5));
        await expect(stayDialog.getByTestId('move-stay-summary')).toHaveText(
          `The stay keeps its 2 nights and its 3:00 PM check-in: check-out ${fullDay(addDays(checkIn, 7))} at 11:00 AM.`,
        );
        await expect(stayDialog.getByRole('checkbox', { name: 'Move the guest’s treatments inside the stay along' })).toBeChecked();
        await expect(stayDialog.getByRole('combobox', { name: 'New time' })).toHaveCount(0);
        await expect(stayDialog).toContainText('The guest will be mailed');
        await settle(page);
        await page.mouse.move(0, 0);
        await page.screenshot({ path: `${SCREENSHOT_DIR}/move-stay-dialog-${width}.png` });
        await stayDialog.getByRole('button', { name: 'Cancel' }).click();
        await expect(stayDialog).toBeHidden();
        await expect(stayMove).toBeFocused();

        // The full time: the server's refusal shows in the dialog, and the choice stays.
        const moveButton = row.getByRole('button', { name: /^Move the booking of Ada/ });
        await moveButton.click();
        const dialog = page.getByRole('dialog', { name: 'Move the booking' });
        await expect(dialog).toBeVisible();
        await expect(dialog).toContainText('The guest will be mailed');
        await expect(dialog.getByRole('combobox', { name: 'New time' })).toContainText('11:00 AM');
        await dialog.getByLabel('New date').fill(full);
        await choose(dialog, 'New time', '3:00 PM');
        const answer = page.waitForResponse((r) => r.url().endsWith(`/api/admin/bookings/${booking.id}/move`));
        await dialog.getByRole('button', { name: 'Move Booking' }).click();
        const refused = await answer;
        expect(refused.status()).toBe(409);
        const { code, message } = (await refused.json()) as { code: string; message: string };
        expect(code).toBe('slot_full');
        expect(message).toBeTruthy();
        await expect(dialog.getByRole('alert')).toHaveText(message);
        await expect(dialog.getByLabel('New date')).toHaveValue(full);
        await expect(dialog.getByRole('combobox', { name: 'New time' })).toContainText('3:00 PM');
        await expect(row).toContainText(listDay(from));
        await settle(page);
        await expectNoSeriousAxeViolations(page, '[role="dialog"]');
        await page.mouse.move(0, 0);
        await page.screenshot({ path: `${SCREENSHOT_DIR}/move-refused-${width}.png` });

        // Another day at the same time: moved, the list shows it, the guest is mailed.
        await dialog.getByLabel('New date').fill(to);
        await dialog.getByRole('button', { name: 'Move Booking' }).click();
        await expectToast(page, 'Booking moved', `Ada ${lastName}: now ${fullDay(to)} at 3:00 PM. The guest is mailed.`);
        await expect(dialog).toBeHidden();
        await expect(moveButton).toBeFocused();
        await expect(row).toContainText(listDay(to));
        await expect(row).toContainText('3:00 PM');
        await expect(row.getByTestId('booking-moves')).toContainText('Moved 1×');
        await settle(page);
        await page.screenshot({ path: `${SCREENSHOT_DIR}/move-moved-${width}.png` });

        const page1 = await api.get<{ items: Booking[] }>(`/api/admin/bookings?q=${booking.id}&limit=1`);
        expect(page1.items[0]).toMatchObject({ id: booking.id, date: to, time: '15:00', moves: 1 });
        const mail = await mailText(api, email, 'booking_moved');
        expect(mail).toContain(`${fullDay(to)} at 3:00 PM`);
        expect(mail).toContain(`It was on ${fullDay(from)} at 11:00 AM`);
      } finally {
        for (const id of made) expect(await api.delete(`/api/admin/bookings/${id}`)).toBe(204);
        if (entry) expect(await api.delete(`/api/admin/availability/${entry.id}`)).toBe(204);
      }
    });

    test('the owner sets the guests’ free moves, and it reads back', async ({ page, request }) => {
      const api = await AdminApi.create(request);
      try {
        await openDashboard(page, request);
        const calendar = await openTab(page, 'Calendar');
        await calendar.getByRole('tablist', { name: 'Calendar views' }).getByRole('tab', { name: 'Schedule' }).click();
        const region = page.getByRole('region', { name: 'Guests’ Visits' });
        const form = region.getByRole('form', { name: 'Guests’ visits' });
        const field = form.getByLabel('Free moves per booking');
        const { freeMoves } = await api.get<VisitSettings>('/api/admin/visit-settings');
        await expect(field).toHaveValue(String(freeMoves));
        await expect(form.getByTestId('visit-settings-state')).toHaveText('Saved.');

        // Out of range: refused at the field, nothing sent.
        await field.fill('11');
        await form.getByRole('button', { name: 'Save' }).click();
        await expect(form.getByRole('alert')).toHaveText(FREE_MOVES_MESSAGE);
        await expect(field).toBeFocused();
        await expect(field).toHaveAccessibleDescription(FREE_MOVES_MESSAGE);

        const next = freeMoves === 3 ? 4 : 3;
        await field.fill(String(next));
        await expect(form.getByRole('alert')).toHaveCount(0);
        await expect(field).toHaveAccessibleDescription(
          `A guest may move each booking ${next} times through her link, until its free-cancellation deadline.`,
        );
        await expect(form.getByTestId('visit-settings-state')).toHaveText('You have unsaved changes.');
        await settle(page);
        await expectNoSeriousAxeViolations(page, '[role="region"][aria-labelledby="visit-settings-heading"]');
        await region.scrollIntoViewIfNeeded();
        await page.mouse.move(0, 0);
        await page.screenshot({ path: `${SCREENSHOT_DIR}/visit-settings-${width}.png` });

        await form.getByRole('button', { name: 'Save' }).click();
        await expectSuccess(page, 'Visit settings saved');
        await expect(form.getByTestId('visit-settings-state')).toHaveText('Saved.');
        await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
        expect((await api.get<VisitSettings>('/api/admin/visit-settings')).freeMoves).toBe(next);
        await screenshot(page, `schedule-with-visits-${width}`);

        // Read back after a reload.
        await page.reload();
        await expect(page.getByRole('region', { name: 'Guests’ Visits' }).getByLabel('Free moves per booking')).toHaveValue(String(next));
      } finally {
        await api.put<VisitSettings>('/api/admin/visit-settings', { freeMoves: 1 });
        expect((await api.get<VisitSettings>('/api/admin/visit-settings')).freeMoves).toBe(1);
      }
    });
  });
}
