/**
 * Find-my-perfect-brand guards (spec 2.1): where a step without its required query parameters sends the
 * shopper, or null when the step may render.
 */
export function brandFinderRedirect(step: string, query: URLSearchParams): string | null {
  const search = "/try-contact-lens-brands/search";
  const hasProduct = (query.get("productId") ?? "").trim() !== "";
  switch (step) {
    case "parameters":
    case "ineligible":
      return hasProduct ? null : search;
    case "calculating": {
      const hasEyeParameter = [...query.keys()].some((key) => /^(right|left)-.+/.test(key));
      return hasProduct && hasEyeParameter ? null : search;
    }
    default:
      return null;
  }
}
