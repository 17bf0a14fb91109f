import { formatPrice } from '@/lib/money';
import type { Product } from '@/lib/api/types';
import { cardGridImageSizes } from '@/components/layout/card-grid';
import { Image } from '@/components/ui/image';
import { mediaImage } from '@/lib/responsive-image';
import { stockNotice } from '../stock';

export function ProductCard({
  product,
  onOpen,
  priority = false,
}: {
  product: Product;
  onOpen: (product: Product) => void;
  /** The card's picture is the largest of the page's first screen. */
  priority?: boolean;
}) {
  const notice = stockNotice(product.stock);
  return (
    <article className="group relative flex flex-col" data-testid="product-card">
      <button
        type="button"
        onClick={() => onOpen(product)}
        className="flex flex-1 cursor-pointer flex-col border border-line bg-surface text-left transition-colors duration-500 hover:border-gold/50"
        aria-label={`View details: ${product.name}`}
      >
        <div className="relative aspect-square w-full overflow-hidden bg-surface-3">
          <Image
            image={mediaImage(product.image, product.imageSize)}
            sizes={cardGridImageSizes}
            priority={priority}
            alt={product.name}
            className="size-full object-cover transition-transform duration-[1200ms] ease-calm group-hover:scale-105"
          />
          <span className="absolute left-4 top-4 bg-ink/75 px-2.5 py-1 text-[0.62rem] font-medium uppercase tracking-luxe text-gold backdrop-blur-sm">
            {product.category}
          </span>
          {notice && (
            <span
              className="absolute right-4 top-4 bg-ink/80 px-2.5 py-1 text-[0.62rem] font-medium uppercase tracking-luxe text-ivory backdrop-blur-sm"
              data-testid="stock-notice"
            >
              {notice}
            </span>
          )}
        </div>
        <div className="flex flex-1 flex-col p-5 sm:p-6">
          <h3 className="font-display text-2xl leading-tight text-ivory">{product.name}</h3>
          <p className="mt-2 line-clamp-2 flex-1 text-sm text-sand">{product.description}</p>
          <div className="mt-5 flex items-center justify-between">
            <span className="text-lg text-gold tabular-nums">{formatPrice(product.price)}</span>
            <span className="text-[0.68rem] uppercase tracking-luxe text-sand transition-colors group-hover:text-gold-light">
              View details
            </span>
          </div>
        </div>
      </button>
    </article>
  );
}

export function ProductCardSkeleton() {
  return (
    <div className="border border-line bg-surface" data-testid="product-skeleton">
      <div className="aspect-square animate-pulse bg-surface-3" />
      <div className="space-y-3 p-6">
        <div className="h-6 w-3/4 animate-pulse bg-surface-3" />
        <div className="h-10 w-full animate-pulse bg-surface-3" />
        <div className="h-5 w-1/4 animate-pulse bg-surface-3" />
      </div>
    </div>
  );
}
