import { PUBLIC_RESOURCE_CACHE_CONTROL } from "~/models/http-cache";
import { orderChoices } from "~/models/product-order";
import { jsonResponse, methodNotAllowed, parseProductId, requireVisibleProduct } from "~/services/api/json.server";
import { findProductById, pricesByBook } from "~/services/catalog/catalog.server";
import { servicesContext } from "~/services/platform/context.server";
import type { Route } from "./+types/api.catalog.$id.pricing";

/**
 * GET /api/catalog/{id}/pricing (spec 3 §7) → { productId, quantityOptions: [{ quantity, label }], prices:
 * [{ priceBook, unitPrice, quantities: [{ quantity, total }] }] }: the product's price in each price book it is sold
 * in, and what each quantity the product page offers costs there (cents, before promotions). The same for
 * everyone, so shared caches may keep it. 400 a malformed id, 404 an unknown or hidden product.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const productId = parseProductId(params.id);
  const { db } = context.get(servicesContext);
  const [product, prices] = await Promise.all([findProductById(db, productId), pricesByBook(db, productId)]);
  const found = requireVisibleProduct(product, productId);
  const { quantityChoices } = orderChoices(found);
  return jsonResponse(
    {
      productId,
      quantityOptions: quantityChoices.map((choice) => ({ quantity: choice.value, label: choice.label })),
      prices: prices.map(({ priceBook, unitPriceCents }) => ({
        priceBook,
        unitPrice: unitPriceCents,
        quantities: quantityChoices.map(({ value }) => ({ quantity: value, total: unitPriceCents * value })),
      })),
    },
    PUBLIC_RESOURCE_CACHE_CONTROL,
  );
}

export function action() {
  return methodNotAllowed();
}
