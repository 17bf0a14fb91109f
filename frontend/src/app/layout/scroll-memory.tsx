import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Where each visited page was left, by history entry, for this tab. */
const STORAGE_KEY = 'golden-pine:scroll';

function positions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

function remember(key: string, top: number) {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ ...positions(), [key]: top }));
  } catch {
    // A full or refused storage only loses the position.
  }
}

/**
 * A new page starts at its top; going back or forward returns to where that
 * page was left, once it has rendered (the browser's own restoration would
 * scroll before a page that loads its code is on screen).
 */
export function ScrollMemory() {
  const location = useLocation();
  const navigation = useNavigationType();

  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
  }, []);

  useLayoutEffect(() => {
    const top = navigation === 'POP' ? (positions()[location.key] ?? 0) : 0;
    // A link to a place on the page (#section) goes there instead.
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, top);
    const key = location.key;
    return () => remember(key, window.scrollY);
  }, [location.key, location.hash, navigation]);

  return null;
}
