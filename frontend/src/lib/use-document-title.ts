import { useEffect } from 'react';
// By name: the file's other keys (its comment) stay out of the first visit's scripts.
import { notFoundTitle, pages, postTitleSuffix } from '@/config/pages.json';
import { getSiteInfo, serverTitle } from './site-info';

/**
 * Page titles, taken from what the server writes into the page head (its
 * site info), so a client-side navigation ends on the title a reload would
 * give. Where a page did not come from the server (the Vite dev server, unit
 * tests), the titles come from the server's page table as generated into
 * `config/pages.json` (`just openapi`): they are written in one place.
 */
function title(path: string): string {
  return serverTitle(path, pages.find((page) => page.path === path)?.title ?? notFoundTitle);
}

export const pageTitles = {
  // Getters: the site info is read when a title is needed, not at module load
  // (the server renderer sets it per render).
  get home() {
    return title('/');
  },
  get services() {
    return title('/services');
  },
  get products() {
    return title('/products');
  },
  get blog() {
    return title('/blog');
  },
  post: (postTitle: string) => `${postTitle}${getSiteInfo()?.postTitleSuffix ?? postTitleSuffix}`,
  get contact() {
    return title('/contact');
  },
  get checkout() {
    return title('/checkout');
  },
  get quiz() {
    return title('/wellness-quiz');
  },
  get giftCards() {
    return title('/gift-cards');
  },
  get giftCardPrint() {
    return title('/gift-cards/print');
  },
  get manageBooking() {
    return title('/bookings/manage');
  },
  get unsubscribe() {
    return title('/newsletter/unsubscribe');
  },
  get visitRating() {
    return title('/visits/rate');
  },
  get followUpUnsubscribe() {
    return title('/visits/unsubscribe');
  },
  /** Any page's by its path (one function, not a getter per page: this object is in every first visit's scripts). */
  of: title,
  get notFound() {
    return getSiteInfo()?.notFoundTitle ?? notFoundTitle;
  },
};

/** Sets document.title on client-side navigation (undefined: leave it). */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (title !== undefined) document.title = title;
  }, [title]);
}
