import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { rememberEarlyClicks } from './lib/early-clicks';
import { createQueryClient } from './lib/query-client';
import './index.css';

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
    rememberEarlyClicks();
    const state = serverQueryState();
    if (state) hydrate(queryClient, state);
  }
  const router = createAppRouter();
  const app = <App router={router} queryClient={queryClient} />;
  if (serverRendered) hydrateRoot(root, app);
  else createRoot(root).render(app);
}

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
start(root);
