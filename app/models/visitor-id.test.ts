import { describe, expect, it } from "vitest";
import { isVisitorId } from "./visitor-id";

describe("visitor id", () => {
  it("is 22 base64url characters", () => {
    expect(isVisitorId("AbCdEfGhIjKlMnOpQr-_12")).toBe(true);
  });

  it("refuses anything else", () => {
    for (const value of ["", "short", "x".repeat(23), "has space in it 123456", null, 42, "a/b+c=".padEnd(22, "x")]) {
      expect(isVisitorId(value)).toBe(false);
    }
  });
});
