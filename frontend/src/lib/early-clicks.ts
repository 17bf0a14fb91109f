/*
 * A guest on a slow phone taps as soon as a button is on screen. On a page the
 * server rendered, that can be before the page's code has arrived, and React
 * 19 drops a click on server HTML it has not hydrated yet (it hydrates that
 * part later without replaying the event). So, until the page has hydrated,
 * the last click on a button of the page (inside `<main>`: the header and
 * footer hydrate at once) is remembered and replayed once the page is live.
 * Links need nothing: before hydration they navigate as plain links.
 *
 * A form of the page is held the same way: sent before hydration, the browser
 * would submit it the old way, a GET of this page with every field in the
 * address (a guest's name, email and message in the URL, the history and the
 * server's logs), and the app would start over with an empty form. The
 * submission is stopped and its button's click replayed, so the app sends it.
 */

let pending: HTMLElement | null = null;

function remember(event: MouseEvent) {
  const target = event.target instanceof Element ? event.target : null;
  const button = target?.closest('#main button');
  if (button instanceof HTMLElement) pending = button;
}

function holdSubmission(event: SubmitEvent) {
  const form = event.target instanceof HTMLFormElement ? event.target : null;
  if (!form?.closest('#main')) return;
  event.preventDefault();
  if (event.submitter instanceof HTMLElement) pending = event.submitter;
}

/** From the start of hydration of a server-rendered page (main.tsx). */
export function rememberEarlyClicks(): void {
  document.addEventListener('click', remember, true);
  document.addEventListener('submit', holdSubmission, true);
}

/** Once the page has hydrated: stop remembering and replay the remembered click. */
export function replayEarlyClick(): void {
  if (typeof document === 'undefined') return;
  document.removeEventListener('click', remember, true);
  document.removeEventListener('submit', holdSubmission, true);
  const button = pending;
  pending = null;
  if (button?.isConnected) button.click();
}
