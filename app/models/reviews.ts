import { z } from "zod";
import { BUSINESS_TIME_ZONE } from "./business-time";
import { safeReturnPathSchema } from "./return-path";

/**
 * Ratings and reviews (issue 17; decision 36): the limits, the one schema the review form and its action share, the
 * report form's schema, and the average a product shows. Reviews are plain text: control characters are stripped
 * here, and pages render the text as text (React escapes it), never as HTML or links.
 */

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const RATINGS = [5, 4, 3, 2, 1] as const;
export const TITLE_MAX = 100;
export const BODY_MIN = 20;
export const BODY_MAX = 2000;
/** Spec 3 §5: "reviews 25" — the name a review is shown under. */
export const DISPLAY_NAME_MAX = 25;
export const REPORT_REASON_MAX = 200;
/** Reports from this many distinct reporters hide a review until it is moderated. */
export const REPORTS_TO_HIDE = 3;
/** Reviews per page on /reviews. */
export const REVIEWS_PAGE_SIZE = 10;
/** The latest reviews a product page shows (with a link to all of them). */
export const PRODUCT_PAGE_REVIEWS = 3;
/** Report attempts let through per reporter (signed-in customer, else client address) and per address. */
export const REPORT_RATE_LIMITS = { perReporter: 10, perIp: 30, windowSeconds: 60 * 60 } as const;

export const REVIEW_STATUS = { published: "published", pendingModeration: "pending-moderation" } as const;
export type ReviewStatus = (typeof REVIEW_STATUS)[keyof typeof REVIEW_STATUS];

/** The words a rating reads as (the radio labels, and beside the stars in a text browser). */
export const RATING_WORDS: Record<number, string> = {
  5: "Excellent",
  4: "Good",
  3: "Average",
  2: "Poor",
  1: "Terrible",
};

export const REVIEW_MESSAGES = {
  chooseRating: "Choose a rating from 1 to 5 stars.",
  titleRequired: "Give your review a title.",
  titleTooLong: `Keep the title to ${TITLE_MAX} characters or fewer.`,
  bodyTooShort: `Tell us a little more: at least ${BODY_MIN} characters.`,
  bodyTooLong: `Keep your review to ${BODY_MAX} characters or fewer.`,
  nameRequired: "Enter the name to show with your review.",
  nameTooLong: `Keep the name to ${DISPLAY_NAME_MAX} characters or fewer.`,
  chooseProduct: "Choose a product to review.",
  notPurchased: "You can review only products you have ordered from us. This one isn't in your orders.",
  reasonTooLong: `Keep the reason to ${REPORT_REASON_MAX} characters or fewer.`,
  reported: "Thank you. We'll take a look at that review.",
  reportNotFound: "We couldn't find that review. It may have been removed.",
  ownReview: "That's your own review: you can change it on Rate and review.",
  tooManyReports: "You've reported a lot of reviews just now. Please try again later.",
} as const;

/**
 * Plain text as stored: Windows and old Mac line ends become \n; C0 and C1 control characters (but tab and line
 * feed), zero-width and bidirectional-override characters are removed; trailing spaces of lines go and at most one
 * blank line is kept between paragraphs. HTML is not stripped: it is shown as the characters typed.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point: they are removed.
const UNWANTED_CHARACTERS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/g;

export function plainText(value: string, { singleLine = false } = {}): string {
  let text = value.replace(/\r\n?/g, "\n").replace(UNWANTED_CHARACTERS, "");
  if (singleLine) text = text.replace(/\s+/g, " ");
  else
    text = text
      .replace(/[ \t]+\n/g, "\n")
      .replace(/\n{3,}/g, "\n\n")
      .replace(/\t/g, " ");
  return text.trim();
}

const singleLine = (value: unknown) => (typeof value === "string" ? plainText(value, { singleLine: true }) : value);
const multiLine = (value: unknown) => (typeof value === "string" ? plainText(value) : value);

/** The review form (rate-and-review): one schema for the browser and the action. */
export const reviewSchema = z.object({
  productId: z.coerce.number({ error: REVIEW_MESSAGES.chooseProduct }).int().positive(REVIEW_MESSAGES.chooseProduct),
  rating: z.coerce
    .number({ error: REVIEW_MESSAGES.chooseRating })
    .int(REVIEW_MESSAGES.chooseRating)
    .min(RATING_MIN, REVIEW_MESSAGES.chooseRating)
    .max(RATING_MAX, REVIEW_MESSAGES.chooseRating),
  displayName: z.preprocess(
    singleLine,
    z
      .string({ error: REVIEW_MESSAGES.nameRequired })
      .min(1, REVIEW_MESSAGES.nameRequired)
      .max(DISPLAY_NAME_MAX, REVIEW_MESSAGES.nameTooLong),
  ),
  title: z.preprocess(
    singleLine,
    z
      .string({ error: REVIEW_MESSAGES.titleRequired })
      .min(1, REVIEW_MESSAGES.titleRequired)
      .max(TITLE_MAX, REVIEW_MESSAGES.titleTooLong),
  ),
  body: z.preprocess(
    multiLine,
    z
      .string({ error: REVIEW_MESSAGES.bodyTooShort })
      .min(BODY_MIN, REVIEW_MESSAGES.bodyTooShort)
      .max(BODY_MAX, REVIEW_MESSAGES.bodyTooLong),
  ),
});
export type ReviewInput = z.output<typeof reviewSchema>;

