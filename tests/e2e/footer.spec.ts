import { expect, hrefsOf, PHONE_HREF, siteFooter, test } from "./fixtures";

/** Spec 2.8, for a signed-out visitor (no subscriptions, so no /account/subscriptions). */
const GROUPS: Record<string, string[]> = {
  "About us": ["/the-company", "/eyesociety/category/community/", "/careers"],
  Help: [
    "/how-to-order",
    "/how-to-read-rx",
    "/returns-and-exchanges",
    "/gajillion-percent-promise",
    "/best-price-guarantee",
    "/common-questions-faq",
    "/contact-us",
  ],
  "My account": [
    "/account/order-history",
    "/reorder",
    "/rapid-reorder",
    "/upload-rx",
    "/account/prescriptions",
    "/mobile-app",
  ],
  Resources: [
    "/glasses",
    "/eyesociety",
    "/vision-insurance",
    "/fsa-fund-use",
    "/coupon",
    "/exam/landing",
    "/try-contact-lens-brands/search",
    "/eye-doctor-search",
    "/welcome/ambassador",
  ],
};

const LEGAL: [string, string][] = [
  ["Privacy practices", "/privacy/notice-of-privacy-practices"],
  ["Terms and conditions", "/terms/terms-and-conditions"],
  ["Accessibility", "/accessibility?offering=general"],
  ["Patents", "/patents"],
];

test.describe("footer (spec 2.8)", () => {
  test("the full footer has every link group with the spec's links", async ({ page }) => {
    await page.goto("/");
    const footer = siteFooter(page);
    const groups = footer.locator("nav.footer-group");
    await expect(groups.locator("h2")).toHaveText(Object.keys(GROUPS));
    for (const [heading, hrefs] of Object.entries(GROUPS)) {
      const group = footer.getByRole("navigation", { name: heading, exact: true });
      await expect(group.getByRole("heading", { name: heading })).toBeVisible();
      expect(await hrefsOf(group.locator("a")), `links of "${heading}"`).toEqual(hrefs);
    }
  });

  test("shows the promise, payment options, help text, phone and chat", async ({ page }) => {
    await page.goto("/");
    const footer = siteFooter(page);
    await expect(footer.getByRole("link", { name: "Lenslane home" })).toHaveAttribute("href", "/");
    await expect(footer.locator(".footer-promise").getByRole("link", { name: "Learn more" })).toHaveAttribute(
      "href",
      "/gajillion-percent-promise",
    );
    await expect(footer.getByRole("list", { name: "Follow us" }).getByRole("link")).toHaveCount(4);

    await expect(footer.getByRole("heading", { name: "We accept" })).toBeVisible();
    const payments = footer.getByTestId("payment-options").locator("li");
    // The methods that are on (spec 3 §5): the cards, then PayPal and AfterPay (on in the shipped content/features.json); ApplePay
    // only on Apple platforms, which Chromium is not.
    await expect(payments).toHaveText([
      "Visa",
      "Mastercard",
      "Discover",
      "American Express",
      "FSA / HSA",
      "PayPal",
      "AfterPay",
    ]);

    await expect(
      footer.getByText("We're here to help. Real people with real answers in real time, 24/7."),
    ).toBeVisible();
    await expect(footer.locator(".footer-help").getByRole("link", { name: "1-800-266-8228" })).toHaveAttribute(
      "href",
      PHONE_HREF,
    );
    await expect(footer.getByRole("link", { name: "Chat with us" })).toHaveAttribute("href", "/chat");
  });

  test("the legal row links and copyright", async ({ page }) => {
    await page.goto("/");
    const legal = siteFooter(page).locator(".footer-legal");
    for (const [text, href] of LEGAL) {
      await expect(legal.getByRole("link", { name: text, exact: true })).toHaveAttribute("href", href);
    }
    await expect(legal).toContainText(/© \d{4} Lenslane\. All rights reserved\./);
  });

  test("the footer's Accessibility link opens the accessibility page", async ({ page }) => {
    await page.goto("/");
    await siteFooter(page).locator(".footer-legal").getByRole("link", { name: "Accessibility" }).click();
    await expect(page).toHaveURL(/\/accessibility\?offering=general$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Accessibility statement");
  });

  test("checkout-style pages have the simplified footer: no link groups, but the legal row", async ({ page }) => {
    // /checkout itself needs a cart and an address; the password reset page shares its simplified footer.
    await page.goto("/reset-password");
    const footer = siteFooter(page);
    await expect(footer).toBeVisible();
    await expect(footer.locator(".footer-upper")).toHaveCount(0);
    await expect(footer.locator("nav.footer-group")).toHaveCount(0);
    await expect(footer.getByTestId("payment-options")).toHaveCount(0);
    const legal = footer.locator(".footer-legal");
    for (const [text, href] of LEGAL) {
      await expect(legal.getByRole("link", { name: text, exact: true })).toHaveAttribute("href", href);
    }
  });
});
