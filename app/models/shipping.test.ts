import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import {
  DELIVERY_BUFFER_DAYS,
  FREE_SHIPPING_LABEL,
  SHIPPING_CUTOFF_HOUR,
  SHIPPING_LEVELS,
  SHIPPING_METHODS,
  deliveryEstimate,
  formatDeliveryDate,
  isBusinessDay,
  isCarrierHoliday,
  isShippingLevel,
  shipDate,
  shippingDays,
  shippingMethod,
  shippingPriceLabel,
} from "./shipping";

/** A wall-clock time in Boise. */
const boise = (iso: string) => DateTime.fromISO(iso, { zone: "America/Boise" });
/** An instant given in UTC (the server's clock), so the tests don't depend on the machine's zone. */
const utc = (iso: string) => DateTime.fromISO(iso, { zone: "utc" });
const day = (d: DateTime) => d.toISODate();

describe("shipping levels and methods (spec: 0 Standard … 4 SameDay)", () => {
  it("numbers the levels as the spec does", () => {
    expect(SHIPPING_LEVELS).toEqual([0, 1, 2, 3, 4]);
    expect(SHIPPING_METHODS.map((m) => [m.level, m.name])).toEqual([
      [0, "Standard"],
      [1, "Expedited"],
      [2, "NextDay"],
      [3, "NextDayByNoon"],
      [4, "SameDay"],
    ]);
  });

  it("prices, labels and transit days per method", () => {
    expect(SHIPPING_METHODS.map((m) => [m.label, m.priceCents, m.transitBusinessDays])).toEqual([
      ["Standard shipping", 495, 5],
      ["Expedited shipping", 995, 3],
      ["Next-day delivery", 1995, 1],
      ["Next-day delivery by noon", 2995, 1],
      ["Same-day delivery", 3995, 0],
    ]);
  });

  it("looks a method up by its level", () => {
    for (const level of SHIPPING_LEVELS) expect(shippingMethod(level).level).toBe(level);
    expect(shippingMethod(3).name).toBe("NextDayByNoon");
  });

  it("recognises only the five integer levels", () => {
    for (const level of SHIPPING_LEVELS) expect(isShippingLevel(level)).toBe(true);
    for (const value of [-1, 5, 1.5, "1", null, undefined, Number.NaN]) expect(isShippingLevel(value)).toBe(false);
  });
});

describe("price label", () => {
  it("says 'FREE' for no charge, else the amount", () => {
    expect(FREE_SHIPPING_LABEL).toBe("FREE");
    expect(shippingPriceLabel(0)).toBe("FREE");
    expect(shippingPriceLabel(495)).toBe("$4.95");
    expect(shippingPriceLabel(1)).toBe("$0.01");
  });
});

describe("cut-off (spec: after 4 pm Mountain time)", () => {
  it("is 16:00 in Boise", () => {
    expect(SHIPPING_CUTOFF_HOUR).toBe(16);
  });

  it("ships today at 15:59 and tomorrow at 16:00 (Boise)", () => {
    expect(day(shipDate(boise("2026-11-17T15:59:59")))).toBe("2026-11-17");
    expect(day(shipDate(boise("2026-11-17T16:00:00")))).toBe("2026-11-18");
  });

  it("judges the cut-off on the Boise clock whatever zone the time comes in", () => {
    // 17:30 in New York is 15:30 in Boise: still before the cut-off.
    expect(day(shipDate(DateTime.fromISO("2026-11-17T17:30", { zone: "America/New_York" })))).toBe("2026-11-17");
    // 18:30 in New York is 16:30 in Boise: after it.
    expect(day(shipDate(DateTime.fromISO("2026-11-17T18:30", { zone: "America/New_York" })))).toBe("2026-11-18");
  });

  it("follows daylight saving time in spring: 22:30 UTC is 15:30 MST before, 16:30 MDT after 2026-03-08", () => {
    expect(day(shipDate(utc("2026-03-05T22:30:00")))).toBe("2026-03-05"); // Thu, MST: before the cut-off
    expect(day(shipDate(utc("2026-03-10T22:30:00")))).toBe("2026-03-11"); // Tue, MDT: after it
  });

  it("follows daylight saving time in autumn: 22:30 UTC is 16:30 MDT before, 15:30 MST after 2026-11-01", () => {
    expect(day(shipDate(utc("2026-10-29T22:30:00")))).toBe("2026-10-30"); // Thu, MDT: after the cut-off
    expect(day(shipDate(utc("2026-11-03T22:30:00")))).toBe("2026-11-03"); // Tue, MST: before it
  });

  it("returns the start of the ship day in Boise", () => {
    const shipped = shipDate(utc("2026-11-17T12:00:00"));
    expect(shipped.zoneName).toBe("America/Boise");
    expect(shipped.toISO()).toBe("2026-11-17T00:00:00.000-07:00");
  });
});

