import { deflateSync, crc32 } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import {
  AdminApi,
  answerNextConfirm,
  expectNoSeriousAxeViolations,
  expectSuccess,
  openDashboard,
  openTab,
  SCREENSHOT_DIR,
  screenshot,
  settle,
  unique,
} from './admin-helpers';

type MediaFile = { name: string; url: string; originalName: string; uses: { kind: string; label: string }[] };
type Product = { id: string; name: string; image: string };

/** A `width` × `height` PNG of one colour: a new file (and a new content name) for each colour. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const randomColour = (): [number, number, number] => [0, 1, 2].map(() => Math.floor(Math.random() * 256)) as [number, number, number];

/** Holds every upload's answer until released, so the progress bars can be seen mid-way. */
async function holdUploads(page: Page) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/admin/media?*', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    await released;
    await route.continue();
  });
  return release;
}

for (const width of [390, 1440]) {
  test(`media: several files uploaded with a progress bar each, refusals explained, the library lists and deletes (${width} px)`, async ({
    page,
    request,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const api = await AdminApi.create(request);
    const tag = unique();
    const product = await api.post<Product>('/api/products', {
      name: `Test Lantern ${tag}`,
      category: 'candles',
      price: '18.00',
      description: 'Made for a test.',
      image: '/media/products/test.webp',
    });
    await openDashboard(page, request);
    const panel = await openTab(page, 'Media');
    await expect(panel.getByRole('heading', { name: 'Media Library' })).toBeVisible();

    const release = await holdUploads(page);
    await panel.locator('input[type=file]').setInputFiles([
      { name: `lake-${tag}.png`, mimeType: 'image/png', buffer: png(64, 48, randomColour()) },
      { name: `cedar-${tag}.png`, mimeType: 'image/png', buffer: png(48, 64, randomColour()) },
      { name: `zip-${tag}.png`, mimeType: 'image/png', buffer: Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(200, 7)]) },
      { name: `notes-${tag}.txt`, mimeType: 'text/plain', buffer: Buffer.from('not a picture') },
    ]);
    const uploads = panel.getByRole('list', { name: 'Uploads' });
    const row = (name: string) => uploads.getByTestId('upload-row').filter({ hasText: name });
    // Refused in the browser before sending: said at once.
    await expect(row(`notes-${tag}.txt`).getByRole('alert')).toHaveText(
      `notes-${tag}.txt is not a JPEG, PNG, WebP or AVIF image or an MP4 or WebM video.`,
    );
    // Each file sent has its own progress bar while it is under way.
    for (const name of [`lake-${tag}.png`, `cedar-${tag}.png`, `zip-${tag}.png`]) {
      const bar = row(name).getByRole('progressbar', { name: `Uploading ${name}` });
      await expect(bar).toBeVisible();
      await expect(bar).toHaveAttribute('aria-valuemin', '0');
      await expect(bar).toHaveAttribute('aria-valuemax', '100');
    }
    await settle(page);
    await expectNoSeriousAxeViolations(page);
    await page.mouse.move(0, 0);
    await panel.screenshot({ path: `${SCREENSHOT_DIR}/admin-media-uploading-${width}.png` });
    release();

    await expect(row(`lake-${tag}.png`)).toContainText('Uploaded');
    await expect(row(`cedar-${tag}.png`)).toContainText('Uploaded');
    await expect(row(`zip-${tag}.png`).getByRole('alert')).toContainText(
      'This file type is not taken: upload a JPEG, PNG, WebP or AVIF image, or an MP4 or WebM video',
    );
    await page.unroute('**/api/admin/media?*');

    const library = await api.get<MediaFile[]>('/api/admin/media');
    const lake = library.find((file) => file.originalName === `lake-${tag}.png`)!;
    const cedar = library.find((file) => file.originalName === `cedar-${tag}.png`)!;
    expect(lake.url).toMatch(/^\/media\/uploads\/[0-9a-f]{64}\.png$/);
    const card = (name: string) => panel.getByTestId('media-file').filter({ hasText: name });
    await expect(card(`lake-${tag}.png`)).toContainText('Not used anywhere');
    await expect(card(`lake-${tag}.png`)).toContainText('64 × 48');

    // The product form takes an upload in place of a URL.
    // The product form takes an upload in place of a URL.
    const products = await openTab(page, 'Products');
    await products.getByRole('button', { name: `Edit Test Lantern ${tag}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Product' });
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: `lantern-${tag}.png`, mimeType: 'image/png', buffer: png(40, 40, randomColour()) });
    await expect(dialog.getByTestId('upload-row')).toContainText('Uploaded');
    await expect(dialog.getByLabel('Image URL')).toHaveValue(/^\/media\/uploads\/[0-9a-f]{64}\.png$/);
    await expect(dialog.getByTestId('image-preview')).toBeVisible();
    await settle(page);
    await expectNoSeriousAxeViolations(page);
    await page.mouse.move(0, 0);
    await dialog.getByTestId('upload-row').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-media-product-form-${width}.png` });
    await dialog.getByRole('button', { name: 'Update Product' }).click();
    await expectSuccess(page, 'Product updated successfully');
    const saved = await api.get<Product>(`/api/products/${product.id}`);
    expect(saved.image).toMatch(/^\/media\/uploads\//);

    // The library says where it is used, and deletes only what is unused.
    await openTab(page, 'Media');
    const lantern = card(`lantern-${tag}.png`);
    await expect(lantern).toContainText(`Product “Test Lantern ${tag}”`);
    await expect(lantern.getByRole('button', { name: `lantern-${tag}.png is in use and cannot be deleted` })).toBeDisabled();
    await settle(page);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `admin-media-library-${width}`);

    const confirmed = answerNextConfirm(page, true, 'Are you sure you want to delete this file?');
    await card(`cedar-${tag}.png`)
      .getByRole('button', { name: `Delete cedar-${tag}.png` })
      .click();
    await confirmed;
    await expectSuccess(page, 'File deleted');
    await expect(card(`cedar-${tag}.png`)).toHaveCount(0);
    expect((await request.get(cedar.url)).status()).toBe(404);
    expect((await request.get(`${lake.url}?w=320`)).headers()['content-type']).toBe('image/webp');

    expect(await api.delete(`/api/admin/products/${product.id}`)).toBe(204);
  });
}
