import { X } from 'lucide-react';
import { Dialog as SheetPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { useEscapeFallback } from './use-escape-fallback';

/** A Radix dialog presented as a panel sliding in from the right. */
export const Sheet = SheetPrimitive.Root;
export const SheetTrigger = SheetPrimitive.Trigger;
export const SheetClose = SheetPrimitive.Close;
export const SheetTitle = SheetPrimitive.Title;
export const SheetDescription = SheetPrimitive.Description;

export function SheetContent({
  className,
  children,
  closeLabel = 'Close',
  size = 'md',
  onKeyDown,
  onEscapeKeyDown,
  ...props
}: ComponentProps<typeof SheetPrimitive.Content> & { closeLabel?: string; size?: 'sm' | 'md' }) {
  const { closeRef, onKeyDown: closeOnEscape } = useEscapeFallback({ onKeyDown, onEscapeKeyDown });
  return (
    <SheetPrimitive.Portal>
      <SheetPrimitive.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-[2px] data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out" />
      <SheetPrimitive.Content
        className={cn(
          'fixed inset-y-0 right-0 z-50 flex h-full w-full flex-col border-l border-gold/30 bg-surface shadow-2xl shadow-black/70 data-[state=open]:animate-sheet-in data-[state=closed]:animate-sheet-out',
          size === 'sm' ? 'sm:max-w-sm' : 'sm:max-w-md',
          className,
        )}
        {...props}
        onEscapeKeyDown={onEscapeKeyDown}
        onKeyDown={closeOnEscape}
      >
        {children}
        <SheetPrimitive.Close
          ref={closeRef}
          className="absolute right-3 top-4 inline-flex size-10 cursor-pointer items-center justify-center text-sand transition-colors hover:text-gold-light"
          aria-label={closeLabel}
        >
          <X aria-hidden className="size-5" />
        </SheetPrimitive.Close>
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  );
}
