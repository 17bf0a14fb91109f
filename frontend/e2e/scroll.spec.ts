import { expect, test, type Page } from '@playwright/test';
import { holdChunk } from './helpers';

/*
 * Where the page is scrolled (src/app/layout/scroll-memory.tsx): a guest who
 * scrolls a server-rendered page before the app is live stays where they
 * are; within the app a new page starts at its top, and going back returns
 * to where the page was left.
 */

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

test('a page scrolled before the app is live stays where the guest left it', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const chunk = await holdChunk(page, /\/assets\/app-[\w-]+\.js$/);
  await page.goto('/blog', { waitUntil: 'domcontentloaded' });
  await chunk.requested;
  await page.evaluate(() => window.scrollTo(0, 900));
  await expect.poll(() => scrollY(page)).toBe(900);
  // The menu opens once the app is live (a press before that is replayed then).
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  await menuButton.evaluate((button: HTMLElement) => button.click());
  chunk.release();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await scrollY(page), 'the app did not move the page').toBe(900);
  await context.close();
});

test('a new page starts at its top, and back returns to where the page was left', async ({ page }) => {
  await page.goto('/blog');
  // Live once the cart button opens its panel (a press before that is replayed then).
  await page.getByRole('banner').getByRole('button', { name: /^Cart/ }).click();
  const cart = page.getByRole('dialog', { name: 'Shopping Cart' });
  await expect(cart).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(cart).toBeHidden();

  const post = page.getByRole('article').last();
  await post.scrollIntoViewIfNeeded();
  const left = await scrollY(page);
  expect(left, 'the last post is below the first screen').toBeGreaterThan(200);
  const title = (await post.getByRole('heading').first().textContent())?.trim() ?? '';
  await post.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(0);

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Notes from the Mountain' })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(left);
});
