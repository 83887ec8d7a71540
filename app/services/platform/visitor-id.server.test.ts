import { describe, expect, it } from "vitest";
import { newVisitorId } from "./session.server";

describe("newVisitorId", () => {
  it("gives 22 base64url characters (128 bits), never the same twice, across refills of its random pool", () => {
    const ids = Array.from({ length: 2_000 }, () => newVisitorId());
    expect(ids.every((id) => /^[A-Za-z0-9_-]{22}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
