import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog, DialogContent, DialogTitle } from './dialog';
import { Sheet, SheetContent, SheetTitle } from './sheet';
import { Toaster } from './toaster';
import { dismissToast, toast } from './toast-store';

afterEach(() => {
  act(() => dismissToast());
  cleanup();
});

function CartLike({ onOpenChange, sheet = false }: { onOpenChange: (open: boolean) => void; sheet?: boolean }) {
  const body = <button type="button">Remove Cedar Oil</button>;
  return (
    <>
      {sheet ? (
        <Sheet open onOpenChange={onOpenChange}>
          <SheetContent aria-describedby={undefined}>
            <SheetTitle>Shopping Cart</SheetTitle>
            {body}
          </SheetContent>
        </Sheet>
      ) : (
        <Dialog open onOpenChange={onOpenChange}>
          <DialogContent aria-describedby={undefined}>
            <DialogTitle>Product</DialogTitle>
            {body}
          </DialogContent>
        </Dialog>
      )}
      <Toaster />
    </>
  );
}

describe.each([false, true])('Escape inside a dialog (sheet: %s)', (sheet) => {
  it('closes it exactly once', () => {
    const onOpenChange = vi.fn();
    render(<CartLike onOpenChange={onOpenChange} sheet={sheet} />);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Remove Cedar Oil' }), { key: 'Escape' });
    expect(onOpenChange.mock.calls).toEqual([[false]]);
  });

  it('closes it even while a toast holds the Escape listener', () => {
    const onOpenChange = vi.fn();
    render(<CartLike onOpenChange={onOpenChange} sheet={sheet} />);
    // A toast shown after the dialog is the topmost Radix layer: Radix gives
    // it, and only it, the Escape.
    act(() => {
      toast({ title: 'Added to Cart' });
    });
    fireEvent.keyDown(screen.getByRole('button', { name: 'Remove Cedar Oil' }), { key: 'Escape' });
    expect(onOpenChange.mock.calls).toEqual([[false]]);
  });
});

it('a dialog that refuses Escape stays open', () => {
  const onOpenChange = vi.fn();
  render(
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent aria-describedby={undefined} onEscapeKeyDown={(event) => event.preventDefault()}>
        <DialogTitle>Saving</DialogTitle>
        <button type="button">Inside</button>
      </DialogContent>
    </Dialog>,
  );
  fireEvent.keyDown(screen.getByRole('button', { name: 'Inside' }), { key: 'Escape' });
  act(() => {
    toast({ title: 'Saved' });
  });
  fireEvent.keyDown(screen.getByRole('button', { name: 'Inside' }), { key: 'Escape' });
  expect(onOpenChange).not.toHaveBeenCalled();
});
