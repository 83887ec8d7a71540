import { PUBLIC_RESOURCE_CACHE_CONTROL } from "~/models/http-cache";
import { jsonResponse, methodNotAllowed, parseProductId, requireVisibleProduct } from "~/services/api/json.server";
import { findProductById, productParametersOf } from "~/services/catalog/catalog.server";
import { servicesContext } from "~/services/platform/context.server";
import type { Route } from "./+types/api.catalog.$id.parameters";

/** GET /api/catalog/{id}/parameters: the product's lens parameters and their options, in display order. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const productId = parseProductId(params.id);
  const { db } = context.get(servicesContext);
  const [product, parameters] = await Promise.all([findProductById(db, productId), productParametersOf(db, productId)]);
  requireVisibleProduct(product, productId);
  return jsonResponse({ productId, parameters }, PUBLIC_RESOURCE_CACHE_CONTROL);
}

export function action() {
  return methodNotAllowed();
}
