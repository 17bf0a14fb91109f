import { api } from '@/lib/api/client';

/**
 * Ends this device's session on the server (the admin's other devices stay
 * signed in; the Security tab signs them out). The token is passed, not
 * read from storage, as the caller clears the stored session right after.
 * Failures (offline, an already expired token) are ignored: logging out
 * locally never waits for or depends on this call, and a 401 here must not
 * reach the session guard's "Session ended" notice.
 */
export function logoutOnServer(token: string): void {
  api.POST('/api/admin/logout', { headers: { Authorization: `Bearer ${token}` } }).catch(() => undefined);
}
