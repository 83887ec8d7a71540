import type { Locator } from "@playwright/test";
import {
  expect,
  hasJavaScript,
  promoDismissCookie,
  promoRibbon,
  promoRibbonContent,
  siteHeader,
  test,
  waitForHydration,
} from "./fixtures";

/** What CSS draws before an element (`none`, or the text in quotes). */
function generatedText(element: Locator): Promise<string> {
  return element.evaluate((node) => getComputedStyle(node, "::before").content);
}

// The e2e content (tests/setup/e2e-content.ts) ends the promotion 2 days and 3 hours from the start of the run.
const ribbonContent = promoRibbonContent();
const examOverride = ribbonContent.route_overrides.find((override) => override.route === "/exam");

test.describe("promo ribbon (spec 2.9)", () => {
  test("shows on home with its desktop text and a countdown of 2 days", async ({ page }) => {
    await page.goto("/");
    const ribbon = promoRibbon(page);
    await expect(ribbon).toBeVisible();
    await expect(ribbon.locator(".ribbon-label")).toHaveText(ribbonContent.label ?? "");
    await expect(ribbon.locator(".ribbon-text-desktop")).toHaveText(ribbonContent.desktop_text ?? "");
    await expect(ribbon.locator(".ribbon-text-desktop")).toBeVisible();
    // The mobile text is only an attribute (one text in the HTML); CSS shows it on narrow screens alone.
    await expect(ribbon.locator(".ribbon-text")).toHaveAttribute("data-mobile-text", ribbonContent.mobile_text ?? "");
    expect(await generatedText(ribbon.locator(".ribbon-text"))).toBe("none");
    await expect(ribbon.getByRole("link").first()).toHaveAccessibleName(
      `${ribbonContent.label} ${ribbonContent.desktop_text}`,
    );
    await expect(ribbon.getByRole("link").first()).toHaveAttribute("href", ribbonContent.link_url ?? "");

    const countdown = ribbon.getByTestId("promo-countdown");
    await expect(countdown).toBeVisible();
    await expect(countdown.locator('[data-part="days"]')).toHaveText("2d");
    await expect(countdown).toHaveText(/^Ends in 2d \d{2}h \d{2}m \d{2}s$/);
    // Words a text browser prints (not an aria-label, which text browsers ignore).
    await expect(ribbon.getByRole("button", { name: "Close promotion" })).toHaveText("Close promotion");
    await expect(ribbon.getByRole("button", { name: "Close promotion" })).toBeVisible();
  });

  test("below 768 px the mobile text stands in for the desktop text", async ({ page }) => {
    test.skip(!hasJavaScript(), "CSS only: nothing differs without JavaScript");
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/");
    const ribbon = promoRibbon(page);
    await expect(ribbon.locator(".ribbon-text-desktop")).toBeHidden();
    expect(await generatedText(ribbon.locator(".ribbon-text"))).toBe(JSON.stringify(ribbonContent.mobile_text));
    await expect(ribbon.getByRole("link").first()).toHaveAccessibleName(
      `${ribbonContent.label} ${ribbonContent.mobile_text}`,
    );
  });

  test("the countdown ticks with JavaScript and is static server-rendered text without", async ({ page }) => {
    const response = await page.goto("/");
    const html = (await response?.text()) ?? "";
    expect(html).toContain('data-testid="promo-countdown"');
    const seconds = promoRibbon(page).getByTestId("promo-countdown").locator('[data-part="seconds"]');
    const first = await seconds.textContent();
    expect(first).toMatch(/^\d{2}s$/);

    if (hasJavaScript()) {
      await expect.poll(() => seconds.textContent(), { timeout: 3_500 }).not.toBe(first);
    } else {
      // Nothing can change it: check a couple of seconds later that it still reads what the server sent.
      await page.waitForTimeout(2_000);
      await expect(seconds).toHaveText(first ?? "");
    }
  });

  test("closing hides it for 10 minutes with the disabledPromoBanner cookie", async ({ page }) => {
    await page.goto("/lenses");
    await waitForHydration(page);
    const ribbon = promoRibbon(page);
    await expect(ribbon).toBeVisible();
    expect(await promoDismissCookie(page)).toBeUndefined();

    const clickedAt = Date.now() / 1000;
    await ribbon.getByRole("button", { name: "Close promotion" }).click();
    await expect(ribbon).toHaveCount(0);
    await expect(page).toHaveURL(/\/lenses$/);
    await expect(siteHeader(page)).toBeVisible();

    await expect.poll(() => promoDismissCookie(page).then((cookie) => cookie?.value)).toBe("true");
    const cookie = await promoDismissCookie(page);
    expect(cookie?.path).toBe("/");
    expect(cookie?.expires).toBeGreaterThan(clickedAt + 550);
    expect(cookie?.expires).toBeLessThan(clickedAt + 650);

    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact lenses");
    await expect(promoRibbon(page)).toHaveCount(0);

    await page.goto("/");
    await expect(siteHeader(page)).toBeVisible();
    await expect(promoRibbon(page)).toHaveCount(0);
  });

  // Hidden on /checkout: checked by the purchase journey (tests/e2e/checkout.spec.ts), which reaches a real checkout.

  test("/exam pages show the route override's text and link", async ({ page }) => {
    // The spec'd override: "Renew your prescription online for $20" on desktop.
    expect(examOverride?.desktop_text).toBe("Renew your prescription online for $20");
    await page.goto("/exam/landing");
    const ribbon = promoRibbon(page);
    await expect(ribbon).toBeVisible();
    await expect(ribbon.locator(".ribbon-text-desktop")).toHaveText("Renew your prescription online for $20");
    await expect(ribbon.locator(".ribbon-text-desktop")).toBeVisible();
    await expect(ribbon.locator(".ribbon-text")).toHaveAttribute("data-mobile-text", examOverride?.mobile_text ?? "");
    await expect(ribbon.getByRole("link").first()).toHaveAttribute("href", examOverride?.link_url ?? "");
    await expect(ribbon).not.toContainText(ribbonContent.desktop_text ?? "");
  });
});
