import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import {
  businessDay,
  businessIsoDate,
  expectedDeliveryDate,
  formatOrderDate,
  isOldOrder,
  isOrderNumberShaped,
  OLD_ORDER_DAYS,
  orderItemsSummary,
  orderLineView,
  orderStatus,
  orderStatusLabel,
  orderStatusMessage,
  PRESCRIPTION_STATUSES,
  prescriptionStatusText,
  showsExpectedDelivery,
  trackingStatus,
  trackingUrl,
} from "./order-status";

/** A wall-clock time in Boise. */
const boise = (iso: string) => DateTime.fromISO(iso, { zone: "America/Boise" });
const day = (date: DateTime) => date.toISODate();

describe("orderStatus (spec 2 §3 order status codes)", () => {
  it("reads blank, D, S, H, T, P and V as Processing", () => {
    for (const code of ["", " ", "D", "S", "H", "T", "P", "V"]) expect(orderStatus(code), code).toBe("Processing");
    expect(orderStatus(null)).toBe("Processing");
    expect(orderStatus(undefined)).toBe("Processing");
  });

  it("reads G as Shipped, '|' as Test and '-' as Deleted", () => {
    expect(orderStatus("G")).toBe("Shipped");
    expect(orderStatus("|")).toBe("Test");
    expect(orderStatus("-")).toBe("Deleted");
  });

  it("reads anything else as Unsupported, lower case and longer codes too", () => {
    for (const code of ["A", "X", "Z", "g", "d", "p", "0", "*", "GG", "G ", "--"]) {
      expect(orderStatus(code), code).toBe("Unsupported");
    }
  });
});

describe("business days", () => {
  it("reads ISO dates as Boise calendar days", () => {
    expect(businessDay("2026-11-25")?.toISO()).toBe("2026-11-25T00:00:00.000-07:00");
  });

  it("converts instants to the Boise calendar (03:00 UTC on 1 March is still 28 February in Boise)", () => {
    expect(businessIsoDate("2026-03-01T03:00:00Z")).toBe("2026-02-28");
    expect(businessIsoDate(new Date("2026-03-01T03:00:00Z"))).toBe("2026-02-28");
    expect(businessIsoDate(DateTime.fromISO("2026-03-01T03:00:00Z", { zone: "utc" }))).toBe("2026-02-28");
    expect(businessIsoDate("2026-03-01T08:00:00Z")).toBe("2026-03-01");
  });

  it("gives null for absent or unreadable dates", () => {
    expect(businessDay(null)).toBeNull();
    expect(businessDay(undefined)).toBeNull();
    expect(businessDay("")).toBeNull();
    expect(businessDay("soon")).toBeNull();
    expect(businessDay(new Date("nope"))).toBeNull();
    expect(businessIsoDate("2026-02-30")).toBeNull();
  });
});

