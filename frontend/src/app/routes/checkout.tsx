import { ShoppingBag } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHero } from '@/components/layout/page-hero';
import { useCart } from '@/features/cart/cart-context';
import { CheckoutForm, type GiftCardPaid } from '@/features/checkout/components/checkout-form';
import { useProducts } from '@/lib/api/catalogue/get-products';
import { displayMoney } from '@/lib/money';
import { pageTitles, useDocumentTitle } from '@/lib/use-document-title';

const REDIRECT_AFTER_MS = 2000;

export default function CheckoutRoute() {
  useDocumentTitle(pageTitles.of('/checkout'));
  const { items, clearCart, syncProducts } = useCart();
  const products = useProducts();
  const navigate = useNavigate();
  const [placed, setPlaced] = useState<{ shortId: string; paid: boolean; giftCard: GiftCardPaid | null } | null>(null);

  // A cart saved days ago may hold old names or prices: align it with the catalogue.
  useEffect(() => {
    if (products.data) syncProducts(products.data);
  }, [products.data, syncProducts]);

  // Spec §4: after a successful order, home after 2 seconds.
  useEffect(() => {
    if (!placed) return;
    const timer = setTimeout(() => void navigate('/'), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [placed, navigate]);

  return (
    <>
      <PageHero eyebrow="Secure Checkout" title="Checkout" />
      <div className="mx-auto max-w-7xl px-5 py-14 sm:px-8 lg:py-20">
        {placed ? (
          <div className="mx-auto max-w-xl border border-gold/40 bg-surface px-8 py-14 text-center" role="status">
            <p className="eyebrow">Thank you</p>
            <h2 className="mt-4 font-display text-4xl text-ivory">Your order is confirmed</h2>
            {placed.giftCard ? (
              <p className="mt-4 text-gold-light">
                {displayMoney(placed.giftCard.amount)} paid with gift card ••••{placed.giftCard.lastFour}.
              </p>
            ) : null}
            {placed.paid ? <p className="mt-4 text-gold-light">Paid by card. Your receipt is on its way.</p> : null}
            <p className="mt-4 text-sand">Order #{placed.shortId} will be packed by hand. Taking you home…</p>
          </div>
        ) : items.length > 0 ? (
          <CheckoutForm
            items={items}
            onPlaced={(shortId, paid, giftCard) => {
              clearCart({ silent: true });
              setPlaced({ shortId, paid, giftCard });
            }}
          />
        ) : (
          <div className="mx-auto max-w-xl border border-line bg-surface px-8 py-16 text-center">
            <ShoppingBag aria-hidden className="mx-auto size-10 text-gold" strokeWidth={1.25} />
            <h2 className="mt-6 font-display text-4xl text-ivory">Your Cart is Empty</h2>
            <p className="mt-3 text-sand">Browse our botanicals and bring a little of the mountain home.</p>
            <Link
              to="/products"
              className="mt-8 inline-flex h-12 items-center border border-gold bg-gold px-7 text-xs font-medium uppercase tracking-wide-2 text-ink transition-colors hover:bg-gold-light"
            >
              Browse products
            </Link>
          </div>
        )}
      </div>
    </>
  );
}
