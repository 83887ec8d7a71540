import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  brandFinderParametersSchema,
  brandFinderQuery,
  BRAND_FINDER_PATHS,
  eyesInQuery,
  hasParameterInput,
  productIdFrom,
} from "./brand-finder-query";
import type { LensParameter } from "./lens-parameters";

const parameters: LensParameter[] = [
  { name: "power", displayName: "Power/sphere", options: ["-2.25", "-2.00"].map((value) => ({ value, label: value })) },
  { name: "baseCurve", displayName: "BC", options: ["8.5", "9.0"].map((value) => ({ value, label: value })) },
  { name: "diameter", displayName: "DIA", options: [{ value: "14.3", label: "14.3" }] },
];
const parse = (query: string) =>
  parseWithZod(new URLSearchParams(query), { schema: brandFinderParametersSchema(parameters) });
const errorsOf = (query: string) => {
  const submission = parse(query);
  return submission.status === "error" ? submission.error : null;
};

describe("the finder's query", () => {
  it("reads a productId of 1 to 6 digits only", () => {
    expect(productIdFrom(new URLSearchParams("productId=1001"))).toBe(1001);
    expect(productIdFrom(new URLSearchParams("productId=%201001%20"))).toBe(1001);
    expect(productIdFrom(new URLSearchParams("productId=abc"))).toBeNull();
    expect(productIdFrom(new URLSearchParams("productId=1234567"))).toBeNull();
    expect(productIdFrom(new URLSearchParams(""))).toBeNull();
  });

  it("knows which eyes a link has parameters for", () => {
    expect(eyesInQuery(new URLSearchParams("productId=1&left-power=-2.00&right-power="))).toEqual(["left"]);
    expect(hasParameterInput(new URLSearchParams("productId=1"))).toBe(false);
    expect(hasParameterInput(new URLSearchParams("productId=1&eyes=both"))).toBe(true);
  });

  it("parses the chosen eyes, filling a single-option parameter", () => {
    const submission = parse("productId=1&eyes=right&right-power=-2.25&right-baseCurve=8.5&left-power=-2.00");
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual([
      { eye: "right", parameters: { power: "-2.25", baseCurve: "8.5", diameter: "14.3" } },
    ]);
  });

  it("infers the eyes from a shared link without `eyes`", () => {
    const submission = parse("productId=1&left-power=-2.00&left-baseCurve=9.0");
    expect(submission.status === "success" && submission.value).toEqual([
      { eye: "left", parameters: { power: "-2.00", baseCurve: "9.0", diameter: "14.3" } },
    ]);
  });

  it("says what is missing or unknown, per eye", () => {
    expect(errorsOf("productId=1&eyes=both&right-power=-2.25&left-power=-9.00&left-baseCurve=8.5")).toEqual({
      "right-baseCurve": ["Choose BC for the right eye."],
      "left-power": ["That Power/sphere isn't available for this lens."],
    });
    expect(errorsOf("productId=1")).toEqual({ eyes: ["Choose which eyes you wear this lens in."] });
    expect(errorsOf("productId=1&eyes=three")).toEqual({ eyes: ["Choose which eyes you wear this lens in."] });
  });

  it("builds the canonical link of a step", () => {
    expect(
      brandFinderQuery(1001, [
        { eye: "right", parameters: { power: "-2.25", baseCurve: "8.5" } },
        { eye: "left", parameters: { power: "+1.00", baseCurve: "9.0" } },
      ]),
    ).toBe("productId=1001&right-power=-2.25&right-baseCurve=8.5&left-power=%2B1.00&left-baseCurve=9.0");
    expect(BRAND_FINDER_PATHS.results("acuvue-oasys-1-day-90-pack")).toBe(
      "/try-contact-lens-brands/results/acuvue-oasys-1-day-90-pack",
    );
  });
});
