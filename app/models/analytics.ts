import type { DateTime } from "luxon";

/**
 * The analytics service type (spec 3 §9 constants): a customer whose last order is missing or over 30 days old is
 * a 'Sales' visitor, otherwise a 'Service' one (they are probably here about that order).
 */

export const SERVICE_TYPE_ORDER_DAYS = 30;
/** Spec 3 §9 unit constants: 1 day = 86400000 ms. */
const DAY_MS = 86_400_000;

export const ANALYTICS_SERVICE_TYPES = ["Sales", "Service"] as const;
export type AnalyticsServiceType = (typeof ANALYTICS_SERVICE_TYPES)[number];

const millis = (value: Date | DateTime) => (value instanceof Date ? value.getTime() : value.toMillis());

/** 'Sales' when there is no last order or it is more than 30 days (of 86,400,000 ms) old, else 'Service'. */
export function analyticsServiceType(
  lastOrderAt: Date | DateTime | null,
  now: Date | DateTime = new Date(),
): AnalyticsServiceType {
  if (lastOrderAt === null) return "Sales";
  return millis(now) - millis(lastOrderAt) > SERVICE_TYPE_ORDER_DAYS * DAY_MS ? "Sales" : "Service";
}

/** What the page's analytics data layer carries (rendered by the shell as JSON, read by a tag manager). */
export interface AnalyticsDataLayer {
  pageName: string | null;
  signedIn: boolean;
  serviceType: AnalyticsServiceType;
  /** The environment (production samples error reports at 50%: app/client/error-reporter.ts). */
  appEnv: string;
}
