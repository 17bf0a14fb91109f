import { expect, test, type Browser, type Page } from '@playwright/test';
import { AdminApi, expectNoSeriousAxeViolations, expectSuccess, openDashboard, openTab, screenshot, settle, unique } from './admin-helpers';
import { waitForMail } from './mail-helpers';

/*
 * Issue 24, the owner's team: the owner invites someone from the Team tab;
 * the invitation mail, read as it arrived over SMTP (aiosmtpd, a Maildir:
 * mail-helpers.ts), carries the link that sets their password; staff see only
 * their tabs; deactivating them ends their session. A member's Security tab
 * lists their devices and signs the others out; "Forgot password?" mails a
 * single-use link that sets a new one. Runs on the server whose mail reaches
 * a real SMTP server (E2E_MAIL_BASE_URL); every run invites people of its own
 * (the shared e2e admin's password and devices are never touched).
 */

test.use({ baseURL: process.env.E2E_MAIL_BASE_URL, reducedMotion: 'reduce' });

const PASSWORD = 'a long team password';
const STAFF_TABS = ['Orders', 'Calendar', 'Bookings', 'Waitlist', 'Intake forms', 'Messages', 'Security'];
const OWNER_ONLY_TABS = [
  'Products',
  'Services',
  'Blog',
  'Promo codes',
  'Gift cards',
  'Ratings',
  'Emails',
  'Activity',
  'Team',
  'Guest data',
];

