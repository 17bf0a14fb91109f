import { useSyncExternalStore } from 'react';
import { businessToday } from './dates';

const noSubscription = () => () => undefined;

/**
 * Today in the retreat's time zone (yyyy-MM-dd), once the page is live in a
 * browser; null while the server renders it (QuickJS has no Intl) and while
 * the browser hydrates it, so both first renders agree.
 */
export function useBusinessToday(): string | null {
  return useSyncExternalStore(
    noSubscription,
    () => businessToday(),
    () => null,
  );
}
