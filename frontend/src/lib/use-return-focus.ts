import { useCallback, useRef } from 'react';

/**
 * For dialogs opened from code rather than from a Radix Trigger (the booking
 * dialog, the cart panel, the product dialog): remembers the element that had
 * focus when the dialog opened and gives focus back to it on close, as a
 * Trigger would.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);

  /** Remembers `target`, or else the element that has focus now. */
  const remember = useCallback((target?: HTMLElement | null) => {
    const active = target ?? document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, []);

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
