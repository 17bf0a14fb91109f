import { expect, test } from '@playwright/test';
import {
  AdminApi,
  adminCredentials,
  expectNoSeriousAxeViolations,
  expectSuccess,
  expectToast,
  openDashboard,
  openTab,
  settle,
  unique,
} from './admin-helpers';
import { waitForMail } from './mail-helpers';

/*
 * Issue 23: a guest writes through /contact; the owner opens the message in
 * the Messages tab (it becomes read), answers it from the dialog and sees the
 * answer kept there and its mail go out; the guest's mail, read as it arrived
 * over SMTP (aiosmtpd, a Maildir: mail-helpers.ts), carries the answer with
 * their own message quoted below it. It runs on the server whose mail reaches
 * a real SMTP server (E2E_MAIL_BASE_URL, playwright.config.ts); every run has
 * its own guest, so it runs again and again on one server.
 */

// Axe measures contrast as rendered: a dialog still fading in would count.
test.use({ baseURL: process.env.E2E_MAIL_BASE_URL, reducedMotion: 'reduce' });

type Message = { id: string; email: string; state: string };
type Thread = Message & {
  readAt: string | null;
  answeredAt: string | null;
  replies: Array<{ message: string; emailState: string | null }>;
};

const REPLY_SUBJECT = /^Re: your message to Golden Pine Wellness Retreat$/;

for (const width of [390, 1440]) {
  test(`at ${width} px the owner reads a guest's message and replies; the guest's mail quotes it; axe`, async ({ page, request }) => {
    test.slow();
    await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
    const run = unique();
    const email = `wren.${run}@example.test`;
    const from = `Wren Hollis${run}`;
    const question = 'Hello!\nIs the cedar sauna open in January?\n\n— Wren';
    const answer = `Dear Wren,\n\nIt is, every day from 8 until 8 (run ${run}).\n\nOlive`;

    // (a) The guest writes through the contact form.
    await page.goto('/contact');
    const contact = page.getByRole('form', { name: 'Contact form' });
    await contact.getByLabel('First name').fill('Wren');
    await contact.getByLabel('Last name').fill(`Hollis${run}`);
    await contact.getByLabel('Email').fill(email);
    await contact.getByLabel('Message').fill(question);
    await contact.getByRole('button', { name: 'Send Message' }).click();
    await expectToast(page, 'Message Sent');
    const api = await AdminApi.create(request);
    const sent = (await api.get<Message[]>('/api/contact-messages')).find((m) => m.email === email);
    expect(sent?.state).toBe('new');
    const path = `/api/admin/contact-messages/${sent!.id}`;

    // (b) The owner opens it: it is read.
    await openDashboard(page, request);
    const panel = await openTab(page, 'Messages');
    await panel
      .locator(`[data-message-id="${sent!.id}"]`)
      .getByRole('button', { name: `View the message from ${from}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Message Details' });
    await expect(dialog.getByTestId('message-body')).toHaveText(question);
    await expect(dialog.getByTestId('message-state')).toHaveText('Read');
    await expect(dialog).toContainText('No replies yet.');
    expect((await api.get<Thread>(path)).state).toBe('read');

    // (c) A blank reply is the form's to refuse; a too long one the server's, shown under the field.
    const field = dialog.getByLabel('Your reply');
    const send = dialog.getByRole('button', { name: 'Send reply' });
    await send.click();
    await expect(field).toHaveAccessibleDescription(/Please write your reply/);
    await field.fill('x'.repeat(5_001));
    await send.click();
    await expect(field).toHaveAccessibleDescription(/Must be at most 5000 characters/);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    expect((await api.get<Thread>(path)).replies).toEqual([]);

    // (d) The answer: "Sending…" while it goes (the request held to see it), then kept in the dialog.
    await field.fill(answer);
    await settle(page);
    await expectNoSeriousAxeViolations(page, '[role="dialog"]');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/contact-messages/*/replies', async (route) => {
      await held;
      await route.continue();
    });
    await send.click();
    await expect(dialog.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    release();
    await expectSuccess(page, 'Reply sent');
    await page.unroute('**/api/admin/contact-messages/*/replies');
    const kept = dialog.getByTestId('message-reply');
    await expect(kept).toHaveCount(1);
    expect(await kept.locator('p').textContent()).toBe(answer);
    await expect(kept).toContainText(adminCredentials().email);
    await expect(dialog.getByTestId('message-state')).toHaveText('Answered');
    await expect(field).toHaveValue('');
    // Its mail leaves through the outbox: the dialog sees it sent.
    await expect(kept).toContainText('Sent', { timeout: 30_000 });
    const thread = await api.get<Thread>(path);
    expect(thread.state).toBe('answered');
    expect(thread.replies.map((r) => [r.message, r.emailState])).toEqual([[answer, 'sent']]);

    // (e) The guest's mail: the answer, then their own message quoted below it.
    const mail = await waitForMail(email, REPLY_SUBJECT);
    const text = mail.text.replace(/\r\n/g, '\n');
    const [reply, quoted] = text.split('you wrote:');
    expect(reply).toContain(answer);
    expect(quoted).toContain('> Hello!\n> Is the cedar sauna open in January?\n>\n> — Wren');
    expect(mail.html).toContain('Is the cedar sauna open in January?');
    expect(mail.html).toContain(`It is, every day from 8 until 8 (run ${run}).`);

    await settle(page);
    await expectNoSeriousAxeViolations(page, '[role="dialog"]');

    // (f) Answered already; "Mark as unread" puts it back among the new ones and closes it.
    await expect(dialog.getByRole('button', { name: 'Mark as answered' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Mark as unread' }).click();
    await expectSuccess(page, 'Marked as unread');
    await expect(dialog).toBeHidden();
    expect((await api.get<Thread>(path)).state).toBe('new');
  });
}
