import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { SectionHeading } from '@/components/layout/page-hero';
import { LoadError } from '@/components/ui/state';
import { useProducts } from '@/lib/api/catalogue/get-products';
import { useCart } from '@/features/cart/cart-context';
import { ProductGrid, ProductGridSkeleton } from '@/features/products/components/product-grid';

export const HOME_PRODUCT_LIMIT = 6;

export function FeaturedProducts() {
  const { data, isPending, isError } = useProducts();
  const { addItem } = useCart();
  return (
    <section aria-labelledby="home-products-heading" className="mx-auto max-w-7xl px-5 py-24 sm:px-8 lg:py-32">
      <SectionHeading id="home-products-heading" eyebrow="Take the Mountain Home" title="The Apothecary">
        Small-batch skincare, hand-poured candles and herbal teas, made with the botanicals of our mountain.
      </SectionHeading>
      <div className="mt-14">
        {isPending ? (
          <ProductGridSkeleton count={HOME_PRODUCT_LIMIT} />
        ) : isError ? (
          <LoadError what="products" />
        ) : (
          <ProductGrid products={data.slice(0, HOME_PRODUCT_LIMIT)} onAddToCart={addItem} />
        )}
      </div>
      <div className="mt-12 text-center">
        <Link
          to="/products"
          className="inline-flex h-13 items-center gap-3 border border-gold/70 px-8 text-[0.8rem] font-medium uppercase tracking-wide-2 text-gold transition-colors duration-300 hover:bg-gold hover:text-ink"
        >
          view all products
          <ArrowRight aria-hidden className="size-4" />
        </Link>
      </div>
    </section>
  );
}
