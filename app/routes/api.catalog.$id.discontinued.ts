import { PRIVATE_CACHE_CONTROL } from "~/models/http-cache";
import { jsonError, jsonResponse, methodNotAllowed, parseProductId } from "~/services/api/json.server";
import { findProductById } from "~/services/catalog/catalog.server";
import { servicesContext } from "~/services/platform/context.server";
import type { Route } from "./+types/api.catalog.$id.discontinued";

// Serves catalog/{id}/discontinued (the spec's spelling) and api/catalog/{id}/discontinued.

/**
 * GET /catalog/{id}/discontinued → { productId, discontinued }: whether the product can no longer be ordered — it
 * is discontinued in the catalog, or hidden (no longer offered). An app holding an old product id asks this, so a
 * hidden product answers `true` rather than 404. 400 a malformed id, 404 no such product.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const productId = parseProductId(params.id);
  const product = await findProductById(context.get(servicesContext).db, productId);
  if (!product) return jsonError(404, `No product with id ${productId}.`);
  return jsonResponse(
    { productId, discontinued: product.discontinuedInCatalog || product.isHidden },
    PRIVATE_CACHE_CONTROL,
  );
}

export function action() {
  return methodNotAllowed();
}
