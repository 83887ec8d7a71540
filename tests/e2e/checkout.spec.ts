import { ADDRESS_MESSAGES } from "../../app/models/address";
import { CARD_MESSAGES } from "../../app/models/card";
import { seedClinics } from "../../app/services/db/seed/doctor-data.server";
import { expect, hasJavaScript, promoRibbon, test, waitForHydration } from "./fixtures";
import {
  addSolution,
  addToricForBothEyes,
  addToricThenEnterPrescription,
  CARD_DECLINED,
  CARD_OK,
  cardForm,
  cardFormError,
  continueAsGuest,
  continueToCheckout,
  createAccount,
  enterPatient,
  expectConfirmationMail,
  EXPIRY,
  guestAtCheckout,
  isCheckoutPost,
  orderHistoryRows,
  placeOrder,
  saveCard,
  saveGoodCard,
  shippingForm,
  stockedLenses,
  submitShippingAddress,
  thankYouOrderNumber,
  toastMessage,
  uniqueEmail,
} from "./purchase";
import { expectReadBeforePage } from "./reading-order";

// The purchase funnel and checkout (issue 6), with JavaScript and without: a toric lens for both eyes bought by a
// guest and by a signed-in customer (patient, address with the verification choice, doctor search, new card, place
// order, thank-you, the order in history); a declined card; the card lock; a double submit placing one order; a bad
// ZIP. Every test starts from a new shopper (its own browser context and a new e-mail), so they run in any order.

