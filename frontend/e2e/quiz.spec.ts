import { expect, test, type Page } from '@playwright/test';
import { adminGet, expectToast, uniqueSuffix } from './helpers';

type Product = { category: string };

async function answer(page: Page, label: string) {
  await page.getByText(label, { exact: true }).click();
}

async function expectQuestion(page: Page, n: number) {
  await expect(page.getByTestId('quiz-progress')).toContainText(`Question ${n} of 5`);
  await expect(page.getByTestId('quiz-progress')).toContainText(`${n * 20}% Complete`);
}

test('previous, next, restored answers, results and retake', async ({ page, request }) => {
  await page.goto('/wellness-quiz');
  const previous = page.getByRole('button', { name: 'PREVIOUS' });
  const next = page.getByRole('button', { name: 'NEXT' });

  await expectQuestion(page, 1);
  await expect(previous).toBeDisabled();
  await expect(next).toBeDisabled();

  await answer(page, 'Reconnect with my inner self');
  await expect(next).toBeEnabled();
  await next.click();
  await expectQuestion(page, 2);
  await expect(previous).toBeEnabled();
  await expect(next).toBeDisabled();

  await previous.click();
  await expectQuestion(page, 1);
  await expect(page.getByRole('radio', { name: /Reconnect with my inner self/ })).toBeChecked();
  await next.click();

  await answer(page, 'Light and balanced');
  await next.click();
  await expectQuestion(page, 3);
  await answer(page, 'A full day');
  await next.click();
  await answer(page, 'Holistic rituals');
  await next.click();
  await expectQuestion(page, 5);
  await expect(page.getByRole('button', { name: 'NEXT' })).toHaveCount(0);
  const getResults = page.getByRole('button', { name: 'GET RESULTS' });
  await expect(getResults).toBeDisabled();
  await answer(page, 'Herbal teas');
  await getResults.click();

  // spiritual-growth → The Mindful Explorer: Tiny Home Retreat, then Wellness Packages.
  await expect(page.getByTestId('quiz-profile-title')).toHaveText('The Mindful Explorer');
  await expect(page.getByTestId('quiz-profile-message')).not.toBeEmpty();
  const primary = page.getByTestId('quiz-primary');
  await expect(primary.getByText('Perfect Match For You')).toBeVisible();
  await expect(primary).toContainText('Tiny Home Retreat');
  await expect(primary).toContainText(/From \$\d+\.\d{2}/);
  await expect(primary.getByRole('link', { name: 'BOOK NOW' })).toHaveAttribute('href', '/services');
  const secondary = page.getByTestId('quiz-secondary');
  await expect(secondary.getByText('Also Consider')).toBeVisible();
  await expect(secondary).toContainText('Wellness Packages');
  await expect(secondary.getByRole('link', { name: 'EXPLORE' })).toHaveAttribute('href', '/services');

  const products = (await (await request.get('/api/products')).json()) as Product[];
  const teas = products.filter((p) => p.category === 'teas').length;
  const shown = page.getByTestId('quiz-product');
  await expect(shown).toHaveCount(Math.min(3, teas));
  for (const card of await shown.all()) await expect(card).toContainText('teas');
  if (teas > 0) await expect(page.getByText('Take Your Wellness Home')).toBeVisible();
  await expect(page.getByRole('link', { name: 'CONTACT US' })).toHaveAttribute('href', '/contact');

  await page.getByRole('button', { name: 'RETAKE QUIZ' }).click();
  await expectQuestion(page, 1);
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'NEXT' })).toBeDisabled();
});

test('no profile for burnout; quick overrides the primary service', async ({ page }) => {
  await page.goto('/wellness-quiz');
  for (const label of ['Release stress and tension', 'Running on empty', 'A quick reset', 'Hands-on bodywork', 'A little of everything']) {
    await answer(page, label);
    await page.getByRole('button', { name: /^(NEXT|GET RESULTS)$/ }).click();
  }
  await expect(page.getByTestId('quiz-profile-title')).toHaveText('Your Personal Recommendations');
  await expect(page.getByTestId('quiz-profile-message')).toHaveCount(0);
  await expect(page.getByTestId('quiz-primary')).toContainText('Rustic Spa Treatments');
  await expect(page.getByTestId('quiz-secondary')).toContainText('Rustic Spa Treatments');
  await expect(page.getByTestId('quiz-product')).toHaveCount(3);
});

test('the stress warrior stays overnight', async ({ page }) => {
  await page.goto('/wellness-quiz');
  for (const label of ['Release stress and tension', 'Carrying a lot', 'An overnight escape', 'Quiet relaxation', 'Botanical skincare']) {
    await answer(page, label);
    await page.getByRole('button', { name: /^(NEXT|GET RESULTS)$/ }).click();
  }
  await expect(page.getByTestId('quiz-profile-title')).toHaveText('The Stress Warrior');
  await expect(page.getByTestId('quiz-primary')).toContainText('Tiny Home Retreat');
  await expect(page.getByTestId('quiz-secondary')).toContainText('Tiny Home Retreat');
  for (const card of await page.getByTestId('quiz-product').all()) await expect(card).toContainText('skincare');
});

/** "13:00" → "1:00 PM", as the time select shows it. */
function slotLabel(slot: string): string {
  const [hour = 0, minutes = 0] = slot.split(':').map(Number);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minutes).padStart(2, '0')} ${hour >= 12 ? 'PM' : 'AM'}`;
}

test('an open time in the results opens the booking dialog with service, date and time chosen', async ({ page, request }) => {
  const open = (await (await request.get('/api/open-times?service=spa')).json()) as { date: string; time: string }[];
  expect(open).toHaveLength(3);
  await page.goto('/wellness-quiz');
  for (const label of ['Release stress and tension', 'Running on empty', 'A quick reset', 'Hands-on bodywork', 'A little of everything']) {
    await answer(page, label);
    await page.getByRole('button', { name: /^(NEXT|GET RESULTS)$/ }).click();
  }
  const times = page.getByTestId('quiz-open-times');
  await expect(times.getByText('Next open times')).toBeVisible();
  const buttons = times.getByRole('button');
  await expect(buttons).toHaveCount(3);
  await buttons.first().click();

  const dialog = page.getByRole('dialog', { name: 'Book Your Experience' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Service' })).toContainText('Rustic Spa Treatments');
  await expect(dialog.getByLabel('Date')).toHaveValue(open[0]!.date);
  await expect(dialog.getByRole('combobox', { name: 'Time' })).toContainText(slotLabel(open[0]!.time));
  const email = `quinn-${uniqueSuffix()}@example.com`;
  await dialog.getByLabel('First name').fill('Quinn');
  await dialog.getByLabel('Last name').fill('Pine');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Request Booking' }).click();
  await expectToast(page, 'Booking Request Submitted', "Thank you! We'll contact you soon to confirm your appointment.");
  type Booking = { email: string; service: string; date: string; time: string };
  const bookings = await adminGet<Booking[]>(request, '/api/bookings');
  expect(bookings.find((b) => b.email === email)).toMatchObject({ service: 'spa', date: open[0]!.date, time: open[0]!.time });
});
