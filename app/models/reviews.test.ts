import { describe, expect, it } from "vitest";
import {
  averageRating,
  BODY_MAX,
  BODY_MIN,
  defaultDisplayName,
  DISPLAY_NAME_MAX,
  plainText,
  ratingSummaryText,
  reportSchema,
  REPORTS_TO_HIDE,
  REVIEW_MESSAGES,
  reviewJsonLd,
  reviewListQuerySchema,
  reviewSchema,
  stars,
  TITLE_MAX,
} from "./reviews";

const valid = {
  productId: "7",
  rating: "4",
  displayName: "Ann L.",
  title: "Comfortable all day",
  body: "These lenses stay comfortable from morning to night.",
};

const errorsOf = (input: Record<string, unknown>) => {
  const result = reviewSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
};

describe("the review schema", () => {
  it("accepts a review and coerces the form's strings", () => {
    expect(reviewSchema.parse(valid)).toEqual({ ...valid, productId: 7, rating: 4 });
  });

  it("keeps the limits of decision 36", () => {
    expect([TITLE_MAX, BODY_MIN, BODY_MAX, DISPLAY_NAME_MAX, REPORTS_TO_HIDE]).toEqual([100, 20, 2000, 25, 3]);
    expect(errorsOf({ ...valid, title: "x".repeat(TITLE_MAX) })).toEqual({});
    expect(errorsOf({ ...valid, title: "x".repeat(TITLE_MAX + 1) })).toEqual({ title: REVIEW_MESSAGES.titleTooLong });
    expect(errorsOf({ ...valid, body: "x".repeat(BODY_MIN - 1) })).toEqual({ body: REVIEW_MESSAGES.bodyTooShort });
    expect(errorsOf({ ...valid, body: "x".repeat(BODY_MAX + 1) })).toEqual({ body: REVIEW_MESSAGES.bodyTooLong });
    expect(errorsOf({ ...valid, displayName: "x".repeat(DISPLAY_NAME_MAX + 1) })).toEqual({
      displayName: REVIEW_MESSAGES.nameTooLong,
    });
  });

  it("wants a whole rating from 1 to 5", () => {
    for (const rating of ["0", "6", "4.5", "", "five", undefined]) {
      expect(errorsOf({ ...valid, rating })).toEqual({ rating: REVIEW_MESSAGES.chooseRating });
    }
  });

  it("counts the length after stripping: blank or control-character text is empty", () => {
    expect(errorsOf({ ...valid, title: " \u0000\u200B " })).toEqual({ title: REVIEW_MESSAGES.titleRequired });
    expect(errorsOf({ ...valid, body: `${"\u0007".repeat(30)}short` })).toEqual({ body: REVIEW_MESSAGES.bodyTooShort });
  });
});

describe("plain text", () => {
  it("strips control, zero-width and direction-override characters; keeps HTML as typed", () => {
    expect(plainText("a\u0000b\u202Ec\u200Bd\uFEFF")).toBe("abcd");
    expect(plainText("<script>alert(1)</script>")).toBe("<script>alert(1)</script>");
  });

  it("keeps paragraphs in a body and one line in a title", () => {
    expect(plainText("one  \r\ntwo\r\n\r\n\r\n\r\nthree\t ")).toBe("one\ntwo\n\nthree");
    expect(plainText(" one\n\ttwo ", { singleLine: true })).toBe("one two");
  });
});

describe("the average rating", () => {
  it("is rounded to one decimal, halves up", () => {
    expect(averageRating(17, 4)).toBe(4.3); // 4.25
    expect(averageRating(13, 3)).toBe(4.3); // 4.333
    expect(averageRating(14, 3)).toBe(4.7); // 4.666
    expect(averageRating(5, 1)).toBe(5);
    expect(averageRating(0, 0)).toBeNull();
  });

  it("reads as text", () => {
    expect(ratingSummaryText({ average: 4, count: 1 })).toBe("4.0 out of 5 (1 review)");
    expect(ratingSummaryText({ average: 4.3, count: 12 })).toBe("4.3 out of 5 (12 reviews)");
    expect(stars(4)).toBe("★★★★☆");
  });
});

describe("the report and list forms", () => {
  it("takes an optional reason and a path on this site only", () => {
    expect(reportSchema.parse({ reviewId: "3", reason: "  " })).toEqual({ reviewId: 3 });
    expect(reportSchema.safeParse({ reviewId: "3", returnTo: "//evil.example" }).success).toBe(false);
  });

  it("reads a bad page or product as the first page of all products", () => {
    expect(reviewListQuerySchema.parse({ page: "x", productId: "-2" })).toEqual({ page: 1, productId: undefined });
    expect(reviewListQuerySchema.parse({ page: "3", productId: "12" })).toEqual({ page: 3, productId: 12 });
  });
});

describe("the default display name", () => {
  it("is the first name and last initial, cut to fit", () => {
    expect(defaultDisplayName("Ann", "lee")).toBe("Ann L.");
    expect(defaultDisplayName("Ann", "")).toBe("Ann");
    expect(defaultDisplayName("A".repeat(40), "Lee")).toHaveLength(DISPLAY_NAME_MAX);
  });
});

describe("review JSON-LD", () => {
  const review = {
    id: 1,
    productId: 7,
    rating: 5,
    title: "Great",
    body: "Clear vision all day long, really.",
    displayName: "Ann L.",
    createdAt: "2026-03-04T05:06:07.000Z",
  };

  it("carries AggregateRating and Review items", () => {
    expect(reviewJsonLd({ average: 4.3, count: 3 }, [review])).toEqual({
      aggregateRating: { "@type": "AggregateRating", ratingValue: 4.3, reviewCount: 3, bestRating: 5, worstRating: 1 },
      review: [
        {
          "@type": "Review",
          author: { "@type": "Person", name: "Ann L." },
          datePublished: "2026-03-04",
          name: "Great",
          reviewBody: "Clear vision all day long, really.",
          reviewRating: { "@type": "Rating", ratingValue: 5, bestRating: 5, worstRating: 1 },
        },
      ],
    });
  });

  it("adds nothing without published reviews", () => {
    expect(reviewJsonLd(null, [])).toEqual({});
    expect(reviewJsonLd({ average: 0, count: 0 }, [])).toEqual({});
  });
});
