import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

// server.js in production never builds: without a build it stops with a message, before reading anything else.

describe("npm start in production", () => {
  it("refuses to start without a build, and says to run the build step", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lenslane-start-"));
    try {
      fs.copyFileSync("server.js", path.join(dir, "server.js"));
      fs.copyFileSync("package.json", path.join(dir, "package.json"));
      const result = spawnSync(process.execPath, ["server.js"], {
        cwd: dir,
        env: { PATH: process.env.PATH, APP_ENV: "production" },
        encoding: "utf8",
        timeout: 20_000,
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain("No build at build/server/index.js");
      expect(result.stderr).toContain("npm run build");
      // Nothing was built.
      expect(fs.existsSync(path.join(dir, "build"))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
