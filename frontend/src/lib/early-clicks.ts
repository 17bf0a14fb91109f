/*
 * A guest on a slow phone taps as soon as a button is on screen. On a page the
 * server rendered, that can be before the page's code has arrived, and React
 * 19 drops a click on server HTML it has not hydrated yet (it hydrates that
 * part later without replaying the event). So, until the page has hydrated,
 * the last click on a button of the page (inside `<main>`: the header and
 * footer hydrate at once) is remembered and replayed once the page is live.
 * Links need nothing: before hydration they navigate as plain links.
 */

let pending: HTMLElement | null = null;

function remember(event: MouseEvent) {
  const target = event.target instanceof Element ? event.target : null;
  const button = target?.closest('#main button');
  if (button instanceof HTMLElement) pending = button;
}

/** From the start of hydration of a server-rendered page (main.tsx). */
export function rememberEarlyClicks(): void {
  document.addEventListener('click', remember, true);
}

/** Once the page has hydrated: stop remembering and replay the remembered click. */
export function replayEarlyClick(): void {
  if (typeof document === 'undefined') return;
  document.removeEventListener('click', remember, true);
  const button = pending;
  pending = null;
  if (button?.isConnected) button.click();
}
