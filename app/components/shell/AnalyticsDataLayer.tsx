import type { AnalyticsDataLayer as DataLayer } from "~/models/analytics";
import { useNonce } from "../nonce";

/**
 * The page's analytics data layer (spec 3 §9: the service type, the page name): inert JSON in the document for a tag
 * manager or the analytics adapter to read (`#analytics-data-layer`). It runs nothing, but it carries the nonce like
 * every inline script, so the page's rule stays simple: no inline script without one.
 */
export function AnalyticsDataLayer({ dataLayer }: { dataLayer: DataLayer }) {
  const nonce = useNonce();
  // '<' escaped, so no value can close the script element.
  const json = JSON.stringify(dataLayer).replace(/</g, "\\u003c");
  return (
    <script
      type="application/json"
      id="analytics-data-layer"
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}
