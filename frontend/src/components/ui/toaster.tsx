import { X } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { cn } from '@/lib/cn';
import { dismissToast, useToasts } from './toast-store';

/** Renders the toast store with Radix Toast: 5 s, swipe right past 50 px, F8 focuses the region. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          data-variant={t.variant}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start gap-4 border p-5 pr-12 shadow-2xl shadow-black/60',
            'data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:animate-fade-out',
            t.variant === 'destructive' ? 'border-danger/70 bg-danger-bg' : 'border-gold/50 bg-surface-2',
          )}
        >
          <span
            aria-hidden
            className={cn('mt-2 block size-1.5 shrink-0 rotate-45', t.variant === 'destructive' ? 'bg-danger' : 'bg-gold')}
          />
          <div className="grid gap-1">
            <ToastPrimitive.Title className="font-display text-xl leading-tight text-ivory">{t.title}</ToastPrimitive.Title>
            {t.description ? (
              <ToastPrimitive.Description className="text-sm leading-relaxed text-sand">{t.description}</ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Dismiss notification"
            className="absolute right-2 top-2 inline-flex size-9 cursor-pointer items-center justify-center text-sand hover:text-gold-light"
          >
            <X aria-hidden className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        data-testid="toast-viewport"
        className="fixed bottom-0 right-0 z-[100] m-0 flex max-h-screen w-full list-none flex-col-reverse gap-3 p-4 outline-none sm:bottom-0 sm:right-0 sm:top-auto md:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
