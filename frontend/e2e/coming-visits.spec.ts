import { expect, test } from '@playwright/test';
import { AdminApi, dayFromToday, expectNoSeriousAxeViolations, openDashboard, settle, unique } from './admin-helpers';

/*
 * The dashboard's "Today and tomorrow" (issue 42): which of the coming
 * visits the guest has not confirmed yet. A booking of tomorrow's is made
 * through the API (whichever service and time is free), then read on the
 * dashboard as a request to confirm, and, once the retreat confirms it, as
 * not asked yet (no reminder has gone: it was booked after the first's moment).
 */
test.describe("the dashboard's coming visits", () => {
  test.use({ reducedMotion: 'reduce' });

  for (const width of [390, 1440]) {
    test(`a visit of tomorrow shows with its guest's answer (${width} px)`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      const api = await AdminApi.create(request);
      const lastName = `Coming${unique()}`;
      let id: string | undefined;
      for (const service of ['spa', 'massage', 'package']) {
        for (const time of ['9:00', '11:00', '13:00', '15:00', '17:00']) {
          if (id) break;
          const response = await request.post('/api/bookings', {
            data: {
              firstName: 'Iris',
              lastName,
              email: `iris.${unique()}@example.test`,
              service,
              date: dayFromToday(1),
              time,
              notes: null,
            },
          });
          if (response.status() === 201) id = ((await response.json()) as { id: string }).id;
        }
      }
      expect(id, 'a free place tomorrow').toBeTruthy();

      await openDashboard(page, request);
      const coming = page.getByTestId('coming-visits');
      await expect(coming.getByRole('heading', { name: 'Today and tomorrow' })).toBeVisible();
      const row = coming.getByRole('listitem').filter({ hasText: `Iris ${lastName}` });
      await expect(row).toContainText('Tomorrow');
      await expect(row).toContainText('Request to confirm');
      await expect(coming.getByTestId('coming-visits-open')).toContainText('not yet confirmed by the guest');
      await settle(page);
      await expectNoSeriousAxeViolations(page, '[data-testid="coming-visits"]');
      await row.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/screenshots/coming-visits-${width}.png` });

      await api.put(`/api/admin/bookings/${id}`, { status: 'confirmed' });
      await page.reload();
      await expect(
        page
          .getByTestId('coming-visits')
          .getByRole('listitem')
          .filter({ hasText: `Iris ${lastName}` }),
      ).toContainText('Not asked yet');
      await api.put(`/api/admin/bookings/${id}`, { status: 'cancelled' });
      await api.delete(`/api/admin/bookings/${id}`);
    });
  }
});
