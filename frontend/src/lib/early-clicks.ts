/*
 * A guest on a slow phone taps as soon as a button is on screen. On a page the
 * server rendered, that can be before the app's code has arrived (boot.ts asks
 * for it after the first paint), and React 19 drops a click on server HTML it
 * has not hydrated yet (it hydrates that part later without replaying the
 * event). So, until the page has hydrated, the last click on a button of the
 * app (the page's, the header's menu or cart) is remembered and replayed once
 * the page is live. Links need nothing: before hydration they navigate as
 * plain links.
 *
 * A choice (a radio or a checkbox, or its label: the quiz's answers) is held
 * too: the browser would tick it at once, and the app, hydrating over a box
 * already ticked, would never hear of it (its answer unset, its Next button
 * disabled under a ticked answer). The tick is stopped and the choice's
 * click replayed, so the app makes it.
 *
 * A form of the page is held the same way: sent before hydration, the browser
 * would submit it the old way, a GET of this page with every field in the
 * address (a guest's name, email and message in the URL, the history and the
 * server's logs), and the app would start over with an empty form. The
 * submission is stopped and its button's click replayed, so the app sends it.
 */

let pending: HTMLElement | null = null;

/** The radio or checkbox a click on `target` would tick (itself, or its label's), if any. */
function choiceOf(target: Element | null | undefined): HTMLInputElement | null {
  const choice = target?.closest('#root label, #root input');
  const control = choice instanceof HTMLLabelElement ? choice.control : choice;
  return control instanceof HTMLInputElement && (control.type === 'radio' || control.type === 'checkbox') ? control : null;
}

function remember(event: MouseEvent) {
  const target = event.target instanceof Element ? event.target : null;
  const choice = choiceOf(target);
  if (choice) {
    event.preventDefault();
    pending = choice;
    return;
  }
  const button = target?.closest('#root button');
  if (button instanceof HTMLElement) pending = button;
}

function holdSubmission(event: SubmitEvent) {
  const form = event.target instanceof HTMLFormElement ? event.target : null;
  if (!form?.closest('#root')) return;
  event.preventDefault();
  if (event.submitter instanceof HTMLElement) pending = event.submitter;
}

/** From the first moment of a server-rendered page (boot.ts). */
export function rememberEarlyClicks(): void {
  document.addEventListener('click', remember, true);
  document.addEventListener('submit', holdSubmission, true);
}

/**
 * A press as the browser makes one: pointer and mouse down, focus, up, then
 * the click. Controls that act on the press (tabs, select menus) answer as
 * well as those that act on the click.
 */
function press(button: HTMLElement) {
  const down = { bubbles: true, cancelable: true, composed: true, view: window, button: 0, buttons: 1 };
  const up = { ...down, buttons: 0 };
  button.dispatchEvent(new PointerEvent('pointerdown', { ...down, pointerType: 'mouse', isPrimary: true }));
  button.dispatchEvent(new MouseEvent('mousedown', down));
  button.focus();
  button.dispatchEvent(new PointerEvent('pointerup', { ...up, pointerType: 'mouse', isPrimary: true }));
  button.dispatchEvent(new MouseEvent('mouseup', up));
  button.click();
}

/** Once the page has hydrated: stop remembering and replay the remembered press. */
export function replayEarlyClick(): void {
  if (typeof document === 'undefined') return;
  document.removeEventListener('click', remember, true);
  document.removeEventListener('submit', holdSubmission, true);
  const button = pending;
  pending = null;
  if (button?.isConnected) press(button);
}
