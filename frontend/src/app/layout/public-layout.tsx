import { Outlet, useLocation } from 'react-router';
import { Footer } from '@/components/layout/footer';
import { Header } from './header';
import { PageErrorBoundary } from './error-boundaries';
import { ScrollMemory } from './scroll-memory';
import { BookingProvider } from '@/features/booking/booking-provider';
import { LazyCartSheet } from '@/features/cart/components/lazy-cart-sheet';
import { CartProvider } from '@/features/cart/cart-provider';

export function PublicLayout() {
  const { pathname } = useLocation();
  return (
    <CartProvider>
      <BookingProvider>
        <a
          href="#main"
          className="sr-only z-[80] bg-gold px-4 py-2 text-ink focus:not-sr-only focus:fixed focus:left-4 focus:top-4 print:hidden"
        >
          Skip to content
        </a>
        <Header />
        <main id="main" tabIndex={-1} className="min-h-[70vh] outline-none print:min-h-0">
          {/* Pages arrive through the router (loaded before it shows them), never suspended here. */}
          <PageErrorBoundary resetKey={pathname}>
            <Outlet />
          </PageErrorBoundary>
        </main>
        <Footer />
        <LazyCartSheet />
        <ScrollMemory />
      </BookingProvider>
    </CartProvider>
  );
}
