import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { openDashboard, openTab } from './admin-helpers';

const exportsByTab = [
  { tab: 'Orders', button: 'Export CSV', file: /^golden-pine-orders-\d{4}-\d{2}-\d{2}\.csv$/, header: 'id,created_at,status,first_name' },
  { tab: 'Bookings', button: 'Export CSV', file: /^golden-pine-bookings-/, header: 'id,created_at,status,service,date,time' },
  { tab: 'Messages', button: 'Export CSV', file: /^golden-pine-contact-messages-/, header: 'id,created_at,first_name' },
  { tab: 'Messages', button: 'Subscribers CSV', file: /^golden-pine-newsletter-subscriptions-/, header: 'id,created_at,email' },
];

test('each tab downloads its CSV with the header row', async ({ page, request }) => {
  await openDashboard(page, request);
  for (const { tab, button, file, header } of exportsByTab) {
    const panel = await openTab(page, tab);
    const download = page.waitForEvent('download');
    await panel.getByRole('button', { name: button }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toMatch(file);
    const text = await readFile(await saved.path(), 'utf8');
    expect(text.startsWith(`\uFEFF${header}`), text.slice(0, 80)).toBe(true);
    expect(text).toContain('\r\n');
  }
});
