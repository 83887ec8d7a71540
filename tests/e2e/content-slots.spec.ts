import type { Page, Request } from "@playwright/test";
import { expect, hasJavaScript, test, waitForHydration } from "./fixtures";
import { seedCustomer, solutionOrder } from "./seed";

// Content slots (issue 28, decision 61): the home page's offer and the cart's banner, chosen on the server for the
// visitor, with JavaScript on and off; with JavaScript, a signed-in visitor's slot reports ContentShown when seen and
// ContentInteraction on its first click.

const EVENTS_PATH = "/api/customerDataPlatform/events";

/** The new-customer offers the shipped content has (which one depends on the promotions running today). */
const NEW_CUSTOMER_OFFERS = ["home-offer-cyber-week", "home-offer-lenslane-daily-trial"];
const NEW_CUSTOMER_BANNERS = ["cart-banner-cyber-week", "cart-banner-welcome15"];

function personalizationEvent(eventName: string, contentId: string) {
  return (request: Request) => {
    if (request.method() !== "POST" || new URL(request.url()).pathname !== EVENTS_PATH) return false;
    const events = request.postDataJSON() as Array<{
      eventName: string;
      metadata?: Array<{ name: string; value: string }>;
    }>;
    return events.some(
      (event) =>
        event.eventName === eventName &&
        event.metadata?.some((entry) => entry.name === "contentId" && entry.value === contentId) &&
        event.metadata.some((entry) => entry.name === "experience" && entry.value === "home") &&
        event.metadata.some((entry) => entry.name === "date" && !Number.isNaN(Date.parse(entry.value))),
    );
  };
}

async function homeOffer(page: Page) {
  const slot = page.getByTestId("slot-home-offer");
  await expect(slot).toBeVisible();
  await expect(slot).not.toContainText("#{");
  return slot;
}

test("a new visitor's home page shows the new-customer offer, in reading order after the hero", async ({ page }) => {
  await page.goto("/");
  const slot = await homeOffer(page);
  expect(NEW_CUSTOMER_OFFERS).toContain(await slot.getAttribute("data-content-id"));
  await expect(slot.getByRole("heading", { level: 2 })).toContainText("off your first");
  // Server-rendered in document order: the hero's heading, the offer, then the lens types.
  const headings = await page.locator("main h1, main h2").allTextContents();
  const offerAt = headings.indexOf((await slot.getByRole("heading", { level: 2 }).textContent()) ?? "");
  expect(offerAt).toBeGreaterThan(headings.indexOf((await page.locator("main h1").textContent()) ?? ""));
  expect(offerAt).toBeLessThan(headings.indexOf("Shop by lens type"));
});

test("a returning customer's home page welcomes them back; with JavaScript the slot reports being shown and clicked", async ({
  page,
}) => {
  await seedCustomer(page, { label: "slots-returning", order: solutionOrder() });
  const shown = hasJavaScript()
    ? page.waitForRequest(personalizationEvent("ContentShown", "home-offer-welcome-back"))
    : null;
  await page.goto("/");
  const slot = await homeOffer(page);
  await expect(slot).toHaveAttribute("data-content-id", "home-offer-welcome-back");
  await expect(slot.getByRole("heading", { level: 2 })).toHaveText("Welcome back! Your next box is a few clicks away");
  if (!shown) return;
  await shown;
  await waitForHydration(page);
  const clicked = page.waitForRequest(personalizationEvent("ContentInteraction", "home-offer-welcome-back"));
  await slot.getByRole("link", { name: "Reorder my lenses" }).click();
  await clicked;
  await expect(page).toHaveURL(/\/reorder/);
});

test("the cart's banner slot shows a new visitor's offer", async ({ page }) => {
  await page.goto("/cart");
  const banner = page.getByTestId("slot-cart-banner");
  await expect(banner).toBeVisible();
  expect(NEW_CUSTOMER_BANNERS).toContain(await banner.getAttribute("data-content-id"));
  await expect(banner).toContainText("off your first order");
  await expect(banner).not.toContainText("#{");
});
