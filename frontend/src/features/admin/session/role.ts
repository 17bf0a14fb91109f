import { useAdminSession } from './admin-session';

/*
 * What the signed-in member's role lets the dashboard show (the server
 * checks every call again: docs/decisions.md §18). Staff run the day:
 * orders, bookings, the calendar and messages; owners do everything.
 */
export function useIsOwner(): boolean {
  return useAdminSession()?.user.role === 'owner';
}
