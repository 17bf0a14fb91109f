import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import generated from '@/config/pages.json';
import { createRoutes, type PageName, type PageRoute, type RouteHandle } from './route-table';

/*
 * The route table and the server's page table (crates/site/src/pages.rs,
 * generated into config/pages.json) describe the same pages: the server
 * sends each page's head tags and renders the pages it marks as rendered,
 * so a page the app has and the table lacks (or the other way round) would
 * get the wrong head or no server rendering.
 */

const stub: PageRoute = { Component: () => null };
const pageNames: PageName[] = [
  'services',
  'products',
  'blog',
  'blogPost',
  'contact',
  'checkout',
  'quiz',
  'giftCards',
  'giftCardPrint',
  'manageBooking',
  'newsletterUnsubscribe',
  'visitRating',
  'followUpUnsubscribe',
  'waitlistOffer',
  'waitlistLeave',
  'privacy',
  'privacyConfirm',
  'adminLogin',
  'adminDashboard',
  'adminForgotPassword',
  'adminResetPassword',
  'adminJoin',
];

type Leaf = { path: string; browserOnly: boolean };

/** Every page route with its whole path, and whether it (or a parent) is rendered in the browser only. */
function leaves(routes: RouteObject[], parent = '', parentBrowserOnly = false): Leaf[] {
  return routes.flatMap((route) => {
    const path = route.index ? parent || '/' : [parent, route.path].filter(Boolean).join('/');
    const full = path.startsWith('/') ? path : `/${path}`;
    const browserOnly = parentBrowserOnly || Boolean((route.handle as RouteHandle | undefined)?.browserOnly);
    if (route.children) return leaves(route.children, route.path ? full : parent, browserOnly);
    return [{ path: full, browserOnly }];
  });
}

const routes = leaves(createRoutes(Object.fromEntries(pageNames.map((name) => [name, stub])) as Record<PageName, PageRoute>));

describe('the route table and the server page table', () => {
  it('has a route for every page of the table, rendered where the server renders it', () => {
    for (const page of generated.pages) {
      const route = routes.find((r) => r.path === page.path || r.path.replace(/\/:[^/]+$/, '') === page.path);
      expect(route, page.path).toBeDefined();
      expect(route?.browserOnly, page.path).toBe(!page.rendered);
    }
  });

  it('lists every route of the app, but the post pages and the not-found page', () => {
    for (const route of routes) {
      if (route.path === '/*' || route.path === '/blog/:slug') continue;
      const page = route.path.replace(/\/:[^/]+$/, '');
      expect(
        generated.pages.some((p) => p.path === page),
        route.path,
      ).toBe(true);
    }
  });
});
