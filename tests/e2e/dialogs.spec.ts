import type { Locator, Page } from "@playwright/test";
import { seedProducts } from "../../app/services/db/seed/catalog-data.server";
import { expect, hasJavaScript, siteHeader, test, waitForHydration } from "./fixtures";
import { expectReadBeforePage } from "./reading-order";

// Issue 13: URL dialogs are usable without a mouse. With JavaScript a dialog is modal: it takes focus, Tab stays
// inside it, Escape closes it back to the page (the URL without the dialog's parameters) and focus returns.
// Without JavaScript it is a plain section at the top of the page, and Tab goes on into the page.

const TORIC = seedProducts.find((product) => product.vanityUrl === "acuvue-oasys-for-astigmatism-6-pack")!;

function hasFocusInside(dialog: Locator): Promise<boolean> {
  return dialog.evaluate((node) => node.contains(document.activeElement));
}

function isModal(dialog: Locator): Promise<boolean> {
  return dialog.evaluate((node) => node.matches(":modal"));
}

/** With JavaScript: 60 Tabs and 10 Shift+Tabs never take focus out of the dialog. */
async function expectTabStaysInside(page: Page, dialog: Locator) {
  for (let press = 1; press <= 70; press++) {
    await page.keyboard.press(press <= 60 ? "Tab" : "Shift+Tab");
    expect(await hasFocusInside(dialog), `focus after key press ${press}`).toBe(true);
  }
}

/** Without JavaScript: Tab from the dialog's last control goes on into the page. */
async function expectTabLeavesForThePage(page: Page, lastControl: Locator) {
  await lastControl.focus();
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => !!document.activeElement?.closest("main#main"))).toBe(true);
}

test("the sign-in dialog is modal with JavaScript and a section of the page without", async ({ page }) => {
  await page.goto("/lenses");
  await waitForHydration(page);
  const signIn = siteHeader(page).getByRole("link", { name: "Sign in", exact: true });
  await signIn.click();
  await expect(page).toHaveURL(/\/lenses\?signin=sign-in$/);
  const dialog = page.getByRole("dialog", { name: "Sign in" });
  await expect(dialog).toBeVisible();
  await expectReadBeforePage(dialog);
  await expect(dialog).not.toHaveAttribute("aria-modal");

  if (hasJavaScript()) {
    expect(await isModal(dialog)).toBe(true);
    await expect(dialog).toBeFocused();
    await expectTabStaysInside(page, dialog);
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(/\/lenses$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(signIn).toBeFocused();
  } else {
    expect(await isModal(dialog)).toBe(false);
    await expectTabLeavesForThePage(page, dialog.getByRole("link", { name: "Check out as a guest" }));
    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL(/\/lenses$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  }
});

test("a page's own dialog (rebates) comes first and keeps focus the same way", async ({ page }) => {
  await page.goto(`/lens/${TORIC.vanityUrl}`);
  await waitForHydration(page);
  const opener = page.getByRole("link", { name: "Rebate information" });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "One-and-done rebates" });
  await expect(dialog).toBeVisible();
  await expectReadBeforePage(dialog);
  // The page under it renders once, in <main>, without the dialog.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(TORIC.displayName);
  await expect(page.locator("main#main dialog")).toHaveCount(0);

  if (hasJavaScript()) {
    expect(await isModal(dialog)).toBe(true);
    await expect(dialog).toBeFocused();
    await expectTabStaysInside(page, dialog);
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(new RegExp(`/lens/${TORIC.vanityUrl}$`));
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(opener).toBeFocused();
  } else {
    expect(await isModal(dialog)).toBe(false);
    await expectTabLeavesForThePage(page, dialog.getByRole("link", { name: "Best price guarantee" }));
  }
});
