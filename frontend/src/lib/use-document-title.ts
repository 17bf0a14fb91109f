import { useEffect } from 'react';
import { getSiteInfo, serverTitle } from './site-info';

const SITE = 'Golden Pine Wellness Retreat';

/**
 * Page titles, taken from what the server writes into the page head (its
 * site info), so a client-side navigation ends on the title a reload would
 * give and the titles live in one place; the texts here are only the
 * fallback for pages that did not come from the server.
 */
export const pageTitles = {
  // Getters: the site info is read when a title is needed, not at module load
  // (the server renderer sets it per render).
  get home() {
    return serverTitle('/', `${SITE} | Mountain Spa & Tiny Home Stays in Idyllwild, California`);
  },
  get services() {
    return serverTitle('/services', `Experiences | ${SITE}`);
  },
  get products() {
    return serverTitle('/products', `Shop Skincare, Candles & Teas | ${SITE}`);
  },
  get blog() {
    return serverTitle('/blog', `The Wellness Journal | ${SITE}`);
  },
  post: (title: string) => `${title}${getSiteInfo()?.postTitleSuffix ?? ' | Golden Pine Journal'}`,
  get contact() {
    return serverTitle('/contact', `Contact & Visit | ${SITE}`);
  },
  get checkout() {
    return serverTitle('/checkout', `Checkout | ${SITE}`);
  },
  get quiz() {
    return serverTitle('/wellness-quiz', `Wellness Quiz | ${SITE}`);
  },
  get manageBooking() {
    return serverTitle('/bookings/manage', `Your Booking | ${SITE}`);
  },
  get unsubscribe() {
    return serverTitle('/newsletter/unsubscribe', `Newsletter | ${SITE}`);
  },
  get notFound() {
    return getSiteInfo()?.notFoundTitle ?? `Page Not Found | ${SITE}`;
  },
};

/** Sets document.title on client-side navigation (undefined: leave it). */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (title !== undefined) document.title = title;
  }, [title]);
}
