import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** An input with its unit written inside, at the right (for the eye; the hint says it for everyone). */
export function Suffixed({ suffix, className, children }: { suffix: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn('relative', className)}>
      {children}
      <span
        aria-hidden
        className="pointer-events-none absolute inset-y-0 right-4 flex items-center text-[0.68rem] uppercase tracking-wide-2 text-muted"
      >
        {suffix}
      </span>
    </div>
  );
}
