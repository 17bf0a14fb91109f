import { execFileSync } from 'node:child_process';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
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
 * Issue 43, after the visit: a guest rates her visit from her booking's page
 * (and changes it), the owner replies to it, takes it down under a written
 * rule and shows it again, the services page shows the ratings with the
 * quoted comments and the replies, and the invitation's link opens the
 * booking dialog filled in. A visit is made "over" the way only time would
 * make it: psql on the database scripts/e2e-server.sh made, as
 * gift-cards.spec.ts reads its outbox. Every guest here has her own address
 * and comment, so the specs sharing the database never see each other's.
 */

// Axe measures contrast as rendered: a dialog still fading in would count.
test.use({ reducedMotion: 'reduce' });

const WIDTHS = [390, 1440] as const;

type HideRule = { rule: string; wording: string };
type AdminRating = {
  id: string;
  serviceKey: string;
  stars: number;
  comment: string | null;
  mayQuote: boolean;
  author: string;
  email: string;
  reply: { text: string; at: string } | null;
  hidden: { rule: string; at: string } | null;
};
type RatingSummary = {
  serviceKey: string;
  average: number;
  count: number;
  quoted: { id: string; stars: number; comment: string; author: string; date: string; reply: { text: string; date: string } | null }[];
};
type FollowUp = { serviceId: string; name: string; bookingKey: string | null; aftercare: string | null; returnAfterDays: number | null };

/** The e2e server's database (scripts/e2e-server.sh); E2E_DATABASE_URL for a server started otherwise. */
const databaseUrl =
  process.env.E2E_DATABASE_URL ??
  `${(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/$/, '')}/golden_pine_e2e_${process.env.E2E_PORT ?? '18080'}`;

function psql(sql: string): string {
  return execFileSync('psql', [databaseUrl, '-Atq', '-v', 'ON_ERROR_STOP=1', '-c', sql], { encoding: 'utf8' });
}

async function setViewport(page: Page, width: number) {
  await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
}

