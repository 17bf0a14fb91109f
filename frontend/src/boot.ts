import { rememberEarlyClicks } from './lib/early-clicks';
import './index.css';

/*
 * The page's entry: the stylesheet, and the app's code once the page is on
 * screen. A public page arrives rendered (the server rendered it), so it is
 * read before any script runs; its code is asked for after the first
 * contentful paint, leaving the phone's connection to what paints that screen
 * (the stylesheet, the fonts, the first picture) instead of sharing it with
 * the app's code. Meanwhile links work as plain links, and a tap on a button
 * or a form sent is held and replayed once the page is live
 * (lib/early-clicks.ts). Pages the server leaves empty (the admin, guests'
 * links) start at once.
 */

/** The longest the app waits for a paint the browser may never report (a tab opened in the background). */
const PAINT_WAIT_MS = 3000;

function afterFirstPaint(then: () => void) {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    setTimeout(then, 0);
  };
  if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      once();
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(once);
  }
  setTimeout(once, PAINT_WAIT_MS);
}

const root = document.getElementById('root');
const start = () => import('./main');

if (root?.hasChildNodes()) {
  rememberEarlyClicks();
  afterFirstPaint(() => void start());
} else {
  void start();
}
