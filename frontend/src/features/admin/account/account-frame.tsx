import { ArrowLeft, LockKeyhole } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '@/components/layout/brand-mark';

/** The back office's doorway pages (login, forgotten password, an invitation): one card on the dark ground. */
export function AccountFrame({
  title,
  intro,
  children,
  back = { to: '/', label: 'Back to the retreat' },
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
  back?: { to: string; label: string };
}) {
  return (
    <main className="grain relative flex min-h-dvh flex-col items-center justify-center overflow-hidden bg-ink px-5 py-16 text-ivory">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 top-0 h-px bg-gradient-to-r from-transparent via-gold/50 to-transparent"
      />
      <div className="w-full max-w-md animate-fade-up">
        <div className="mb-10 flex flex-col items-center text-center">
          <BrandMark className="size-14" />
          <p className="eyebrow mt-6">Golden Pine · Back Office</p>
          <h1 className="mt-4 font-display text-5xl text-ivory">{title}</h1>
          <span className="gold-rule mt-6" />
          <div className="mt-6 max-w-sm text-sand">{intro}</div>
        </div>
        <div className="border border-gold/30 bg-surface/90 p-8 shadow-2xl shadow-black/60 backdrop-blur sm:p-10">
          {children}
          <p className="mt-8 flex items-center justify-center gap-2 text-xs text-muted">
            <LockKeyhole aria-hidden className="size-3.5 text-gold/80" />
            For retreat staff only. Sessions end automatically after a few hours.
          </p>
        </div>
        <div className="mt-8 text-center">
          <Link
            to={back.to}
            className="inline-flex items-center gap-2 text-xs uppercase tracking-wide-2 text-sand transition-colors hover:text-gold-light"
          >
            <ArrowLeft aria-hidden className="size-3.5" />
            {back.label}
          </Link>
        </div>
      </div>
    </main>
  );
}