describe("ship date across weekends and holidays", () => {
  it("moves a Friday order after the cut-off to Monday", () => {
    expect(day(shipDate(boise("2026-11-20T15:59")))).toBe("2026-11-20");
    expect(day(shipDate(boise("2026-11-20T16:00")))).toBe("2026-11-23");
  });

  it("ships weekend orders on Monday, whatever the hour", () => {
    expect(day(shipDate(boise("2026-11-21T09:00")))).toBe("2026-11-23");
    expect(day(shipDate(boise("2026-11-22T09:00")))).toBe("2026-11-23");
    expect(day(shipDate(boise("2026-11-22T23:59")))).toBe("2026-11-23");
  });

  it("skips Thanksgiving (fourth Thursday of November)", () => {
    expect(isCarrierHoliday(boise("2026-11-26T12:00"))).toBe(true);
    expect(isBusinessDay(boise("2026-11-26T12:00"))).toBe(false);
    expect(day(shipDate(boise("2026-11-25T16:30")))).toBe("2026-11-27");
    expect(day(shipDate(boise("2026-11-26T09:00")))).toBe("2026-11-27");
  });

  it("observes a Saturday Christmas on the Friday before (2027-12-24)", () => {
    expect(isCarrierHoliday(boise("2027-12-24T12:00"))).toBe(true);
    expect(isCarrierHoliday(boise("2027-12-25T12:00"))).toBe(true);
    expect(isCarrierHoliday(boise("2027-12-23T12:00"))).toBe(false);
    expect(day(shipDate(boise("2027-12-23T16:00")))).toBe("2027-12-27");
  });

  it("observes a Saturday Independence Day on the Friday before (2026-07-03)", () => {
    expect(isCarrierHoliday(boise("2026-07-03T12:00"))).toBe(true);
    expect(day(shipDate(boise("2026-07-02T16:00")))).toBe("2026-07-06");
    expect(day(shipDate(boise("2026-07-03T09:00")))).toBe("2026-07-06");
  });

  it("observes a Sunday holiday on the Monday after", () => {
    // New Year's Day 2023 was a Sunday.
    expect(isCarrierHoliday(boise("2023-01-02T12:00"))).toBe(true);
    expect(day(shipDate(boise("2022-12-30T16:00")))).toBe("2023-01-03");
  });

  it("observes a Saturday New Year's Day on 31 December of the year before", () => {
    // 2028-01-01 is a Saturday.
    expect(isCarrierHoliday(boise("2027-12-31T12:00"))).toBe(true);
    expect(isCarrierHoliday(boise("2028-12-31T12:00"))).toBe(false);
  });

  it("knows the moving holidays: Memorial Day and Labor Day", () => {
    expect(isCarrierHoliday(boise("2026-05-25T12:00"))).toBe(true); // last Monday of May
    expect(isCarrierHoliday(boise("2026-05-18T12:00"))).toBe(false);
    expect(isCarrierHoliday(boise("2026-09-07T12:00"))).toBe(true); // first Monday of September
    expect(isCarrierHoliday(boise("2026-09-14T12:00"))).toBe(false);
    expect(isCarrierHoliday(boise("2026-01-01T12:00"))).toBe(true);
  });

  it("reads holidays on the Boise calendar", () => {
    // 05:00 UTC on 27 Nov is still Thanksgiving evening in Boise.
    expect(isCarrierHoliday(utc("2026-11-27T05:00:00"))).toBe(true);
    expect(isBusinessDay(utc("2026-11-27T05:00:00"))).toBe(false);
    expect(isBusinessDay(utc("2026-11-27T08:00:00"))).toBe(true);
  });
});

describe("delivery estimate", () => {
  const mondayMorning = boise("2026-11-16T10:00");

  it("adds each level's transit business days to the ship date", () => {
    expect(day(deliveryEstimate(0, mondayMorning))).toBe("2026-11-23"); // Standard: 5, over the weekend
    expect(day(deliveryEstimate(1, mondayMorning))).toBe("2026-11-19"); // Expedited: 3
    expect(day(deliveryEstimate(2, mondayMorning))).toBe("2026-11-17"); // NextDay: 1
    expect(day(deliveryEstimate(3, mondayMorning))).toBe("2026-11-17"); // NextDayByNoon: 1
    expect(day(deliveryEstimate(4, mondayMorning))).toBe("2026-11-16"); // SameDay: the ship date
  });

  it("delivers same-day orders after the cut-off on the next business day", () => {
    expect(day(deliveryEstimate(4, boise("2026-11-16T15:59")))).toBe("2026-11-16");
    expect(day(deliveryEstimate(4, boise("2026-11-16T16:00")))).toBe("2026-11-17");
    expect(day(deliveryEstimate(4, boise("2026-11-20T16:00")))).toBe("2026-11-23");
  });

  it("skips holidays in transit", () => {
    // Ships Wed 25 Nov; Thanksgiving and the weekend don't count.
    expect(day(deliveryEstimate(2, boise("2026-11-25T10:00")))).toBe("2026-11-27");
    expect(day(deliveryEstimate(0, boise("2026-11-25T10:00")))).toBe("2026-12-03");
    // Ships Thu 23 Dec 2027; Christmas (observed 24th) and New Year (observed 31st) don't count.
    expect(day(deliveryEstimate(0, boise("2027-12-23T10:00")))).toBe("2028-01-03");
  });

  it("is the start of a Boise day", () => {
    expect(deliveryEstimate(1, mondayMorning).toISO()).toBe("2026-11-19T00:00:00.000-07:00");
  });
});

describe("formatDeliveryDate", () => {
  it("reads like 'Tue, Nov 25' on the Boise calendar", () => {
    expect(formatDeliveryDate(boise("2025-11-25T00:00"))).toBe("Tue, Nov 25");
    // 05:00 UTC on Wed 25 Nov 2026 is still Tuesday evening in Boise.
    expect(formatDeliveryDate(utc("2026-11-25T05:00:00"))).toBe("Tue, Nov 24");
  });
});

describe("shipping days for an order's expected delivery (spec 2)", () => {
  it("is 3 for Expedited, 1 for NextDay, NextDayByNoon and SameDay, 7 otherwise", () => {
    expect(shippingDays(0)).toBe(7);
    expect(shippingDays(1)).toBe(3);
    expect(shippingDays(2)).toBe(1);
    expect(shippingDays(3)).toBe(1);
    expect(shippingDays(4)).toBe(1);
    expect(shippingDays(9)).toBe(7);
    expect(shippingDays(-1)).toBe(7);
  });

  it("adds a 2-day buffer", () => {
    expect(DELIVERY_BUFFER_DAYS).toBe(2);
  });
});
