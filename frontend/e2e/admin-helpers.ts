import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/*
 * Helpers of the admin specs. Every expectation about data is checked against
 * the real API with a real admin token; nothing assumes absolute counts, as
 * other specs share the database.
 */

export const SCREENSHOT_DIR = 'test-results/screenshots';

export function adminCredentials() {
  const email = process.env.E2E_ADMIN_EMAIL;
  const password = process.env.E2E_ADMIN_PASSWORD;
  if (!email || !password) throw new Error('E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD are not set');
  return { email, password };
}

export type LoginAnswer = { token: string; admin: { id: string; name: string; email: string } };

export async function apiLogin(request: APIRequestContext): Promise<LoginAnswer> {
  const response = await request.post('/api/admin/login', { data: adminCredentials() });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as LoginAnswer;
}

/** A thin admin API client for checking what the UI did. */
export class AdminApi {
  constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async create(request: APIRequestContext): Promise<AdminApi> {
    return new AdminApi(request, (await apiLogin(request)).token);
  }

  private headers() {
    return { Authorization: `Bearer ${this.token}` };
  }

  async get<T>(path: string): Promise<T> {
    const response = await this.request.get(path, { headers: this.headers() });
    expect(response.ok(), `GET ${path}: ${response.status()} ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  }

  async post<T>(path: string, data: unknown, status = 201): Promise<T> {
    const response = await this.request.post(path, { headers: this.headers(), data });
    expect(response.status(), `POST ${path}: ${await response.text()}`).toBe(status);
    return (await response.json()) as T;
  }

  async put<T>(path: string, data: unknown, status = 200): Promise<T> {
    const response = await this.request.put(path, { headers: this.headers(), data });
    expect(response.status(), `PUT ${path}: ${await response.text()}`).toBe(status);
    return (await response.json()) as T;
  }

  async delete(path: string): Promise<number> {
    const response = await this.request.delete(path, { headers: this.headers() });
    return response.status();
  }
}

/** Starts a session the way the login screen does, then opens the dashboard. */
export async function openDashboard(page: Page, request: APIRequestContext): Promise<LoginAnswer> {
  const answer = await apiLogin(request);
  await page.goto('/admin/login');
  await page.evaluate(({ token, admin }) => {
    localStorage.setItem('adminToken', token);
    localStorage.setItem('adminUser', JSON.stringify(admin));
  }, answer);
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: `Welcome back, ${answer.admin.name}` })).toBeVisible();
  return answer;
}

export async function openTab(page: Page, name: string): Promise<Locator> {
  const tab = page.getByRole('tab', { name, exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  return page.getByRole('tabpanel', { name });
}

/** Toast text also sits in a screen-reader span: look inside the toast list only. */
export function toasts(page: Page): Locator {
  return page.getByTestId('toast-viewport');
}

export async function expectToast(page: Page, title: string, description?: string) {
  const region = toasts(page);
  await expect(region.getByText(title, { exact: true }).first()).toBeVisible();
  if (description !== undefined) await expect(region.getByText(description, { exact: true }).first()).toBeVisible();
}

export async function expectSuccess(page: Page, text: string) {
  await expectToast(page, 'Success', text);
}

/** Answers the next window.confirm, checking its exact text. */
export function answerNextConfirm(page: Page, accept: boolean, expected: string): Promise<void> {
  return new Promise((resolve, reject) => {
    page.once('dialog', (dialog) => {
      try {
        expect(dialog.type()).toBe('confirm');
        expect(dialog.message()).toBe(expected);
        resolve();
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      } finally {
        void (accept ? dialog.accept() : dialog.dismiss());
      }
    });
  });
}

export async function choose(scope: Page | Locator, label: string | RegExp, option: string | RegExp) {
  const page = 'page' in scope ? scope.page() : scope;
  await scope.getByLabel(label, { exact: typeof label === 'string' }).click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

export function unique(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/** yyyy-MM-dd, `days` from today in the retreat's time zone. */
export function dayFromToday(days: number): string {
  const now = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Los_Angeles',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/**
 * A far-future day for admin calendar data, beyond what the booking specs use
 * (they stay within ~900 days), so blackouts made here never close their dates.
 */
export function adminCalendarDay(): string {
  return dayFromToday(1200 + Math.floor(Math.random() * 600));
}

/** "December 2026": a calendar's month title. */
function monthTitle(day: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(new Date(`${day}T00:00:00Z`));
}

/** Pages a calendar (its "Next month" button) forward from this month to the month of `day`, waiting for each month's title. */
export async function showMonth(scope: Locator, day: string) {
  const today = dayFromToday(0);
  const steps = (Number(day.slice(0, 4)) - Number(today.slice(0, 4))) * 12 + Number(day.slice(5, 7)) - Number(today.slice(5, 7));
  const title = scope.getByTestId('calendar-month');
  await expect(title).toHaveText(monthTitle(today));
  for (let i = 1; i <= steps; i += 1) {
    const shown = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1 + i, 1)).toISOString().slice(0, 10);
    await scope.getByRole('button', { name: 'Next month' }).click();
    await expect(title).toHaveText(monthTitle(shown));
  }
}

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function cents(value: string): number {
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

export function dollars(amount: number): string {
  return `$${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`;
}

/**
 * `exclude` leaves parts out, such as an email shown in a script-less sandboxed
 * frame: axe cannot run inside one (and it is the mail's markup, not the page's).
 */
export async function expectNoSeriousAxeViolations(page: Page, include?: string, exclude?: string) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  if (exclude) builder = builder.exclude(exclude);
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** Fonts loaded, nothing loading, images decoded: ready for a screenshot. */
export async function settle(page: Page) {
  await page.evaluate(() => document.fonts.ready);
  await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
  await page.evaluate(async () => {
    const pending = Array.from(document.images).filter((img) => !img.complete);
    await Promise.all(
      pending.map(
        (img) =>
          new Promise<void>((resolve) => {
            img.addEventListener('load', () => resolve(), { once: true });
            img.addEventListener('error', () => resolve(), { once: true });
            setTimeout(resolve, 3000);
          }),
      ),
    );
  });
}

/** A full-page picture from the top, without a hover tooltip or focus ring left by the test's clicks. */
export async function screenshot(page: Page, name: string, fullPage = true) {
  await page.mouse.move(0, 0);
  await page.evaluate(() => {
    if (document.activeElement instanceof HTMLElement && !document.activeElement.closest('[role="dialog"]')) document.activeElement.blur();
    window.scrollTo(0, 0);
  });
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage });
}

type Email = { id: string; template: string; to: string };

/** The text part of the newest mail of this template to this address, once it is in the outbox. */
export async function mailText(api: AdminApi, to: string, template: string): Promise<string> {
  let id: string | undefined;
  await expect
    .poll(async () => {
      id = (await api.get<Email[]>('/api/admin/emails')).find((m) => m.to === to && m.template === template)?.id;
      return id;
    })
    .toBeTruthy();
  return (await api.get<{ text: string }>(`/api/admin/emails/${id}`)).text;
}

/** The guest's own link, as their "booking request" mail carries it: /bookings/manage/<token>. */
export async function manageLink(api: AdminApi, email: string): Promise<string> {
  const text = await mailText(api, email, 'booking_requested');
  const token = /\/bookings\/manage\/([A-Za-z0-9._~-]+)/.exec(text)?.[1];
  expect(token, text).toBeTruthy();
  return `/bookings/manage/${token}`;
}
