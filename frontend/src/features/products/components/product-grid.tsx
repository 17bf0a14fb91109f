import { lazy, Suspense, useState } from 'react';
import { cardGridClass } from '@/components/layout/card-grid';
import { useOpenedOnce } from '@/lib/use-opened-once';
import type { Product } from '@/lib/api/types';
import { cn } from '@/lib/cn';
import { useReturnFocus } from '@/lib/use-return-focus';
import { ProductCard, ProductCardSkeleton } from './product-card';
import type { AddToCart } from './product-dialog';

// The dialog (Radix, the carousel) loads when a product is first opened.
const ProductDialog = lazy(() => import('./product-dialog').then((module) => ({ default: module.ProductDialog })));

export function ProductGridSkeleton({ count, className }: { count: number; className?: string }) {
  return (
    <div className={cn(cardGridClass, className)} aria-busy="true" aria-label="Loading products">
      {Array.from({ length: count }, (_, i) => (
        <ProductCardSkeleton key={i} />
      ))}
    </div>
  );
}

/**
 * A grid of product cards; clicking one opens its detail dialog.
 * `priorityFirst`: the first card's picture is the largest of the page's first screen.
 */
export function ProductGrid({
  products,
  onAddToCart,
  priorityFirst = false,
  className,
}: {
  products: Product[];
  onAddToCart: AddToCart;
  priorityFirst?: boolean;
  className?: string;
}) {
  const [selected, setSelected] = useState<Product | null>(null);
  // Rendered from the first opening on (nothing before, on the server too), and kept for its closing animation.
  const requested = useOpenedOnce(selected !== null);
  const { remember, onCloseAutoFocus, current } = useReturnFocus();
  const open = (product: Product) => {
    remember();
    setSelected(product);
  };
  return (
    <>
      <div className={cn(cardGridClass, className)}>
        {products.map((product, i) => (
          <ProductCard key={product.id} product={product} onOpen={open} priority={priorityFirst && i === 0} />
        ))}
      </div>
      {requested ? (
        <Suspense fallback={null}>
          <ProductDialog
            product={selected}
            onClose={() => setSelected(null)}
            onCloseAutoFocus={onCloseAutoFocus}
            returnFocusTo={current}
            onAddToCart={onAddToCart}
          />
        </Suspense>
      ) : null}
    </>
  );
}
