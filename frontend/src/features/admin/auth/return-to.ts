/** The dashboard's address; a view of it adds its search (`?tab=orders&q=…`). */
export const DASHBOARD_PATH = '/admin/dashboard';

/** What the dashboard hands the login page when it sends a signed-out visitor there. */
export interface SentToLogin {
  from: string;
}

/**
 * Where a sign-in ends: the dashboard view the member was sent to the login
 * page from (a bookmarked view, or the one open when their session ended),
 * else the dashboard. Only a dashboard address is taken, never another page.
 */
export function returnTo(state: unknown): string {
  const from = typeof state === 'object' && state !== null ? (state as Partial<SentToLogin>).from : undefined;
  if (typeof from === 'string' && (from === DASHBOARD_PATH || from.startsWith(`${DASHBOARD_PATH}?`))) {
    return from;
  }
  return DASHBOARD_PATH;
}
