import { describe, expect, it } from "vitest";
import { PRODUCT_TYPE, productKind } from "./catalog";

describe("productKind", () => {
  it("names a stored solution (2) a solution and anything else a lens", () => {
    expect(productKind(PRODUCT_TYPE.solution)).toBe("solution");
    expect(productKind(2)).toBe("solution");
    expect(productKind(PRODUCT_TYPE.lens)).toBe("lens");
    expect(productKind(undefined)).toBe("lens");
  });
});
