import { lazy, Suspense } from 'react';
import { useOpenedOnce } from '@/lib/use-opened-once';
import { useCart } from '../cart-context';

import { loadCartSheet } from './load-cart-sheet';

const CartSheet = lazy(() => loadCartSheet().then((module) => ({ default: module.CartSheet })));

/**
 * The cart panel, whose code (the Radix dialog) loads when the cart first
 * opens. Closed, it renders nothing, on the server as in the browser, so
 * hydration matches; once opened it stays mounted for its closing animation.
 */
export function LazyCartSheet() {
  const { isOpen } = useCart();
  const requested = useOpenedOnce(isOpen);
  return requested ? (
    <Suspense fallback={null}>
      <CartSheet />
    </Suspense>
  ) : null;
}
