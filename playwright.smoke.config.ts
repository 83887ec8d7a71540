import { defineConfig } from "@playwright/test";
import base, { webServer } from "./playwright.config";

/**
 * One smoke pass of the server (tests/smoke/): the production build started by the runner's own Node (CI runs this
 * under Node 24 LTS, .ci/node24.sh smoke), one page and one order, without JavaScript: plain HTML forms, so every
 * step is the server's work.
 */
const noJs = base.projects!.find((project) => project.name === "no-js")!;

export default defineConfig({
  ...base,
  testDir: "./tests/smoke",
  projects: [{ ...noJs, testIgnore: undefined }],
  webServer: { ...webServer, command: `"${process.execPath}" server.js` },
});
