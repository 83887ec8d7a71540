import type { Locator, Page } from "@playwright/test";
import { expect, hasJavaScript, test, waitForHydration } from "./fixtures";
import { seedCustomer } from "./seed";

// Account settings and the address book, with JavaScript and without: every form is a plain POST that redirects
// (303) on success and answers bad input with the messages next to the fields.

function uniqueEmail(label: string): string {
  return `${label}.${test.info().project.name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** A new customer, seeded and signed in (tests/e2e/seed.ts); creating an account in the dialog is sign-in.spec.ts's. */
async function createAccount(page: Page, email: string): Promise<void> {
  await seedCustomer(page, { email });
}

async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

function addressCards(page: Page): Locator {
  return page.getByTestId("address-card");
}

async function fillAddress(page: Page, fields: { address1: string; city: string; state: string; zip: string }) {
  await page.getByLabel("First name").fill("Ann");
  await page.getByLabel("Last name").fill("Lee");
  await page.getByLabel("Street address").fill(fields.address1);
  await page.getByLabel("City").fill(fields.city);
  await page
    .getByLabel(/^State/)
    .first()
    .selectOption(fields.state);
  await page.getByLabel("ZIP or postal code").fill(fields.zip);
}

test.describe("account settings and address book", () => {
  test("edit settings, set preferences, and keep an address book", async ({ page }) => {
    // Eleven page loads and form posts in one journey: past 30 s on a busy two-core CI machine (it timed out there).
    test.slow();
    await createAccount(page, uniqueEmail("account"));

    // Profile: name and phone; the phone comes back formatted.
    await openPage(page, "/account/settings");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Account settings");
    await page.getByLabel("First name").fill("María");
    await page.getByLabel("Last name").fill("Núñez");
    await page.getByLabel("Phone (optional)").fill("208 555 0142");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your profile is saved." })).toBeVisible();
    await expect(page).toHaveURL(/\/account\/settings\?saved=profile$/);
    await expect(page.getByLabel("First name")).toHaveValue("María");
    await expect(page.getByLabel("Phone (optional)")).toHaveValue("(208) 555-0142");
    await expect(page.getByText("Texts go to (208) 555-0142")).toBeVisible();

    // Communication preferences, text interests and the SMS terms.
    await waitForHydration(page);
    await page.getByLabel("E-mail me offers and promotions").check();
    await page.getByLabel("Order updates").check();
    await page.getByLabel(/I agree to receive texts/).check();
    await expect(page.getByRole("link", { name: "SMS terms" })).toHaveAttribute(
      "href",
      "/terms/sms-terms-and-conditions",
    );
    await page.getByRole("button", { name: "Save preferences" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Your communication preferences are saved." }),
    ).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("E-mail me offers and promotions")).toBeChecked();
    await expect(page.getByLabel("E-mail me when it's time to reorder")).not.toBeChecked();
    await expect(page.getByLabel("Order updates")).toBeChecked();
    await expect(page.getByLabel(/I agree to receive texts/)).toBeChecked();

    // Add an address: the first one is the primary one.
    await openPage(page, "/account/addresses");
    await expect(page.getByText("You have no saved addresses yet.")).toBeVisible();
    await page.getByRole("link", { name: "Add an address" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Add an address");
    await waitForHydration(page);
    await fillAddress(page, { address1: "123 Main St", city: "Boise", state: "ID", zip: "83702" });
    await page.getByRole("button", { name: "Save address" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your address is added." })).toBeVisible();
    await expect(addressCards(page)).toHaveCount(1);
    await expect(addressCards(page).first()).toContainText("Primary address");
    await expect(addressCards(page).first()).toContainText("Boise, ID 83702");

    // Edit it.
    await page.getByRole("link", { name: /^Edit .*123 Main St/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit address");
    await waitForHydration(page);
    await expect(page.getByLabel("Street address")).toHaveValue("123 Main St");
    await page.getByLabel("Street address").fill("500 Capitol Blvd");
    await page.getByLabel("ZIP or postal code").fill("83702 1234");
    await page.getByRole("button", { name: "Save address" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your address is saved." })).toBeVisible();
    await expect(addressCards(page).first()).toContainText("500 Capitol Blvd");
    await expect(addressCards(page).first()).toContainText("Boise, ID 83702-1234");

    // Add a second and make it the primary one.
    await page.getByRole("link", { name: "Add an address" }).click();
    await waitForHydration(page);
    await fillAddress(page, { address1: "9 Harbor Rd", city: "Coeur d'Alene", state: "ID", zip: "83814" });
    await page.getByRole("button", { name: "Save address" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your address is added." })).toBeVisible();
    await expect(addressCards(page)).toHaveCount(2);
    await expect(addressCards(page).first()).toContainText("500 Capitol Blvd");
    await waitForHydration(page);
    await page.getByRole("button", { name: /^Make .*9 Harbor Rd my primary address/ }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your primary address is changed." })).toBeVisible();
    await expect(addressCards(page).first()).toContainText("9 Harbor Rd");
    await expect(addressCards(page).first()).toContainText("Primary address");
    await expect(page.getByText("Primary address", { exact: true })).toHaveCount(1);

    // Delete the other one.
    await waitForHydration(page);
    await page.getByRole("button", { name: /^Delete .*500 Capitol Blvd/ }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your address is deleted." })).toBeVisible();
    await expect(addressCards(page)).toHaveCount(1);
    await expect(addressCards(page).first()).toContainText("9 Harbor Rd");
  });

  test("bad input gets its message next to the field, and nothing is saved", async ({ page }) => {
    const email = uniqueEmail("taken");
    await createAccount(page, email);
    await page.context().clearCookies();
    await createAccount(page, uniqueEmail("second"));

    // An e-mail another customer has.
    await openPage(page, "/account/settings");
    await page.getByLabel("E-mail", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText("That e-mail belongs to another account.")).toBeVisible();
    await expect(page.getByLabel("E-mail", { exact: true })).toHaveAttribute("aria-invalid", "true");

    // Texts need a phone number.
    await waitForHydration(page);
    await page.getByLabel("Order updates").check();
    await page.getByLabel(/I agree to receive texts/).check();
    await page.getByRole("button", { name: "Save preferences" }).click();
    await expect(page.getByText("Add a phone number to your profile above before choosing texts.")).toBeVisible();

    // A ZIP code that is not one.
    await openPage(page, "/account/addresses/new");
    // Native constraints check required fields even without JavaScript.
    await expect(page.getByLabel("Street address")).toHaveAttribute("required", "");
    await expect(page.getByLabel("Street address")).toHaveAttribute("maxlength", "30");
    await fillAddress(page, { address1: "123 Main St", city: "Boise", state: "ID", zip: "8370" });
    await page.getByRole("button", { name: "Save address" }).click();
    await expect(page.getByText("Enter a 5-digit ZIP code, or ZIP+4 (12345-6789).")).toBeVisible();
    if (!hasJavaScript()) await expect(page).toHaveURL(/\/account\/addresses\/new$/);
    await openPage(page, "/account/addresses");
    await expect(addressCards(page)).toHaveCount(0);
  });
});
