import { PRIVATE_CACHE_CONTROL } from "~/models/http-cache";
import { isSkuDiscontinued, jsonError, jsonResponse, methodNotAllowed, parseUpc } from "~/services/api/json.server";
import { findSkuByUpc } from "~/services/catalog/catalog.server";
import { servicesContext } from "~/services/platform/context.server";
import type { Route } from "./+types/api.catalog.upc.$upc";

/** GET /api/catalog/upc/{upc}: the SKU with its product, parameters and stock. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const upc = parseUpc(params.upc);
  const { db } = context.get(servicesContext);
  const sku = await findSkuByUpc(db, upc);
  if (!sku) return jsonError(404, `No lens has the UPC ${upc}.`);
  return jsonResponse(
    {
      upc: sku.upc,
      productId: sku.productId,
      parameters: sku.parameters,
      isActive: sku.isActive,
      stockQuantity: sku.stockQuantity,
      discontinued: isSkuDiscontinued(sku),
    },
    PRIVATE_CACHE_CONTROL,
  );
}

export function action() {
  return methodNotAllowed();
}
