import { useEffect } from 'react';
import { serverTitle, siteInfo } from './site-info';

const SITE = 'Golden Pine Wellness Retreat';

/**
 * Page titles, taken from what the server writes into the page head (its
 * site info), so a client-side navigation ends on the title a reload would
 * give and the titles live in one place; the texts here are only the
 * fallback for pages that did not come from the server.
 */
export const pageTitles = {
  home: serverTitle('/', `${SITE} | Mountain Spa & Tiny Home Stays in Idyllwild, California`),
  services: serverTitle('/services', `Experiences | ${SITE}`),
  products: serverTitle('/products', `Shop Skincare, Candles & Teas | ${SITE}`),
  blog: serverTitle('/blog', `The Wellness Journal | ${SITE}`),
  post: (title: string) => `${title}${siteInfo?.postTitleSuffix ?? ' | Golden Pine Journal'}`,
  contact: serverTitle('/contact', `Contact & Visit | ${SITE}`),
  checkout: serverTitle('/checkout', `Checkout | ${SITE}`),
  quiz: serverTitle('/wellness-quiz', `Wellness Quiz | ${SITE}`),
  manageBooking: serverTitle('/bookings/manage', `Your Booking | ${SITE}`),
  unsubscribe: serverTitle('/newsletter/unsubscribe', `Newsletter | ${SITE}`),
  notFound: siteInfo?.notFoundTitle ?? `Page Not Found | ${SITE}`,
} as const;

/** Sets document.title on client-side navigation (undefined: leave it). */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (title !== undefined) document.title = title;
  }, [title]);
}
