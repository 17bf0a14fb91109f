import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Where each visited page was left, by history entry, for this tab. */
const STORAGE_KEY = 'golden-pine:scroll';

function stored(): Map<string, number> {
  try {
    return new Map(Object.entries(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>));
  } catch {
    return new Map();
  }
}

let positions: Map<string, number> | undefined;

function remembered(): Map<string, number> {
  positions ??= stored();
  return positions;
}

function persist() {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(remembered())));
  } catch {
    // A full or refused storage only loses the positions.
  }
}

/**
 * Within the app, a new page starts at its top, and going back or forward
 * returns to where that page was left, once it has rendered (the browser's
 * own restoration would scroll before a page that loads its code is on
 * screen). The page the app starts on is left where it is: it arrived whole
 * and the guest may have scrolled it before the app was live; a reload or a
 * return from another site is the browser's to restore, as the page arrives
 * whole again.
 *
 * Positions are taken as the guest scrolls, not when the page is left: by
 * then the next page may already be in the document, shorter, and the
 * browser has moved the scroll to fit it.
 */
export function ScrollMemory() {
  const location = useLocation();
  const navigation = useNavigationType();
  const onScreen = useRef(location.key);

  useLayoutEffect(() => {
    const manual = () => {
      window.history.scrollRestoration = 'manual';
    };
    const leaving = () => {
      persist();
      window.history.scrollRestoration = 'auto';
    };
    const scrolled = () => remembered().set(onScreen.current, window.scrollY);
    manual();
    scrolled();
    window.addEventListener('pageshow', manual);
    window.addEventListener('pagehide', leaving);
    window.addEventListener('scroll', scrolled, { passive: true });
    return () => {
      window.removeEventListener('pageshow', manual);
      window.removeEventListener('pagehide', leaving);
      window.removeEventListener('scroll', scrolled);
      persist();
    };
  }, []);

  useLayoutEffect(() => {
    if (location.key === onScreen.current) return;
    onScreen.current = location.key;
    const top = navigation === 'POP' ? (remembered().get(location.key) ?? 0) : 0;
    // A link to a place on the page (#section) goes there instead.
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    // At once: the page's smooth scrolling is for moves within a page.
    else window.scrollTo({ top, behavior: 'instant' });
  }, [location.key, location.hash, navigation]);

  return null;
}
