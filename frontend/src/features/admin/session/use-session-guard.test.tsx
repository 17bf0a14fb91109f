import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { dismissToast, useToasts } from '@/components/ui/toast-store';
import { ApiError } from '@/lib/api/errors';
import { createQueryClient } from '@/lib/query-client';
import { readSession, saveSession } from './admin-session';
import { useSessionGuard } from './use-session-guard';

function setup() {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const hook = renderHook(
    () => {
      useSessionGuard();
      return useToasts();
    },
    { wrapper },
  );
  return { client, hook };
}

const session = {
  token: 'tok',
  expiresAt: '2026-01-01T08:00:00Z',
  admin: {
    id: 'a1',
    email: 'a@b.co',
    name: 'Willow',
    isActive: true,
    createdAt: '2026-01-01T00:00:00Z',
    role: 'owner' as const,
    twoFactor: false,
    canReadIntake: false,
  },
};

afterEach(() => {
  window.localStorage.clear();
  dismissToast();
});

describe('session guard', () => {
  it('a 401 from any query ends the session with a toast', async () => {
    saveSession(session);
    const { client, hook } = setup();
    await client
      .fetchQuery({ queryKey: ['admin', 'orders'], queryFn: () => Promise.reject(new ApiError(401, 'Unauthorized', '{"message":"x"}')) })
      .catch(() => undefined);
    await waitFor(() => expect(readSession()).toBeNull());
    expect(hook.result.current[0]).toMatchObject({ title: 'Session ended', description: 'Please log in again.', open: true });
  });

  it('a 401 from a mutation does too; other failures leave the session alone', async () => {
    saveSession(session);
    const { client } = setup();
    const run = (error: Error) =>
      client
        .getMutationCache()
        .build(client, { mutationFn: () => Promise.reject(error) })
        .execute(undefined)
        .catch(() => undefined);
    await run(new ApiError(409, 'Conflict', '{"message":"full"}'));
    expect(readSession()).not.toBeNull();
    await run(new ApiError(401, 'Unauthorized', ''));
    await waitFor(() => expect(readSession()).toBeNull());
  });
});
