import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from '@/components/ui/toast-store';
import { useReturnFocus } from '@/lib/use-return-focus';
import { CartContext, type CartContextValue } from './cart-context';
import {
  addLine,
  loadCart,
  removeLine,
  saveCart,
  sameItems,
  setLineQuantity,
  syncWithCatalogue,
  totalCents,
  totalItems,
  type CartItem,
  type CartProduct,
} from './cart-logic';

function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function CartProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<CartItem[]>(() => loadCart(browserStorage()));
  const [isOpen, setOpenState] = useState(false);
  const { remember, onCloseAutoFocus } = useReturnFocus();
  const setOpen = useCallback(
    (open: boolean, returnFocusTo?: HTMLElement | null) => {
      if (open) remember(returnFocusTo);
      setOpenState(open);
    },
    [remember],
  );
  // The toasts depend on the state before the change; a ref keeps callbacks stable.
  const itemsRef = useRef(items);
  const firstRender = useRef(true);

  useEffect(() => {
    itemsRef.current = items;
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    saveCart(browserStorage(), items);
  }, [items]);

  const commit = useCallback((next: CartItem[]) => {
    itemsRef.current = next;
    setItems(next);
  }, []);

  const addItem = useCallback(
    (product: CartProduct, quantity = 1, options?: { returnFocusTo?: HTMLElement | null }) => {
      const current = itemsRef.current;
      const existing = current.some((item) => item.product.id === product.id);
      commit(addLine(current, product, quantity));
      setOpen(true, options?.returnFocusTo);
      if (existing) {
        toast({ title: 'Cart Updated', description: `${product.name} quantity updated in cart` });
      } else {
        toast({ title: 'Added to Cart', description: `${product.name} has been added to your cart` });
      }
    },
    [commit, setOpen],
  );

  const removeItem = useCallback(
    (productId: string) => {
      const current = itemsRef.current;
      const line = current.find((item) => item.product.id === productId);
      commit(removeLine(current, productId));
      if (line) {
        toast({ title: 'Removed from Cart', description: `${line.product.name} has been removed from your cart` });
      }
    },
    [commit],
  );

  const updateQuantity = useCallback(
    (productId: string, quantity: number) => {
      if (quantity <= 0) {
        removeItem(productId);
        return;
      }
      commit(setLineQuantity(itemsRef.current, productId, quantity));
    },
    [commit, removeItem],
  );

  const clearCart = useCallback(
    (options?: { silent?: boolean }) => {
      commit([]);
      if (!options?.silent) {
        toast({ title: 'Cart Cleared', description: 'All items have been removed from your cart' });
      }
    },
    [commit],
  );

  const syncProducts = useCallback(
    (catalogue: readonly CartProduct[]) => {
      const next = syncWithCatalogue(itemsRef.current, catalogue);
      if (!sameItems(next, itemsRef.current)) commit(next);
    },
    [commit],
  );

  const value = useMemo<CartContextValue>(
    () => ({
      items,
      isOpen,
      setOpen,
      onCloseAutoFocus,
      addItem,
      removeItem,
      updateQuantity,
      clearCart,
      syncProducts,
      totalItems: totalItems(items),
      totalCents: totalCents(items),
    }),
    [items, isOpen, setOpen, onCloseAutoFocus, addItem, removeItem, updateQuantity, clearCart, syncProducts],
  );

  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}
