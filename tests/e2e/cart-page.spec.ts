import { expect, test } from "./fixtures";
import { addSolution, addToricForBothEyes, enterPatient, stockedLenses } from "./purchase";

// The cart page (issue 13), with JavaScript and without: each lens group is headed with its patient; the first
// product image (the page's largest content above the fold) loads at once and the rest lazily; the quantity selects
// are targets a finger can hit; and at a phone's 390 px the page fits the screen.

test("the cart names each lens group's patient, loads its first image eagerly and has quantity selects to tap", async ({
  page,
}) => {
  await addSolution(page);
  // Nothing is bought, so the lenses of any slot will do.
  await addToricForBothEyes(page, stockedLenses(0));
  await enterPatient(page, "Pat", "Smith");

  const groups = page.getByTestId("cart-group");
  await expect(groups.getByRole("heading", { level: 2 })).toHaveText(["Lens solution", "Contact lenses for Pat Smith"]);

  // Three lines (the solution, then the lens's right and left eye), each with its image sized in the HTML.
  const images = groups.locator("img");
  await expect(images).toHaveCount(3);
  for (const image of await images.all()) {
    await expect(image).toHaveAttribute("width", /^\d+$/);
    await expect(image).toHaveAttribute("height", /^\d+$/);
  }
  await expect(images.first()).toHaveAttribute("loading", "eager");
  await expect(images.first()).toHaveAttribute("fetchpriority", "high");
  for (const image of (await images.all()).slice(1)) {
    await expect(image).toHaveAttribute("loading", "lazy");
    await expect(image).not.toHaveAttribute("fetchpriority", /.*/);
  }

  // axe target-size: at least 24 × 24 CSS px; on a phone 44 px tall.
  const selects = page.getByRole("combobox", { name: /^Quantity of / });
  await expect(selects).toHaveCount(3);
  for (const [width, minimumHeight] of [
    [1280, 24],
    [390, 44],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    for (const select of await selects.all()) {
      const box = (await select.boundingBox())!;
      expect(box.width, `select width at ${width} px`).toBeGreaterThanOrEqual(24);
      expect(box.height, `select height at ${width} px`).toBeGreaterThanOrEqual(minimumHeight);
    }
  }
  // And at 390 px the cart fits the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
