import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export function Badge({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span
      className={cn(
        'inline-flex items-center border border-gold/50 px-2.5 py-0.5 text-[0.65rem] font-medium uppercase tracking-luxe text-gold',
        className,
      )}
      {...props}
    />
  );
}
