import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { useEscapeFallback } from './use-escape-fallback';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      className={cn(
        'fixed inset-0 z-50 bg-black/75 backdrop-blur-sm data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out',
        className,
      )}
      {...props}
    />
  );
}

const sizes = { md: 'max-w-xl', lg: 'max-w-2xl', xl: 'max-w-5xl' } as const;

export function DialogContent({
  className,
  children,
  closeLabel = 'Close',
  size = 'md',
  flush = false,
  onKeyDown,
  onEscapeKeyDown,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & {
  closeLabel?: string;
  size?: keyof typeof sizes;
  /** No inner padding: the content lays out its own. */
  flush?: boolean;
}) {
  const { closeRef, onKeyDown: closeOnEscape } = useEscapeFallback({ onKeyDown, onEscapeKeyDown });
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-1.5rem)] w-[calc(100vw-1.5rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto border border-gold/30 bg-surface shadow-2xl shadow-black/70 data-[state=open]:animate-dialog-in data-[state=closed]:animate-dialog-out',
          sizes[size],
          flush ? 'p-0' : 'p-6 sm:p-10',
          className,
        )}
        {...props}
        onEscapeKeyDown={onEscapeKeyDown}
        onKeyDown={closeOnEscape}
      >
        {children}
        <DialogPrimitive.Close
          ref={closeRef}
          className="absolute right-3 top-3 inline-flex size-10 cursor-pointer items-center justify-center text-sand transition-colors hover:text-gold-light"
          aria-label={closeLabel}
        >
          <X aria-hidden className="size-5" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mb-6 pr-8', className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('font-display text-3xl text-ivory sm:text-4xl', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('mt-2 text-sand', className)} {...props} />;
}
