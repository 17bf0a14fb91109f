import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { AdminApi, dayFromToday, expectNoSeriousAxeViolations, expectToast, mailText, manageLink, settle, unique } from './admin-helpers';

type GuestBooking = { status: string; cancellable: boolean; notCancellableReason: string | null };

const INVALID = 'This link is not valid or has expired';
const SITE_PHONE = '(951) 555-0148';
const SITE_EMAIL = 'stay@goldenpineretreat.com';

async function book(request: APIRequestContext, data: { service: string; date: string; time: string }) {
  const email = `guest.${unique()}@example.test`;
  const response = await request.post('/api/bookings', { data: { firstName: 'Hazel', lastName: 'Brook', email, notes: null, ...data } });
  return { response, email };
}

/** "Friday, December 18, 2026", as the page writes a calendar date. */
function dateInWords(day: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** "December 2026", as the calendar titles a month. */
function monthTitle(day: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(new Date(`${day}T00:00:00Z`));
}

async function expectContactLinks(page: Page) {
  await expect(
    page
      .getByRole('main')
      .getByRole('link', { name: new RegExp(SITE_PHONE.replace(/[()]/g, '\\$&')) })
      .first(),
  ).toHaveAttribute('href', 'tel:+19515550148');
  await expect(
    page
      .getByRole('main')
      .getByRole('link', { name: new RegExp(SITE_EMAIL) })
      .first(),
  ).toHaveAttribute('href', `mailto:${SITE_EMAIL}`);
}

test.describe('a guest manages a booking from the link in their mail', () => {
  test.use({ reducedMotion: 'reduce' });

  for (const width of [390, 1440]) {
    test(`the page names the retreat's zone and adds the visit to a calendar (${width} px)`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      const date = dayFromToday(40 + Math.floor(Math.random() * 400));
      const { response } = await book(request, { service: 'spa', date, time: '13:00' });
      expect(response.status(), await response.text()).toBe(201);
      const booking = (await response.json()) as { id: string; manageToken: string };
      // The request's answer names the same page the mail links to.
      await page.goto(`/bookings/manage/${encodeURIComponent(booking.manageToken)}`);
      const card = page.getByTestId('guest-booking');
      await expect(card.getByTestId('booking-status')).toHaveText('Requested');
      await expect(card.getByTestId('booking-zone')).toHaveText(/^Idyllwild time \((PST|PDT)\)$/);
      const calendar = card.getByTestId('add-to-calendar');
      const google = calendar.getByRole('link', { name: 'Google Calendar' });
      await expect(google).toHaveAttribute(
        'href',
        new RegExp(`^https://calendar\\.google\\.com/.*dates=${date.replace(/-/g, '')}T130000/`),
      );
      await expect(google).toHaveAttribute('rel', /noreferrer/);
      await expect(calendar.getByRole('link', { name: 'Outlook' })).toHaveAttribute('href', /^https:\/\/outlook\.live\.com\//);
      for (const link of [google, calendar.getByRole('link', { name: 'Outlook' })]) {
        expect(await link.getAttribute('href')).not.toContain(booking.manageToken);
      }
      // The file downloads as the retreat's event.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        calendar.getByRole('link', { name: 'Apple Calendar & others (.ics)' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('golden-pine-visit.ics');
      const ics = await (await request.get(`/api/guest/bookings/${encodeURIComponent(booking.manageToken)}/calendar.ics`)).text();
      expect(ics).toContain(`UID:booking-${booking.id}@goldenpine.retreat`);
      expect(ics).toContain('DTSTART;TZID=America/Los_Angeles:');
      await settle(page);
      await expectNoSeriousAxeViolations(page);
      await page.screenshot({ path: `test-results/screenshots/guest-booking-calendar-${width}.png`, fullPage: true });
      const api = await AdminApi.create(request);
      await api.delete(`/api/admin/bookings/${booking.id}`);
    });
  }

  for (const width of [390, 1440]) {
    test(`the guest moves her visit to another open day and time, once (${width} px)`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      const api = await AdminApi.create(request);
      const date = dayFromToday(60 + Math.floor(Math.random() * 300));
      const { response, email } = await book(request, { service: 'spa', date, time: '13:00' });
      expect(response.status(), await response.text()).toBe(201);
      const booking = (await response.json()) as { id: string; manageToken: string };
      await page.goto(`/bookings/manage/${encodeURIComponent(booking.manageToken)}`);
      const card = page.getByTestId('guest-booking');
      await expect(card.getByTestId('movable-until')).toContainText('you can move it online until');

      await card.getByRole('button', { name: 'Change date or time' }).click();
      const dialog = page.getByRole('dialog', { name: 'Choose another time' });
      await expect(dialog).toContainText('Moving your visit is free this once.');
      // A day of the coming weeks, on the calendar the booking dialog uses.
      const target = dayFromToday(6 + Math.floor(Math.random() * 20));
      const title = dialog.getByTestId('calendar-month');
      await expect(title).toHaveText(monthTitle(dayFromToday(0)));
      if (target.slice(0, 7) !== dayFromToday(0).slice(0, 7)) {
        await dialog.getByRole('button', { name: 'Next month' }).click();
        await expect(title).toHaveText(monthTitle(target));
      }
      await dialog.getByRole('button', { name: new RegExp(`^${dateInWords(target)}`) }).click();
      await expect(dialog.getByTestId('day-summary')).toContainText('now choose your time');
      const time = dialog.getByRole('radio', { disabled: false }).first();
      await time.click();
      await expect(time).toBeChecked();
      await settle(page);
      await expectNoSeriousAxeViolations(page, '[role="dialog"]');
      await page.screenshot({ path: `test-results/screenshots/guest-booking-move-dialog-${width}.png` });
      await dialog.getByRole('button', { name: /^Move to / }).click();

      await expectToast(page, 'Your visit has moved', 'A note with your calendar update is on its way to your inbox.');
      await expect(dialog).toBeHidden();
      await expect(card.getByRole('heading', { name: 'Rustic Spa Treatments' })).toBeFocused();
      await expect(card).toContainText(dateInWords(target));
      // The page's link follows the visit; the free move is used, and the page says what changing it again takes.
      expect(page.url()).not.toContain(encodeURIComponent(booking.manageToken));
      await expect(card.getByTestId('not-movable-reason')).toContainText('used its 1 free move');
      await expect(card.getByRole('button', { name: 'Change date or time' })).toHaveCount(0);
      expect(await mailText(api, email, 'booking_moved')).toContain('As you asked, your visit has moved');
      await settle(page);
      await expectNoSeriousAxeViolations(page);
      await page.screenshot({ path: `test-results/screenshots/guest-booking-moved-${width}.png`, fullPage: true });
      await api.delete(`/api/admin/bookings/${booking.id}`);
    });
  }

  for (const width of [390, 1440]) {
    test(`a reminder's Confirm, Change and Cancel open the page ready for the answer (${width} px)`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      const api = await AdminApi.create(request);
      const date = dayFromToday(60 + Math.floor(Math.random() * 300));
      const { response } = await book(request, { service: 'massage', date, time: '15:00' });
      expect(response.status(), await response.text()).toBe(201);
      const booking = (await response.json()) as { id: string; manageToken: string };
      await api.put(`/api/admin/bookings/${booking.id}`, { status: 'confirmed' });
      // The links a reminder carries (crates/server/tests/api/reminders.rs reads them in the mail).
      const link = `/bookings/manage/${encodeURIComponent(booking.manageToken)}`;

      await page.goto(`${link}?answer=confirm`);
      const card = page.getByTestId('guest-booking');
      const attendance = card.getByTestId('attendance');
      const yes = attendance.getByRole('button', { name: 'Yes, I will be there' });
      await expect(yes).toBeFocused();
      await expect(page).toHaveURL(new RegExp(`${link.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
      await settle(page);
      await expectNoSeriousAxeViolations(page);
      await page.screenshot({ path: `test-results/screenshots/guest-booking-attendance-${width}.png`, fullPage: true });
      await yes.click();
      await expect(attendance.getByRole('status')).toHaveText('Thank you: we know you are coming, and everything will be ready for you.');
      await expect(yes).toHaveCount(0);
      const record = await api.get<{ attendanceConfirmedAt: string | null }>(`/api/admin/bookings/${booking.id}/reminders`);
      expect(record.attendanceConfirmedAt).not.toBeNull();

      // Change opens the calendars; keeping the booking changes nothing.
      await page.goto(`${link}?answer=change`);
      const move = page.getByRole('dialog', { name: 'Choose another time' });
      await expect(move).toBeVisible();
      await move.getByRole('button', { name: 'Keep my booking' }).click();
      await expect(move).toBeHidden();
      // Cancel asks first.
      await page.goto(`${link}?answer=cancel`);
      const cancel = page.getByRole('dialog', { name: 'Cancel this booking?' });
      await expect(cancel).toBeVisible();
      await cancel.getByRole('button', { name: 'Keep my booking' }).click();
      await expect(cancel).toBeHidden();
      await expect(card.getByTestId('booking-status')).toHaveText('Confirmed');
      await api.put(`/api/admin/bookings/${booking.id}`, { status: 'cancelled' });
      await api.delete(`/api/admin/bookings/${booking.id}`);
    });
  }

  test('the booking shows; cancelling asks first, then the page and the records say Cancelled', async ({ page, request }) => {
    const api = await AdminApi.create(request);
    const date = dayFromToday(40 + Math.floor(Math.random() * 400));
    const { response, email } = await book(request, { service: 'massage', date, time: '11:00' });
    expect(response.status(), await response.text()).toBe(201);
    const booking = (await response.json()) as { id: string };
    const link = await manageLink(api, email);

    await page.goto(link);
    const card = page.getByTestId('guest-booking');
    await expect(card.getByRole('heading', { name: 'Massage Therapy' })).toBeVisible();
    await expect(card).toContainText('Reserved for Hazel');
    await expect(card).toContainText(dateInWords(date));
    await expect(card).toContainText('11:00 AM');
    await expect(card.getByTestId('booking-status')).toHaveText('Requested');
    await expect(card).toContainText('You can cancel online until');
    await expect(page).toHaveTitle('Your Booking | Golden Pine Wellness Retreat');
    await settle(page);
    await expectNoSeriousAxeViolations(page);

    // Keeping it changes nothing.
    await card.getByRole('button', { name: 'Cancel booking' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
    await expect(dialog).toContainText(`Massage Therapy on ${dateInWords(date)} at 11:00 AM`);
    await settle(page);
    await expectNoSeriousAxeViolations(page, '[role="dialog"]');
    await dialog.getByRole('button', { name: 'Keep my booking' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByRole('button', { name: 'Cancel booking' })).toBeFocused();
    expect((await api.get<Array<{ id: string; status: string }>>('/api/bookings')).find((b) => b.id === booking.id)?.status).toBe(
      'pending',
    );

    await card.getByRole('button', { name: 'Cancel booking' }).click();
    await dialog.getByRole('button', { name: 'Yes, cancel booking' }).click();
    await expectToast(page, 'Booking cancelled', 'We have let the retreat know. A note is on its way to your inbox.');
    await expect(dialog).toBeHidden();
    await expect(card.getByTestId('booking-status')).toHaveText('Cancelled');
    await expect(card.getByRole('heading', { name: 'Massage Therapy' })).toBeFocused();
    await expect(card.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
    expect((await api.get<Array<{ id: string; status: string }>>('/api/bookings')).find((b) => b.id === booking.id)?.status).toBe(
      'cancelled',
    );
    // The guest is told by mail too.
    await mailText(api, email, 'booking_cancelled');

    // Opened again, the link still shows the booking, cancelled, with nothing left to cancel.
    await page.reload();
    await expect(card.getByTestId('booking-status')).toHaveText('Cancelled');
    await expect(card.getByRole('button', { name: 'Book another visit' })).toBeVisible();
    await card.getByRole('button', { name: 'Book another visit' }).click();
    await expect(page.getByRole('dialog', { name: 'Book Your Experience' })).toBeVisible();
    await api.delete(`/api/admin/bookings/${booking.id}`);
  });

  test('too close to its start: the reason and how to reach the retreat, no cancel button', async ({ page, request }) => {
    const api = await AdminApi.create(request);
    // A slot within the next 24 hours (today's later slots, or tomorrow's earlier ones); whichever is free.
    const candidates = [0, 1].flatMap((days) =>
      ['9:00', '11:00', '13:00', '15:00', '17:00'].flatMap((time) =>
        ['spa', 'massage', 'package'].map((service) => ({ service, date: dayFromToday(days), time })),
      ),
    );
    let found: { id: string; link: string; guest: GuestBooking } | undefined;
    for (const candidate of candidates) {
      const { response, email } = await book(request, candidate);
      if (response.status() !== 201) continue;
      const { id } = (await response.json()) as { id: string };
      const link = await manageLink(api, email);
      const guest = (await (await request.get(`/api${link.replace('/bookings/manage/', '/guest/bookings/')}`)).json()) as GuestBooking;
      if (!guest.cancellable) {
        found = { id, link, guest };
        break;
      }
      await api.delete(`/api/admin/bookings/${id}`);
    }
    expect(found, 'no bookable slot in the next 24 hours').toBeTruthy();
    const { id, link, guest } = found!;

    await page.goto(link);
    const card = page.getByTestId('guest-booking');
    await expect(card.getByTestId('booking-status')).toHaveText('Requested');
    await expect(card.getByTestId('not-cancellable-reason')).toHaveText(guest.notCancellableReason ?? '');
    await expect(card.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
    await expectContactLinks(page);
    await settle(page);
    await expectNoSeriousAxeViolations(page);
    await api.delete(`/api/admin/bookings/${id}`);
  });

  test('a tampered link says so kindly, with the phone and email', async ({ page, request }) => {
    const api = await AdminApi.create(request);
    const { response, email } = await book(request, {
      service: 'spa',
      date: dayFromToday(50 + Math.floor(Math.random() * 400)),
      time: '13:00',
    });
    expect(response.status(), await response.text()).toBe(201);
    const link = await manageLink(api, email);
    const last = link.at(-1) === 'A' ? 'B' : 'A';

    await page.goto(`${link.slice(0, -1)}${last}`);
    await expect(page.getByRole('heading', { name: INVALID })).toBeVisible();
    await expect(page.getByTestId('guest-booking')).toHaveCount(0);
    await expectContactLinks(page);
    await settle(page);
    await expectNoSeriousAxeViolations(page);

    await page.goto('/bookings/manage/not-a-token');
    await expect(page.getByRole('heading', { name: INVALID })).toBeVisible();
    await api.delete(`/api/admin/bookings/${((await response.json()) as { id: string }).id}`);
  });
});

test.describe('unsubscribing from the newsletter', () => {
  test.use({ reducedMotion: 'reduce' });

  test('opening the link changes nothing; the button unsubscribes', async ({ page, request }) => {
    const api = await AdminApi.create(request);
    const email = `reader.${unique()}@example.test`;
    const signup = await request.post('/api/newsletter-subscriptions', { data: { email } });
    expect(signup.status(), await signup.text()).toBe(201);
    const text = await mailText(api, email, 'newsletter_welcome');
    const token = /\/newsletter\/unsubscribe\?token=([A-Za-z0-9._~-]+)/.exec(text)?.[1];
    expect(token, text).toBeTruthy();

    const posts: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/newsletter/unsubscribe') posts.push(r.method());
    });
    await page.goto(`/newsletter/unsubscribe?token=${token}`);
    const button = page.getByRole('button', { name: 'Unsubscribe' });
    await expect(button).toBeVisible();
    await expect(page).toHaveTitle('Newsletter | Golden Pine Wellness Retreat');
    await settle(page);
    await expectNoSeriousAxeViolations(page);
    // A mail scanner opening the link unsubscribes no one.
    expect(posts).toEqual([]);
    const subscribed = async () =>
      (await api.get<Array<{ email: string }>>('/api/admin/newsletter-subscriptions')).some((s) => s.email === email);
    expect(await subscribed()).toBe(true);

    await button.click();
    await expect(page.getByRole('heading', { name: 'You have been unsubscribed' })).toBeFocused();
    expect(posts).toEqual(['POST']);
    expect(await subscribed()).toBe(false);
    await settle(page);
    await expectNoSeriousAxeViolations(page);
  });

  test('a tampered or missing token says the link is not valid', async ({ page }) => {
    await page.goto('/newsletter/unsubscribe?token=eyJ0eXAiOiJKV1QifQ.e30.tampered');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('heading', { name: INVALID })).toBeVisible();
    await expectContactLinks(page);

    await page.goto('/newsletter/unsubscribe');
    await expect(page.getByRole('heading', { name: INVALID })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
  });
});
