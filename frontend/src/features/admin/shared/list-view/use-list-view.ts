import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  newerPage,
  olderPage,
  parseListView,
  withFilters,
  withoutFilters,
  withSize,
  writeListView,
  type ListFilters,
  type ListRules,
  type ListView,
  type PageSize,
} from './list-view';

export type ListViewControls<Status extends string, Service extends string> = {
  view: ListView<Status, Service>;
  /** New filters, on their first page. `replace` while the owner is still typing a search, so Back skips the letters. */
  filter: (change: Partial<ListFilters<Status, Service>>, options?: { replace?: boolean }) => void;
  clearFilters: () => void;
  older: (next: string) => void;
  newer: (previous: string) => void;
  setSize: (size: PageSize) => void;
};

/**
 * A paged list's view, kept in the address (see list-view.ts). Every change
 * but a search being typed adds a history entry, so Back returns to the
 * previous page or filters.
 */
export function useListView<Status extends string, Service extends string = never>(
  rules: ListRules<Status, Service>,
): ListViewControls<Status, Service> {
  const [params, setParams] = useSearchParams();
  // One object per address (react-router keeps `params` while the address is unchanged); the rules are module constants.
  const view = useMemo(() => parseListView(params, rules), [params, rules]);

  const go = useCallback(
    (next: ListView<Status, Service>, replace = false) => setParams((previous) => writeListView(previous, next), { replace }),
    [setParams],
  );

  return {
    view,
    filter: useCallback((change, options) => go(withFilters(view, change), options?.replace), [go, view]),
    clearFilters: useCallback(() => go(withoutFilters(view)), [go, view]),
    older: useCallback((next: string) => go(olderPage(view, next)), [go, view]),
    newer: useCallback((previous: string) => go(newerPage(view, previous)), [go, view]),
    setSize: useCallback((size: PageSize) => go(withSize(view, size)), [go, view]),
  };
}
