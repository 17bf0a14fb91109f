import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A group of choices, one at a time (arrow keys move and choose, as a native radio group). */
export function RadioGroup({ className, ...props }: ComponentProps<typeof RadioGroupPrimitive.Root>) {
  return <RadioGroupPrimitive.Root className={cn('grid gap-3', className)} {...props} />;
}

/** One choice drawn as a tile (3.5rem tall, as a skeleton of it): its text is its name; the chosen one is gold. */
export function RadioTile({ className, ...props }: ComponentProps<typeof RadioGroupPrimitive.Item>) {
  return (
    <RadioGroupPrimitive.Item
      className={cn(
        'flex h-14 cursor-pointer items-center justify-center border border-line bg-ink/60 px-3 text-center text-ivory transition-colors duration-300 hover:border-gold/60 hover:text-gold-light focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-light disabled:pointer-events-none disabled:opacity-50 data-[state=checked]:border-gold data-[state=checked]:bg-gold/12 data-[state=checked]:text-gold-light aria-invalid:border-danger',
        className,
      )}
      {...props}
    />
  );
}
