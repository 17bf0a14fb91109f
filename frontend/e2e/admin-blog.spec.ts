import { expect, test } from '@playwright/test';
import { AdminApi, answerNextConfirm, expectSuccess, expectToast, openDashboard, openTab, unique } from './admin-helpers';

type Post = { id: string; title: string; slug: string; excerpt: string; content: string; image: string };

const DELETE_TEXT = 'Are you sure you want to delete this blog post?';

test('blog: slug typed lowercase with hyphens, create, duplicate slug (409), edit, delete with confirmation', async ({ page, request }) => {
  test.slow();
  const api = await AdminApi.create(request);
  const posts = await api.get<Post[]>('/api/blog-posts');
  const tag = unique();
  const title = `Test Winter Solstice Ritual ${tag}`;
  const slug = `winter-solstice-${tag}`;

  await openDashboard(page, request);
  const panel = await openTab(page, 'Blog');
  await expect(panel.getByTestId('post-row')).toHaveCount(posts.length);

  await panel.getByRole('button', { name: 'Add Post' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add Blog Post' });
  await dialog.getByRole('button', { name: 'Create Post' }).click();
  for (const message of ['Title is required', 'Slug is required', 'Excerpt is required', 'Content is required', 'Image URL is required']) {
    await expect(dialog.getByText(message)).toBeVisible();
  }
  await dialog.getByLabel('Title').fill(title);
  // Spec §5: lowercased and spaces → hyphens as the user types.
  await dialog.getByLabel('Slug').pressSequentially(`Winter Solstice ${tag.toUpperCase()}`);
  await expect(dialog.getByLabel('Slug')).toHaveValue(slug);
  await expect(dialog.getByLabel('Excerpt')).toHaveAttribute('rows', '2');
  await expect(dialog.getByLabel('Content')).toHaveAttribute('rows', '6');
  await dialog.getByLabel('Excerpt').fill('Candles, cedar smoke and the longest night.');
  await dialog.getByLabel('Content').fill('We gather at dusk.\n\n## What to bring\n\nWarm socks <script>alert(1)</script> and a journal.');
  await dialog.getByLabel('Image URL').fill(posts[0]?.image ?? '/media/blog/herbal-tea-garden.webp');
  await dialog.getByRole('button', { name: 'Create Post' }).click();
  await expectSuccess(page, 'Blog post created successfully');
  await expect(dialog).toBeHidden();

  let created = (await api.get<Post[]>('/api/blog-posts')).find((p) => p.slug === slug)!;
  expect(created).toMatchObject({ title, excerpt: 'Candles, cedar smoke and the longest night.' });
  expect(created.content).toContain('## What to bring');
  const row = panel.getByTestId('post-row').filter({ hasText: slug });
  await expect(row).toContainText(title);

  // A second post with the same slug: the server's 409 message.
  await panel.getByRole('button', { name: 'Add Post' }).click();
  dialog = page.getByRole('dialog', { name: 'Add Blog Post' });
  await dialog.getByLabel('Title').fill(`${title} again`);
  await dialog.getByLabel('Slug').fill(slug);
  await dialog.getByLabel('Excerpt').fill('Duplicate.');
  await dialog.getByLabel('Content').fill('Duplicate.');
  await dialog.getByLabel('Image URL').fill(created.image);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/blog-posts') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Create Post' }).click();
  const conflict = await answer;
  expect(conflict.status()).toBe(409);
  await expectToast(page, 'Error', ((await conflict.json()) as { message: string }).message);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Edit.
  await row.getByRole('button', { name: `Edit ${title}` }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Blog Post' });
  await expect(dialog.getByLabel('Slug')).toHaveValue(slug);
  await dialog.getByLabel('Excerpt').fill('Candles, cedar smoke and the longest, quietest night.');
  await dialog.getByRole('button', { name: 'Update Post' }).click();
  await expectSuccess(page, 'Blog post updated successfully');
  await expect(dialog).toBeHidden();
  created = (await api.get<Post[]>('/api/blog-posts')).find((p) => p.id === created.id)!;
  expect(created.excerpt).toBe('Candles, cedar smoke and the longest, quietest night.');
  await expect(row).toContainText('quietest night');

  // Delete: dismissed, then accepted.
  let answered = answerNextConfirm(page, false, DELETE_TEXT);
  await row.getByRole('button', { name: `Delete ${title}` }).click();
  await answered;
  await expect(row).toBeVisible();
  expect((await request.get(`/api/blog-posts/${slug}`)).status()).toBe(200);

  answered = answerNextConfirm(page, true, DELETE_TEXT);
  await row.getByRole('button', { name: `Delete ${title}` }).click();
  await answered;
  await expectSuccess(page, 'Blog post deleted successfully');
  await expect(row).toHaveCount(0);
  expect((await request.get(`/api/blog-posts/${slug}`)).status()).toBe(404);
});
