import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';

/** Asks once more before a booking is cancelled: there is no undo. */
export function CancelBookingDialog({
  open,
  onOpenChange,
  what,
  policy,
  busy,
  onConfirm,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  what: string;
  /** The cancellation policy, when the booking has a deposit. */
  policy?: string | null;
  busy: boolean;
  onConfirm: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <p className="eyebrow mb-3">Your booking</p>
          <DialogTitle>Cancel this booking?</DialogTitle>
          <DialogDescription>{what}. Its place will be offered to other guests, and this cannot be undone.</DialogDescription>
        </DialogHeader>
        {policy ? <p className="text-sm text-sand">{policy}</p> : null}
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={busy}>
            Keep my booking
          </Button>
          <Button variant="destructive" onClick={onConfirm} disabled={busy}>
            {busy ? 'Cancelling...' : 'Yes, cancel booking'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
