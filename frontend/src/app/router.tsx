import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { createRoutes, type PageRoute } from './route-table';

/** A page loaded on first visit to it, in a chunk of its own. */
function onDemand(load: () => Promise<{ default: ComponentType }>): PageRoute {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

export const routes = createRoutes({
  services: onDemand(() => import('./routes/services')),
  products: onDemand(() => import('./routes/products')),
  blog: onDemand(() => import('./routes/blog')),
  blogPost: onDemand(() => import('./routes/blog-post')),
  contact: onDemand(() => import('./routes/contact')),
  checkout: onDemand(() => import('./routes/checkout')),
  quiz: onDemand(() => import('./routes/wellness-quiz')),
  manageBooking: onDemand(() => import('./routes/manage-booking')),
  newsletterUnsubscribe: onDemand(() => import('./routes/newsletter-unsubscribe')),
  // Only this file may import the admin screens, and only lazily.
  adminLogin: onDemand(() => import('@/features/admin/admin-login')),
  adminDashboard: onDemand(() => import('@/features/admin/admin-dashboard')),
});

/**
 * Loads the code of the pages the current URL shows before the router starts,
 * so its first render is the whole page: hydration then matches the server's
 * HTML in one pass, and a page the server did not render appears without a
 * loading step. (React Router's documented way to hydrate lazy routes.)
 */
async function loadCurrentPages(routeTable: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routeTable, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}

export async function createAppRouter() {
  await loadCurrentPages(routes, window.location.pathname);
  return createBrowserRouter(routes);
}
