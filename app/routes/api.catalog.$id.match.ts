import { PRIVATE_CACHE_CONTROL } from "~/models/http-cache";
import {
  jsonError,
  jsonResponse,
  methodNotAllowed,
  parseParameterSelection,
  parseProductId,
  requireVisibleProduct,
} from "~/services/api/json.server";
import { findProductById, matchSku, productParametersOf } from "~/services/catalog/catalog.server";
import { servicesContext } from "~/services/platform/context.server";
import type { Route } from "./+types/api.catalog.$id.match";

/** GET /api/catalog/{id}/match?power=…&baseCurve=…: the SKU a complete set of parameters resolves to. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const productId = parseProductId(params.id);
  const { db } = context.get(servicesContext);
  const [product, parameters] = await Promise.all([findProductById(db, productId), productParametersOf(db, productId)]);
  requireVisibleProduct(product, productId);
  const selection = parseParameterSelection(parameters, new URL(request.url).searchParams);
  const sku = await matchSku(db, productId, selection);
  if (!sku) return jsonError(404, "No lens is made with these parameters.");
  // Stock changes with every order: never stored by a cache.
  return jsonResponse(
    { upc: sku.upc, isActive: sku.isActive, stockQuantity: sku.stockQuantity },
    PRIVATE_CACHE_CONTROL,
  );
}

export function action() {
  return methodNotAllowed();
}
