import { describe, expect, it } from 'vitest';
import { DASHBOARD_PATH, returnTo } from './return-to';

describe('returnTo', () => {
  it('returns to the dashboard view the member was sent from', () => {
    expect(returnTo({ from: '/admin/dashboard?tab=orders&q=alvarez' })).toBe('/admin/dashboard?tab=orders&q=alvarez');
    expect(returnTo({ from: DASHBOARD_PATH })).toBe(DASHBOARD_PATH);
  });

  it('goes to the dashboard from anywhere else, or from nothing', () => {
    for (const state of [
      undefined,
      null,
      'x',
      {},
      { from: 42 },
      { from: '/admin/login' },
      { from: '/admin/dashboardx' },
      { from: '//evil.example/admin/dashboard' },
      { from: 'https://evil.example/admin/dashboard?tab=orders' },
    ]) {
      expect(returnTo(state)).toBe(DASHBOARD_PATH);
    }
  });
});
