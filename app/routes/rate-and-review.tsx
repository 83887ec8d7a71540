import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect } from "react-router";
import { ReviewBody } from "~/components/reviews/ReviewList";
import { ReviewForm } from "~/components/reviews/ReviewForm";
import type { PageHandle } from "~/models/page";
import {
  defaultDisplayName,
  formatReviewDate,
  RATING_WORDS,
  ratingText,
  REVIEW_MESSAGES,
  REVIEW_STATUS,
  reviewSchema,
} from "~/models/reviews";
import { requireCustomer } from "~/services/accounts/auth/guard.server";
import { servicesContext } from "~/services/platform/context.server";
import { readForm } from "~/services/platform/http.server";
import { purchasedProducts, saveReview } from "~/services/reviews/reviews.server";
import reviewStyles from "~/styles/reviews.css?url";
import type { Route } from "./+types/rate-and-review";

export const handle: PageHandle = { pageName: "RateAndReview", headerType: "standard" };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: reviewStyles }];

export const meta: Route.MetaFunction = () => [
  { title: "Rate and review | Lenslane" },
  { name: "robots", content: "noindex" },
];

/** `?productId=` puts that product's form first; `?thanks=` (after a post) names the product just reviewed. */
function productIdParam(url: URL, name: string): number | null {
  const value = Number(url.searchParams.get(name));
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** Signed-in only (spec 6): the products in the customer's placed orders, each with its review form. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = requireCustomer(context, request);
  const { db } = context.get(servicesContext);
  const url = new URL(request.url);
  const preselected = productIdParam(url, "productId");
  const thanksFor = productIdParam(url, "thanks");
  const products = await purchasedProducts(db, customer.id);
  // The preselected product comes first; the others keep their order (most recently ordered first).
  const ordered = preselected
    ? [...products].sort((a, b) => Number(b.productId === preselected) - Number(a.productId === preselected))
    : products;
  const thanked = products.find((product) => product.productId === thanksFor);
  return {
    products: ordered,
    preselected,
    preselectedMissing: preselected !== null && !products.some((product) => product.productId === preselected),
    thanks: thanked?.review
      ? {
          productName: thanked.displayName,
          path: thanked.path,
          hidden: thanked.review.status !== REVIEW_STATUS.published,
        }
      : null,
    defaultDisplayName: defaultDisplayName(customer.firstName, customer.lastName),
  };
}

/** Saves one product's review (replacing the customer's earlier one), then back here with the thank-you. */
export async function action({ request, context }: Route.ActionArgs) {
  const customer = requireCustomer(context, request);
  const { db } = context.get(servicesContext);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: reviewSchema });
  const productId = Number(formData.get("productId")) || null;
  if (submission.status !== "success") {
    return data({ productId, result: submission.reply(), notPurchased: false }, { status: 400 });
  }
  const saved = await saveReview(db, customer.id, submission.value);
  if (!saved.ok) {
    return data(
      { productId, result: submission.reply({ formErrors: [REVIEW_MESSAGES.notPurchased] }), notPurchased: true },
      { status: 403 },
    );
  }
  return redirect(`/rate-and-review?thanks=${submission.value.productId}#product-${submission.value.productId}`, 303);
}

export default function RateAndReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  const { products, thanks } = loaderData;
  // A form for a product not listed here (a stale page, a crafted post) has no place to show its message: the top does.
  const refusedProduct =
    actionData?.notPurchased && !products.some((product) => product.productId === actionData.productId);
  return (
    <section className="rate-and-review-page">
      <h1>Rate and review</h1>
      {thanks ? (
        <p className="notice notice-success" role="status" data-testid="review-thanks">
          Thank you for reviewing {thanks.productName}!{" "}
          {thanks.hidden ? (
            "Your review stays hidden while we check a report about it."
          ) : (
            <>
              It&apos;s on the <Link to={thanks.path}>product page</Link> and in{" "}
              <Link to="/reviews">customer reviews</Link>.
            </>
          )}
        </p>
      ) : null}
      {loaderData.preselectedMissing || refusedProduct ? (
        <p className="notice" role="alert">
          {REVIEW_MESSAGES.notPurchased}
        </p>
      ) : null}
      {products.length === 0 ? (
        <p>
          Once you&apos;ve ordered from us you can rate and review the lenses and solutions you bought here.{" "}
          <Link to="/lenses">Shop contact lenses</Link>
        </p>
      ) : (
        <>
          <p>
            Tell other shoppers what you think of the products you bought. Reviews are plain text and show under the
            name you choose. Writing again about a product replaces your earlier review.
          </p>
          {products.map((product) => (
            <section
              key={product.productId}
              id={`product-${product.productId}`}
              className="review-product-section"
              aria-labelledby={`product-${product.productId}-name`}
            >
              <h2 id={`product-${product.productId}-name`}>
                <Link to={product.path}>{product.displayName}</Link>
              </h2>
              {product.review ? (
                <div className="own-review" data-testid="own-review">
                  <p>
                    <strong>Your review</strong> of {formatReviewDate(product.review.createdAt)}:{" "}
                    {ratingText(product.review.rating)} ({RATING_WORDS[product.review.rating]}), &ldquo;
                    {product.review.title}&rdquo;.{" "}
                    {product.review.status === REVIEW_STATUS.published
                      ? "Published."
                      : "Hidden while we check a report about it."}
                  </p>
                  <ReviewBody body={product.review.body} />
                </div>
              ) : null}
              <ReviewForm
                key={product.review?.createdAt ?? "new"}
                productId={product.productId}
                productName={product.displayName}
                isEdit={!!product.review}
                defaults={{
                  rating: product.review?.rating ?? null,
                  displayName: product.review?.displayName ?? loaderData.defaultDisplayName,
                  title: product.review?.title ?? "",
                  body: product.review?.body ?? "",
                }}
                lastResult={actionData?.productId === product.productId ? actionData.result : undefined}
              />
            </section>
          ))}
        </>
      )}
    </section>
  );
}
