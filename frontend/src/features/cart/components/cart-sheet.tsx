import { Minus, Plus, ShoppingBag, Trash2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { useCart } from '../cart-context';
import { formatMoney, lineCents } from '@/lib/money';
import { Image } from '@/components/ui/image';
import { mediaImage } from '@/lib/responsive-image';

export function CartSheet() {
  const { items, isOpen, setOpen, onCloseAutoFocus, updateQuantity, removeItem, clearCart, totalCents } = useCart();
  const navigate = useNavigate();
  const close = () => setOpen(false);

  return (
    <Sheet open={isOpen} onOpenChange={setOpen}>
      <SheetContent closeLabel="Close cart" aria-describedby="cart-subtitle" onCloseAutoFocus={onCloseAutoFocus}>
        <div className="border-b border-line px-6 pb-5 pt-7 sm:px-8">
          <SheetTitle className="font-display text-3xl text-ivory">Shopping Cart</SheetTitle>
          <SheetDescription id="cart-subtitle" className="mt-1 text-sm text-sand">
            Review your items before checkout
          </SheetDescription>
        </div>

        {items.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center px-8 text-center">
            <span className="flex size-20 items-center justify-center rounded-full border border-gold/40">
              <ShoppingBag aria-hidden className="size-8 text-gold" strokeWidth={1.25} />
            </span>
            <p className="mt-6 font-display text-2xl text-ivory">Your cart is empty</p>
            <p className="mt-2 text-sand">Add some wellness products to get started</p>
            <Button variant="outline" className="mt-8" onClick={close}>
              CONTINUE SHOPPING
            </Button>
          </div>
        ) : (
          <>
            <ul className="flex-1 divide-y divide-line overflow-y-auto px-6 sm:px-8" aria-label="Cart items">
              {items.map(({ product, quantity }) => (
                <li key={product.id} className="flex gap-4 py-5" data-testid="cart-line">
                  <Image
                    image={mediaImage(product.image, product.imageSize)}
                    sizes="5rem"
                    alt={product.name}
                    className="size-20 shrink-0 border border-line bg-surface-3 object-cover"
                  />
                  <div className="flex min-w-0 flex-1 flex-col">
                    <div className="flex items-start justify-between gap-2">
                      <div className="min-w-0">
                        <p className="truncate font-display text-xl leading-tight text-ivory">{product.name}</p>
                        <p className="mt-0.5 text-[0.68rem] uppercase tracking-luxe text-gold">{product.category}</p>
                      </div>
                      <button
                        type="button"
                        onClick={() => removeItem(product.id)}
                        aria-label={`Remove ${product.name}`}
                        className="-mr-2 -mt-1 inline-flex size-9 shrink-0 cursor-pointer items-center justify-center text-muted transition-colors hover:text-danger"
                      >
                        <Trash2 aria-hidden className="size-4" />
                      </button>
                    </div>
                    <div className="mt-auto flex items-center justify-between pt-3">
                      <div className="flex items-center border border-line" role="group" aria-label={`Quantity of ${product.name}`}>
                        <button
                          type="button"
                          onClick={() => updateQuantity(product.id, quantity - 1)}
                          aria-label={`Decrease quantity of ${product.name}`}
                          className="inline-flex size-9 cursor-pointer items-center justify-center text-sand hover:text-gold-light"
                        >
                          <Minus aria-hidden className="size-3.5" />
                        </button>
                        <span
                          className="w-9 text-center text-sm tabular-nums text-ivory"
                          aria-live="polite"
                          data-testid="cart-line-quantity"
                        >
                          {quantity}
                        </span>
                        <button
                          type="button"
                          onClick={() => updateQuantity(product.id, quantity + 1)}
                          aria-label={`Increase quantity of ${product.name}`}
                          className="inline-flex size-9 cursor-pointer items-center justify-center text-sand hover:text-gold-light"
                        >
                          <Plus aria-hidden className="size-3.5" />
                        </button>
                      </div>
                      <p className="text-gold tabular-nums" data-testid="cart-line-price">
                        {formatMoney(lineCents(product.price, quantity))}
                      </p>
                    </div>
                  </div>
                </li>
              ))}
            </ul>
            <div className="border-t border-line bg-surface-2 px-6 py-6 sm:px-8">
              <div className="flex items-baseline justify-between">
                <span className="text-xs uppercase tracking-luxe text-sand">Total</span>
                <span className="font-display text-3xl text-ivory tabular-nums" data-testid="cart-total">
                  {formatMoney(totalCents)}
                </span>
              </div>
              <p className="mt-1 text-xs text-muted">Tax and shipping are calculated at checkout.</p>
              <Button
                size="lg"
                className="mt-5 w-full"
                onClick={() => {
                  close();
                  void navigate('/checkout');
                }}
              >
                PROCEED TO CHECKOUT
              </Button>
              <div className="mt-3 flex items-center justify-between">
                <Button variant="link" onClick={close}>
                  Continue Shopping
                </Button>
                <button
                  type="button"
                  className="cursor-pointer text-xs font-medium uppercase tracking-wide-2 text-muted underline-offset-8 transition-colors hover:text-danger hover:underline"
                  onClick={() => clearCart()}
                >
                  Clear Cart
                </button>
              </div>
            </div>
          </>
        )}
      </SheetContent>
    </Sheet>
  );
}