describe("expectedDeliveryDate (spec 2 §4)", () => {
  const placed = "2026-11-16T10:00:00-07:00";

  it("is the tracking delivery date when there is one", () => {
    const expected = expectedDeliveryDate({
      orderDate: placed,
      shippingLevel: 0,
      estimatedDeliveryDate: "2026-11-23",
      trackingDeliveryDate: "2026-11-20",
    });
    expect(day(expected)).toBe("2026-11-20");
  });

  it("else the estimated delivery date", () => {
    for (const trackingDeliveryDate of [null, undefined, "", "not a date"]) {
      const expected = expectedDeliveryDate({
        orderDate: placed,
        shippingLevel: 0,
        estimatedDeliveryDate: "2026-11-23",
        trackingDeliveryDate,
      });
      expect(day(expected), String(trackingDeliveryDate)).toBe("2026-11-23");
    }
  });

  it("else the order date plus the level's shipping days plus 2", () => {
    const plus = (shippingLevel: number) => day(expectedDeliveryDate({ orderDate: placed, shippingLevel }));
    expect(plus(0)).toBe("2026-11-25"); // Standard: 7 + 2
    expect(plus(1)).toBe("2026-11-21"); // Expedited: 3 + 2
    expect(plus(2)).toBe("2026-11-19"); // NextDay: 1 + 2
    expect(plus(3)).toBe("2026-11-19"); // NextDayByNoon: 1 + 2
    expect(plus(4)).toBe("2026-11-19"); // SameDay: 1 + 2
    expect(plus(9)).toBe("2026-11-25"); // an unknown level counts as 7
    expect(day(expectedDeliveryDate({ orderDate: placed, shippingLevel: 1, estimatedDeliveryDate: "garbage" }))).toBe(
      "2026-11-21",
    );
  });

  it("counts calendar days across month and year ends, leap years and the DST change", () => {
    const from = (orderDate: string, shippingLevel: number) => day(expectedDeliveryDate({ orderDate, shippingLevel }));
    expect(from("2026-01-30T12:00:00-07:00", 0)).toBe("2026-02-08");
    expect(from("2026-02-27T12:00:00-07:00", 1)).toBe("2026-03-04");
    expect(from("2028-02-27T12:00:00-07:00", 1)).toBe("2028-03-03");
    expect(from("2026-04-30T12:00:00-06:00", 2)).toBe("2026-05-03");
    expect(from("2026-12-30T12:00:00-07:00", 0)).toBe("2027-01-08");
    expect(from("2026-03-06T12:00:00-07:00", 0)).toBe("2026-03-15"); // over the spring-forward Sunday
    // 04:00 UTC on 1 May is 30 April in Boise: the order day is Boise's.
    expect(from("2026-05-01T04:00:00Z", 2)).toBe("2026-05-03");
  });

  it("is the start of a Boise day", () => {
    expect(expectedDeliveryDate({ orderDate: placed, shippingLevel: 1 }).toISO()).toBe("2026-11-21T00:00:00.000-07:00");
  });

  it("refuses an order without a readable order date", () => {
    expect(() => expectedDeliveryDate({ orderDate: "never", shippingLevel: 0 })).toThrow(RangeError);
  });
});

describe("isOldOrder (spec 2 §4: shipped, and expected delivery plus 5 days is past)", () => {
  const shipped = { statusCode: "G", orderDate: "2026-01-20T09:00:00-07:00", shippingLevel: 0 };

  it("waits 5 days after the expected delivery", () => {
    expect(OLD_ORDER_DAYS).toBe(5);
    const delivered = { ...shipped, trackingDeliveryDate: "2026-01-28" };
    expect(isOldOrder(delivered, boise("2026-02-02T23:59"))).toBe(false); // 28 Jan + 5 is 2 Feb: not yet over
    expect(isOldOrder(delivered, boise("2026-02-03T00:00"))).toBe(true);
  });

  it("judges the day in Boise, whatever the clock's zone", () => {
    const delivered = { ...shipped, trackingDeliveryDate: "2026-01-28" };
    // 06:59 UTC on 3 Feb is still 2 Feb in Boise.
    expect(isOldOrder(delivered, "2026-02-03T06:59:00Z")).toBe(false);
    expect(isOldOrder(delivered, "2026-02-03T07:00:00Z")).toBe(true);
    expect(isOldOrder(delivered, new Date("2026-02-03T07:00:00Z"))).toBe(true);
  });

  it("uses each branch of the expected delivery rule", () => {
    // Estimate 30 Jan → old from 5 Feb.
    const estimated = { ...shipped, estimatedDeliveryDate: "2026-01-30" };
    expect(isOldOrder(estimated, boise("2026-02-04T12:00"))).toBe(false);
    expect(isOldOrder(estimated, boise("2026-02-05T12:00"))).toBe(true);
    // Order date 20 Jan + 7 + 2 = 29 Jan → old from 4 Feb.
    expect(isOldOrder(shipped, boise("2026-02-03T12:00"))).toBe(false);
    expect(isOldOrder(shipped, boise("2026-02-04T12:00"))).toBe(true);
    // Expedited: 20 Jan + 3 + 2 = 25 Jan → old from 31 Jan, across the month end.
    expect(isOldOrder({ ...shipped, shippingLevel: 1 }, boise("2026-01-30T12:00"))).toBe(false);
    expect(isOldOrder({ ...shipped, shippingLevel: 1 }, boise("2026-01-31T12:00"))).toBe(true);
  });

  it("is never old unless shipped", () => {
    const longAgo = boise("2030-01-01T12:00");
    for (const statusCode of ["", "D", "S", "H", "T", "P", "V", "|", "-", "X"]) {
      expect(isOldOrder({ ...shipped, statusCode }, longAgo), statusCode).toBe(false);
    }
    expect(isOldOrder(shipped, longAgo)).toBe(true);
  });
});