test.describe("purchase funnel and checkout (issue 6)", () => {
  test("a guest buys a toric lens for both eyes: verify the address, find the doctor, pay with a new card", async ({
    page,
  }) => {
    test.slow();
    const email = uniqueEmail("guest-buy");
    await addToricThenEnterPrescription(page, stockedLenses(0));
    await enterPatient(page, "Nora", "Quinn");
    const lines = page.getByTestId("cart-line");
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(0).locator("th")).toHaveText("OD");
    await expect(lines.nth(1).locator("th")).toHaveText("OS");
    await continueToCheckout(page);
    // Closing the sign-in dialog opened from the step stays on the step.
    await waitForHydration(page);
    await page.getByRole("link", { name: "Continue as a guest" }).click();
    await page.getByRole("dialog").getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL(/\/address$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await continueAsGuest(page, email);

    // The ZIP is Boise's but the city is misspelled: the verifier suggests the ZIP's city, in USPS form.
    await submitShippingAddress(page, {
      firstName: "Nora",
      lastName: "Quinn",
      address1: "123 Main Street",
      city: "Boyse",
      state: "ID",
      zip: "83702",
    });
    await expect(page).toHaveURL(/\/address\?verify=address$/);
    const dialog = page.getByRole("dialog", { name: "Verify your address" });
    await expect(dialog).toBeVisible();
    await expectReadBeforePage(dialog);
    const suggested = dialog.getByRole("radio", { name: /^Suggested address/ });
    const entered = dialog.getByRole("radio", { name: /^Address entered/ });
    await expect(suggested).toBeChecked();
    await expect(entered).not.toBeChecked();
    const suggestedChoice = dialog.locator("label", { has: page.getByRole("radio", { name: /^Suggested address/ }) });
    const enteredChoice = dialog.locator("label", { has: page.getByRole("radio", { name: /^Address entered/ }) });
    await expect(suggestedChoice).toContainText("123 MAIN ST");
    await expect(suggestedChoice).toContainText("BOISE, ID 83702");
    await expect(enteredChoice).toContainText("123 Main Street");
    await expect(enteredChoice).toContainText("Boyse, ID 83702");
    await waitForHydration(page);
    await dialog.getByRole("button", { name: "Save address" }).click();

    // The doctor: search by name near the clinic's ZIP, and choose them.
    await expect(page).toHaveURL(/\/doctor$/);
    await expect(toastMessage(page)).toHaveText("Address saved.");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your eye doctor");
    // The promo ribbon shows on the funnel's steps (it is hidden on /checkout only, by the content's route override).
    await expect(promoRibbon(page)).toBeVisible();
    const clinic = seedClinics.find((candidate) => candidate.postalCode === "83702")!;
    const doctor = clinic.doctors[0]!;
    const doctorName = `Dr. ${doctor.firstName} ${doctor.lastName}`;
    await waitForHydration(page);
    const search = page.getByRole("search", { name: "Find your eye doctor" });
    await search.getByLabel("Doctor's name or phone number").fill(`${doctor.firstName} ${doctor.lastName}`);
    await search.getByLabel("ZIP code, city and state, or state").fill("83702");
    await search.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/doctor\?q=.+&location=83702$/);
    const result = page.getByTestId("doctor-result").filter({ has: page.getByRole("heading", { name: doctorName }) });
    await expect(result).toHaveCount(1);
    await expect(result).toContainText(clinic.name);
    await expect(result).toContainText(`${clinic.city}, ID 83702`);
    await waitForHydration(page);
    await result.getByRole("button", { name: /^Choose/ }).click();

    // Checkout: the review shows the patient, the doctor and the suggested address; no promo ribbon here.
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(toastMessage(page)).toHaveText(`${doctorName} is your eye doctor.`);
    await expectReadBeforePage(page.getByTestId("toast"));
    await expect(promoRibbon(page)).toHaveCount(0);
    const group = page.getByTestId("checkout-group");
    await expect(group).toHaveCount(1);
    await expect(group.getByRole("heading", { level: 3 })).toHaveText("Contact lenses for Nora Quinn");
    await expect(group).toContainText(doctorName);
    await expect(group.getByTestId("checkout-item")).toHaveCount(2);
    await expect(page.getByTestId("checkout-address")).toContainText("123 MAIN ST");
    await expect(page.getByTestId("checkout-address")).toContainText("BOISE, ID 83702");
    await expect(page.getByText("Add a card to place your order.")).toBeVisible();
    // The billing address starts as the shipping address.
    await expect(cardForm(page).getByLabel("Street address")).toHaveValue("123 MAIN ST");
    await expect(cardForm(page).getByLabel("ZIP code")).toHaveValue("83702");
    await saveGoodCard(page);
    await expect(promoRibbon(page)).toHaveCount(0);

    const orderNumber = await placeOrder(page);
    await expect(page.getByText(/Contact lenses for Nora Quinn/)).toBeVisible();
    await expect(page.getByText(doctorName, { exact: false }).first()).toBeVisible();
    await expectConfirmationMail(page, email, orderNumber);

    const rows = await orderHistoryRows(page);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute("data-order", orderNumber);
    await expect(rows.first()).toContainText("Processing");
    // The order took the cart's items.
    await page.goto("/cart");
    await expect(page.getByText("Your cart is empty.")).toBeVisible();
    await expect(page.getByTestId("cart-count")).toHaveText("0");
  });

  test("a signed-in customer buys a toric lens: an exact address (no dialog), a new doctor added by phone", async ({
    page,
  }) => {
    test.slow();
    const email = uniqueEmail("member-buy");
    await createAccount(page, email);
    await addToricForBothEyes(page, stockedLenses(1));
    await enterPatient(page, "Ann", "Lee");
    await continueToCheckout(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Where should we ship your order?");
    // The form starts with the account's name.
    await expect(shippingForm(page).getByLabel("First name")).toHaveValue("Ann");

    // The ZIP and the city agree: saved as entered (Verified), with no choice to make.
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
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // A phone number nobody has: "Add your doctor", prefilled with the number; added and chosen.
    const serial = String(Math.floor(Math.random() * 900) + 100);
    const digits = `986555${hasJavaScript() ? "1" : "2"}${serial}`;
    const phone = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
    await waitForHydration(page);
    const search = page.getByRole("search", { name: "Find your eye doctor" });
    await expect(search).toContainText("Leave it empty to search near 83702.");
    await search.getByLabel("Doctor's name or phone number").fill(phone);
    await search.getByRole("button", { name: "Search" }).click();
    const add = page.getByRole("region", { name: "Add your doctor" });
    await expect(add).toBeVisible();
    await expect(page.getByTestId("doctor-result")).toHaveCount(0);
    await expect(add.getByLabel("Clinic phone")).toHaveValue(phone);
    await waitForHydration(page);
    await add.getByLabel("Doctor's first name").fill("Iris");
    await add.getByLabel("Doctor's last name").fill("Vantongeren");
    await add.getByLabel("Clinic or practice").fill("Foothills Eye Care");
    await add.getByLabel("Street address").fill("800 W Main St");
    await add.getByLabel("City").fill("Boise");
    await add.getByLabel("State").selectOption("ID");
    await add.getByLabel("ZIP code").fill("83702");
    await add.getByRole("button", { name: "Add and choose this doctor" }).click();

    await expect(page).toHaveURL(/\/checkout$/);
    await expect(toastMessage(page)).toHaveText("Dr. Iris Vantongeren is your eye doctor.");
    const group = page.getByTestId("checkout-group");
    await expect(group.getByRole("heading", { level: 3 })).toHaveText("Contact lenses for Ann Lee");
    await expect(group).toContainText("Dr. Iris Vantongeren, Foothills Eye Care");
    await expect(group).toContainText(phone);
    await expect(page.getByTestId("checkout-address")).toContainText("Boise, ID 83702");
    await saveGoodCard(page);

    const orderNumber = await placeOrder(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you, Ann!");
    await expectConfirmationMail(page, email, orderNumber);

    const rows = await orderHistoryRows(page);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute("data-order", orderNumber);
    // The doctor is found by phone from now on.
    await page.goto(`/eye-doctor-search?q=${encodeURIComponent(digits)}&location=83702`);
    await expect(page.getByTestId("doctor-result")).toHaveCount(1);
    await expect(page.getByTestId("doctor-result")).toContainText("Dr. Iris Vantongeren");
  });

  test("a declined card gets the decline message, and the page shows only its last four digits", async ({ page }) => {
    await guestAtCheckout(page, uniqueEmail("declined"));
    const saved = page.waitForResponse((response) => isCheckoutPost(response.request()));
    await saveCard(page, CARD_DECLINED);
    await saved;
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(cardFormError(page)).toHaveText(CARD_MESSAGES.declined);
    await expect(page.getByTestId("entered-last-four")).toContainText("You entered a card ending in 0002.");
    // The number and the CVV are not sent back: the shopper types them again.
    await expect(cardForm(page).getByLabel("Card number")).toHaveValue("");
    await expect(cardForm(page).getByLabel("Security code (CVV)")).toHaveValue("");
    await expect(cardForm(page).getByLabel("Name on card")).toHaveValue("Sam Rivers");
    const html = await page.content();
    expect(html).not.toContain("4000000000000002");
    expect(html).not.toContain(CARD_DECLINED);
    // No card was saved, so there is nothing to pay with yet.
    await expect(page.getByTestId("saved-card")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Place order" })).toHaveCount(0);
  });

  test("after 10 failed card saves, saving a card is refused: 'Too many invalid attempts'", async ({ page }) => {
    test.slow();
    await guestAtCheckout(page, uniqueEmail("card-lock"));
    // Declined cards: they pass the form's checks (with JavaScript the browser refuses a Luhn failure itself, so it
    // would never reach the server) and fail at the vault, which is a failed save.
    for (let attempt = 1; attempt <= 10; attempt++) {
      const saved = page.waitForResponse((response) => isCheckoutPost(response.request()));
      await saveCard(page, CARD_DECLINED, { fillAll: attempt === 1 });
      expect((await saved).status()).toBe(400);
      // The failure that engages the lock already says so, with or without JavaScript.
      await expect(cardFormError(page)).toHaveText(
        attempt < 10 ? CARD_MESSAGES.declined : CARD_MESSAGES.tooManyAttempts,
      );
    }

    await page.goto("/checkout");
    await expect(page.getByTestId("card-locked")).toHaveText(CARD_MESSAGES.tooManyAttempts);
    await expect(cardForm(page).getByRole("button", { name: "Save card" })).toBeDisabled();
    await expect(cardForm(page).getByLabel("Card number")).toBeDisabled();
    expect((await page.context().cookies()).find((cookie) => cookie.name === "cardLock")?.value).toBe("1");

    // The server refuses even a good card, with the cookie or without it (the count is in the database).
    const post = () =>
      page.request.post("/checkout", {
        form: {
          intent: "save-card",
          cardNumber: CARD_OK,
          nameOnCard: "Sam Rivers",
          expirationMonth: EXPIRY.month,
          expirationYear: EXPIRY.year,
          cvv: "123",
          billingAddress1: "500 W Idaho St",
          billingCity: "Boise",
          billingState: "ID",
          billingPostalCode: "83702",
        },
        maxRedirects: 0,
      });
    const withCookie = await post();
    expect(withCookie.status()).toBe(400);
    expect(await withCookie.text()).toContain(CARD_MESSAGES.tooManyAttempts);
    await page.context().clearCookies({ name: "cardLock" });
    const withoutCookie = await post();
    expect(withoutCookie.status()).toBe(400);
    expect(await withoutCookie.text()).toContain(CARD_MESSAGES.tooManyAttempts);

    await page.goto("/checkout");
    await expect(page.getByTestId("card-locked")).toHaveText(CARD_MESSAGES.tooManyAttempts);
    await expect(page.getByTestId("saved-card")).toHaveCount(0);
  });

  test("a double submit of 'Place order' places one order", async ({ page }) => {
    const email = uniqueEmail("double");
    await guestAtCheckout(page, email);
    await saveGoodCard(page);
    const form = page.getByTestId("place-order-form");
    const idempotencyKey = await form.locator('input[name="idempotencyKey"]').inputValue();
    const paymentMethodId = await form.locator('input[name="paymentMethodId"]:checked').inputValue();
    expect(idempotencyKey).not.toBe("");

    // The same form posted with the page's cookies: a retried request, a second tab, a resubmit from history.
    const sameForm = () =>
      page.request.post("/checkout", {
        form: { intent: "place-order", idempotencyKey, paymentMethodId },
        maxRedirects: 0,
      });
    await waitForHydration(page);
    // A double click on 'Place order' racing a copy of the form to the server.
    const [twin] = await Promise.all([sameForm(), page.getByRole("button", { name: "Place order" }).dblclick()]);
    const orderNumber = await thankYouOrderNumber(page);
    expect(twin.status()).toBe(303);
    expect(twin.headers()["location"]).toBe(`/thank-you?oid=${orderNumber}`);
    // And once more after the order went through: still that order.
    const later = await sameForm();
    expect(later.status()).toBe(303);
    expect(later.headers()["location"]).toBe(`/thank-you?oid=${orderNumber}`);

    const rows = await orderHistoryRows(page);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute("data-order", orderNumber);
    // One order, one confirmation.
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    await expect(page.locator('[data-testid="mail-row"][data-kind="order-confirmation"]')).toHaveCount(1);
  });

  test("a bad ZIP on the address step shows its message next to the field and stays on the step", async ({ page }) => {
    await addSolution(page);
    await continueToCheckout(page);
    await continueAsGuest(page, uniqueEmail("bad-zip"));
    await submitShippingAddress(page, {
      firstName: "Sam",
      lastName: "Rivers",
      address1: "500 W Idaho St",
      city: "Boise",
      state: "ID",
      zip: "1234",
    });
    const zip = shippingForm(page).getByLabel("ZIP or postal code");
    const zipField = shippingForm(page).locator("p.form-field", { has: page.getByLabel("ZIP or postal code") });
    await expect(zipField.getByRole("alert")).toHaveText(ADDRESS_MESSAGES.zipInvalid);
    await expect(zip).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/address$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    // Only the ZIP is wrong.
    await expect(shippingForm(page).getByRole("alert")).toHaveCount(1);
    await expect(shippingForm(page).getByLabel("City")).toHaveValue("Boise");
  });
});
