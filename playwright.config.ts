import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, defineConfig, devices } from "@playwright/test";
import { prepareE2eContent } from "./tests/setup/e2e-content";

/**
 * End-to-end tests drive Chromium against the production build, twice: JavaScript on and off (see NO_FORM_SPECS).
 * The browser: CHROMIUM_PATH, else Debian's /usr/bin/chromium, else Playwright's own download.
 * The server runs on PGlite in a fresh data dir; with E2E_DATABASE_URL on that Postgres database instead, as
 * E2E_WEB_CONCURRENCY processes (CI runs the purchase specs so against 2).
 */
function chromiumExecutable(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium"].filter(Boolean) as string[];
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (found) return found;
  const bundled = (() => {
    try {
      return chromium.executablePath();
    } catch {
      return undefined;
    }
  })();
  if (bundled && fs.existsSync(bundled)) return undefined;
  throw new Error(
    "No Chromium found for the end-to-end tests. Install Debian's: `apt-get install -y chromium` " +
      "(then it is /usr/bin/chromium), or point CHROMIUM_PATH at a Chromium binary.",
  );
}

const PORT = Number(process.env.E2E_PORT ?? 3107);
const baseURL = `http://127.0.0.1:${PORT}`;

// The config is evaluated in the runner and in every worker: prepare the server's data once, in the runner.
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "lenslane-e2e-"));
  process.env.E2E_CONTENT_DIR = prepareE2eContent(path.join(process.env.E2E_DATA_DIR, "content"));
}

/**
 * Specs with no form to exercise run once, without JavaScript (the pages as the server sends them): the footer, the
 * not-found page, the redirects and the sitemap; and the simulator's own spec, whose pages exam.spec.ts takes with
 * JavaScript on and off. Everything else runs in both projects.
 */
const NO_FORM_SPECS = [
  "**/footer.spec.ts",
  "**/not-found.spec.ts",
  "**/redirects.spec.ts",
  "**/sitemap.spec.ts",
  "**/exam-provider.spec.ts",
];

/** Specs of what exists only with JavaScript (the QA helper button): they run in the js project only. */
const JS_ONLY_SPECS = ["**/qa-button.spec.ts"];

const executablePath = chromiumExecutable();
const launchOptions = {
  executablePath,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

/** The production server on its own data: `node server.js` (the smoke config starts it with its runner's Node). */
export const webServer = {
  command: "node server.js",
  url: `${baseURL}/healthcheck`,
  timeout: 180_000,
  reuseExistingServer: false,
  stdout: "ignore" as const,
  stderr: "pipe" as const,
  env: {
    PORT: String(PORT),
    HOST: "127.0.0.1",
    DATA_DIR: process.env.E2E_DATA_DIR,
    CONTENT_DIR: process.env.E2E_CONTENT_DIR ?? "./content",
    SITE_URL: baseURL,
    LOG_LEVEL: "warn",
    // The tests' seeded starting states (tests/e2e/seed.ts).
    E2E_FIXTURES: "true",
    // Each test's browser says it is its own client (X-Forwarded-For, tests/e2e/fixtures.ts), as one proxy hop would:
    // the per-address limits (uploads, sign-in) then count per shopper, not per whole run.
    TRUST_PROXY: "1",
    // The reader's threads keep normal priority: on a test machine they share the cores with the browsers, which
    // would otherwise push a reading past its 30 s (decision 0050).
    BACKGROUND_NICE: "0",
    ...(process.env.E2E_DATABASE_URL
      ? { DATABASE_URL: process.env.E2E_DATABASE_URL, WEB_CONCURRENCY: process.env.E2E_WEB_CONCURRENCY ?? "1" }
      : {}),
  },
};

export default defineConfig({
  testDir: "./tests/e2e",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  // No trace unless asked (E2E_TRACE=1 keeps a failed test's): recording one for every test, to keep the failed
  // ones', cost a quarter of the run (139 → 104 s on checkout, sign-in and cart-money); a failure is read again with
  // `E2E_TRACE=1 npx playwright test <spec>`.
  use: { baseURL, trace: process.env.E2E_TRACE ? "retain-on-failure" : "off", launchOptions },
  projects: [
    {
      name: "js",
      testIgnore: NO_FORM_SPECS,
      use: { ...devices["Desktop Chrome"], javaScriptEnabled: true, launchOptions },
    },
    {
      name: "no-js",
      testIgnore: JS_ONLY_SPECS,
      use: { ...devices["Desktop Chrome"], javaScriptEnabled: false, launchOptions },
    },
  ],
  webServer,
});
