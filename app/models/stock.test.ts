import { describe, expect, it } from "vitest";
import { lineStockText, stockText, SUBMIT_AND_SKIP_UPC } from "./stock";

describe("stock text", () => {
  it("shows Limited Quantity at 20 or fewer, In Stock above, Out of Stock at none", () => {
    expect(stockText(0)).toBe("Out of Stock");
    expect(stockText(1)).toBe("Limited Quantity: 1");
    expect(stockText(20)).toBe("Limited Quantity: 20");
    expect(stockText(21)).toBe("In Stock: 21");
  });
});

describe("a cart line's stock text", () => {
  it("is 'Upload' for the submit-and-skip placeholder UPC (spec 3: stock display), whatever a count says", () => {
    expect(SUBMIT_AND_SKIP_UPC).toBe("10999999999");
    expect(lineStockText("10999999999", undefined)).toBe("Upload");
    expect(lineStockText("10999999999", 0)).toBe("Upload");
  });
  it("is the stock text of a SKU's count, and nothing without a UPC or a known SKU", () => {
    expect(lineStockText("00123456789", 21)).toBe("In Stock: 21");
    expect(lineStockText("00123456789", 0)).toBe("Out of Stock");
    expect(lineStockText("00123456789", undefined)).toBeNull();
    expect(lineStockText(null, undefined)).toBeNull();
  });
});
