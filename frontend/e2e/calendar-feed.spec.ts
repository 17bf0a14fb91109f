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
 * Issue 44, the calendar in the team's phones: a member turns her calendar
 * feed on in Security, copies its address, gives it a new one (the old one
 * stops at once) and turns it off. The feed is fetched as a phone's
 * calendar would, by its address alone. The feed's content, its privacy and
 * its throttling are crates/server/tests/api/calendar_feeds.rs's.
 */
test.describe('the calendar feed in Security', () => {
  test.use({ reducedMotion: 'reduce' });

  for (const width of [390, 1440]) {
    test(`turned on, given a new address and turned off (${width} px)`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      const api = await AdminApi.create(request);
      // The shared e2e admin's feed starts off, whatever an earlier run left.
      expect(await api.delete('/api/admin/calendar-feed')).toBe(200);
      const firstName = `Wren${unique()}`;
      const booked = await request.post('/api/bookings', {
        data: {
          firstName,
          lastName: 'Feedwell',
          email: `wren.${unique()}@example.test`,
          service: 'massage',
          date: dayFromToday(40 + Math.floor(Math.random() * 200)),
          time: '13:00',
          notes: 'Knee surgery in March',
        },
      });
      expect(booked.status(), await booked.text()).toBe(201);

      await openDashboard(page, request);
      const security = await openTab(page, 'Security');
      const panel = security.getByTestId('calendar-feed');
      await expect(panel.getByText('Your calendar feed is off.')).toBeVisible();
      await panel.getByRole('button', { name: 'Turn on calendar feed' }).click();
      await expectSuccess(page, 'Your calendar feed is on');
      const apple = panel.getByRole('textbox', { name: 'Apple Calendar and Outlook' });
      const google = panel.getByRole('textbox', { name: 'Google Calendar' });
      await expect(apple).toHaveValue(/^webcal:\/\/.+\/bookings\.ics$/);
      await expect(google).toHaveValue(/^https?:\/\/.+\/bookings\.ics$/);

      // A phone's calendar fetches it by its address alone: the booking is in it, her notes and last name are not.
      const first = new URL(await google.inputValue());
      const feed = await request.get(first.pathname);
      expect(feed.status()).toBe(200);
      expect(feed.headers()['content-type']).toContain('text/calendar');
      const ics = await feed.text();
      expect(ics).toContain(`SUMMARY:${firstName} · Massage Therapy (request)`);
      expect(ics).not.toContain('Feedwell');
      expect(ics).not.toContain('Knee surgery');

      await settle(page);
      await expectNoSeriousAxeViolations(page, '[data-testid="calendar-feed"]');
      await page.mouse.move(0, 0);
      await panel.screenshot({ path: `${SCREENSHOT_DIR}/calendar-feed-${width}.png` });

      // A new address: the old one stops at once.
      const renewed = answerNextConfirm(
        page,
        true,
        'Give your calendar feed a new address? Calendars subscribed to the old one stop updating.',
      );
      await panel.getByRole('button', { name: 'New address' }).click();
      await renewed;
      await expectSuccess(page, 'Your calendar feed has a new address; the old one has stopped');
      await expect(google).not.toHaveValue(first.href);
      const second = new URL(await google.inputValue());
      expect((await request.get(first.pathname)).status()).toBe(404);
      expect((await request.get(second.pathname)).status()).toBe(200);

      // Turned off: no address works, and the panel says so.
      const off = answerNextConfirm(page, true, 'Turn off your calendar feed? Calendars subscribed to it stop updating.');
      await panel.getByRole('button', { name: 'Turn off' }).click();
      await off;
      await expectSuccess(page, 'Your calendar feed is off');
      await expect(panel.getByText('Your calendar feed is off.')).toBeVisible();
      expect((await request.get(second.pathname)).status()).toBe(404);
    });
  }
});
