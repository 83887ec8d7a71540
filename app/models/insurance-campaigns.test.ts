import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { experimentsContentSchema } from "./experiments/definitions";
import {
  acceptsInsurancePost,
  couponCombinesWithInsurance,
  INSURANCE_PAGES,
  INSURANCE_SWITCHES,
  INSURANCE_WITH_DISCOUNT_CAMPAIGN,
  insuranceEntry,
  insuranceReturnPath,
  returnQuery,
  STOREFRONT_PLATFORM_INSURANCE_CAMPAIGN,
} from "./insurance-campaigns";

// The insurance campaigns of spec 3 §9 as the pages read them (decision 65).

const shipped = experimentsContentSchema.parse(
  JSON.parse(fs.readFileSync(path.resolve("content/experiments.json"), "utf8")),
).experiments;
const variantsOf = (id: string) => shipped.find((campaign) => campaign.id === id)?.variations.map((v) => v.id);

describe("the campaigns the switches read", () => {
  it("are the content's, and each switch names every variation its campaign has", () => {
    for (const page of INSURANCE_PAGES) {
      const { campaign, variants } = INSURANCE_SWITCHES[page];
      expect(Object.keys(variants).sort()).toEqual([...(variantsOf(campaign) ?? ["missing"])].sort());
    }
    expect(variantsOf(INSURANCE_WITH_DISCOUNT_CAMPAIGN)).toEqual(["default", "A"]);
    expect(variantsOf(STOREFRONT_PLATFORM_INSURANCE_CAMPAIGN)).toEqual(["default", "A"]);
  });
});

describe("the cart insurance switch (control 0, A 1, B 0)", () => {
  const cart = (variant?: string) =>
    insuranceEntry("cart", variant ? { "cart-insurance-switch": variant as never } : {});

  it("A offers the insurance panel; B a compact link; control none", () => {
    expect(cart("A")).toBe("offered");
    expect(cart("B")).toBe("link");
    expect(cart("default")).toBe("none");
  });

  it("without a variation (paused, excluded, a variant it does not name) the cart offers insurance, as it always did", () => {
    expect(cart()).toBe("offered");
    expect(cart("excluded")).toBe("offered");
    expect(cart("C")).toBe("offered");
  });

  it("reads only its own campaign", () => {
    expect(insuranceEntry("cart", { "checkout-insurance-switch": "default" })).toBe("offered");
  });
});

describe("the checkout insurance switch (control 1, A 0)", () => {
  const checkout = (variant?: string) =>
    insuranceEntry("checkout", variant ? { "checkout-insurance-switch": variant as never } : {});

  it("A offers the insurance panel at checkout; control offers none", () => {
    expect(checkout("A")).toBe("offered");
    expect(checkout("default")).toBe("none");
  });

  it("without a variation checkout offers none, as before, and has no B", () => {
    expect(checkout()).toBe("none");
    expect(checkout("B")).toBe("none");
  });
});

describe("the rapid reorder insurance switch (control 0, A 1, B 0)", () => {
  const reorder = (variant?: string) =>
    insuranceEntry("rapid-reorder", variant ? { "rapid-reorder-insurance-switch": variant as never } : {});

  it("A offers the insurance panel; B a compact link; control none", () => {
    expect(reorder("A")).toBe("offered");
    expect(reorder("B")).toBe("link");
    expect(reorder("default")).toBe("none");
  });

  it("without a variation the rapid reorder offers none, as before", () => {
    expect(reorder()).toBe("none");
    expect(reorder("excluded")).toBe("none");
  });
});

describe("the insurance posts a page takes", () => {
  it("the cart always takes 'Remove' (it always lists an applied benefit), and the offer only when it offers insurance", () => {
    for (const entry of ["offered", "link", "none"] as const) {
      expect(acceptsInsurancePost("cart", entry, "remove-insurance")).toBe(true);
    }
    expect(acceptsInsurancePost("cart", "offered", "apply-insurance-offer")).toBe(true);
    expect(acceptsInsurancePost("cart", "link", "apply-insurance-offer")).toBe(false);
    expect(acceptsInsurancePost("cart", "none", "apply-insurance-offer")).toBe(false);
  });

  it("checkout takes 'Remove' only when it offers insurance, and never the cart's offer", () => {
    expect(acceptsInsurancePost("checkout", "offered", "remove-insurance")).toBe(true);
    expect(acceptsInsurancePost("checkout", "none", "remove-insurance")).toBe(false);
    expect(acceptsInsurancePost("checkout", "offered", "apply-insurance-offer")).toBe(false);
  });

  it("the rapid reorder takes none", () => {
    expect(acceptsInsurancePost("rapid-reorder", "offered", "remove-insurance")).toBe(false);
    expect(acceptsInsurancePost("rapid-reorder", "link", "apply-insurance-offer")).toBe(false);
  });
});

describe("insurance with discount (control 0, A 1)", () => {
  it("A keeps the coupon beside an insurance benefit; control sets it aside", () => {
    expect(couponCombinesWithInsurance("A")).toBe(true);
    expect(couponCombinesWithInsurance("default")).toBe(false);
  });

  it("without a variation the coupon combines, as it always did", () => {
    expect(couponCombinesWithInsurance(undefined)).toBe(true);
    expect(couponCombinesWithInsurance("excluded")).toBe(true);
  });
});

describe("the return path of a search", () => {
  it("takes only the cart, checkout and the rapid reorder", () => {
    expect(insuranceReturnPath("/checkout")).toBe("/checkout");
    expect(insuranceReturnPath("/rapid-reorder")).toBe("/rapid-reorder");
    expect(insuranceReturnPath("/cart")).toBe("/cart");
    expect(insuranceReturnPath("https://evil.example/")).toBeNull();
    expect(insuranceReturnPath("//evil.example")).toBeNull();
    expect(insuranceReturnPath("/account")).toBeNull();
    expect(insuranceReturnPath(null)).toBeNull();
  });

  it("carries a path on in the query, leaving the cart (the default) out", () => {
    expect(returnQuery("/rapid-reorder")).toBe("?returnTo=%2Frapid-reorder");
    expect(returnQuery("/checkout", "&")).toBe("&returnTo=%2Fcheckout");
    expect(returnQuery("/cart")).toBe("");
    expect(returnQuery(null)).toBe("");
  });
});
