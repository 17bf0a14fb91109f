import type { ReactNode } from 'react';
import { BrandMark } from '@/components/layout/brand-mark';
import { cn } from '@/lib/cn';

/**
 * The card itself, dark with a gold edge: the preview beside the form and the
 * card its recipient prints. Every text is given as it should read; nothing
 * here is a form value.
 */
export function GiftCardFace({
  value,
  label,
  to,
  from,
  message,
  footer,
  className,
}: {
  /** The headline value ("$100"), or null while none is chosen. */
  value: string | null;
  /** What it is for, when it holds a treatment ("Massage Therapy"). */
  label?: string | null;
  to: string;
  from: string;
  message?: string | null;
  /** Under the card's words: the code and what is left, on the printed card. */
  footer?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'gift-card-face relative isolate overflow-hidden border border-gold/80 bg-ink p-1.5 shadow-2xl shadow-black/60',
        className,
      )}
    >
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_15%_0%,rgb(201_164_92/0.22),transparent_60%),radial-gradient(ellipse_at_100%_100%,rgb(201_164_92/0.12),transparent_55%)]"
      />
      <div className="relative flex min-h-72 flex-col border border-gold/35 px-6 py-7 sm:px-9 sm:py-9">
        <div className="flex items-start justify-between gap-4">
          <div className="flex items-center gap-3">
            <BrandMark className="size-9 shrink-0" />
            <p className="flex flex-col leading-none">
              <span className="font-display text-xl text-ivory">Golden Pine</span>
              <span className="mt-1 text-[0.55rem] font-medium uppercase tracking-luxe text-gold">Wellness Retreat</span>
            </p>
          </div>
          <p className="eyebrow pt-1 text-right">Gift Card</p>
        </div>

        <div className="mt-8">
          <p className="font-display text-6xl leading-none text-gold-light tabular-nums sm:text-7xl" data-testid="gift-card-value">
            {value ?? '—'}
          </p>
          {label ? <p className="mt-3 font-display text-2xl text-ivory">{label}</p> : null}
          <span className="gold-rule mt-6" />
        </div>

        <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          <dt className="text-[0.68rem] uppercase tracking-wide-2 text-muted">For</dt>
          <dd className="min-w-0 break-words text-ivory">{to.trim() || 'Your recipient'}</dd>
          <dt className="text-[0.68rem] uppercase tracking-wide-2 text-muted">From</dt>
          <dd className="min-w-0 break-words text-ivory">{from.trim() || 'You'}</dd>
        </dl>
        {message?.trim() ? (
          <blockquote className="mt-6 whitespace-pre-line break-words border-l border-gold/40 pl-4 font-display text-xl italic leading-snug text-sand">
            {message.trim()}
          </blockquote>
        ) : null}
        {footer ? <div className="mt-auto pt-8">{footer}</div> : null}
      </div>
    </div>
  );
}
