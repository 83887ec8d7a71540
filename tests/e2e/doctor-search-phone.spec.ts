import { formatPhone } from "../../app/models/account";
import { seedClinics } from "../../app/services/db/seed/doctor-data.server";
import { expect, test, waitForHydration } from "./fixtures";

// Issue 25: a doctor found by phone on the public doctor search, typed into the form and from a link that uses the
// spec's query parameters (nameOrPhone, location, distanceInMiles). Read-only: the seeded directory is searched.

const boise = seedClinics.find((clinic) => clinic.postalCode === "83702")!;
const doctor = boise.doctors[0]!;
const doctorName = `Dr. ${doctor.firstName} ${doctor.lastName}`;

test.describe("the doctor search by phone", () => {
  test("finds the doctor whose number is typed into the search", async ({ page }) => {
    await page.goto("/eye-doctor-search");
    await waitForHydration(page);
    const search = page.getByRole("search", { name: "Find your eye doctor" });
    await search.getByLabel("Doctor's name or phone number").fill(formatPhone(doctor.phone));
    await search.getByRole("button", { name: "Find doctors" }).click();
    await expect(page).toHaveURL(/\/eye-doctor-search\?q=/);
    await expect(page.getByRole("heading", { level: 2, name: "1 doctor" })).toBeVisible();
    const result = page.getByTestId("doctor-result");
    await expect(result).toHaveCount(1);
    await expect(result.getByRole("heading", { name: doctorName })).toBeVisible();
    await expect(result).toContainText(boise.name);
    await expect(result.getByRole("link", { name: formatPhone(doctor.phone) })).toHaveAttribute(
      "href",
      `tel:+1${doctor.phone}`,
    );
  });

  test("finds the doctor from a link with nameOrPhone, location and distanceInMiles", async ({ page }) => {
    const query = new URLSearchParams({ nameOrPhone: doctor.phone, location: "83702", distanceInMiles: "25" });
    await page.goto(`/eye-doctor-search?${query}`);
    // A phone number names its doctor wherever they are: the distance narrows name and place searches only.
    await expect(page.getByRole("heading", { level: 2, name: "1 doctor near 83702" })).toBeVisible();
    const result = page.getByTestId("doctor-result");
    await expect(result).toHaveCount(1);
    await expect(result.getByRole("heading", { name: doctorName })).toBeVisible();
    // The form shows what the link searched, the distance included.
    const search = page.getByRole("search", { name: "Find your eye doctor" });
    await expect(search.getByLabel("Doctor's name or phone number")).toHaveValue(doctor.phone);
    await expect(search.getByLabel("Within")).toHaveValue("25");

    // Without the number: the doctors within 25 miles, this one among them.
    await waitForHydration(page);
    await search.getByLabel("Doctor's name or phone number").fill("");
    await search.getByRole("button", { name: "Find doctors" }).click();
    await expect(page).toHaveURL(/distanceInMiles=25$/);
    await expect(page.getByRole("heading", { level: 2, name: /^\d+ doctors within 25 miles of 83702$/ })).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: doctorName })).toBeVisible();
  });
});
