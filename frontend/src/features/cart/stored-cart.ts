import { CART_STORAGE_KEY, loadCart, saveCart, type CartItem } from './cart-logic';

/*
 * The cart kept in localStorage, as an external store for
 * useSyncExternalStore. The server cannot see this browser's storage, so the
 * page it sends shows the empty cart; hydration renders that same empty cart
 * (serverCart), and React renders the stored one right after. Storage is the
 * record, read again on every render (cheap) so a cart saved by another
 * provider is seen; the parsed lines are kept per stored text, so a snapshot
 * stays the same object until the cart changes.
 */

const EMPTY_CART: CartItem[] = [];

type Snapshot = { stored: string | null; items: CartItem[] };
let snapshot: Snapshot | undefined;
const listeners = new Set<() => void>();

function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

function storedText(): string | null {
  try {
    return browserStorage()?.getItem(CART_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** The stored cart (unreadable: logged once, and empty). */
export function storedCart(): CartItem[] {
  const stored = storedText();
  if (snapshot?.stored !== stored) {
    snapshot = { stored, items: stored === null ? EMPTY_CART : loadCart({ getItem: () => stored }) };
  }
  return snapshot.items;
}

/** What the server rendered with: no cart. */
export function serverCart(): CartItem[] {
  return EMPTY_CART;
}

/** Saves the cart and tells the providers. */
export function storeCart(items: CartItem[]): void {
  saveCart(browserStorage(), items);
  // Read back: when saving failed (private mode, a full quota) the stored text
  // is unchanged, and the cart still holds for this visit.
  snapshot = { stored: storedText(), items };
  for (const listener of listeners) listener();
}

export function subscribeToStoredCart(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
