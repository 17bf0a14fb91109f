import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * The one way back for dialogs opened from code rather than from a Radix
 * Trigger (the booking dialog, the cart panel, the product dialog, the
 * dashboard's dialogs opened from table rows and toolbars): remembers the
 * element that had focus when the dialog opened and gives focus back to it
 * on close, as a Trigger would, so keyboard users keep their place.
 *
 * Given `open`, it remembers by itself when the dialog opens (a layout
 * effect runs before Radix moves focus into the dialog); otherwise the
 * opener calls `remember`, with the element to return to when it knows it.
 */
export function useReturnFocus(open?: boolean) {
  const opener = useRef<HTMLElement | null>(null);

  /** Remembers `target`, or else the element that has focus now. */
  const remember = useCallback((target?: HTMLElement | null) => {
    const active = target ?? document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, []);

  useLayoutEffect(() => {
    if (open) remember();
  }, [open, remember]);

  const onCloseAutoFocus = useCallback((event: Event) => {
    const target = opener.current;
    if (target && target.isConnected) {
      event.preventDefault();
      target.focus();
    }
    opener.current = null;
  }, []);

  /** The remembered element, for handing on to the next dialog. */
  const current = useCallback(() => opener.current, []);

  return { remember, onCloseAutoFocus, current };
}