/** The path and fragment of the first link to `path` in a mail's text (the mail names the public address). */
function linkIn(text: string, path: string): string {
  const link = text.split(/\s+/).find((word) => word.includes(path) && word.includes('#'));
  expect(link, text).toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname}${url.hash}`;
}

async function newPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({
    baseURL: process.env.E2E_MAIL_BASE_URL,
    viewport: { width, height: width < 800 ? 844 : 900 },
    reducedMotion: 'reduce',
    timezoneId: 'America/Los_Angeles',
  });
  return context.newPage();
}

async function choosePassword(page: Page, form: string, submit: string) {
  const fields = page.getByRole('form', { name: form });
  await fields.getByLabel('New password').fill(PASSWORD);
  await fields.getByLabel('Repeat the password').fill(PASSWORD);
  await fields.getByRole('button', { name: submit }).click();
}

for (const width of [390, 1440]) {
  test(`at ${width} px the owner invites staff by mail; the link sets their password; staff see their tabs only; deactivation signs them out; axe`, async ({
    page,
    request,
    browser,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
    const run = unique();
    const email = `fern.${run}@example.test`;
    const name = `Fern Alder ${run}`;

    // (a) The owner invites from the Team tab.
    await openDashboard(page, request);
    const team = await openTab(page, 'Team');
    await team.getByRole('button', { name: 'Invite' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite to the Team' });
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Name').fill(name);
    await expect(dialog.getByRole('radio', { name: 'Staff' })).toBeChecked();
    await expectNoSeriousAxeViolations(page, '[role="dialog"]');
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await expectSuccess(page, `Invitation sent to ${email}`);
    const invitations = team.getByRole('list', { name: 'Open invitations' });
    await expect(invitations.getByText(email)).toBeVisible();
    await settle(page);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `team-tab-${width}`);

    // (b) The invitation arrives by mail; its link opens the join page in the invited person's own browser.
    const mail = await waitForMail(email, /^Your invitation to the Golden Pine team$/);
    expect(mail.text).toContain('as staff');
    const joinPath = linkIn(mail.text, '/admin/join');
    const staff = await newPage(browser, width);
    await staff.goto(joinPath);
    await expect(staff.getByRole('heading', { level: 1, name: 'Join the Team' })).toBeVisible();
    await expect(staff.getByText(email)).toBeVisible();
    await expectNoSeriousAxeViolations(staff);
    await screenshot(staff, `team-join-${width}`);
    // A short password is refused before anything is sent.
    const join = staff.getByRole('form', { name: 'Join the team' });
    await join.getByLabel('New password').fill('short');
    await join.getByLabel('Repeat the password').fill('short');
    await join.getByRole('button', { name: 'Join the Team' }).click();
    await expect(join.getByText('Password must be at least 12 characters')).toBeVisible();
    await choosePassword(staff, 'Join the team', 'Join the Team');
    await expect(staff.getByRole('heading', { level: 1, name: `Welcome back, ${name}` })).toBeVisible();

    // (c) Staff see the day's tabs only.
    const tabs = staff.getByRole('tablist', { name: 'Dashboard sections' });
    for (const tab of STAFF_TABS) await expect(tabs.getByRole('tab', { name: tab, exact: true })).toBeVisible();
    for (const tab of OWNER_ONLY_TABS) await expect(tabs.getByRole('tab', { name: tab, exact: true })).toHaveCount(0);
    await expect(tabs.getByRole('tab', { name: 'Orders', exact: true })).toHaveAttribute('aria-selected', 'true');
    const orders = staff.getByRole('tabpanel', { name: 'Orders' });
    await expect(orders.getByRole('button', { name: /Export/ })).toHaveCount(0);
    await settle(staff);
    await expectNoSeriousAxeViolations(staff);
    await screenshot(staff, `team-staff-dashboard-${width}`);
    // Their link is spent: opening it again says so.
    const again = await newPage(browser, width);
    await again.goto(joinPath);
    await expect(again.getByRole('alert')).toContainText('expired or has already been used');
    await again.context().close();

    // (d) The owner sees them on the team, the invitation gone, and deactivates them: their session ends at once.
    await page.reload();
    await expect(page.getByRole('tabpanel', { name: 'Team' }).getByTestId('team-member').first()).toBeVisible();
    await expect(page.getByText(email, { exact: true })).toHaveCount(1);
    const member = page.getByRole('tabpanel', { name: 'Team' }).getByTestId('team-member').filter({ hasText: email });
    await expect(member).toContainText('Staff');
    await member.getByRole('button', { name: 'Deactivate' }).click();
    await expectSuccess(page, `${name} is now deactivated`);
    await expect(member).toContainText('Deactivated');
    // Their next call is refused, and the dashboard sends them to the login screen.
    await staff.getByRole('tab', { name: 'Bookings', exact: true }).click();
    await expect(staff.getByRole('heading', { level: 1, name: 'Administrator Login' })).toBeVisible();
    await expect(staff.getByTestId('toast-viewport').getByText('Session ended', { exact: true })).toBeVisible();
    await staff.context().close();
  });
}

test('a member signs their other devices out and sets a new password through the mailed link; axe at 390 px', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  const run = unique();
  const email = `moss.${run}@example.test`;
  const owner = await AdminApi.create(request);
  await owner.post('/api/admin/team/invitations', { email, name: `Moss Reed ${run}`, role: 'staff' });
  const invitation = await waitForMail(email, /^Your invitation to the Golden Pine team$/);
  const secret = linkIn(invitation.text, '/admin/join').split('#')[1];
  const joined = await request.post('/api/admin/invitation/accept', { data: { token: secret, password: PASSWORD } });
  expect(joined.status(), await joined.text()).toBe(200);
  const otherDevice = ((await joined.json()) as { token: string }).token;

  // (a) Signed in on this phone through the login screen; the Security tab lists both devices.
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Welcome back, Moss Reed ${run}` })).toBeVisible();
  const security = await openTab(page, 'Security');
  const devices = security.getByTestId('signed-in-device');
  await expect(devices).toHaveCount(2);
  await expect(devices.filter({ hasText: 'This device' })).toHaveCount(1);
  await settle(page);
  await expectNoSeriousAxeViolations(page);
  await screenshot(page, 'team-security-390');
  await security.getByRole('button', { name: 'Sign out all other devices' }).click();
  await expectSuccess(page, 'One other device is signed out');
  await expect(devices).toHaveCount(1);
  const refused = await request.get('/api/admin/me', { headers: { Authorization: `Bearer ${otherDevice}` } });
  expect(refused.status()).toBe(401);

  // (b) "Forgot password?" from the login page of another browser.
  const other = await newPage(browser, 390);
  await other.goto('/admin/login');
  await other.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(other.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible();
  await other.getByLabel('Email').fill(email);
  await other.getByRole('button', { name: 'Email me a link' }).click();
  await expect(other.getByRole('status')).toContainText('If an account uses this address');
  await expectNoSeriousAxeViolations(other);
  const reset = await waitForMail(email, /^Set a new password for Golden Pine$/);
  await other.goto(linkIn(reset.text, '/admin/reset-password'));
  await expect(other.getByRole('heading', { level: 1, name: 'New Password' })).toBeVisible();
  await expectNoSeriousAxeViolations(other);
  await screenshot(other, 'team-reset-390');
  const fresh = `${PASSWORD} renewed`;
  const form = other.getByRole('form', { name: 'Set a new password' });
  await form.getByLabel('New password').fill(fresh);
  await form.getByLabel('Repeat the password').fill(fresh);
  await form.getByRole('button', { name: 'Set Password' }).click();
  await expect(other.getByText('Your new password is set.')).toBeVisible();

  // (c) Every device was signed out: this phone is sent to the login screen; the new password works.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Administrator Login' })).toBeVisible();
  await other.getByRole('link', { name: 'Log in' }).click();
  await other.getByLabel('Email').fill(email);
  await other.getByLabel('Password').fill(fresh);
  await other.getByRole('button', { name: 'Login' }).click();
  await expect(other.getByRole('heading', { level: 1, name: `Welcome back, Moss Reed ${run}` })).toBeVisible();
  await other.context().close();
});
