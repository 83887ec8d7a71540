import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { test as base, expect, type Locator, type Page, type TestInfo } from "@playwright/test";

export { expect };

/** A client address of the test's own (10.x.y.z), the same for its retries' pages and different between tests. */
export function testClientAddress(info: Pick<TestInfo, "testId" | "retry">): string {
  const digest = createHash("sha256").update(`${info.testId}:${info.retry}`).digest();
  return `10.${digest[0]}.${digest[1]}.${digest[2]}`;
}

/**
 * Every test's browser context comes to the server as a client of its own, through the one proxy hop the e2e server
 * trusts (TRUST_PROXY=1 in playwright.config.ts): the per-address limits (20 uploads an hour, the sign-in limits)
 * then hold per test, as they would per shopper, rather than for the whole run from 127.0.0.1.
 */
export const test = base.extend({
  context: async ({ context }, provide, testInfo) => {
    await context.setExtraHTTPHeaders({ "X-Forwarded-For": testClientAddress(testInfo) });
    await provide(context);
  },
});

/** The phone number the shell links to (app/models/site.ts). */
export const PHONE_HREF = "tel:+18002668228";

/** True in the "js" project, false in "no-js". */
export function hasJavaScript(): boolean {
  return test.info().project.name === "js";
}

/**
 * With JavaScript, waits until React has hydrated the shell (React attaches its fiber to hydrated DOM nodes), so
 * clicks are handled by the app rather than by the browser's defaults. Without JavaScript there is nothing to wait for.
 */
export async function waitForHydration(page: Page): Promise<void> {
  if (!hasJavaScript()) return;
  await page.waitForFunction(() => {
    const main = document.querySelector("main#main");
    return !!main && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
  });
}

export function siteHeader(page: Page): Locator {
  return page.locator("header.site-header");
}

export function siteFooter(page: Page): Locator {
  return page.locator("footer.site-footer");
}

export function promoRibbon(page: Page): Locator {
  return page.getByTestId("promo-ribbon");
}

/** The hrefs of the links a locator matches, in document order. */
export async function hrefsOf(links: Locator): Promise<(string | null)[]> {
  return links.evaluateAll((links) => links.map((link) => link.getAttribute("href")));
}

/** The texts of the links a locator matches, in document order. */
export async function linkTextsOf(links: Locator): Promise<string[]> {
  return links.evaluateAll((links) => links.map((link) => (link.textContent ?? "").trim()));
}

/** The disabledPromoBanner cookie of the page's browser context, if any. */
export async function promoDismissCookie(page: Page) {
  const cookies = await page.context().cookies();
  return cookies.find((cookie) => cookie.name === "disabledPromoBanner");
}

export interface ContentMenuLink {
  link_text: string;
  link_url: string;
  signed_in_signed_out: "signed-in" | "signed-out" | "both";
  signed_out_order?: number;
  campaign_id?: string;
}

/**
 * A JSON file from the content the server reads: the run's copy (E2E_CONTENT_DIR, set by playwright.config.ts),
 * else content/.
 */
export function readContentJson<T>(relativePath: string): T {
  const root = process.env.E2E_CONTENT_DIR ?? fileURLToPath(new URL("../../content/", import.meta.url));
  return JSON.parse(fs.readFileSync(path.join(root, relativePath), "utf8")) as T;
}

/**
 * What a signed-out visitor sees from a content menu (menus/{name}.json): the links that are not signed-in only,
 * in signed_out_order.
 */
export function signedOutMenuLinks(name: string): { text: string; url: string }[] {
  const menu = readContentJson<{ links: ContentMenuLink[] }>(`menus/${name}.json`);
  return (
    menu.links
      .filter((link) => link.signed_in_signed_out !== "signed-in")
      // A link aimed at a campaign shows only for its variation (spec 1 §2.7): a plain visitor has none.
      .filter((link) => !link.campaign_id)
      .sort((a, b) => (a.signed_out_order ?? 0) - (b.signed_out_order ?? 0))
      .map((link) => ({ text: link.link_text, url: link.link_url }))
  );
}

interface RibbonText {
  label?: string;
  desktop_text?: string;
  mobile_text?: string;
  link_url?: string;
}

/** The promo ribbon slot (slots/sitecartpromoconfig.json): the base ribbon and its route overrides. */
export function promoRibbonContent() {
  const slot = readContentJson<{ ribbon: RibbonText & { route_overrides: (RibbonText & { route: string })[] } }>(
    "slots/sitecartpromoconfig.json",
  );
  return slot.ribbon;
}

/**
 * The text body of the newest e-mail of a kind (pin, password-reset, …) to an address, read from the dev mailbox
 * in a page of its own, so the page under test keeps its state.
 */
export async function newestMailText(page: Page, to: string, kind: string): Promise<string> {
  const mailbox = await page.context().newPage();
  try {
    await mailbox.goto(`/dev/mailbox?to=${encodeURIComponent(to)}`);
    const row = mailbox.locator(`[data-testid="mail-row"][data-kind="${kind}"]`).first();
    await expect(row).toHaveAttribute("data-to", to);
    await row.getByRole("link").click();
    await expect(mailbox.getByTestId("mail-to")).toHaveText(to);
    // Without JavaScript the message page is still streaming when its first lines show: read it once it is parsed.
    await mailbox.waitForLoadState("domcontentloaded");
    return (await mailbox.getByTestId("mail-text").textContent()) ?? "";
  } finally {
    await mailbox.close();
  }
}
