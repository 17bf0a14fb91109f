import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useListView } from './use-list-view';

const rules = { statuses: ['pending', 'shipped'] as const };

function open(search: string) {
  window.history.replaceState(null, '', `/admin/dashboard${search}`);
  const wrapper = ({ children }: { children: ReactNode }) => <BrowserRouter>{children}</BrowserRouter>;
  const hook = renderHook(() => useListView(rules), { wrapper });
  return { hook, entries: window.history.length };
}

describe('useListView', () => {
  it('reads the view from the address, dropping what it cannot read', () => {
    const { hook } = open('?tab=orders&q=willow&status=lost&size=25&from=2026-13-01');
    expect(hook.result.current.view).toMatchObject({ q: 'willow', status: '', size: 25, from: '', page: 1 });
  });

  it('a filter or a page adds a history entry; a search being typed replaces it', () => {
    const { hook, entries } = open('?tab=orders');
    act(() => hook.result.current.filter({ status: 'shipped' }));
    expect(window.location.search).toBe('?tab=orders&status=shipped');
    expect(window.history.length).toBe(entries + 1);
    act(() => hook.result.current.older('5_e'));
    expect(window.location.search).toBe('?tab=orders&status=shipped&after=5_e&page=2');
    expect(window.history.length).toBe(entries + 2);
    act(() => hook.result.current.filter({ q: 'willow' }, { replace: true }));
    // A new search starts again from the first page, in place of the last entry.
    expect(window.location.search).toBe('?tab=orders&q=willow&status=shipped');
    expect(window.history.length).toBe(entries + 2);
    expect(hook.result.current.view).toMatchObject({ q: 'willow', status: 'shipped', after: '', page: 1 });
  });

  it('two changes before a render both stay (a search sent just as a filter is picked)', () => {
    const { hook } = open('?tab=orders');
    const { filter } = hook.result.current;
    act(() => {
      filter({ status: 'pending' });
      filter({ q: 'willow' }, { replace: true });
    });
    expect(window.location.search).toBe('?tab=orders&q=willow&status=pending');
  });

  it('clearing keeps the tab and the page size', () => {
    const { hook } = open('?tab=orders&q=willow&status=pending&size=100&after=1_a&page=3');
    act(() => hook.result.current.clearFilters());
    expect(window.location.search).toBe('?tab=orders&size=100');
  });
});
