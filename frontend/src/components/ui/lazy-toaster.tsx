import { lazy, Suspense, useState } from 'react';
import { useToasts } from './toast-store';

const Toaster = lazy(() => import('./toaster').then((module) => ({ default: module.Toaster })));

/**
 * The toasts, whose code (Radix Toast) loads with the first toast: until then
 * there is nothing to show, and the server renders nothing either. Toasts made
 * while it loads wait in the store and appear once it is there.
 */
export function LazyToaster() {
  const toasts = useToasts();
  const [requested, setRequested] = useState(false);
  if (toasts.length > 0 && !requested) setRequested(true);
  return requested ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
