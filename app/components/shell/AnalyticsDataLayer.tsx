import type { AnalyticsDataLayer as DataLayer } from "~/models/analytics";

/**
 * The page's analytics data layer (spec 3 §9: the service type, the page name): inert JSON in the document for a tag
 * manager or the analytics adapter to read (`#analytics-data-layer`); it runs nothing, so it needs no script nonce.
 */
export function AnalyticsDataLayer({ dataLayer }: { dataLayer: DataLayer }) {
  // '<' escaped, so no value can close the script element.
  const json = JSON.stringify(dataLayer).replace(/</g, "\\u003c");
  return <script type="application/json" id="analytics-data-layer" dangerouslySetInnerHTML={{ __html: json }} />;
}
