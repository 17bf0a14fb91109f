import { expect, test } from '@playwright/test';
import { dateFromToday, distinctFutureDay, expectToast, uniqueSuffix } from './helpers';

test('booking with the keyboard alone', async ({ page }) => {
  await page.goto('/');
  const book = page.getByRole('banner').getByRole('button', { name: 'BOOK EXPERIENCE' });
  await page.keyboard.press('Tab'); // keyboard modality, so :focus-visible applies
  await book.focus();
  // The focus ring is the gold one.
  await expect.poll(() => book.evaluate((el) => getComputedStyle(el).outlineColor)).toBe('rgb(224, 196, 138)');
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'Book Your Experience' });
  await expect(dialog.getByLabel('First name')).toBeFocused();
  await page.keyboard.type('Wren');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Hollis');
  await page.keyboard.press('Tab');
  const email = `keys-${uniqueSuffix()}@example.com`;
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Service', { exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option').first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: /^Rustic Spa Treatments/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Service', { exact: true })).toContainText('Rustic Spa Treatments');

  const day = dateFromToday(distinctFutureDay(120));
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Date')).toBeFocused();
  const [y, m, d] = day.split('-');
  await page.keyboard.type(`${m}${d}${y}`);
  await expect(dialog.getByLabel('Date')).toHaveValue(day);

  // Chromium's date input may also stop on its calendar button.
  const time = dialog.getByLabel('Time', { exact: true });
  for (let i = 0; i < 3 && !(await time.evaluate((el) => el === document.activeElement)); i += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(time).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option').first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Time', { exact: true })).toContainText(/AM|PM/);

  await page.keyboard.press('Tab');
  await page.keyboard.type('Keyboard booking');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Request Booking' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectToast(page, 'Booking Request Submitted');
  await expect(dialog).toBeHidden();
  await expect(book).toBeFocused();
});

test('product dialog, carousel and cart with the keyboard', async ({ page }) => {
  await page.goto('/products');
  const card = page.getByTestId('product-card').first().getByRole('button');
  await card.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const counter = dialog.getByTestId('carousel-counter');
  const total = Number((await counter.textContent())?.split('/')[1]?.trim());
  if (total > 1) {
    await dialog.getByRole('button', { name: 'Next media' }).focus();
    await page.keyboard.press('Enter');
    await expect(counter).toHaveText(`2 / ${total}`);
    await page.keyboard.press('ArrowLeft');
    await expect(counter).toHaveText(`1 / ${total}`);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(card).toBeFocused();

  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Add to Cart' }).focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Shopping Cart' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('button', { name: /Increase quantity/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(card).toBeFocused();

  // The header's cart button opens the panel and gets focus back.
  const cartButton = page.getByRole('button', { name: /^Cart, 1 item$/ });
  await cartButton.focus();
  await page.keyboard.press('Enter');
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(cartButton).toBeFocused();
});
