import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import {
  countdownParts,
  isCountdownFinished,
  PROMO_RIBBON_HIDDEN_SECONDS,
  promoRibbonDismissSchema,
  promoRibbonSlotSchema,
  resolvePromoRibbon,
} from "./promo-ribbon";

const base = {
  label: "Cyber Week",
  background_color: "#1d3557",
  font_color: "#ffffff",
  mobile_text: "Mobile text",
  desktop_text: "Desktop text",
  countdown_background_color: "#e63946",
  countdown_font_color: "#fff",
  link_url: "/coupon",
};

function slot(ribbon: Record<string, unknown>, permanent = false) {
  return promoRibbonSlotSchema.parse({ is_promo_ribbon_permanent: permanent, ribbon: { ...base, ...ribbon } });
}

// 2026-11-21 12:00 in Boise (UTC-7 in November).
const now = DateTime.fromISO("2026-11-21T12:00:00", { zone: "America/Boise" });

describe("promo ribbon", () => {
  it("hides for 10 minutes after closing", () => {
    expect(PROMO_RIBBON_HIDDEN_SECONDS).toBe(600);
  });

  it("shows no countdown when the end is more than 3 days away", () => {
    const view = resolvePromoRibbon(slot({ promo_end_date: "2026-11-24T12:00:01" }), "/", now);
    expect(view?.countdown).toBeNull();
    expect(view?.desktopText).toBe("Desktop text");
  });

  it("shows the countdown when the end is exactly 3 days away or closer", () => {
    const view = resolvePromoRibbon(slot({ promo_end_date: "2026-11-24T12:00:00" }), "/", now);
    expect(view?.countdown).not.toBeNull();
    expect(countdownParts(view!.countdown!.endsAt, view!.countdown!.renderedAt)).toEqual({
      days: 3,
      hours: 0,
      minutes: 0,
      seconds: 0,
    });
  });

  it("reads the end date in Mountain time", () => {
    // 2026-11-22T00:00 Boise is 07:00 UTC.
    const view = resolvePromoRibbon(slot({ promo_end_date: "2026-11-22T00:00:00" }), "/", now);
    expect(view?.countdown?.endsAt).toBe(Date.UTC(2026, 10, 22, 7, 0, 0));
  });

  it("shows nothing once the promotion has ended", () => {
    expect(resolvePromoRibbon(slot({ promo_end_date: "2026-11-21T11:59:59" }), "/", now)).toBeNull();
    expect(resolvePromoRibbon(slot({ promo_end_date: "2026-11-21T12:00:00" }), "/", now)).toBeNull();
  });

  it("applies the most specific route override, and hides where told", () => {
    const configured = slot({
      route_overrides: [
        { route: "/exam", desktop_text: "Exam text" },
        { route: "/exam/landing", desktop_text: "Landing text" },
        { route: "/checkout", hidden: true },
      ],
    });
    expect(resolvePromoRibbon(configured, "/exam/start", now)?.desktopText).toBe("Exam text");
    expect(resolvePromoRibbon(configured, "/exam/landing", now)?.desktopText).toBe("Landing text");
    expect(resolvePromoRibbon(configured, "/examination", now)?.desktopText).toBe("Desktop text");
    expect(resolvePromoRibbon(configured, "/checkout", now)).toBeNull();
    expect(resolvePromoRibbon(configured, "/", now)?.mobileText).toBe("Mobile text");
  });

  it("marks a permanent ribbon", () => {
    expect(resolvePromoRibbon(slot({}, true), "/", now)?.permanent).toBe(true);
  });

  it("rejects colours that are not hex colours and links that leave the site", () => {
    expect(() => slot({ background_color: "red;background:url(x)" })).toThrow();
    expect(() => slot({ link_url: "https://elsewhere.example" })).toThrow();
    expect(() => slot({ link_url: "//elsewhere.example" })).toThrow();
  });

  it("counts down and stops at zeros", () => {
    const end = Date.UTC(2026, 0, 1, 0, 0, 0);
    expect(countdownParts(end, end - (26 * 3600 + 61) * 1000)).toEqual({ days: 1, hours: 2, minutes: 1, seconds: 1 });
    const finished = countdownParts(end, end + 5000);
    expect(finished).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(isCountdownFinished(finished)).toBe(true);
    expect(isCountdownFinished(countdownParts(end, end - 1000))).toBe(false);
  });

  it("accepts only a site path to return to after closing", () => {
    expect(promoRibbonDismissSchema.safeParse({ intent: "dismiss", redirectTo: "/lenses?x=1" }).success).toBe(true);
    for (const redirectTo of ["//evil.example", "/\\evil.example", "https://evil.example", "javascript:alert(1)"]) {
      expect(promoRibbonDismissSchema.safeParse({ intent: "dismiss", redirectTo }).success).toBe(false);
    }
    expect(promoRibbonDismissSchema.safeParse({ intent: "other" }).success).toBe(false);
  });
});
