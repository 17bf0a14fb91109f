import { useEffect } from 'react';

const SUFFIX = 'Golden Pine Wellness Retreat';

/**
 * Sets document.title on client-side navigation. The first paint's title and
 * meta tags come from the server, which fills <!--app-head--> in index.html.
 */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (title === undefined) return;
    document.title = title === '' ? SUFFIX : `${title} | ${SUFFIX}`;
  }, [title]);
}
