import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  AdminApi,
  apiLogin,
  choose,
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
 * Issue 45, intake and consent forms, on the demo's massage intake and spa
 * consent: (a) a guest books a massage in the dialog, is told what her
 * screening answer means and goes on, then fills in her form on her booking's
 * page (an error first) and signs it; (b) the owner gives herself leave to
 * read intake answers in Team, sees "needs review" in Bookings and opens the
 * answers; (c) the owner adds a question to the spa consent and saves it.
 * Every walk has its own guest and puts back what it changed (the owner's
 * leave, the spa form), so it runs again and again on one server.
 */

test.use({ reducedMotion: 'reduce' });

const WIDTHS = [390, 1440] as const;

type Booking = { id: string; email: string; manageToken: string };
type IntakeForm = { service: string; title: string; introduction: string; version: number; questions: Record<string, unknown>[] };

async function setViewport(page: Page, width: number) {
  await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
}

/** A massage day, 40 to 440 days ahead, that the server says still has a place at `time`. */
async function openMassageDay(request: APIRequestContext, time: string): Promise<string> {
  for (;;) {
    const day = dayFromToday(40 + Math.floor(Math.random() * 400));
    const answer = (await (await request.get(`/api/check-availability?date=${day}&serviceId=massage`)).json()) as {
      available: boolean;
      slots?: { time: string; available: boolean }[];
    };
    if (answer.available && answer.slots?.find((slot) => slot.time === time)?.available) return day;
  }
}

const yesNo = (scope: Locator, question: string, answer: 'Yes' | 'No') =>
  scope.getByRole('radiogroup', { name: question }).getByRole('radio', { name: answer }).click();

test.describe('(a) a guest is asked before she books, then signs her form on her booking’s page', () => {
  for (const width of WIDTHS) {
    test(`the screening's word and its choice, then her form with an error first (${width} px)`, async ({ page, request }) => {
      await setViewport(page, width);
      const run = unique();
      const guest = { firstName: 'Willa', lastName: `Stone${run}`, email: `willa.${run}@example.test` };
      const api = await AdminApi.create(request);
      const day = await openMassageDay(request, '11:00');
      // Her quiz answers, as the quiz keeps them in her browser: the form fills her goal in from them.
      await page.addInitScript(() => localStorage.setItem('goldenpine.quiz', JSON.stringify({ wellnessGoal: 'stress-relief' })));

      await page.goto('/services');
      await page.getByRole('button', { name: /book now: Massage Therapy/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Book Your Experience' });
      const screening = dialog.getByRole('region', { name: 'A few questions first' });
      await yesNo(screening, 'Are you pregnant?', 'Yes');
      await expect(screening.getByText('Deep-tissue work is not advised during pregnancy.', { exact: false })).toBeVisible();
      await expect(screening.getByRole('button', { name: 'Book Rustic Spa Treatments instead' })).toBeVisible();
      await settle(page);
      await expectNoSeriousAxeViolations(page, '[role="dialog"]');
      await screening.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOT_DIR}/intake-screening-${width}.png` });
      // She goes on: on to her day and time.
      await screening.getByRole('button', { name: 'Continue anyway' }).click();
      await expect(dialog.getByLabel('Date', { exact: true })).toBeFocused();
      await expect(screening.getByRole('button', { name: 'Continue anyway' })).toHaveCount(0);
      await yesNo(screening, 'Have you ever had a blood clot or deep-vein thrombosis (DVT)?', 'No');

      await dialog.getByLabel('Date', { exact: true }).fill(day);
      await choose(dialog, 'Time', /^11:00 AM/);
      await dialog.getByLabel('First name').fill(guest.firstName);
      await dialog.getByLabel('Last name').fill(guest.lastName);
      await dialog.getByLabel('Email').fill(guest.email);
      await dialog.getByRole('button', { name: 'Request Booking' }).click();
      await expect(dialog).toBeHidden();

      // Her booking's page, where the dialog took her (the link of her mail).
      await expect(page).toHaveURL(/\/bookings\/manage\//);
      const section = page.getByRole('region', { name: 'Before your visit' });
      await expect(section.getByRole('form', { name: 'Massage intake' })).toBeVisible();
      await expect(
        section
          .getByRole('radiogroup', { name: /What would you most like from this visit\?/ })
          .getByRole('radio', { name: 'Stress relief' }),
      ).toBeChecked();

      // An error first: sent unsigned, with a question left.
      await yesNo(section, 'Are you pregnant?', 'Yes');
      await section.getByRole('textbox', { name: /How many weeks\?/ }).fill('20 weeks');
      await section.getByRole('button', { name: 'Sign and send' }).click();
      const pressure = section.getByRole('radiogroup', { name: 'What pressure do you prefer?' });
      await expect(pressure).toHaveAttribute('aria-invalid', 'true');
      await expect(pressure.getByRole('radio', { name: 'Light' })).toBeFocused();
      await expect(section.getByText('Please type your full name to sign.')).toBeVisible();
      await expect(section.getByText('Please tick “I agree” to sign.')).toBeVisible();
      await settle(page);
      await expectNoSeriousAxeViolations(page);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/intake-guest-errors-${width}.png` });

      await pressure.getByRole('radio', { name: 'Medium' }).click();
      for (const question of [
        'Have you ever had a blood clot or deep-vein thrombosis (DVT)?',
        'Do you take blood thinners?',
        'Have you had surgery or an injury in the last six months?',
        'Do you have any skin condition, rash or open wound?',
        'Are you allergic to any oils, nuts or fragrances?',
      ]) {
        await yesNo(section, question, 'No');
      }
      await section.getByRole('checkbox', { name: 'I agree' }).click();
      await section.getByRole('textbox', { name: 'Type your full name to sign' }).fill(`${guest.firstName} ${guest.lastName}`);
      await section.getByRole('button', { name: 'Sign and send' }).click();
      await expect(section.getByText('Thank you: your answers are with us.')).toBeFocused();
      await expect(section.getByTestId('intake-signed')).toHaveText(new RegExp(`^Signed on .+ as ${guest.firstName} ${guest.lastName}$`));
      await expect(section.getByRole('button', { name: 'Update my answers' })).toBeVisible();
      await settle(page);
      await expectNoSeriousAxeViolations(page);
      await section.screenshot({ path: `${SCREENSHOT_DIR}/intake-guest-signed-${width}.png` });

      // The team sees it waits for a look (she is pregnant), not what she said.
      const bookings = await api.get<{ items: (Booking & { intake?: string })[] }>(
        `/api/admin/bookings?q=${encodeURIComponent(guest.email)}`,
      );
      expect(bookings.items).toHaveLength(1);
      expect(bookings.items[0]!.intake).toBe('needs_review');
      await api.delete(`/api/admin/bookings/${bookings.items[0]!.id}`);
    });
  }
});

