import { Tabs as TabsPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn('flex items-center justify-center-safe gap-x-1 overflow-x-auto border-b border-line sm:gap-x-2', className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'relative -mb-px shrink-0 cursor-pointer border-b-2 border-transparent px-3 py-3 text-xs font-medium uppercase tracking-wide-2 text-sand sm:tracking-luxe transition-colors duration-300 hover:text-gold-light data-[state=active]:border-gold data-[state=active]:text-gold sm:px-6',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn('mt-10 focus-visible:outline-none', className)} {...props} />;
}
