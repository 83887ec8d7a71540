import type { Locator, Page } from "@playwright/test";
import { addDays, businessToday } from "../../app/models/subscription";
import { seedProducts } from "../../app/services/db/seed/catalog-data.server";
import { makeUpc, parameterCombinations, stockFor } from "../../app/services/db/seed/catalog-rows";
import { seedClinics } from "../../app/services/db/seed/doctor-data.server";
import { expect, hasJavaScript, newestMailText, test, waitForHydration } from "./fixtures";

// The purchase journey's steps for the specs that buy (checkout, subscriptions): a new account or a guest, a lens or
// a solution in the cart, the patient, the address, the doctor, a saved card, the placed order. Each helper checks
// that its step landed where it should, so a spec reads as the shopper's path.

export const TORIC = seedProducts.find((product) => product.vanityUrl === "acuvue-oasys-for-astigmatism-6-pack")!;
export const SOLUTION = seedProducts.find((product) => product.vanityUrl === "clear-care-plus-3-pack")!;

export const PASSWORD = "lenslane-e2e-password";
export const CARD_OK = "4242 4242 4242 4242";
/** The test vault's generic decline (app/services/adapters/payments/test-vault.server.ts). */
export const CARD_DECLINED = "4000 0000 0000 0002";
/** An expiry safely in the future: December, three years on. */
export const EXPIRY = { month: "12", year: String(new Date().getFullYear() + 3) };

/** A new e-mail address (at most 50 characters, the forms' limit). */
export function uniqueEmail(label: string): string {
  const project = test.info().project.name;
  return `${label}-${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}-${project}@example.com`;
}

export type LensChoice = Record<string, string>;

/**
 * Two well-stocked parameter combinations of the toric lens (one per eye), different for each caller, so the
 * orders of one run never sell a combination out. Each test that buys takes a slot of its own (0 to 49; the no-js
 * project's combinations start 100 further on): grep `stockedLenses(` for the slots taken.
 */
export function stockedLenses(slot: number): { right: LensChoice; left: LensChoice } {
  const stocked = parameterCombinations(TORIC).filter(
    (_, index) => stockFor(TORIC.stock, makeUpc(TORIC.productId, index)) >= 40,
  );
  const offset = slot * 2 + (hasJavaScript() ? 0 : 100);
  return { right: stocked[offset]!, left: stocked[offset + 1]! };
}

export function eyeFieldset(page: Page, eye: "Right" | "Left"): Locator {
  return page.locator("fieldset.eye-fieldset", { has: page.locator("legend", { hasText: `${eye} eye` }) });
}

const PARAMETER_LABELS: Record<string, string> = {
  power: "Power/sphere",
  baseCurve: "BC",
  diameter: "DIA",
  cylinder: "CYL",
  axis: "Axis",
};

export async function chooseLens(page: Page, eye: "Right" | "Left", values: LensChoice, { quantity = true } = {}) {
  const fieldset = eyeFieldset(page, eye);
  for (const parameter of TORIC.parameters) {
    await fieldset.getByLabel(PARAMETER_LABELS[parameter.name]!, { exact: true }).selectOption(values[parameter.name]!);
  }
  if (quantity) await fieldset.getByLabel("Quantity").selectOption("1");
}

/**
 * Product page → Add to cart → /patient (Rx details and parameters are skipped: the UPCs are known). With
 * `autoReorder` (a frequency's label, e.g. "Every 2 months") the lenses are bought with auto-reorder.
 */
