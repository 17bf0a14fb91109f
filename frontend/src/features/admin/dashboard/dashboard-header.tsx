import { ExternalLink, LogOut } from 'lucide-react';
import { Link } from 'react-router';
import { BrandLogo } from '@/components/layout/brand-mark';
import { Button } from '@/components/ui/button';

export function DashboardHeader({ name, onLogout }: { name: string; onLogout: () => void }) {
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-ink/90 backdrop-blur-md">
      <div className="mx-auto flex h-18 max-w-[90rem] items-center justify-between gap-4 px-5 md:px-8">
        <div className="flex items-center gap-5">
          <Link to="/" aria-label="Golden Pine Wellness Retreat, view the website" className="shrink-0">
            <BrandLogo />
          </Link>
          <span aria-hidden className="hidden h-8 w-px bg-line md:block" />
          <span className="hidden text-[0.68rem] font-medium uppercase tracking-luxe text-gold md:inline">Back Office</span>
        </div>
        <div className="flex items-center gap-3 sm:gap-5">
          <Link
            to="/"
            target="_blank"
            rel="noopener"
            className="hidden items-center gap-2 text-xs uppercase tracking-wide-2 text-sand transition-colors hover:text-gold-light lg:inline-flex"
          >
            View website
            <ExternalLink aria-hidden className="size-3.5" />
            <span className="sr-only">(opens in a new tab)</span>
          </Link>
          <span className="hidden text-sm text-sand sm:inline">{name}</span>
          <Button variant="outline" size="sm" onClick={onLogout}>
            <LogOut aria-hidden className="size-4" />
            Logout
          </Button>
        </div>
      </div>
    </header>
  );
}
