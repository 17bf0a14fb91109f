import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { dayFromToday, unique } from './admin-helpers';
import { apiJson, expectToast, holdChunk } from './helpers';

/*
 * Server rendering (docs/decisions.md §13): every public page arrives with its
 * content in the HTML, the browser app hydrates it without a mismatch, a
 * layout shift or a second fetch of the data the page came with, and the page
 * reads and navigates with scripts disabled.
 */

type Service = { name: string; description: string };
type Product = { name: string };
type Post = { slug: string; title: string; excerpt: string; content: string };
type GiftCardOptions = { presets: string[]; min: string; max: string; services: { name: string }[] };

/** "A", "A or B", "A, B or C". */
function oneOf(names: string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** "1000.00" → "$1,000", as the gift card page writes a whole amount. */
function wholeDollars(amount: string): string {
  return `$${Number(amount).toLocaleString('en-US', { maximumFractionDigits: 0 })}`;
}

type PublicPage = {
  name: string;
  path: string;
  heading: string;
  /** Texts of the page's main content (as shown, before HTML escaping). */
  content: string[];
  /** Catalogue reads the server sent with the page: never asked again on load. */
  catalogue: string[];
};

/** The public pages, with content taken from the live catalogue (other specs change it). */
async function publicPages(request: APIRequestContext): Promise<PublicPage[]> {
  const services = await apiJson<Service[]>(request, '/api/services');
  const products = await apiJson<Product[]>(request, '/api/products');
  const posts = await apiJson<Post[]>(request, '/api/blog-posts');
  const giftCards = await apiJson<GiftCardOptions>(request, '/api/gift-cards/options');
  const { intakeKeepMonths } = await apiJson<{ intakeKeepMonths: number }>(request, '/api/privacy/terms');
  expect(services.length * products.length * posts.length, 'the demo catalogue has services, products and posts').toBeGreaterThan(0);
  expect(giftCards.services.length, 'a gift card can be a treatment').toBeGreaterThan(0);
  const [service, product, post] = [services[0]!, products[0]!, posts[0]!];
  // A guest's own page, from the link her mail carries: the server sends it
  // in its loading state (the same for every link), the booking loads here.
  const booked = await request.post('/api/bookings', {
    data: {
      firstName: 'Ottilie',
      lastName: 'Render',
      email: `ottilie.${unique()}@example.test`,
      service: 'massage',
      date: dayFromToday(60 + Math.floor(Math.random() * 300)),
      time: '15:00',
      notes: null,
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { manageToken } = (await booked.json()) as { manageToken: string };
  const firstParagraph = post.content.split(/\n/)[0]!.replace(/^## /, '');
  return [
    {
      name: 'home',
      path: '/',
      heading: 'Where the pines teach stillness',
      content: [service.name, product.name, post.title],
      catalogue: ['/api/services', '/api/products', '/api/blog-posts'],
    },
    {
      name: 'services',
      path: '/services',
      heading: 'Our Services',
      content: [service.name, service.description],
      catalogue: ['/api/services'],
    },
    { name: 'products', path: '/products', heading: 'Wellness Products', content: [product.name], catalogue: ['/api/products'] },
    {
      name: 'journal',
      path: '/blog',
      heading: 'Notes from the Mountain',
      content: [post.title, post.excerpt],
      catalogue: ['/api/blog-posts'],
    },
    {
      name: 'post',
      path: `/blog/${post.slug}`,
      heading: post.title,
      content: [post.excerpt, firstParagraph],
      catalogue: [`/api/blog-posts/${encodeURIComponent(post.slug)}`],
    },
    { name: 'contact', path: '/contact', heading: 'Contact Us', content: ['Send us a message'], catalogue: [] },
    { name: 'quiz', path: '/wellness-quiz', heading: 'Wellness Quiz', content: ['Question 1 of 5'], catalogue: [] },
    { name: 'checkout', path: '/checkout', heading: 'Checkout', content: ['Your Cart is Empty'], catalogue: ['/api/products'] },
    {
      name: 'gift cards',
      path: '/gift-cards',
      heading: 'Gift Cards',
      // The amounts (the presets, a custom amount's range) and the treatments came with the page.
      content: [
        'Choose an amount',
        ...giftCards.presets.map(wholeDollars),
        // The treatments by name, in a sentence (the footer's links name some services too).
        `Any amount from ${wholeDollars(giftCards.min)} to ${wholeDollars(giftCards.max)}, or the gift of a treatment: ${oneOf(
          giftCards.services.map((service) => service.name),
        )}.`,
        'Check a balance',
      ],
      catalogue: ['/api/gift-cards/options'],
    },
    {
      name: 'privacy',
      path: '/privacy',
      heading: 'Privacy',
      // How long health answers are kept, as the owner set it, came with the page.
      content: ['Only what a visit needs', `${intakeKeepMonths} months after your last visit`],
      catalogue: ['/api/privacy/terms'],
    },
    {
      name: 'guest booking',
      path: `/bookings/manage/${encodeURIComponent(manageToken)}`,
      heading: 'Your Booking',
      content: ['The details of your time with us'],
      catalogue: [],
    },
    { name: 'not found', path: '/no-such-page-here', heading: '404 Page Not Found', content: ['Return home'], catalogue: [] },
  ];
}

/** Text as React writes it into HTML. */
function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#x27;');
}

/** The text the server put inside `<div id="root">` (tags removed, entities kept). */
function serverRootText(html: string): string {
  const start = html.indexOf('<div id="root">');
  expect(start, 'the page has the root element').toBeGreaterThanOrEqual(0);
  return html.slice(start + '<div id="root">'.length).replace(/<[^>]*>/g, '');
}

/** Collects every layout shift from the very start of the page's load. */
async function observeLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: { value: number; hadRecentInput: boolean; startTime: number }[] = [];
    (window as unknown as { __layoutShifts: typeof shifts }).__layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; startTime: number }[]) {
        shifts.push({ value: entry.value, hadRecentInput: entry.hadRecentInput, startTime: entry.startTime });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * Waits until the app has hydrated, by what a guest sees: the header's cart
 * button, already in the server's HTML, opens the cart panel only once React
 * runs the page. A click before that does nothing, so it is tried again.
 * Returns the page time of the click that worked.
 */
async function waitUntilInteractive(page: Page): Promise<number> {
  const cartButton = page.getByRole('banner').getByRole('button', { name: /^Cart/ });
  const cartPanel = page.getByRole('dialog', { name: 'Shopping Cart' });
  let clickedAt = 0;
  await expect(async () => {
    clickedAt = await page.evaluate(() => performance.now());
    await cartButton.click();
    await expect(cartPanel).toBeVisible({ timeout: 1_000 });
  }).toPass();
  return clickedAt;
}

/**
 * The layout shift of the load and hydration: every shift before the click
 * that proved the page interactive (an earlier click, made before hydration,
 * would otherwise hide a hydration shift as "recent input"), and after it only
 * those not caused by input (the cart panel opening is).
 */
async function loadLayoutShift(page: Page, clickedAt: number): Promise<number> {
  const shifts = await page.evaluate(
    () => (window as unknown as { __layoutShifts: { value: number; hadRecentInput: boolean; startTime: number }[] }).__layoutShifts,
  );
  return shifts.filter((s) => s.startTime < clickedAt || !s.hadRecentInput).reduce((sum, s) => sum + s.value, 0);
}

test.describe('server-rendered public pages', () => {
  test('every public page arrives rendered and hydrates cleanly', async ({ page, request }) => {
    const pages = await publicPages(request);
    await observeLayoutShifts(page);

    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error' && message.type() !== 'warning') return;
      // The not-found page is sent with status 404, which Chromium reports as a
      // failed load of the document itself: that is the server's answer, not the app.
      const documentNotFound = message.text().includes('status of 404') && message.location().url === page.url();
      if (!documentNotFound) problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    let apiReads: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (r.method() === 'GET' && url.pathname.startsWith('/api/')) apiReads.push(url.pathname);
    });

    for (const entry of pages) {
      await test.step(entry.name, async () => {
        // (b) The HTML already holds the heading and the main content.
        const response = await request.get(entry.path);
        expect(response.status(), entry.path).toBe(entry.name === 'not found' ? 404 : 200);
        const rootText = serverRootText(await response.text());
        for (const text of [entry.heading, ...entry.content]) {
          expect(rootText, `${entry.path}: the server's HTML holds ${JSON.stringify(text)}`).toContain(escapeHtml(text));
        }

        problems.length = 0;
        apiReads = [];
        await page.goto(entry.path);
        await expect(page.getByRole('heading', { level: 1 })).toContainText(entry.heading);
        const clickedAt = await waitUntilInteractive(page);
        // Still the page the server sent (the open cart panel hides it from the accessibility tree).
        await expect(page.locator('main h1')).toContainText(entry.heading);

        // (a) Nothing reported during load and hydration (React reports a
        // hydration mismatch with console.error).
        expect(problems, `${entry.path}: console errors or warnings`).toEqual([]);
        // (c) Nothing moved.
        const shift = await loadLayoutShift(page, clickedAt);
        expect(shift, `${entry.path}: layout shift of load and hydration`).toBeLessThanOrEqual(0.02);
        // (d) The data the page came with is not fetched again.
        expect(
          apiReads.filter((path) => entry.catalogue.includes(path)),
          `${entry.path}: catalogue reads on load`,
        ).toEqual([]);
      });
    }
  });

  test('a click on a server-rendered page before its code has arrived is not lost', async ({ page }) => {
    // Hold the products page's own chunk: the page is on screen (server HTML)
    // but not yet interactive, the moment a quick guest may already click.
    const chunk = await holdChunk(page, /\/assets\/products-[\w-]+\.js$/);
    await page.goto('/products', { waitUntil: 'domcontentloaded' });
    await chunk.requested;
    const card = page.getByRole('button', { name: /^View details: / }).first();
    const name = ((await card.getAttribute('aria-label')) ?? '').replace('View details: ', '');
    await card.click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // The code arrives: the page hydrates and the click takes effect.
    chunk.release();
    await expect(page.getByRole('dialog', { name })).toBeVisible();
  });

  test('a quiz answer chosen before the code has arrived is the answer once the page is live', async ({ page }) => {
    // A radio would be ticked by the browser at once, under an app that never
    // heard of it (its Next button disabled): the tick waits for the app.
    const chunk = await holdChunk(page, /\/assets\/app-[\w-]+\.js$/);
    await page.goto('/wellness-quiz', { waitUntil: 'domcontentloaded' });
    await chunk.requested;
    const answer = page.getByRole('radio', { name: /^Release stress and tension/ });
    await page.getByText('Release stress and tension', { exact: true }).click();
    await expect(answer).not.toBeChecked();
    chunk.release();
    await expect(answer).toBeChecked();
    await page.getByRole('button', { name: 'NEXT' }).click();
    await expect(page.getByTestId('quiz-progress')).toContainText('Question 2 of 5');
  });

  test('a tab pressed before the code has arrived is chosen once the page is live', async ({ page }) => {
    // Tabs act on the press (mouse down, focus), not on the click: the replay
    // presses as the browser does. The app's own code is held this time.
    const chunk = await holdChunk(page, /\/assets\/app-[\w-]+\.js$/);
    await page.goto('/products', { waitUntil: 'domcontentloaded' });
    await chunk.requested;
    const candles = page.getByRole('tab', { name: 'Candles' });
    // A tap as a phone's Safari makes it: the events of a press, but the button does not take focus.
    await candles.evaluate((tab) => {
      for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click']) {
        tab.dispatchEvent(
          new (type.startsWith('pointer') ? PointerEvent : MouseEvent)(type, { bubbles: true, cancelable: true, button: 0 }),
        );
      }
    });
    await expect(candles).not.toBeFocused();
    await expect(candles).toHaveAttribute('aria-selected', 'false');
    chunk.release();
    await expect(candles).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel').getByTestId('product-card').first()).toContainText('candles');
  });

  test('a form sent before its code has arrived is not sent the old way: nothing in the address, the app sends it', async ({ page }) => {
    const chunk = await holdChunk(page, /\/assets\/contact-[\w-]+\.js$/);
    await page.goto('/contact', { waitUntil: 'domcontentloaded' });
    await chunk.requested;
    // A quick guest fills the server-rendered form and sends it.
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('First name').fill('Ada');
    await form.getByLabel('Last name').fill('Pine');
    await form.getByLabel('Email').fill(`early-${Date.now()}@example.com`);
    await form.getByLabel('Message').fill('Written before the page was live.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    // Stopped: still this page, with none of the guest's details in its address.
    await expect(page).toHaveURL(/\/contact$/);
    // The code arrives: the page hydrates with what was typed and the app sends it.
    chunk.release();
    await expectToast(page, 'Message Sent', "Thank you for reaching out! We'll get back to you soon.");
    await expect(page).toHaveURL(/\/contact$/);
  });

  test('a gift card code typed before the page is live is the one checked once it is', async ({ page }) => {
    // The amounts and the balance check arrive in the server's page: a guest
    // may type a code and press Check balance while the page's code is held.
    const chunk = await holdChunk(page, /\/assets\/gift-cards-[\w-]+\.js$/);
    await page.goto('/gift-cards', { waitUntil: 'domcontentloaded' });
    await chunk.requested;
    await expect(page.getByRole('radio', { name: '$100' })).toBeVisible();
    const balance = page.getByRole('region', { name: 'Check a balance' });
    await balance.getByLabel('Gift card code').fill('zzzz-zzzz-zzzz-zzzz-zzzz');
    await balance.getByRole('button', { name: 'Check balance' }).click();
    await expect(balance.getByRole('alert')).toHaveCount(0);
    // The code arrives: the page hydrates with the code still typed, and the press asks the server about it.
    chunk.release();
    await expect(balance.getByRole('alert')).toHaveText("We don't recognise this gift card code");
    await expect(balance.getByLabel('Gift card code')).toHaveValue('zzzz-zzzz-zzzz-zzzz-zzzz');
  });
});

test.describe('public pages without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every public page shows its heading and content', async ({ page, request }) => {
    for (const entry of await publicPages(request)) {
      await test.step(entry.name, async () => {
        await page.goto(entry.path);
        await expect(page.getByRole('heading', { level: 1 })).toContainText(entry.heading);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        for (const text of entry.content) {
          await expect(page.getByText(text, { exact: false }).first(), `${entry.path}: ${text}`).toBeVisible();
        }
      });
    }
  });

  test("the header's links are real links to pages with their content", async ({ page }) => {
    const destinations = [
      { label: 'Home', href: '/', heading: 'Where the pines' },
      { label: 'Services', href: '/services', heading: 'Our Services' },
      { label: 'Products', href: '/products', heading: 'Wellness Products' },
      { label: 'Quiz', href: '/wellness-quiz', heading: 'Wellness Quiz' },
      { label: 'Blog', href: '/blog', heading: 'Notes from the Mountain' },
      { label: 'Contact', href: '/contact', heading: 'Contact Us' },
    ];
    await page.goto('/contact');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveCount(destinations.length);
    for (const destination of destinations) {
      const link = nav.getByRole('link', { name: destination.label, exact: true });
      await expect(link).toHaveAttribute('href', destination.href);
      await link.click();
      await expect(page).toHaveURL(destination.href);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(destination.heading);
      await expect(page.locator('main')).not.toBeEmpty();
    }
  });
});
