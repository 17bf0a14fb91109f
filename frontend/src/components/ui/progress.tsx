import { Progress as ProgressPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export function Progress({ value, className, ...props }: ComponentProps<typeof ProgressPrimitive.Root> & { value: number }) {
  return (
    <ProgressPrimitive.Root value={value} className={cn('relative h-[3px] w-full overflow-hidden bg-line', className)} {...props}>
      <ProgressPrimitive.Indicator
        className="h-full bg-gradient-to-r from-gold-deep via-gold to-gold-light transition-transform duration-500 ease-calm"
        style={{ transform: `translateX(-${100 - value}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}
