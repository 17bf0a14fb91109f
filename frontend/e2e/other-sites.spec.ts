import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import {
  AdminApi,
  answerNextConfirm,
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
 * Issue 44, the Tiny Home in step with Airbnb: the owner pastes a listing's
 * calendar address in Calendar → Schedule → Airbnb and Other Sites; its
 * stay is blocked here, a booking here on the same night is shown as a
 * double booking to settle, and removing the import frees the night. The
 * listing's calendar is an Airbnb-shaped file served by this spec on
 * 127.0.0.1 (the e2e server allows it: scripts/e2e-server.sh). Fetch
 * failures, schedules and races are crates/server/tests/api/stay_sync.rs's.
 */

/** "2027-05-14" → "20270514". */
const compact = (day: string) => day.replaceAll('-', '');

function airbnb(checkIn: string, checkOut: string): string {
  return [
    'BEGIN:VCALENDAR',
    'PRODID;X-RICAL-TZSOURCE=TZINFO:-//Airbnb Inc//Hosting Calendar 1.0//EN',
    'CALSCALE:GREGORIAN',
    'VERSION:2.0',
    'BEGIN:VEVENT',
    `DTEND;VALUE=DATE:${compact(checkOut)}`,
    `DTSTART;VALUE=DATE:${compact(checkIn)}`,
    `UID:${unique()}@airbnb.com`,
    'SUMMARY:Reserved',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

let listing: Server;
let calendar = '';

test.beforeAll(async () => {
  listing = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/calendar; charset=utf-8' });
    response.end(calendar);
  });
  await new Promise<void>((resolve) => listing.listen(0, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => listing.close(() => resolve()));
});

test.describe('Airbnb and other sites', () => {
  test.use({ reducedMotion: 'reduce' });

  for (const width of [390, 1440]) {
    test(`an imported stay blocks its nights and shows a double booking (${width} px)`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      const api = await AdminApi.create(request);
      // A Tiny Home stay booked here far ahead, on nights free now; removed at the end,
      // so no later spec finds its nights taken.
      const guest = `Solveig${unique()}`;
      let checkIn = '';
      let bookingId: string | undefined;
      for (let attempt = 0; attempt < 10 && !checkIn; attempt += 1) {
        const day = 300 + Math.floor(Math.random() * 400);
        const booked = await request.post('/api/bookings', {
          data: {
            firstName: guest,
            lastName: 'Nightingale',
            email: `solveig.${unique()}@example.test`,
            service: 'accommodation',
            date: dayFromToday(day),
            checkOut: dayFromToday(day + 2),
            time: '15:00',
            notes: null,
          },
        });
        if (booked.status() === 201) {
          checkIn = dayFromToday(day);
          bookingId = ((await booked.json()) as { id: string }).id;
        }
      }
      expect(checkIn, 'a free Tiny Home stay').not.toBe('');
      try {
        // Airbnb has a stay from her second night on.
        const offset = (days: number) => new Date(Date.parse(`${checkIn}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
        calendar = airbnb(offset(1), offset(3));
        const site = `Airbnb ${unique()}`;
        const { port } = listing.address() as AddressInfo;

        await openDashboard(page, request);
        const calendarTab = await openTab(page, 'Calendar');
        await calendarTab.getByRole('tab', { name: 'Schedule' }).click();
        const panel = page.getByRole('region', { name: 'Airbnb and Other Sites' });
        await expect(panel.getByRole('textbox', { name: "The Tiny Home's calendar" })).toHaveValue(/\/api\/stays\/tiny-home\.ics$/);

        const form = panel.getByRole('form', { name: 'Import a calendar' });
        await form.getByRole('textbox', { name: 'Site' }).fill(site);
        await form.getByRole('textbox', { name: 'Its calendar address' }).fill(`http://127.0.0.1:${port}/calendar/ical/${unique()}.ics`);
        await form.getByRole('button', { name: 'Import calendar' }).click();
        await expectSuccess(page, `${site}: 2 nights blocked here`);
        const row = panel.getByTestId('stay-import').filter({ hasText: site });
        await expect(row).toContainText('In step');
        await expect(row).toContainText('2 nights blocked here');
        const doubles = panel.getByRole('alert').filter({ hasText: 'to settle' });
        await expect(doubles.getByRole('listitem').filter({ hasText: `${guest} Nightingale` })).toContainText(`${site} takes`);
        await expect(doubles.getByRole('link', { name: 'Open the booking' }).first()).toBeVisible();

        await settle(page);
        await expectNoSeriousAxeViolations(page, '[data-testid="other-sites"]');
        await page.mouse.move(0, 0);
        await panel.screenshot({ path: `${SCREENSHOT_DIR}/other-sites-${width}.png` });

        // The night is blocked for guests too.
        const night = await request.get(`/api/check-availability?date=${offset(2)}&serviceId=accommodation`);
        expect(((await night.json()) as { available: boolean }).available).toBe(false);

        // Removed: its nights are free again, and the double booking is gone.
        const removed = answerNextConfirm(page, true, 'Stop importing this calendar? The nights it blocked here become free.');
        await row.getByRole('button', { name: `Remove ${site}` }).click();
        await removed;
        await expectSuccess(page, `${site} is no longer imported; its nights are free here`);
        await expect(row).toHaveCount(0);
        await expect(panel.getByRole('listitem').filter({ hasText: `${guest} Nightingale` })).toHaveCount(0);
        const freed = await request.get(`/api/check-availability?date=${offset(2)}&serviceId=accommodation`);
        expect(((await freed.json()) as { available: boolean }).available).toBe(true);
        // Her own booking here stands throughout.
        const bookings = await api.get<{ items: { firstName: string; status: string }[] }>(`/api/admin/bookings?search=${guest}`);
        expect(bookings.items.filter((b) => b.firstName === guest).map((b) => b.status)).toEqual(['pending']);
      } finally {
        if (bookingId) expect(await api.delete(`/api/admin/bookings/${bookingId}`)).toBeLessThan(300);
      }
    });
  }
});
