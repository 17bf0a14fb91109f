/*
 * The server renders pages in QuickJS: a bare ECMAScript engine whose host
 * provides only `console`. What the bundled libraries reach for while loading
 * or rendering a page is installed here, only when missing, before any of
 * them loads (entry-server.tsx imports this module first). The shims do just
 * what a render needs; polyfills.test.ts compares them with the real thing.
 */
import { MinimalURL } from './minimal-url';

const scope = globalThis as Record<string, unknown>;

function install(name: string, value: unknown) {
  if (typeof scope[name] === 'undefined') scope[name] = value;
}

/*
 * Timers never fire on the server: a render is one synchronous call and the
 * host runs no event loop, so a callback queued "for later" would only pile
 * up in memory. TanStack Query schedules its listener notifications with
 * setTimeout; on the server nobody listens, so dropping them is correct.
 */
let nextTimerId = 1;
install('setTimeout', () => nextTimerId++);
install('clearTimeout', () => undefined);

// React Router builds `new URL("http://localhost")` when it loads and resolves
// site-relative paths against it.
install('URL', MinimalURL);
