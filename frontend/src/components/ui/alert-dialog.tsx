import { AlertDialog as AlertDialogPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { useReturnFocus } from '@/lib/use-return-focus';
import { Button } from './button';

/**
 * One question before an action that cannot be undone, as Radix's alert
 * dialog asks it: the focus starts on Cancel, a click outside does not
 * answer, Escape cancels. The action's button stays on screen while its
 * request runs (`pending`); the caller closes the dialog when it is done.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  eyebrow,
  title,
  children,
  confirmLabel,
  pendingLabel,
  pending = false,
  destructive = false,
  onConfirm,
  footer,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  eyebrow?: string;
  title: string;
  /** What the action does, in words: the dialog's description. */
  children: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending?: boolean;
  destructive?: boolean;
  onConfirm: () => void;
  /** Shown above the buttons (a refusal from the server). */
  footer?: ReactNode;
}) {
  const { onCloseAutoFocus } = useReturnFocus(open);
  return (
    <AlertDialogPrimitive.Root open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/75 backdrop-blur-sm data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out" />
        <AlertDialogPrimitive.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className={cn(
            'fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-1.5rem)] w-[calc(100vw-1.5rem)] max-w-xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto border bg-surface p-6 shadow-2xl shadow-black/70 data-[state=open]:animate-dialog-in data-[state=closed]:animate-dialog-out sm:p-10',
            destructive ? 'border-danger/50' : 'border-gold/30',
          )}
        >
          {eyebrow ? <p className="eyebrow mb-3">{eyebrow}</p> : null}
          <AlertDialogPrimitive.Title className="font-display text-3xl text-ivory sm:text-4xl">{title}</AlertDialogPrimitive.Title>
          <AlertDialogPrimitive.Description asChild>
            <div className="mt-4 space-y-3 text-sand">{children}</div>
          </AlertDialogPrimitive.Description>
          {footer ? <div className="mt-6">{footer}</div> : null}
          <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialogPrimitive.Cancel asChild>
              <Button variant="ghost" disabled={pending}>
                Cancel
              </Button>
            </AlertDialogPrimitive.Cancel>
            <Button variant={destructive ? 'destructive' : 'primary'} disabled={pending} onClick={onConfirm}>
              {pending ? pendingLabel : confirmLabel}
            </Button>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}
