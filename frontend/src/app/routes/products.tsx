import { Link } from 'react-router';
import { PageHero } from '@/components/layout/page-hero';
import { EmptyState, LoadError } from '@/components/ui/state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useProducts } from '@/lib/api/catalogue/get-products';
import { useCart } from '@/features/cart/cart-context';
import { ProductGrid, ProductGridSkeleton } from '@/features/products/components/product-grid';
import type { Product } from '@/lib/api/types';
import { pageTitles, useDocumentTitle } from '@/lib/use-document-title';

const categories = [
  { value: 'all', label: 'All' },
  { value: 'skincare', label: 'Skincare' },
  { value: 'candles', label: 'Candles' },
  { value: 'teas', label: 'Teas' },
] as const;

function filterProducts(products: Product[], category: string): Product[] {
  return category === 'all' ? products : products.filter((p) => p.category === category);
}

export default function ProductsRoute() {
  useDocumentTitle(pageTitles.of('/products'));
  const { data, isPending, isError } = useProducts();
  const { addItem } = useCart();

  return (
    <>
      <PageHero eyebrow="The Apothecary" title="Wellness Products">
        Small-batch skincare, hand-poured candles and herbal teas — the rituals of the retreat, to carry home.
      </PageHero>
      <section aria-labelledby="all-products-heading" className="mx-auto max-w-7xl px-5 py-16 sm:px-8 lg:py-24">
        {/* Named by a heading, not a label: the cards' headings (h3) then follow an h2, as on the home page. */}
        <h2 id="all-products-heading" className="sr-only">
          Products
        </h2>
        <Tabs defaultValue="all">
          <TabsList aria-label="Product categories">
            {categories.map((c) => (
              <TabsTrigger key={c.value} value={c.value}>
                {c.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {categories.map((c) => (
            <TabsContent key={c.value} value={c.value}>
              {isPending ? (
                <ProductGridSkeleton count={6} />
              ) : isError ? (
                <LoadError what="products" />
              ) : filterProducts(data, c.value).length === 0 ? (
                <EmptyState title="Nothing here yet">
                  <p>No products found in this category.</p>
                </EmptyState>
              ) : (
                <ProductGrid products={filterProducts(data, c.value)} onAddToCart={addItem} priorityFirst />
              )}
            </TabsContent>
          ))}
        </Tabs>
      </section>
      <section aria-labelledby="products-contact-heading" className="border-t border-line bg-surface">
        <div className="mx-auto max-w-3xl px-5 py-16 text-center sm:px-8">
          <h2 id="products-contact-heading" className="font-display text-3xl text-ivory sm:text-4xl">
            Looking for something special?
          </h2>
          <p className="mt-4 text-sand">Gift sets, larger sizes or advice on sensitive skin — we are happy to help.</p>
          <Link
            to="/contact"
            className="mt-8 inline-flex h-11 items-center border border-gold/70 px-6 text-xs font-medium uppercase tracking-wide-2 text-gold transition-colors hover:bg-gold hover:text-ink"
          >
            Contact us
          </Link>
        </div>
      </section>
    </>
  );
}
