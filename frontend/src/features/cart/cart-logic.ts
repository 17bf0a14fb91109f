import type { Product } from '@/lib/api/types';
import { lineCents } from '@/lib/money';
import type { ImageSize } from '@/lib/responsive-image';

/**
 * The product fields a cart line keeps (spec §3: id, name, price, image,
 * category), and the image's size for its thumbnail's variants (missing from
 * a cart saved before it was sent: the plain image until the catalogue's sync).
 */
export type CartProduct = Pick<Product, 'id' | 'name' | 'price' | 'image' | 'category'> & Partial<Pick<Product, 'imageSize'>>;
export type CartItem = { product: CartProduct; quantity: number };

export const CART_STORAGE_KEY = 'cart';

export function toCartProduct(product: CartProduct): CartProduct {
  const { id, name, price, image, category, imageSize } = product;
  return { id, name, price, image, category, imageSize: isImageSize(imageSize) ? imageSize : null };
}

/** Adds quantity to an existing line, or appends a new one: one line per product id. */
export function addLine(items: readonly CartItem[], product: CartProduct, quantity = 1): CartItem[] {
  const existing = items.find((item) => item.product.id === product.id);
  if (existing) {
    return items.map((item) => (item.product.id === product.id ? { ...item, quantity: item.quantity + quantity } : item));
  }
  return [...items, { product: toCartProduct(product), quantity }];
}

export function removeLine(items: readonly CartItem[], productId: string): CartItem[] {
  return items.filter((item) => item.product.id !== productId);
}

/** Sets a line's quantity; 0 or less removes the line (spec §4). */
export function setLineQuantity(items: readonly CartItem[], productId: string, quantity: number): CartItem[] {
  if (quantity <= 0) return removeLine(items, productId);
  return items.map((item) => (item.product.id === productId ? { ...item, quantity } : item));
}

export function totalItems(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

export function totalCents(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + lineCents(item.product.price, item.quantity), 0);
}

/**
 * Refreshes stored lines from the current catalogue (names and prices may have
 * changed since the cart was saved) and drops products that no longer exist.
 */
export function syncWithCatalogue(items: readonly CartItem[], catalogue: readonly CartProduct[]): CartItem[] {
  const byId = new Map(catalogue.map((p) => [p.id, p]));
  const next: CartItem[] = [];
  for (const item of items) {
    const fresh = byId.get(item.product.id);
    if (fresh) next.push({ product: toCartProduct(fresh), quantity: item.quantity });
  }
  return next;
}

export function sameItems(a: readonly CartItem[], b: readonly CartItem[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function isCartItem(value: unknown): value is CartItem {
  if (typeof value !== 'object' || value === null) return false;
  const { product, quantity } = value as Record<string, unknown>;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity <= 0) return false;
  if (typeof product !== 'object' || product === null) return false;
  const p = product as Record<string, unknown>;
  return (
    typeof p.id === 'string' &&
    typeof p.name === 'string' &&
    (typeof p.price === 'string' || typeof p.price === 'number') &&
    typeof p.image === 'string' &&
    typeof p.category === 'string'
  );
}

function isImageSize(value: unknown): value is ImageSize {
  if (typeof value !== 'object' || value === null) return false;
  const { width, height } = value as Record<string, unknown>;
  return typeof width === 'number' && typeof height === 'number';
}

/** Reads the stored cart; anything unreadable is logged and gives an empty cart. */
export function loadCart(storage: Pick<Storage, 'getItem'> | undefined): CartItem[] {
  try {
    const raw = storage?.getItem(CART_STORAGE_KEY);
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed) || !parsed.every(isCartItem)) throw new Error('Stored cart has an unexpected shape');
    return parsed.map((item) => ({ product: toCartProduct(item.product), quantity: item.quantity }));
  } catch (error) {
    console.error('Failed to load cart from storage', error);
    return [];
  }
}

export function saveCart(storage: Pick<Storage, 'setItem'> | undefined, items: readonly CartItem[]): void {
  try {
    storage?.setItem(CART_STORAGE_KEY, JSON.stringify(items));
  } catch (error) {
    // Private mode or a full quota: the cart still works for this visit.
    console.warn('Failed to save cart to storage', error);
  }
}
