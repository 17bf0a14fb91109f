import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';
import { saveSession, type LoginResponse } from '../../session/admin-session';
import { adminKeys } from '../../shared/admin-keys';
import { getPasskey } from '../../shared/webauthn';

/** What a right password leads to for a member with a second factor. */
export type SecondFactorStep = components['schemas']['SecondFactorStep'];

/** The second step a refused login carries (401 `second_factor_required`), if any. */
export function secondFactorStep(error: unknown): SecondFactorStep | undefined {
  if (!(error instanceof ApiError) || error.code !== 'second_factor_required') return undefined;
  try {
    const body = JSON.parse(error.body) as components['schemas']['LoginRefused'];
    return body.secondFactor ?? undefined;
  } catch {
    return undefined;
  }
}

/** A finished sign-in starts a session with no admin data cached, as a password login does. */
function useStartSession() {
  const queryClient = useQueryClient();
  return (answer: LoginResponse) => {
    queryClient.removeQueries({ queryKey: adminKeys.all });
    saveSession(answer);
  };
}

/** The second step by the authenticator app's code or a recovery code. */
export function useLoginWithCode() {
  const start = useStartSession();
  return useMutation({
    mutationFn: async (body: { challenge: string; code: string }) => unwrap(await api.POST('/api/admin/login/code', { body })),
    onSuccess: start,
  });
}

/**
 * Signs in with a passkey: with the second step's challenge, one of the
 * member's own passkeys; with none, any passkey of this site (no password).
 */
export function useLoginWithPasskey() {
  const start = useStartSession();
  return useMutation({
    mutationFn: async (step?: { challenge: string }) => {
      const options = unwrap(await api.POST('/api/admin/login/passkey/options', { body: { challenge: step?.challenge } }));
      const credential = await getPasskey(options.publicKey);
      return unwrap(await api.POST('/api/admin/login/passkey', { body: { challenge: options.challenge, credential } }));
    },
    onSuccess: start,
  });
}
