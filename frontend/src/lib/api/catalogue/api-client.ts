/**
 * The app's API client for the catalogue reads, loaded on the first of them:
 * the public pages arrive with their catalogue data (rendered on the server),
 * so a first visit seldom needs it, and it stays out of the first visit's code.
 */
export const apiClient = () => import('@/lib/api/client');
