import { describe, expect, it } from "vitest";
import { orderAnalyticsProducts, splitByWeight, type OrderAnalyticsLine } from "./order-analytics";

const line = (overrides: Partial<OrderAnalyticsLine>): OrderAnalyticsLine => ({
  productId: 1001,
  upc: "00000000001",
  productName: "Acuvue Oasys",
  classification: "Lens",
  subscription: false,
  quantity: 2,
  unitPriceCents: 4299,
  discountCents: 0,
  ...overrides,
});

describe("splitByWeight", () => {
  it("shares an amount by weight, the cents left over going to the largest remainders", () => {
    expect(splitByWeight(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitByWeight(999, [8598, 1299])).toEqual([868, 131]);
    expect(splitByWeight(0, [1, 2])).toEqual([0, 0]);
    expect(splitByWeight(50, [0, 0])).toEqual([0, 0]);
  });
});

describe("orderAnalyticsProducts (spec 3 §3 order analytics fields)", () => {
  it("gives each product the spec's fields, both eyes of one UPC together, and shares out the order's amounts (insurance after discounts)", () => {
    const products = orderAnalyticsProducts(
      [
        line({ quantity: 2, discountCents: 500 }),
        line({ quantity: 2, discountCents: 500 }),
        line({
          productId: 2002,
          upc: "00000000002",
          productName: "Biotrue",
          classification: "Solution",
          quantity: 1,
          unitPriceCents: 1299,
        }),
      ],
      { insuranceCents: 3000, shippingCents: 995, shippingDiscountCents: 495 },
      [
        {
          promotionId: 77,
          title: "Acuvue mail-in rebate",
          amountCents: 5000,
          amount: "$50.00",
          products: [{ name: "Acuvue Oasys", boxes: 4 }],
        },
      ],
    );
    expect(products).toEqual([
      {
        id: 1001,
        item_count: 4,
        upc: "00000000001",
        name: "Acuvue Oasys",
        unit_price: 4299,
        product_subtotal: 17196,
        classification: "Lens",
        subscription: false,
        discounts: 1000,
        rebate_amount: 5000,
        rebate_id: 77,
        insurance_amount: 2777,
        shipping_discount: 460,
        shipping_revenue: 465,
        total_price: 17196 - 1000 - 2777,
      },
      {
        id: 2002,
        item_count: 1,
        upc: "00000000002",
        name: "Biotrue",
        unit_price: 1299,
        product_subtotal: 1299,
        classification: "Solution",
        subscription: false,
        discounts: 0,
        rebate_amount: 0,
        rebate_id: null,
        insurance_amount: 223,
        shipping_discount: 35,
        shipping_revenue: 35,
        total_price: 1299 - 223,
      },
    ]);
    const sum = (key: "insurance_amount" | "shipping_discount" | "shipping_revenue") =>
      products.reduce((total, product) => total + product[key], 0);
    expect([sum("insurance_amount"), sum("shipping_discount"), sum("shipping_revenue")]).toEqual([3000, 495, 500]);
  });

  it("keeps a subscription's UPC apart from the same UPC bought once, and never lets insurance pass a product's price", () => {
    const products = orderAnalyticsProducts(
      [
        line({ subscription: true, quantity: 1, unitPriceCents: 1000, discountCents: 200 }),
        line({ quantity: 1, unitPriceCents: 1000 }),
      ],
      { insuranceCents: 50_000, shippingCents: 0, shippingDiscountCents: 0 },
      [],
    );
    expect(products.map((product) => [product.subscription, product.insurance_amount, product.total_price])).toEqual([
      [true, 800, 0],
      [false, 1000, 0],
    ]);
  });
});
