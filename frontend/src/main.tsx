import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import { routes } from './app/router';
import { createQueryClient } from './lib/query-client';

/**
 * The catalogue data the server rendered the page with (TanStack Query's
 * dehydrated state, written into the head by the server), so the hooks find it
 * and nothing is fetched twice.
 */
function serverQueryState(): DehydratedState | undefined {
  const text = document.getElementById('query-state')?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as DehydratedState;
  } catch (error) {
    console.warn('Ignoring unreadable server query state', error);
    return undefined;
  }
}

function start(root: HTMLElement) {
  const queryClient = createQueryClient();
  // The server rendered the public pages; admin pages, guest links and pages it
  // could not render come as the empty shell and are rendered here.
  const serverRendered = root.hasChildNodes();
  if (serverRendered) {
    const state = serverQueryState();
    if (state) hydrate(queryClient, state);
  }
  const app = (
    <BrowserRouter>
      <App routes={routes} queryClient={queryClient} />
    </BrowserRouter>
  );
  if (serverRendered) hydrateRoot(root, app);
  else createRoot(root).render(app);
}

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
start(root);
