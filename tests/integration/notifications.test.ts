import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { NotificationView } from "~/models/notifications";
import { loader as rootLoader } from "~/root";
import * as notificationsResource from "~/routes/resources.notifications";
import type { DatabaseHandle } from "~/services/db/client.server";
import { notificationRecords } from "~/services/db/schema";
import { notificationSourcesMiddleware } from "~/services/notifications/notification-centre.server";
import { expireNotificationRecords } from "~/services/notifications/notification-records.server";
import type { AppServices } from "~/services/platform/context.server";
import { ExamBrowser } from "../setup/exam-fixtures";
import { pauseExperiments } from "../setup/test-content";
import { createTestServices, runThroughMiddleware } from "../setup/test-context";
import { createTestDatabase } from "../setup/test-database";

// The notification centre (spec 1 §4.3, decision 60): the root loader's one notification, the dismiss and minimise
// forms, what a browser or a customer saw (show once) and the records' week.

let database: DatabaseHandle;
let services: AppServices;
let contentDir: string;

const NOTIFICATIONS = [
  { key: "t-banner", type: "banner", sourceName: "promo", title: "Banner", paths: ["/t/banner"] },
  { key: "t-once", type: "toast", sourceName: "coupon", title: "Once", onlyShowOnce: true, paths: ["/t/once"] },
  { type: "banner", sourceName: "promo", title: "Keyless", onlyShowOnce: true, paths: ["/t/nokey"] },
  { key: "t-low", type: "banner", sourceName: "holiday", title: "Low", paths: ["/t/priority"] },
  { key: "t-high", type: "toast", sourceName: "order-status", title: "High", paths: ["/t/priority"] },
  { key: "t-modal", type: "modal", sourceName: "promo", title: "Modal", paths: ["/t/modal"] },
  { key: "t-stuck", type: "banner", sourceName: "promo", title: "Stuck", allowDismiss: false, paths: ["/t/stuck"] },
];

beforeAll(async () => {
  contentDir = fs.mkdtempSync(path.join(os.tmpdir(), "lenslane-notifications-"));
  fs.cpSync(path.resolve("content"), contentDir, { recursive: true });
  fs.writeFileSync(path.join(contentDir, "notifications.json"), JSON.stringify({ notifications: NOTIFICATIONS }));
  pauseExperiments(contentDir);
  database = await createTestDatabase();
  services = createTestServices(database, { CONTENT_DIR: contentDir });
  services.logger.level = "silent";
});
afterAll(async () => {
  await database.close();
  fs.rmSync(contentDir, { recursive: true, force: true });
});

/** The shell's notification for a page, as the root loader gives it (with the page's allowed sources, if any). */
async function shown(browser: ExamBrowser, pathname: string, notificationSources?: string[]) {
  const headers = new Headers(browser.cookies.size > 0 ? { Cookie: browser.cookieHeader } : {});
  if (browser.userAgent) headers.set("User-Agent", browser.userAgent);
  const request = new Request(`http://store.test${pathname}`, { headers });
  let notification: NotificationView | null = null;
  const response = await runThroughMiddleware(services, request, async (context) => {
    const matches = [{ route: { handle: notificationSources ? { notificationSources } : { pageName: "Test" } } }];
    return notificationSourcesMiddleware({ request, context, params: {}, matches } as never, async () => {
      notification = (await rootLoader({ request, params: {}, context } as never)).notification;
      return new Response("page");
    }) as Promise<Response>;
  });
  // The browser keeps what the page set (its visitor id).
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(";");
    const [name, value] = pair!.split("=");
    if (name === "visitor" && value) browser.cookies.set(name, value);
  }
  return notification as NotificationView | null;
}

const post = (browser: ExamBrowser, form: Record<string, string>) =>
  browser.send(notificationsResource.action, "/resources/notifications", { form });

const recordsOf = (key: string) =>
  database.db.select().from(notificationRecords).where(eq(notificationRecords.key, key));

