import { useRef, type KeyboardEvent } from 'react';

/*
 * Radix listens for Escape on the document for the topmost layer only, and a
 * dialog becomes topmost one render after it is on screen with focus inside.
 * An Escape pressed in between goes to whichever layer listened before: a
 * toast (the cart panel opens while "Added to Cart" shows, and Escape
 * dismissed the toast while the panel stayed open) or nobody (the product
 * dialog closing as the cart opens). So the content also closes itself,
 * through its own Close button, on an Escape from inside it that no layer has
 * handled; a layer that handles Escape marks it with preventDefault.
 */
export function useEscapeFallback<T extends HTMLElement>({
  onKeyDown,
  onEscapeKeyDown,
}: {
  onKeyDown?: (event: KeyboardEvent<T>) => void;
  onEscapeKeyDown?: (event: globalThis.KeyboardEvent) => void;
}) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const handleKeyDown = (event: KeyboardEvent<T>) => {
    onKeyDown?.(event);
    if (event.key !== 'Escape' || event.nativeEvent.defaultPrevented) return;
    onEscapeKeyDown?.(event.nativeEvent);
    if (event.nativeEvent.defaultPrevented) return;
    event.preventDefault();
    closeRef.current?.click();
  };
  return { closeRef, onKeyDown: handleKeyDown };
}
