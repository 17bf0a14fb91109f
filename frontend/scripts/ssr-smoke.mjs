// Runs the server bundle the way the Rust server does: evaluated as an ES
// module in a fresh QuickJS context (quickjs-ng, as in rquickjs) whose only
// global beyond the language is `console`, then asks routeData and render for
// every public page with the demo catalogue, and checks the HTML.
//
// quickjs-emscripten is not a dependency of the app; install it elsewhere:
//   npm i --prefix /tmp/qjs quickjs-emscripten @jitl/quickjs-ng-wasmfile-release-sync
//   QUICKJS_PREFIX=/tmp/qjs node scripts/ssr-smoke.mjs [dist] [--print /path]
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

const args = process.argv.slice(2);
const printIndex = args.indexOf('--print');
const printPath = printIndex >= 0 ? args.splice(printIndex, 2)[1] : undefined;
const dist = resolve(args[0] ?? 'dist');
const prefix = resolve(process.env.QUICKJS_PREFIX ?? '/tmp/qjs');
const requireOutside = createRequire(`${prefix}/node_modules/`);
const { newQuickJSWASMModuleFromVariant } = requireOutside('quickjs-emscripten');
const variant = requireOutside('@jitl/quickjs-ng-wasmfile-release-sync');

const bundle = readFileSync(resolve(dist, '.server/render.js'), 'utf8');
const catalogue = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../demo/catalogue.json'), 'utf8'));

// The API's answers for the demo catalogue (ids and stock as the server adds them).
const uuid = (n) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const services = catalogue.services.map((s, i) => ({ id: uuid(100 + i), ...s }));
const products = catalogue.products.map(({ media: _media, ...p }, i) => ({ id: uuid(200 + i), stock: i === 0 ? 3 : null, ...p }));
const posts = catalogue.blogPosts.map((p, i) => ({ id: uuid(300 + i), ...p })).reverse();
const post = posts[0];
// Guests' ratings (issue 43): one quoted comment with the retreat's reply.
const ratings = [
  {
    serviceKey: 'massage',
    average: 4.5,
    count: 2,
    quoted: [
      {
        id: uuid(400),
        stars: 4,
        comment: 'The room smelled of cedar & the pines',
        author: 'Ada L.',
        date: '2026-05-03',
        reply: { text: 'Thank you, Ada.', date: '2026-05-04' },
      },
    ],
  },
];
const api = { '/api/services': services, '/api/products': products, '/api/blog-posts': posts, '/api/ratings': ratings };
for (const p of posts) api[`/api/blog-posts/${encodeURIComponent(p.slug)}`] = p;

const siteInfo = {
  name: 'Golden Pine Wellness Retreat',
  timeZone: 'America/Los_Angeles',
  pages: [{ path: '/services', title: 'Experiences | Golden Pine Wellness Retreat', description: 'd' }],
  postTitleSuffix: ' | Golden Pine Journal',
  notFoundTitle: 'Page Not Found | Golden Pine Wellness Retreat',
};

const html = (text) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll("'", '&#x27;');
const pages = [
  ['/', ['Where the pines', services[0].name, products[0].name, posts[0].title, '$120']],
  [
    '/services',
    [
      'Our Services',
      services[1].name,
      services[1].description,
      '$85',
      'Rated 4.5 out of 5 from 2 guests',
      'What guests say',
      html(ratings[0].quoted[0].comment),
      'May 3, 2026',
      'Reply from Golden Pine',
    ],
  ],
  ['/products', ['Wellness Products', products[3].name, '$34.00', 'Only 3 left']],
  ['/blog', ['Notes from the Mountain', posts[2].title, html(posts[2].excerpt)]],
  [`/blog/${post.slug}`, [post.title, html(post.content.split('\n')[0].slice(0, 80))]],
  ['/contact', ['Contact Us', 'Send us a message']],
  ['/wellness-quiz', ['Wellness Quiz', 'Question 1 of 5']],
  ['/checkout', ['Checkout', 'Your Cart is Empty']],
  ['/no-such-page', ['404 Page Not Found']],
  ['/services?utm=1', ['Our Services', services[0].name]],
];

const QuickJS = await newQuickJSWASMModuleFromVariant(variant);
const runtime = QuickJS.newRuntime();
runtime.setMemoryLimit(64 * 1024 * 1024);
runtime.setMaxStackSize(4 * 1024 * 1024);
const vm = runtime.newContext();

