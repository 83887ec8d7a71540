import type { APIRequestContext, Page } from "@playwright/test";
import { expect, siteFooter, siteHeader, test, waitForHydration } from "./fixtures";
import { PASSWORD, uniqueEmail } from "./purchase";
import { seedCustomer, toricOrder } from "./seed";

// Every link the shell offers (header with its flyouts, the hamburger menu, the account menu, the footer) leads to a
// real page: signed out, signed in without a subscription, and signed in with one (the shell then links to the
// subscriptions). A 4xx/5xx, the not-found page or a placeholder fails the test. The links are read from the page as
// the browser has it (after hydration with JavaScript), and fetched with the browser's cookies.

/** Links that change the session when followed: listed, not fetched. */
const NOT_FETCHED = new Set(["/sign-out"]);

/** What a placeholder says (the 'Coming soon' page the store had before every page was built). */
const PLACEHOLDER = /coming soon/i;

/** The same-site paths of the header's and footer's links, in document order, once each. */
async function shellLinks(page: Page): Promise<string[]> {
  await waitForHydration(page);
  const hrefs = [
    ...(await siteHeader(page)
      .locator("a[href]")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href")))),
    ...(await siteFooter(page)
      .locator("a[href]")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href")))),
  ];
  const paths = hrefs
    .filter((href): href is string => !!href && href.startsWith("/") && !href.startsWith("//"))
    .map((href) => href.split("#")[0]!)
    .filter((href) => href !== "");
  return [...new Set(paths)];
}

/**
 * Fetches a path as the browser would (its cookies), following same-site redirects; a redirect to another site
 * (the sister glasses site) ends the walk there. Returns what failed, or null.
 */
async function problemWith(request: APIRequestContext, path: string): Promise<string | null> {
  const store = new URL(test.info().project.use.baseURL!);
  let url = path;
  for (let hop = 0; hop < 5; hop += 1) {
    const response = await request.get(url, { maxRedirects: 0 });
    const status = response.status();
    if (status >= 300 && status < 400) {
      const next = new URL(response.headers()["location"] ?? "", new URL(url, store));
      if (next.origin !== store.origin) return null;
      if (next.pathname === "/404") return `${path} redirects to the not-found page`;
      url = `${next.pathname}${next.search}`;
      continue;
    }
    if (status >= 400) return `${path} answers ${status}`;
    const body = await response.text();
    if (PLACEHOLDER.test(body)) return `${path} is a placeholder ('Coming soon')`;
    return null;
  }
  return `${path} redirects more than 5 times`;
}

async function expectEveryShellLinkWorks(page: Page, from: string[]) {
  const paths = new Set<string>();
  for (const start of from) {
    await page.goto(start);
    for (const path of await shellLinks(page)) paths.add(path);
  }
  expect(paths.size).toBeGreaterThan(20);
  const problems: string[] = [];
  for (const path of paths) {
    if (NOT_FETCHED.has(path)) continue;
    const problem = await problemWith(page.request, path);
    if (problem) problems.push(problem);
  }
  expect(problems).toEqual([]);
}

/** Creates an account with the page's cookies: the browser is signed in afterwards. */
async function signUp(page: Page, label: string) {
  const response = await page.request.post("/resources/auth", {
    form: {
      intent: "create-account",
      firstName: "Ann",
      lastName: "Lee",
      email: uniqueEmail(label),
      password: PASSWORD,
      returnTo: "/",
    },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
}

test.describe("every link in the shell leads to a real page", () => {
  test("signed out: header, flyouts, hamburger and footer of home and a content page", async ({ page }) => {
    await expectEveryShellLinkWorks(page, ["/", "/contact-us"]);
  });

  test("signed in without a subscription", async ({ page }) => {
    await signUp(page, "crawl");
    await expectEveryShellLinkWorks(page, ["/", "/dashboard"]);
  });

  test("signed in with a subscription", async ({ page }) => {
    test.slow();
    // A customer whose order with auto-reorder every 2 months is seeded (tests/e2e/seed.ts).
    await seedCustomer(page, { label: "crawl-subscriber", order: toricOrder(10, { autoReorderFrequencyDays: 60 }) });
    await page.goto("/dashboard");
    await expect(siteFooter(page).getByRole("link", { name: "My subscriptions" })).toBeVisible();
    await expectEveryShellLinkWorks(page, ["/", "/dashboard"]);
  });
});
