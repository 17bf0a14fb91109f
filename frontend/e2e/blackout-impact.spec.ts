import { expect, test } from '@playwright/test';
import { AdminApi, dayFromToday, expectSuccess, openDashboard, openTab, unique } from './admin-helpers';

type Booking = { id: string; email: string; status: string };
type Blackout = { id: string; reason: string | null };

test('a blackout lists the bookings it covers and cancels them when the owner chooses so', async ({ page, request }) => {
  const tag = unique();
  const day = dayFromToday(230);
  const email = `covered-${tag}@example.com`;
  const booked = await request.post('/api/bookings', {
    data: { firstName: 'Wren', lastName: `Covered ${tag}`, email, service: 'spa', date: day, time: '13:00', notes: null },
  });
  expect(booked.status()).toBe(201);

  await openDashboard(page, request);
  const panel = await openTab(page, 'Calendar');
  await panel.getByRole('button', { name: 'Add Blackout Dates' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Blackout Dates' });
  await dialog.getByLabel('Start date').fill(dayFromToday(229));
  await dialog.getByLabel('End date').fill(dayFromToday(231));
  const impact = dialog.getByTestId('blackout-impact');
  await expect(impact).toContainText(`Wren Covered ${tag}`);
  await expect(impact).toContainText('Rustic Spa Treatments');
  await expect(impact.getByRole('radio', { name: 'Keep them' })).toBeChecked();
  await impact.getByRole('radio', { name: 'Cancel them and tell the guests' }).check();
  const reason = `Retreat closed ${tag}`;
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Create Blackout' }).click();
  await expectSuccess(page, 'Blackout dates created successfully');

  const api = await AdminApi.create(request);
  const bookings = await api.get<Booking[]>('/api/bookings');
  expect(bookings.find((b) => b.email === email)?.status).toBe('cancelled');
  const blackouts = await api.get<Blackout[]>('/api/admin/blackout-dates');
  const mine = blackouts.find((b) => b.reason === reason)!;
  expect(await api.delete(`/api/admin/blackout-dates/${mine.id}`)).toBe(204);
});
