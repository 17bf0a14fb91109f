import { lazy, Suspense } from 'react';
import { useOpenedOnce } from '@/lib/use-opened-once';
import { useToasts } from './toast-store';

const Toaster = lazy(() => import('./toaster').then((module) => ({ default: module.Toaster })));

/**
 * The toasts, whose code (Radix Toast) loads with the first toast: until then
 * there is nothing to show, and the server renders nothing either. Toasts made
 * while it loads wait in the store and appear once it is there.
 */
export function LazyToaster() {
  const toasts = useToasts();
  const requested = useOpenedOnce(toasts.length > 0);
  return requested ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
