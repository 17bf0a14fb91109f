import { useLayoutEffect, useRef } from 'react';

/**
 * Radix returns focus to a dialog's <DialogTrigger>; these dialogs are opened
 * from table rows and toolbars instead, so remember whatever had focus when
 * the dialog opened and go back there on close (keyboard users keep their
 * place). A layout effect runs before Radix moves focus into the dialog.
 */
export function useReturnFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body) {
      opener.current = document.activeElement;
    }
  }, [open]);
  return (event: Event) => {
    const target = opener.current;
    if (target?.isConnected) {
      event.preventDefault();
      target.focus();
    }
    opener.current = null;
  };
}
