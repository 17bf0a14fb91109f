import type { ComponentType } from 'react';
import type { Params, RouteObject } from 'react-router';
import { cataloguePaths } from '@/lib/api/catalogue/paths';
import { AdminShell } from './layout/admin-shell';
import { PublicLayout } from './layout/public-layout';
import { HomeRoute } from './routes/home/route';
import { NotFoundRoute } from './routes/not-found';

/*
 * The one route table of the app, used by the browser router and by the
 * server renderer, so the two cannot drift. Only how a page's code arrives
 * differs: the browser loads most pages on first visit (React.lazy, inside
 * the layout's Suspense boundary), the server bundle has them all at hand,
 * because it renders synchronously.
 */

/** The pages that are not in the main chunk. */
export type PageName =
  | 'services'
  | 'products'
  | 'blog'
  | 'blogPost'
  | 'contact'
  | 'checkout'
  | 'quiz'
  | 'giftCards'
  | 'giftCardPrint'
  | 'manageBooking'
  | 'newsletterUnsubscribe'
  | 'visitRating'
  | 'followUpUnsubscribe'
  | 'waitlistOffer'
  | 'waitlistLeave'
  | 'privacy'
  | 'privacyConfirm'
  | 'adminLogin'
  | 'adminDashboard'
  | 'adminForgotPassword'
  | 'adminResetPassword'
  | 'adminJoin';

export type PageRoute = { Component: ComponentType };

/**
 * What a route's first render reads from the public catalogue: the GET paths,
 * exactly as the browser app requests them. The server answers them from
 * memory and renders the page with that data; the browser starts from it.
 */
type CatalogueData = (params: Params) => string[];

/** What the table keeps in a route's `handle`. */
export type RouteHandle = {
  catalogueData?: CatalogueData;
  /** Rendered in the browser only: the server sends these the empty shell. */
  browserOnly?: true;
};

const data = (catalogueData: CatalogueData): { handle: RouteHandle } => ({ handle: { catalogueData } });
const browserOnly: { handle: RouteHandle } = { handle: { browserOnly: true } };

export function createRoutes(pages: Record<PageName, PageRoute>): RouteObject[] {
  return [
    {
      Component: PublicLayout,
      children: [
        { index: true, Component: HomeRoute, ...data(() => [cataloguePaths.services, cataloguePaths.products, cataloguePaths.blogPosts]) },
        // The services and their guests' ratings (the cards' stars, "What guests say").
        { path: 'services', ...pages.services, ...data(() => [cataloguePaths.services, cataloguePaths.ratings]) },
        { path: 'products', ...pages.products, ...data(() => [cataloguePaths.products]) },
        { path: 'blog', ...pages.blog, ...data(() => [cataloguePaths.blogPosts]) },
        { path: 'blog/:slug', ...pages.blogPost, ...data(({ slug = '' }) => [cataloguePaths.blogPost(slug)]) },
        { path: 'contact', ...pages.contact },
        // The stored cart is refreshed from the catalogue on this page.
        { path: 'checkout', ...pages.checkout, ...data(() => [cataloguePaths.products]) },
        { path: 'wellness-quiz', ...pages.quiz },
        { path: 'gift-cards', ...pages.giftCards, ...data(() => [cataloguePaths.giftCardOptions]) },
        // Reached from the link in a gift card's mail; the code is in the URL's fragment.
        { path: 'gift-cards/print', ...pages.giftCardPrint, ...browserOnly },
        // Reached from links in the retreat's mail. The server renders its
        // loading state (the same for every token); the booking loads here.
        { path: 'bookings/manage/:token', ...pages.manageBooking },
        // Reached from links in the retreat's mail.
        { path: 'newsletter/unsubscribe', ...pages.newsletterUnsubscribe, ...browserOnly },
        // Reached from the thank-you note and the invitation to return (issue 43).
        { path: 'visits/rate', ...pages.visitRating, ...browserOnly },
        { path: 'visits/unsubscribe', ...pages.followUpUnsubscribe, ...browserOnly },
        // Reached from the waitlist's mails (issue 43, part 4): a place held for her, and leaving the list.
        { path: 'waitlist/offer', ...pages.waitlistOffer, ...browserOnly },
        { path: 'waitlist/leave', ...pages.waitlistLeave, ...browserOnly },
        // What the retreat keeps about a guest (issue 45, part 4); her request's confirmation comes by mail.
        { path: 'privacy', ...pages.privacy, ...data(() => [cataloguePaths.privacyTerms]) },
        { path: 'privacy/confirm', ...pages.privacyConfirm, ...browserOnly },
        { path: '*', Component: NotFoundRoute },
      ],
    },
    {
      // Admin screens live in their own chunks: public pages never download them.
      path: 'admin',
      Component: AdminShell,
      ...browserOnly,
      children: [
        { path: 'login', ...pages.adminLogin },
        { path: 'dashboard', ...pages.adminDashboard },
        // Reached from the team's mail; the link's secret is in the URL's fragment.
        { path: 'forgot-password', ...pages.adminForgotPassword },
        { path: 'reset-password', ...pages.adminResetPassword },
        { path: 'join', ...pages.adminJoin },
      ],
    },
  ];
}
