import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { clearSession, saveSession } from '../../session/admin-session';
import { visitSettingsKey, type VisitSettings } from '../api/visit-settings';
import { REMINDER_DEFAULTS, STAY_SECOND_DAYS_MESSAGE } from '../visit-settings-schema';
import { VisitSettingsPanel } from './visit-settings-panel';

function signIn(role: 'owner' | 'staff') {
  saveSession({
    token: 'tok',
    expiresAt: '2026-01-01T08:00:00Z',
    admin: {
      id: 'a1',
      email: 'a@b.co',
      name: 'Willow',
      isActive: true,
      createdAt: '2026-01-01T00:00:00Z',
      role,
      twoFactor: false,
      canReadIntake: false,
    },
  });
}

function renderPanel(freeMoves: number, reminders: Partial<VisitSettings['reminders']> = {}) {
  const client = createQueryClient();
  // Read already: nothing is fetched.
  client.setQueryData<VisitSettings>(visitSettingsKey(), {
    freeMoves,
    offerHoldMinutes: 120,
    reminders: { ...REMINDER_DEFAULTS, checkedAt: null, ...reminders },
  });
  return render(
    <QueryClientProvider client={client}>
      <VisitSettingsPanel />
    </QueryClientProvider>,
  );
}

// Radix's checkbox measures itself; jsdom has no ResizeObserver.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoResizeObserver);
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

describe('VisitSettingsPanel', () => {
  it('lets an owner change the free moves', () => {
    signIn('owner');
    renderPanel(2);
    const field = screen.getByLabelText<HTMLInputElement>('Free moves per booking');
    expect(field.value).toBe('2');
    expect(field.readOnly).toBe(false);
    expect(screen.getAllByRole('button', { name: 'Save' })).toHaveLength(1);
  });

  it('shows staff the free moves, read-only', () => {
    signIn('staff');
    renderPanel(1);
    const field = screen.getByLabelText<HTMLInputElement>('Free moves per booking');
    expect(field.value).toBe('1');
    expect(field.readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Only an owner can change this.');
  });

  it('shows an owner the reminders, each field with its value', () => {
    signIn('owner');
    renderPanel(1, { checkedAt: null });
    expect(screen.getByRole('checkbox', { name: 'Send reminders' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByLabelText<HTMLInputElement>('First reminder before a treatment').value).toBe('48');
    expect(screen.getByRole('checkbox', { name: 'Second on the morning of the visit' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByLabelText<HTMLInputElement>('First reminder before a stay').value).toBe('7');
    expect(screen.getByLabelText<HTMLInputElement>('Second before a stay').value).toBe('1');
    expect(screen.getByRole('combobox', { name: 'Quiet hours from' }).textContent).toContain('9:00 PM');
    expect(screen.getByRole('combobox', { name: 'Until' }).textContent).toContain('8:00 AM');
    expect(screen.getByTestId('reminders-checked').textContent).toBe('Reminders last checked not yet');
    expect(screen.getByTestId('reminder-times').hasAttribute('disabled')).toBe(false);
  });

  it('keeps the times in view but disabled while reminders are off', () => {
    signIn('owner');
    renderPanel(1, { on: false, checkedAt: '2026-12-15T19:05:00Z' });
    expect(screen.getByRole('checkbox', { name: 'Send reminders' }).getAttribute('aria-checked')).toBe('false');
    expect(screen.getByTestId('reminder-times').hasAttribute('disabled')).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('First reminder before a stay').matches(':disabled')).toBe(true);
    expect(screen.getByTestId('reminders-checked').textContent).toBe('Reminders last checked Dec 15, 2026 at 11:05 AM');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Send reminders' }));
    expect(screen.getByTestId('reminder-times').hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('You have unsaved changes.');
  });

  it('shows the second day’s rule under its field, and nothing is sent', async () => {
    signIn('owner');
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderPanel(1);
    fireEvent.change(screen.getByLabelText('Second before a stay'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(STAY_SECOND_DAYS_MESSAGE));
    expect(screen.getByLabelText('Second before a stay').getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows an owner how long a waitlist offer is held', () => {
    signIn('owner');
    renderPanel(1);
    const hold = screen.getByLabelText<HTMLInputElement>('Hold an offer for');
    expect(hold.value).toBe('120');
    expect(hold.readOnly).toBe(false);
    expect(screen.getByText(/kept 2 hours for its guest/)).toBeTruthy();
    fireEvent.change(hold, { target: { value: '45' } });
    expect(screen.getByText(/kept 45 minutes for its guest/)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('You have unsaved changes.');
  });

  it('shows staff the reminders, read-only', () => {
    signIn('staff');
    renderPanel(1);
    const hours = screen.getByLabelText<HTMLInputElement>('First reminder before a treatment');
    expect(hours.readOnly).toBe(true);
    expect(screen.getByRole('checkbox', { name: 'Send reminders' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('checkbox', { name: 'Second on the morning of the visit' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('combobox', { name: 'Quiet hours from' }).hasAttribute('disabled')).toBe(true);
  });
});
