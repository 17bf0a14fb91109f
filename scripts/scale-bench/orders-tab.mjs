// The admin dashboard's Orders tab in Chromium, at whatever volume the
// server holds: `node scripts/scale-bench/orders-tab.mjs <base-url> [email] [password]`
// (the scale bench, crates/server/examples/scale.rs, runs it).
//
// 1. Signs in through the login form, waits for the dashboard, then times a
//    click on the "Orders" tab until the first order row is visible.
// 2. In a fresh browser: opens the bookmarked view /admin/dashboard?tab=orders
//    signed out, which sends it to the login form, and signs in there; times
//    from submitting the form until the first order row is visible, and from
//    the login call's answer (the password checked) until then; and the same
//    on the page's own clock, from the form's submit event to the frame that
//    shows the row (without Playwright's own work around its click).
// Each with the page's JS heap (CDP Performance.getMetrics) and the resident
// memory of Chromium's processes (the sum over its process tree, from /proc;
// RSS counts shared pages once per process, PSS shares them out).
// A row not shown in 60 s, or a crashed page, is reported, not waited for.
// Prints one JSON line.

import { createRequire } from 'node:module';
import { readFileSync, readdirSync } from 'node:fs';

// playwright-core from the frontend's packages, wherever this is run from.
const require = createRequire(new URL('../../frontend/package.json', import.meta.url));

const [base, email = process.env.ADMIN_EMAIL, password = process.env.ADMIN_PASSWORD] = process.argv.slice(2);
const LIMIT_MS = 60_000;
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function finish(report) {
  console.log(JSON.stringify(report));
}

/** `promise`, or `fallback` when it has not settled in `ms` (a busy renderer answers nothing). */
function within(ms, promise, fallback) {
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  return Promise.race([promise.catch(() => fallback), late]).finally(() => clearTimeout(timer));
}

/** Every process under `root` (its children, theirs...), from /proc. */
function processTree(root) {
  const children = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command name may hold spaces and parentheses: fields follow the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(name));
    } catch {
      // The process ended meanwhile.
    }
  }
  const tree = [];
  const queue = [...(children.get(root) ?? [])];
  while (queue.length) {
    const pid = queue.pop();
    tree.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

function kib(file, field) {
  try {
    const line = readFileSync(file, 'utf8')
      .split('\n')
      .find((l) => l.startsWith(field));
    return line ? Number(line.split(/\s+/)[1]) : 0;
  } catch {
    return 0;
  }
}

/** Chromium's resident memory in MB: this script's child processes (the browser and its helpers). */
function chromiumMemory() {
  let rss = 0;
  let pss = 0;
  for (const pid of processTree(process.pid)) {
    rss += kib(`/proc/${pid}/status`, 'VmRSS:');
    pss += kib(`/proc/${pid}/smaps_rollup`, 'Pss:');
  }
  return { rssMB: rss / 1024, pssMB: pss / 1024 };
}

async function memory(page, peakRss) {
  const { rssMB, pssMB } = chromiumMemory();
  // A crashed page has no heap to read, a page busy in a script may not answer.
  const jsHeapUsedMB = await within(
    10_000,
    (async () => {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Performance.enable');
      const { metrics } = await cdp.send('Performance.getMetrics');
      await cdp.detach();
      const used = metrics.find((m) => m.name === 'JSHeapUsedSize');
      return used ? used.value / 1048576 : null;
    })(),
    null,
  );
  return {
    jsHeapUsedMB,
    chromiumRssMB: rssMB,
    chromiumPssMB: pssMB,
    chromiumPeakRssMB: Math.max(peakRss, rssMB),
  };
}

/**
 * Waits for the first order row: "shown" with the time since `start`,
 * "did not show in 60 s", or "crashed" (the page's 'crash' event).
 */
async function firstRow(page, crashed, start) {
  const row = page.locator('[data-testid="order-row"]').first();
  const outcome = await Promise.race([
    row.waitFor({ state: 'visible', timeout: LIMIT_MS }).then(
      () => 'shown',
      (e) => (/Timeout/i.test(String(e)) ? 'did not show in 60 s' : `failed: ${String(e).split('\n')[0]}`),
    ),
    crashed.then(() => 'crashed'),
  ]);
  return { result: outcome, ms: outcome === 'shown' ? performance.now() - start : null };
}

/** A browser of its own for each measurement: its memory is that page's alone. */
async function newPage() {
  const browser = await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox'] });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  let signal;
  const crashed = new Promise((resolve) => {
    signal = resolve;
  });
  page.on('crash', () => signal());
  return { browser, page, crashed };
}

/** Closes a browser; one stuck in a page's script is killed. */
async function closeBrowser(browser) {
  const closed = await within(15_000, browser.close().then(() => true), false);
  if (!closed) {
    for (const pid of processTree(process.pid)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone already.
      }
    }
  }
}

