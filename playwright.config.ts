import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { activeCampaignStandInUrl } from './e2e/stand-ins';
import { slowdown } from './e2e/timing';

// The portal is started exactly the README's way (`npm start`), after the demo data is seeded into its own data dir.
const port = Number(process.env.E2E_PORT ?? 4310);
const baseURL = `http://127.0.0.1:${port}`;

// Specs whose outcome does not depend on the database: what they assert is the client's own behaviour (axe and 320 px
// reflow on every route, focus, keyboard, clipped labels, the guards' dialogs, the stored login target, offline and
// chunk errors). The API answers they read are the same on both databases, and the server tests check those answers
// on each. .ci/run's PostgreSQL pass (`npm test -- --database-only`, E2E_DATABASE_ONLY=1) leaves them out, as it leaves
// out the client's component tests; the PGlite pass and `npm test` run them. Three of them write on the way (focus
// registers a KiTa, keyboard-issue19 cancels a booking, staff-phone-keyboard books one) but assert only where focus
// goes and what fits at 320/390 px; those writes are asserted on PostgreSQL by the server tests and the kitas and
// programme specs. A spec that asserts a booking, an enrolment, a saved form or an export stays out of this list.
const clientOnlySpecs = [
  'all-routes.spec.ts',
  'admin-list-columns.spec.ts',
  'clipped-labels.spec.ts',
  // the staff pages' dialogs opened and closed by keyboard: nothing saved
  'dialogs-keyboard.spec.ts',
  // the template editor, the jury's points and the KiTa-Jahr switch by keyboard: nothing saved
  'documentation-keyboard.spec.ts',
  // 504, 511 and 500 answers made by the test; the JSON 404 of an unknown /api path reads no table
  'errors.spec.ts',
  'focus.spec.ts',
  'guards.spec.ts',
  'keyboard.spec.ts',
  'keyboard-issue19.spec.ts',
  'list-slow-server.spec.ts',
  'login-target.spec.ts',
  'offline.spec.ts',
  'shell-guards.spec.ts',
  'staff-phone-keyboard.spec.ts',
  'table-scrollbars.spec.ts',
  'tables-reflow.spec.ts',
];

// Specs whose writes and reads the PostgreSQL pass's server tests assert on PostgreSQL answer by answer, where the
// browser adds only the client's side (which the first pass checks): accounts (registration, activation, reset,
// e-mail change, export, deletion, TOTP: server/modules/accounts, auth, users), the admin's KiTa list, its exports and
// the season's enrolment switch (admin-facilities, seasons; the exports' cells read back by LibreOffice in the first
// pass), the admin home's work list (admin-home), the jury's access (the permission matrix, access.test.ts), the
// season report's numbers and XLSX (season-report; its charts and print layout are the client's), an admin editing a
// form (documentation), the login session and the ping (auth, session). The PostgreSQL pass keeps one spec per
// writing capability, started the README's way on PostgreSQL: a KiTa's registration, master data, staff and
// enrolment (kitas), the booking with its waiting list, mails and exports (programme), the documentation's autosave
// and submission, the legacy import, the e-mail lists, the ActiveCampaign sync, the team workshop, certificates and
// the season's end (decision 0042).
const serverCoveredSpecs = [
  'accounts.spec.ts',
  'admin.spec.ts',
  'admin-home.spec.ts',
  'documentation-admin-edit.spec.ts',
  'jury.spec.ts',
  'ping.spec.ts',
  'season-report.spec.ts',
  'session.spec.ts',
];

export default defineConfig({
  testDir: './e2e',
  testIgnore: process.env.E2E_DATABASE_ONLY ? [...clientOnlySpecs, ...serverCoveredSpecs].map((f) => `**/${f}`) : undefined,
  fullyParallel: false,
  // most of an e2e test is waiting (the network, a notification's countdown, CPU throttling), not CPU: in CI, with the
  // machine to itself, a third worker cuts the suite's time (2 workers: 2,140 s of tests in 18.6 min on 2 cores)
  workers: process.env.CI ? 3 : 2,
  // the retry only tells a flaky test from a broken one: either fails the run (the developers' guide), and
  // scripts/test.mjs names it at the end
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: !!process.env.CI,
  // generous, and in CI twice that (e2e/timing.ts): a loaded shared runner runs every step about twice as slow as an
  // idle machine; a passing test is no slower
  timeout: 60_000 * slowdown,
  expect: { timeout: 15_000 * slowdown },
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json']],
  use: {
    baseURL,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    viewport: { width: 1366, height: 768 },
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's /usr/bin/chromium without the omnibox's WebUI renderer each browser context started (e2e/chromium.sh)
      executablePath: fileURLToPath(new URL('./e2e/chromium.sh', import.meta.url)),
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 768 } } }],
  webServer: {
    command: 'npm run seed:demo && npm start',
    url: `${baseURL}/api/loginstatus`,
    timeout: 240_000,
    reuseExistingServer: !process.env.CI && !!process.env.E2E_REUSE,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR ?? 'data/e2e',
      ADMIN_TOTP: 'optional',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      ADMIN_EMAIL: 'admin@demo.example',
      ADMIN_PASSWORD: process.env.DEMO_PASSWORD ?? 'Demo-Passwort-2026',
      SUPPORT_EMAIL: 'kontakt@kita-portal.example',
      SUPPORT_PHONE: '0911 123456-0',
      // the ActiveCampaign stand-in of active-campaign.spec.ts (no key: the demo starts unconnected)
      ACTIVECAMPAIGN_URL: activeCampaignStandInUrl,
    },
  },
});
