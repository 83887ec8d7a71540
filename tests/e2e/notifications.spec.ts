import type { Page } from "@playwright/test";
import { E2E_NOTIFICATIONS } from "../setup/e2e-content";
import { expect, hasJavaScript, siteHeader, test, waitForHydration } from "./fixtures";

// The notification centre (spec 1 §4.3, decision 60), with JavaScript and without: the e2e content's banner on the
// public-policy pages is shown by the server, minimised and shown again, dismissed with a plain form, and not shown
// again on the next page.

const [content] = E2E_NOTIFICATIONS;
const notification = (page: Page) => page.getByTestId("notification");

test("a banner notification is shown, minimised, dismissed, and not shown again on the next page", async ({ page }) => {
  await page.goto("/public-policy/home");
  const banner = notification(page);
  await expect(banner).toBeVisible();
  await expect(banner.getByRole("heading", { name: content!.title })).toBeVisible();
  await expect(banner).toContainText(content!.message);
  await expect(banner.getByRole("link", { name: content!.link.label })).toHaveAttribute("href", content!.link.href);
  await expect(banner).toHaveClass(/notification-pos-bottom-full-width/);
  // Read where it is in the document: right after the header, before the page.
  expect(
    await page.evaluate(() => {
      const header = document.querySelector("header.site-header");
      const notice = document.querySelector('[data-testid="notification"]');
      const main = document.querySelector("main#main");
      const follows = (a: Node, b: Node) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
      return Boolean(header && notice && main && follows(header, notice) && follows(notice, main));
    }),
  ).toBe(true);
  // On screen it stays at the bottom of the window.
  const box = await banner.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport && Math.round(box.y + box.height)).toBe(viewport?.height);

  await waitForHydration(page);
  await banner.getByRole("button", { name: "Show less" }).click();
  await expect(page).toHaveURL(/\/public-policy\/home$/);
  await expect(notification(page)).toHaveClass(/notification-minimized/);
  await expect(notification(page)).not.toContainText(content!.message);
  await waitForHydration(page);
  await notification(page).getByRole("button", { name: "Show more" }).click();
  await expect(notification(page)).toContainText(content!.message);

  // Dismissed from the keyboard: the control is a button in a plain form.
  await waitForHydration(page);
  const dismiss = notification(page).getByRole("button", { name: "Dismiss notification" });
  await dismiss.focus();
  await expect(dismiss).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/public-policy\/home$/);
  await expect(notification(page)).toHaveCount(0);
  await expect(siteHeader(page)).toBeVisible();

  await page.goto("/public-policy/telehealth");
  await expect(page.locator("main h1")).toBeVisible();
  await expect(notification(page)).toHaveCount(0);
});

test("the banner is only on the pages it targets, and a second browser still sees it", async ({ page, browser }) => {
  await page.goto("/public-policy/telehealth");
  await expect(notification(page)).toBeVisible();
  await page.goto("/");
  await expect(notification(page)).toHaveCount(0);
  // With JavaScript, a client-side move to a page it does not target hides it too.
  if (hasJavaScript()) {
    await page.goto("/public-policy/telehealth");
    await waitForHydration(page);
    await expect(notification(page)).toBeVisible();
    await siteHeader(page)
      .getByRole("link", { name: /lenslane/i })
      .first()
      .click();
    await expect(page).toHaveURL(/\/$/);
    await expect(notification(page)).toHaveCount(0);
  }
  const other = await browser.newContext();
  const second = await other.newPage();
  await second.goto(new URL("/public-policy/home", page.url()).toString());
  await expect(notification(second)).toBeVisible();
  await other.close();
});