export async function addToricForBothEyes(
  page: Page,
  lenses: { right: LensChoice; left: LensChoice },
  { autoReorder }: { autoReorder?: string } = {},
) {
  await page.goto(`/lens/${TORIC.vanityUrl}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(TORIC.displayName);
  await waitForHydration(page);
  await chooseLens(page, "Right", lenses.right);
  await chooseLens(page, "Left", lenses.left);
  if (autoReorder) await page.getByLabel("Auto-reorder").selectOption({ label: autoReorder });
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page).toHaveURL(/\/patient$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Who are these lenses for?");
}

/**
 * Product page → 'Enter prescription later' (eyes and quantities only) → /rx-details, where the prescription is
 * typed per eye, with its expiration date (a year from today) → /patient.
 */
export async function addToricThenEnterPrescription(page: Page, lenses: { right: LensChoice; left: LensChoice }) {
  await page.goto(`/lens/${TORIC.vanityUrl}`);
  await waitForHydration(page);
  await eyeFieldset(page, "Right").getByLabel("Quantity").selectOption("1");
  await eyeFieldset(page, "Left").getByLabel("Quantity").selectOption("1");
  await page.getByRole("button", { name: "Enter prescription later" }).click();
  await expect(page).toHaveURL(/\/rx-details$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your prescription");
  await waitForHydration(page);
  // A missing value is refused on the step, with or without JavaScript, and nothing moves on.
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/rx-details$/);
  await chooseLens(page, "Right", lenses.right, { quantity: false });
  await chooseLens(page, "Left", lenses.left, { quantity: false });
  await page.getByLabel("Prescription expiration date").fill(addDays(businessToday(), 365));
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/patient$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Who are these lenses for?");
}

/** The patient step for a shopper with no saved patients: a name, then the cart. */
export async function enterPatient(page: Page, firstName: string, lastName: string) {
  await waitForHydration(page);
  await page.getByLabel("First name").fill(firstName);
  await page.getByLabel("Last name").fill(lastName);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/cart$/);
}

/** Boxes of lens solution through its product page; the shopper lands on the cart (no patient or doctor needed). */
export async function addSolution(page: Page) {
  await page.goto(`/contact-lens-solution/${SOLUTION.vanityUrl}`);
  await waitForHydration(page);
  await page.getByLabel("Quantity").selectOption("1");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId("cart-count")).toHaveText("1");
}

export async function continueToCheckout(page: Page) {
  await waitForHydration(page);
  await page.getByRole("button", { name: "Continue to checkout" }).click();
  await expect(page).toHaveURL(/\/address$/);
}

/** On the signed-out address step: 'Continue as a guest', the guest slide of the sign-in dialog, a new e-mail. */
export async function continueAsGuest(page: Page, email: string) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shipping address");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Continue as a guest" }).click();
  await expect(page).toHaveURL(/\/address\?signin=guest/);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Check out as a guest" })).toBeVisible();
  await waitForHydration(page);
  await dialog.getByLabel("E-mail", { exact: true }).fill(email);
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/address$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Where should we ship your order?");
  await expect(page.getByRole("dialog")).toHaveCount(0);
}

/** Creates an account through the sign-in dialog; the shopper is signed in afterwards. */
export async function createAccount(page: Page, email: string) {
  await page.goto("/?signin=create-account");
  await waitForHydration(page);
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("First name").fill("Ann");
  await dialog.getByLabel("Last name").fill("Lee");
  await dialog.getByLabel("E-mail", { exact: true }).fill(email);
  await dialog.getByLabel("Password (at least 8 characters)").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL("/reorder?signin=true");
}

export interface ShippingAddress {
  firstName: string;
  lastName: string;
  address1: string;
  city: string;
  state: string;
  zip: string;
}

export function shippingForm(page: Page): Locator {
  return page.locator("form#shipping-address");
}

/** Fills the address step's new-address form and submits it. */
export async function submitShippingAddress(page: Page, address: ShippingAddress) {
  const form = shippingForm(page);
  await waitForHydration(page);
  await form.getByLabel("First name").fill(address.firstName);
  await form.getByLabel("Last name").fill(address.lastName);
  await form.getByLabel("Street address").fill(address.address1);
  await form.getByLabel("City").fill(address.city);
  await form.getByRole("combobox", { name: /^State/ }).selectOption(address.state);
  await form.getByLabel("ZIP or postal code").fill(address.zip);
  await form.getByRole("button", { name: "Continue" }).click();
}

/**
 * On the doctor step: searches a seeded clinic's first doctor by name near the clinic's ZIP and chooses them; the
 * shopper lands on /checkout. Returns the doctor's name as the pages write it ("Dr. First Last").
 */
export async function chooseSeedDoctor(page: Page, zip = "83702"): Promise<string> {
  const clinic = seedClinics.find((candidate) => candidate.postalCode === zip)!;
  const doctor = clinic.doctors[0]!;
  const doctorName = `Dr. ${doctor.firstName} ${doctor.lastName}`;
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your eye doctor");
  await waitForHydration(page);
  const search = page.getByRole("search", { name: "Find your eye doctor" });
  await search.getByLabel("Doctor's name or phone number").fill(`${doctor.firstName} ${doctor.lastName}`);
  await search.getByLabel("ZIP code, city and state, or state").fill(zip);
  await search.getByRole("button", { name: "Search" }).click();
  const result = page.getByTestId("doctor-result").filter({ has: page.getByRole("heading", { name: doctorName }) });
  await expect(result).toHaveCount(1);
  await waitForHydration(page);
  await result.getByRole("button", { name: /^Choose/ }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(toastMessage(page)).toHaveText(`${doctorName} is your eye doctor.`);
  return doctorName;
}

/** A form post to /checkout: the document without JavaScript, React Router's /checkout.data fetch with. */
export function isCheckoutPost(request: { method(): string; url(): string }): boolean {
  return request.method() === "POST" && /^\/checkout(\.data)?$/.test(new URL(request.url()).pathname);
}

export function toastMessage(page: Page): Locator {
  return page.getByTestId("toast").locator("p");
}

/** A solution-only shopper checked out as a guest to an address that needs no verification choice: /checkout. */
export async function guestAtCheckout(page: Page, email: string) {
  await addSolution(page);
  await continueToCheckout(page);
  await continueAsGuest(page, email);
  await submitShippingAddress(page, {
    firstName: "Sam",
    lastName: "Rivers",
    address1: "500 W Idaho St",
    city: "Boise",
    state: "ID",
    zip: "83702",
  });
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Checkout");
}

export function cardForm(page: Page): Locator {
  return page.locator("form.card-form");
}

/** Types a card into the new-card form (the billing address starts as the shipping address) and saves it. */
export async function saveCard(page: Page, number: string, options: { fillAll?: boolean } = { fillAll: true }) {
  const form = cardForm(page);
  await waitForHydration(page);
  await form.getByLabel("Card number").fill(number);
  if (options.fillAll) {
    await form.getByLabel("Name on card").fill("Sam Rivers");
    await form.getByLabel("Expiration month").selectOption(EXPIRY.month);
    await form.getByLabel("Expiration year").selectOption(EXPIRY.year);
  }
  await form.getByLabel("Security code (CVV)").fill("123");
  await form.getByRole("button", { name: "Save card" }).click();
}

/**
 * Types a card and its billing address into the new-card form (for an account with no address to start from: the
 * exam's pay step, the saved payment methods page) and saves it.
 */
export async function saveCardWithAddress(page: Page, number: string) {
  const form = cardForm(page);
  await waitForHydration(page);
  await form.getByLabel("Card number").fill(number);
  await form.getByLabel("Name on card").fill("Ann Lee");
  await form.getByLabel("Expiration month").selectOption(EXPIRY.month);
  await form.getByLabel("Expiration year").selectOption(EXPIRY.year);
  await form.getByLabel("Security code (CVV)").fill("123");
  await form.getByLabel("Street address").fill("500 W Idaho St");
  await form.getByLabel("City").fill("Boise");
  await form.getByLabel("State").selectOption("ID");
  await form.getByLabel("ZIP code").fill("83702");
  await form.getByRole("button", { name: "Save card" }).click();
}

/** The new-card form's own message (not a field's). */
export function cardFormError(page: Page): Locator {
  return cardForm(page).locator(".field-error[role=alert]").first();
}

/** Saves the good test card and checks it is the one the order will be paid with. */
export async function saveGoodCard(page: Page) {
  await saveCard(page, CARD_OK);
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(toastMessage(page)).toContainText("4242");
  const card = page.getByTestId("saved-card");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("4242");
  await expect(card.getByRole("radio")).toBeChecked();
  await expect(cardForm(page)).toHaveCount(0);
}

/** Place order → the thank-you page; returns the order number it shows. */
export async function placeOrder(page: Page): Promise<string> {
  await waitForHydration(page);
  await page.getByRole("button", { name: "Place order" }).click();
  return thankYouOrderNumber(page);
}

export async function thankYouOrderNumber(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/thank-you\?oid=LL\d{8}$/);
  const oid = new URL(page.url()).searchParams.get("oid")!;
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Thank you/);
  await expect(page.getByTestId("order-number")).toHaveText(oid);
  return oid;
}

/** The order history's rows (the newest first). */
export async function orderHistoryRows(page: Page): Promise<Locator> {
  await page.goto("/account/order-history");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Order status & history");
  return page.getByTestId("order-row");
}

/** The confirmation e-mail in the dev mailbox names the order. */
export async function expectConfirmationMail(page: Page, email: string, orderNumber: string) {
  const text = await newestMailText(page, email, "order-confirmation");
  expect(text).toContain(orderNumber);
}

/**
 * A signed-in customer (Ann Lee) buys the toric lens for both eyes, one box each, with auto-reorder every 2 months:
 * the funnel's patient, an exact Boise address, a seeded doctor, the test card, Place order.
 */
export async function buyWithAutoReorder(page: Page, lenses: { right: LensChoice; left: LensChoice }) {
  await addToricForBothEyes(page, lenses, { autoReorder: "Every 2 months" });
  await enterPatient(page, "Ann", "Lee");
  await expect(page.getByText("Auto-reorder: Every 2 months")).toBeVisible();
  await continueToCheckout(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Where should we ship your order?");
  await submitShippingAddress(page, {
    firstName: "Ann",
    lastName: "Lee",
    address1: "42 Capitol Blvd",
    city: "Boise",
    state: "ID",
    zip: "83702",
  });
  await expect(page).toHaveURL(/\/doctor$/);
  await expect(toastMessage(page)).toHaveText("Address saved.");
  const doctorName = await chooseSeedDoctor(page);
  await expect(page.getByTestId("checkout-group")).toContainText("Auto-reorder: Every 2 months");
  await saveGoodCard(page);
  await placeOrder(page);
  return { doctorName };
}
