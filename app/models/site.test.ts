import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SITE } from "./site";

describe("the store's phone number", () => {
  it("is the spec's ordering number (spec 2: 'Footer phone for ordering'), and its tel: link dials it", () => {
    expect(SITE.phoneDisplay).toBe("1-800-266-8228");
    expect(SITE.phoneHref).toBe("tel:+18002668228");
    expect(SITE.phoneHref).toBe(`tel:+${SITE.phoneDisplay.replace(/-/g, "")}`);
  });

  /** Other organisations' numbers the content may give. */
  const OTHERS = new Set(["1-877-696-6775" /* HHS Office for Civil Rights, in the privacy notice */]);

  it("is the only toll-free number of ours the content gives (pages, home, slots)", () => {
    const root = path.resolve("content");
    const files = fs
      .readdirSync(root, { recursive: true })
      .map(String)
      .filter((file) => /\.(md|json)$/.test(file));
    expect(files.length).toBeGreaterThan(30);
    const numbers = new Map<string, string[]>();
    for (const file of files) {
      for (const [found] of fs.readFileSync(path.join(root, file), "utf8").matchAll(/\b1-8\d\d-\d{3}-\d{4}\b/g)) {
        numbers.set(found, [...(numbers.get(found) ?? []), file]);
      }
    }
    expect([...numbers.keys()].filter((number) => !OTHERS.has(number))).toEqual([SITE.phoneDisplay]);
  });
});
