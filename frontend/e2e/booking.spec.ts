import { expect, test } from '@playwright/test';
import { adminGet, adminToken, chooseSelectOption, dateFromToday, distinctFutureDay, expectToast, uniqueSuffix } from './helpers';

const UNAVAILABLE = 'This date is not available for booking. Please select another date.';

test('every booking validation message', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'BOOK EXPERIENCE' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book Your Experience' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Request Booking' }).click();
  for (const message of [
    'First name is required',
    'Last name is required',
    'Please enter a valid email address',
    'Please select a service',
    'Please select a date',
    'Please select a time',
  ]) {
    await expect(dialog.getByText(message, { exact: true })).toBeVisible();
  }
  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByLabel('First name').fill('Mara');
  await dialog.getByRole('button', { name: 'Request Booking' }).click();
  await expect(dialog.getByText('Please enter a valid email address', { exact: true })).toBeVisible();
  await expect(dialog.getByText('First name is required', { exact: true })).toBeHidden();
  // The earliest selectable date is today in Idyllwild.
  await expect(dialog.getByLabel('Date')).toHaveAttribute('min', dateFromToday(0));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('a blacked-out date shows the inline alert; an open date books', async ({ page, request }) => {
  const token = await adminToken(request);
  const blackedOut = dateFromToday(distinctFutureDay(500));
  const created = await request.post('/api/admin/blackout-dates', {
    headers: { Authorization: `Bearer ${token}` },
    data: { startDate: blackedOut, endDate: blackedOut, type: 'all', reason: 'E2E closure' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const blackout = (await created.json()) as { id: string };

  try {
    await page.goto('/services');
    // "book now" on a service opens the dialog with that service chosen.
    await page.getByRole('button', { name: /book now: Massage Therapy/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Book Your Experience' });
    await expect(dialog.getByLabel('Service', { exact: true })).toContainText('Massage Therapy');

    await dialog.getByLabel('Date').fill(blackedOut);
    await expect(dialog.getByText(UNAVAILABLE, { exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Request Booking' })).toBeDisabled();

    const openDay = dateFromToday(distinctFutureDay(100));
    await dialog.getByLabel('Date').fill(openDay);
    await expect(dialog.getByText(UNAVAILABLE, { exact: true })).toBeHidden();

    const email = `booker-${uniqueSuffix()}@example.com`;
    await dialog.getByLabel('First name').fill('Mara');
    await dialog.getByLabel('Last name').fill('Cedar');
    await dialog.getByLabel('Email').fill(email);
    await chooseSelectOption(page, 'Time', /^11:00 AM/);
    await dialog.getByLabel('Notes').fill('A quiet room, please.');
    await dialog.getByRole('button', { name: 'Request Booking' }).click();

    await expectToast(page, 'Booking Request Submitted', "Thank you! We'll contact you soon to confirm your appointment.");
    await expect(dialog).toBeHidden();

    type Booking = { email: string; service: string; date: string; time: string; notes: string | null; status: string };
    const bookings = await adminGet<Booking[]>(request, '/api/bookings');
    expect(bookings.find((b) => b.email === email)).toMatchObject({
      service: 'massage',
      date: openDay,
      time: '11:00',
      notes: 'A quiet room, please.',
      status: 'pending',
    });

    // The form was reset for the next guest.
    await page.getByRole('banner').getByRole('button', { name: 'BOOK EXPERIENCE' }).click();
    await expect(page.getByRole('dialog', { name: 'Book Your Experience' }).getByLabel('Email')).toHaveValue('');
  } finally {
    await request.delete(`/api/admin/blackout-dates/${blackout.id}`, { headers: { Authorization: `Bearer ${token}` } });
  }
});

test('the home page buttons open the booking dialog', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Book your sanctuary' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book Your Experience' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'check availability' }).click();
  await expect(dialog.getByLabel('Service', { exact: true })).toContainText('Tiny Home Retreat');
});

test('the service choices show the prices of the service records', async ({ page, request }) => {
  type Service = {
    id: string;
    name: string;
    description: string;
    price: string;
    duration: number;
    image: string;
    bookingKey: string | null;
  };
  const services = (await (await request.get('/api/services')).json()) as Service[];
  const massage = services.find((s) => s.bookingKey === 'massage')!;
  const stay = services.find((s) => s.bookingKey === 'accommodation')!;
  const token = await adminToken(request);
  const setPrice = async (price: string) => {
    const response = await request.put(`/api/admin/services/${massage.id}`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { name: massage.name, description: massage.description, price, duration: massage.duration, image: massage.image },
    });
    expect(response.status()).toBe(200);
  };
  await setPrice('135.00');
  try {
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'BOOK EXPERIENCE' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book Your Experience' });
    await dialog.getByRole('combobox', { name: 'Service' }).click();
    await expect(page.getByRole('option', { name: `${massage.name} — $135` })).toBeVisible();
    const nightly = `$${Number(stay.price)}`;
    await expect(page.getByRole('option', { name: `${stay.name} — ${nightly} per night` })).toBeVisible();
  } finally {
    await setPrice(massage.price);
  }
});
