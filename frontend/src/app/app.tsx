import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { AppErrorBoundary } from './layout/error-boundaries';
import { AppProvider } from './provider';

function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * The whole app inside a router: the browser's (main.tsx, BrowserRouter) and
 * the server renderer's (entry-server.tsx, StaticRouter) render this same
 * tree with the same route table, so hydration matches. The declarative
 * router, not the data router: the app loads its data with TanStack Query,
 * and the data router's machinery would weigh a fifth of the first visit.
 */
export function App({ routes, queryClient }: { routes: RouteObject[]; queryClient: QueryClient }) {
  return (
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <AppErrorBoundary>
          <Routes routes={routes} />
        </AppErrorBoundary>
      </AppProvider>
    </StrictMode>
  );
}
