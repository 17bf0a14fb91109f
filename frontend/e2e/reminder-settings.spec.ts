import { expect, test } from '@playwright/test';
import {
  AdminApi,
  choose,
  dayFromToday,
  expectNoSeriousAxeViolations,
  expectSuccess,
  openDashboard,
  openTab,
  settle,
  SCREENSHOT_DIR,
  unique,
} from './admin-helpers';

/*
 * Reminders from the owner's side (issue 42): she sets when they go in the
 * Calendar's Schedule (Guests' Visits), and reads a booking's reminders and
 * its guest's answer from the Bookings tab. The settings end as the
 * server's defaults; the booking is far ahead (no reminder falls due while
 * the walk runs) and removed.
 */

type Reminders = {
  on: boolean;
  treatmentFirstHours: number;
  treatmentMorningOf: boolean;
  stayFirstDays: number;
  staySecondDays: number;
  quietFromHour: number;
  quietUntilHour: number;
};
type VisitSettings = { freeMoves: number; reminders: Reminders & { checkedAt: string | null } };

const DEFAULTS: Reminders = {
  on: true,
  treatmentFirstHours: 48,
  treatmentMorningOf: true,
  stayFirstDays: 7,
  staySecondDays: 1,
  quietFromHour: 21,
  quietUntilHour: 8,
};
const STAY_SECOND_DAYS_MESSAGE = 'The second reminder comes after the first: fewer days before arrival';

