import type { Page } from "@playwright/test";
import { SITE } from "../../app/models/site";
import {
  expect,
  hasJavaScript,
  hrefsOf,
  linkTextsOf,
  PHONE_HREF,
  signedOutMenuLinks,
  siteHeader,
  test,
  waitForHydration,
} from "./fixtures";

const headerLinks = signedOutMenuLinks("site-header").slice(0, 4);

test.describe("header variants (spec 2.6)", () => {
  test("home has the standard header with logo, four nav links, search, sign in, phone and cart", async ({ page }) => {
    await page.goto("/");
    const header = siteHeader(page);
    await expect(header).toHaveAttribute("data-header-type", "standard");
    await expect(header.getByRole("link", { name: "Lenslane home" })).toHaveAttribute("href", "/");

    const nav = header.getByRole("navigation", { name: "Main" });
    expect(headerLinks).toHaveLength(4);
    expect(await linkTextsOf(nav.locator(".header-nav-item > a"))).toEqual(headerLinks.map((link) => link.text));
    expect(await hrefsOf(nav.locator(".header-nav-item > a"))).toEqual(headerLinks.map((link) => link.url));
    // The 5th content link ("Glasses") is not in the header.
    await expect(nav.locator(".header-nav-item")).toHaveCount(4);

    await expect(header.getByRole("link", { name: "Sign in", exact: true })).toHaveAttribute(
      "href",
      "/?signin=sign-in",
    );
    // The icon links' words are text in the page (a text browser prints them), not only an aria-label.
    const phone = header.getByRole("link", { name: /^Call us at / });
    await expect(phone).toHaveAttribute("href", PHONE_HREF);
    await expect(phone).toHaveText(`Call us at ${SITE.phoneDisplay}`);
    const cart = header.getByRole("link", { name: /^Cart, \d+ items$/ });
    await expect(cart).toHaveAttribute("href", "/cart");
    await expect(cart).toHaveText("Cart, 0 items");
    await expect(cart.getByTestId("cart-count")).toHaveText("0");
    await expect(header.locator("details.hamburger > summary")).toHaveText("Menu");
    await expect(header.locator("details.header-search > summary")).toHaveText("Search");
  });

  test("the 4th navigation link shows only at 992 px and wider", async ({ page }) => {
    const [first, , third, fourth] = headerLinks;
    if (!first || !third || !fourth) throw new Error("content/menus/site-header.json needs four signed-out links");
    await page.setViewportSize({ width: 991, height: 800 });
    await page.goto("/");
    const nav = siteHeader(page).getByRole("navigation", { name: "Main" });
    await expect(nav.locator(`.header-nav-item > a[href="${first.url}"]`)).toBeVisible();
    await expect(nav.locator(`.header-nav-item > a[href="${third.url}"]`)).toBeVisible();
    await expect(nav.locator(`.header-nav-item > a[href="${fourth.url}"]`)).toBeHidden();

    await page.setViewportSize({ width: 992, height: 800 });
    await expect(nav.locator(`.header-nav-item > a[href="${fourth.url}"]`)).toBeVisible();
    await expect(nav.locator(`.header-nav-item > a[href="${fourth.url}"]`)).toHaveText(fourth.text);
  });

  test("the header search is a GET form to /search", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const header = siteHeader(page);
    const form = header.locator("form.header-search-form");
    await expect(form).toHaveAttribute("action", "/search");
    await expect(form).toHaveAttribute("method", "get");
    await expect(form).toBeHidden();

    await header.locator("details.header-search > summary").click();
    await expect(form).toBeVisible();
    await form.getByLabel("Search for lenses").fill("acuvue oasys");
    await form.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\?q=acuvue(\+|%20)oasys$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText('Results for "acuvue oasys"');
  });

  test("checkout-style pages have the simple header: the logo only, linking home", async ({ page }) => {
    // /checkout itself needs a cart and an address (the purchase journey test checks it there); the password
    // reset page has the same simple header and simplified footer.
    await page.goto("/reset-password");
    const header = siteHeader(page);
    await expect(header).toHaveAttribute("data-header-type", "simple");
    await expect(header.locator("a")).toHaveCount(1);
    await expect(header.getByRole("link", { name: "Lenslane home" })).toHaveAttribute("href", "/");
    await expect(header.locator("details, form, nav")).toHaveCount(0);
  });

  test("/prescription-request has the portal header whose logo links to /prescription-request", async ({ page }) => {
    await page.goto("/prescription-request");
    const header = siteHeader(page);
    await expect(header).toHaveAttribute("data-header-type", "portal");
    await expect(header.locator("a")).toHaveCount(1);
    await expect(header.getByRole("link", { name: "Lenslane home" })).toHaveAttribute("href", "/prescription-request");
  });
});