test.describe('(b) the owner gives herself leave to read intake answers, and reads a guest’s', () => {
  for (const width of WIDTHS) {
    test(`Team's switch, the Bookings badge, and the answers as signed (${width} px)`, async ({ page, request }) => {
      await setViewport(page, width);
      const run = unique();
      const guest = { firstName: 'Ivy', lastName: `Marsh${run}`, email: `ivy.${run}@example.test` };
      const api = await AdminApi.create(request);
      const { admin } = await apiLogin(request);
      // No one reads intake answers at first.
      await api.put(`/api/admin/team/${admin.id}/intake-access`, { canReadIntake: false });
      const day = await openMassageDay(request, '15:00');
      const response = await request.post('/api/bookings', {
        data: { ...guest, notes: null, service: 'massage', date: day, time: '15:00' },
      });
      expect(response.status(), await response.text()).toBe(201);
      const booking = (await response.json()) as Booking;
      const signed = await request.post(`/api/guest/bookings/${encodeURIComponent(booking.manageToken)}/intake`, {
        data: {
          answers: {
            pressure: { value: 'Light' },
            pregnant: { value: 'yes', followUp: '24 weeks' },
            clots: { value: 'no' },
            blood_thinners: { value: 'no' },
            surgery: { value: 'no' },
            skin: { value: 'no' },
            allergies: { value: 'no' },
            consent: { value: 'agreed' },
          },
          signature: `${guest.firstName} ${guest.lastName}`,
        },
      });
      expect(signed.status(), await signed.text()).toBe(201);

      try {
        await openDashboard(page, request);
        const team = await openTab(page, 'Team');
        const mine = team.getByRole('switch', { name: `May read intake answers: ${admin.name}` });
        await expect(mine).not.toBeChecked();
        await mine.click();
        await expectSuccess(page, `${admin.name} may now read intake answers`);
        await expect(mine).toBeChecked();
        await settle(page);
        await expectNoSeriousAxeViolations(page);
        await page.screenshot({ path: `${SCREENSHOT_DIR}/intake-team-${width}.png` });

        const panel = await openTab(page, 'Bookings');
        await panel.getByLabel('Search bookings').fill(guest.lastName);
        const row = panel.locator(`[data-booking-id="${booking.id}"]`);
        const badge = row.getByRole('button', { name: `Intake of ${guest.firstName} ${guest.lastName}: needs review` });
        await expect(badge).toHaveText('Intake: Needs review');
        await badge.click();
        const dialog = page.getByRole('dialog', { name: `Intake of ${guest.firstName} ${guest.lastName}` });
        await expect(dialog.getByTestId('intake-status')).toContainText('Intake: Needs review');
        await dialog.getByRole('button', { name: 'Open intake answers' }).click();
        const answers = dialog.getByTestId('intake-answers');
        const flagged = answers.locator('[data-flagged]');
        await expect(flagged).toHaveCount(1);
        await expect(flagged).toContainText('Are you pregnant?');
        await expect(flagged).toContainText('Needs review · not advised');
        await expect(flagged).toContainText('How many weeks? 24 weeks');
        await expect(answers).toContainText('What pressure do you prefer?Light');
        await expect(dialog.getByTestId('intake-signature')).toContainText(`Signed ${guest.firstName} ${guest.lastName} on`);
        await settle(page);
        await expectNoSeriousAxeViolations(page, '[role="dialog"]');
        await page.screenshot({ path: `${SCREENSHOT_DIR}/intake-answers-${width}.png` });
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
        await expect(badge).toBeFocused();
      } finally {
        await api.put(`/api/admin/team/${admin.id}/intake-access`, { canReadIntake: false });
        await api.delete(`/api/admin/bookings/${booking.id}`);
      }
    });
  }
});