describe("the one notification", () => {
  it("is the highest-priority one of the sources the page allows", async () => {
    const browser = new ExamBrowser(services);
    expect(await shown(browser, "/t/priority")).toMatchObject({ key: "t-high", sourceName: "order-status" });
    // An unlisted source has priority 0, but shows where the page allows only it.
    expect(await shown(browser, "/t/priority", ["holiday", "promo"])).toMatchObject({ key: "t-low" });
    expect(await shown(browser, "/t/priority", ["promo"])).toBeNull();
    expect(await shown(browser, "/t/elsewhere")).toBeNull();
  });

  it("the answer to a form post outranks the content system's, and is shown once as today's toast", async () => {
    const browser = new ExamBrowser(services);
    const [pair] = (await services.sessions.toastCookie({ id: "t1", kind: "success", message: "Saved." })).split(";");
    const at = pair!.indexOf("=");
    browser.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    expect(await shown(browser, "/t/priority")).toMatchObject({
      kind: "form-result",
      type: "toast",
      title: "Saved.",
      toastKind: "success",
      positionClass: "bottom-center",
    });
    // A page that does not allow the form's answer shows the next one.
    expect(await shown(browser, "/t/priority", ["order-status"])).toMatchObject({ key: "t-high" });
  });

  it("fills in the spec's defaults (a modal closes after 2000 ms)", async () => {
    expect(await shown(new ExamBrowser(services), "/t/modal")).toMatchObject({
      type: "modal",
      positionClass: "center",
      autoDismissDurationInMs: 2000,
    });
  });
});

