import { describe, expect, it } from "vitest";
import { ogCard } from "./og-image";
import { META_DESCRIPTION_MAX_LENGTH, metaDescription, pageMeta } from "./seo";

describe("metaDescription", () => {
  it("keeps a description that fits, whitespace collapsed", () => {
    expect(META_DESCRIPTION_MAX_LENGTH).toBe(160);
    expect(metaDescription("  A fresh pair\n every   morning. ")).toBe("A fresh pair every morning.");
    const exact = `${"word ".repeat(31)}abcd`; // 159 characters
    expect(metaDescription(`${exact}x`)).toBe(`${exact}x`);
  });

  it("cuts a long one after the last whole word that fits and adds an ellipsis", () => {
    expect(metaDescription("one two three four", 12)).toBe("one two…");
    expect(metaDescription("one two three four", 14)).toBe("one two three…");
    // A space right where the ellipsis goes: the word before it is whole.
    expect(metaDescription("one two three four", 8)).toBe("one two…");
  });

  it("drops punctuation left before the ellipsis", () => {
    expect(metaDescription("Daily lenses, no cleaning; fresh", 22)).toBe("Daily lenses, no…");
    expect(metaDescription("Daily lenses, no cleaning; fresh", 15)).toBe("Daily lenses…");
    expect(metaDescription("Daily lenses. No cleaning", 16)).toBe("Daily lenses…");
    expect(metaDescription("Daily lenses. No cleaning", 18)).toBe("Daily lenses. No…");
  });

  it("cuts a product description of 200 characters at a word, within 160", () => {
    const description =
      "A silicone hydrogel daily lens built for long screen days and dry office air. A fresh pair every morning means no cleaning routine, and a 90 pack covers one eye.";
    expect(description.length).toBeGreaterThan(160);
    const meta = metaDescription(description);
    expect(meta).toBe(
      "A silicone hydrogel daily lens built for long screen days and dry office air. A fresh pair every morning means no cleaning routine, and a 90 pack covers one…",
    );
    expect(meta.length).toBeLessThanOrEqual(160);
  });

  it("cuts inside a single word longer than the room", () => {
    expect(metaDescription("abcdefghijklmnop", 10)).toBe("abcdefghi…");
  });
});

describe("pageMeta", () => {
  it("uses the cut description for the page and for Open Graph", () => {
    const description = `${"Lenses for long screen days. ".repeat(8)}`;
    const tags = pageMeta({ title: "T", description, canonical: "/lens/x" }, "https://shop.example");
    const expected = metaDescription(description);
    expect(expected.length).toBeLessThanOrEqual(160);
    expect(tags).toContainEqual({ name: "description", content: expected });
    expect(tags).toContainEqual({ property: "og:description", content: expected });
  });

  it("offers a card with its size and type, the default card when a page has none", () => {
    const site = "https://shop.example";
    const base = { title: "T", description: "A page about lenses.", canonical: "/" };
    const card = pageMeta({ ...base, image: ogCard("/images/og/home.png") }, site);
    expect(card).toContainEqual({ property: "og:image", content: `${site}/images/og/home.png` });
    expect(card).toContainEqual({ property: "og:image:width", content: "1200" });
    expect(card).toContainEqual({ property: "og:image:height", content: "630" });
    expect(card).toContainEqual({ property: "og:image:type", content: "image/png" });

    const fallback = pageMeta(base, site);
    expect(fallback).toContainEqual({ property: "og:image", content: `${site}/images/og-default.png` });
    expect(fallback).toContainEqual({ property: "og:image:type", content: "image/png" });

    // An image of unknown size (a content page's own) is offered without claims about it.
    const own = pageMeta({ ...base, image: "/images/flyout-exam.svg" }, site);
    expect(own).toContainEqual({ property: "og:image", content: `${site}/images/flyout-exam.svg` });
    expect(own.some((tag) => tag.property?.startsWith("og:image:"))).toBe(false);
  });
});
