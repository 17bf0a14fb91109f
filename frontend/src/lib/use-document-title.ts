import { useEffect } from 'react';
// By name: the file's other keys (its comment) stay out of the scripts.
import { notFoundTitle, pages, postTitleSuffix } from '@/config/pages.json';
import { site } from '@/config/site';
import { getSiteInfo, serverTitle } from './site-info';

/**
 * Page titles, taken from what the server writes into the page head (its
 * site info), so a client-side navigation ends on the title a reload would
 * give. Where a page did not come from the server (the Vite dev server, unit
 * tests), the titles come from the server's page table as generated into
 * `config/pages.json` (`just openapi`): they are written in one place.
 *
 * In a production build every page comes from the server, which writes the
 * site info into each one (crates/site/src/document.rs), so the table is
 * left out of it (`import.meta.env.DEV` is false there and the bundler drops
 * the branch and the import): it would be in every first visit's scripts for
 * nothing. The site's name stands in should a page ever come without it (and
 * a post's title alone).
 */
function title(path: string): string {
  const fallback = import.meta.env.DEV ? (pages.find((page) => page.path === path)?.title ?? notFoundTitle) : site.fullName;
  return serverTitle(path, fallback);
}

export const pageTitles = {
  // Getters and functions: the site info is read when a title is needed, not
  // at module load (the server renderer sets it per render). The pages loaded
  // on demand ask by path (`of`): this object is in every first visit's scripts.
  get home() {
    return title('/');
  },
  post: (postTitle: string) => `${postTitle}${getSiteInfo()?.postTitleSuffix ?? (import.meta.env.DEV ? postTitleSuffix : '')}`,
  /** Any page's by its path. */
  of: title,
  get notFound() {
    return getSiteInfo()?.notFoundTitle ?? (import.meta.env.DEV ? notFoundTitle : site.fullName);
  },
};

/** Sets document.title on client-side navigation (undefined: leave it). */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (title !== undefined) document.title = title;
  }, [title]);
}
