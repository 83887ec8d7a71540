import { data, Form, Link, redirect } from "react-router";
import { RatingSummaryLine, ReviewList } from "~/components/reviews/ReviewList";
import type { PageHandle } from "~/models/page";
import { safeReturnPathSchema } from "~/models/return-path";
import {
  ratingSummaryText,
  REPORT_REASON_MAX,
  reportSchema,
  REVIEW_MESSAGES,
  reviewListQuerySchema,
  REVIEWS_PAGE_SIZE,
} from "~/models/reviews";
import { isSpam } from "~/services/platform/honeypot.server";
import { requestInfoContext, servicesContext, visitorContext } from "~/services/platform/context.server";
import { readForm } from "~/services/platform/http.server";
import { flashToast } from "~/services/platform/session.server";
import { reportReview } from "~/services/reviews/review-reports.server";
import { productRatings, reviewPage } from "~/services/reviews/reviews.server";
import reviewStyles from "~/styles/reviews.css?url";
import type { Route } from "./+types/reviews";

export const handle: PageHandle = { pageName: "Reviews", headerType: "standard" };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: reviewStyles }];

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  {
    title: loaderData?.product
      ? `Reviews of ${loaderData.product.productName} | Lenslane`
      : "Customer reviews | Lenslane",
  },
  { name: "description", content: "What Lenslane customers say about the contact lenses and solutions they bought." },
];

/** `/reviews?page=&productId=`: published reviews, newest first, a page at a time; every reviewed product's average. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const url = new URL(request.url);
  const query = reviewListQuerySchema.parse(Object.fromEntries(url.searchParams));
  const [page, ratings] = await Promise.all([reviewPage(db, query), productRatings(db)]);
  const product = query.productId ? (ratings.find((rating) => rating.productId === query.productId) ?? null) : null;
  return {
    reviews: page.reviews,
    total: page.total,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(page.total / REVIEWS_PAGE_SIZE)),
    productId: query.productId ?? null,
    product,
    ratings,
    returnTo: `${url.pathname}${url.search}`,
  };
}

/**
 * The 'Report' form under any review (here and on product pages): counts the report, then back where it was posted
 * from, with a message. Anyone may report; the rate limiter and the honeypot keep it from being a flood.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(servicesContext);
  const { customer, session } = context.get(visitorContext);
  const { clientIp } = context.get(requestInfoContext);
  const formData = await readForm(request);
  const back = safeReturnPathSchema.safeParse(formData.get("returnTo"));
  const backTo = back.success ? back.data : "/reviews";
  const parsed = reportSchema.safeParse(Object.fromEntries(formData));
  if (await isSpam(formData)) throw data({ error: "We couldn't accept that form. Please try again." }, { status: 400 });
  if (!parsed.success) {
    const tooLong = parsed.error.issues.some((issue) => issue.path[0] === "reason");
    flashToast(session, "error", tooLong ? REVIEW_MESSAGES.reasonTooLong : REVIEW_MESSAGES.reportNotFound);
    return redirect(backTo, 303);
  }
  const outcome = await reportReview(
    db,
    { customerId: customer?.id ?? null, clientIp },
    { reviewId: parsed.data.reviewId, reason: parsed.data.reason },
  );
  if (outcome.ok) flashToast(session, "success", REVIEW_MESSAGES.reported);
  else {
    const message = {
      "not-found": REVIEW_MESSAGES.reportNotFound,
      "own-review": REVIEW_MESSAGES.ownReview,
      "rate-limited": REVIEW_MESSAGES.tooManyReports,
    }[outcome.reason];
    flashToast(session, "error", message);
  }
  return redirect(backTo, 303);
}

export default function ReviewsPage({ loaderData }: Route.ComponentProps) {
  const { reviews, ratings, product, page, pageCount, productId } = loaderData;
  const pageHref = (to: number) =>
    `/reviews?${new URLSearchParams({
      ...(productId ? { productId: String(productId) } : {}),
      page: String(to),
    })}`;
  return (
    <section className="reviews-page">
      <h1>{product ? `Reviews of ${product.productName}` : "Customer reviews"}</h1>
      {product ? (
        <>
          <RatingSummaryLine summary={product} />
          <p>
            <Link to={product.productPath}>See {product.productName}</Link> ·{" "}
            <Link to="/reviews">All customer reviews</Link>
          </p>
        </>
      ) : null}

      {ratings.length > 0 ? (
        <Form method="get" action="/reviews" className="reviews-filter">
          <p className="form-field">
            <label htmlFor="reviews-product">Show reviews of</label>
            <select id="reviews-product" name="productId" defaultValue={productId ? String(productId) : ""}>
              <option value="">All products</option>
              {ratings.map((rating) => (
                <option key={rating.productId} value={rating.productId}>
                  {rating.productName}
                </option>
              ))}
            </select>{" "}
            <button type="submit" className="button">
              Show
            </button>
          </p>
        </Form>
      ) : null}

      {reviews.length > 0 ? (
        <>
          <p className="reviews-count">
            {loaderData.total} {loaderData.total === 1 ? "review" : "reviews"}, newest first. Page {page} of {pageCount}
            .
          </p>
          <ReviewList reviews={reviews} returnTo={loaderData.returnTo} headingLevel={2} />
        </>
      ) : (
        <p>
          {page > 1 ? (
            <>
              There are no reviews on this page. <Link to={pageHref(1)}>Go to the first page</Link>.
            </>
          ) : (
            "No reviews yet."
          )}
        </p>
      )}

      {pageCount > 1 ? (
        <nav className="pagination" aria-label="Review pages">
          <ul>
            {page > 1 ? (
              <li>
                <Link to={pageHref(Math.min(page - 1, pageCount))} rel="prev">
                  Newer reviews
                </Link>
              </li>
            ) : null}
            {page < pageCount ? (
              <li>
                <Link to={pageHref(page + 1)} rel="next">
                  Older reviews
                </Link>
              </li>
            ) : null}
          </ul>
        </nav>
      ) : null}

      {!product && ratings.length > 0 ? (
        <section className="product-ratings" aria-labelledby="product-ratings-title">
          <h2 id="product-ratings-title">Average rating by product</h2>
          <ul data-testid="product-ratings">
            {ratings.map((rating) => (
              <li key={rating.productId}>
                <Link to={`/reviews?productId=${rating.productId}`}>{rating.productName}</Link>:{" "}
                {ratingSummaryText(rating)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className="form-hint">
        Reviews are written by customers who ordered the product. See something that shouldn&apos;t be here? Use
        &lsquo;Report this review&rsquo; (a reason of up to {REPORT_REASON_MAX} characters helps us).
      </p>
    </section>
  );
}
