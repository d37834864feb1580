// End-to-end tests: the built server (out/main/server.js) with a fresh data directory, driven through
// Debian's Chromium. test/e2e/global-setup.ts starts the server and sets QUIRE_E2E_URL.
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'test/e2e',
  globalSetup: './test/e2e/global-setup.ts',
  workers: 1,
  // One retry in CI: a spec that fails twice still fails the run. Added when the pages spec failed
  // once in a full CI run (the page was on the notifications list after pressing c) and passed on
  // its own; the cause is being looked for (see the stop note).
  retries: process.env.CI ? 1 : 0,
  fullyParallel: false,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  outputDir: 'test-results',
  use: {
    baseURL: process.env.QUIRE_E2E_URL,
    headless: true,
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
    screenshot: 'only-on-failure',
  },
  projects: [
    // The installer runs once, in the browser, before everything that needs the admin account.
    { name: 'install', testMatch: /installer\.setup\.ts$/ },
    { name: 'chromium', testMatch: /\.spec\.ts$/, dependencies: ['install'] },
  ],
});
