import { expect, test } from '@playwright/test';
import {
  AdminApi,
  adminCalendarDay,
  answerNextConfirm,
  choose,
  expectSuccess,
  expectToast,
  openDashboard,
  openTab,
  unique,
} from './admin-helpers';

type Booking = { id: string; status: string; date: string; time: string };
type Service = { id: string; name: string };

const DELETE_TEXT = 'Are you sure you want to delete this booking?';

test('bookings: status round trip, a 409 when reinstating into a full slot, delete with confirmation', async ({ page, request }) => {
  test.slow();
  const api = await AdminApi.create(request);
  const massage = (await api.get<Service[]>('/api/services')).find((s) => s.name === 'Massage Therapy')!;
  const date = adminCalendarDay();
  // One place for massage that day, so a cancelled booking cannot come back once the place is retaken.
  await api.post(
    '/api/admin/availability',
    { date, serviceId: massage.id, accommodationType: 'none', timeSlot: null, maxCapacity: 1, isBlocked: false },
    200,
  );

  const tag = unique();
  const book = async (firstName: string) =>
    api.post<Booking>('/api/bookings', {
      firstName,
      lastName: `Booker${tag}`,
      email: `${firstName.toLowerCase()}.${tag}@example.test`,
      service: 'massage',
      date,
      time: '11:00',
      notes: null,
    });
  const first = await book('Ada');
  const firstStatus = async () => (await api.get<Booking[]>('/api/bookings')).find((b) => b.id === first.id)?.status;

  await openDashboard(page, request);
  const panel = await openTab(page, 'Bookings');
  const firstRow = panel.locator(`[data-booking-id="${first.id}"]`);
  await expect(firstRow).toContainText(`Ada Booker${tag}`);
  await expect(firstRow).toContainText(`ada.${tag}@example.test`);
  await expect(firstRow).toContainText('Massage Therapy');
  await expect(firstRow).toContainText('11:00 AM');
  await expect(firstRow.getByTestId('status-badge')).toHaveText('Pending');
  await expect(firstRow.getByTestId('status-badge')).toHaveClass(/amber/);

  const statusOf = (name: string) => new RegExp(`^Status of the booking of ${name} Booker${tag}`);
  await choose(firstRow, statusOf('Ada'), 'Confirmed');
  await expectSuccess(page, 'Booking updated successfully');
  await expect(firstRow.getByTestId('status-badge')).toHaveClass(/emerald/);
  await expect.poll(async () => await firstStatus()).toBe('confirmed');

  await choose(firstRow, statusOf('Ada'), 'Completed');
  await expect(firstRow.getByTestId('status-badge')).toHaveClass(/sky/);
  await expect.poll(async () => await firstStatus()).toBe('completed');

  // Cancelling gives the place back; someone else takes it; reinstating is refused.
  await choose(firstRow, statusOf('Ada'), 'Cancelled');
  await expect(firstRow.getByTestId('status-badge')).toHaveText('Cancelled');
  await expect(firstRow.getByTestId('status-badge')).toHaveClass(/rose/);
  await expect.poll(async () => await firstStatus()).toBe('cancelled');
  const second = await book('Bea');

  const answer = page.waitForResponse((r) => r.url().endsWith(`/api/admin/bookings/${first.id}`) && r.request().method() === 'PUT');
  await choose(firstRow, statusOf('Ada'), 'Confirmed');
  const conflict = await answer;
  expect(conflict.status()).toBe(409);
  const { message } = (await conflict.json()) as { message: string };
  expect(message).toBeTruthy();
  await expectToast(page, 'Error', message);
  await expect(firstRow.getByTestId('status-badge')).toHaveText('Cancelled');
  expect((await api.get<Booking[]>('/api/bookings')).find((b) => b.id === first.id)?.status).toBe('cancelled');

  // Delete: dismissed, then accepted.
  const secondRow = panel.locator(`[data-booking-id="${second.id}"]`);
  const deleteButton = secondRow.getByRole('button', { name: /^Delete the booking of Bea/ });
  let answered = answerNextConfirm(page, false, DELETE_TEXT);
  await deleteButton.click();
  await answered;
  await expect(secondRow).toBeVisible();
  expect((await api.get<Booking[]>('/api/bookings')).some((b) => b.id === second.id)).toBe(true);

  answered = answerNextConfirm(page, true, DELETE_TEXT);
  await deleteButton.click();
  await answered;
  await expectSuccess(page, 'Booking deleted successfully');
  await expect(secondRow).toHaveCount(0);
  expect((await api.get<Booking[]>('/api/bookings')).some((b) => b.id === second.id)).toBe(false);

  // Clean up the first booking through the UI as well.
  answered = answerNextConfirm(page, true, DELETE_TEXT);
  await firstRow.getByRole('button', { name: /^Delete the booking of Ada/ }).click();
  await answered;
  await expect(firstRow).toHaveCount(0);
});
