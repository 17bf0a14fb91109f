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

  // Each change reads the address as it is now, not as this render saw it: a search sent by its
  // timer just after a filter was picked (before the router re-rendered) must keep that filter.
  // (react-router's functional update hands over the render's params, so it cannot do this.)
  const go = useCallback(
    (change: (current: ListView<Status, Service>) => ListView<Status, Service>, replace = false) => {
      const current = new URLSearchParams(window.location.search);
      setParams(writeListView(current, change(parseListView(current, rules))), { replace });
    },
    [setParams, rules],
  );

  return {
    view,
    filter: useCallback((change, options) => go((current) => withFilters(current, change), options?.replace), [go]),
    clearFilters: useCallback(() => go(withoutFilters), [go]),
    older: useCallback((next: string) => go((current) => olderPage(current, next)), [go]),
    newer: useCallback((previous: string) => go((current) => newerPage(current, previous)), [go]),
    setSize: useCallback((size: PageSize) => go((current) => withSize(current, size)), [go]),
  };
}
