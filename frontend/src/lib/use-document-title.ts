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
  // Getters and functions: the site info is read when a title is needed, not
  // at module load (the server renderer sets it per render). The pages loaded
  // on demand ask by path (`of`): this object is in every first visit's scripts.
  get home() {
    return title('/');
  },
  post: (postTitle: string) => `${postTitle}${getSiteInfo()?.postTitleSuffix ?? postTitleSuffix}`,
  /** Any page's by its path. */
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
