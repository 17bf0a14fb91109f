import { createContext, useContext } from 'react';
import type { CartItem, CartProduct } from './cart-logic';

export type CartContextValue = {
  items: CartItem[];
  isOpen: boolean;
  setOpen: (open: boolean) => void;
  /** Gives focus back to what opened the panel (it has no Radix Trigger). */
  onCloseAutoFocus: (event: Event) => void;
  /** Adds and opens the panel; `returnFocusTo` gets focus back when the panel closes. */
  addItem: (product: CartProduct, quantity?: number, options?: { returnFocusTo?: HTMLElement | null }) => void;
  removeItem: (productId: string) => void;
  updateQuantity: (productId: string, quantity: number) => void;
  clearCart: (options?: { silent?: boolean }) => void;
  syncProducts: (catalogue: readonly CartProduct[]) => void;
  totalItems: number;
  /** Sum of price × quantity, in cents. */
  totalCents: number;
};

export const CartContext = createContext<CartContextValue | null>(null);

export function useCart(): CartContextValue {
  const context = useContext(CartContext);
  if (!context) throw new Error('useCart must be used within a CartProvider');
  return context;
}
