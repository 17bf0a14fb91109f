import { expect, test } from '@playwright/test';
import { dateFromToday, distinctFutureDay, expectToast, productWithExtraMedia, uniqueSuffix } from './helpers';

/*
 * Every key press here waits first for what a keyboard user would see before
 * pressing the next key: where focus is. In particular a Radix Select gives
 * focus back to its trigger a moment after Enter picks an option (when its
 * list has unmounted), so a Tab pressed before that would start from the
 * dialog itself.
 */

test('booking with the keyboard alone', async ({ page }) => {
  // The dialog asks about availability only for days the form accepts: typing
  // the year key by key must not ask about 0002, 0020, 0202 on the way.
  const askedDates: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/check-availability') askedDates.push(url.searchParams.get('date') ?? '');
  });

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
  await expect(dialog.getByLabel('Last name')).toBeFocused();
  await page.keyboard.type('Hollis');
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Email')).toBeFocused();
  const email = `keys-${uniqueSuffix()}@example.com`;
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  const service = dialog.getByLabel('Service', { exact: true });
  await expect(service).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option').first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: /^Rustic Spa Treatments/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(service).toContainText('Rustic Spa Treatments');
  await expect(service).toBeFocused();

  const day = dateFromToday(distinctFutureDay(120));
  const date = dialog.getByLabel('Date');
  await page.keyboard.press('Tab');
  await expect(date).toBeFocused();
  const [y, m, d] = day.split('-');
  await page.keyboard.type(`${m}${d}${y}`);
  await expect(date).toHaveValue(day);

  // Chromium's date input also stops on its calendar button; then comes the
  // calendar of open days (its month buttons and the day typed, which it shows chosen).
  const time = dialog.getByLabel('Time', { exact: true });
  const chosenDay = dialog.getByTestId('day-picker').locator(`[data-day="${day}"]`);
  await expect(chosenDay).toHaveAttribute('aria-pressed', 'true');
  let passedChosenDay = false;
  for (let i = 0; i < 6 && !(await time.evaluate((el) => el === document.activeElement)); i += 1) {
    await page.keyboard.press('Tab');
    passedChosenDay ||= await chosenDay.evaluate((el) => el === document.activeElement);
  }
  expect(passedChosenDay).toBe(true);
  await expect(time).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option').first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(time).toContainText(/AM|PM/);
  await expect(time).toBeFocused();

  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Notes')).toBeFocused();
  await page.keyboard.type('Keyboard booking');
  // The promo code field (docs/decisions.md §15); its Apply button waits for a code.
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Promo code')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Request Booking' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectToast(page, 'Booking Request Submitted');
  await expect(dialog).toBeHidden();
  // She lands on her booking's own page, its heading focused (the button she opened the dialog with is a page behind).
  await expect(page).toHaveURL(/\/bookings\/manage\//);
  await expect(page.getByRole('heading', { level: 2, name: 'Rustic Spa Treatments' })).toBeFocused();

  expect(askedDates).toContain(day);
  expect(askedDates.filter((asked) => asked < dateFromToday(0))).toEqual([]);
});

test('product dialog, carousel and cart with the keyboard', async ({ page, request }) => {
  // A product with extra media, so the carousel has somewhere to go.
  const { product, total } = await productWithExtraMedia(request);

  await page.goto('/products');
  const card = page.getByRole('button', { name: `View details: ${product.name}` });
  await card.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: product.name });
  await expect(dialog).toBeVisible();
  const counter = dialog.getByTestId('carousel-counter');
  await expect(counter).toHaveText(`1 / ${total}`);
  await dialog.getByRole('button', { name: 'Next media' }).focus();
  await page.keyboard.press('Enter');
  await expect(counter).toHaveText(`2 / ${total}`);
  await page.keyboard.press('ArrowLeft');
  await expect(counter).toHaveText(`1 / ${total}`);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(card).toBeFocused();

  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Add to Cart' }).focus();
  await page.keyboard.press('Enter');
  // The panel opens with focus on its first control, while the "Added to
  // Cart" toast shows; Escape closes the panel the user is in.
  const panel = page.getByRole('dialog', { name: 'Shopping Cart' });
  await expect(panel).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(panel.getByRole('button', { name: `Remove ${product.name}` })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(card).toBeFocused();

  // The header's cart button opens the panel and gets focus back (the "Added
  // to Cart" toast may still be showing).
  const cartButton = page.getByRole('button', { name: /^Cart, 1 item$/ });
  await cartButton.focus();
  await page.keyboard.press('Enter');
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('button', { name: `Remove ${product.name}` })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(cartButton).toBeFocused();
});
