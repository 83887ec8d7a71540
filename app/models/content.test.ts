import { describe, expect, it } from "vitest";
import { notificationSourcePriority } from "./content";

describe("notification source priority (spec 4.3)", () => {
  it("follows list order, first highest; unlisted sources are 0", () => {
    const sources = ["order-status", "coupon", "promo"];
    expect(notificationSourcePriority(sources, "order-status")).toBe(3);
    expect(notificationSourcePriority(sources, "promo")).toBe(1);
    expect(notificationSourcePriority(sources, "unknown")).toBe(0);
  });
});
