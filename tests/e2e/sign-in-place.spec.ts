import type { APIRequestContext } from "@playwright/test";
import { expect, hasJavaScript, siteHeader, test, waitForHydration } from "./fixtures";

// The sign-in dialog keeps the shopper's place: a field error on any slide keeps the dialog's parameters, so the
// next correct entry goes where the shopper was headed. Without JavaScript the server does the checking (text
// browsers enforce neither `required` nor the e-mail's shape), which is the case this guards.

const PASSWORD = "correct horse battery";

function uniqueEmail(label: string): string {
  const project = test.info().project.name;
  return `${label}-${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}-${project}@example.com`;
}

async function createAccount(request: APIRequestContext, email: string) {
  const response = await request.post("/resources/auth", {
    form: { intent: "create-account", firstName: "Ann", lastName: "Lee", email, password: PASSWORD, returnTo: "/" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
}

test("a field error on the sign-in slide keeps redirectTo, and the next sign-in goes there", async ({
  page,
  request,
}) => {
  const email = uniqueEmail("place");
  await createAccount(request, email);
  await page.goto("/?signin=sign-in&redirectTo=%2Faccount%2Fsettings");
  await waitForHydration(page);
  const dialog = page.getByRole("dialog");
  // 'a@b' passes the browser's own e-mail check but not the server's: the server answers with the slide again.
  await dialog.getByLabel("E-mail", { exact: true }).fill("a@b");
  await dialog.getByLabel("Password", { exact: true }).fill("x");
  await dialog.getByRole("button", { name: "Sign in" }).click();
  if (!hasJavaScript()) {
    await expect(page).toHaveURL("/?signin=sign-in&redirectTo=%2Faccount%2Fsettings");
    await expect(dialog.getByText("Enter a valid e-mail address.")).toBeVisible();
  }
  await expect(page).toHaveURL(/redirectTo=%2Faccount%2Fsettings/);

  await dialog.getByLabel("E-mail", { exact: true }).fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await dialog.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL("/account/settings");
  await expect(siteHeader(page).locator(".account-dropdown summary")).toHaveText("My account");
});

test("a field error on the guest slide keeps redirectTo", async ({ page }) => {
  await page.goto("/?signin=guest&redirectTo=%2Faccount%2Fsettings");
  await waitForHydration(page);
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("E-mail", { exact: true }).fill("a@b");
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/[?&]signin=guest/);
  await expect(page).toHaveURL(/redirectTo=%2Faccount%2Fsettings/);

  await dialog.getByLabel("E-mail", { exact: true }).fill(uniqueEmail("place-guest"));
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL("/account/settings");
});
