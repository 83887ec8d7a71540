import { describe, expect, it } from "vitest";
import { lastOrderFacts } from "./last-order";

const lens = (productId: number, prescriptionId: number | null, prescriptionStatus: string | null) => ({
  type: "Lens",
  prescriptionId,
  prescriptionStatus,
  lines: [
    { productId, productName: `Lens ${productId}` },
    { productId, productName: `Lens ${productId}` },
  ],
});
const solution = {
  type: "Solution",
  prescriptionId: null,
  prescriptionStatus: null,
  lines: [{ productId: 9, productName: "Solution" }],
};

describe("the last-order view's facts (spec 2 §3)", () => {
  it("names the first lens, each product once, the lens products and the prescriptions", () => {
    expect(lastOrderFacts([solution, lens(3, 11, "Verified"), lens(4, 12, "PendingVerification")])).toEqual({
      product: { productId: 3, productName: "Lens 3" },
      productIds: [9, 3, 4],
      lensProductIds: [3, 4],
      prescriptionIds: [11, 12],
      isExamNeeded: false,
    });
  });

  it("needs an exam when a prescription is still to be sent", () => {
    expect(lastOrderFacts([lens(3, 11, "PendingSubmission")]).isExamNeeded).toBe(true);
  });

  it("an order of solution only: that product, no lenses, no prescriptions, no exam", () => {
    expect(lastOrderFacts([solution])).toEqual({
      product: { productId: 9, productName: "Solution" },
      productIds: [9],
      lensProductIds: [],
      prescriptionIds: [],
      isExamNeeded: false,
    });
    expect(lastOrderFacts([]).product).toBeNull();
  });
});
