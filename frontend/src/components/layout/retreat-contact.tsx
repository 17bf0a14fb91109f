import { Mail, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { site } from '@/config/site';
import { cn } from '@/lib/cn';

/** The retreat's phone and email, as links: how a guest reaches a person. */
export function RetreatContact({ className }: { className?: string }) {
  return (
    <ul className={cn('flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:gap-x-8', className)}>
      <li>
        <a href={site.phoneHref} className="inline-flex items-center gap-3 text-ivory transition-colors hover:text-gold-light">
          <Phone aria-hidden className="size-4 shrink-0 text-gold" strokeWidth={1.5} />
          <span>
            <span className="sr-only">Phone: </span>
            {site.phone}
          </span>
        </a>
      </li>
      <li>
        <a
          href={`mailto:${site.email}`}
          className="inline-flex items-center gap-3 break-all text-ivory transition-colors hover:text-gold-light"
        >
          <Mail aria-hidden className="size-4 shrink-0 text-gold" strokeWidth={1.5} />
          <span>
            <span className="sr-only">Email: </span>
            {site.email}
          </span>
        </a>
      </li>
    </ul>
  );
}

/**
 * What a page reached from a mail link shows when its link is tampered with
 * or has expired: no blame, and a person to turn to.
 */
export function InvalidLinkNotice({ children }: { children?: ReactNode }) {
  return (
    <section
      aria-labelledby="invalid-link-heading"
      data-testid="invalid-link"
      className="relative isolate overflow-hidden border border-line bg-surface px-6 py-12 text-center sm:px-12 sm:py-14"
    >
      <div aria-hidden className="grain absolute inset-0 -z-10" />
      <p className="eyebrow">We're sorry</p>
      <h2 id="invalid-link-heading" className="mt-4 font-display text-3xl text-ivory sm:text-4xl">
        This link is not valid or has expired
      </h2>
      <span className="gold-rule mx-auto mt-6" />
      <div className="mx-auto mt-6 max-w-md text-sand">{children ?? <p>Please call or write to us and we will gladly help.</p>}</div>
      <RetreatContact className="mt-8 items-center justify-center" />
    </section>
  );
}