/**
 * One measurement in its own browser, given at most `LIMIT_MS` and a minute
 * more, with the memory at its end and Chromium's peak during it.
 */
async function measure(work) {
  let opened;
  try {
    opened = await newPage();
  } catch (e) {
    return { error: `Chromium did not start (${executablePath}): ${String(e.message).split('\n')[0]}` };
  }
  let peak = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, chromiumMemory().rssMB);
  }, 100);
  try {
    const failed = (e) => ({ result: `failed: ${String(e?.message ?? e).split('\n')[0]}`, ms: null });
    const outcome = await within(LIMIT_MS + 60_000, work(opened).catch(failed), null);
    clearInterval(timer);
    const result = outcome ?? { result: `did not finish in ${(LIMIT_MS + 60_000) / 1000} s`, ms: null };
    return { ...result, memory: await memory(opened.page, peak) };
  } finally {
    clearInterval(timer);
    await closeBrowser(opened.browser);
  }
}

/** Fills and submits the login form at `path`; resolves to the time of the submit. */
async function submitLogin(page, path = '/admin/login') {
  await page.goto(`${base}${path}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  const start = performance.now();
  await page.getByRole('button', { name: 'Login' }).click();
  return start;
}

/**
 * Runs in the page before its own scripts: notes on the page's clock when
 * the login form is submitted and the frame in which the first order row
 * was added. Playwright's clock (above) also holds its own work around a
 * click (the button scrolled to, held still for two frames, hit-tested,
 * each a round trip to the browser): 0.2–0.4 s on the 2-core machine that
 * a person's click does not wait for.
 */
function watchInPage() {
  const marks = (window.__ordersTab = {});
  document.addEventListener('submit', () => (marks.submitted ??= performance.now()), true);
  const observer = new MutationObserver((mutations) => {
    for (const { addedNodes } of mutations) {
      for (const node of addedNodes) {
        if (node.nodeType !== 1) continue;
        if (node.matches('[data-testid="order-row"]') || node.querySelector('[data-testid="order-row"]')) {
          observer.disconnect();
          marks.added = performance.now();
          // The frame that shows it.
          requestAnimationFrame(() => (marks.shown = performance.now()));
          return;
        }
      }
    }
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** The page's own times (ms from the form's submit): the login's answer and the frame showing the first row. */
async function inPageTimes(page) {
  return within(
    10_000,
    page.evaluate(() => {
      const marks = window.__ordersTab ?? {};
      const login = performance.getEntriesByType('resource').find((e) => new URL(e.name).pathname === '/api/admin/login');
      if (marks.submitted === undefined || marks.shown === undefined || !login) return null;
      return { loginMs: login.responseEnd - marks.submitted, ms: marks.shown - marks.submitted };
    }),
    null,
  );
}

let chromium;

async function main() {
  if (!base || !email || !password) {
    return finish({ error: 'usage: orders-tab.mjs <base-url> <email> <password>' });
  }
  try {
    ({ chromium } = require('playwright-core'));
  } catch (e) {
    return finish({ error: `playwright-core not found (npm ci in frontend/): ${e.message}` });
  }
  const report = {};
  // 1. The dashboard, then a click on the tab.
  report.tabClick = await measure(async ({ page, crashed }) => {
    await submitLogin(page);
    await page.waitForURL('**/admin/dashboard**', { timeout: LIMIT_MS });
    const tab = page.getByRole('tab', { name: 'Orders' });
    await tab.waitFor({ state: 'visible', timeout: LIMIT_MS });
    const start = performance.now();
    await tab.click({ timeout: LIMIT_MS });
    return firstRow(page, crashed, start);
  });
  // 2. The bookmarked Orders view, signed out: the login, then the view.
  report.afterLogin = await measure(async ({ page, crashed }) => {
    let answered;
    page.on('response', (response) => {
      if (answered === undefined && new URL(response.url()).pathname === '/api/admin/login') answered = performance.now();
    });
    await page.addInitScript(watchInPage);
    const start = await submitLogin(page, '/admin/dashboard?tab=orders');
    const shown = await firstRow(page, crashed, start);
    const loginMs = answered === undefined ? null : answered - start;
    const afterAnswerMs = shown.ms === null || loginMs === null ? null : shown.ms - loginMs;
    return { ...shown, loginMs, afterAnswerMs, inPage: await inPageTimes(page) };
  });
  finish(report);
}

main()
  .catch((e) => finish({ error: String(e?.message ?? e).split('\n')[0] }))
  .finally(() => process.exit(0));
