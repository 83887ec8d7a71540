import { expect, test, waitForHydration } from "./fixtures";
import { SOLUTION } from "./purchase";
import { seedCustomer, solutionOrder } from "./seed";

// Ratings and reviews (issue 17, decision 36), with JavaScript and without: a customer who ordered a product rates
// and reviews it on /rate-and-review; the review shows on /reviews and on the product page. The detailed cases
// (verified purchase, editing, reports, escaping) are in tests/integration/reviews.test.ts. The order is seeded
// (tests/e2e/seed.ts).

test("a customer reviews a product they ordered; it shows on /reviews and the product page", async ({ page }) => {
  test.slow();
  await seedCustomer(page, {
    label: "reviewer",
    order: solutionOrder({ address: { address1: "500 W Idaho St", city: "Boise", state: "ID", postalCode: "83702" } }),
  });

  await page.goto(`/rate-and-review?productId=${SOLUTION.productId}`);
  const section = page.locator(`#product-${SOLUTION.productId}`);
  await expect(section.getByRole("heading", { level: 2 })).toHaveText(SOLUTION.displayName);
  const title = `Clean and easy ${test.info().project.name} ${Date.now()}`;
  await waitForHydration(page);
  await section.getByRole("radio", { name: "4 stars: Good" }).check();
  await section.getByLabel("Title").fill(title);
  await section.getByLabel("Your review").fill("No stinging at all once it has finished. <b>Recommended</b>.");
  await section.getByRole("button", { name: "Submit review" }).click();

  await expect(page).toHaveURL(new RegExp(`/rate-and-review\\?thanks=${SOLUTION.productId}`));
  await expect(page.getByTestId("review-thanks")).toContainText(`Thank you for reviewing ${SOLUTION.displayName}!`);
  await expect(section.getByTestId("own-review")).toContainText(title);
  await expect(section.getByRole("button", { name: "Update review" })).toBeVisible();

  // Newest first on /reviews, and the text is shown as typed.
  await page.getByTestId("review-thanks").getByRole("link", { name: "customer reviews" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Customer reviews");
  const newest = page.getByTestId("review-list").locator("article").first();
  await expect(newest.getByRole("heading")).toHaveText(title);
  await expect(newest).toContainText("4 out of 5 stars (Good)");
  await expect(newest).toContainText("<b>Recommended</b>");
  await expect(page.getByTestId("product-ratings")).toContainText(SOLUTION.displayName);

  // The product page: the average and count, the review among the latest.
  await newest.getByRole("link", { name: SOLUTION.displayName }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(SOLUTION.displayName);
  const reviews = page.locator("section.product-reviews");
  await expect(reviews.getByTestId("rating-summary")).toContainText(/out of 5 \(\d+ reviews?\)/);
  await expect(reviews.getByRole("heading", { name: title })).toBeVisible();
});
