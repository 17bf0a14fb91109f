import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A quiet message in place of content (empty or failed lists). */
export function EmptyState({ title, children, className }: { title: string; children?: ReactNode; className?: string }) {
  return (
    <div className={cn('mx-auto max-w-xl border border-line bg-surface/60 px-8 py-14 text-center', className)}>
      <p className="font-display text-3xl text-ivory">{title}</p>
      {children ? <div className="mt-3 text-sand">{children}</div> : null}
    </div>
  );
}

export function LoadError({ what }: { what: string }) {
  return (
    <EmptyState title="We couldn't load this just now">
      <p role="alert">The {what} could not be loaded. Please refresh the page or try again in a moment.</p>
    </EmptyState>
  );
}
