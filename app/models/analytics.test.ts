import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { analyticsServiceType, SERVICE_TYPE_ORDER_DAYS } from "./analytics";

const now = DateTime.fromISO("2026-11-21T12:00:00", { zone: "America/Boise" });

describe("analytics service type (spec 3 §9)", () => {
  it("is 'Sales' without a last order", () => {
    expect(analyticsServiceType(null, now)).toBe("Sales");
  });

  it("is 'Service' up to exactly 30 days after the last order, 'Sales' a millisecond later", () => {
    expect(SERVICE_TYPE_ORDER_DAYS).toBe(30);
    expect(analyticsServiceType(now.minus({ minutes: 5 }), now)).toBe("Service");
    expect(analyticsServiceType(now.minus({ milliseconds: 30 * 86_400_000 }), now)).toBe("Service");
    expect(analyticsServiceType(now.minus({ milliseconds: 30 * 86_400_000 + 1 }), now)).toBe("Sales");
    expect(analyticsServiceType(now.minus({ days: 31 }), now)).toBe("Sales");
  });

  it("reads JS dates as well as luxon ones", () => {
    const at = new Date("2026-11-01T00:00:00Z");
    expect(analyticsServiceType(at, new Date("2026-12-01T00:00:00Z"))).toBe("Service");
    expect(analyticsServiceType(at, new Date("2026-12-01T00:00:00.001Z"))).toBe("Sales");
  });
});
