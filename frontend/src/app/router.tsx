import { lazy, useEffect, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { replayEarlyClick } from '@/lib/early-clicks';
import { createRoutes, type PageRoute } from './route-table';

/**
 * A page loaded on first visit to it, in a chunk of its own. While it loads,
 * the Suspense boundary around the page shows the loader, except on a page the
 * server rendered: there React keeps the server's HTML on screen until the
 * chunk is in, then hydrates it; a click made on it meanwhile is replayed
 * then (lib/early-clicks.ts), so nothing a guest does before the page is
 * ready is lost.
 */
function onDemand(load: () => Promise<{ default: ComponentType }>): PageRoute {
  return { Component: lazy(load) };
}

/** The page, replaying a click made before it was live once it is (it hydrated or mounted). */
function replayingEarlyClick(Page: ComponentType): ComponentType {
  return function LivePage() {
    useEffect(replayEarlyClick, []);
    return <Page />;
  };
}

/** Every page of the table (the routes without children) wrapped by replayingEarlyClick. */
function withEarlyClickReplay(table: RouteObject[]): RouteObject[] {
  return table.map((route) => {
    if (route.children) return { ...route, children: withEarlyClickReplay(route.children) } as RouteObject;
    return route.Component ? { ...route, Component: replayingEarlyClick(route.Component) } : route;
  });
}

const adminDashboard = () => import('@/features/admin/admin-dashboard');

/**
 * The login page, and then, once the browser is idle, the dashboard's code:
 * who signs in goes there next, and it is then in before the password has
 * been checked (bcrypt takes most of a second) instead of after.
 */
function adminLoginThenDashboard() {
  return import('@/features/admin/admin-login').then((page) => {
    const preload = () => void adminDashboard().catch(() => undefined);
    if ('requestIdleCallback' in window) requestIdleCallback(preload, { timeout: 2000 });
    else setTimeout(preload, 500);
    return page;
  });
}

export const routes = withEarlyClickReplay(
  createRoutes({
    services: onDemand(() => import('./routes/services')),
    products: onDemand(() => import('./routes/products')),
    blog: onDemand(() => import('./routes/blog')),
    blogPost: onDemand(() => import('./routes/blog-post')),
    contact: onDemand(() => import('./routes/contact')),
    checkout: onDemand(() => import('./routes/checkout')),
    quiz: onDemand(() => import('./routes/wellness-quiz')),
    giftCards: onDemand(() => import('./routes/gift-cards')),
    giftCardPrint: onDemand(() => import('./routes/gift-card-print')),
    manageBooking: onDemand(() => import('./routes/manage-booking')),
    newsletterUnsubscribe: onDemand(() => import('./routes/newsletter-unsubscribe')),
    visitRating: onDemand(() => import('./routes/visit-rating')),
    followUpUnsubscribe: onDemand(() => import('./routes/follow-up-unsubscribe')),
    waitlistOffer: onDemand(() => import('./routes/waitlist-offer')),
    waitlistLeave: onDemand(() => import('./routes/waitlist-leave')),
    privacy: onDemand(() => import('./routes/privacy')),
    privacyConfirm: onDemand(() => import('./routes/privacy-confirm')),
    // Only this file may import the admin screens, and only lazily.
    adminLogin: onDemand(adminLoginThenDashboard),
    adminDashboard: onDemand(adminDashboard),
    adminForgotPassword: onDemand(() => import('@/features/admin/admin-forgot-password')),
    adminResetPassword: onDemand(() => import('@/features/admin/admin-reset-password')),
    adminJoin: onDemand(() => import('@/features/admin/admin-join')),
  }),
);
