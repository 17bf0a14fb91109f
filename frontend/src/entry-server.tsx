// First: the shims the bare engine (QuickJS) lacks, before any library loads.
import './ssr/polyfills';
import { dehydrate } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { matchRoutes, StaticRouter, type Params } from 'react-router';
import { App } from './app/app';
import { createRoutes, type RouteHandle } from './app/route-table';
import BlogPostRoute from './app/routes/blog-post';
import BlogRoute from './app/routes/blog';
import CheckoutRoute from './app/routes/checkout';
import ContactRoute from './app/routes/contact';
import GiftCardsRoute from './app/routes/gift-cards';
import ManageBookingRoute from './app/routes/manage-booking';
import PrivacyRoute from './app/routes/privacy';
import ProductsRoute from './app/routes/products';
import ServicesRoute from './app/routes/services';
import QuizRoute from './app/routes/wellness-quiz';
import { catalogueQueryKey } from './lib/api/catalogue/paths';
import { createQueryClient } from './lib/query-client';
import { setSiteInfo, type SiteInfo } from './lib/site-info';

/*
 * The server bundle (dist/.server/render.js): the Rust server runs it in
 * QuickJS to send each public page already rendered; the browser app then
 * hydrates it (main.tsx). Built by `vite build --ssr src/entry-server.tsx`.
 */

/** Never rendered here: the routes marked browserOnly stop render() before. */
function BrowserOnlyPage(): never {
  throw new Error('This page is rendered in the browser only');
}
const browserOnly = { Component: BrowserOnlyPage };

// All public pages at hand: the render is synchronous, nothing may load later.
const routes = createRoutes({
  services: { Component: ServicesRoute },
  products: { Component: ProductsRoute },
  blog: { Component: BlogRoute },
  blogPost: { Component: BlogPostRoute },
  contact: { Component: ContactRoute },
  checkout: { Component: CheckoutRoute },
  quiz: { Component: QuizRoute },
  giftCards: { Component: GiftCardsRoute },
  // A guest's booking page in its loading state, the same for every link (the
  // booking itself is fetched by the browser: it is one person's).
  manageBooking: { Component: ManageBookingRoute },
  privacy: { Component: PrivacyRoute },
  // Kept out of the server bundle (admin code, guest links).
  giftCardPrint: browserOnly,
  newsletterUnsubscribe: browserOnly,
  visitRating: browserOnly,
  followUpUnsubscribe: browserOnly,
  waitlistOffer: browserOnly,
  waitlistLeave: browserOnly,
  privacyConfirm: browserOnly,
  adminLogin: browserOnly,
  adminDashboard: browserOnly,
  adminForgotPassword: browserOnly,
  adminResetPassword: browserOnly,
  adminJoin: browserOnly,
});

function pathOf(url: string): string {
  return url.split(/[?#]/, 1)[0] || '/';
}

/** The matched routes' handles, with their params. */
function matched(url: string): { handle: RouteHandle; params: Params }[] {
  return (matchRoutes(routes, pathOf(url)) ?? []).map(({ route, params }) => ({ handle: (route.handle ?? {}) as RouteHandle, params }));
}

function isBrowserOnly(url: string): boolean {
  return matched(url).some(({ handle }) => handle.browserOnly);
}

/**
 * The catalogue GET paths (as the browser app requests them) whose JSON the
 * page at `url` (path and optional query) needs for its first render; [] when
 * none.
 */
export function routeData(url: string): string[] {
  if (isBrowserOnly(url)) return [];
  return matched(url).flatMap(({ handle, params }) => handle.catalogueData?.(params) ?? []);
}

/**
 * The page at `url` as the inner HTML of `#root`, and the query state the
 * browser starts from (JSON of TanStack Query's dehydrated cache). `data` maps
 * each path of routeData to its JSON; a path left out (an unknown post) leaves
 * that part in its loading state, for the browser to fetch. Throws for the
 * pages rendered in the browser only (admin, guest links): send the shell.
 */
export function render(url: string, data: Record<string, unknown>, siteInfo: SiteInfo): { html: string; state: string } {
  if (isBrowserOnly(url)) {
    throw new Error(`${pathOf(url)} is rendered in the browser only`);
  }
  setSiteInfo(siteInfo);
  const queryClient = createQueryClient();
  for (const [path, json] of Object.entries(data)) {
    const key = catalogueQueryKey(path);
    if (key && json !== undefined && json !== null) queryClient.setQueryData(key, json);
  }
  const html = renderToString(
    <StaticRouter location={url}>
      <App routes={routes} queryClient={queryClient} />
    </StaticRouter>,
  );
  return { html, state: JSON.stringify(dehydrate(queryClient)) };
}
