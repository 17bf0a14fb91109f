import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '@/components/layout/page-loader';
import { AdminErrorBoundary } from './error-boundaries';

/**
 * The admin screens' frame: the loader while a screen's chunk arrives, and a
 * way back when it cannot arrive (a deployment replaced it) instead of a blank page.
 */
export function AdminShell() {
  return (
    <AdminErrorBoundary>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </AdminErrorBoundary>
  );
}
