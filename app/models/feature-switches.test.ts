import { describe, expect, it } from "vitest";
import { FEATURE_SWITCHES, isSwitchOn, storedSwitchValue } from "./feature-switches";

const byKey = (key: string) => FEATURE_SWITCHES.find((item) => item.key === key)!;

describe("feature switches", () => {
  it("has PayPal, AfterPay and Apple Pay on unless switched off (spec 3 §5)", () => {
    for (const key of ["paypal", "afterpay", "applePay"]) {
      const item = byKey(key);
      expect(isSwitchOn(item, undefined)).toBe(true);
      expect(isSwitchOn(item, false)).toBe(false);
      expect(storedSwitchValue(item, false)).toBe(false);
      expect(storedSwitchValue(item, true)).toBeUndefined();
    }
  });

  it("keeps the other switches off unless switched on", () => {
    for (const key of ["qa", "allowUnsupportedBrowser", "realTimeIdentityData"]) {
      const item = byKey(key);
      expect(isSwitchOn(item, undefined)).toBe(false);
      expect(isSwitchOn(item, true)).toBe(true);
      expect(storedSwitchValue(item, true)).toBe(true);
      expect(storedSwitchValue(item, false)).toBeUndefined();
    }
  });
});
