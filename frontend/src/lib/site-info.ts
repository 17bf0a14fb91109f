import type { components } from './api/schema';

export type SiteInfo = components['schemas']['SiteInfo'];

/**
 * What the server writes into every page's head as
 * `<script id="site-info" type="application/json">` (the same as
 * `GET /api/site`): the retreat's time zone and every page's title, so the
 * app never repeats them (docs/decisions.md §11). `null` when the page did
 * not come from the server (the Vite dev server, unit tests).
 */
export function readSiteInfo(doc: Document | undefined = globalThis.document): SiteInfo | null {
  const text = doc?.getElementById('site-info')?.textContent;
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<SiteInfo>;
    return typeof value.timeZone === 'string' && Array.isArray(value.pages) ? (value as SiteInfo) : null;
  } catch {
    return null;
  }
}

// In the browser the page head holds it; the server renderer has no document
// and hands it over with setSiteInfo before each render.
let current: SiteInfo | null = readSiteInfo();

/** The site info of this page (read it when needed: the server renderer sets it per render). */
export function getSiteInfo(): SiteInfo | null {
  return current;
}

/** For the server renderer, which gets the site info as an argument instead of from a page head. */
export function setSiteInfo(info: SiteInfo | null): void {
  current = info;
}

/** A page's title as the server gives it, else the fallback. */
export function serverTitle(path: string, fallback: string, info: SiteInfo | null = getSiteInfo()): string {
  return info?.pages.find((page) => page.path === path)?.title ?? fallback;
}
