import { describe, expect, it } from "vitest";
import { LENS_TYPE_FACETS } from "~/models/catalog";
import { seedBrands, seedProducts } from "./catalog-data.server";
import { makeUpc, parameterCombinations, parameterKey, stockFor, upcCheckDigit } from "./catalog-rows";

describe("seed rows", () => {
  it("computes the UPC-A check digit", () => {
    // A well-known valid UPC-A: 036000291452.
    expect(upcCheckDigit("03600029145")).toBe(2);
    const upc = makeUpc(1001, 7);
    expect(upc).toMatch(/^[0-9]{12}$/);
    expect(upcCheckDigit(upc.slice(0, 11))).toBe(Number(upc[11]));
  });

  it("never collides with the submit-and-skip placeholder UPC", () => {
    expect(makeUpc(1, 0)).not.toBe("10999999999");
    expect(makeUpc(1, 0)).toHaveLength(12);
  });

  it("expands every combination of the product's options", () => {
    const combos = parameterCombinations({
      parameters: [
        {
          name: "power",
          options: [
            { value: "-1.00", label: "-1.00" },
            { value: "-1.25", label: "-1.25" },
          ],
        },
        { name: "baseCurve", options: [{ value: "8.5", label: "8.5" }] },
        {
          name: "color",
          options: [
            { value: "Blue", label: "Blue" },
            { value: "Gray", label: "Gray" },
          ],
        },
      ],
    });
    expect(combos).toHaveLength(4);
    expect(parameterCombinations({ parameters: [] })).toEqual([{}]);
  });

  it("builds one canonical key whatever the order of the parameters", () => {
    expect(parameterKey({ power: "-1.00", baseCurve: "8.5" })).toBe(parameterKey({ baseCurve: "8.5", power: "-1.00" }));
    expect(parameterKey({})).toBe("");
  });

  it("gives stock within each profile", () => {
    for (let i = 0; i < 200; i += 1) {
      const upc = makeUpc(1001, i);
      expect(stockFor("out", upc)).toBe(0);
      expect(stockFor("low", upc)).toBeLessThanOrEqual(20);
      expect(stockFor("plenty", upc)).toBeLessThanOrEqual(500);
    }
  });
});

describe("the demo catalog", () => {
  const lenses = seedProducts.filter((product) => product.productType === "lens");
  const solutions = seedProducts.filter((product) => product.productType === "solution");

  it("has at least 30 lenses of every type and at least 6 solutions", () => {
    expect(lenses.length).toBeGreaterThanOrEqual(30);
    expect(solutions.length).toBeGreaterThanOrEqual(6);
    for (const category of LENS_TYPE_FACETS) {
      expect(
        lenses.some((lens) => lens.categories.includes(category)),
        category,
      ).toBe(true);
    }
  });

  it("has toric lenses with cylinder and axis, multifocals with add power, colour lenses with colours", () => {
    const names = (category: string) =>
      lenses
        .filter((lens) => lens.categories.includes(category as never))
        .map((lens) => lens.parameters.map((p) => p.name));
    expect(names("toric-astigmatism").every((params) => params.includes("cylinder") && params.includes("axis"))).toBe(
      true,
    );
    expect(names("multifocal-bifocal").every((params) => params.includes("addPower"))).toBe(true);
    expect(names("multifocal-bifocal").some((params) => params.includes("monovisionCode"))).toBe(true);
    expect(names("color").every((params) => params.includes("color"))).toBe(true);
  });

  it("has the private-label daily lens in 15 and 30 packs", () => {
    const privateLabel = lenses.filter((lens) => lens.isPrivateLabel);
    expect(privateLabel.map((lens) => lens.quantityPerPackage).sort((a, b) => a - b)).toEqual([15, 30]);
    expect(privateLabel.every((lens) => lens.wearTimeDays === 1)).toBe(true);
  });

  it("has unique ids of 1 to 6 digits, unique vanity URLs, known brands, and ordered price books", () => {
    expect(new Set(seedProducts.map((p) => p.productId)).size).toBe(seedProducts.length);
    expect(new Set(seedProducts.map((p) => p.vanityUrl)).size).toBe(seedProducts.length);
    const brandSlugs = new Set(seedBrands.map((b) => b.slug));
    for (const product of seedProducts) {
      expect(product.productId).toBeGreaterThanOrEqual(1);
      expect(product.productId).toBeLessThanOrEqual(999999);
      expect(product.vanityUrl).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(brandSlugs.has(product.brandSlug), product.brandSlug).toBe(true);
      expect(product.prices.high).toBeGreaterThan(product.prices.control);
      expect(product.prices.low).toBeLessThan(product.prices.control);
      expect(parameterCombinations(product).length).toBeLessThan(10_000);
    }
  });

  it("has some hidden, discontinued, low-stock and out-of-stock products", () => {
    expect(seedProducts.some((p) => p.isHidden)).toBe(true);
    expect(seedProducts.some((p) => p.discontinuedInCatalog)).toBe(true);
    expect(seedProducts.some((p) => p.stock === "out")).toBe(true);
    expect(seedProducts.some((p) => p.stock === "low")).toBe(true);
  });
});