test.describe('(c) the owner adds a question to the spa consent', () => {
  for (const width of WIDTHS) {
    test(`from Intake forms, saved as a new version (${width} px)`, async ({ page, request }) => {
      await setViewport(page, width);
      const api = await AdminApi.create(request);
      const before = (await api.get<{ forms: IntakeForm[] }>('/api/admin/intake-forms')).forms.find((form) => form.service === 'spa')!;
      const prompt = `Is there a scent you would rather we left out? (${unique()})`;
      try {
        await openDashboard(page, request);
        const panel = await openTab(page, 'Intake forms');
        const card = panel.getByTestId('intake-form-card').filter({ hasText: 'Spa consent' });
        await expect(card).toContainText(`${before.questions.length} questions`);
        await card.getByRole('button', { name: /^Edit the .+ form$/ }).click();
        const editor = page.getByRole('form', { name: /^Intake form: / });
        await expect(editor.getByTestId('intake-question-editor')).toHaveCount(before.questions.length);
        await editor.getByRole('button', { name: 'Add a question' }).click();
        const added = editor.getByTestId('intake-question-editor').nth(before.questions.length - 1);
        // Before the consent, which stays last.
        await expect(added.getByRole('textbox', { name: 'Question' })).toBeFocused();
        await added.getByRole('textbox', { name: 'Question' }).fill(prompt);
        await added.getByRole('textbox', { name: /Follow-up, asked after a yes/ }).fill('Which one?');
        await expect(editor.getByTestId('intake-question-editor').last().getByRole('combobox', { name: 'Kind' })).toHaveText(
          'Consent, signed with her name',
        );
        await settle(page);
        await expectNoSeriousAxeViolations(page, '[role="dialog"]');
        await added.screenshot({ path: `${SCREENSHOT_DIR}/intake-editor-${width}.png` });
        await editor.getByRole('button', { name: 'Save the form' }).click();
        await expectSuccess(page, `${before.title} saved`);
        await expect(editor).toBeHidden();
        await expect(card).toContainText(`${before.questions.length + 1} questions`);
        await expect(card).toContainText(`version ${before.version + 1}`);

        const after = (await api.get<{ forms: IntakeForm[] }>('/api/admin/intake-forms')).forms.find((form) => form.service === 'spa')!;
        expect(after.questions.map((question) => question.prompt)).toEqual([
          ...before.questions.slice(0, -1).map((question) => question.prompt),
          prompt,
          before.questions.at(-1)!.prompt,
        ]);
        expect(after.questions.at(-2)).toMatchObject({ kind: 'yes_no', followUp: 'Which one?', required: true });
        // Nothing of it is asked before booking: it makes no service unwise.
        expect(await (await request.get('/api/intake-screening?service=spa')).json()).toEqual([]);
      } finally {
        await api.put('/api/admin/intake-forms/spa', {
          title: before.title,
          introduction: before.introduction,
          questions: before.questions,
        });
      }
    });
  }
});
