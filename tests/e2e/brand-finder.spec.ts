import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";

// Find my perfect brand (issue 17), with JavaScript and without: GET forms, and a calculating step that moves on
// by itself (a navigation with JavaScript, a meta refresh without).

const main = (page: Page) => page.locator("main#main");
const eye = (page: Page, name: "Right eye (OD)" | "Left eye (OS)") => main(page).getByRole("group", { name });

test.describe("find my perfect brand", () => {
  test("search for the current lens, enter its parameters, and see ranked matches", async ({ page }) => {
    await page.goto("/try-contact-lens-brands/search");
    await waitForHydration(page);
    await main(page).getByLabel("Which lens do you wear now?").fill("oasys 1-day");
    await main(page).getByRole("button", { name: "Find my lens" }).click();
    await main(page).getByRole("link", { name: "Acuvue Oasys 1-Day 90 pack" }).click();

    await expect(main(page).getByRole("heading", { level: 1 })).toHaveText(
      "Your Acuvue Oasys 1-Day 90 pack parameters",
    );
    await waitForHydration(page);
    await eye(page, "Right eye (OD)").getByLabel("Power/sphere").selectOption("-2.25");
    await eye(page, "Right eye (OD)").getByLabel("BC").selectOption("8.5");
    await eye(page, "Left eye (OS)").getByLabel("BC").selectOption("8.5");
    await main(page).getByRole("button", { name: "Find my matches" }).click();
    // The left power is missing: the page says so and keeps what was chosen.
    await expect(eye(page, "Left eye (OS)").getByRole("alert")).toHaveText("Choose Power/sphere for the left eye.");
    await expect(eye(page, "Right eye (OD)").getByLabel("Power/sphere")).toHaveValue("-2.25");

    await eye(page, "Left eye (OS)").getByLabel("Power/sphere").selectOption("-1.75");
    await main(page).getByRole("button", { name: "Find my matches" }).click();
    await expect(page).toHaveURL(/\/try-contact-lens-brands\/results\/acuvue-oasys-1-day-90-pack\?productId=1001&/);
    await expect(main(page).getByRole("heading", { level: 1 })).toHaveText("Lenses like Acuvue Oasys 1-Day 90 pack");
    const matches = main(page).getByTestId("brand-finder-match");
    expect(await matches.count()).toBeGreaterThan(1);
    const first = matches.first();
    await expect(first.locator("[data-reason=price]")).toContainText("a day for both eyes");
    await expect(first.locator("[data-reason=oxygen]")).toContainText("Dk/t");
    await expect(first.getByRole("heading", { level: 2 }).getByRole("link")).toHaveAttribute("href", /^\/lens\//);
  });

  test("a lens no other brand is made like ends at ineligible, with next steps", async ({ page }) => {
    await page.goto("/try-contact-lens-brands/parameters?productId=1016");
    await waitForHydration(page);
    await main(page).getByRole("radio", { name: "Right eye (OD)" }).check();
    await eye(page, "Right eye (OD)").getByLabel("Power/sphere").selectOption("-2.00");
    await eye(page, "Right eye (OD)").getByLabel("Color").selectOption("Natural Shimmer");
    await main(page).getByRole("button", { name: "Find my matches" }).click();
    await expect(page).toHaveURL(/\/try-contact-lens-brands\/ineligible\?productId=1016&right-power=-2.00/);
    await expect(main(page).getByRole("heading", { level: 1 })).toHaveText("We couldn't find a match");
    await expect(main(page).getByRole("link", { name: "reorder 1-Day Acuvue Define 30 pack" })).toHaveAttribute(
      "href",
      "/lens/1-day-acuvue-define-30-pack",
    );
    await expect(main(page).getByRole("link", { name: "book an online eye exam" })).toBeVisible();
  });
});
