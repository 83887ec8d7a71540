import { expect, test, waitForHydration } from "./fixtures";
import { chooseLens, enterPatient, eyeFieldset, stockedLenses, TORIC } from "./purchase";

// Spec 2 §4 eye rule (issue 25): a lens group with one eye needs the other. The cart says so for a group ordered for
// the right eye only and links to the lens's page, which adds the left eye to that same group (its patient kept):
// the cart then has one group with both eyes, and asks for nothing more.

test.describe("the eye rule", () => {
  test("a group with one eye offers the other eye, and adds it to the same group", async ({ page }) => {
    const lenses = stockedLenses(47);
    await page.goto(`/lens/${TORIC.vanityUrl}`);
    await waitForHydration(page);
    await page.getByRole("radio", { name: "Right eye (OD)" }).check();
    await chooseLens(page, "Right", lenses.right);
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(page).toHaveURL(/\/patient$/);
    await enterPatient(page, "Ann", "Lee");

    const group = page.getByTestId("cart-group");
    await expect(group).toHaveCount(1);
    await expect(group.getByTestId("cart-line")).toHaveCount(1);
    const offer = group.getByTestId("other-eye-needed");
    await expect(offer).toHaveText(
      "This order has lenses for the right eye only: the left eye is needed. Add lenses for the left eye",
    );
    await offer.getByRole("link", { name: "Add lenses for the left eye" }).click();

    await expect(page).toHaveURL(new RegExp(`/lens/${TORIC.vanityUrl}\\?group=[^&]+&eye=left$`));
    await expect(page.getByTestId("adding-other-eye")).toHaveText(
      "Adding lenses for the left eye to Contact lenses for Ann Lee in your cart.",
    );
    // Only the needed eye is asked for; the group keeps its own auto-reorder choice.
    await expect(eyeFieldset(page, "Right")).toHaveCount(0);
    await expect(page.getByRole("radio", { name: "Both eyes" })).toHaveCount(0);
    await expect(page.getByLabel("Auto-reorder")).toHaveCount(0);
    await waitForHydration(page);
    await chooseLens(page, "Left", lenses.left);
    await page.getByRole("button", { name: "Add to cart" }).click();

    // Patient and UPCs are known: straight back to the cart, one group with both eyes.
    await expect(page).toHaveURL(/\/cart$/);
    await expect(group).toHaveCount(1);
    await expect(group.getByRole("heading", { level: 2 })).toHaveText("Contact lenses for Ann Lee");
    await expect(group.getByTestId("cart-line")).toHaveCount(2);
    await expect(group.getByRole("rowheader")).toHaveText(["OD", "OS"]);
    await expect(group.getByTestId("other-eye-needed")).toHaveCount(0);

    // The link again (back button, another tab): the group needs no eye now, so the page is the usual one.
    await page.goBack();
    await page.reload();
    await expect(page.getByTestId("adding-other-eye")).toHaveCount(0);
    await expect(page.getByRole("radio", { name: "Both eyes" })).toHaveCount(1);
  });
});
