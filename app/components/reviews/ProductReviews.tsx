import { Link } from "react-router";
import type { PublishedReview, RatingSummary } from "~/models/reviews";
import { RatingSummaryLine, ReviewList } from "./ReviewList";

/** A product page's reviews: the average and count, the latest reviews, a link to all of them and to write one. */
export function ProductReviews({
  productId,
  reviews,
  returnTo,
}: {
  productId: number;
  reviews: { summary: RatingSummary | null; latest: PublishedReview[] };
  returnTo: string;
}) {
  const { summary, latest } = reviews;
  return (
    <section className="product-reviews" id="reviews" aria-labelledby="product-reviews-title">
      <h2 id="product-reviews-title">Reviews</h2>
      {summary ? (
        <>
          <RatingSummaryLine summary={summary} />
          <ReviewList reviews={latest} returnTo={`${returnTo}#reviews`} />
          <p>
            <Link to={`/reviews?productId=${productId}`}>
              See all {summary.count} {summary.count === 1 ? "review" : "reviews"}
            </Link>
          </p>
        </>
      ) : (
        <p>No reviews yet.</p>
      )}
      <p>
        <Link to={`/rate-and-review?productId=${productId}`} rel="nofollow">
          Bought this? Write a review
        </Link>
      </p>
    </section>
  );
}
