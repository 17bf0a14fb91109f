import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminGet, adminToken, apiJson, chooseSelectOption, dateFromToday, distinctFutureDay, expectToast, uniqueSuffix } from './helpers';

/*
 * A service's name and price live in its record, and the site finds a
 * service by its booking key (docs/decisions.md §5, §7): with every service
 * renamed and repriced, the home page's nightly rate, "book now", the quiz
 * and a booking all follow the records.
 */

type Service = {
  id: string;
  name: string;
  description: string;
  price: string;
  duration: number;
  image: string;
  bookingKey: string | null;
};

async function save(request: APIRequestContext, token: string, service: Service) {
  const { id, name, description, price, duration, image, bookingKey } = service;
  const response = await request.put(`/api/admin/services/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { name, description, price, duration, image, bookingKey },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test('every service renamed and repriced: the home page, book now, the quiz and a booking follow the records', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const original = await apiJson<Service[]>(request, '/api/services');
  const suffix = uniqueSuffix();
  const renamed = original.map((service, i) => ({ ...service, name: `Ritual ${suffix} ${i}`, price: `${301 + i}.00` }));
  const byKey = (key: string) => renamed.find((service) => service.bookingKey === key)!;
  try {
    for (const service of renamed) await save(request, token, service);

    // The home page's Tiny Home rate is the stay's record's.
    await page.goto('/');
    await expect(page.getByTestId('tiny-home-rate')).toContainText(`$${Number.parseInt(byKey('accommodation').price, 10)}`);

    // "book now" opens the dialog with that record's key chosen, named and priced as it is now.
    const massage = byKey('massage');
    await page.goto('/services');
    await page.getByRole('button', { name: `book now: ${massage.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Book Your Experience' });
    await expect(dialog.getByLabel('Service', { exact: true })).toContainText(`${massage.name} — $${Number.parseInt(massage.price, 10)}`);
    const email = `renamed-${suffix}@example.com`;
    const day = dateFromToday(distinctFutureDay(200));
    await dialog.getByLabel('First name').fill('Iris');
    await dialog.getByLabel('Last name').fill('Fern');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Date').fill(day);
    await chooseSelectOption(page, 'Time', /^1:00 PM/);
    await dialog.getByRole('button', { name: 'Request Booking' }).click();
    await expectToast(page, 'Booking Request Submitted', "Thank you! We'll contact you soon to confirm your appointment.");
    const bookings = await adminGet<{ email: string; service: string; date: string }[]>(request, '/api/bookings');
    expect(bookings.find((b) => b.email === email)).toMatchObject({ service: 'massage', date: day });

    // The quiz recommends the records by their keys: the stay, then the package.
    await page.goto('/wellness-quiz');
    for (const label of ['Reconnect with my inner self', 'Light and balanced', 'A full day', 'Holistic rituals']) {
      await page.getByText(label, { exact: true }).click();
      await page.getByRole('button', { name: 'NEXT' }).click();
    }
    await page.getByText('Herbal teas', { exact: true }).click();
    await page.getByRole('button', { name: 'GET RESULTS' }).click();
    const primary = page.getByTestId('quiz-primary');
    await expect(primary).toContainText(byKey('accommodation').name);
    await expect(primary).toContainText(`From $${byKey('accommodation').price}`);
    await expect(page.getByTestId('quiz-secondary')).toContainText(byKey('package').name);
  } finally {
    for (const service of original) await save(request, token, service);
  }
});
