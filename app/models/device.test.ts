import { describe, expect, it } from "vitest";
import { isMobileUserAgent } from "./device";

describe("isMobileUserAgent", () => {
  it("knows phones from desktops and tablets", () => {
    const iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
    const pixel = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36";
    const tablet = "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Chrome/120.0 Safari/537.36";
    const desktop = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36";
    expect([iphone, pixel, tablet, desktop, null].map(isMobileUserAgent)).toEqual([true, true, false, false, false]);
  });
});
