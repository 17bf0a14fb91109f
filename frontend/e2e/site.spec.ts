import { expect, test } from '@playwright/test';
import { adminGet, expectToast, uniqueSuffix } from './helpers';

test('unknown paths show the not-found page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  await expect(page).toHaveTitle(/Page Not Found/);
});

test('the header: links, current route, solid bar after scrolling', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  const nav = header.getByRole('navigation', { name: 'Main' });
  for (const label of ['Home', 'Services', 'Products', 'Quiz', 'Blog', 'Contact']) {
    await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(header).not.toHaveAttribute('data-solid', /.*/);
  await page.mouse.wheel(0, 400);
  await expect(header).toHaveAttribute('data-solid', 'true');

  await nav.getByRole('link', { name: 'Quiz', exact: true }).click();
  await expect(page).toHaveURL(/\/wellness-quiz$/);
  await expect(nav.getByRole('link', { name: 'Quiz', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveTitle(/Wellness Quiz/);

  await header.getByRole('link', { name: /home/ }).first().click();
  await expect(page).toHaveURL(/\/$/);
});

test('home: explore services scrolls to the services; limits of 6 products and 3 posts', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Explore services' }).click();
  await expect(page.locator('#services')).toBeInViewport();
  await expect(page.getByTestId('product-card')).not.toHaveCount(0);
  expect(await page.getByTestId('product-card').count()).toBeLessThanOrEqual(6);
  expect(await page.getByTestId('post-card').count()).toBeLessThanOrEqual(3);
  await expect(page.getByRole('link', { name: 'view all products' })).toHaveAttribute('href', '/products');
  await expect(page.getByRole('link', { name: 'Take the Wellness Quiz' })).toHaveAttribute('href', '/wellness-quiz');
  const tinyHome = page.getByRole('region', { name: 'The Tiny Home Retreat' });
  await expect(tinyHome.getByText('$180', { exact: true })).toBeVisible();
  await expect(tinyHome.getByRole('button', { name: 'check availability' })).toBeVisible();
  await expect(page.getByText('© 2024 Golden Pine Wellness Retreat. All rights reserved.')).toBeVisible();
});

test('the mobile menu at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  for (const label of ['Home', 'Services', 'Products', 'Quiz', 'Blog', 'Contact']) {
    await expect(menu.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  await menu.getByRole('link', { name: 'Products', exact: true }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(menu).toBeHidden();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(menu.getByRole('link', { name: 'Products', exact: true })).toHaveAttribute('aria-current', 'page');
  await menu.getByRole('button', { name: 'BOOK EXPERIENCE' }).click();
  await expect(menu).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Book Your Experience' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
});

test('blog list, a single post and an unknown slug', async ({ page, request }) => {
  type Post = { slug: string; title: string; content: string };
  const posts = (await (await request.get('/api/blog-posts')).json()) as Post[];
  await page.goto('/blog');
  if (posts.length === 0) {
    await expect(page.getByText('Coming Soon')).toBeVisible();
  } else {
    await expect(page.getByTestId('post-card')).toHaveCount(posts.length);
    const post = posts[0]!;
    await page.getByRole('link', { name: post.title }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/${post.slug}$`));
    await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(post.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    const firstSubheading = post.content.split(/\n\s*\n/).find((b) => b.startsWith('## '));
    if (firstSubheading) {
      await expect(page.getByRole('heading', { level: 2, name: firstSubheading.slice(3).trim() })).toBeVisible();
    }
    await expect(page.locator('article script')).toHaveCount(0);
  }
  await page.goto('/blog/no-such-story-here');
  await expect(page.getByText('This story has wandered off')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the journal' })).toBeVisible();
});

test('newsletter subscription', async ({ page, request }) => {
  const email = `reader-${uniqueSuffix()}@example.com`;
  await page.goto('/blog');
  const form = page.getByRole('form', { name: 'Newsletter subscription' });
  await form.getByLabel('Email address').fill('nope');
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();
  await form.getByLabel('Email address').fill(email);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expectToast(page, 'Thank you for subscribing!');
  await expect(form.getByLabel('Email address')).toHaveValue('');

  // Subscribing twice is not an error.
  await form.getByLabel('Email address').fill(email);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expectToast(page, 'Thank you for subscribing!');

  type Subscription = { email: string };
  const subscriptions = await adminGet<Subscription[]>(request, '/api/admin/newsletter-subscriptions');
  expect(subscriptions.filter((s) => s.email === email)).toHaveLength(1);
});

test('admin screens are separate chunks a public visit never downloads', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.goto('/products');
  await page.getByTestId('product-card').first().waitFor();
  expect(scripts.some((s) => /admin/i.test(s))).toBe(false);
});
