import { Menu, ShoppingBag } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Button } from '@/components/ui/button';
import { navLinks } from '@/config/site';
import { useBooking } from '@/features/booking/booking-context';
import { useCart } from '@/features/cart/cart-context';
import { prefetchCartSheet } from '@/features/cart/components/load-cart-sheet';
import { cn } from '@/lib/cn';
import { BrandLogo } from '@/components/layout/brand-mark';

const SOLID_AFTER_PX = 50;

// The menu panel (the Radix dialog) loads when first opened, or when its button is pointed at.
const loadMobileMenu = () => import('./mobile-menu');
const MobileMenu = lazy(loadMobileMenu);
const prefetchMobileMenu = () => void loadMobileMenu();

function useScrolledPast(px: number) {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > px);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [px]);
  return past;
}

export function Header() {
  const solid = useScrolledPast(SOLID_AFTER_PX);
  const { openBooking } = useBooking();
  const { totalItems, setOpen } = useCart();
  const [menuOpen, setMenuOpen] = useState(false);
  // The panel renders from the first opening on (nothing before, on the server too).
  const [menuRequested, setMenuRequested] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  return (
    <header
      data-solid={solid || undefined}
      className={cn(
        'fixed inset-x-0 top-0 z-40 transition-[background-color,border-color,backdrop-filter] duration-500 ease-calm print:hidden',
        solid
          ? 'border-b border-gold/20 bg-ink/85 backdrop-blur-md supports-[backdrop-filter]:bg-ink/70'
          : 'border-b border-transparent bg-gradient-to-b from-ink/70 to-transparent',
      )}
    >
      <div
        className={cn(
          'mx-auto flex max-w-7xl items-center justify-between gap-4 px-5 transition-[height] duration-500 sm:px-8',
          solid ? 'h-18' : 'h-22',
        )}
      >
        <Link to="/" aria-label="Golden Pine Wellness Retreat — home" className="shrink-0">
          <BrandLogo />
        </Link>

        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-8">
            {navLinks.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.to === '/'}
                  className={({ isActive }) =>
                    cn(
                      'relative py-2 text-[0.72rem] font-medium uppercase tracking-luxe transition-colors duration-300 after:absolute after:inset-x-0 after:-bottom-0.5 after:h-px after:origin-center after:bg-gold after:transition-transform after:duration-500',
                      isActive ? 'text-gold after:scale-x-100' : 'text-sand hover:text-gold-light after:scale-x-0',
                    )
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-2 sm:gap-3">
          <button
            type="button"
            onClick={() => setOpen(true)}
            onPointerEnter={prefetchCartSheet}
            onFocus={prefetchCartSheet}
            aria-label={totalItems > 0 ? `Cart, ${totalItems} ${totalItems === 1 ? 'item' : 'items'}` : 'Cart'}
            className="relative inline-flex size-11 cursor-pointer items-center justify-center text-ivory transition-colors hover:text-gold-light"
          >
            <ShoppingBag aria-hidden className="size-5" strokeWidth={1.5} />
            {totalItems > 0 ? (
              <span
                data-testid="cart-count"
                className="absolute right-0.5 top-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-gold px-1 text-[0.65rem] font-semibold leading-5 text-ink"
              >
                {totalItems}
              </span>
            ) : null}
          </button>
          <div className="hidden md:block">
            <Button size="sm" onClick={() => openBooking()}>
              BOOK EXPERIENCE
            </Button>
          </div>

          <button
            ref={menuButton}
            type="button"
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            aria-controls={menuOpen ? 'mobile-menu' : undefined}
            onClick={() => {
              setMenuRequested(true);
              setMenuOpen(true);
            }}
            onPointerEnter={prefetchMobileMenu}
            onFocus={prefetchMobileMenu}
            className="inline-flex size-11 cursor-pointer items-center justify-center text-ivory hover:text-gold-light lg:hidden"
          >
            <Menu aria-hidden className="size-6" strokeWidth={1.5} />
          </button>
          {menuRequested ? (
            <Suspense fallback={null}>
              <MobileMenu
                open={menuOpen}
                onOpenChange={setMenuOpen}
                onBook={() => {
                  setMenuOpen(false);
                  openBooking();
                }}
                onCloseAutoFocus={(event) => {
                  // No Radix trigger here: focus goes back to the menu button by hand.
                  event.preventDefault();
                  menuButton.current?.focus();
                }}
              />
            </Suspense>
          ) : null}
        </div>
      </div>
    </header>
  );
}
