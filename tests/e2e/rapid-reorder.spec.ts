import { expect, test, waitForHydration } from "./fixtures";
import { expectConfirmationMail, thankYouOrderNumber, TORIC } from "./purchase";
import { seedCustomer, toricOrder } from "./seed";

// The rapid reorder (issue 17), with JavaScript and without: a customer who bought a toric lens for both eyes opens
// /rapid-reorder, changes the right eye's boxes, updates the totals and places the order on the same page; the
// thank-you page and the confirmation e-mail follow as after checkout. The detailed cases (no order, an expired
// prescription, a sold-out lens, a declined card, a double submit, another customer's ids) are integration tests.
// Stocked-lens slot 11 is this spec's. The first order is seeded (tests/e2e/seed.ts); checkout.spec.ts buys.

test.describe("rapid reorder (issue 17)", () => {
  test("a returning customer reorders the last order's lenses from one page", async ({ page }) => {
    test.slow();
    const seeded = await seedCustomer(page, { label: "rapid", order: toricOrder(11) });
    const { email } = seeded;
    const firstOrder = seeded.orderNumber!;

    await page.goto("/rapid-reorder");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rapid reorder");
    const form = page.getByTestId("rapid-reorder-form");
    await expect(form).toContainText(firstOrder);
    await expect(form.getByRole("heading", { level: 3 })).toHaveText("Contact lenses for Ann Lee");
    const right = form.getByRole("group", { name: `Right eye (OD): ${TORIC.displayName}` });
    await expect(right.getByLabel("Quantity")).toHaveValue("1");
    await expect(form.getByRole("group", { name: "Ship to" })).toContainText(/42 Capitol Blvd/i);
    await expect(form.getByRole("group", { name: "Pay with" }).getByRole("radio")).toBeChecked();
    const total = page.getByTestId("place-order-total");
    const before = await total.textContent();

    await waitForHydration(page);
    await right.getByLabel("Quantity").selectOption("2");
    await page.getByRole("button", { name: "Update totals" }).click();
    await expect(page).toHaveURL(/\/rapid-reorder\?q=2\.1&/);
    await expect(total).not.toHaveText(before!);
    await expect(right.getByLabel("Quantity")).toHaveValue("2");

    await waitForHydration(page);
    await page.getByRole("button", { name: "Place order" }).click();
    const orderNumber = await thankYouOrderNumber(page);
    expect(orderNumber).not.toBe(firstOrder);
    await expect(page.getByText("Contact lenses for Ann Lee")).toBeVisible();
    await expectConfirmationMail(page, email, orderNumber);
  });
});
