import { expect, test } from "./fixtures";
import { seedCustomer, toricOrder } from "./seed";

// The mail-in rebate form (issue 27): an order of four Acuvue boxes earns the brand's rebate, so its order details
// page offers a plain download link to the form, which answers a PDF. With JavaScript and without.

test.describe("the rebate form (issue 27)", () => {
  test("the order details page links to the order's rebate form, which downloads as a PDF", async ({ page }) => {
    const { orderNumber } = await seedCustomer(page, { label: "rebate", order: toricOrder(30, { boxesPerEye: 2 }) });
    await page.goto(`/account/order-history/${orderNumber}`);
    const link = page.getByRole("link", { name: "Download the rebate form" });
    await expect(link).toHaveAttribute("href", `/api/rebates/order/${orderNumber}`);
    await expect(link).toHaveAttribute("download", `rebate_${orderNumber}.pdf`);
    const response = await page.request.get(`/api/rebates/order/${orderNumber}`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    expect(response.headers()["content-disposition"]).toBe(`attachment; filename="rebate_${orderNumber}.pdf"`);
    expect((await response.body()).subarray(0, 5).toString()).toBe("%PDF-");
  });
});
