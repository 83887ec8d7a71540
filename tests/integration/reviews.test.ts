import { randomUUID } from "node:crypto";
import { eq, isNotNull } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPORT_RATE_LIMITS, REVIEW_MESSAGES, REVIEW_STATUS, REVIEWS_PAGE_SIZE } from "~/models/reviews";
import ProductPage, * as productPage from "~/routes/product";
import * as rateAndReview from "~/routes/rate-and-review";
import ReviewsPage, * as reviewsPage from "~/routes/reviews";
import { createAuthSession, createCustomer } from "~/services/accounts/auth/accounts.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { orderGroups, orderLines, orders, reviewReports, reviews } from "~/services/db/schema";
import { seedProducts } from "~/services/db/seed/catalog-data.server";
import { seedReviews } from "~/services/db/seed/review-data.server";
import type { AppServices } from "~/services/platform/context.server";
import { reportReview } from "~/services/reviews/review-reports.server";
import { productReviews, saveReview } from "~/services/reviews/reviews.server";
import { orderRow } from "../setup/order-fixtures";
import { createTestDatabase } from "../setup/test-database";
import { createRequestContext, createTestServices, runThroughMiddleware, settle } from "../setup/test-context";

// Ratings and reviews (issue 17, decision 36): verified purchase, one review per customer and product, editing,
// reports and their threshold, the product page's summary, and plain text that stays text.

let database: DatabaseHandle;
let services: AppServices;

/** Products no demo review is about, so counts and averages here are this file's own. */
const LENS = seedProducts.find((product) => product.vanityUrl === "acuvue-vita-6-pack")!;
const OTHER = seedProducts.find((product) => product.vanityUrl === "acuvue-2-6-pack")!;
const UNBOUGHT = seedProducts.find((product) => product.vanityUrl === "acuvue-advance-6-pack")!;

beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
});
afterAll(async () => {
  await database.close();
});

let counter = 0;

/** A signed-in customer (cookie) who has placed an order of `bought` (paid unless `paymentState` says otherwise). */
async function buyer(bought: Array<{ productId: number }> = [LENS], fields: Partial<typeof orders.$inferInsert> = {}) {
  const customer = await createCustomer(database.db, {
    email: `reviewer.${++counter}.${randomUUID().slice(0, 8)}@example.com`,
    password: "correct horse battery",
    firstName: "Ann",
    lastName: "Lee",
  });
  if (bought.length > 0) {
    const [order] = await database.db
      .insert(orders)
      .values(orderRow(customer.id, `LL-R${randomUUID().slice(0, 8)}`, fields))
      .returning();
    const [group] = await database.db
      .insert(orderGroups)
      .values({ orderId: order!.id, position: 0, type: "Lens" })
      .returning();
    await database.db.insert(orderLines).values(
      bought.map((product) => ({
        orderGroupId: group!.id,
        whichEye: "right",
        productId: product.productId,
        productName: "Lens",
        upc: "000000000000",
        quantity: 1,
        unitPriceCents: 3000,
      })),
    );
  }
  const token = await createAuthSession(database.db, customer.id, "password", false);
  const { session } = await services.sessions.getSession(null);
  session.set("authSessionId", token);
  const cookie = (await services.sessions.commitSession(session)).split(";")[0]!;
  return { id: customer.id, cookie };
}

type Handler = (args: never) => unknown;

/** Calls a loader or action as the router does (the root middleware applied), giving back what it returned or threw. */
async function call(
  handler: Handler,
  path: string,
  options: { cookie?: string; form?: Record<string, string>; params?: Record<string, string> } = {},
) {
  const headers = new Headers(options.cookie ? { Cookie: options.cookie } : {});
  const init: RequestInit = { headers };
  if (options.form) {
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    Object.assign(init, { method: "POST", body: new URLSearchParams(options.form).toString() });
  }
  const request = new Request(`http://store.test${path}`, init);
  const context = await createRequestContext(services, request);
  return settle(async () => handler({ request, params: options.params ?? {}, context } as never));
}

const reviewForm = (productId: number, overrides: Record<string, string> = {}) => ({
  productId: String(productId),
  rating: "4",
  displayName: "Ann L.",
  title: "Sharp and comfortable",
  body: "Clear vision all day and no dryness at all by the evening.",
  ...overrides,
});

const reviewsOf = (customerId: number) => database.db.select().from(reviews).where(eq(reviews.customerId, customerId));

function statusOf(result: unknown): number | undefined {
  if (result instanceof Response) return result.status;
  return (result as { init?: { status?: number } })?.init?.status;
}

