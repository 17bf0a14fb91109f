import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  AdminApi,
  dayFromToday,
  expectNoSeriousAxeViolations,
  expectSuccess,
  openDashboard,
  openTab,
  settle,
  unique,
} from './admin-helpers';

type Email = { id: string; template: string; to: string; subject: string; state: string; relatedId: string | null };
type MailSettings = { delivering: boolean; from: string; notify: string | null };

const BANNER = 'Mail is not being sent: SMTP_URL is not set. Messages stay queued here.';
const REQUEST_SUBJECT = 'Your booking request at Golden Pine';

/** A real booking through the public API: the server queues the guest's "booking request" mail with it. */
async function book(request: APIRequestContext, firstName: string) {
  const email = `${firstName.toLowerCase()}.${unique()}@example.test`;
  const response = await request.post('/api/bookings', {
    data: {
      firstName,
      lastName: 'Outbox',
      email,
      service: 'massage',
      date: dayFromToday(60 + Math.floor(Math.random() * 300)),
      time: '11:00',
      notes: null,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { email, booking: (await response.json()) as { id: string } };
}

test('the Emails tab: the guest mail of a new booking is listed, filtered by state, and opens with its text, HTML and attempts', async ({
  page,
  request,
}) => {
  const api = await AdminApi.create(request);
  const { email, booking } = await book(request, 'Linnea');
  const settings = await api.get<MailSettings>('/api/admin/mail-settings');

  await openDashboard(page, request);
  const panel = await openTab(page, 'Emails');

  if (settings.delivering) {
    await expect(panel.getByText(BANNER)).toHaveCount(0);
  } else {
    const banner = panel.getByTestId('mail-settings-banner');
    await expect(banner.getByRole('heading', { name: BANNER })).toBeVisible();
    await expect(banner).toContainText(settings.from);
    await expect(banner).toContainText(settings.notify ?? 'NOTIFY_EMAIL is not set');
  }

  const row = panel.getByTestId('email-row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(REQUEST_SUBJECT);
  await expect(row).toContainText('Booking request received');
  await expect(row).toContainText('To the guest');
  await expect(row).toContainText(/\w{3} \d{1,2}, \d{4}/);
  if (!settings.delivering) {
    await expect(row.getByTestId('email-state')).toHaveText('Queued');
    // Queued messages are never offered for resending.
    await expect(row.getByRole('button', { name: /^Resend/ })).toHaveCount(0);
  }

  // The filter: All / Queued / Sending / Sent / Failed, one pressed at a time.
  const filters = panel.getByRole('group', { name: 'Show emails by state' }).getByRole('button');
  await expect(filters).toHaveText([/^All/, /^Queued/, /^Sending/, /^Sent/, /^Failed/]);
  await expect(filters.first()).toHaveAttribute('aria-pressed', 'true');
  await filters.filter({ hasText: /^Failed/ }).click();
  await expect(filters.filter({ hasText: /^Failed/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(row).toHaveCount(0);
  if (!settings.delivering) {
    await filters.filter({ hasText: /^Queued/ }).click();
    await expect(row).toHaveCount(1);
  }
  await filters.filter({ hasText: /^All/ }).click();
  await expect(row).toHaveCount(1);

  await row.getByRole('button', { name: `View the email to ${email}: ${REQUEST_SUBJECT}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Email Details' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(email);
  await expect(dialog).toContainText(REQUEST_SUBJECT);
  await expect(dialog.getByTestId('email-text')).toContainText('Dear Linnea,');
  await expect(dialog.getByTestId('email-text')).toContainText('/bookings/manage/');
  // The HTML part sits in a frame with every sandbox restriction.
  const frame = dialog.locator('iframe');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(dialog.frameLocator('iframe').getByText('We have your request').first()).toBeVisible();
  if (!settings.delivering) await expect(dialog.getByText('No attempts yet.')).toBeVisible();
  await settle(page);
  await expectNoSeriousAxeViolations(page, '[role="dialog"]', 'iframe');

  // The booking it is about is one click away.
  await dialog.getByRole('link', { name: 'View the booking' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('tab', { name: 'Bookings' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(new RegExp(`\\?tab=bookings&booking=${booking.id}$`));
  await expect(page.locator(`[data-booking-id="${booking.id}"]`)).toHaveAttribute('aria-current', 'true');
  await api.delete(`/api/admin/bookings/${booking.id}`);
});

test('previews: all thirty templates (the specification’s twelve, the three payment mails, the gift card, the reply to a message, the team invitation and reset link, a moved booking for the guest and the owner, the visit reminder, after the visit the thank-you, the invitation to return and a rating taken down, the waitlist’s joined and offer mails, and a guest’s data: her request to confirm, the owner told of it, and the link to her copy), each with its subject, sandboxed HTML and plain text', async ({
  page,
  request,
}) => {
  await openDashboard(page, request);
  const panel = await openTab(page, 'Emails');
  await panel.getByRole('button', { name: 'Previews' }).click();
  const dialog = page.getByRole('dialog', { name: 'Email Previews' });
  const templates = dialog.getByRole('tablist', { name: 'Templates' }).getByRole('tab');
  await expect(templates).toHaveCount(30);
  await expect(templates.first()).toHaveAttribute('aria-selected', 'true');

  const shown = dialog.getByRole('tabpanel');
  await expect(shown.getByRole('heading', { level: 3 })).toHaveText(REQUEST_SUBJECT);
  await expect(shown.locator('iframe')).toHaveAttribute('sandbox', '');

  await templates.filter({ hasText: 'Booking confirmed' }).click();
  await expect(shown.getByRole('heading', { level: 3 })).toHaveText(/^Confirmed: /);
  await expect(shown).toContainText('Calendar invitation attached');
  await expect(shown.locator('pre')).toContainText('Golden Pine');

  await templates.filter({ hasText: 'Gift card delivered' }).click();
  await expect(shown.locator('pre')).toContainText('View and print your card');

  await templates.filter({ hasText: 'Reply to a message' }).click();
  await expect(shown.getByRole('heading', { level: 3 })).toHaveText('Re: your message to Golden Pine Wellness Retreat');
  await expect(shown.locator('pre')).toContainText('you wrote:');

  // A reminder asks with its three answers, each opening the guest's page.
  await templates.filter({ hasText: 'Visit reminder' }).click();
  await expect(shown.getByRole('heading', { level: 3 })).toHaveText(/will you be with us\?$/);
  await expect(shown.locator('pre')).toContainText('?answer=confirm');
  await expect(shown.locator('pre')).toContainText('?answer=change');

  // After the visit: a rating link and the follow-ups' own one-click unsubscribe.
  await templates.filter({ hasText: 'Thank you for visiting' }).click();
  await expect(shown.getByRole('heading', { level: 3 })).toHaveText('Thank you for your visit to Golden Pine');
  await expect(shown.locator('pre')).toContainText('/visits/rate?token=');
  await expect(shown).toContainText('One-click unsubscribe');

  // The waitlist (issue 43, part 4): on it with a link to leave it; a place offered with its page and until when it is held.
  await templates.filter({ hasText: 'Joined the waitlist' }).click();
  await expect(shown.getByRole('heading', { level: 3 })).toHaveText('You are on the Golden Pine waitlist');
  await expect(shown.locator('pre')).toContainText('/waitlist/leave?token=');
  await templates.filter({ hasText: 'Waitlist offer' }).click();
  await expect(shown.getByRole('heading', { level: 3 })).toHaveText(/^A place has opened: /);
  await expect(shown.locator('pre')).toContainText('/waitlist/offer?token=');
  await expect(shown.locator('pre')).toContainText('Held for you until');

  // A guest's data (issue 45, part 4): her request confirmed from its page; her copy's readable page.
  await templates.filter({ hasText: 'Data request to confirm' }).click();
  await expect(shown.getByRole('heading', { level: 3 })).toHaveText('Confirm your request to Golden Pine');
  await expect(shown.locator('pre')).toContainText('/privacy/confirm?token=');
  await templates.filter({ hasText: 'Copy of her data ready' }).click();
  await expect(shown.locator('pre')).toContainText('/api/privacy/copy?token=');
  await expect(shown.locator('pre')).toContainText('format=html');

  await templates.filter({ hasText: 'Newsletter welcome' }).click();
  await expect(shown).toContainText('One-click unsubscribe');
  await expect(dialog.frameLocator('iframe').locator('body')).toContainText(/unsubscribe/i);

  await settle(page);
  await expectNoSeriousAxeViolations(page, '[role="dialog"]', 'iframe');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(panel.getByRole('button', { name: 'Previews' })).toBeFocused();
});

test('a failed email offers Resend: it is posted, the list is asked again, a toast confirms', async ({ page, request }) => {
  // Nothing fails without a mail server to refuse it, so the outbox answers are stubbed here.
  const failed: Email & Record<string, unknown> = {
    id: '00000000-0000-4000-8000-00000000f00d',
    template: 'order_receipt',
    to: 'wren.failed@example.test',
    subject: 'Your Golden Pine order #3f9a61c4',
    state: 'failed',
    attempts: 5,
    lastError: '550 5.1.1 mailbox unavailable',
    relatedId: null,
    calendarMethod: null,
    createdAt: '2026-11-20T17:20:00Z',
    nextAttemptAt: '2026-11-20T18:20:00Z',
    sentAt: null,
  };
  let resent = 0;
  // The Emails view reads the outbox a page at a time (GET /api/admin/outbox).
  await page.route('**/api/admin/outbox?*', (route) =>
    route.fulfill({
      json: {
        items: [resent > 0 ? { ...failed, state: 'queued', attempts: 0, lastError: null } : failed],
        next: null,
        previous: null,
        total: 1,
        totalExact: true,
      },
    }),
  );
  await page.route(`**/api/admin/emails/${failed.id}/resend`, (route) => {
    expect(route.request().method()).toBe('POST');
    expect(route.request().headers().authorization).toMatch(/^Bearer /);
    resent += 1;
    return route.fulfill({ json: { ...failed, state: 'queued', attempts: 0, lastError: null } });
  });

  await openDashboard(page, request);
  const panel = await openTab(page, 'Emails');
  const row = panel.getByTestId('email-row').filter({ hasText: failed.to });
  await expect(row.getByTestId('email-state')).toHaveText('Failed');
  await expect(row).toContainText('550 5.1.1 mailbox unavailable');
  await expect(row).toContainText('Order receipt');

  await row.getByRole('button', { name: `Resend the email to ${failed.to}` }).click();
  await expectSuccess(page, 'Email queued to be sent again');
  await expect(row.getByTestId('email-state')).toHaveText('Queued');
  await expect(row.getByRole('button', { name: /^Resend/ })).toHaveCount(0);
  expect(resent).toBe(1);
});

test('mail links open the tab and the record they name', async ({ page, request }) => {
  const api = await AdminApi.create(request);
  const tag = unique();
  const sent = await request.post('/api/contact-messages', {
    data: {
      firstName: 'Sorrel',
      lastName: `Link${tag}`,
      email: `sorrel.${tag}@example.test`,
      interest: 'spa',
      message: 'Hello from a link.',
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const message = (await sent.json()) as { id: string };

  await openDashboard(page, request);
  await page.goto(`/admin/dashboard?tab=messages&message=${message.id}`);
  const dialog = page.getByRole('dialog', { name: 'Message Details' });
  await expect(dialog.getByTestId('message-body')).toHaveText('Hello from a link.');
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('tab', { name: 'Messages' })).toHaveAttribute('aria-selected', 'true');
  // Closed, the record is forgotten: a reload does not open it again.
  await expect(page).toHaveURL(/\?tab=messages$/);

  await page.goto('/admin/dashboard?tab=emails');
  await expect(page.getByRole('tab', { name: 'Emails' })).toHaveAttribute('aria-selected', 'true');
  await page.goto('/admin/dashboard?tab=not-a-tab');
  await expect(page.getByRole('tab', { name: 'Products' })).toHaveAttribute('aria-selected', 'true');
  // Choosing a tab writes it to the address.
  await page.getByRole('tab', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\?tab=orders$/);
  await api.delete(`/api/admin/contact-messages/${message.id}`);
});