describe("show once", () => {
  it("is shown once per browser, remembered in the database, and the browser keeps its id", async () => {
    const browser = new ExamBrowser(services);
    expect(await shown(browser, "/t/once")).toMatchObject({ key: "t-once", onlyShowOnce: true });
    expect(browser.cookies.get("visitor")).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await recordsOf("t-once")).toEqual([
      expect.objectContaining({ visitorId: browser.cookies.get("visitor"), customerId: null, event: "displayed" }),
    ]);
    expect(await shown(browser, "/t/once")).toBeNull();
    // Another browser has not seen it.
    expect(await shown(new ExamBrowser(services), "/t/once")).toMatchObject({ key: "t-once" });
  });

  it("nothing is recorded for a crawler (a new id on every request)", async () => {
    const bot = new ExamBrowser(services);
    bot.userAgent = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    const before = (await recordsOf("t-once")).length;
    expect(await shown(bot, "/t/once")).toMatchObject({ key: "t-once" });
    expect(await recordsOf("t-once")).toHaveLength(before);
    expect(bot.cookies.has("visitor")).toBe(false);
  });

  it("without a key: an error is logged and it is not shown", async () => {
    const error = vi.spyOn(services.logger, "error");
    try {
      expect(await shown(new ExamBrowser(services), "/t/nokey")).toBeNull();
      expect(error).toHaveBeenCalledWith(expect.anything(), expect.stringContaining('"Keyless" has no key'));
    } finally {
      error.mockRestore();
    }
  });

  it("per customer when signed in: seen on one device, not shown on another", async () => {
    const phone = await ExamBrowser.signedIn(services);
    const laptop = await ExamBrowser.signedIn(services, phone.customer!);
    expect(await shown(phone, "/t/once")).toMatchObject({ key: "t-once" });
    expect(await shown(laptop, "/t/once")).toBeNull();
    const rows = await database.db
      .select()
      .from(notificationRecords)
      .where(and(eq(notificationRecords.key, "t-once"), eq(notificationRecords.customerId, phone.customerId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.visitorId).toBeNull();
  });
});

describe("dismiss and minimise (the forms)", () => {
  it("dismissing records it for the browser and goes back with a 303; the next page does not show it", async () => {
    const browser = new ExamBrowser(services);
    expect(await shown(browser, "/t/banner")).toMatchObject({ key: "t-banner", allowDismiss: true });
    const { response } = await post(browser, { intent: "dismiss", key: "t-banner", returnTo: "/t/banner?x=1" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/t/banner?x=1");
    const visitorId = browser.cookies.get("visitor");
    expect(visitorId).toBeTruthy();
    expect(await recordsOf("t-banner")).toEqual([expect.objectContaining({ visitorId, event: "dismissed" })]);
    expect(await shown(browser, "/t/banner")).toBeNull();
    // Without a return path: home.
    const other = new ExamBrowser(services);
    expect((await post(other, { intent: "dismiss", key: "t-banner" })).response.headers.get("Location")).toBe("/");
  });

  it("refuses a foreign return path, an unknown key and a control the notification does not offer (400)", async () => {
    const browser = new ExamBrowser(services);
    for (const form of [
      { intent: "dismiss", key: "t-banner", returnTo: "//evil.test/phish" },
      { intent: "dismiss", key: "t-banner", returnTo: "https://evil.test/" },
      { intent: "dismiss", key: "no-such-notification", returnTo: "/" },
      { intent: "dismiss", key: "t-stuck", returnTo: "/" },
      { intent: "minimize", key: "t-modal", returnTo: "/" },
      { intent: "explode", key: "t-banner", returnTo: "/" },
    ]) {
      const { response } = await post(browser, form);
      expect(response.status, JSON.stringify(form)).toBe(400);
    }
    expect(browser.cookies.has("visitor")).toBe(false);
    const { response } = await browser.send(notificationsResource.loader, "/resources/notifications");
    expect(response.status).toBe(405);
  });

  it("minimise and maximise are remembered, the last choice counting", async () => {
    const browser = new ExamBrowser(services);
    await post(browser, { intent: "minimize", key: "t-banner", returnTo: "/t/banner" });
    expect(await shown(browser, "/t/banner")).toMatchObject({ key: "t-banner", minimized: true });
    await post(browser, { intent: "maximize", key: "t-banner", returnTo: "/t/banner" });
    expect(await shown(browser, "/t/banner")).toMatchObject({ key: "t-banner", minimized: false });
  });

  it("a signed-in customer's dismissal is theirs on every device; a guest's stays with the browser", async () => {
    const guest = new ExamBrowser(services);
    await post(guest, { intent: "dismiss", key: "t-banner", returnTo: "/" });
    expect(await shown(guest, "/t/banner")).toBeNull();
    // The same browser signed in: the customer's own records count, not the browser's.
    const customer = await ExamBrowser.signedIn(services);
    customer.cookies.set("visitor", guest.cookies.get("visitor")!);
    expect(await shown(customer, "/t/banner")).toMatchObject({ key: "t-banner" });
    await post(customer, { intent: "dismiss", key: "t-banner", returnTo: "/" });
    expect(await shown(customer, "/t/banner")).toBeNull();
    const laptop = await ExamBrowser.signedIn(services, customer.customer!);
    expect(await shown(laptop, "/t/banner")).toBeNull();
    expect(await shown(new ExamBrowser(services), "/t/banner")).toMatchObject({ key: "t-banner" });
  });
});

describe("the records' week", () => {
  it("a record older than a week no longer counts, and the job deletes it", async () => {
    const browser = new ExamBrowser(services);
    await post(browser, { intent: "dismiss", key: "t-banner", returnTo: "/" });
    const visitorId = browser.cookies.get("visitor")!;
    expect(await shown(browser, "/t/banner")).toBeNull();
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3600_000);
    await database.db
      .update(notificationRecords)
      .set({ createdAt: eightDaysAgo })
      .where(eq(notificationRecords.visitorId, visitorId));
    expect(await shown(browser, "/t/banner")).toMatchObject({ key: "t-banner" });

    const fresh = new ExamBrowser(services);
    await post(fresh, { intent: "dismiss", key: "t-banner", returnTo: "/" });
    expect(await expireNotificationRecords(database.db)).toBeGreaterThanOrEqual(1);
    expect(
      await database.db.select().from(notificationRecords).where(eq(notificationRecords.visitorId, visitorId)),
    ).toEqual([]);
    const kept = await database.db
      .select()
      .from(notificationRecords)
      .where(eq(notificationRecords.visitorId, fresh.cookies.get("visitor")!));
    expect(kept).toHaveLength(1);
    // Dismissed again after the week: a new record, counted from now.
    await post(browser, { intent: "dismiss", key: "t-banner", returnTo: "/" });
    expect(await shown(browser, "/t/banner")).toBeNull();
  });
});
