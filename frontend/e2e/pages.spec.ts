import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { settle } from './helpers';

const SCREENSHOT_DIR = 'test-results/screenshots';
const widths = [375, 1440] as const;

type Page_ = { name: string; path: string | (() => Promise<string>) };

/** Scrolls through the page so lazy images load before a full-page screenshot. */
async function loadLazyImages(page: Page) {
  await page.evaluate(async () => {
    const step = window.innerHeight / 2;
    for (let y = 0; y < document.body.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 60));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
  await page.waitForTimeout(300);
}

test.describe('every public page', () => {
  test.use({ reducedMotion: 'reduce' });
  mkdirSync(SCREENSHOT_DIR, { recursive: true });

  const pages: Page_[] = [
    { name: 'home', path: '/' },
    { name: 'services', path: '/services' },
    { name: 'products', path: '/products' },
    { name: 'blog', path: '/blog' },
    { name: 'blog-post', path: '/blog/__first__' },
    { name: 'contact', path: '/contact' },
    { name: 'checkout-empty', path: '/checkout' },
    { name: 'checkout', path: '/checkout?with-items' },
    { name: 'wellness-quiz', path: '/wellness-quiz' },
    { name: 'gift-cards', path: '/gift-cards' },
    { name: 'not-found', path: '/this-page-does-not-exist' },
  ];

  for (const width of widths) {
    for (const entry of pages) {
      test(`${entry.name} at ${width}px: no serious axe violations, screenshot`, async ({ page, request }) => {
        await page.setViewportSize({ width, height: width < 800 ? 812 : 900 });
        let path = entry.path as string;
        if (path === '/blog/__first__') {
          const posts = (await (await request.get('/api/blog-posts')).json()) as { slug: string }[];
          test.skip(posts.length === 0, 'no posts in the demo data');
          path = `/blog/${posts[0]!.slug}`;
        }
        if (path === '/checkout?with-items') {
          const products = (await (await request.get('/api/products')).json()) as object[];
          const cart = products.slice(0, 2).map((product, i) => ({ product, quantity: i + 1 }));
          await page.addInitScript((value) => window.localStorage.setItem('cart', value), JSON.stringify(cart));
          path = '/checkout';
        }
        await page.goto(path);
        await settle(page);
        await loadLazyImages(page);

        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);

        await page.screenshot({ path: `${SCREENSHOT_DIR}/${entry.name}-${width}.png`, fullPage: true });
      });
    }
  }

  test('dialogs and panels pass axe too', async ({ page, request }) => {
    const products = (await (await request.get('/api/products')).json()) as { name: string }[];
    await page.goto('/products');
    await settle(page);
    await page.getByRole('button', { name: `View details: ${products[0]!.name}` }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    let results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/product-dialog-1440.png` });
    await page.getByRole('dialog').getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('dialog', { name: 'Shopping Cart' })).toBeVisible();
    results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/cart-panel-1440.png` });
    await page.keyboard.press('Escape');
    await page.getByRole('banner').getByRole('button', { name: 'BOOK EXPERIENCE' }).click();
    await expect(page.getByRole('dialog', { name: 'Book Your Experience' })).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Request Booking' }).click();
    results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/booking-dialog-1440.png` });
  });
});
