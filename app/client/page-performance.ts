import { onCLS, onFCP, onINP, onLCP, type Metric } from "web-vitals";
import {
  isMobileUserAgent,
  PAGE_PERFORMANCE_PATH,
  VITAL_FIELDS,
  type PagePerformance,
  type VitalName,
} from "~/models/page-performance";

/**
 * Real visitors' Core Web Vitals (spec 1 §7's performance event), measured by `web-vitals` 5: layout shift, first
 * contentful paint, Interaction to Next Paint in first input delay's place (version 5 has no FID), largest contentful
 * paint. Kept as they change and sent once per page view, when the page is first hidden (the moment web-vitals
 * settles layout shift and INP), with the mobile flag, platform, the route the page loaded at, and the user agent.
 */

/** What `navigator.userAgentData` offers where a browser has it (Chromium). */
interface UserAgentData {
  mobile?: boolean;
  platform?: string;
}

export function startPagePerformance(options: { send?: (event: PagePerformance) => void } = {}): void {
  const route = location.pathname;
  const values: Partial<Record<(typeof VITAL_FIELDS)[VitalName], number>> = {};
  const keep = (metric: Metric) => {
    const field = VITAL_FIELDS[metric.name as VitalName];
    // Layout shift is a small score (four decimals kept); the others are milliseconds.
    if (field)
      values[field] = metric.name === "CLS" ? Math.round(metric.value * 10_000) / 10_000 : Math.round(metric.value);
  };
  onCLS(keep, { reportAllChanges: true });
  onFCP(keep);
  onINP(keep, { reportAllChanges: true });
  onLCP(keep, { reportAllChanges: true });

  let sent = false;
  const send = () => {
    if (sent || Object.keys(values).length === 0) return;
    sent = true;
    const hints = (navigator as Navigator & { userAgentData?: UserAgentData }).userAgentData;
    const event: PagePerformance = {
      ...values,
      isMobile: hints?.mobile ?? isMobileUserAgent(navigator.userAgent),
      platform: (hints?.platform || navigator.platform || "unknown").slice(0, 64),
      route: route.slice(0, 512),
      userAgent: navigator.userAgent.slice(0, 512),
    };
    (options.send ?? sendPerformance)(event);
  };
  // web-vitals listens on window in the capture phase, so its final values are in before this listener runs.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") send();
  });
  addEventListener("pagehide", send);
}

function sendPerformance(event: PagePerformance): void {
  const json = JSON.stringify(event);
  try {
    if (navigator.sendBeacon?.(PAGE_PERFORMANCE_PATH, new Blob([json], { type: "application/json" }))) return;
  } catch {
    // A browser that will not take a JSON beacon: the fetch below.
  }
  void fetch(PAGE_PERFORMANCE_PATH, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: json,
    keepalive: true,
    credentials: "same-origin",
  }).catch(() => {
    // A measurement that cannot be sent is dropped: it must never disturb the page.
  });
}
