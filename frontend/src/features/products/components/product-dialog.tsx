import { ShoppingBag } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { formatPrice } from '@/lib/money';
import type { Product } from '@/lib/api/types';
import { useProductMedia } from '@/lib/api/catalogue/get-product-media';
import { MediaCarousel } from './media-carousel';
import { carouselItems } from './media-carousel-logic';
import { isSoldOut, stockNotice } from '../stock';

export type AddToCart = (product: Product, quantity: number, options: { returnFocusTo?: HTMLElement | null }) => void;

export function ProductDialog({
  product,
  onClose,
  onCloseAutoFocus,
  returnFocusTo,
  onAddToCart,
}: {
  product: Product | null;
  onClose: () => void;
  /** The shop's cart (composed by the page): adds the product and opens the cart panel. */
  onAddToCart: AddToCart;
  onCloseAutoFocus?: (event: Event) => void;
  returnFocusTo?: () => HTMLElement | null;
}) {
  const media = useProductMedia(product?.id);
  const notice = stockNotice(product?.stock);
  const soldOut = isSoldOut(product?.stock);

  return (
    <Dialog open={product !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {product ? (
        <DialogContent size="xl" flush closeLabel="Close product details" onCloseAutoFocus={onCloseAutoFocus}>
          <div className="grid md:grid-cols-2">
            <div className="p-4 sm:p-6 md:p-8">
              <MediaCarousel key={product.id} items={carouselItems(product, media.data ?? [])} loading={media.isPending} />
            </div>
            <div className="flex flex-col border-t border-line p-6 sm:p-8 md:border-l md:border-t-0 md:py-12">
              <Badge className="self-start">{product.category}</Badge>
              <DialogTitle className="mt-5 text-4xl sm:text-5xl">{product.name}</DialogTitle>
              <p className="mt-4 font-display text-3xl text-gold tabular-nums">{formatPrice(product.price)}</p>
              {notice && (
                <p className="mt-2 text-xs font-medium uppercase tracking-luxe text-gold-light" data-testid="stock-notice">
                  {notice}
                </p>
              )}
              <span className="gold-rule mt-6 bg-gold" />
              <DialogDescription className="mt-6 whitespace-pre-line leading-relaxed text-sand">{product.description}</DialogDescription>
              <div className="mt-auto flex flex-col gap-3 pt-10 sm:flex-row">
                <Button
                  size="lg"
                  className="flex-1"
                  disabled={soldOut}
                  onClick={() => {
                    onClose();
                    // Closing the cart later returns focus to what opened this dialog.
                    onAddToCart(product, 1, { returnFocusTo: returnFocusTo?.() });
                  }}
                >
                  <ShoppingBag aria-hidden className="size-4" />
                  {soldOut ? 'Sold Out' : 'Add to Cart'}
                </Button>
                <DialogClose asChild>
                  <Button size="lg" variant="outline">
                    Close
                  </Button>
                </DialogClose>
              </div>
            </div>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