describe("/rate-and-review", () => {
  it("sends a signed-out shopper to sign in and back", async () => {
    const result = await call(rateAndReview.loader, "/rate-and-review?productId=7");
    expect(result).toBeInstanceOf(Response);
    const location = (result as Response).headers.get("Location")!;
    expect(location).toContain("signin=sign-in");
    expect(new URL(location, "http://store.test").searchParams.get("redirectTo")).toBe("/rate-and-review?productId=7");
  });

  it("lists the products of the customer's placed orders only, the preselected one first", async () => {
    const customer = await buyer([LENS, OTHER]);
    const pending = await buyer([UNBOUGHT], { paymentState: "pending" });
    const data = (await call(rateAndReview.loader, `/rate-and-review?productId=${OTHER.productId}`, {
      cookie: customer.cookie,
    })) as Awaited<ReturnType<typeof rateAndReview.loader>>;
    expect(data.products.map((product) => product.productId)).toEqual([OTHER.productId, LENS.productId]);
    expect(data.defaultDisplayName).toBe("Ann L.");
    const none = (await call(rateAndReview.loader, "/rate-and-review", { cookie: pending.cookie })) as Awaited<
      ReturnType<typeof rateAndReview.loader>
    >;
    expect(none.products).toEqual([]);
  });

  it("refuses a product the customer didn't buy, with a message, and saves nothing", async () => {
    const customer = await buyer([LENS]);
    const result = await call(rateAndReview.action, "/rate-and-review", {
      cookie: customer.cookie,
      form: reviewForm(UNBOUGHT.productId),
    });
    expect(statusOf(result)).toBe(403);
    expect(JSON.stringify(result)).toContain(REVIEW_MESSAGES.notPurchased);
    expect(await reviewsOf(customer.id)).toEqual([]);
  });

  it("answers bad input with the field's message, a 400, and saves nothing", async () => {
    const customer = await buyer([LENS]);
    const result = await call(rateAndReview.action, "/rate-and-review", {
      cookie: customer.cookie,
      form: reviewForm(LENS.productId, { rating: "9", body: "too short" }),
    });
    expect(statusOf(result)).toBe(400);
    expect(JSON.stringify(result)).toContain(REVIEW_MESSAGES.chooseRating);
    expect(JSON.stringify(result)).toContain(REVIEW_MESSAGES.bodyTooShort);
    expect(await reviewsOf(customer.id)).toEqual([]);
  });

  it("saves one review per product: writing again replaces it", async () => {
    const customer = await buyer([LENS]);
    const first = (await call(rateAndReview.action, "/rate-and-review", {
      cookie: customer.cookie,
      form: reviewForm(LENS.productId),
    })) as Response;
    expect(first.status).toBe(303);
    expect(first.headers.get("Location")).toBe(`/rate-and-review?thanks=${LENS.productId}#product-${LENS.productId}`);
    const [saved] = await reviewsOf(customer.id);

    await call(rateAndReview.action, "/rate-and-review", {
      cookie: customer.cookie,
      form: reviewForm(LENS.productId, { rating: "2", title: "Changed my mind", body: "They dry out after a week." }),
    });
    const rows = await reviewsOf(customer.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: saved!.id, rating: 2, title: "Changed my mind", status: "published" });
    expect(rows[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(saved!.createdAt.getTime());

    const page = (await call(rateAndReview.loader, `/rate-and-review?thanks=${LENS.productId}`, {
      cookie: customer.cookie,
    })) as Awaited<ReturnType<typeof rateAndReview.loader>>;
    expect(page.thanks).toMatchObject({ productName: LENS.displayName, hidden: false });
    expect(page.products[0]!.review).toMatchObject({ rating: 2, title: "Changed my mind" });
  });
});

let reviewDay = 0;

/** Three published reviews of OTHER by three buyers, each newer than any before; returns their ids, oldest first. */
async function threeReviewsOfOther() {
  const ids: number[] = [];
  for (const [index, rating] of [5, 4, 3].entries()) {
    const customer = await buyer([OTHER]);
    const [row] = await database.db
      .insert(reviews)
      .values({
        customerId: customer.id,
        productId: OTHER.productId,
        rating,
        title: `Review ${index}`,
        body: "A fair review of the lenses, long enough.",
        displayName: `Buyer ${index}`,
        createdAt: new Date(Date.UTC(2026, 0, 1, ++reviewDay)),
      })
      .returning({ id: reviews.id });
    ids.push(row!.id);
  }
  return ids;
}

describe("reports", () => {
  it("hide a review once three distinct reporters reported it; the same reporter counts once", async () => {
    const [, , newest] = await threeReviewsOfOther();
    const first = { customerId: null, clientIp: "198.51.100.1" };
    expect(await reportReview(database.db, first, { reviewId: newest! })).toEqual({
      ok: true,
      hidden: false,
      counted: true,
    });
    // The same address again, and again with a reason: still one reporter.
    expect(await reportReview(database.db, first, { reviewId: newest!, reason: "spam" })).toMatchObject({
      counted: false,
      hidden: false,
    });
    const signedIn = await buyer([]);
    await reportReview(database.db, { customerId: signedIn.id, clientIp: "198.51.100.1" }, { reviewId: newest! });
    await reportReview(database.db, { customerId: signedIn.id, clientIp: "198.51.100.9" }, { reviewId: newest! });
    const [row] = await database.db.select().from(reviews).where(eq(reviews.id, newest!));
    expect(row!.status).toBe(REVIEW_STATUS.published);

    expect(
      await reportReview(database.db, { customerId: null, clientIp: "198.51.100.2" }, { reviewId: newest! }),
    ).toEqual({ ok: true, hidden: true, counted: true });
    const [hidden] = await database.db.select().from(reviews).where(eq(reviews.id, newest!));
    expect(hidden!.status).toBe(REVIEW_STATUS.pendingModeration);
    const reports = await database.db.select().from(reviewReports).where(eq(reviewReports.reviewId, newest!));
    expect(reports).toHaveLength(3);

    // Hidden: not in the product's summary or list any more.
    const summary = await productReviews(database.db, OTHER.productId);
    expect(summary.summary?.count).toBe(2);
    expect(summary.latest.map((review) => review.id)).not.toContain(newest);

    // Its author edits it: still hidden (editing is no way around moderation).
    const edited = await saveReview(database.db, hidden!.customerId, {
      productId: OTHER.productId,
      rating: 5,
      displayName: "Buyer",
      title: "Edited",
      body: "A different text, long enough to count.",
    });
    expect(edited).toMatchObject({ ok: true, created: false, status: REVIEW_STATUS.pendingModeration });
  });

  it("refuse a customer's report of their own review, and an unknown review", async () => {
    const customer = await buyer([LENS]);
    const [own] = await database.db
      .insert(reviews)
      .values({
        customerId: customer.id,
        productId: LENS.productId,
        rating: 5,
        title: "Mine",
        body: "My own review of these lenses.",
        displayName: "Ann L.",
      })
      .returning();
    expect(
      await reportReview(database.db, { customerId: customer.id, clientIp: "203.0.113.5" }, { reviewId: own!.id }),
    ).toEqual({
      ok: false,
      reason: "own-review",
    });
    expect(
      await reportReview(database.db, { customerId: null, clientIp: "203.0.113.5" }, { reviewId: 987654 }),
    ).toEqual({
      ok: false,
      reason: "not-found",
    });
  });

  it("are rate-limited per reporter", async () => {
    const reporter = { customerId: null, clientIp: "203.0.113.77" };
    for (let i = 0; i < REPORT_RATE_LIMITS.perReporter; i++) {
      await reportReview(database.db, reporter, { reviewId: 987654 });
    }
    expect(await reportReview(database.db, reporter, { reviewId: 987654 })).toEqual({
      ok: false,
      reason: "rate-limited",
    });
  });

  it("post from any page and go back to it with a message; a bad return path goes to /reviews", async () => {
    const [oldest] = await threeReviewsOfOther();
    const request = new Request("http://store.test/reviews", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        reviewId: String(oldest),
        returnTo: `/lens/${OTHER.vanityUrl}#reviews`,
        reason: "Off topic",
      }).toString(),
    });
    // Through the root middleware, which writes the message's cookie.
    const back = await runThroughMiddleware(services, request, async (context) =>
      reviewsPage.action({ request, context, params: {} } as never),
    );
    expect(back.status).toBe(303);
    expect(back.headers.get("Location")).toBe(`/lens/${OTHER.vanityUrl}#reviews`);
    const cookies = back.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
    expect(await services.sessions.readToast(cookies.join("; "))).toMatchObject({ message: REVIEW_MESSAGES.reported });
    const [report] = await database.db.select().from(reviewReports).where(eq(reviewReports.reviewId, oldest!));
    expect(report).toMatchObject({ reason: "Off topic", reporterKey: expect.stringMatching(/^ip:/) });

    const elsewhere = (await call(reviewsPage.action, "/reviews", {
      form: { reviewId: "nope", returnTo: "//evil.example" },
    })) as Response;
    expect(elsewhere.status).toBe(303);
    expect(elsewhere.headers.get("Location")).toBe("/reviews");
  });
});

