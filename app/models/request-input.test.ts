import { describe, expect, it } from "vitest";
import { isMalformedQuery } from "./http-cache";
import { hasForbiddenCharacters, isOffSitePath, isReadablePath, sameSitePath } from "./request-input";

describe("sameSitePath", () => {
  it.each([
    ["//evil.example/?%ZZ", "/evil.example/?%ZZ"],
    ["//evil.example/x?token=bad", "/evil.example/x?token=bad"],
    ["///evil.example/cart?token=x", "/evil.example/cart?token=x"],
    ["//evil.example/?uecode=SAVE10", "/evil.example/?uecode=SAVE10"],
    ["/\\evil.example", "/evil.example"],
    ["\\\\evil.example/a", "/evil.example/a"],
    ["/ /evil.example", "/evil.example"],
    ["\t//evil.example", "/evil.example"],
    ["evil.example", "/evil.example"],
  ])("keeps %j on this site as %j", (input, expected) => {
    const result = sameSitePath(input);
    expect(result).toBe(expected);
    // What a browser makes of it, relative to this site: the host never changes.
    expect(new URL(result, "https://store.test/a/b").host).toBe("store.test");
  });

  it.each(["/", "/cart", "/lens/acuvue-oasys?eye=right", "/a//b", "/search?q=//x"])("leaves %j as it is", (path) => {
    expect(sameSitePath(path)).toBe(path);
    expect(isOffSitePath(path)).toBe(false);
  });

  it("says which paths it would change", () => {
    expect(isOffSitePath("//evil.example/")).toBe(true);
    expect(isOffSitePath("/\\evil.example/")).toBe(true);
  });
});

describe("text a request may carry", () => {
  it("refuses NUL and other control characters but not tab, newline or return", () => {
    expect(hasForbiddenCharacters("a\u0000b")).toBe(true);
    expect(hasForbiddenCharacters("\u001b[31m")).toBe(true);
    expect(hasForbiddenCharacters("\u007f")).toBe(true);
    expect(hasForbiddenCharacters("line one\r\nline two\tend")).toBe(false);
    expect(hasForbiddenCharacters("Zoë Ångström 500 W Idaho St #2")).toBe(false);
  });

  it("reads a path only when it decodes to such text", () => {
    expect(isReadablePath("/lens/acuvue-oasys")).toBe(true);
    expect(isReadablePath("/lens/caf%C3%A9")).toBe(true);
    expect(isReadablePath("/lens/%00")).toBe(false);
    expect(isReadablePath("/lens/%ZZ")).toBe(false);
    expect(isReadablePath("/lens/%E0%A4%A")).toBe(false);
  });

  it("treats a query that decodes to a NUL as malformed", () => {
    expect(isMalformedQuery("?q=%00")).toBe(true);
    expect(isMalformedQuery("?q=a%00b&x=1")).toBe(true);
    expect(isMalformedQuery("?%ZZ")).toBe(true);
    expect(isMalformedQuery("?q=daily+lenses&page=2")).toBe(false);
  });
});
