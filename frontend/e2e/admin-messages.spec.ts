import { expect, test } from '@playwright/test';
import { AdminApi, answerNextConfirm, expectSuccess, openDashboard, openTab, unique } from './admin-helpers';

type Message = { id: string };

const DELETE_TEXT = 'Are you sure you want to delete this message?';

test('messages: spinner, interest badges, details with line breaks and reply link, delete with confirmation', async ({ page, request }) => {
  test.slow();
  const api = await AdminApi.create(request);
  const tag = unique();
  const send = async (firstName: string, interest: string | null, message: string) => {
    const response = await request.post('/api/contact-messages', {
      data: { firstName, lastName: `Writer${tag}`, email: `${firstName.toLowerCase()}.${tag}@example.test`, interest, message },
    });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as Message;
  };
  const spa = await send('Iris', 'spa', 'Hello,\nDo you have openings in March?\n\n  — Iris');
  const general = await send('Juno', 'general', 'Just saying thank you.');
  const none = await send('Kai', null, '<b>not bold</b>');

  // Hold the list to see the spinner.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  // The tab reads a page of messages (issue 23): GET /api/admin/contact-messages?limit=50.
  await page.route(
    (url) => url.pathname === '/api/admin/contact-messages',
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await openDashboard(page, request);
  const panel = await openTab(page, 'Messages');
  await expect(panel.getByRole('status')).toHaveText(/Loading messages/);
  release();

  const row = (id: string) => panel.locator(`[data-message-id="${id}"]`);
  await expect(row(spa.id)).toContainText(`Iris Writer${tag}`);
  await expect(row(spa.id)).toContainText(`iris.${tag}@example.test`);
  await expect(row(spa.id).getByText('Spa Treatments')).toHaveClass(/sky/);
  // "general" has no colour of its own: it wears Other's.
  await expect(row(general.id).getByText('General Inquiry')).toHaveClass(/stone/);
  await expect(row(none.id)).toContainText('—');

  await row(spa.id)
    .getByRole('button', { name: `View the message from Iris Writer${tag}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Message Details' });
  await expect(dialog).toContainText(`Iris Writer${tag}`);
  await expect(dialog).toContainText(`iris.${tag}@example.test`);
  await expect(dialog).toContainText('Spa Treatments');
  await expect(dialog).toContainText(/\w{3} \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M/);
  const body = dialog.getByTestId('message-body');
  await expect(body).toHaveCSS('white-space', 'pre-wrap');
  expect(await body.textContent()).toBe('Hello,\nDo you have openings in March?\n\n  — Iris');
  await expect(dialog.getByRole('link', { name: 'Reply via Email' })).toHaveAttribute(
    'href',
    new RegExp(`^mailto:iris\\.${tag}@example\\.test`),
  );
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();

  // Markup in a message stays text.
  await row(none.id)
    .getByRole('button', { name: /View the message from Kai/ })
    .click();
  await expect(page.getByRole('dialog', { name: 'Message Details' }).getByTestId('message-body')).toHaveText('<b>not bold</b>');
  await expect(page.getByRole('dialog', { name: 'Message Details' })).not.toContainText('Interest');
  await page.getByRole('dialog', { name: 'Message Details' }).getByRole('button', { name: 'Close', exact: true }).click();

  const ids = async () => (await api.get<Message[]>('/api/contact-messages')).map((m) => m.id);
  for (const message of [spa, general, none]) {
    const button = row(message.id).getByRole('button', { name: /^Delete the message from/ });
    if (message === spa) {
      const dismissed = answerNextConfirm(page, false, DELETE_TEXT);
      await button.click();
      await dismissed;
      await expect(row(message.id)).toBeVisible();
      expect(await ids()).toContain(message.id);
    }
    const accepted = answerNextConfirm(page, true, DELETE_TEXT);
    await button.click();
    await accepted;
    if (message === spa) await expectSuccess(page, 'Message deleted successfully');
    await expect(row(message.id)).toHaveCount(0);
    expect(await ids()).not.toContain(message.id);
  }
});
