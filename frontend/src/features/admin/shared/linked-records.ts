import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/*
 * The dashboard's address names a tab and, optionally, one record in it, as
 * the retreat's notification mails link to it:
 *   /admin/dashboard?tab=bookings&booking=<id>
 *   /admin/dashboard?tab=orders&order=<id>
 *   /admin/dashboard?tab=messages&message=<id>
 *   /admin/dashboard?tab=gift-cards&giftCard=<id>
 */
export const dashboardTabs = [
  'products',
  'orders',
  'calendar',
  'bookings',
  'waitlist',
  'services',
  'intake',
  'blog',
  'media',
  'messages',
  'promo-codes',
  'gift-cards',
  'ratings',
  'emails',
  'activity',
  'team',
  'guest-data',
  'security',
] as const;
export type DashboardTab = (typeof dashboardTabs)[number];
export const DEFAULT_TAB: DashboardTab = 'products';

/** Each kind of record a link can name, and the tab that shows it. */
export const linkedRecordTabs = {
  booking: 'bookings',
  order: 'orders',
  message: 'messages',
  email: 'emails',
  giftCard: 'gift-cards',
} as const satisfies Record<string, DashboardTab>;
export type LinkedRecord = keyof typeof linkedRecordTabs;

export function isDashboardTab(value: string | null): value is DashboardTab {
  return dashboardTabs.some((tab) => tab === value);
}

/** The tab the address names, else the default (Products). */
export function tabFromSearch(params: URLSearchParams): DashboardTab {
  const tab = params.get('tab');
  return isDashboardTab(tab) ? tab : DEFAULT_TAB;
}

/** "?tab=bookings&booking=<id>": where a record is shown on the dashboard. */
export function linkToRecord(kind: LinkedRecord, id: string): string {
  return `?${new URLSearchParams({ tab: linkedRecordTabs[kind], [kind]: id }).toString()}`;
}

/**
 * The id of the record the address names for this tab, and a way to forget
 * it once its details are closed (so a reload does not open them again).
 */
export function useLinkedRecord(kind: LinkedRecord): [string | null, () => void] {
  const [params, setParams] = useSearchParams();
  const id = params.get('tab') === linkedRecordTabs[kind] ? params.get(kind) : null;
  const forget = useCallback(() => {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete(kind);
        return next;
      },
      { replace: true },
    );
  }, [kind, setParams]);
  return [id, forget];
}