describe("tracking", () => {
  it("is in transit once shipped and delivered once delivered", () => {
    expect(trackingStatus({})).toBeNull();
    expect(trackingStatus({ shippedAt: new Date() })).toBe("InTransit");
    expect(trackingStatus({ shippedAt: new Date(), deliveredAt: new Date() })).toBe("Delivered");
  });

  it("links to the carrier's page for the number", () => {
    expect(trackingUrl(null)).toBeNull();
    expect(trackingUrl("")).toBeNull();
    expect(trackingUrl("9400 1")).toBe("https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%201");
  });
});

describe("words for the shopper", () => {
  const base = { orderDate: "2026-11-16T10:00:00-07:00", shippingLevel: 1, estimatedDeliveryDate: "2026-11-19" };

  it("labels each status, Shipped as Delivered once delivered", () => {
    expect(orderStatusLabel({ statusCode: "" })).toBe("Processing");
    expect(orderStatusLabel({ statusCode: "G" })).toBe("Shipped");
    expect(orderStatusLabel({ statusCode: "G", deliveredAt: new Date() })).toBe("Delivered");
    expect(orderStatusLabel({ statusCode: "|" })).toBe("Test order");
    expect(orderStatusLabel({ statusCode: "-" })).toBe("Cancelled");
    expect(orderStatusLabel({ statusCode: "Q" })).toBe("Status unavailable");
  });

  it("says why a processing order waits, the shopper's own step first", () => {
    const message = (prescriptionStatuses: Array<string | null>) =>
      orderStatusMessage({ ...base, statusCode: "D", prescriptionStatuses });
    expect(message(["Verified", "PendingVerification"])).toBe("We're verifying your prescription with your doctor.");
    expect(message(["PendingVerification", "PendingSubmission"])).toMatch(/waiting for your prescription/);
    expect(message(["PendingExam"])).toBe("We're waiting for your eye exam results.");
    expect(message(["FailedExam", "PendingSubmission"])).toMatch(/We'll contact you/);
    expect(message(["Verified", null])).toBe("We're preparing your order. Expected to arrive Thu, Nov 19.");
    expect(orderStatusMessage({ ...base, statusCode: "" })).toBe(
      "We're preparing your order. Expected to arrive Thu, Nov 19.",
    );
  });

  it("a held order (H or S) reads 'On hold', says what it needs and gives no date", () => {
    for (const statusCode of ["H", "S"]) {
      expect(orderStatusLabel({ statusCode }), statusCode).toBe("On hold");
      const message = orderStatusMessage({ ...base, statusCode, prescriptionStatuses: ["PendingVerification"] });
      expect(message, statusCode).toBe(
        "Your order needs your current, valid prescription. Please upload it now or take a quick online vision exam so we can process your order.",
      );
      expect(message).not.toMatch(/verifying|Expected|Thu, Nov 19/);
      expect(showsExpectedDelivery({ statusCode }), statusCode).toBe(false);
    }
    expect(orderStatusMessage({ ...base, statusCode: "H", prescriptionStatuses: ["Verified", null] })).toBe(
      "Your order is on hold. Please call us at 1-800-266-8228 so we can process your order.",
    );
    // Released (blank again), it is processing with its date.
    expect(orderStatusLabel({ statusCode: "" })).toBe("Processing");
    expect(showsExpectedDelivery({ statusCode: "" })).toBe(true);
  });

  it("shows an expected delivery while processing or on the way, not once delivered or cancelled", () => {
    expect(showsExpectedDelivery({ statusCode: "D" })).toBe(true);
    expect(showsExpectedDelivery({ statusCode: "G" })).toBe(true);
    expect(showsExpectedDelivery({ statusCode: "G", deliveredAt: new Date() })).toBe(false);
    for (const statusCode of ["-", "|", "Q"]) expect(showsExpectedDelivery({ statusCode }), statusCode).toBe(false);
  });

  it("gives the expected or the actual delivery of a shipped order", () => {
    expect(orderStatusMessage({ ...base, statusCode: "G", trackingDeliveryDate: "2026-11-20" })).toBe(
      "On its way. Expected to arrive Fri, Nov 20.",
    );
    expect(orderStatusMessage({ ...base, statusCode: "G", deliveredAt: new Date("2026-11-21T18:00:00Z") })).toBe(
      "Delivered Sat, Nov 21.",
    );
  });

  it("explains test, deleted and unsupported orders", () => {
    expect(orderStatusMessage({ ...base, statusCode: "|" })).toMatch(/test order/);
    expect(orderStatusMessage({ ...base, statusCode: "-" })).toMatch(/cancelled/);
    expect(orderStatusMessage({ ...base, statusCode: "?" })).toMatch(/call us/);
  });

  it("knows the spec's prescription statuses", () => {
    expect(PRESCRIPTION_STATUSES).toEqual([
      "PendingExam",
      "PendingVerification",
      "PendingSubmission",
      "Verified",
      "FailedExam",
    ]);
  });
});

describe("formatting", () => {
  it("shows the order day on the Boise calendar", () => {
    expect(formatOrderDate("2026-03-01T03:00:00Z")).toBe("Feb 28, 2026");
    expect(formatOrderDate(new Date("2026-11-16T18:00:00Z"))).toBe("Nov 16, 2026");
    expect(formatOrderDate("nope")).toBe("");
  });

  it("sums boxes per product", () => {
    expect(orderItemsSummary([])).toBe("");
    expect(
      orderItemsSummary([
        { productName: "Acuvue Oasys", quantity: 2 },
        { productName: "Biotrue", quantity: 1 },
        { productName: "Acuvue Oasys", quantity: 4 },
      ]),
    ).toBe("6 × Acuvue Oasys, 1 × Biotrue");
  });
});

describe("isOrderNumberShaped", () => {
  it("takes letters, digits and dashes up to 40", () => {
    for (const value of ["LL-100234", "100234", "a".repeat(40)]) expect(isOrderNumberShaped(value), value).toBe(true);
    for (const value of [undefined, "", "a".repeat(41), "1 2", "../x", "100%", "ü"]) {
      expect(isOrderNumberShaped(value), String(value)).toBe(false);
    }
  });
});

describe("prescriptionStatusText", () => {
  it("words every prescription status, and none for a group without one", () => {
    expect(PRESCRIPTION_STATUSES.map(prescriptionStatusText)).toEqual([
      "Waiting for your eye exam",
      "Being verified with your doctor",
      "Waiting for your prescription",
      "Verified",
      "Eye exam not passed",
    ]);
    expect(prescriptionStatusText(null)).toBeNull();
    expect(prescriptionStatusText("Mystery")).toBe("Mystery");
  });
});

describe("orderLineView (a placed line on the thank-you and order details pages)", () => {
  const line = {
    id: 1,
    whichEye: "right",
    productName: "Acuvue Oasys",
    parameters: { power: "-2.00", baseCurve: "8.6" },
    quantity: 2,
    unitPriceCents: 4299,
    discountCents: 1290,
  };

  it("shows the boxes at their price, the discount on its own, then the line's total", () => {
    expect(orderLineView(line)).toEqual({
      id: 1,
      eye: "Right eye",
      productName: "Acuvue Oasys",
      parameters: ["Power/sphere -2.00", "BC 8.6"],
      quantity: 2,
      price: "$42.99",
      amount: "2 × $42.99 = $85.98",
      discount: "−$12.90",
      total: "$73.08",
    });
  });

  it("has no discount when the line had none, and never one larger than the line", () => {
    const plain = orderLineView({ ...line, whichEye: "none", discountCents: 0 });
    expect([plain.eye, plain.amount, plain.discount, plain.total]).toEqual([
      null,
      "2 × $42.99 = $85.98",
      null,
      "$85.98",
    ]);
    const whole = orderLineView({ ...line, discountCents: 99999 });
    expect([whole.discount, whole.total]).toEqual(["−$85.98", "$0.00"]);
  });
});
