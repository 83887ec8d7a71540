import { SHIPPING_METHODS } from "../../app/models/shipping";
import { CANCEL_REASONS } from "../../app/models/subscription";
import { expect, readContentJson, test, waitForHydration } from "./fixtures";
import {
  addToricForBothEyes,
  chooseSeedDoctor,
  continueToCheckout,
  createAccount,
  enterPatient,
  placeOrder,
  saveGoodCard,
  stockedLenses,
  submitShippingAddress,
  TORIC,
  uniqueEmail,
} from "./purchase";
import { indexOfLines, textBrowserView } from "./text-browser";

// Issue 13: the pages read right in a text browser, which ignores CSS. Where CSS made the gap (a grid, a flex
// column, spans shown as blocks), the words ran together: 'Ann Lee123 MAIN STBOISE', 'Standard shippingFREEEstimated',
// '3 months supplyIn Stock', 'DailyA fresh pair'. Each check reads the server's HTML of a page as a text browser
// prints it (tests/e2e/text-browser.ts) and looks for the parts on lines of their own.

/**
 * `expected` stands as consecutive lines of `lines`. A soft assertion, so one run reports every place that reads
 * wrong; the message prints the page's lines.
 */
function expectLines(lines: string[], expected: Array<string | RegExp>) {
  expect
    .soft(indexOfLines(lines, expected), `${expected.join(" / ")} in:\n${lines.join("\n")}`)
    .toBeGreaterThanOrEqual(0);
}

const SUGGESTED = ["Ann Lee", "123 MAIN ST", "BOISE, ID 83702"];
const SUPPLY = /^\d+ (months?|weeks|days?) supply$/;
const QUANTITY = /^Qty 1 · \d+ (months?|weeks|days?) supply$/;
const ENTERED = ["Ann Lee", "123 Main Street", "Boyse, ID 83702"];

test.describe("the funnel's pages read line by line without CSS", () => {
  test("cart, 'Verify your address', checkout, thank-you, the subscription, the address book, the patient step", async ({
    page,
  }) => {
    test.slow();
    await createAccount(page, uniqueEmail("reader"));
    await addToricForBothEyes(page, stockedLenses(4), { autoReorder: "Every 2 months" });
    await enterPatient(page, "Ann", "Lee");

    // The cart: each shipping method's name and price on one line, its delivery estimate on the next.
    let lines = await textBrowserView(page);
    for (const method of SHIPPING_METHODS) {
      expectLines(lines, [
        new RegExp(`^\\([ *]\\) ${method.label} (FREE|\\$\\d+\\.\\d\\d)$`),
        /^Estimated delivery \w{3}, \w{3} \d{1,2}$/,
      ]);
    }
    // A lens line: its supply, then its stock.
    expectLines(lines, [SUPPLY, /^(In Stock|Limited Quantity): \d+$/]);

    // 'Verify your address': each choice's name, then its address line by line; the two addresses apart.
    await continueToCheckout(page);
    // The ZIP is Boise's but the city is misspelled: the verifier suggests the ZIP's city, in USPS form.
    await submitShippingAddress(page, {
      firstName: "Ann",
      lastName: "Lee",
      address1: "123 Main Street",
      city: "Boyse",
      state: "ID",
      zip: "83702",
    });
    await expect(page).toHaveURL(/\/address\?verify=address$/);
    lines = await textBrowserView(page);
    expectLines(lines, ["(*) Suggested address", ...SUGGESTED, "( ) Address entered", ...ENTERED]);
    await waitForHydration(page);
    await page.getByRole("dialog").getByRole("button", { name: "Save address" }).click();
    await expect(page).toHaveURL(/\/doctor$/);

    // Checkout: each item's name (after its eye), parameters and quantity; the shipping address line by line.
    await chooseSeedDoctor(page);
    lines = await textBrowserView(page);
    expectLines(lines, [`OD ${TORIC.displayName}`, /^Power\/sphere \S+ · .* · Axis \d+$/, QUANTITY]);
    expectLines(lines, ["Shipping address", "Change", ...SUGGESTED]);

    // The address step's saved addresses (a radio each) and the address book's card.
    await page.goto("/address");
    await expect(page.getByRole("group", { name: "Your addresses" })).toBeVisible();
    lines = await textBrowserView(page);
    expectLines(lines, ["Your addresses", "(*) Primary address", ...SUGGESTED]);
    await page.goto("/account/addresses");
    await expect(page.getByTestId("address-card")).toHaveCount(1);
    lines = await textBrowserView(page);
    expectLines(lines, ["Primary address", ...SUGGESTED]);

    // Thank-you: the items and the address.
    await page.goto("/checkout");
    await saveGoodCard(page);
    await placeOrder(page);
    lines = await textBrowserView(page);
    expectLines(lines, [`Right eye: ${TORIC.displayName}`, /^Axis \d+ · /, /^1 × \$\d+\.\d{2} = \$\d+\.\d{2}$/]);
    expectLines(lines, ["Shipping to", ...SUGGESTED]);

    // The subscription: its items, its address and the reasons to cancel, one a line.
    await page.goto("/account/subscriptions");
    await page.getByRole("link", { name: /^Manage subscription/ }).click();
    await expect(page).toHaveURL(/\/account\/subscriptions\/\d+$/);
    lines = await textBrowserView(page);
    expectLines(lines, [`Right eye: ${TORIC.displayName}`, /^Axis \d+, /, "Qty 1"]);
    expectLines(lines, ["Shipping address", ...SUGGESTED]);
    expectLines(lines, ["Why are you cancelling?", ...CANCEL_REASONS.map((reason) => `( ) ${reason.label}`)]);

    // The next lenses' patient step offers Ann Lee or a new patient, one a line.
    await addToricForBothEyes(page, stockedLenses(4));
    lines = await textBrowserView(page);
    expectLines(lines, ["Choose a patient", /^\([ *]\) Ann Lee$/, /^\([ *]\) New patient$/]);
  });
});

test.describe("tiles read line by line without CSS", () => {
  test.beforeEach(() => {
    test.skip(test.info().project.name !== "js", "reading the HTML: nothing to click or fill");
  });

  test("the home page's lens types: the name, then what it is", async ({ page }) => {
    const home = readContentJson<{ lensTypes: { tiles: Array<{ label: string; text: string }> } }>("home.json");
    await page.goto("/");
    const lines = await textBrowserView(page);
    for (const tile of home.lensTypes.tiles) expectLines(lines, [tile.label, tile.text]);
  });

  test("a product tile on /lenses: brand, name and price per box", async ({ page }) => {
    await page.goto("/lenses");
    const lines = await textBrowserView(page);
    expectLines(lines, ["Acuvue", TORIC.displayName, /^\$\d+\.\d\d per box$/]);
  });
});
