import type { Page } from "@playwright/test";
import { expect, siteHeader, test, waitForHydration } from "./fixtures";

// Issue 28: campaigns (spec 1 §2.2, §2.7, §4.4). The e2e content pauses the random campaigns, so a spec asks for a
// variation with ?experiment=<id>:<variant>; the affiliate partners' campaign runs (it is not random: the affiliate
// group takes path A, everyone else is excluded).

/** The hamburger menu's main links, the menu opened (a details element: it opens without JavaScript too). */
async function mainLinks(page: Page) {
  const menu = siteHeader(page).locator("details.hamburger");
  await menu.locator(":scope > summary").click();
  await expect(menu).toHaveAttribute("open", "");
  return menu.locator(".hamburger-panel").getByTestId("hamburger-main-links");
}

test("variation B of the home split goes to the all-in-one page, keeping only ac", async ({ page }) => {
  await page.goto("/?experiment=home-split:B&ac=PS.lenslane-search&utm_source=newsletter");
  await expect(page).toHaveURL(/\/order-contacts\/all-in-one-vision-care\?ac=PS\.lenslane-search$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("All your vision care in one order");

  // The control stays on the home page.
  await page.goto("/?experiment=home-split:default&ac=PS.lenslane-search");
  await expect(page).toHaveURL(/\/\?experiment=home-split/);
});

test("an 8. link puts the visitor in the affiliate group, whose campaign shows the partner link in the menu", async ({
  page,
}) => {
  await page.goto("/lenses");
  const before = await mainLinks(page);
  await expect(before.getByRole("link", { name: "Contact lenses" })).toBeVisible();
  await expect(before.getByRole("link", { name: "Partner savings" })).toHaveCount(0);

  await page.goto("/?ac=8.4411");
  // The group stays with the visit: later pages without the code keep it.
  await page.goto("/lenses");
  const partner = (await mainLinks(page)).getByRole("link", { name: "Partner savings" });
  await expect(partner).toBeVisible();
  await expect(partner).toHaveAttribute("href", "/landing/partner-savings");

  const startup = await page.request.post("/api/startup", { data: {} });
  expect(startup.status()).toBe(200);
  const body = (await startup.json()) as { userData: { customerGroups: string[]; trafficChannel: string } };
  expect(body.userData.customerGroups).toContain("Affiliate");
  expect(body.userData.trafficChannel).toBe("Affiliate");

  await page.goto("/landing/partner-savings");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, partner readers");
});

test("an affiliate visitor's pages carry the partner site's ribbon, which leads to the partner landing", async ({
  page,
}) => {
  await page.goto("/lenses");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("partner-ribbon")).toHaveCount(0);

  // Path A of the affiliate partners' campaign names the partner site (content/partner-sites.json).
  await page.goto("/?ac=8.4411");
  await page.goto("/lenses");
  const ribbon = page.getByRole("complementary", { name: "Partner" });
  await expect(ribbon).toHaveText("Welcome, readers of our partner sites. See your partner savings");
  await expect(ribbon).toHaveAttribute("data-partner-site", "partner-readers");
  await waitForHydration(page);
  await ribbon.getByRole("link", { name: "See your partner savings" }).click();
  await expect(page).toHaveURL(/\/landing\/partner-savings$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, partner readers");
  await expect(page.getByTestId("partner-ribbon")).toBeVisible();

  // Another browser, not from a partner, sees the same page without it.
  const context = await page.context().browser()!.newContext();
  const stranger = await context.newPage();
  await stranger.goto(new URL("/landing/partner-savings", page.url()).toString());
  await expect(stranger.getByRole("heading", { level: 1 })).toHaveText("Welcome, partner readers");
  await expect(stranger.getByTestId("partner-ribbon")).toHaveCount(0);
  await context.close();
});
