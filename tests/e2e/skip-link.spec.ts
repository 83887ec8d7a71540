import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { seedCustomer } from "./seed";
import { indexOfLines, textBrowserView } from "./text-browser";

// Reading order (issue 25), with JavaScript and without: 'Skip to main content' is the first thing Tab reaches, and
// it takes the keyboard past the ribbon, the menus and the search forms into the page, signed out and signed in
// (where the header holds two menus and two search forms before the page). A text browser reads the home page's two
// calls to action as two, not one run-on phrase.

/** The focused element: its tag, text and whether it is inside <main>. */
async function focused(page: Page) {
  return page.evaluate(() => {
    const active = document.activeElement;
    return {
      tag: active?.tagName.toLowerCase() ?? null,
      text: (active?.textContent ?? "").trim(),
      inMain: !!active?.closest("main#main"),
    };
  });
}

async function skipFromTheTop(page: Page, path: string, firstInPage: RegExp) {
  await page.goto(path);
  await waitForHydration(page);
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await expect(skip).toHaveAttribute("href", "#main");
  // Shown when focused (it waits off screen otherwise).
  const box = await skip.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y).toBeGreaterThanOrEqual(0);

  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/?]/g, "\\$&")}#main$`));
  await expect(page.locator("main#main")).toBeFocused();
  // The next Tab goes on inside the page: the header's menus and search forms are behind.
  await page.keyboard.press("Tab");
  const next = await focused(page);
  expect(next.inMain, `focused ${next.tag} "${next.text}"`).toBe(true);
  expect(next.text).toMatch(firstInPage);
}

test("signed out: the skip link is first, and leads into the page", async ({ page }) => {
  await skipFromTheTop(page, "/", /^Shop contact lenses$/);
});

test("signed in: past two menus and two search forms into the page", async ({ page }) => {
  await seedCustomer(page, { label: "skip" });
  await skipFromTheTop(page, "/account/settings", /\S/);
  // The header it skipped: the hamburger menu and My account, each with its own search form or links.
  await expect(page.locator("header.site-header details.hamburger")).toHaveCount(1);
  await expect(page.locator("header.site-header details.account-dropdown")).toHaveCount(1);
  await expect(page.locator("header.site-header [role=search]")).toHaveCount(2);
});

test("a text browser reads the home page's calls to action apart", async ({ page }) => {
  await page.goto("/");
  const lines = await textBrowserView(page);
  expect(indexOfLines(lines, ["Shop contact lenses", "Renew your prescription"])).toBeGreaterThan(-1);
  expect(lines.filter((line) => line.includes("Shop contact lensesRenew"))).toEqual([]);
});
