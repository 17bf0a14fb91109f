import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  AdminApi,
  answerNextConfirm,
  expectNoSeriousAxeViolations,
  expectSuccess,
  openTab,
  screenshot,
  settle,
  unique,
} from './admin-helpers';
import { waitForMail } from './mail-helpers';
import { nextTotp, totp } from './totp';

/*
 * Two-step sign-in (docs/decisions.md §20): a member sets up an authenticator
 * app in Security (the spec computes the app's codes itself, RFC 6238), sees
 * their recovery codes once, and signs in with password + code, or a
 * recovery code (once); passkeys with Chromium's virtual authenticator, with
 * and without a password; the owner's rule holds a member without a second
 * factor to Security. Every test invites members of its own (the mail server,
 * as team.spec.ts); the shared e2e admin's own factors are never touched, and
 * the owner's rule is turned off again whatever happens.
 */

test.use({ baseURL: process.env.E2E_MAIL_BASE_URL, reducedMotion: 'reduce' });

const PASSWORD = 'a long two-step password';
const WRONG_CODE = 'That code is not right. Enter the newest code from your authenticator app, or a recovery code.';
const RESET_TWO_STEP =
  'Reset this member’s two-step sign-in? Their passkeys, authenticator app and recovery codes stop working and they are signed out everywhere.';
const ENROL_NOTICE = 'The owner asks every member to sign in with a second step. Add a passkey or an authenticator app to continue.';

type Member = { email: string; name: string; token: string };

