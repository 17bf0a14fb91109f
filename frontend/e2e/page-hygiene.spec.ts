import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiJson, settle } from './helpers';

/*
 * What Lighthouse's accessibility and best-practices audits found on the
 * public pages, kept from coming back: headings that skip a level (a list of
 * cards' h3 straight under the page's h1), and Content-Security-Policy
 * violations, which the browser lists in its Issues panel even when nothing
 * visibly fails (zod probing `new Function` under a CSP without
 * 'unsafe-eval', src/lib/zod.ts).
 */

type Post = { slug: string };

/** A public page, and the form whose empty submission makes it validate (zod runs on submit). */
type PublicPage = { path: string; submit?: { button: string; message: string } };

async function publicPages(request: APIRequestContext): Promise<PublicPage[]> {
  const posts = await apiJson<Post[]>(request, '/api/blog-posts');
  expect(posts.length, 'the demo catalogue has posts').toBeGreaterThan(0);
  const newsletter = { button: 'Subscribe', message: 'Please enter a valid email address' };
  return [
    { path: '/' },
    { path: '/services' },
    { path: '/products' },
    { path: '/blog', submit: newsletter },
    { path: `/blog/${posts[0]!.slug}`, submit: newsletter },
    { path: '/contact', submit: { button: 'Send Message', message: 'Message is required' } },
    { path: '/wellness-quiz' },
    { path: '/checkout' },
    { path: '/gift-cards', submit: { button: 'Continue to payment', message: "Recipient's name is required" } },
  ];
}

/** The levels of the headings a reader meets, in document order (hidden ones left out; visually hidden ones kept). */
async function headingLevels(page: Page): Promise<{ level: number; text: string }[]> {
  return page
    .locator('h1, h2, h3, h4, h5, h6')
    .evaluateAll((headings) =>
      headings
        .filter((heading) => heading.checkVisibility())
        .map((heading) => ({ level: Number(heading.tagName.slice(1)), text: (heading.textContent ?? '').trim().slice(0, 60) })),
    );
}

test('public pages: headings descend one level at a time, and nothing breaks the Content-Security-Policy', async ({ page, request }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  for (const entry of await publicPages(request)) {
    await test.step(entry.path, async () => {
      await page.goto(entry.path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await settle(page);
      if (entry.submit) {
        await page.getByRole('button', { name: entry.submit.button }).click();
        await expect(page.getByText(entry.submit.message).first()).toBeVisible();
      }

      const levels = await headingLevels(page);
      expect(levels[0], `${entry.path}: the first heading is the page's h1`).toMatchObject({ level: 1 });
      levels.forEach((heading, i) => {
        if (i === 0) return;
        const previous = levels[i - 1]!;
        expect(
          heading.level,
          `${entry.path}: "${heading.text}" (h${heading.level}) after "${previous.text}" (h${previous.level})`,
        ).toBeLessThanOrEqual(previous.level + 1);
      });

      const violations = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
      expect(violations, `${entry.path}: Content-Security-Policy violations`).toEqual([]);
    });
  }
});
