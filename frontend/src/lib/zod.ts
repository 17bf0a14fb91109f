import { z } from 'zod';

/*
 * Zod, configured once for the whole app; every schema imports `z` from here.
 * jitless: zod otherwise probes whether it may compile validators with
 * `new Function`, and the site's Content-Security-Policy (no 'unsafe-eval')
 * reports that probe as a violation in the browser's Issues panel on every
 * page with a form, even though zod catches it. The interpreted validators
 * are fast enough for forms of a dozen fields.
 */
z.config({ jitless: true });

export { z };
