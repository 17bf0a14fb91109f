import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  addDays,
  AdminApi,
  answerNextConfirm,
  choose,
  dayFromToday,
  expectNoSeriousAxeViolations,
  expectSuccess,
  expectToast,
  mailText,
  openDashboard,
  openTab,
  SCREENSHOT_DIR,
  settle,
  showMonth,
  unique,
} from './admin-helpers';

/*
 * Issue 43, part 4, the waitlist: a guest finds a day full in the booking
 * dialog and joins the waitlist there (and leaves it from her mail's link);
 * a place freed by the owner's cancellation is offered to the guest waiting,
 * held for her, and booked from the offer's page; the owner sees the list in
 * order, takes a guest off it, and sees the demand on the Calendar. A day is
 * made full as the owner would (a day-wide figure of one, taken), on days
 * 920 to 1180 days ahead, which no other spec books or closes; each test
 * takes its guests off the list and removes what it made, so no one is left
 * waiting for another spec's days. A Tiny Home night is made taken by a
 * one-night stay on a night found free, removed at the end.
 */

test.use({ reducedMotion: 'reduce' });

const WIDTHS = [390, 1440] as const;

type Service = { id: string; bookingKey: string | null };
type WaitlistEntry = { id: string; email: string; state: string; wishes: { from: string; to: string; time?: string | null }[] };
type Offer = { service: string; date: string; time: string; state: string; heldUntil: string; bookUrl: string };

async function setViewport(page: Page, width: number) {
  await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
}