/** The path and fragment of the first link to `path` in a mail's text. */
function linkIn(text: string, path: string): string {
  const link = text.split(/\s+/).find((word) => word.includes(path) && word.includes('#'));
  expect(link, text).toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname}${url.hash}`;
}

/** Invited by the e2e admin, joined through the mailed link's secret: a member with a password and no second factor. */
async function joinTeam(request: APIRequestContext, role: 'staff' | 'owner', first: string): Promise<Member> {
  const run = unique();
  const email = `${first.toLowerCase()}.${run}@example.test`;
  const name = `${first} Two-Step ${run}`;
  const owner = await AdminApi.create(request);
  await owner.post('/api/admin/team/invitations', { email, name, role });
  const invitation = await waitForMail(email, /^Your invitation to the Golden Pine team$/);
  const secret = linkIn(invitation.text, '/admin/join').split('#')[1];
  const joined = await request.post('/api/admin/invitation/accept', { data: { token: secret, password: PASSWORD } });
  expect(joined.status(), await joined.text()).toBe(200);
  return { email, name, token: ((await joined.json()) as { token: string }).token };
}

async function newPage(browser: Browser, width: number, baseURL = process.env.E2E_MAIL_BASE_URL): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height: width < 800 ? 844 : 900 },
    reducedMotion: 'reduce',
    timezoneId: 'America/Los_Angeles',
  });
  return context.newPage();
}

async function enterPassword(page: Page, email: string) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

async function expectDashboard(page: Page, member: Member) {
  await expect(page.getByRole('heading', { level: 1, name: `Welcome back, ${member.name}` })).toBeVisible();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Administrator Login' })).toBeVisible();
}

async function expectSecondStep(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Two-step sign-in' })).toBeVisible();
  return page.getByRole('form', { name: 'Second step' });
}

/** Sets up the authenticator app from Security; answers the recovery codes shown (once). */
async function setUpAuthenticator(page: Page, shot?: string): Promise<{ secret: string; codes: string[] }> {
  const security = await openTab(page, 'Security');
  const app = security.getByRole('region', { name: 'Authenticator app' });
  await app.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(app.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const shown = await app.getByTestId('authenticator-secret').innerText();
  expect(shown).toMatch(/^([A-Z2-7]{4} )*[A-Z2-7]{1,4}$/);
  const secret = shown.replace(/\s+/g, '');
  if (shot) {
    await settle(page);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, shot);
  }
  // A wrong code is refused in the form; the member stays signed in.
  const code = app.getByLabel('Code from the app');
  await code.fill(totp(secret) === '123456' ? '654321' : '123456');
  await app.getByRole('button', { name: 'Confirm' }).click();
  await expect(app.getByRole('alert')).toBeVisible();
  await code.fill(totp(secret));
  await app.getByRole('button', { name: 'Confirm' }).click();
  await expectSuccess(page, 'Your authenticator app is set up');
  const panel = security.getByRole('region', { name: 'Recovery codes' });
  await expect(panel.getByRole('listitem')).toHaveCount(10);
  await expect(panel).toContainText('Keep these somewhere safe. Each works once, in place of a code or passkey.');
  await expect(panel.getByRole('button', { name: 'Copy' })).toBeVisible();
  const codes = await panel.getByRole('listitem').allInnerTexts();
  expect(new Set(codes).size).toBe(10);
  await expectNoSeriousAxeViolations(page);
  await panel.getByRole('button', { name: 'Done' }).click();
  await expect(panel).toHaveCount(0);
  await expect(app.getByRole('button', { name: 'Remove authenticator app' })).toBeVisible();
  await expect(security.getByText('10 recovery codes left')).toBeVisible();
  return { secret, codes };
}

for (const width of [390, 1440]) {
  test(`at ${width} px a member sets up an authenticator app, then signs in with password + code, or a recovery code once; axe`, async ({
    page,
    request,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
    const member = await joinTeam(request, 'staff', 'Juniper');
    await enterPassword(page, member.email);
    await expectDashboard(page, member);
    const { secret, codes } = await setUpAuthenticator(page, `two-factor-security-qr-${width}`);
    await logOut(page);

    // Password, then the second step: a wrong code says so; the app's next code signs in.
    await enterPassword(page, member.email);
    const step = await expectSecondStep(page);
    const code = step.getByLabel('Code');
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(step).toContainText('The 6-digit code from your authenticator app, or a recovery code.');
    await expect(page.getByRole('button', { name: 'Use your passkey' })).toHaveCount(0);
    await settle(page);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `two-factor-step-${width}`);
    await code.fill(totp(secret) === '000000' ? '999999' : '000000');
    await step.getByRole('button', { name: 'Verify' }).click();
    await expect(step.getByRole('alert')).toHaveText(WRONG_CODE);
    await code.fill(nextTotp(secret));
    await step.getByRole('button', { name: 'Verify' }).click();
    await expectDashboard(page, member);
    await logOut(page);

    // A recovery code works once.
    const recovery = codes[0]!;
    await enterPassword(page, member.email);
    await (await expectSecondStep(page)).getByLabel('Code').fill(recovery);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectDashboard(page, member);
    const security = await openTab(page, 'Security');
    await expect(security.getByText('9 recovery codes left')).toBeVisible();
    await logOut(page);
    await enterPassword(page, member.email);
    const again = await expectSecondStep(page);
    await again.getByLabel('Code').fill(recovery);
    await again.getByRole('button', { name: 'Verify' }).click();
    await expect(again.getByRole('alert')).toHaveText(WRONG_CODE);
    await expect(page.getByRole('heading', { level: 1, name: 'Two-step sign-in' })).toBeVisible();

    // Five wrong codes end the step (the reused recovery code was the
    // first): the password form comes back with the reason.
    for (let wrong = 0; wrong < 4; wrong += 1) {
      await again.getByLabel('Code').fill(totp(secret) === '000000' ? '999999' : '000000');
      await again.getByRole('button', { name: 'Verify' }).click();
      await expect(again.getByRole('alert')).toHaveText(WRONG_CODE);
      await expect(again.getByLabel('Code')).toBeEnabled();
    }
    await again.getByLabel('Code').fill(codes[1]!);
    await again.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Administrator Login' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'This sign-in has expired. Please enter your password again.' })).toBeVisible();
    await expect(page.getByLabel('Password')).toHaveValue('');
    // A sign-in that ends well clears the failures this test counted against the shared address.
    await enterPassword(page, member.email);
    await (await expectSecondStep(page)).getByLabel('Code').fill(codes[1]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectDashboard(page, member);
  });
}

for (const width of [390, 1440]) {
  test(`at ${width} px passkeys with a virtual authenticator: added in Security, then sign-in without a password and as the second step; axe`, async ({
    page,
    request,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
    const member = await joinTeam(request, 'staff', 'Aspen');
    // WebAuthn ties a passkey to a domain name: the server's relying party is `localhost`, never 127.0.0.1.
    const origin = new URL(process.env.E2E_MAIL_BASE_URL!);
    origin.hostname = 'localhost';
    const at = (path: string) => new URL(path, origin).toString();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    await page.goto(at('/admin/login'));
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectDashboard(page, member);
    const security = await openTab(page, 'Security');
    const passkeys = security.getByRole('region', { name: 'Passkeys' });
    await expect(passkeys.getByText('No passkeys yet.')).toBeVisible();
    await expect(passkeys.getByLabel('Passkey name')).toHaveAttribute('placeholder', 'MacBook Touch ID');
    await passkeys.getByLabel('Passkey name').fill('Virtual Touch ID');
    await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
    await expectSuccess(page, 'Virtual Touch ID now signs you in');
    // The first factor brings the recovery codes.
    const codes = security.getByRole('region', { name: 'Recovery codes' });
    await expect(codes.getByRole('listitem')).toHaveCount(10);
    await codes.getByRole('button', { name: 'Done' }).click();
    const list = passkeys.getByRole('list', { name: 'Your passkeys' });
    await expect(list.getByTestId('passkey')).toHaveCount(1);
    await expect(list.getByTestId('passkey')).toContainText('Virtual Touch ID');
    await expect(list.getByTestId('passkey')).toContainText('not used yet');
    await settle(page);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `two-factor-passkeys-${width}`);
    await logOut(page);

    // A closed passkey prompt is no failure: a calm word, and the form stays.
    await page.evaluate(() => {
      const real = navigator.credentials.get.bind(navigator.credentials);
      navigator.credentials.get = () => {
        navigator.credentials.get = real;
        return Promise.reject(new DOMException('The operation was cancelled', 'NotAllowedError'));
      };
    });
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'No passkey was used' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeEnabled();

    // Without a password: the browser offers the passkey itself.
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expectDashboard(page, member);
    await expect((await openTab(page, 'Security')).getByTestId('passkey')).toContainText('last used');
    await logOut(page);

    // As the second step after the password.
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectSecondStep(page);
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: 'Use your passkey' }).click();
    await expectDashboard(page, member);

    // Removing it asks first.
    const mine = (await openTab(page, 'Security')).getByRole('region', { name: 'Passkeys' });
    const asked = answerNextConfirm(page, true, 'Are you sure you want to remove this passkey? It will no longer sign you in.');
    await mine.getByRole('button', { name: 'Remove Virtual Touch ID' }).click();
    await asked;
    await expectSuccess(page, 'Virtual Touch ID no longer signs you in');
    await expect(mine.getByText('No passkeys yet.')).toBeVisible();
  });
}

test('the owner requires a second step: refused until they have one; a member without one sees only Security until they add one; the owner resets a lost factor; axe at 390 px', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  // A separate owner: the shared e2e admin must never get a factor (other specs sign in with its password alone).
  const owner = await joinTeam(request, 'owner', 'Rowan');
  const staff = await joinTeam(request, 'staff', 'Sorrel');
  const ownerApi = new AdminApi(request, owner.token);
  try {
    await page.goto('/admin/login');
    await page.evaluate((token) => localStorage.setItem('adminToken', token), owner.token);
    await page.evaluate((admin) => localStorage.setItem('adminUser', JSON.stringify(admin)), await ownerApi.get('/api/admin/me'));
    await page.goto('/admin/dashboard');
    await expectDashboard(page, owner);
    const team = await openTab(page, 'Team');
    const rule = team.getByRole('checkbox', { name: 'Require a second step for every member' });
    await expect(rule).not.toBeChecked();
    await rule.click();
    await expect(team.getByRole('alert')).toHaveText('Set up your own second factor before requiring one of everyone.');
    await expect(rule).not.toBeChecked();

    // With an authenticator app of their own, the rule takes.
    const setup = await ownerApi.post<{ secret: string }>('/api/admin/two-factor/authenticator', {});
    await ownerApi.post('/api/admin/two-factor/authenticator/confirm', { code: totp(setup.secret) }, 200);
    await rule.click();
    await expectSuccess(page, 'Every member now signs in with a second step');
    await expect(rule).toBeChecked();
    await expect(team.getByRole('alert')).toHaveCount(0);

    // The member without a second factor: only Security, and why.
    const member = await newPage(browser, 390);
    await enterPassword(member, staff.email);
    await expectDashboard(member, staff);
    await expect(member.getByRole('status').filter({ hasText: ENROL_NOTICE })).toBeVisible();
    const tabs = member.getByRole('tablist', { name: 'Dashboard sections' });
    await expect(tabs.getByRole('tab')).toHaveCount(1);
    await expect(tabs.getByRole('tab', { name: 'Security', exact: true })).toHaveAttribute('aria-selected', 'true');
    const security = member.getByRole('tabpanel', { name: 'Security' });
    await expect(security.getByText('The owner requires a second step for every member.')).toBeVisible();
    await expect(security.getByRole('list', { name: 'Signed-in devices' })).toHaveCount(0);
    await settle(member);
    await expectNoSeriousAxeViolations(member);
    await screenshot(member, 'two-factor-must-enrol-390');

    // Once they add one, the rest of the dashboard comes back.
    await setUpAuthenticator(member);
    await expect(member.getByRole('status').filter({ hasText: ENROL_NOTICE })).toHaveCount(0);
    await expect(tabs.getByRole('tab', { name: 'Orders', exact: true })).toBeVisible();
    await expect(security.getByRole('list', { name: 'Signed-in devices' })).toBeVisible();

    // The owner lifts the rule from the same switch.
    await rule.click();
    await expectSuccess(page, 'A second step is now up to each member');
    await expect(rule).not.toBeChecked();

    // A member who lost their phone and codes: the owner resets their two-step
    // sign-in from Team; they are signed out and their password alone signs in.
    await page.reload();
    const row = (await openTab(page, 'Team')).getByTestId('team-member').filter({ hasText: staff.email });
    await expect(row.getByText('Two-step', { exact: true })).toBeVisible();
    const confirmed = answerNextConfirm(page, true, RESET_TWO_STEP);
    await row.getByRole('button', { name: `Reset two-step sign-in of ${staff.name}` }).click();
    await confirmed;
    await expectSuccess(page, `${staff.name}’s two-step sign-in is reset; they are signed out`);
    await expect(row.getByText('Two-step', { exact: true })).toHaveCount(0);
    await member.reload();
    await expect(member.getByRole('heading', { level: 1, name: 'Administrator Login' })).toBeVisible();
    await enterPassword(member, staff.email);
    await expectDashboard(member, staff);
    await member.context().close();
  } finally {
    // Other specs share this server: the rule never outlives this test.
    await ownerApi.put('/api/admin/two-factor/policy', { required: false });
  }
});