/** The 'Report' form under each review: anyone, reason optional. */
export const reportSchema = z.object({
  reviewId: z.coerce.number().int().positive(),
  reason: z.preprocess(
    (value) => (typeof value === "string" ? plainText(value, { singleLine: true }) || undefined : value),
    z.string().max(REPORT_REASON_MAX, REVIEW_MESSAGES.reasonTooLong).optional(),
  ),
  returnTo: safeReturnPathSchema.optional(),
});

/** /reviews?page=&productId=: a bad value is simply the first page / all products. */
export const reviewListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  productId: z.coerce.number().int().positive().optional().catch(undefined),
});

/** An average rating as shown and in JSON-LD: one decimal, halves rounded up (4.25 → 4.3); null with no ratings. */
export function averageRating(ratingSum: number, count: number): number | null {
  if (count <= 0) return null;
  // Through integers, so 4.25 is not 4.2499999 and rounds up.
  return Math.round((ratingSum * 10) / count) / 10;
}

export interface RatingSummary {
  average: number;
  count: number;
}

/** "4.3 out of 5 (12 reviews)". */
export function ratingSummaryText(summary: RatingSummary): string {
  return `${summary.average.toFixed(1)} out of 5 (${summary.count} ${summary.count === 1 ? "review" : "reviews"})`;
}

/** "★★★★☆" for a whole rating; the page puts the words beside it for screen readers and text browsers. */
export function stars(rating: number): string {
  const whole = Math.max(0, Math.min(RATING_MAX, Math.round(rating)));
  return "★".repeat(whole) + "☆".repeat(RATING_MAX - whole);
}

/** "4 out of 5 stars". */
export function ratingText(rating: number): string {
  return `${rating} out of 5 stars`;
}

const reviewDateFormat = new Intl.DateTimeFormat("en-US", { timeZone: BUSINESS_TIME_ZONE, dateStyle: "long" });

/** "March 4, 2026": the business day a review was written. */
export function formatReviewDate(iso: string): string {
  return reviewDateFormat.format(new Date(iso));
}

/** The name shown by default: first name and last initial ("Ann L."), cut to fit. */
export function defaultDisplayName(firstName: string, lastName: string): string {
  const initial = lastName.trim().charAt(0);
  return plainText(`${firstName.trim()}${initial ? ` ${initial.toUpperCase()}.` : ""}`, { singleLine: true }).slice(
    0,
    DISPLAY_NAME_MAX,
  );
}

export interface PublishedReview {
  id: number;
  productId: number;
  rating: number;
  title: string;
  body: string;
  displayName: string;
  /** ISO timestamp: when this text was written (an edit replaces the review and dates it anew). */
  createdAt: string;
}

/**
 * What a product's schema.org Product gains from its published reviews: AggregateRating and Review items. Nothing
 * when there are none (an empty AggregateRating is an error to search engines).
 */
export function reviewJsonLd(summary: RatingSummary | null, reviews: readonly PublishedReview[]) {
  if (!summary || summary.count === 0) return {};
  return {
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: summary.average,
      reviewCount: summary.count,
      bestRating: RATING_MAX,
      worstRating: RATING_MIN,
    },
    review: reviews.map((review) => ({
      "@type": "Review",
      author: { "@type": "Person", name: review.displayName },
      datePublished: review.createdAt.slice(0, 10),
      name: review.title,
      reviewBody: review.body,
      reviewRating: {
        "@type": "Rating",
        ratingValue: review.rating,
        bestRating: RATING_MAX,
        worstRating: RATING_MIN,
      },
    })),
  };
}
