import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** A bearer token from the real admin login (credentials from the e2e environment). */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/admin/login', {
    data: { email: process.env.E2E_ADMIN_EMAIL, password: process.env.E2E_ADMIN_PASSWORD },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { token: string };
  return body.token;
}

/** A public API answer, which must succeed. */
export async function apiJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `${path}: ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * Holds back the page's chunk whose URL matches `chunk`, so a server-rendered
 * page is on screen but not yet live (the moment a quick guest may already
 * act). `requested` resolves when the browser asks for it; `release()` lets it through.
 */
export async function holdChunk(page: Page, chunk: RegExp): Promise<{ requested: Promise<void>; release: () => void }> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let markRequested: () => void = () => undefined;
  const requested = new Promise<void>((resolve) => (markRequested = resolve));
  await page.route(chunk, async (route) => {
    markRequested();
    await held;
    await route.continue();
  });
  return { requested, release };
}

export async function adminGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const token = await adminToken(request);
  const response = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * Radix renders toast text twice (once in a screen-reader announcement): look
 * inside the toast list only. Found by test id because an open modal (the
 * cart panel) marks the rest of the page aria-hidden.
 */
export function toastRegion(page: Page): Locator {
  return page.getByTestId('toast-viewport');
}

export async function expectToast(page: Page, title: string, description?: string) {
  const region = toastRegion(page);
  await expect(region.getByText(title, { exact: true })).toBeVisible();
  if (description) await expect(region.getByText(description, { exact: true })).toBeVisible();
}

/** yyyy-MM-dd, `days` from today in the retreat's time zone. */
export function dateFromToday(days: number): string {
  const now = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Los_Angeles',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** A short unique suffix so repeated runs on one database never collide. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/** A day in the far future, unlikely to be used by any other test. */
export function distinctFutureDay(base: number): number {
  return base + Math.floor(Math.random() * 400);
}

export async function chooseSelectOption(page: Page, label: string | RegExp, option: string | RegExp) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

/** Lets the dev-free production bundle settle: fonts loaded, no skeletons. */
export async function settle(page: Page) {
  await page.evaluate(() => document.fonts.ready);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Fills the checkout form as a guest would: shipping details and a test card (never sent). */
export async function fillCheckout(page: Page, email: string) {
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Pine');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Address').fill('1 Forest Lane');
  await page.getByLabel('City').fill('Idyllwild');
  await page.getByLabel('State').fill('CA');
  await page.getByLabel('ZIP code').fill('92549');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/30');
  await page.getByLabel('CVC').fill('123');
}

/** A product of the demo data with media besides its picture, and how many items its carousel shows. */
export async function productWithExtraMedia(request: APIRequestContext): Promise<{ product: { id: string; name: string }; total: number }> {
  type Product = { id: string; name: string };
  const products = (await (await request.get('/api/products')).json()) as Product[];
  for (const candidate of products) {
    const media = (await (await request.get(`/api/products/${candidate.id}/media`)).json()) as unknown[];
    if (media.length > 0) return { product: candidate, total: media.length + 1 };
  }
  throw new Error('the demo data has no product with extra media');
}
