import { describe, expect, it } from "vitest";
import { isMalformedQuery } from "./http-cache";

describe("isMalformedQuery (spec 2.3)", () => {
  it("flags query strings that cannot be decoded", () => {
    expect(isMalformedQuery("?q=%E0%A4%A")).toBe(true);
    expect(isMalformedQuery("?q=%")).toBe(true);
  });
  it("accepts ordinary and empty query strings", () => {
    expect(isMalformedQuery("")).toBe(false);
    expect(isMalformedQuery("?")).toBe(false);
    expect(isMalformedQuery("?q=acuvue+oasys&mid=8.123&x=%20")).toBe(false);
  });
});
