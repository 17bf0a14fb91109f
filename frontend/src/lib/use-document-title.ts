import { useEffect } from 'react';

const SITE = 'Golden Pine Wellness Retreat';

/**
 * Page titles, the same the server writes into <!--app-head--> for a first
 * visit, so a client-side navigation ends on the title a reload would give.
 */
export const pageTitles = {
  home: `${SITE} | Mountain Spa & Tiny Home Stays in Idyllwild, California`,
  services: `Experiences | ${SITE}`,
  products: `Shop Skincare, Candles & Teas | ${SITE}`,
  blog: `The Wellness Journal | ${SITE}`,
  post: (title: string) => `${title} | Golden Pine Journal`,
  contact: `Contact & Visit | ${SITE}`,
  checkout: `Checkout | ${SITE}`,
  quiz: `Wellness Quiz | ${SITE}`,
  manageBooking: `Your Booking | ${SITE}`,
  unsubscribe: `Newsletter | ${SITE}`,
  notFound: `Page Not Found | ${SITE}`,
} as const;

/** Sets document.title on client-side navigation (undefined: leave it). */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (title !== undefined) document.title = title;
  }, [title]);
}
