import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import "./zod-config";

describe("zod without its JIT (issue 13: the CSP has no 'unsafe-eval')", () => {
  // zod-config.ts writes zod's shared settings object without importing zod: this fails if zod stops reading it.
  it("turns the JIT off", () => {
    expect(z.config().jitless).toBe(true);
  });

  // A schema made before the setting keeps the JIT (and its `new Function` probe), so each module the runtime
  // starts from imports the setting before anything else: the browser runs the root route's module graph before
  // the client entry, and the server starts from server/app.ts.
  it.each(["app/root.tsx", "app/entry.client.tsx", "app/entry.server.tsx", "server/app.ts"])(
    "%s imports it first",
    (file) => {
      const firstImport = /^import\s[^;]*;/m.exec(readFileSync(file, "utf8"))?.[0];
      expect(firstImport).toMatch(/^import "(\.|~)\/zod-config";$/);
    },
  );
});
