import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { clearSession, saveSession } from '../../session/admin-session';
import { visitSettingsKey } from '../api/visit-settings';
import { VisitSettingsPanel } from './visit-settings-panel';

function signIn(role: 'owner' | 'staff') {
  saveSession({
    token: 'tok',
    expiresAt: '2026-01-01T08:00:00Z',
    admin: { id: 'a1', email: 'a@b.co', name: 'Willow', isActive: true, createdAt: '2026-01-01T00:00:00Z', role, twoFactor: false },
  });
}

function renderPanel(freeMoves: number) {
  const client = createQueryClient();
  // Read already: nothing is fetched.
  client.setQueryData(visitSettingsKey(), { freeMoves });
  return render(
    <QueryClientProvider client={client}>
      <VisitSettingsPanel />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  clearSession();
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
});
