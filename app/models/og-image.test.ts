import { describe, expect, it } from "vitest";
import {
  HOME_OG_IMAGE_PATH,
  homeCardSvg,
  OG_IMAGE,
  ogCard,
  PRODUCT_OG_IMAGE_FILE,
  productCardSvg,
  productOgImagePath,
  wrapLines,
} from "./og-image";

describe("Open Graph cards", () => {
  it("are 1200 × 630 PNG, at /images/og/products/{vanityUrl}.png and /images/og/home.png", () => {
    expect(OG_IMAGE).toEqual({ width: 1200, height: 630, type: "image/png" });
    expect(productOgImagePath("acuvue-oasys-1-day-90-pack")).toBe("/images/og/products/acuvue-oasys-1-day-90-pack.png");
    expect(HOME_OG_IMAGE_PATH).toBe("/images/og/home.png");
    expect(ogCard("/x.png")).toEqual({ url: "/x.png", width: 1200, height: 630, type: "image/png" });
  });

  it("name a product card by its vanity URL only", () => {
    expect(PRODUCT_OG_IMAGE_FILE.exec("acuvue-oasys-1-day-90-pack.png")?.[1]).toBe("acuvue-oasys-1-day-90-pack");
    for (const junk of [
      "ACUVUE.png",
      "a--b.png",
      "-a.png",
      "a-.png",
      ".png",
      "a.svg",
      "a.png.png",
      "../a.png",
      "a b.png",
    ])
      expect(PRODUCT_OG_IMAGE_FILE.test(junk), junk).toBe(false);
  });

  it("draw a product's brand, name and pack size, escaped, at the card's size", () => {
    const svg = productCardSvg({
      displayName: "Lens <One> & Two",
      brandName: 'A "Brand"',
      descriptorPackSize: "6 pack",
      imageColors: { background: "#123456", accent: "#abcdef" },
    });
    expect(svg).toContain('width="1200" height="630"');
    expect(svg).toContain("Lens &#60;One&#62; &#38; Two");
    expect(svg).toContain("A &#34;Brand&#34;");
    expect(svg).toContain(">6 pack<");
    expect(svg).toContain('fill="#123456"');
    expect(svg).not.toContain("<One>");
  });

  it("draw the home page's heading", () => {
    const svg = homeCardSvg({ siteName: "Lenslane", heading: "Your lenses, delivered", eyebrow: "Made easy" });
    expect(svg).toContain(">Lenslane<");
    expect(svg).toContain(">Your lenses, delivered<");
    expect(svg).toContain(">Made easy<");
  });
});

describe("wrapLines", () => {
  it("fills lines up to the width at spaces", () => {
    expect(wrapLines("Air Optix plus HydraGlyde for Astigmatism 6 pack", 20, 4)).toEqual([
      "Air Optix plus",
      "HydraGlyde for",
      "Astigmatism 6 pack",
    ]);
    expect(wrapLines("  short  ", 20, 2)).toEqual(["short"]);
    expect(wrapLines("", 20, 2)).toEqual([]);
  });

  it("gives a word longer than a line a line of its own", () => {
    expect(wrapLines("a verylongwordindeed b", 8, 3)).toEqual(["a", "verylongwordindeed", "b"]);
  });

  it("ends with an ellipsis what does not fit", () => {
    expect(wrapLines("one two three four five", 9, 2)).toEqual(["one two", "three…"]);
    expect(wrapLines("one two three four", 5, 1)).toEqual(["one…"]);
    expect(wrapLines("abcdefghij klm", 5, 1)).toEqual(["abcd…"]);
  });
});
