import { z } from "zod";

/**
 * The performance event (spec 1 §7: "layout shift, first contentful paint, first input delay, largest contentful
 * paint, mobile flag, platform, route, user agent"; the path is not shown, the store's is below). Real visitors'
 * Core Web Vitals, measured by the `web-vitals` package. Its version 5 no longer measures first input delay (the
 * browsers' successor metric, Interaction to Next Paint, replaced it), so `firstInputDelay` carries INP, and the
 * event says so in `firstInputDelayMetric` (decision 59).
 */

export const PAGE_PERFORMANCE_PATH = "/api/analytics/performance";
export const FIRST_INPUT_DELAY_METRIC = "INP";

/** Milliseconds a metric may report (a page open for an hour before its first paint is not a measurement). */
const MAX_MS = 60 * 60 * 1000;
const milliseconds = z.number().min(0).max(MAX_MS);

export const pagePerformanceSchema = z
  .object({
    /** Cumulative Layout Shift: a unitless score. */
    layoutShift: z.number().min(0).max(100).optional(),
    firstContentfulPaint: milliseconds.optional(),
    /** Interaction to Next Paint, in first input delay's place (see above). */
    firstInputDelay: milliseconds.optional(),
    largestContentfulPaint: milliseconds.optional(),
    isMobile: z.boolean(),
    platform: z.string().max(64),
    /** The page's path when it loaded. */
    route: z.string().min(1).max(512),
    userAgent: z.string().max(512).optional(),
  })
  .refine(
    (event) =>
      event.layoutShift !== undefined ||
      event.firstContentfulPaint !== undefined ||
      event.firstInputDelay !== undefined ||
      event.largestContentfulPaint !== undefined,
    { error: "Send at least one measurement." },
  );
export type PagePerformance = z.infer<typeof pagePerformanceSchema>;

/** The web-vitals metric names, by the spec's field each fills. */
export const VITAL_FIELDS = {
  CLS: "layoutShift",
  FCP: "firstContentfulPaint",
  INP: "firstInputDelay",
  LCP: "largestContentfulPaint",
} as const satisfies Record<string, keyof PagePerformance>;
export type VitalName = keyof typeof VITAL_FIELDS;

/** Whether a user agent is a phone's or a tablet's (the spec's mobile flag, when the browser gives no hint). */
export const isMobileUserAgent = (userAgent: string) => /Mobi|Android|iPhone|iPad|iPod/i.test(userAgent);
