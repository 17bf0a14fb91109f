import { act, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, useToasts } from '@/components/ui/toast-store';
import { loadOrderVectors, sharedVectorsExist } from '@/test/order-vectors';
import { useCart } from './cart-context';
import {
  addLine,
  CART_STORAGE_KEY,
  loadCart,
  removeLine,
  setLineQuantity,
  syncWithCatalogue,
  totalCents,
  totalItems,
  type CartProduct,
} from './cart-logic';
import { CartProvider } from './cart-provider';
import { formatCents, orderTotals } from '@/lib/money';

const balm: CartProduct = {
  id: 'p-1',
  name: 'Pine Resin Balm',
  price: '24.00',
  image: '/media/balm.webp',
  category: 'skincare',
  imageSize: { width: 800, height: 800 },
};
const candle: CartProduct = {
  id: 'p-2',
  name: 'Cedar Candle',
  price: '18.50',
  image: '/media/candle.webp',
  category: 'candles',
  imageSize: null,
};

describe('cart logic', () => {
  it('keeps one line per product and merges quantities', () => {
    let items = addLine([], balm);
    items = addLine(items, candle, 2);
    items = addLine(items, balm, 3);
    expect(items).toEqual([
      { product: balm, quantity: 4 },
      { product: candle, quantity: 2 },
    ]);
    expect(totalItems(items)).toBe(6);
    expect(totalCents(items)).toBe(4 * 2400 + 2 * 1850);
  });

  it('removes a line when its quantity is set to 0 or below', () => {
    const items = addLine(addLine([], balm), candle);
    expect(setLineQuantity(items, balm.id, 0)).toEqual([{ product: candle, quantity: 1 }]);
    expect(setLineQuantity(items, balm.id, -2)).toEqual([{ product: candle, quantity: 1 }]);
    expect(setLineQuantity(items, balm.id, 5)[0]).toEqual({ product: balm, quantity: 5 });
    expect(removeLine(items, candle.id)).toEqual([{ product: balm, quantity: 1 }]);
  });

  it('keeps only the product fields a cart needs', () => {
    const items = addLine([], { ...balm, description: 'long text' } as CartProduct);
    expect(Object.keys(items[0]!.product).sort()).toEqual(['category', 'id', 'image', 'imageSize', 'name', 'price']);
  });

  it('refreshes stored lines from the catalogue and drops vanished products', () => {
    const items = addLine(addLine([], balm, 2), candle);
    const next = syncWithCatalogue(items, [{ ...balm, price: '26.00' }]);
    expect(next).toEqual([{ product: { ...balm, price: '26.00' }, quantity: 2 }]);
  });

  describe.skipIf(!sharedVectorsExist)('totals match the shared order vectors', () => {
    const vectors = sharedVectorsExist ? loadOrderVectors() : [];
    it.each(vectors.map((v) => [v.name, v] as const))('%s', (_name, vector) => {
      let items: ReturnType<typeof addLine> = [];
      vector.lines.forEach((line, i) => {
        items = addLine(items, { ...balm, id: `v-${i}`, price: line.price }, line.quantity);
      });
      expect(formatCents(totalCents(items))).toBe(vector.subtotal);
      const totals = orderTotals(items.map((item) => ({ price: item.product.price, quantity: item.quantity })));
      expect(formatCents(totals.total)).toBe(vector.total);
    });
  });
});

describe('cart storage', () => {
  it('reads a stored cart', () => {
    const storage = { getItem: () => JSON.stringify([{ product: balm, quantity: 2 }]) };
    expect(loadCart(storage)).toEqual([{ product: balm, quantity: 2 }]);
  });

  it('reads a cart saved before image sizes were kept, with none (its thumbnails are plain files until the catalogue is synced)', () => {
    const { imageSize: _, ...saved } = balm;
    const storage = { getItem: () => JSON.stringify([{ product: saved, quantity: 1 }]) };
    expect(loadCart(storage)).toEqual([{ product: { ...balm, imageSize: null }, quantity: 1 }]);
  });

  it.each([
    ['not JSON', '{oops'],
    ['not a list', '{"product":1}'],
    ['a line without a product', '[{"quantity":1}]'],
    ['a fractional quantity', JSON.stringify([{ product: balm, quantity: 1.5 }])],
  ])('logs and starts empty on %s', (_what, raw) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(loadCart({ getItem: () => raw })).toEqual([]);
    expect(error).toHaveBeenCalledWith('Failed to load cart from storage', expect.anything());
  });
});

