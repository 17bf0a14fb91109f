import { Link } from 'react-router';
import { BrandMark } from '@/components/layout/brand-mark';
import { pageTitles, useDocumentTitle } from '@/lib/use-document-title';

export function NotFoundRoute() {
  useDocumentTitle(pageTitles.notFound);
  return (
    <section className="relative isolate flex min-h-[80vh] items-center justify-center overflow-hidden px-5 pb-20 pt-36">
      <div aria-hidden className="grain absolute inset-0 -z-10" />
      <div className="max-w-xl text-center">
        <BrandMark className="mx-auto size-16 opacity-80" />
        <h1 className="mt-8 font-display text-5xl text-ivory sm:text-6xl">404 Page Not Found</h1>
        <span className="gold-rule mx-auto mt-6" />
        <p className="mt-6 text-lg text-sand">Did you forget to add the page to the router?</p>
        <Link
          to="/"
          className="mt-10 inline-flex h-12 items-center border border-gold/70 px-7 text-xs font-medium uppercase tracking-wide-2 text-gold transition-colors hover:bg-gold hover:text-ink"
        >
          Return home
        </Link>
      </div>
    </section>
  );
}
