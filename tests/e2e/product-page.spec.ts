import { expect, test } from "./fixtures";
import { TORIC } from "./purchase";

// A product page on a phone (issue 13): at 390 px it was 400 px wide and clipped its text, because the auto-reorder
// select's longest option ('Every 3 months (matches your supply)') set the page's single grid column's minimum
// width. Nothing to click or fill, so this runs in the js project only.

test.beforeEach(() => {
  test.skip(test.info().project.name !== "js", "layout only: nothing differs without JavaScript");
});

test("a lens product page fits a 390 px screen", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/lens/${TORIC.vanityUrl}`);
  await expect(page.getByRole("combobox", { name: "Auto-reorder" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
