import { seedPromotions } from "../../app/services/db/seed/promotion-data.server";
import { expect, hasJavaScript, siteFooter, test } from "./fixtures";

// Two addresses that were 404s (issue 13) land on real pages: the footer's 'Ambassadors' link and a legacy
// /rebate/{brand} link. Plain links followed, nothing filled in, so these run once (in the js project).

test.beforeEach(() => {
  test.skip(!hasJavaScript(), "Links followed: nothing differs without JavaScript");
});

/** A seeded brand with a mail-in rebate, and the rebate's first amount. */
const REBATE = seedPromotions.find((promotion) => promotion.key === "rebate-biofinity")!;
const FIRST = (REBATE.rewards[0] as { breakpoints: Array<{ quantity: number; amountCents: number }> }).breakpoints[0]!;

test.describe("destinations that were 404s (issue 13)", () => {
  test("the footer's 'Ambassadors' link lands on the ambassador page, which leads to the contact page", async ({
    page,
  }) => {
    await page.goto("/");
    await siteFooter(page).getByRole("link", { name: "Ambassadors" }).click();
    await expect(page).toHaveURL("/welcome/ambassador");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Become a Lenslane ambassador");
    await expect(page.getByRole("heading", { name: "How to join" })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "contact page" }).click();
    await expect(page).toHaveURL("/contact-us");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact us");
  });

  test("a legacy /rebate/{brand} link lands on the brand's rebates page", async ({ page }) => {
    const response = await page.goto("/rebate/biofinity");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL("/rebates/biofinity");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Biofinity rebates");
    const offer = page.getByTestId("rebate-offer");
    await expect(offer.getByRole("heading", { level: 2 })).toHaveText(REBATE.description);
    await expect(offer.getByTestId("rebate-amounts").locator("li").first()).toHaveText(
      `Buy ${FIRST.quantity} boxes, get $${FIRST.amountCents / 100} back`,
    );
    // The lenses it applies to are links to their product pages.
    const firstLens = offer.getByTestId("rebate-products").getByRole("link").first();
    const name = (await firstLens.textContent())!;
    await firstLens.click();
    await expect(page).toHaveURL(/\/lens\/biofinity/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  });
});