const at = (day: string) => new Date(`${day}T00:00:00Z`);
/** "Friday, December 4, 2026": how the calendars name a day. */
const fullDay = (day: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(at(day));
/** "Fri, Dec 4": how the dialog and the lists write a day. */
const shortDay = (day: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' }).format(at(day));
/** "Dec 4": how a stay's days are written. */
const monthDay = (day: string) => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' }).format(at(day));
const monthTitle = (day: string) => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(at(day));
/** "13:00" → "1:00 PM". */
function slotWords(slot: string): string {
  const [h = '0', m = '00'] = slot.split(':');
  const hour = Number(h);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${m} ${hour >= 12 ? 'PM' : 'AM'}`;
}

/**
 * What a test made, removed at its end whatever happened: its guests taken
 * off the list first (so nothing freed afterwards is offered to them), then
 * its bookings and the days' figures.
 */
class Made {
  entries: string[] = [];
  bookings: string[] = [];
  figures: string[] = [];
  constructor(private readonly api: AdminApi) {}

  async cleanUp(emails: string[]) {
    const list = await this.api.get<WaitlistEntry[]>('/api/admin/waitlist');
    const ids = new Set([...this.entries, ...list.filter((e) => emails.includes(e.email) && e.state === 'waiting').map((e) => e.id)]);
    for (const id of ids) await this.api.delete(`/api/admin/waitlist/${id}`);
    for (const id of this.bookings) await this.api.delete(`/api/admin/bookings/${id}`);
    for (const id of this.figures) await this.api.delete(`/api/admin/availability/${id}`);
  }
}

/** A massage booked through the public API; its id. */
async function bookMassage(request: APIRequestContext, made: Made, date: string, email: string, time = '11:00'): Promise<string> {
  const response = await request.post('/api/bookings', {
    data: { firstName: 'Rowan', lastName: 'Ash', email, notes: null, service: 'massage', date, time },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  made.bookings.push(id);
  return id;
}

/**
 * A massage day made full as the owner makes one: a day-wide figure of one
 * guest, taken by a booking. Some day from `from` to `from + 60` whose figure
 * could be set (another run may have left one). Its date and the booking.
 */
async function fullMassageDay(
  request: APIRequestContext,
  api: AdminApi,
  made: Made,
  from: number,
): Promise<{ date: string; booking: string }> {
  const massage = (await api.get<Service[]>('/api/services')).find((s) => s.bookingKey === 'massage')!;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const date = dayFromToday(from + Math.floor(Math.random() * 60));
    const figure = await api.post<{ id: string; currentBookings: number }>(
      '/api/admin/availability',
      { date, serviceId: massage.id, accommodationType: 'none', timeSlot: null, isBlocked: false, maxCapacity: 1 },
      200,
    );
    made.figures.push(figure.id);
    if (figure.currentBookings !== 0) continue;
    const booking = await bookMassage(request, made, date, `full.${unique()}@example.test`);
    const answer = (await (await request.get(`/api/check-availability?date=${date}&serviceId=massage`)).json()) as {
      available: boolean;
      canWait?: boolean;
    };
    expect(answer, `${date} is full, and may be waited for`).toMatchObject({ available: false, canWait: true });
    return { date, booking };
  }
  throw new Error('no massage day could be made full');
}

/**
 * A Tiny Home night made taken by a one-night stay booked through the public
 * API, on a night from `from` to `from + span` days ahead that was free.
 */
async function takenTinyHomeNight(request: APIRequestContext, made: Made, from: number, span: number): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const night = dayFromToday(from + Math.floor(Math.random() * span));
    const booked = await request.post('/api/bookings', {
      data: {
        firstName: 'Linnea',
        lastName: 'Moss',
        email: `taken.${unique()}@example.test`,
        notes: null,
        service: 'accommodation',
        date: night,
        checkOut: addDays(night, 1),
        time: '15:00',
      },
    });
    if (booked.status() !== 201) continue;
    made.bookings.push(((await booked.json()) as { id: string }).id);
    const answer = (await (await request.get(`/api/check-availability?date=${night}&serviceId=accommodation`)).json()) as {
      available: boolean;
      canWait?: boolean;
    };
    expect(answer, `the night of ${night} is taken, and may be waited for`).toMatchObject({ available: false, canWait: true });
    return night;
  }
  throw new Error('no free Tiny Home night could be booked');
}

/** A guest put on the waitlist through the API, as the dialog does; her entry's id. */
async function joinWaitlist(request: APIRequestContext, made: Made, email: string, firstName: string, wishes: object[]): Promise<string> {
  const response = await request.post('/api/waitlist', {
    data: { service: 'massage', firstName, lastName: 'Vale', email, wishes, website: '' },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  made.entries.push(id);
  return id;
}

async function entryOf(api: AdminApi, email: string): Promise<WaitlistEntry | undefined> {
  return (await api.get<WaitlistEntry[]>('/api/admin/waitlist')).find((entry) => entry.email === email);
}

/** The path and token of the first link to `path` in a mail's text. */
function linkIn(text: string, path: string): { link: string; token: string } {
  const match = new RegExp(`${path.replace(/[?/]/g, '\\$&')}\\?token=([^\\s"<>]+)`).exec(text);
  expect(match, text).toBeTruthy();
  return { link: `${path}?token=${match![1]}`, token: decodeURIComponent(match![1]!) };
}

test.describe('the waitlist: joining from the booking dialog', () => {
  for (const width of WIDTHS) {
    test(`a guest finds a day full, joins the waitlist with two wishes, and leaves it from her mail (${width} px)`, async ({
      page,
      request,
    }) => {
      test.slow();
      await setViewport(page, width);
      const api = await AdminApi.create(request);
      const made = new Made(api);
      const email = `waiting.${unique()}@example.test`;
      try {
        const { date } = await fullMassageDay(request, api, made, 1000);
        // A second full day for her second wish (an open one would be offered to her at once).
        const next = addDays(date, 1);
        const nextFigure = await api.post<{ id: string; currentBookings: number }>(
          '/api/admin/availability',
          {
            date: next,
            serviceId: (await api.get<Service[]>('/api/services')).find((s) => s.bookingKey === 'massage')!.id,
            accommodationType: 'none',
            timeSlot: null,
            isBlocked: false,
            maxCapacity: 1,
          },
          200,
        );
        made.figures.push(nextFigure.id);
        if (nextFigure.currentBookings === 0) await bookMassage(request, made, next, `full.${unique()}@example.test`);

        await page.goto('/services');
        await page.getByRole('button', { name: /book now: Massage Therapy/ }).click();
        const dialog = page.getByRole('dialog', { name: 'Book Your Experience' });
        await expect(dialog.getByRole('combobox', { name: 'Service' })).toContainText('Massage Therapy');
        await dialog.getByLabel('First name').fill('Willa');
        await dialog.getByLabel('Last name').fill('Fern');
        await dialog.getByLabel('Email').fill(email);

        // The month comes into view with a day typed in it; the full day, pressed, offers the waitlist.
        const neighbour = Number(date.slice(8)) < 28 ? addDays(date, 2) : addDays(date, -2);
        await dialog.getByLabel('Date', { exact: true }).fill(neighbour);
        const picker = dialog.getByTestId('day-picker');
        await expect(picker.getByTestId('calendar-month')).toHaveText(monthTitle(date));
        const full = picker.getByRole('button', { name: `${fullDay(date)}, fully booked` });
        await expect(full).toHaveAttribute('aria-disabled', 'true');
        await expect(picker).toContainText('Press a full day to hear from us if a place opens.');
        // Marked unavailable (aria-disabled), yet a guest may press it.
        await full.click({ force: true });
        const invite = dialog.getByTestId('waitlist-invite');
        await expect(invite).toContainText(`${shortDay(date)} is fully booked.`);
        await page.mouse.move(0, 0);
        await invite.screenshot({ path: `${SCREENSHOT_DIR}/waitlist-invite-${width}.png` });
        await invite.getByRole('button', { name: 'Tell me if it frees up' }).click();

        const form = dialog.getByRole('form', { name: 'Join the waitlist' });
        await expect(dialog.getByRole('heading', { name: 'Tell me if it frees up' })).toBeFocused();
        await page.screenshot({ path: `${SCREENSHOT_DIR}/waitlist-form-top-${width}.png` });
        const first = form.getByRole('group', { name: 'Your first choice' });
        await expect(first.getByLabel('From')).toHaveValue(date);
        await expect(first.getByLabel('To')).toHaveValue(date);
        await expect(first.getByRole('combobox', { name: 'Time' })).toContainText('Any time');
        // What she typed into the booking form came with her.
        await expect(form.getByLabel('First name')).toHaveValue('Willa');
        await expect(form.getByLabel('Email')).toHaveValue(email);

        await form.getByRole('button', { name: 'Add another range' }).click();
        const second = form.getByRole('group', { name: 'Your second choice' });
        await expect(second.getByLabel('From')).toBeFocused();
        await second.getByLabel('From').fill(next);
        await second.getByLabel('To').fill(date);
        await choose(second, 'Time', '1:00 PM');
        await form.getByRole('button', { name: 'Join the waitlist' }).click();
        await expect(second.getByText('The last day must be on or after the first')).toBeVisible();
        await expect(second.getByLabel('To')).toBeFocused();
        await settle(page);
        await expectNoSeriousAxeViolations(page, '[role="dialog"]');
        await page.mouse.move(0, 0);
        await page.screenshot({ path: `${SCREENSHOT_DIR}/waitlist-form-${width}.png` });
        await dialog.screenshot({ path: `${SCREENSHOT_DIR}/waitlist-form-dialog-${width}.png` });

        await second.getByLabel('To').fill(next);
        await form.getByRole('button', { name: 'Join the waitlist' }).click();
        const joined = dialog.getByTestId('waitlist-joined');
        await expect(dialog.getByRole('heading', { name: 'You are on the waitlist' })).toBeFocused();
        await expect(joined).toContainText('We will write to you the moment a place opens; it will be held for you for a while.');
        await expect(joined.getByRole('listitem')).toHaveText([`${shortDay(date)} · any time`, `${shortDay(next)} · 1:00 PM`]);
        await settle(page);
        await expectNoSeriousAxeViolations(page, '[role="dialog"]');
        await page.screenshot({ path: `${SCREENSHOT_DIR}/waitlist-joined-${width}.png` });

        await expect(async () => {
          expect(await entryOf(api, email)).toMatchObject({
            state: 'waiting',
            wishes: [
              { from: date, to: date, time: null },
              { from: next, to: next, time: '13:00' },
            ],
          });
        }).toPass();
        await dialog.getByRole('button', { name: 'Done' }).click();
        await expect(dialog).toBeHidden();

        // Her mail's link takes her off the list, on a press only.
        const { link } = linkIn(await mailText(api, email, 'waitlist_joined'), '/waitlist/leave');
        await page.goto(link);
        await expect(page.getByRole('heading', { level: 2, name: 'Leave the waitlist' })).toBeVisible();
        await settle(page);
        await expectNoSeriousAxeViolations(page);
        expect((await entryOf(api, email))?.state).toBe('waiting');
        await page.getByRole('button', { name: 'Leave the waitlist' }).click();
        await expect(page.getByRole('heading', { name: 'You have left the waitlist' })).toBeFocused();
        await expect(async () => expect((await entryOf(api, email))?.state).toBe('left')).toPass();
      } finally {
        await made.cleanUp([email]);
      }
    });
  }
});

test.describe('the waitlist: a Tiny Home night', () => {
  for (const width of WIDTHS) {
    test(`a guest finds a night of the Tiny Home taken, presses it on the stay calendar and waits for that stay (${width} px)`, async ({
      page,
      request,
    }) => {
      await setViewport(page, width);
      const api = await AdminApi.create(request);
      const made = new Made(api);
      const email = `stay.waiting.${unique()}@example.test`;
      try {
        const night = await takenTinyHomeNight(request, made, 60, 240);
        const morning = addDays(night, 1);

        await page.goto('/');
        await page.getByRole('button', { name: 'check availability' }).click();
        const dialog = page.getByRole('dialog', { name: 'Book Your Experience' });
        await expect(dialog.getByRole('combobox', { name: 'Service' })).toContainText('Tiny Home Retreat');
        await dialog.getByLabel('First name').fill('Saga');
        await dialog.getByLabel('Last name').fill('Linden');
        await dialog.getByLabel('Email').fill(email);

        // The taken night is marked unavailable (aria-disabled), yet a guest may press it.
        const picker = dialog.getByTestId('stay-picker');
        await showMonth(picker, night);
        const taken = picker.getByRole('button', { name: `${fullDay(night)}, unavailable` });
        await expect(taken).toHaveAttribute('aria-disabled', 'true');
        await expect(picker).toContainText('Press a taken night to hear from us if it frees up.');
        await taken.click({ force: true });
        const invite = dialog.getByTestId('waitlist-invite');
        await expect(invite).toContainText(`The night of ${shortDay(night)} is taken.`);
        await invite.getByRole('button', { name: 'Tell me if it frees up' }).click();

        // The form asks for a stay: that night's check-in and the next day's check-out, her details with her.
        const form = dialog.getByRole('form', { name: 'Join the waitlist' });
        await expect(dialog.getByRole('heading', { name: 'Tell me if it frees up' })).toBeFocused();
        const first = form.getByRole('group', { name: 'Your first choice' });
        await expect(first.getByLabel('Check-in')).toHaveValue(night);
        await expect(first.getByLabel('Check-out')).toHaveValue(morning);
        await expect(first.getByRole('combobox', { name: 'Time' })).toHaveCount(0);
        await expect(form.getByLabel('Email')).toHaveValue(email);
        await form.getByRole('button', { name: 'Join the waitlist' }).click();

        const joined = dialog.getByTestId('waitlist-joined');
        await expect(dialog.getByRole('heading', { name: 'You are on the waitlist' })).toBeFocused();
        await expect(joined.getByRole('listitem')).toHaveText([`${monthDay(night)} → ${monthDay(morning)} · 1 night`]);
        await settle(page);
        await expectNoSeriousAxeViolations(page, '[role="dialog"]');
        await page.mouse.move(0, 0);
        await page.screenshot({ path: `${SCREENSHOT_DIR}/waitlist-stay-joined-${width}.png` });
        await expect(async () => {
          expect(await entryOf(api, email)).toMatchObject({ state: 'waiting', wishes: [{ from: night, to: morning }] });
        }).toPass();
      } finally {
        await made.cleanUp([email]);
      }
    });
  }
});

test.describe('the waitlist: a place offered', () => {
  for (const width of WIDTHS) {
    test(`a place freed by a cancellation is held for the guest waiting; she books it from the offer's page (${width} px)`, async ({
      page,
      request,
    }) => {
      test.slow();
      await setViewport(page, width);
      const api = await AdminApi.create(request);
      const made = new Made(api);
      const email = `offered.${unique()}@example.test`;
      try {
        const { date, booking } = await fullMassageDay(request, api, made, 1060);
        await joinWaitlist(request, made, email, 'Iris', [{ from: date, to: date, time: null }]);

        // The owner cancels the booking holding the day: its place is offered to Iris at once, by mail.
        await api.put(`/api/admin/bookings/${booking}`, { status: 'cancelled' });
        const { link, token } = linkIn(await mailText(api, email, 'waitlist_offer'), '/waitlist/offer');
        const offer = (await (await request.get(`/api/waitlist/offer?token=${encodeURIComponent(token)}`)).json()) as Offer;
        expect(offer).toMatchObject({ service: 'massage', date, state: 'held' });

        await page.goto(link);
        const card = page.getByTestId('waitlist-offer');
        await expect(card.getByRole('heading', { name: 'A place has opened for you' })).toBeVisible();
        await expect(card).toContainText('Good news, Iris');
        await expect(card.getByTestId('offer-place')).toContainText('Massage Therapy');
        await expect(card.getByTestId('offer-place')).toContainText(`${fullDay(date)} at ${slotWords(offer.time)}`);
        await expect(card.getByTestId('offer-held-until')).toContainText('Held for you until');
        await expect(page).toHaveTitle(/Golden Pine/);
        await settle(page);
        await expectNoSeriousAxeViolations(page);
        await page.mouse.move(0, 0);
        await page.screenshot({ path: `${SCREENSHOT_DIR}/waitlist-offer-${width}.png`, fullPage: true });

        // "Book this time": the booking dialog on the held place, which reads as hers.
        await card.getByRole('link', { name: 'Book this time' }).click();
        const dialog = page.getByRole('dialog', { name: 'Book Your Experience' });
        await expect(dialog.getByRole('combobox', { name: 'Service' })).toContainText('Massage Therapy');
        await expect(dialog.getByLabel('Date', { exact: true })).toHaveValue(date);
        await expect(dialog.getByRole('combobox', { name: 'Time' })).toContainText(slotWords(offer.time));
        await expect(dialog.getByTestId('offer-held')).toContainText('This time is held for you until');
        await expect(dialog.getByTestId('booking-unavailable')).toBeHidden();
        await expect(page).toHaveURL(/\/services\??$/);
        await dialog.getByLabel('First name').fill('Iris');
        await dialog.getByLabel('Last name').fill('Vale');
        await dialog.getByLabel('Email').fill(email);
        await settle(page);
        await expectNoSeriousAxeViolations(page, '[role="dialog"]');
        await dialog.getByRole('button', { name: 'Request Booking' }).click();
        await expectToast(page, 'Booking Request Submitted');

        // Her booking, on its own page.
        await expect(page).toHaveURL(/\/bookings\/manage\//);
        const mine = page.getByTestId('guest-booking');
        await expect(mine.getByRole('heading', { name: 'Massage Therapy' })).toBeVisible();
        await expect(mine).toContainText('Reserved for Iris');
        await expect(mine).toContainText(slotWords(offer.time));
        await expect(mine.getByTestId('booking-status')).toHaveText('Requested');

        await expect(async () => {
          const now = (await (await request.get(`/api/waitlist/offer?token=${encodeURIComponent(token)}`)).json()) as Offer;
          expect(now.state).toBe('taken');
          expect((await entryOf(api, email))?.state).toBe('booked');
        }).toPass();
        const booked = (await api.get<{ id: string; email: string }[]>('/api/bookings')).find((b) => b.email === email);
        expect(booked).toBeDefined();
        made.bookings.push(booked!.id);

        // The offer's page now says what became of it.
        await page.goto(link);
        await expect(card.getByRole('heading', { name: 'This place is booked' })).toBeVisible();
      } finally {
        await made.cleanUp([email]);
      }
    });
  }
});

test.describe('the waitlist: the owner', () => {
  for (const width of WIDTHS) {
    test(`the owner sees the guests waiting in order, takes one off, and sees the demand on the Calendar (${width} px)`, async ({
      page,
      request,
    }) => {
      test.slow();
      await setViewport(page, width);
      const api = await AdminApi.create(request);
      const made = new Made(api);
      const run = unique();
      const [first, second] = [`first.${run}@example.test`, `second.${run}@example.test`];
      try {
        const { date } = await fullMassageDay(request, api, made, 920);
        await joinWaitlist(request, made, first, `Ada${run}`, [{ from: date, to: date, time: null }]);
        // Bea would take the full day, or any open time of the three days after it: one of those is offered to her at once.
        await joinWaitlist(request, made, second, `Bea${run}`, [
          { from: date, to: date, time: '13:00' },
          { from: addDays(date, 1), to: addDays(date, 3), time: null },
        ]);
        let offer: { date: string; time: string; state: string } | null | undefined;
        await expect
          .poll(async () => {
            offer = ((await entryOf(api, second)) as (WaitlistEntry & { offer?: typeof offer }) | undefined)?.offer;
            return offer?.state;
          })
          .toBe('held');

        await openDashboard(page, request);
        const tab = await openTab(page, 'Waitlist');
        const waiting = tab.getByRole('list', { name: 'Guests waiting, first in line first' });
        const ada = waiting.getByTestId('waitlist-entry').filter({ hasText: first });
        const bea = waiting.getByTestId('waitlist-entry').filter({ hasText: second });
        await expect(ada).toBeVisible();
        await expect(ada.getByRole('heading', { name: `Ada${run} Vale` })).toBeVisible();
        await expect(ada).toContainText('Massage Therapy');
        await expect(ada.getByTestId('waitlist-wishes')).toHaveText(`${shortDay(date)} · any time`);
        await expect(bea.getByTestId('waitlist-wishes').getByRole('listitem')).toHaveText([
          `${shortDay(date)} · 1:00 PM`,
          `${shortDay(addDays(date, 1))} – ${shortDay(addDays(date, 3))} · any time`,
        ]);
        await expect(ada.getByText('Waiting', { exact: true })).toBeVisible();
        await expect(bea.getByText('Offer held', { exact: true })).toBeVisible();
        await expect(bea.getByTestId('waitlist-offer-line')).toContainText(
          `${shortDay(offer!.date)} · ${slotWords(offer!.time)}, held until`,
        );
        // First in line first: Ada joined before Bea.
        const names = await waiting.getByTestId('waitlist-entry').getByRole('heading').allTextContents();
        expect(names.findIndex((n) => n.includes(`Ada${run}`))).toBeLessThan(names.findIndex((n) => n.includes(`Bea${run}`)));
        await settle(page);
        await expectNoSeriousAxeViolations(page, '[role="tabpanel"]');
        await page.mouse.move(0, 0);
        await page.screenshot({ path: `${SCREENSHOT_DIR}/waitlist-dashboard-${width}.png` });
        await bea.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SCREENSHOT_DIR}/waitlist-dashboard-offer-${width}.png` });

        // Taken off after a question; her wait shows as ended.
        const asked = answerNextConfirm(page, true, `Take Bea${run} Vale off the waitlist? The place held for her goes to the next guest.`);
        await bea.getByRole('button', { name: `Remove Bea${run} Vale from the waitlist` }).click();
        await asked;
        await expectSuccess(page, 'Removed from the waitlist');
        await expect(bea).toHaveCount(0);
        await expect(
          tab.getByRole('list', { name: 'Waits that ended lately' }).getByTestId('waitlist-entry').filter({ hasText: second }),
        ).toContainText('Removed');
        await expect(async () => expect((await entryOf(api, second))?.state).toBe('removed')).toPass();

        // The Calendar: the day's demand beside its figure.
        const calendar = await openTab(page, 'Calendar');
        const title = calendar.getByTestId('calendar-month');
        while ((await title.textContent()) !== monthTitle(date)) {
          const before = await title.textContent();
          await calendar.getByRole('button', { name: 'Next month' }).click();
          await expect(title).not.toHaveText(before ?? '');
        }
        const day = calendar.getByRole('button', { name: new RegExp(`^${fullDay(date)}.*Massage 1 of 1 taken, 1 waiting`) });
        await day.click();
        const line = calendar.getByTestId('day-panel').locator('[data-testid="capacity-line"][data-service="massage"]');
        await expect(line).toContainText('1/1');
        await expect(line.getByTestId('capacity-waiting')).toHaveText('1 waiting');
        await settle(page);
        await expectNoSeriousAxeViolations(page, '[role="tabpanel"]');
        await page.mouse.move(0, 0);
        await calendar.getByTestId('day-panel').scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SCREENSHOT_DIR}/waitlist-calendar-${width}.png` });
      } finally {
        await made.cleanUp([first, second]);
      }
    });
  }
});