const logged = [];
const consoleObject = vm.newObject();
for (const level of ['log', 'info', 'warn', 'error', 'debug']) {
  const fn = vm.newFunction(level, (...parts) => {
    logged.push(`${level}: ${parts.map((p) => vm.dump(p)).join(' ')}`);
  });
  vm.setProp(consoleObject, level, fn);
  fn.dispose();
}
vm.setProp(vm.global, 'console', consoleObject);
consoleObject.dispose();

const failures = [];
const check = (ok, what) => {
  if (!ok) failures.push(what);
};

// The engine really is bare: what the bundle must do without.
const missingHandle = vm.unwrapResult(
  vm.evalCode(
    `['Intl','window','document','navigator','localStorage','setTimeout','MessageChannel','TextEncoder','TextDecoder','URL','URLSearchParams','fetch','Request','process']
      .filter((name) => typeof globalThis[name] !== 'undefined')`,
  ),
);
const missing = vm.dump(missingHandle);
missingHandle.dispose();
check(missing.length === 0, `the test engine has globals it should not: ${missing}`);

const started = performance.now();
const namespace = vm.unwrapResult(vm.evalCode(bundle, 'render.js', { type: 'module' }));
console.log(`loaded render.js (${(bundle.length / 1024).toFixed(0)} KiB) in ${(performance.now() - started).toFixed(0)} ms`);
const routeDataFn = vm.getProp(namespace, 'routeData');
const renderFn = vm.getProp(namespace, 'render');
check(vm.typeof(routeDataFn) === 'function' && vm.typeof(renderFn) === 'function', 'render.js exports routeData and render');

const call = (fn, ...values) => {
  const handles = values.map((v) => vm.unwrapResult(vm.evalCode(`(${JSON.stringify(v)})`)));
  const result = vm.callFunction(fn, vm.undefined, ...handles);
  handles.forEach((h) => h.dispose());
  if (result.error) {
    const error = vm.dump(result.error);
    result.error.dispose();
    throw new Error(typeof error === 'object' ? `${error.message}\n${error.stack}` : String(error));
  }
  const value = vm.dump(result.value);
  result.value.dispose();
  return value;
};

for (const [url, texts] of pages) {
  const paths = call(routeDataFn, url);
  const data = Object.fromEntries(paths.map((path) => [path, api[path]]));
  check(
    paths.every((path) => path in api),
    `${url}: routeData asks for ${paths.filter((p) => !(p in api))}`,
  );
  const t0 = performance.now();
  let page;
  try {
    page = call(renderFn, url, data, siteInfo);
  } catch (error) {
    failures.push(`${url}: render threw ${error.message}`);
    continue;
  }
  const ms = performance.now() - t0;
  for (const text of [...texts, 'href="/services"', 'href="/products"', 'href="/blog"']) {
    check(page.html.includes(text), `${url}: the HTML lacks ${JSON.stringify(text)}`);
  }
  check(!page.html.includes('Loading…'), `${url}: the HTML holds a loading state`);
  const state = JSON.parse(page.state);
  check(state.queries.length === paths.length, `${url}: ${state.queries.length} queries in the state for ${paths.length} paths`);
  check(!runtime.hasPendingJob(), `${url}: the render left jobs queued`);
  console.log(`${url}  routeData ${JSON.stringify(paths)}  html ${page.html.length} B  state ${page.state.length} B  ${ms.toFixed(0)} ms`);
  if (printPath === url) console.log(page.html);
}

for (const url of [
  '/admin/login',
  '/bookings/manage/abc',
  '/newsletter/unsubscribe?token=x',
  '/visits/rate?token=x',
  '/visits/unsubscribe?token=x',
]) {
  check(call(routeDataFn, url).length === 0, `${url}: routeData is not []`);
  let threw = false;
  try {
    call(renderFn, url, {}, siteInfo);
  } catch {
    threw = true;
  }
  check(threw, `${url}: render should refuse a browser-only page`);
}

check(logged.length === 0, `the bundle logged:\n${logged.join('\n')}`);
const memoryHandle = runtime.computeMemoryUsage();
const memory = vm.dump(memoryHandle);
memoryHandle.dispose();
console.log(`QuickJS memory in use: ${(memory.memory_used_size / 1048576).toFixed(1)} MiB`);

routeDataFn.dispose();
renderFn.dispose();
namespace.dispose();
vm.dispose();
runtime.dispose();

if (failures.length > 0) {
  console.error(`\n${failures.length} problem(s):\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log('\nserver bundle OK in QuickJS');
