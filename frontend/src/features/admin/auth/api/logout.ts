import { api } from '@/lib/api/client';

/**
 * Ends every session of this admin on the server. The token is passed, not
 * read from storage, as the caller clears the stored session right after.
 * Failures (offline, an already expired token) are ignored: logging out
 * locally never waits for or depends on this call, and a 401 here must not
 * reach the session guard's "Session ended" notice.
 */
export function logoutOnServer(token: string): void {
  api.POST('/api/admin/logout', { headers: { Authorization: `Bearer ${token}` } }).catch(() => undefined);
}
