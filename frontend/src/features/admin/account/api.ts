import { useMutation, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { saveSession } from '../session/admin-session';

export async function requestPasswordReset(email: string) {
  return unwrap(await api.POST('/api/admin/password-reset', { body: { email } }));
}

/** 204 when set; errors are thrown by the client itself. */
export async function confirmPasswordReset(token: string, password: string) {
  await api.POST('/api/admin/password-reset/confirm', { body: { token, password } });
}

/** What an invitation link opens (404 `invalid_link` when it no longer works). */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: async () => unwrap(await api.POST('/api/admin/invitation', { body: { token } })),
    enabled: token !== '',
    retry: false,
  });
}

/** Joins the team and keeps the new session, as a login does. */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: async ({ token, password }: { token: string; password: string }) =>
      unwrap(await api.POST('/api/admin/invitation/accept', { body: { token, password } })),
    onSuccess: saveSession,
  });
}

export const MIN_PASSWORD_CHARS = 12;

/** The password policy as the server states it (docs/decisions.md §2), checked before sending. */
export function passwordProblem(password: string, repeated: string): { password?: string; repeated?: string } {
  if ([...password].length < MIN_PASSWORD_CHARS) return { password: `Password must be at least ${MIN_PASSWORD_CHARS} characters` };
  if (new TextEncoder().encode(password).length > 72) return { password: 'Password must be at most 72 bytes' };
  if (password !== repeated) return { repeated: 'The two passwords differ' };
  return {};
}

/** The secret a mailed link carries after `#` (never sent to any server by the browser). */
export function linkSecret(): string {
  return typeof window === 'undefined' ? '' : decodeURIComponent(window.location.hash.replace(/^#/, ''));
}
