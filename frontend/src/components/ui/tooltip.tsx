import { Tooltip as TooltipPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';

/*
 * Spec §9: tooltip delay 700 ms, skip delay 300 ms. Each tooltip brings its
 * own provider so pages without tooltips never load the positioning code.
 */
export function Tooltip({
  content,
  children,
  ...props
}: { content: ReactNode; children: ReactNode } & ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Provider delayDuration={700} skipDelayDuration={300}>
      <TooltipPrimitive.Root>
        <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            sideOffset={6}
            className="z-[70] border border-gold/40 bg-surface-2 px-3 py-1.5 text-xs tracking-wide text-ivory shadow-lg data-[state=delayed-open]:animate-fade-in"
            {...props}
          >
            {content}
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
