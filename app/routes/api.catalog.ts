import { PUBLIC_RESOURCE_CACHE_CONTROL } from "~/models/http-cache";
import { jsonResponse, methodNotAllowed, parsePriceBook } from "~/services/api/json.server";
import { listCatalog, productPath } from "~/services/catalog/catalog.server";
import { servicesContext } from "~/services/platform/context.server";
import type { Route } from "./+types/api.catalog";

/** GET /api/catalog?priceBook=none|high|low: every product with a public page, priced in that book. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const priceBook = parsePriceBook(new URL(request.url));
  const { db } = context.get(servicesContext);
  const rows = await listCatalog(db, priceBook);
  const products = rows.map((row) => ({
    productId: row.productId,
    vanityUrl: row.vanityUrl,
    url: productPath(row),
    productType: row.productType,
    displayName: row.displayName,
    brand: row.brand,
    categories: row.categories,
    imageUrl: row.imageUrl,
    price: row.unitPriceCents,
  }));
  return jsonResponse({ priceBook, products }, PUBLIC_RESOURCE_CACHE_CONTROL);
}

export function action() {
  return methodNotAllowed();
}
