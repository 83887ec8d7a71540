import { expect, test, waitForHydration } from "./fixtures";
import { toastMessage, TORIC } from "./purchase";
import { seedCustomer, toricOrder } from "./seed";

// Reorder and the dashboard (issue 17), with JavaScript and without: a customer with no orders sees an empty reorder
// page; a customer whose order of the toric lens for Ann Lee (typed prescription) is seeded signs in and lands on
// /reorder?signin=true, which shows Ann's lenses and prescription, and 'Reorder' puts them in the cart with no
// prescription step; the dashboard shows the last order. The detailed cases (other customers, expired prescriptions,
// the entry guard) are in tests/integration/reorder.test.ts; buying itself is checkout.spec.ts's.

test.describe("reorder and the dashboard (issue 17)", () => {
  test("sign in lands on reorder; Reorder puts the last lenses in the cart; the dashboard shows the last order", async ({
    page,
  }) => {
    test.slow();
    await seedCustomer(page, { label: "reorder-empty" });
    await page.goto("/reorder");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reorder your lenses");
    await expect(page.getByTestId("reorder-empty").getByRole("link", { name: "Shop contact lenses" })).toBeVisible();

    // A customer whose first order (the toric lens for both eyes, the prescription typed) is seeded.
    const { email, password, orderNumber } = await seedCustomer(page, { label: "reorder", order: toricOrder(12) });

    // Another visit: signed out, then signed in through the dialog, to the reorder page.
    await page.context().clearCookies();
    await page.goto("/?signin=sign-in");
    await waitForHydration(page);
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("E-mail", { exact: true }).fill(email);
    await dialog.getByLabel("Password", { exact: true }).fill(password);
    await dialog.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL("/reorder?signin=true");
    const patient = page.getByTestId("reorder-patient");
    await expect(patient).toHaveCount(1);
    await expect(patient.getByRole("heading", { level: 2 })).toHaveText("Ann Lee");
    await expect(patient.getByTestId("reorder-lens")).toHaveCount(2);
    await expect(patient).toContainText(TORIC.displayName);
    await expect(patient.getByTestId("reorder-prescription")).toContainText("Expires");
    await expect(patient).toContainText(orderNumber!);

    await waitForHydration(page);
    await patient.getByRole("button", { name: "Reorder for Ann Lee" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(toastMessage(page)).toHaveText("Added to your cart.");
    const group = page.getByTestId("cart-group");
    await expect(group).toHaveCount(1);
    await expect(group.getByRole("heading", { level: 2 })).toHaveText("Contact lenses for Ann Lee");
    await expect(group.getByTestId("cart-line")).toHaveCount(2);

    // The dashboard: the last order, its status and expected delivery.
    await page.goto("/dashboard");
    const lastOrder = page.getByTestId("dashboard-last-order");
    await expect(lastOrder.getByRole("link", { name: `Order ${orderNumber!}` })).toBeVisible();
    await expect(lastOrder.getByTestId("last-order-status")).toHaveText("Processing");
    await expect(lastOrder.getByTestId("last-order-delivery")).not.toBeEmpty();
  });
});
