import { useState } from 'react';

/**
 * Whether `open` has been true at any render so far. A panel whose code loads
 * on demand renders from its first opening on and nothing before (on the
 * server too, so hydration matches), then stays mounted for its closing
 * animation.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Set during render (React's pattern for state derived from a change), so
  // the panel mounts in the same render that opens it.
  if (open && !opened) setOpened(true);
  return opened;
}
