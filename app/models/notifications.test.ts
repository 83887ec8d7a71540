import { describe, expect, it } from "vitest";
import {
  ALL_NOTIFICATION_SOURCES,
  allowedSourcesOf,
  canMinimize,
  chooseNotification,
  COUPON_NOTIFICATION_AUTO_DISMISS_MS,
  contentNotificationsSchema,
  isMinimized,
  NOTIFICATION_CLICK_DELAY_MS,
  NOTIFICATION_MODAL_AUTO_DISMISS_MS,
  NOTIFICATION_PRIORITY_CACHE_MS,
  NOTIFICATION_RECORD_DAYS,
  NOTIFICATION_SLIDE_MS,
  NOTIFICATION_TOAST_WIDTH_PX,
  notificationActionSchema,
  showOnceVerdict,
  sourcePriority,
  targetsPath,
  withDefaults,
  type NotificationEvent,
} from "./notifications";

const PRIORITIES = ["order-status", "expired-rx", "coupon", "promo", "recapture"];
const n = (sourceName: string, title = sourceName) => ({ sourceName, title });
const none = new Map<string, Set<NotificationEvent>>();

describe("spec constants", () => {
  it("are the spec's numbers", () => {
    expect(NOTIFICATION_RECORD_DAYS).toBe(7);
    expect(NOTIFICATION_PRIORITY_CACHE_MS).toBe(3_600_000);
    expect(NOTIFICATION_MODAL_AUTO_DISMISS_MS).toBe(2000);
    expect(NOTIFICATION_TOAST_WIDTH_PX).toBe(375);
    expect(COUPON_NOTIFICATION_AUTO_DISMISS_MS).toBe(7000);
    expect(NOTIFICATION_CLICK_DELAY_MS).toBe(200);
    expect(NOTIFICATION_SLIDE_MS).toBe(500);
  });
});

describe("priority choice", () => {
  it("follows the content list: first is highest, unlisted sources are 0", () => {
    expect(sourcePriority(PRIORITIES, "order-status")).toBe(5);
    expect(sourcePriority(PRIORITIES, "recapture")).toBe(1);
    expect(sourcePriority(PRIORITIES, "holiday")).toBe(0);
  });

  it("shows only the highest-priority notification", () => {
    const candidates = [n("recapture"), n("promo"), n("holiday"), n("coupon")];
    expect(chooseNotification(candidates, ALL_NOTIFICATION_SOURCES, PRIORITIES)?.sourceName).toBe("coupon");
    expect(chooseNotification([n("holiday"), n("recapture")], ALL_NOTIFICATION_SOURCES, PRIORITIES)?.sourceName).toBe(
      "recapture",
    );
  });

  it("between equal priorities, the earlier candidate; an unlisted source still shows when it is alone", () => {
    expect(chooseNotification([n("a", "first"), n("b", "second")], ALL_NOTIFICATION_SOURCES, [])?.title).toBe("first");
    expect(chooseNotification([n("holiday")], ALL_NOTIFICATION_SOURCES, PRIORITIES)?.sourceName).toBe("holiday");
    expect(chooseNotification([], ALL_NOTIFICATION_SOURCES, PRIORITIES)).toBeNull();
  });
});

describe("allowed sources", () => {
  it("only from the sources the page allows", () => {
    const candidates = [n("coupon"), n("promo"), n("recapture")];
    expect(chooseNotification(candidates, ["promo", "recapture"], PRIORITIES)?.sourceName).toBe("promo");
    expect(chooseNotification(candidates, ["recapture"], PRIORITIES)?.sourceName).toBe("recapture");
    expect(chooseNotification(candidates, [], PRIORITIES)).toBeNull();
  });

  it("come from the deepest route handle that names them; none named: every source", () => {
    expect(allowedSourcesOf(undefined)).toBe(ALL_NOTIFICATION_SOURCES);
    expect(allowedSourcesOf([{ route: { handle: { pageName: "Home" } } }])).toBe(ALL_NOTIFICATION_SOURCES);
    const server = [
      { route: { handle: { notificationSources: ["promo"] } } },
      { route: { handle: { pageName: "Checkout", notificationSources: ["recapture"] } } },
      { route: {} },
    ];
    expect(allowedSourcesOf(server)).toEqual(["recapture"]);
    // useMatches() in the browser gives the handle on the match itself.
    expect(allowedSourcesOf([{ handle: { notificationSources: ["coupon"] } }])).toEqual(["coupon"]);
    expect(allowedSourcesOf([{ handle: { notificationSources: "promo" } }])).toBe(ALL_NOTIFICATION_SOURCES);
  });

  it("a content notification targets its paths and the pages under them", () => {
    expect(targetsPath(undefined, "/cart")).toBe(true);
    expect(targetsPath(["/lenses"], "/lenses")).toBe(true);
    expect(targetsPath(["/lenses"], "/lenses/daily-disposables")).toBe(true);
    expect(targetsPath(["/lenses"], "/lenses-old")).toBe(false);
    expect(targetsPath(["/"], "/")).toBe(true);
    expect(targetsPath(["/"], "/cart")).toBe(true);
  });
});

