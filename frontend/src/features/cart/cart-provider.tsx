import { useCallback, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { toast } from '@/components/ui/toast-store';
import { useReturnFocus } from '@/lib/use-return-focus';
import { CartContext, type CartContextValue } from './cart-context';
import { addLine, removeLine, sameItems, setLineQuantity, syncWithCatalogue, totalCents, totalItems, type CartProduct } from './cart-logic';
import { serverCart, storeCart, storedCart, subscribeToStoredCart } from './stored-cart';

export function CartProvider({ children }: { children: ReactNode }) {
  // The empty cart while hydrating the server's page, the stored one after.
  const items = useSyncExternalStore(subscribeToStoredCart, storedCart, serverCart);
  const [isOpen, setOpenState] = useState(false);
  const { remember, onCloseAutoFocus } = useReturnFocus();
  const setOpen = useCallback(
    (open: boolean, returnFocusTo?: HTMLElement | null) => {
      if (open) remember(returnFocusTo);
      setOpenState(open);
    },
    [remember],
  );

  // The callbacks read the cart from the store (the state before the change,
  // for the toasts) and write it there, so they stay stable.
  const addItem = useCallback(
    (product: CartProduct, quantity = 1, options?: { returnFocusTo?: HTMLElement | null }) => {
      const current = storedCart();
      const existing = current.some((item) => item.product.id === product.id);
      storeCart(addLine(current, product, quantity));
      setOpen(true, options?.returnFocusTo);
      if (existing) {
        toast({ title: 'Cart Updated', description: `${product.name} quantity updated in cart` });
      } else {
        toast({ title: 'Added to Cart', description: `${product.name} has been added to your cart` });
      }
    },
    [setOpen],
  );

  const removeItem = useCallback((productId: string) => {
    const current = storedCart();
    const line = current.find((item) => item.product.id === productId);
    storeCart(removeLine(current, productId));
    if (line) {
      toast({ title: 'Removed from Cart', description: `${line.product.name} has been removed from your cart` });
    }
  }, []);

  const updateQuantity = useCallback(
    (productId: string, quantity: number) => {
      if (quantity <= 0) {
        removeItem(productId);
        return;
      }
      storeCart(setLineQuantity(storedCart(), productId, quantity));
    },
    [removeItem],
  );

  const clearCart = useCallback((options?: { silent?: boolean }) => {
    storeCart([]);
    if (!options?.silent) {
      toast({ title: 'Cart Cleared', description: 'All items have been removed from your cart' });
    }
  }, []);

  const syncProducts = useCallback((catalogue: readonly CartProduct[]) => {
    const current = storedCart();
    const next = syncWithCatalogue(current, catalogue);
    if (!sameItems(next, current)) storeCart(next);
  }, []);

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
