import { expect, test } from '@playwright/test';
import { productWithExtraMedia } from './helpers';

test('on a phone, a swipe moves the product carousel, both ways', async ({ page, request }) => {
  const { product, total } = await productWithExtraMedia(request);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/products');
  await page.getByRole('button', { name: `View details: ${product.name}` }).click();
  const dialog = page.getByRole('dialog', { name: product.name });
  const counter = dialog.getByTestId('carousel-counter');
  await expect(counter).toHaveText(`1 / ${total}`);

  const media = dialog.getByRole('region', { name: 'Product media' });
  const box = await media.locator('[aria-roledescription="slide"]').first().boundingBox();
  if (!box) throw new Error('the carousel is not on screen');
  // Above the arrows (they sit at mid-height), so a swipe never starts on one.
  const y = box.y + box.height * 0.3;
  // Embla goes by the swipe's speed only when the finger lifts within ~170 ms of its last move; on a
  // loaded machine that gap can be longer, and then only the distance counts and a swipe short of half
  // the slide springs back. A swipe across most of the slide moves it whatever the machine's pace.
  const swipe = async (from: number, to: number) => {
    await page.mouse.move(box.x + box.width * from, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * ((from + to) / 2), y, { steps: 5 });
    await page.mouse.move(box.x + box.width * to, y, { steps: 5 });
    await page.mouse.up();
  };
  await swipe(0.85, 0.1);
  await expect(counter).toHaveText(`2 / ${total}`);
  await swipe(0.15, 0.9);
  await expect(counter).toHaveText(`1 / ${total}`);
});
