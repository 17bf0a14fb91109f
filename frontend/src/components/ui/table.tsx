import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * A data table for the back office. The wrapper scrolls sideways on narrow
 * screens so wide tables never squeeze their columns unreadably; given a
 * `scrollLabel`, the wrapper is a focusable, named region, so a keyboard can
 * scroll it too (axe: scrollable-region-focusable).
 */
export function Table({
  className,
  containerClassName,
  scrollLabel,
  ...props
}: ComponentProps<'table'> & { containerClassName?: string; scrollLabel?: string }) {
  const region = scrollLabel ? { role: 'region', 'aria-label': scrollLabel, tabIndex: 0 } : {};
  return (
    <div className={cn('relative w-full overflow-x-auto', containerClassName)} {...region}>
      <table className={cn('w-full caption-bottom border-collapse text-left text-sm', className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('border-b border-gold/25', className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('[&>tr:last-child]:border-b-0', className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={cn('border-b border-line/70 transition-colors duration-200 hover:bg-gold/[0.04]', className)} {...props} />;
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope="col"
      className={cn('h-12 whitespace-nowrap px-4 align-middle text-[0.68rem] font-medium uppercase tracking-wide-2 text-gold', className)}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-4 py-3.5 align-middle text-sand', className)} {...props} />;
}

export function TableCaption({ className, ...props }: ComponentProps<'caption'>) {
  return <caption className={cn('mt-4 text-sm text-muted', className)} {...props} />;
}