describe("the product page and /reviews", () => {
  it("show the average, the count and the latest reviews, with JSON-LD, and keep <script> as text", async () => {
    const customer = await buyer([LENS]);
    await call(rateAndReview.action, "/rate-and-review", {
      cookie: customer.cookie,
      form: reviewForm(LENS.productId, {
        rating: "5",
        title: "<script>alert('title')</script>",
        body: "Great lenses </script><script>alert('body')</script> really.",
        displayName: "<b>Ann</b>",
      }),
    });
    const result = await call(productPage.loader, `/lens/${LENS.vanityUrl}`, { params: { name: LENS.vanityUrl } });
    const loaderData = (result as { data: Awaited<ReturnType<typeof productPage.loader>>["data"] }).data;
    expect(loaderData.reviews.summary?.count).toBeGreaterThanOrEqual(1);
    expect(loaderData.reviews.latest[0]).toMatchObject({ title: "<script>alert('title')</script>", rating: 5 });

    const Stub = createRoutesStub([
      { id: "product", path: "/lens/:name", Component: ProductPage as never, HydrateFallback: () => null },
    ]);
    const html = renderToString(
      createElement(Stub, {
        initialEntries: [`/lens/${LENS.vanityUrl}`],
        hydrationData: { loaderData: { product: loaderData } },
      }),
    );
    // The text is escaped where shown, and the JSON-LD can't close its script element.
    expect(html).not.toContain("<script>alert");
    expect(html).toContain("&lt;script&gt;alert(&#x27;title&#x27;)&lt;/script&gt;");
    expect(html).toContain("&lt;b&gt;Ann&lt;/b&gt;");
    const jsonLd = html.match(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s)![1]!;
    const product = JSON.parse(jsonLd) as {
      aggregateRating: { ratingValue: number; reviewCount: number };
      review: Array<{ author: { name: string }; reviewBody: string; reviewRating: { ratingValue: number } }>;
    };
    expect(product.aggregateRating.reviewCount).toBe(loaderData.reviews.summary!.count);
    expect(product.review[0]).toMatchObject({
      author: { name: "<b>Ann</b>" },
      reviewBody: "Great lenses </script><script>alert('body')</script> really.",
      reviewRating: { ratingValue: 5 },
    });
    expect(html).toContain(`/reviews?productId=${LENS.productId}`);
  });

  it("adds no rating to the JSON-LD of a product without published reviews", async () => {
    const result = await call(productPage.loader, `/lens/${UNBOUGHT.vanityUrl}`, {
      params: { name: UNBOUGHT.vanityUrl },
    });
    const loaderData = (result as { data: Awaited<ReturnType<typeof productPage.loader>>["data"] }).data;
    expect(loaderData.reviews).toEqual({ summary: null, latest: [] });
  });

  it("/reviews pages through published reviews newest first, filtered by product, with each product's average", async () => {
    const ids = await threeReviewsOfOther();
    const all = (await call(reviewsPage.loader, "/reviews")) as Awaited<ReturnType<typeof reviewsPage.loader>>;
    expect(all.reviews.length).toBeLessThanOrEqual(REVIEWS_PAGE_SIZE);
    const dates = all.reviews.map((review) => review.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(all.ratings.some((rating) => rating.productId === OTHER.productId)).toBe(true);

    const filtered = (await call(reviewsPage.loader, `/reviews?productId=${OTHER.productId}&page=1`)) as Awaited<
      ReturnType<typeof reviewsPage.loader>
    >;
    expect(filtered.reviews.every((review) => review.productId === OTHER.productId)).toBe(true);
    expect(filtered.reviews.slice(0, 3).map((review) => review.id)).toEqual([...ids].reverse());
    expect(filtered.product?.count).toBe(filtered.total);

    const past = (await call(reviewsPage.loader, `/reviews?productId=${OTHER.productId}&page=99`)) as Awaited<
      ReturnType<typeof reviewsPage.loader>
    >;
    expect(past).toMatchObject({ reviews: [], total: filtered.total });

    const Stub = createRoutesStub([{ id: "reviews", path: "/reviews", Component: ReviewsPage as never }]);
    const html = renderToString(
      createElement(Stub, { initialEntries: ["/reviews"], hydrationData: { loaderData: { reviews: all } } }),
    );
    expect(html).toContain("Average rating by product");
    expect(html).toContain("Report this review");
  });
});

describe("the demo reviews", () => {
  it("are seeded once each, and a product's average comes from them", async () => {
    const rows = await database.db.select().from(reviews).where(isNotNull(reviews.seedKey));
    expect(rows.map((row) => row.seedKey).sort()).toEqual(seedReviews.map((review) => review.key).sort());
    const oasys = seedProducts.find((product) => product.vanityUrl === "acuvue-oasys-1-day-90-pack")!;
    // 5, 4 and 4 stars: 4.33 → 4.3; the newest first.
    const { summary, latest } = await productReviews(database.db, oasys.productId);
    expect(summary).toEqual({ average: 4.3, count: 3 });
    expect(latest.map((review) => review.displayName)).toEqual(["Priya R.", "James W.", "Maya O."]);
  });
});