for (const width of [1440, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 }, reducedMotion: 'reduce' });

    test('the owner sets when reminders go, a second before the first is refused, and off keeps the times', async ({ page, request }) => {
      const api = await AdminApi.create(request);
      await api.put('/api/admin/visit-settings', { reminders: DEFAULTS });
      try {
        await openDashboard(page, request);
        const calendar = await openTab(page, 'Calendar');
        await calendar.getByRole('tablist', { name: 'Calendar views' }).getByRole('tab', { name: 'Schedule' }).click();
        const form = page.getByRole('region', { name: 'Guests’ Visits' }).getByRole('form', { name: 'Guests’ visits' });
        const reminders = form.getByTestId('reminder-settings');
        await expect(reminders.getByRole('heading', { name: 'Reminders' })).toBeVisible();
        const on = reminders.getByRole('checkbox', { name: 'Send reminders' });
        const treatmentFirst = reminders.getByLabel('First reminder before a treatment');
        const stayFirst = reminders.getByLabel('First reminder before a stay');
        const staySecond = reminders.getByLabel('Second before a stay');
        await expect(on).toBeChecked();
        await expect(treatmentFirst).toHaveValue('48');
        await expect(treatmentFirst).toHaveAccessibleDescription(
          '48 hours (2 days) before the first treatment; it asks “Will you be with us?”',
        );
        await expect(stayFirst).toHaveValue('7');
        await expect(staySecond).toHaveValue('1');
        await expect(reminders.getByTestId('quiet-hours-meaning')).toHaveText(
          'Nothing leaves from 9:00 PM until 8:00 AM, retreat time; what falls due then goes at 8:00 AM.',
        );

        // The second before a stay as early as the first: refused at the field, nothing sent.
        await staySecond.fill('7');
        await form.getByRole('button', { name: 'Save' }).click();
        await expect(form.getByRole('alert')).toHaveText(STAY_SECOND_DAYS_MESSAGE);
        await expect(staySecond).toBeFocused();
        expect((await api.get<VisitSettings>('/api/admin/visit-settings')).reminders.staySecondDays).toBe(1);

        // Sooner reminders and later quiet hours: saved, and read back as the server keeps them.
        await staySecond.fill('2');
        await treatmentFirst.fill('24');
        await expect(treatmentFirst).toHaveAccessibleDescription(
          '24 hours (1 day) before the first treatment; it asks “Will you be with us?”',
        );
        await reminders.getByRole('checkbox', { name: 'Second on the morning of the visit' }).uncheck();
        await choose(reminders, 'Quiet hours from', '10:00 PM');
        await expect(reminders.getByTestId('quiet-hours-meaning')).toHaveText(
          'Nothing leaves from 10:00 PM until 8:00 AM, retreat time; what falls due then goes at 8:00 AM.',
        );
        await expect(form.getByTestId('visit-settings-state')).toHaveText('You have unsaved changes.');
        await settle(page);
        await expectNoSeriousAxeViolations(page, '[data-testid="reminder-settings"]');
        await reminders.scrollIntoViewIfNeeded();
        await page.mouse.move(0, 0);
        await page.screenshot({ path: `${SCREENSHOT_DIR}/reminder-settings-${width}.png` });
        await form.getByRole('button', { name: 'Save' }).click();
        await expectSuccess(page, 'Visit settings saved');
        await expect(form.getByTestId('visit-settings-state')).toHaveText('Saved.');
        expect((await api.get<VisitSettings>('/api/admin/visit-settings')).reminders).toMatchObject({
          ...DEFAULTS,
          treatmentFirstHours: 24,
          treatmentMorningOf: false,
          staySecondDays: 2,
          quietFromHour: 22,
        });

        // Off: the times stay in view, disabled, and are kept.
        await on.uncheck();
        await expect(treatmentFirst).toBeDisabled();
        await expect(staySecond).toBeDisabled();
        await expect(treatmentFirst).toHaveValue('24');
        await form.getByRole('button', { name: 'Save' }).click();
        await expectSuccess(page, 'Visit settings saved');
        expect((await api.get<VisitSettings>('/api/admin/visit-settings')).reminders).toMatchObject({ on: false, treatmentFirstHours: 24 });

        await page.reload();
        const again = page.getByTestId('reminder-settings');
        await expect(again.getByRole('checkbox', { name: 'Send reminders' })).not.toBeChecked();
        await expect(again.getByLabel('First reminder before a treatment')).toHaveValue('24');
        await expect(again.getByLabel('Second before a stay')).toHaveValue('2');
      } finally {
        await api.put('/api/admin/visit-settings', { reminders: DEFAULTS });
        expect((await api.get<VisitSettings>('/api/admin/visit-settings')).reminders).toMatchObject(DEFAULTS);
      }
    });

    test('a booking’s reminders and its guest’s answer are read from the Bookings tab', async ({ page, request }) => {
      const api = await AdminApi.create(request);
      const lastName = `Reminded${unique()}`;
      const booked = await api.post<{ id: string; manageToken: string }>('/api/bookings', {
        firstName: 'Iris',
        lastName,
        email: `iris.${unique()}@example.test`,
        service: 'spa',
        date: dayFromToday(40),
        time: '11:00',
        notes: null,
      });
      try {
        await api.put(`/api/admin/bookings/${booked.id}`, { status: 'confirmed' });
        await openDashboard(page, request);
        const panel = await openTab(page, 'Bookings');
        await panel.getByLabel('Search bookings').fill(lastName);
        const row = panel.locator(`[data-booking-id="${booked.id}"]`);
        await expect(row).toBeVisible();
        await expect(row.getByTestId('booking-attendance')).toHaveCount(0);

        // Weeks ahead: nothing sent yet, and the first reminder will ask.
        const open = row.getByRole('button', { name: /^Reminders of the booking of Iris/ });
        await open.click();
        const dialog = page.getByRole('dialog', { name: `Reminders to Iris ${lastName}` });
        await expect(dialog.getByTestId('reminders-answer')).toContainText('Not asked yet');
        await expect(dialog.getByTestId('no-reminders')).toHaveText('No reminder sent yet.');
        await settle(page);
        await expectNoSeriousAxeViolations(page, '[role="dialog"]');
        await page.mouse.move(0, 0);
        await page.screenshot({ path: `${SCREENSHOT_DIR}/booking-reminders-${width}.png` });
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
        await expect(open).toBeFocused();

        // The guest says she will be there, through her page's call: the row and the dialog say so.
        const answered = await request.post(`/api/guest/bookings/${booked.manageToken}/attendance`);
        expect(answered.status()).toBe(200);
        await page.reload();
        const reloaded = await openTab(page, 'Bookings');
        await reloaded.getByLabel('Search bookings').fill(lastName);
        const sameRow = reloaded.locator(`[data-booking-id="${booked.id}"]`);
        await expect(sameRow.getByTestId('booking-attendance')).toContainText('Guest will be there');
        await sameRow.getByRole('button', { name: /^Reminders of the booking of Iris/ }).click();
        await expect(page.getByRole('dialog').getByTestId('reminders-answer')).toContainText('Will be there');
        await expect(page.getByRole('dialog').getByTestId('reminders-answer')).toContainText('The guest said so');
      } finally {
        await api.put(`/api/admin/bookings/${booked.id}`, { status: 'cancelled' });
        expect(await api.delete(`/api/admin/bookings/${booked.id}`)).toBe(204);
      }
    });
  });
}