/** "2026-12-18" → "December 18, 2026", as the pages write a calendar day. */
function longDate(day: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/**
 * A guest's massage, booked as the site books it, then had: its day moved to
 * yesterday and marked completed, as the owner marks a visit that took place.
 * (The database's yesterday is never after the retreat's today: its clock is
 * UTC, ahead of Idyllwild's.)
 */
async function hadMassage(request: APIRequestContext) {
  const email = `rater.${unique()}@example.test`;
  const response = await request.post('/api/bookings', {
    data: {
      firstName: 'Hazel',
      lastName: 'Brook',
      email,
      notes: null,
      service: 'massage',
      date: dayFromToday(40 + Math.floor(Math.random() * 400)),
      time: '13:00',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const booking = (await response.json()) as { id: string; manageToken: string };
  expect(booking.id).toMatch(/^[0-9a-f-]{36}$/);
  psql(`UPDATE bookings SET date = current_date - 1, status = 'completed' WHERE id = '${booking.id}'`);
  return { email, ...booking, page: `/bookings/manage/${encodeURIComponent(booking.manageToken)}` };
}

/** Her rating link, as her booking's page offers it once the visit is over. */
async function ratingToken(request: APIRequestContext, manageToken: string): Promise<string> {
  const response = await request.get(`/api/guest/bookings/${encodeURIComponent(manageToken)}`);
  expect(response.status(), await response.text()).toBe(200);
  const { ratingToken: token } = (await response.json()) as { ratingToken?: string | null };
  expect(token, 'the booking page offers a rating once the visit is over').toBeTruthy();
  return token!;
}

/** A visit had and rated through the API: its stars, a unique comment she lets us quote, and the owner's view of it. */
async function ratedVisit(request: APIRequestContext, api: AdminApi, stars: number) {
  const visit = await hadMassage(request);
  const token = await ratingToken(request, visit.manageToken);
  const comment = `The cedar room was too warm for me ${unique()}`;
  const saved = await request.put(`/api/visit-ratings?token=${encodeURIComponent(token)}`, { data: { stars, comment, mayQuote: true } });
  expect(saved.status(), await saved.text()).toBe(200);
  const rating = await ownersRating(api, visit.email);
  return { ...visit, comment, rating };
}

/**
 * Checks what the API holds after steps in the browser. Retried until it
 * holds (a check's connection, idle while the browser worked, may have just
 * been closed by the server's keep-alive).
 */
async function expectApi(check: () => Promise<void>) {
  await expect(check).toPass();
}

async function ownersRating(api: AdminApi, email: string): Promise<AdminRating> {
  const { ratings } = await api.get<{ ratings: AdminRating[] }>('/api/admin/ratings');
  const rating = ratings.find((r) => r.email === email);
  expect(rating, `a rating by ${email}`).toBeDefined();
  return rating!;
}

/** A day from `from` days on whose 11:00 massage is open, as the booking dialog would be told. */
async function openMassageDay(request: APIRequestContext, from: number): Promise<string> {
  for (let days = from; days < from + 60; days += 1) {
    const date = dayFromToday(days);
    const response = await request.get(`/api/check-availability?date=${date}&serviceId=massage`);
    expect(response.status()).toBe(200);
    const answer = (await response.json()) as { available: boolean; slots?: { time: string; available: boolean }[] | null };
    if (answer.available && answer.slots?.some((slot) => slot.time === '11:00' && slot.available)) return date;
  }
  throw new Error('no open 11:00 massage in two months');
}

test.describe('after the visit: her rating', () => {
  for (const width of WIDTHS) {
    test(`she rates her visit from her booking's page and finds it kept (${width} px)`, async ({ page, request }) => {
      await setViewport(page, width);
      const visit = await hadMassage(request);
      await page.goto(visit.page);
      const card = page.getByTestId('rate-visit');
      await expect(card.getByRole('heading', { name: 'How was your visit?' })).toBeVisible();
      await settle(page);
      await expectNoSeriousAxeViolations(page, '[data-testid="rate-visit"]');
      await card.getByRole('link', { name: 'Rate your visit' }).click();

      await expect(page).toHaveURL(/\/visits\/rate\?token=/);
      const panel = page.getByTestId('visit-rating');
      await expect(panel.getByRole('heading', { name: 'How was your visit?' })).toBeVisible();
      await expect(panel.getByText('Thank you, Hazel')).toBeVisible();
      await expect(panel.getByTestId('rated-visit')).toContainText('Massage Therapy');
      await expect(page).toHaveTitle(/Golden Pine/);
      await settle(page);
      await expectNoSeriousAxeViolations(page);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/after-visit-rate-${width}.png`, fullPage: true });

      // Nothing goes without stars.
      await panel.getByRole('button', { name: 'Send my rating' }).click();
      await expect(panel.getByText('Please choose from 1 to 5 stars')).toBeVisible();

      const comment = `Lovely hands, but the room was cold ${unique()}`;
      await panel.getByRole('radio', { name: '2 stars' }).click();
      await panel.getByRole('textbox', { name: /Your comment/ }).fill(comment);
      await expect(panel.getByText(`${comment.length} of 1,000 characters.`)).toBeVisible();
      await panel.getByRole('checkbox', { name: 'Golden Pine may quote my comment on the site with my first name and initial' }).check();
      await panel.getByRole('button', { name: 'Send my rating' }).click();
      await expect(panel.getByTestId('rating-saved')).toHaveText('Thank you: your rating is saved.');
      await expect(panel.getByTestId('changeable-until')).toContainText('You can change it until');
      await expect(panel.getByRole('button', { name: 'Save changes' })).toBeVisible();
      await settle(page);
      await expectNoSeriousAxeViolations(page);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/after-visit-rated-${width}.png`, fullPage: true });

      // Kept: the page opens with it, to change it.
      await page.reload();
      await expect(panel.getByRole('radio', { name: '2 stars' })).toBeChecked();
      await expect(panel.getByRole('textbox', { name: /Your comment/ })).toHaveValue(comment);
      await expect(panel.getByRole('checkbox', { name: /may quote my comment/ })).toBeChecked();
      await expect(panel.getByRole('button', { name: 'Save changes' })).toBeVisible();
      await expect(panel.getByTestId('changeable-until')).toContainText('You can change it until');

      await expectApi(async () => {
        const api = await AdminApi.create(request);
        expect(await ownersRating(api, visit.email)).toMatchObject({ stars: 2, comment, mayQuote: true, author: 'Hazel B.' });
      });
    });

    test(`a rating link that names no visit says so (${width} px)`, async ({ page }) => {
      await setViewport(page, width);
      await page.goto('/visits/rate?token=not-a-real-link');
      await expect(page.getByRole('heading', { name: 'This link is not valid or has expired' })).toBeVisible();
      await expect(page.getByRole('radio')).toHaveCount(0);
      await settle(page);
      await expectNoSeriousAxeViolations(page);
    });
  }
});

test.describe('after the visit: the notes, unsubscribed', () => {
  for (const width of WIDTHS) {
    test(`the unsubscribe page waits for the press, and a bad link says so (${width} px)`, async ({ page }) => {
      await setViewport(page, width);
      await page.goto('/visits/unsubscribe?token=not-a-real-link');
      await expect(page.getByRole('heading', { name: 'No more notes after a visit' })).toBeVisible();
      await expect(page.getByText('Mail about your bookings still reaches you.')).toBeVisible();
      await settle(page);
      await expectNoSeriousAxeViolations(page);
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await expect(page.getByRole('heading', { name: 'This link is not valid or has expired' })).toBeVisible();
    });
  }
});

test.describe('after the visit: the owner and the ratings', () => {
  for (const width of WIDTHS) {
    test(`the owner replies, takes a rating down under a rule and shows it again (${width} px)`, async ({ page, request }) => {
      await setViewport(page, width);
      const api = await AdminApi.create(request);
      const { hideRules } = await api.get<{ hideRules: HideRule[] }>('/api/admin/ratings');
      const offTopic = hideRules.find((rule) => rule.rule === 'off_topic');
      expect(offTopic, JSON.stringify(hideRules)).toBeDefined();
      const { email, comment, rating } = await ratedVisit(request, api, 2);

      await openDashboard(page, request);
      const tab = await openTab(page, 'Ratings');
      const item = tab.getByTestId('admin-rating').filter({ hasText: comment });
      await expect(item).toBeVisible();
      await expect(item.getByRole('heading', { name: /Massage Therapy/ })).toBeVisible();
      await expect(item.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
      await expect(item.getByText('May quote')).toBeVisible();
      await expect(item.getByText('2 out of 5 stars')).toBeAttached();
      await settle(page);
      await expectNoSeriousAxeViolations(page, '[role="tabpanel"]');
      await page.mouse.move(0, 0);
      await item.screenshot({ path: `${SCREENSHOT_DIR}/after-visit-admin-rating-${width}.png` });
      await page.screenshot({ path: `${SCREENSHOT_DIR}/after-visit-admin-ratings-${width}.png` });

      // A reply, public under the comment.
      const reply = `Thank you, Hazel: the heater is mended ${unique()}`;
      await item.getByRole('button', { name: 'Reply', exact: true }).click();
      await item.getByRole('textbox', { name: 'Your reply' }).fill(reply);
      await item.getByRole('button', { name: 'Save reply' }).click();
      await expectSuccess(page, 'Reply saved');
      await expect(item.getByTestId('admin-rating-reply')).toContainText(reply);
      await expectApi(async () => expect((await ownersRating(api, email)).reply?.text).toBe(reply));

      // Taken down only under a rule, chosen in the dialog.
      await item.getByRole('button', { name: 'Take down' }).click();
      const dialog = page.getByRole('dialog', { name: 'Take Down This Rating' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText('Its author is told by mail which rule it broke.')).toBeVisible();
      for (const rule of hideRules) await expect(dialog.getByRole('radio', { name: rule.wording })).toBeVisible();
      await dialog.getByRole('button', { name: 'Take it down' }).click();
      await expect(dialog.getByText('Choose the rule it broke')).toBeVisible();
      await settle(page);
      await expectNoSeriousAxeViolations(page, '[role="dialog"]');
      await page.screenshot({ path: `${SCREENSHOT_DIR}/after-visit-take-down-${width}.png` });
      await dialog.getByRole('radio', { name: offTopic!.wording }).click();
      await dialog.getByRole('button', { name: 'Take it down' }).click();
      await expect(dialog).toBeHidden();
      await expectSuccess(page, 'The rating is taken down; its author is told by mail why');
      await expect(item.getByText('Taken down', { exact: true })).toBeVisible();
      await expect(item.getByTestId('admin-rating-hidden')).toContainText(offTopic!.wording);
      await expectApi(async () => {
        expect((await ownersRating(api, email)).hidden?.rule).toBe('off_topic');
        const publicRatings = (await (await request.get('/api/ratings')).json()) as RatingSummary[];
        expect(publicRatings.flatMap((summary) => summary.quoted).some((quote) => quote.id === rating.id)).toBe(false);
      });

      // And shown again.
      await item.getByRole('button', { name: 'Show again' }).click();
      await expectSuccess(page, 'The rating shows again');
      await expect(item.getByText('Taken down', { exact: true })).toHaveCount(0);
      await expect(item.getByRole('button', { name: 'Take down' })).toBeVisible();
      await expectApi(async () => expect((await ownersRating(api, email)).hidden).toBeNull());
    });

    test(`the owner writes a service's aftercare and when its guests are invited back (${width} px)`, async ({ page, request }) => {
      await setViewport(page, width);
      const api = await AdminApi.create(request);
      const before = (await api.get<FollowUp[]>('/api/admin/service-follow-ups')).find((item) => item.bookingKey === 'spa');
      expect(before).toBeDefined();
      try {
        await openDashboard(page, request);
        const tab = await openTab(page, 'Services');
        await tab.getByRole('button', { name: `After the visit: ${before!.name}` }).click();
        const dialog = page.getByRole('dialog', { name: 'After the Visit' });
        await expect(dialog).toBeVisible();
        const aftercare = dialog.getByRole('textbox', { name: /Aftercare words/ });
        const days = dialog.getByRole('spinbutton', { name: /Invite back after \(days\)/ });
        await expect(aftercare).toHaveValue(before!.aftercare ?? '');
        const words = `Sip warm water and let the heat settle ${unique()}`;
        await aftercare.fill(words);
        await days.fill('0');
        await dialog.getByRole('button', { name: 'Save' }).click();
        await expect(dialog.getByText('Invite back after a whole number of days from 1 to 730, or leave it empty for never')).toBeVisible();
        await settle(page);
        await expectNoSeriousAxeViolations(page, '[role="dialog"]');
        await days.fill('45');
        await dialog.getByRole('button', { name: 'Save' }).click();
        await expect(dialog).toBeHidden();
        await expectSuccess(page, 'After the visit saved');
        await expectApi(async () => {
          const after = (await api.get<FollowUp[]>('/api/admin/service-follow-ups')).find((item) => item.serviceId === before!.serviceId);
          expect(after).toMatchObject({ aftercare: words, returnAfterDays: 45 });
        });

        // Empty is never.
        await tab.getByRole('button', { name: `After the visit: ${before!.name}` }).click();
        await expect(days).toHaveValue('45');
        await days.fill('');
        await dialog.getByRole('button', { name: 'Save' }).click();
        await expect(dialog).toBeHidden();
        await expectApi(async () => {
          const never = (await api.get<FollowUp[]>('/api/admin/service-follow-ups')).find((item) => item.serviceId === before!.serviceId);
          expect(never?.returnAfterDays).toBeNull();
        });
      } finally {
        // The shared database keeps the demo's words for the other specs.
        await expectApi(async () => {
          await api.put(`/api/admin/service-follow-ups/${before!.serviceId}`, {
            aftercare: before!.aftercare,
            returnAfterDays: before!.returnAfterDays,
          });
        });
      }
    });
  }
});

test.describe('after the visit: the services page', () => {
  for (const width of WIDTHS) {
    test(`shows each service's rating and the quoted comments with the owner's reply (${width} px)`, async ({ page, request }) => {
      await setViewport(page, width);
      const api = await AdminApi.create(request);
      const { comment, rating } = await ratedVisit(request, api, 2);
      const reply = `We are sorry it was cold, Hazel ${unique()}`;
      await api.put(`/api/admin/ratings/${rating.id}/reply`, { reply });
      const summaries = (await (await request.get('/api/ratings')).json()) as RatingSummary[];
      const massage = summaries.find((summary) => summary.serviceKey === 'massage');
      expect(massage, JSON.stringify(summaries)).toBeDefined();
      const quoted = massage!.quoted.find((quote) => quote.id === rating.id);
      expect(quoted, 'her comment is quoted').toMatchObject({ stars: 2, comment, author: 'Hazel B.', reply: { text: reply } });

      // Rendered by the server with the page, as the services are.
      const html = await (await request.get('/services')).text();
      expect(html).toContain(comment);

      await page.goto('/services');
      const average = massage!.average.toFixed(1);
      const count = massage!.count;
      const card = page.getByTestId('service-card').filter({ hasText: 'Massage Therapy' });
      const line = card.getByTestId('service-rating');
      await expect(line).toContainText(`${average} · ${count} ${count === 1 ? 'rating' : 'ratings'}`);
      await expect(line).toContainText(`Rated ${average} out of 5 from ${count} ${count === 1 ? 'guest' : 'guests'}`);

      const words = page.getByTestId('guest-words');
      await expect(words.getByRole('heading', { name: 'What guests say' })).toBeVisible();
      const quote = words.getByTestId('guest-quote').filter({ hasText: comment });
      await quote.scrollIntoViewIfNeeded();
      await expect(quote).toBeVisible();
      await expect(quote).toContainText('Hazel B.');
      await expect(quote).toContainText(longDate(quoted!.date));
      await expect(quote.getByText('2 out of 5 stars')).toBeAttached();
      const answer = quote.getByTestId('guest-quote-reply');
      await expect(answer).toContainText('Reply from Golden Pine');
      await expect(answer).toContainText(reply);
      await settle(page);
      await expectNoSeriousAxeViolations(page, '[data-testid="guest-words"]');
      await expectNoSeriousAxeViolations(page, '[data-testid="service-card"]');
      await page.mouse.move(0, 0);
      await card.screenshot({ path: `${SCREENSHOT_DIR}/after-visit-service-card-${width}.png` });
      await quote.screenshot({ path: `${SCREENSHOT_DIR}/after-visit-quote-${width}.png` });
      await words.screenshot({ path: `${SCREENSHOT_DIR}/after-visit-guest-words-${width}.png` });
    });

    test(`the invitation's link opens the booking dialog with service, day and time chosen (${width} px)`, async ({ page, request }) => {
      await setViewport(page, width);
      const date = await openMassageDay(request, 30 + Math.floor(Math.random() * 300));
      await page.goto(`/services?book=massage&date=${date}&time=11:00`);
      const dialog = page.getByRole('dialog', { name: 'Book Your Experience' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('combobox', { name: 'Service' })).toContainText('Massage Therapy');
      await expect(dialog.getByLabel('Date', { exact: true })).toHaveValue(date);
      await expect(dialog.getByRole('combobox', { name: 'Time' })).toContainText('11:00 AM');
      // Opened once: the address forgets the link's choices.
      await expect(page).toHaveURL(/\/services\??$/);
      await settle(page);
      await expectNoSeriousAxeViolations(page, '[role="dialog"]');

      // A link with nothing valid in it opens the dialog empty.
      await page.goto('/services?book=yoga&date=yesterday&time=25:00');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel('Date', { exact: true })).toHaveValue('');
    });
  }
});
