import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '@/components/layout/page-loader';

/** The admin screens' frame: the loader while a screen's chunk arrives. */
export function AdminShell() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Outlet />
    </Suspense>
  );
}
