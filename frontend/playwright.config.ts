import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

/*
 * End-to-end tests run against the real server (Rust binary on a fresh
 * PostgreSQL database with the demo data), started by ../scripts/e2e-server.sh.
 * Set E2E_BASE_URL to test a server that is already running instead.
 */
const port = process.env.E2E_PORT ?? '18080';
const externalServer = Boolean(process.env.E2E_BASE_URL);
const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${port}`;
// The payment tests' server: cards charged through localstripe (../scripts/e2e-payments-server.sh).
const paymentsPort = process.env.E2E_PAYMENTS_PORT ?? '18081';
const stripePort = process.env.E2E_STRIPE_PORT ?? '18091';
const paymentsURL = process.env.E2E_PAYMENTS_BASE_URL ?? `http://127.0.0.1:${paymentsPort}`;
// The one server whose mail reaches a real SMTP server (the payments server): specs that read mail use it.
process.env.E2E_MAIL_BASE_URL ??= paymentsURL;
process.env.E2E_STRIPE_URL ??= `http://127.0.0.1:${stripePort}`;
// Where the payments server's real SMTP server (aiosmtpd) keeps the mail it receives.
process.env.E2E_MAILDIR ??= fileURLToPath(new URL('../target/e2e-maildir', import.meta.url));

// Test-only credentials for the throwaway database the script creates.
process.env.E2E_ADMIN_EMAIL ??= 'e2e-admin@goldenpine.test';
process.env.E2E_ADMIN_PASSWORD ??= 'e2e-only-Pinecone-7319';

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/artifacts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    timezoneId: 'America/Los_Angeles',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: /payments.*\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
    {
      name: 'payments',
      testMatch: /payments.*\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, baseURL: paymentsURL },
    },
  ],
  // Started one after the other: the first builds what the second runs.
  webServer: externalServer
    ? undefined
    : [
        {
          command: 'bash ../scripts/e2e-server.sh',
          url: `${baseURL}/api/services`,
          timeout: 15 * 60_000,
          reuseExistingServer: false,
          stdout: 'pipe',
          stderr: 'pipe',
          env: {
            E2E_PORT: port,
            E2E_ADMIN_EMAIL: process.env.E2E_ADMIN_EMAIL,
            E2E_ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
          },
        },
        {
          command: 'bash ../scripts/e2e-payments-server.sh',
          url: `${paymentsURL}/api/payments/config`,
          timeout: 5 * 60_000,
          reuseExistingServer: false,
          stdout: 'pipe',
          stderr: 'pipe',
          env: {
            E2E_PAYMENTS_PORT: paymentsPort,
            E2E_STRIPE_PORT: stripePort,
            E2E_MAILDIR: process.env.E2E_MAILDIR,
            E2E_SMTP_PORT: process.env.E2E_SMTP_PORT ?? '18025',
            E2E_ADMIN_EMAIL: process.env.E2E_ADMIN_EMAIL,
            E2E_ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
          },
        },
      ],
});