describe("show once", () => {
  it("without a key: an error to log, and not shown", () => {
    const verdict = showOnceVerdict({ onlyShowOnce: true, title: "Welcome" }, none);
    expect(verdict.show).toBe(false);
    expect(verdict).toMatchObject({ error: expect.stringContaining("no key") });
  });

  it("a key marked displayed or dismissed blocks it; minimised or nothing does not", () => {
    const events = new Map<string, Set<NotificationEvent>>([
      ["seen", new Set(["displayed"])],
      ["gone", new Set(["dismissed"])],
      ["small", new Set(["minimized"])],
    ]);
    expect(showOnceVerdict({ key: "seen", onlyShowOnce: true, title: "t" }, events)).toEqual({ show: false });
    expect(showOnceVerdict({ key: "seen", title: "t" }, events)).toEqual({ show: false });
    expect(showOnceVerdict({ key: "gone", title: "t" }, events)).toEqual({ show: false });
    expect(showOnceVerdict({ key: "small", title: "t" }, events)).toEqual({ show: true });
    expect(showOnceVerdict({ key: "new", onlyShowOnce: true, title: "t" }, events)).toEqual({ show: true });
    expect(showOnceVerdict({ title: "no key, not show-once" }, events)).toEqual({ show: true });
  });

  it("minimised follows the visitor's last choice, else the content's", () => {
    expect(isMinimized(false, undefined)).toBe(false);
    expect(isMinimized(true, undefined)).toBe(true);
    expect(isMinimized(false, new Set(["minimized"]))).toBe(true);
    expect(isMinimized(true, new Set(["maximized"]))).toBe(false);
  });
});

describe("defaults", () => {
  const view = (input: Parameters<typeof withDefaults>[0]) => withDefaults(input);
  const base = { title: "Hello", kind: "content" as const };

  it("toast: bottom centre, sliding from the bottom; a top-centre toast slides from the top", () => {
    expect(view({ ...base, type: "toast", sourceName: "promo" })).toMatchObject({
      positionClass: "bottom-center",
      displayAnimation: "slide-from-bottom",
    });
    expect(view({ ...base, type: "toast", sourceName: "promo", positionClass: "top-center" })).toMatchObject({
      positionClass: "top-center",
      displayAnimation: "slide-from-top",
    });
  });

  it("banner: bottom full width; slide panel: top left; modal centred, closing after 2000 ms", () => {
    expect(view({ ...base, type: "banner", sourceName: "promo" }).positionClass).toBe("bottom-full-width");
    expect(view({ ...base, type: "slidePanel", sourceName: "promo" }).positionClass).toBe("top-left");
    expect(view({ ...base, type: "modal", sourceName: "promo" })).toMatchObject({
      positionClass: "center",
      autoDismissDurationInMs: 2000,
    });
  });

  it("a coupon notification closes after 7 s; the content's own duration wins; others stay", () => {
    expect(view({ ...base, type: "toast", sourceName: "coupon" }).autoDismissDurationInMs).toBe(7000);
    expect(view({ ...base, type: "toast", sourceName: "coupon", autoDismissDurationInMs: 3000 })).toMatchObject({
      autoDismissDurationInMs: 3000,
    });
    expect(view({ ...base, type: "banner", sourceName: "promo" })).toMatchObject({
      autoDismissDurationInMs: null,
      autoDismissOnEvent: null,
      allowDismiss: true,
      onlyShowOnce: false,
      style: "message",
      minimized: false,
      key: null,
    });
  });

  it("minimise is for banners and toasts only", () => {
    expect(canMinimize("banner")).toBe(true);
    expect(canMinimize("toast")).toBe(true);
    expect(canMinimize("modal")).toBe(false);
    expect(canMinimize("slidePanel")).toBe(false);
    expect(view({ ...base, type: "modal", sourceName: "promo", minimized: true }).minimized).toBe(false);
  });
});

describe("schemas", () => {
  it("the shipped content validates, and a notification with a foreign link does not", () => {
    const ok = contentNotificationsSchema.safeParse({
      notifications: [{ type: "banner", sourceName: "promo", title: "Hi", link: { label: "Go", href: "/lenses" } }],
    });
    expect(ok.success).toBe(true);
    const foreign = contentNotificationsSchema.safeParse({
      notifications: [{ type: "banner", sourceName: "promo", title: "Hi", link: { label: "Go", href: "//evil.test" } }],
    });
    expect(foreign.success).toBe(false);
    expect(
      contentNotificationsSchema.safeParse({ notifications: [{ type: "popup", sourceName: "x", title: "t" }] }),
    ).toMatchObject({ success: false });
  });

  it("the forms take a key, an intent and a return path on this site only", () => {
    expect(notificationActionSchema.safeParse({ intent: "dismiss", key: "welcome", returnTo: "/lenses" }).success).toBe(
      true,
    );
    expect(
      notificationActionSchema.safeParse({ intent: "dismiss", key: "welcome", returnTo: "//evil.test" }).success,
    ).toBe(false);
    expect(notificationActionSchema.safeParse({ intent: "close", key: "welcome" }).success).toBe(false);
    expect(notificationActionSchema.safeParse({ intent: "dismiss", key: "<script>" }).success).toBe(false);
  });
});
