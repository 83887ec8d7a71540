import { errorReportingSampleRate } from "~/models/client-log";
import { createErrorReporter, listenForUnhandledErrors, sendLogByHttp } from "./error-reporter";
import { startPagePerformance } from "./page-performance";

/**
 * What the browser reports about the page, started by entry.client.tsx before hydration (so an error while hydrating
 * is caught): unhandled errors for the sampled page views (spec 1 §9: 50% in production, all elsewhere; decided once
 * per page view), and the page's Core Web Vitals. The environment comes from the page's analytics data layer, which
 * the root loader fills.
 */
export function startPageReporting(random: () => number = Math.random): void {
  if (random() < errorReportingSampleRate(pageAppEnv())) {
    listenForUnhandledErrors(window, createErrorReporter({ send: sendLogByHttp }));
  }
  startPagePerformance();
}

/** The data layer's `appEnv` (null when the page has none, or it cannot be read). */
export function pageAppEnv(): string | null {
  try {
    const layer = JSON.parse(document.getElementById("analytics-data-layer")?.textContent ?? "null") as unknown;
    const appEnv = layer && typeof layer === "object" ? (layer as { appEnv?: unknown }).appEnv : null;
    return typeof appEnv === "string" ? appEnv : null;
  } catch {
    return null;
  }
}