function wrapper({ children }: { children: ReactNode }) {
  return <CartProvider>{children}</CartProvider>;
}

function useCartAndToasts() {
  return { cart: useCart(), toasts: useToasts() };
}

describe('CartProvider', () => {
  beforeEach(() => {
    window.localStorage.clear();
    dismissToast();
  });
  afterEach(() => {
    window.localStorage.clear();
  });

  it('throws when used outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useCart())).toThrow('useCart must be used within a CartProvider');
  });

  it('adds, merges, opens the panel and toasts with the spec texts', () => {
    const { result } = renderHook(useCartAndToasts, { wrapper });
    expect(result.current.cart.isOpen).toBe(false);

    act(() => result.current.cart.addItem(balm));
    expect(result.current.cart.isOpen).toBe(true);
    expect(result.current.toasts[0]).toMatchObject({ title: 'Added to Cart', description: 'Pine Resin Balm has been added to your cart' });

    act(() => result.current.cart.addItem(balm, 2));
    expect(result.current.cart.items).toEqual([{ product: balm, quantity: 3 }]);
    expect(result.current.toasts).toHaveLength(1);
    expect(result.current.toasts[0]).toMatchObject({ title: 'Cart Updated', description: 'Pine Resin Balm quantity updated in cart' });
    expect(result.current.cart.totalItems).toBe(3);
    expect(result.current.cart.totalCents).toBe(7200);
  });

  it('removes a line at quantity 0 with the removal toast', () => {
    const { result } = renderHook(useCartAndToasts, { wrapper });
    act(() => result.current.cart.addItem(candle));
    act(() => result.current.cart.updateQuantity(candle.id, 0));
    expect(result.current.cart.items).toEqual([]);
    expect(result.current.toasts[0]).toMatchObject({
      title: 'Removed from Cart',
      description: 'Cedar Candle has been removed from your cart',
    });
  });

  it('clears with the clear toast', () => {
    const { result } = renderHook(useCartAndToasts, { wrapper });
    act(() => result.current.cart.addItem(candle));
    act(() => result.current.cart.clearCart());
    expect(result.current.cart.items).toEqual([]);
    expect(result.current.toasts[0]).toMatchObject({ title: 'Cart Cleared', description: 'All items have been removed from your cart' });
  });

  it('saves every change under the "cart" key and loads it on start', () => {
    const first = renderHook(() => useCart(), { wrapper });
    act(() => first.result.current.addItem(balm, 2));
    act(() => first.result.current.addItem(candle));
    expect(JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY)!)).toEqual([
      { product: balm, quantity: 2 },
      { product: candle, quantity: 1 },
    ]);
    first.unmount();

    const second = renderHook(() => useCart(), { wrapper });
    expect(second.result.current.items).toEqual([
      { product: balm, quantity: 2 },
      { product: candle, quantity: 1 },
    ]);
  });

  it('logs a corrupt stored cart and starts empty', () => {
    window.localStorage.setItem(CART_STORAGE_KEY, 'definitely not json');
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Probe() {
      const { items } = useCart();
      return <p>{items.length} items</p>;
    }
    render(<Probe />, { wrapper });
    expect(screen.getByText('0 items')).toBeTruthy();
    expect(error).toHaveBeenCalledWith('Failed to load cart from storage', expect.anything());
  });

  it('hydrates the server page with the empty cart, without a mismatch, then shows the stored one', async () => {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ product: balm, quantity: 2 }]));
    function Count() {
      return <p>{useCart().totalItems} items</p>;
    }
    const page = (
      <CartProvider>
        <Count />
      </CartProvider>
    );
    // The server cannot see this browser's storage.
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    expect(container.textContent).toBe('0 items');

    const errors = vi.spyOn(console, 'error');
    await act(async () => {
      hydrateRoot(container, page);
    });
    expect(container.textContent).toBe('2 items');
    expect(errors).not.toHaveBeenCalled();
  });
});
