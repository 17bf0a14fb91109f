import { Switch as SwitchPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** On or off, as Radix's switch (role="switch", Space toggles it): a gold track when on. */
export function Switch({ className, ...props }: ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      className={cn(
        'peer inline-flex h-6 w-11 shrink-0 cursor-pointer items-center border border-gold/50 bg-ink/60 p-0.5 transition-colors duration-300 hover:border-gold focus-visible:outline-2 focus-visible:outline-offset-3 focus-visible:outline-gold-light disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:border-gold data-[state=checked]:bg-gold/25',
        className,
      )}
      {...props}
    >
      <SwitchPrimitive.Thumb className="block size-4 bg-muted transition-transform duration-300 ease-calm data-[state=checked]:translate-x-5 data-[state=checked]:bg-gold-light" />
    </SwitchPrimitive.Root>
  );
}
