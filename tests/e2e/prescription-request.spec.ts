import { expect, newestMailText, test, waitForHydration } from "./fixtures";
import { seedCustomer, toricOrder } from "./seed";
import { seedClinics } from "../../app/services/db/seed/doctor-data.server";

// /prescription-request (issue 17), with JavaScript and without: a guest who placed a lens order asks the store to
// get the prescription from a doctor found in the directory; the confirmation page and e-mail say what was asked. The
// order is seeded (tests/e2e/seed.ts), and the request is made signed out, proven by the order number and e-mail
// alone; a guest's checkout itself is checkout.spec.ts's.

test("a shopper asks for the prescription of their order from a doctor in the directory", async ({ page }) => {
  test.slow();
  const seeded = await seedCustomer(page, {
    label: "rx-request",
    firstName: "Nora",
    lastName: "Quinn",
    order: toricOrder(11, { address: { address1: "500 W Idaho St", city: "Boise", state: "ID", postalCode: "83702" } }),
  });
  const { email } = seeded;
  const orderNumber = seeded.orderNumber!;

  // Later, on another browser (nobody signed in): the order number and e-mail prove the order. The portal page's
  // header logo leads back to it (spec 1 §2.6).
  await page.context().clearCookies();
  await page.goto("/prescription-request");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ask us to get your prescription");
  await expect(page.locator("header a[href='/prescription-request']")).toHaveCount(1);

  const clinic = seedClinics.find((candidate) => candidate.postalCode === "83702")!;
  const doctor = clinic.doctors[0]!;
  await waitForHydration(page);
  const search = page.getByRole("search", { name: "Find your eye doctor" });
  await search.getByLabel("Doctor's name or phone number").fill(doctor.lastName);
  await search.getByLabel("ZIP code, city and state, or state").fill("83702");
  await search.getByRole("button", { name: "Search" }).click();
  const doctorChoice = page.getByRole("radio", { name: new RegExp(`Dr\\. ${doctor.firstName} ${doctor.lastName}`) });
  await expect(doctorChoice.first()).toBeVisible();

  await waitForHydration(page);
  await page.getByLabel("Order number").fill(orderNumber);
  await page.getByLabel("E-mail you ordered with").fill(email);
  await page.getByLabel("Patient's first name").fill("Nora");
  await page.getByLabel("Patient's last name").fill("Quinn");
  await doctorChoice.first().check();
  await page.getByRole("button", { name: "Send request" }).click();

  await expect(page).toHaveURL(/\/prescription-request\?request=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your prescription request is on its way.");
  await expect(page.getByText(orderNumber, { exact: true })).toBeVisible();
  await expect(page.getByText(`Dr. ${doctor.firstName} ${doctor.lastName}`, { exact: false })).toBeVisible();

  const mail = await newestMailText(page, email, "prescription-request");
  expect(mail).toContain(`We've asked for your prescription for order ${orderNumber}.`);
  expect(mail).toContain("Patient: Nora Quinn");
});
