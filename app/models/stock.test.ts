import { describe, expect, it } from "vitest";
import { stockText } from "./stock";

describe("stock text", () => {
  it("shows Limited Quantity at 20 or fewer, In Stock above, Out of Stock at none", () => {
    expect(stockText(0)).toBe("Out of Stock");
    expect(stockText(1)).toBe("Limited Quantity: 1");
    expect(stockText(20)).toBe("Limited Quantity: 20");
    expect(stockText(21)).toBe("In Stock: 21");
  });
});
