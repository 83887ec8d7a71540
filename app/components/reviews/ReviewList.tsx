import { Form, Link } from "react-router";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import {
  formatReviewDate,
  RATING_WORDS,
  ratingSummaryText,
  ratingText,
  REPORT_REASON_MAX,
  stars,
  type PublishedReview,
  type RatingSummary,
} from "~/models/reviews";

/** Where the 'Report' form posts (the reviews page's action), then back to `returnTo`. */
export const REPORT_ACTION = "/reviews";

/** "★★★★☆ 4.3 out of 5 (12 reviews)": the stars are decoration, the words say it. */
export function RatingSummaryLine({ summary }: { summary: RatingSummary }) {
  return (
    <p className="rating-summary" data-testid="rating-summary">
      <span aria-hidden="true">{stars(summary.average)} </span>
      {ratingSummaryText(summary)}
    </p>
  );
}

/** The review's text as typed, in paragraphs: React escapes it, so markup shows as the characters typed. */
export function ReviewBody({ body }: { body: string }) {
  return (
    <div className="review-body">
      {body.split("\n\n").map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}

/**
 * Published reviews, each with its rating in words, who and when, its text, and a small 'Report' form (anyone; a
 * reason is optional). `headingLevel` keeps the page's outline (h3 under a product page's "Reviews" h2).
 */
export function ReviewList({
  reviews,
  returnTo,
  headingLevel = 3,
}: {
  reviews: ReadonlyArray<PublishedReview & { productName?: string; productPath?: string }>;
  returnTo: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ol className="review-list" data-testid="review-list">
      {reviews.map((review) => (
        <li key={review.id}>
          <article className="review" aria-labelledby={`review-${review.id}-title`}>
            <Heading id={`review-${review.id}-title`}>{review.title}</Heading>
            {review.productName && review.productPath ? (
              <p className="review-product">
                Review of <Link to={review.productPath}>{review.productName}</Link>
              </p>
            ) : null}
            <p className="review-rating">
              <span aria-hidden="true">{stars(review.rating)} </span>
              {ratingText(review.rating)} ({RATING_WORDS[review.rating]})
            </p>
            <p className="review-byline">
              By {review.displayName}, <time dateTime={review.createdAt}>{formatReviewDate(review.createdAt)}</time>
            </p>
            <ReviewBody body={review.body} />
            <ReportForm reviewId={review.id} returnTo={returnTo} />
          </article>
        </li>
      ))}
    </ol>
  );
}

/** Folded away until asked for: works without JavaScript (a details element) and reads as one line in text. */
function ReportForm({ reviewId, returnTo }: { reviewId: number; returnTo: string }) {
  const reasonId = `report-${reviewId}-reason`;
  return (
    <details className="review-report">
      <summary>Report this review</summary>
      <Form method="post" action={REPORT_ACTION} preventScrollReset>
        <HoneypotInputs label="Please leave this field blank" />
        <input type="hidden" name="reviewId" value={reviewId} />
        <input type="hidden" name="returnTo" value={returnTo} />
        <p className="form-field">
          <label htmlFor={reasonId}>Why? (optional)</label>
          <input id={reasonId} name="reason" type="text" maxLength={REPORT_REASON_MAX} autoComplete="off" />
        </p>
        <button type="submit" className="button">
          Report
        </button>
      </Form>
    </details>
  );
}
