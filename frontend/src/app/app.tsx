import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { RouterProvider, type DataRouter } from 'react-router';
import { AppProvider } from './provider';

/**
 * The whole app for a router: the browser's (main.tsx) and the server
 * renderer's (entry-server.tsx) render this same tree, so hydration matches.
 */
export function App({ router, queryClient }: { router: DataRouter; queryClient: QueryClient }) {
  return (
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        {/* What react-router/dom's RouterProvider adds, without its second copy of React Router in Node tests. */}
        <RouterProvider router={router} flushSync={(update) => void flushSync(update)} />
      </AppProvider>
    </StrictMode>
  );
}