test.describe("hamburger menu (spec 2.7)", () => {
  const menu = (page: Page) => siteHeader(page).locator("details.hamburger");
  const toggle = (page: Page) => menu(page).locator(":scope > summary");

  test("opens and closes by clicking Menu", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const panel = menu(page).locator(".hamburger-panel");
    await expect(toggle(page)).toHaveAccessibleName("Menu");
    await expect(panel).toBeHidden();

    await toggle(page).click();
    await expect(menu(page)).toHaveAttribute("open", "");
    await expect(panel).toBeVisible();

    await toggle(page).click();
    await expect(menu(page)).not.toHaveAttribute("open");
    await expect(panel).toBeHidden();
  });

  test("shows the signed-out main links in order, the sub links, Sign in and the contact links", async ({ page }) => {
    await page.goto("/lenses");
    await toggle(page).click();
    const panel = menu(page).locator(".hamburger-panel");

    const main = panel.getByTestId("hamburger-main-links");
    const expectedMain = signedOutMenuLinks("hamburger-menu-main-links");
    expect(await linkTextsOf(main.locator("a"))).toEqual(expectedMain.map((link) => link.text));
    expect(await hrefsOf(main.locator("a"))).toEqual(expectedMain.map((link) => link.url));
    await expect(main.getByRole("link", { name: "Contact lenses" })).toBeVisible();
    // Signed-in-only links stay out for anonymous visitors.
    await expect(panel.getByRole("link", { name: "Reorder" })).toHaveCount(0);
    await expect(panel.getByRole("link", { name: "My subscriptions" })).toHaveCount(0);

    const sub = panel.getByTestId("hamburger-sub-links");
    const expectedSub = signedOutMenuLinks("hamburger-menu-sub-links");
    expect(await linkTextsOf(sub.locator("a"))).toEqual(expectedSub.map((link) => link.text));
    expect(await hrefsOf(sub.locator("a"))).toEqual(expectedSub.map((link) => link.url));

    await expect(panel.getByRole("link", { name: "Sign in", exact: true })).toHaveAttribute(
      "href",
      "/lenses?signin=sign-in",
    );
    await expect(panel.getByRole("button", { name: "Sign out" })).toHaveCount(0);
    await expect(panel.getByRole("link", { name: "Call us" })).toHaveAttribute("href", PHONE_HREF);
    await expect(panel.getByRole("link", { name: "Chat" })).toHaveAttribute("href", "/chat");
    await expect(panel.getByRole("link", { name: "Contact us" })).toHaveAttribute("href", "/contact-us");
    await expect(panel.locator("form[role=search]")).toHaveAttribute("action", "/search");
  });

  test("following a menu link navigates and leaves the menu closed", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    // A marker on window survives only a client-side navigation.
    if (hasJavaScript()) await page.evaluate(() => ((window as unknown as { __e2eMarker: number }).__e2eMarker = 1));

    await toggle(page).click();
    await expect(menu(page)).toHaveAttribute("open", "");
    await menu(page).getByTestId("hamburger-main-links").getByRole("link", { name: "Toric" }).click();

    await expect(page).toHaveURL(/\/lenses\/toric-astigmatism$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Toric & astigmatism contact lenses");
    await expect(menu(page)).not.toHaveAttribute("open");
    await expect(menu(page).locator(".hamburger-panel")).toBeHidden();
    if (hasJavaScript()) {
      expect(await page.evaluate(() => (window as unknown as { __e2eMarker?: number }).__e2eMarker)).toBe(1);
    }
  });
});

test.describe("header flyouts (spec 2.6)", () => {
  const lensTypeLinks = [
    ["Daily", "/lenses/daily-disposables"],
    ["Weekly", "/lenses/weekly-disposables"],
    ["Monthly", "/lenses/monthly-disposables"],
    ["Toric & astigmatism", "/lenses/toric-astigmatism"],
    ["Multifocal & bifocal", "/lenses/multifocal-bifocal"],
    ["Colors", "/lenses/color"],
    ["View all", "/lenses"],
  ];
  const brandSlugs = ["acuvue", "air-optix", "dailies", "biofinity", "clariti", "bausch-lomb", "coopervision"];

  test("hovering Contact lenses shows the lens types and brand tiles", async ({ page }) => {
    await page.goto("/");
    const nav = siteHeader(page).getByRole("navigation", { name: "Main" });
    const item = nav.locator(".header-nav-item").filter({ has: page.locator(':scope > a[href="/lenses"]') });
    const flyout = item.locator(".flyout-lenses");
    await expect(flyout).toBeHidden();

    await item.locator(':scope > a[href="/lenses"]').hover();
    await expect(flyout).toBeVisible();
    const typeList = flyout.locator("ul").first();
    expect(await linkTextsOf(typeList.locator("a"))).toEqual(lensTypeLinks.map(([text]) => text));
    expect(await hrefsOf(typeList.locator("a"))).toEqual(lensTypeLinks.map(([, href]) => href));
    await expect(flyout.getByRole("link", { name: "Daily", exact: true })).toBeVisible();

    const tiles = flyout.locator(".brand-tiles");
    expect(await hrefsOf(tiles.locator("a"))).toEqual(brandSlugs.map((slug) => `/lenses/${slug}`));
    await expect(tiles.getByRole("link", { name: "Acuvue" })).toBeVisible();
    const imageLink = flyout.getByRole("link", { name: "Renew your prescription online for $20" });
    await expect(imageLink).toHaveAttribute("href", "/exam/landing");
    // It takes focus, so it must be a target of its own size (axe target-size), not squeezed to 0 px.
    await expect(flyout.locator(".flyout-image-link img")).toBeVisible();
    const box = await imageLink.boundingBox();
    expect(box?.width).toBe(200);
    expect(box?.height).toBeGreaterThanOrEqual(120);
  });

  test("focusing Eye exam shows the exam flyout with its three bullets", async ({ page }) => {
    await page.goto("/");
    const nav = siteHeader(page).getByRole("navigation", { name: "Main" });
    const item = nav.locator(".header-nav-item").filter({ has: page.locator(':scope > a[href="/exam/landing"]') });
    const flyout = item.locator(".flyout-exam");
    await expect(flyout).toBeHidden();

    await item.locator(':scope > a[href="/exam/landing"]').focus();
    await expect(flyout).toBeVisible();
    await expect(flyout.locator(".flyout-heading")).toHaveText("Renew your prescription online");
    await expect(flyout.locator("li")).toHaveText([
      "10-minute online vision exam",
      "Only $20 and FSA/HSA eligible",
      "Doctor-issued prescription",
    ]);
    await expect(flyout.getByRole("link", { name: "Learn more" })).toHaveAttribute("href", "/exam/landing");
  });
});
