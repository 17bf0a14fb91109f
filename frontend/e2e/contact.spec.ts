import { expect, test } from '@playwright/test';
import { adminGet, chooseSelectOption, expectToast, uniqueSuffix } from './helpers';

test('contact form validates, sends, resets, and the message is stored', async ({ page, request }) => {
  await page.goto('/contact');
  await expect(page.getByText('54200 Pine Crest Road')).toBeVisible();
  await expect(page.getByText('(951) 555-0148').first()).toBeVisible();
  await expect(page.getByText('Mon-Fri')).toBeVisible();
  await expect(page.getByText('9:00 AM-6:00 PM')).toBeVisible();
  await expect(page.getByText('8:00 AM-7:00 PM')).toBeVisible();

  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByRole('button', { name: 'Send Message' }).click();
  for (const message of ['First name is required', 'Last name is required', 'Please enter a valid email address', 'Message is required']) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  }

  const email = `writer-${uniqueSuffix()}@example.com`;
  await form.getByLabel('First name').fill('Juniper');
  await form.getByLabel('Last name').fill('Sage');
  await form.getByLabel('Email').fill(email);
  await chooseSelectOption(page, /^I'm interested in/, 'Wellness Packages');
  await form.getByLabel('Message').fill('Do you host small group retreats?\nFour of us, in May.');
  await form.getByRole('button', { name: 'Send Message' }).click();

  await expectToast(page, 'Message Sent', "Thank you for reaching out! We'll get back to you soon.");
  await expect(form.getByLabel('Email')).toHaveValue('');
  await expect(form.getByLabel('Message')).toHaveValue('');

  type Message = { email: string; firstName: string; lastName: string; interest: string | null; message: string };
  const messages = await adminGet<Message[]>(request, '/api/contact-messages');
  expect(messages.find((m) => m.email === email)).toMatchObject({
    firstName: 'Juniper',
    lastName: 'Sage',
    interest: 'package',
    message: 'Do you host small group retreats?\nFour of us, in May.',
  });
});
