import { lazy, Suspense, useState } from 'react';
import { useOpenedOnce } from '@/lib/use-opened-once';
import type { Product } from '@/lib/api/types';
import { cn } from '@/lib/cn';
import { useReturnFocus } from '@/lib/use-return-focus';
import { ProductCard, ProductCardSkeleton } from './product-card';
import type { AddToCart } from './product-dialog';

// The dialog (Radix, the carousel) loads when a product is first opened.
const ProductDialog = lazy(() => import('./product-dialog').then((module) => ({ default: module.ProductDialog })));

export const productGridClass = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3 lg:gap-8';

export function ProductGridSkeleton({ count, className }: { count: number; className?: string }) {
  return (
    <div className={cn(productGridClass, className)} aria-busy="true" aria-label="Loading products">
      {Array.from({ length: count }, (_, i) => (
        <ProductCardSkeleton key={i} />
      ))}
    </div>
  );
}

/** A grid of product cards; clicking one opens its detail dialog. */
export function ProductGrid({ products, onAddToCart, className }: { products: Product[]; onAddToCart: AddToCart; className?: string }) {
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
      <div className={cn(productGridClass, className)}>
        {products.map((product) => (
          <ProductCard key={product.id} product={product} onOpen={open} />
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
