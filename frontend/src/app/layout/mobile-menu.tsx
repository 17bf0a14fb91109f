import { NavLink } from 'react-router';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { navLinks } from '@/config/site';
import { BrandLogo } from '@/components/layout/brand-mark';
import { cn } from '@/lib/cn';

/** The small screens' menu panel; its code (the Radix dialog) loads when first opened (header.tsx). */
export default function MobileMenu({
  open,
  onOpenChange,
  onBook,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onBook: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent id="mobile-menu" closeLabel="Close menu" size="sm" onCloseAutoFocus={onCloseAutoFocus}>
        <div className="flex h-full flex-col overflow-y-auto px-8 pb-10 pt-6">
          <SheetTitle className="sr-only">Menu</SheetTitle>
          <SheetDescription className="sr-only">Site navigation</SheetDescription>
          <BrandLogo />
          <span className="gold-rule mt-8 w-full" />
          <nav aria-label="Mobile" className="mt-6">
            <ul className="flex flex-col">
              {navLinks.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    end={link.to === '/'}
                    onClick={() => onOpenChange(false)}
                    className={({ isActive }) =>
                      cn(
                        'block border-b border-line/60 py-4 font-display text-3xl transition-colors',
                        isActive ? 'text-gold' : 'text-ivory hover:text-gold-light',
                      )
                    }
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <Button size="lg" className="mt-10 w-full" onClick={onBook}>
            BOOK EXPERIENCE
          </Button>
          <p className="mt-auto pt-10 text-sm text-muted">Idyllwild, California</p>
        </div>
      </SheetContent>
    </Sheet>
  );
}
