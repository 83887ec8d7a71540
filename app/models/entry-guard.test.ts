import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { afterSignInPath, entryGuardPath } from "./entry-guard";

const now = DateTime.fromISO("2026-11-21T12:00:00", { zone: "America/Boise" });
const base = { hasPreviousPage: false, signedInViaToken: true, lastOrderAt: now.minus({ days: 9 }), now };

describe("entry guard (spec 2.2)", () => {
  it("sends a token sign-in with a recent order and no previous page to order history", () => {
    expect(entryGuardPath(base)).toBe("/account/order-history");
  });
  it("sends everyone else to the dashboard", () => {
    expect(entryGuardPath({ ...base, lastOrderAt: now.minus({ days: 9, minutes: 1 }) })).toBe("/dashboard");
    expect(entryGuardPath({ ...base, lastOrderAt: null })).toBe("/dashboard");
    expect(entryGuardPath({ ...base, hasPreviousPage: true })).toBe("/dashboard");
    expect(entryGuardPath({ ...base, signedInViaToken: false })).toBe("/dashboard");
  });
});

describe("after sign-in", () => {
  it("opens the reorder page unless in the exam, or goes where the shopper was headed", () => {
    expect(afterSignInPath("/lenses", null)).toBe("/reorder?signin=true");
    expect(afterSignInPath("/exam/start", null)).toBe("/exam/start");
    expect(afterSignInPath("/lenses", "/account/settings")).toBe("/account/settings");
  });
});
